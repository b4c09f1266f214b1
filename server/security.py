"""Passwords, one-time codes and response headers."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import Flask, current_app

# argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1): about 20 ms of one core per hash or check
# here, against 165-290 ms for the library's default (m=64 MiB, t=3, p=4) that sign-ins used to cost. Why it is
# safe and the measurements: decision 0082 and scripts/bench/argon2_cost.py. Hashes made with other parameters
# still verify and are replaced at the next successful sign-in (needs_rehash).
PASSWORD_HASHER_PARAMETERS = {"time_cost": 2, "memory_cost": 19 * 1024, "parallelism": 1}
_hasher = PasswordHasher(**PASSWORD_HASHER_PARAMETERS)


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def needs_rehash(stored_hash: str) -> bool:
    """Whether a stored hash was made with other parameters than today's (then re-hash the proven password)."""
    try:
        return _hasher.check_needs_rehash(stored_hash)
    except (InvalidHashError, ValueError):
        return False


def verify_password(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


# A real hash to compare against when the account does not exist, so timing does not reveal it.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def burn_password_check(password: str) -> None:
    verify_password(_DUMMY_HASH, password)


def new_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def hash_code(code: str, purpose: str, user_id: int) -> str:
    """Keyed hash: a leaked table does not let anyone brute-force a million codes offline."""
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"{purpose}:{user_id}:{code}".encode(), hashlib.sha256).hexdigest()


def codes_match(stored_hash: str, code: str, purpose: str, user_id: int) -> bool:
    return hmac.compare_digest(stored_hash, hash_code(code, purpose, user_id))


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)


def content_security_policy(config) -> str:
    """CSP plus the payment widget's origins when a provider with a browser widget is on (decision 0065)."""
    from .integrations.payments import csp_sources

    origins = " ".join(csp_sources(config))
    if not origins:
        return CSP
    return (
        CSP.replace("script-src 'self'", f"script-src 'self' {origins}")
        .replace("connect-src 'self'", f"connect-src 'self' {origins}")
        .replace("object-src 'none'", f"frame-src {origins}; object-src 'none'")
    )


# Sent on every answer: by Flask (below) and by WhiteNoise for the client's assets (server/web/static_files.py).
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def register_security_headers(app: Flask) -> None:
    # The payment widget's origins join the CSP only when that provider is on (decision 0065).
    headers = {**SECURITY_HEADERS, "Content-Security-Policy": content_security_policy(app.config)}
    plan = [(name.lower(), name, value) for name, value in headers.items()]

    @app.after_request
    def _headers(response):
        # A view may have set one of them itself (its own CSP): that one is kept. The names already present are
        # read in one pass over the headers; setdefault per header scanned them twice for each of the six.
        present = {name.lower() for name, _ in response.headers.items()}
        response.headers.extend([(name, value) for lower, name, value in plan if lower not in present])
        return response
