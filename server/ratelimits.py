"""Rate-limit keys and limits (design §9): per client address and per account, for the account endpoints and the
credit-bureau calls (each bureau request costs money, decision 0064)."""

from __future__ import annotations

from flask import current_app, request
from flask_jwt_extended import get_jwt_identity
from flask_limiter.util import get_remote_address

from .extensions import limiter

DEFAULT_LIMITS = {
    "RATE_LIMIT_AUTH_PER_IP": "30 per minute",
    "RATE_LIMIT_SIGN_IN_PER_ACCOUNT": "10 per 10 minutes",
    "RATE_LIMIT_SIGN_UP_PER_ACCOUNT": "5 per hour",
    "RATE_LIMIT_SEND_CODE_PER_ACCOUNT": "5 per 10 minutes",
    "RATE_LIMIT_CHECK_CODE_PER_ACCOUNT": "10 per 10 minutes",
    # A whole admissions hall may share one address: generous per address, strict per account.
    "RATE_LIMIT_PKB_REQUEST_PER_IP": "60 per hour",
    "RATE_LIMIT_PKB_REQUEST_PER_ACCOUNT": "5 per hour",
    "RATE_LIMIT_PKB_CHECK_PER_IP": "60 per 10 minutes",
    "RATE_LIMIT_PKB_CHECK_PER_ACCOUNT": "10 per 10 minutes",
    # The home-page assistant (decision 0071): a person types a few messages a minute.
    "RATE_LIMIT_CHAT_START_PER_ACCOUNT": "20 per hour",
    "RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT": "30 per 5 minutes",
}


def _body_email() -> str:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return ""
    email = body.get("email")
    if email is None and isinstance(body.get("user"), dict):
        email = body["user"].get("email")
    # backslashreplace: a lone surrogate must not break a Redis key (the request itself is refused as a 400 later).
    return email.strip().lower()[:254].encode("utf-8", "backslashreplace").decode() if isinstance(email, str) else ""


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
