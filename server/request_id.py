"""One id per request, so an audit row (application_events.request_id) can be matched with the log lines and the
answer of the request that caused it.

A caller (a reverse proxy, the client) may send its own `X-Request-ID`; anything else gets a random one. Every
answer echoes it back.
"""

from __future__ import annotations

import re
import uuid

from flask import Flask, has_request_context, request

HEADER = "X-Request-ID"
# Printable, bounded, no separators that could forge a log line or a header.
_ACCEPTED = re.compile(r"^[A-Za-z0-9._:\-]{1,64}$")
_ENVIRON_KEY = "qabyldau.request_id"


def current_request_id() -> str:
    """The id of the request being served; outside a request (a job, a CLI command) a fresh id per call."""
    if not has_request_context():
        return uuid.uuid4().hex
    # Kept in the WSGI environ, which lives exactly as long as the request (`g` belongs to the app context,
    # which an outer context, e.g. a CLI command or a test, may share between requests).
    environ = request.environ
    if _ENVIRON_KEY not in environ:
        sent = request.headers.get(HEADER, "")
        environ[_ENVIRON_KEY] = sent if _ACCEPTED.match(sent) else uuid.uuid4().hex
    return environ[_ENVIRON_KEY]


def register_request_id(app: Flask) -> None:
    @app.after_request
    def _echo_request_id(response):
        response.headers[HEADER] = current_request_id()
        return response
