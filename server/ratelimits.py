"""Rate-limit keys and limits (design §9): per client address and per account, for the account endpoints and the
credit-bureau calls (each bureau request costs money, decision 0064), and `FailureCounter`, which counts failed
attempts (not requests) so that only whoever fails waits (sign-in, issue 22 finding 10, decision 0002).

A limit is a config name whose value is Flask-Limiter's notation, "5 per 10 minutes; 10 per hour" (DEFAULT_LIMITS
below; `app.config` overrides). Counters live in Flask-Limiter's storage: in the process without REDIS_URL, in
Redis with it.
"""

from __future__ import annotations

import math
import time

from flask import current_app, request
from flask_jwt_extended import get_jwt_identity
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many
from limits.strategies import RateLimiter

from .extensions import limiter

DEFAULT_LIMITS = {
    "RATE_LIMIT_AUTH_PER_IP": "30 per minute",
    # Sign-in counts wrong passwords, never requests: a flood against an account must not refuse its owner
    # (accounts/sign_in_guard.py, decision 0002). Each tier is a window opened by its first failure; a full tier
    # makes that address wait until its window ends, so the waits grow: 10 min, then an hour, then a day.
    "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS": "5 per 10 minutes; 10 per hour; 20 per day",
    # A whole admissions hall may share one address: generous, but a spray over many accounts stops.
    "RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS": "30 per 10 minutes; 100 per day",
    # Not a refusal: an account whose failures (from all addresses) fill this is under attack …
    "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT": "10 per 10 minutes",
    # … and then each address that has failed for it gets this, instead of the first tiers above.
    "RATE_LIMIT_SIGN_IN_FAILURES_UNDER_ATTACK": "1 per 10 minutes; 3 per hour; 5 per day",
    # Staff are mailed when failures came from this many addresses while under attack, at most once per hour.
    "RATE_LIMIT_SIGN_IN_ALERT_ADDRESSES": "3 per 10 minutes",
    "RATE_LIMIT_SIGN_IN_ALERT": "1 per hour",
    # Wrong second-factor codes of one staff account, from anywhere (decision 0078): only someone who knows the
    # password can add to it, and a TOTP code is one of a million.
    "RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT": "10 per 10 minutes; 30 per day",
    "RATE_LIMIT_SIGN_UP_PER_ACCOUNT": "5 per hour",
    "RATE_LIMIT_SEND_CODE_PER_ACCOUNT": "5 per 10 minutes",
    "RATE_LIMIT_CHECK_CODE_PER_ACCOUNT": "10 per 10 minutes",
    # A whole admissions hall may share one address: generous per address, strict per account.
    "RATE_LIMIT_PKB_REQUEST_PER_IP": "60 per hour",
    "RATE_LIMIT_PKB_REQUEST_PER_ACCOUNT": "5 per hour",
    "RATE_LIMIT_PKB_CHECK_PER_IP": "60 per 10 minutes",
    "RATE_LIMIT_PKB_CHECK_PER_ACCOUNT": "10 per 10 minutes",
    # The scholarship check (issue 22): the awaiting page polls every 5 s; two open tabs stay under it.
    "RATE_LIMIT_GOV_SCHOLARSHIP_CHECK_PER_ACCOUNT": "30 per minute",
    # Dormitory transfer requests (issue 22, finding 11): a resident asks a few times a term; each swap may mail
    # another resident, so a burst is cut short (the mail itself is also once per pair and day).
    "RATE_LIMIT_DORM_TRANSFER_REQUEST_PER_ACCOUNT": "10 per hour",
    # The home-page assistant (decision 0071): a person types a few messages a minute.
    "RATE_LIMIT_CHAT_START_PER_ACCOUNT": "20 per hour",
    "RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT": "30 per 5 minutes",
    # Applicant replies in an application's thread (decision 0084): each one mails staff, so a burst is cut short.
    "RATE_LIMIT_APPLICATION_MESSAGE_PER_ACCOUNT": "20 per hour",
    # The public letter verification page (decision 0080): an embassy checks a few letters; 80-bit codes cannot be
    # guessed, and this stops a script trying.
    "RATE_LIMIT_LETTER_VERIFY_PER_IP": "30 per minute; 300 per day",
    # Unsubscribe links work without signing in (issue 26): a person clicks one or two; a script guessing stops.
    "RATE_LIMIT_UNSUBSCRIBE_PER_IP": "30 per 10 minutes",
    # Staff invitations (decision 0079): each mails an address; a manager invites a team, not thousands.
    "RATE_LIMIT_STAFF_INVITE_PER_ACCOUNT": "30 per hour",
}


def _key_part(text: str) -> str:
    # backslashreplace: a lone surrogate must not break a Redis key (the request itself is refused as a 400 later).
    return text.strip().lower()[:254].encode("utf-8", "backslashreplace").decode()


def _body_email() -> str:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return ""
    email = body.get("email")
    if email is None and isinstance(body.get("user"), dict):
        email = body["user"].get("email")
    return _key_part(email) if isinstance(email, str) else ""


def account_key() -> str:
    return "account:" + _body_email()


def _limit(name: str):
    return lambda: current_app.config.get(name, DEFAULT_LIMITS[name])


def per_ip():
    return limiter.limit(_limit("RATE_LIMIT_AUTH_PER_IP"), key_func=get_remote_address)


def per_account(name: str):
    return limiter.limit(_limit(name), key_func=account_key)


def signed_in_user_key() -> str:
    """The caller's user id; only for views whose token is verified before the limit is checked, i.e. the limit
    decorators go below @login_required."""
    return f"user:{get_jwt_identity()}"


def per_ip_limit(name: str):
    return limiter.limit(_limit(name), key_func=get_remote_address)


def per_user(name: str):
    return limiter.limit(_limit(name), key_func=signed_in_user_key)


def client_address() -> str:
    """The caller's address as the limits see it (behind TRUSTED_PROXY_COUNT proxies, the forwarded one)."""
    return get_remote_address() or ""


class FailureCounter:
    """Failures of one kind for one key (an account, an address, or both), counted against the tiers of a limit.

    `wait()` before the attempt (seconds until the key may try again, 0 when it may now), `add()` after a failure,
    `clear()` after a success. Each tier is a fixed window that opens at its first failure and ends its length
    later; a tier that is full makes the key wait for the end of its window. Does nothing while rate limits are
    off (RATELIMIT_ENABLED=0)."""

    NAMESPACE = "failures"

    def __init__(self, limit_name: str, *key: str) -> None:
        self.limit_name = limit_name
        self.key = tuple(_key_part(part) for part in key)

    def _tiers(self) -> list[RateLimitItem]:
        return parse_many(_limit(self.limit_name)())

    def _identifiers(self) -> tuple[str, ...]:
        return (self.NAMESPACE, self.limit_name, *self.key)

    @staticmethod
    def _strategy() -> RateLimiter | None:
        """Flask-Limiter's strategy over its storage; None while limits are off (RATELIMIT_ENABLED=0)."""
        if not limiter.enabled:
            return None
        try:
            return limiter.limiter
        except AssertionError:  # never initialised with limits on
            return None

    def wait(self) -> int:
        strategy = self._strategy()
        if strategy is None:
            return 0
        now = time.time()
        waits = [
            math.ceil(strategy.get_window_stats(tier, *self._identifiers()).reset_time - now)
            for tier in self._tiers()
            if not strategy.test(tier, *self._identifiers())
        ]
        return max([max(wait, 1) for wait in waits], default=0)

    def full(self) -> bool:
        return self.wait() > 0

    def add(self) -> bool:
        """Counts one failure in every tier; True when it is the first in the first (shortest) tier's window."""
        strategy = self._strategy()
        if strategy is None:
            return False
        tiers = self._tiers()
        first = strategy.get_window_stats(tiers[0], *self._identifiers()).remaining == tiers[0].amount
        for tier in tiers:
            strategy.hit(tier, *self._identifiers())
        return first

    def window_seconds(self) -> int:
        """The length of the first tier's window."""
        return self._tiers()[0].get_expiry()

    def clear(self) -> None:
        strategy = self._strategy()
        if strategy is None:
            return
        for tier in self._tiers():
            strategy.clear(tier, *self._identifiers())
