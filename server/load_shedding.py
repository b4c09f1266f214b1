"""Load shedding: a request that waited too long for a free worker is answered 503 with Retry-After, at once.

Past saturation (issue 25's deadline-day test: about 130 requests/s on two cores), requests queue behind the busy
workers and every one of them gets slower: at 1.5 × the saturating load the 95th percentile was 4.7 s, and phones
give up on requests the server then still serves. Shedding the ones that already waited longer than
`REQUEST_QUEUE_LIMIT_MS` keeps the admitted requests near the saturation latency and tells the others, cheaply and
honestly, to come back (decision 0082, "Excess load").

How long a request waited is the time since the load balancer received it: the balancer stamps
`X-Request-Start: t=<seconds since the epoch>` (nginx's `${msec}`; deploy/nginx.conf, scripts/topology). The
header is read only behind a proxy we run (`TRUSTED_PROXY_COUNT` > 0), which overwrites whatever a client sent;
without one (`make start`, tests) nothing is shed. A forged stamp could only get its own request shed or not.

The check runs before anything else of the request (session check, rate limits, the database), so a shed request
costs a fraction of a millisecond. It never sheds the health check (an orchestrator must not restart a busy server
for being busy) nor a CORS preflight. A shed request changed nothing; the client shows the answer's localized
message ("try again in a few seconds"), as for any 503.
"""

from __future__ import annotations

import logging
import threading
import time

from flask import Flask, current_app, g, request

from .errors import envelope

HEADER = "X-Request-Start"
EXEMPT_SUFFIXES = ("/health",)
LOG_EVERY_SECONDS = 10.0  # one summary line per process and period, not a line per shed request

log = logging.getLogger(__name__)
_counter_lock = threading.Lock()
_shed_since_log = 0
_last_log = 0.0


def queued_seconds(stamp: str | None, now: float) -> float | None:
    """Seconds between the balancer's stamp and now, or None for a missing or unreadable stamp.

    Accepts `t=` followed by seconds (nginx: 1700000000.123), milliseconds or microseconds since the epoch (other
    balancers), told apart by magnitude."""
    if not stamp:
        return None
    value = stamp.strip()
    if value.startswith("t="):
        value = value[2:]
    try:
        started = float(value)
    except ValueError:
        return None
    if started > 1e14:  # microseconds
        started /= 1e6
    elif started > 1e11:  # milliseconds
        started /= 1e3
    if started <= 0:
        return None
    waited = now - started
    # A stamp from the future (clock skew between the balancer's host and this one) counts as no wait.
    return max(waited, 0.0)


def _note_shed(waited: float) -> None:
    global _shed_since_log, _last_log
    with _counter_lock:
        _shed_since_log += 1
        now = time.monotonic()
        if now - _last_log < LOG_EVERY_SECONDS:
            return
        count, _shed_since_log, _last_log = _shed_since_log, 0, now
    log.warning("load shed", extra={"shed_requests": count, "queued_ms": round(waited * 1000)})


def _shed_if_queued_too_long():
    config = current_app.config
    limit_ms = config.get("REQUEST_QUEUE_LIMIT_MS", 0)
    if limit_ms <= 0 or config.get("TRUSTED_PROXY_COUNT", 0) <= 0:
        return None
    if request.method == "OPTIONS" or request.path.endswith(EXEMPT_SUFFIXES):
        return None
    waited = queued_seconds(request.headers.get(HEADER), time.time())
    if waited is None or waited * 1000 <= limit_ms:
        return None
    _note_shed(waited)
    response, status = envelope(503, "errors.server_busy")
    retry_after = str(config.get("REQUEST_QUEUE_RETRY_AFTER_SECONDS", 5))
    # kept over the rate limiter's own Retry-After by errors.register_authoritative_headers
    g.api_error_headers = {"Retry-After": retry_after}
    response.headers["Retry-After"] = retry_after
    return response, status


def register_load_shedding(app: Flask) -> None:
    """First of the app's before_request hooks: a shed request does none of the others' work."""
    app.before_request_funcs.setdefault(None, []).insert(0, _shed_if_queued_too_long)
