"""Access to the API: who is calling (JWT callbacks backed by the server-side session table) and the view guard
`login_required`. Account use cases (sign-up, codes, sessions) are accounts/auth.py; /auth is accounts/views.py.
The session check lives here, in the kernel, because every domain's views depend on it."""

from __future__ import annotations

import re
from functools import wraps

from flask import Flask, g, request
from flask_jwt_extended import current_user, verify_jwt_in_request
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from . import audit
from .errors import Forbidden, envelope
from .extensions import db, jwt
from .models import AuthSession, User
from .models.base import is_row_id, utcnow

# flask.g slot where the blocklist check leaves the caller it read for the user lookup that follows it.
_CALLER = "_qabyldau_caller"

# RFC 6750 §2.1: "Bearer" 1*SP b64token. The one shape of credentials this API takes.
BEARER = re.compile(r"Bearer +[A-Za-z0-9\-._~+/]+=*")


# The caller of an authenticated request: the token's session (its end and revocation) with the account, its
# citizenship and its roles, as ONE statement. Loading them one by one cost three round trips on every signed-in
# request, more than the SQL of a typical page (issue 12). Built once; jti and user id are bound parameters.
_SIGNED_IN_USER = (
    select(User, AuthSession.revoked_at, AuthSession.expires_at)
    .join(AuthSession, AuthSession.user_id == User.id)
    .where(AuthSession.jti == bindparam("jti"), User.id == bindparam("user_id"))
    .options(joinedload(User.roles))
)


def signed_in_user(jti: str, user_id: int | None) -> User | None:
    """The account behind a token, or None when the token must be refused: no session `jti` for that account,
    the session revoked or past its end, or the account gone. One statement: session, user, citizenship and roles
    come back together."""
    if user_id is None or not jti:
        return None
    row = db.session.execute(_SIGNED_IN_USER, {"jti": jti, "user_id": user_id}).unique().first()
    if row is None:
        return None
    user, revoked_at, expires_at = row
    # A deactivated account's sessions are revoked with it; the check here also holds for one issued meanwhile.
    usable = revoked_at is None and expires_at > utcnow() and user.deactivated_at is None
    return user if usable else None


def register_access(app: Flask) -> None:
    """Registered before the rate limiter, so a request with unusable credentials costs nothing further."""
    app.before_request(audit.clear_actor)
    app.before_request(refuse_malformed_authorization)
    register_jwt_callbacks()
    audit.install(db.session)  # the trail of staff writes needs the caller this module checks (decision 0079)


def refuse_malformed_authorization():
    """An Authorization header that is not `Bearer <token>` is a 401 on every path, whether or not the endpoint needs
    a token: a client that sends credentials must learn they are unusable (an optional check would otherwise treat
    the caller as anonymous, and flask-jwt-extended raised on some shapes, e.g. "Bearer abc,  ,x", answering 500).
    A well-formed token is checked by the endpoints that read it (invalid, expired or revoked: 401 there)."""
    header = request.headers.get("Authorization")
    if header is None or BEARER.fullmatch(header):
        return None
    # A broken Bearer token is an invalid token; any other scheme is no credentials this API knows: sign in.
    return envelope(401, "errors.token_invalid" if header.startswith("Bearer") else "errors.unauthorized")


def register_jwt_callbacks() -> None:
    # flask-jwt-extended checks the blocklist, then looks the user up, one right after the other in the same
    # verify_jwt_in_request. The check reads session, account and roles in one statement (a revoked or expired
    # session, or a deleted account, is refused there with the same 401 token_invalid the lookup would give) and
    # hands the account to the lookup through flask.g, so a signed-in request costs one statement, not three.
    @jwt.token_in_blocklist_loader
    def _revoked(_header, payload):
        jti = payload.get("jti") or ""
        user = signed_in_user(jti, _user_id(payload))
        setattr(g, _CALLER, (jti, user))
        audit.set_actor(user)
        return user is None

    @jwt.user_lookup_loader
    def _load_user(_header, payload):
        jti = payload.get("jti") or ""
        # Popped, not read: in tests (and any code pushing its own app context) g outlives a request.
        stashed = g.pop(_CALLER, None)
        if stashed is not None and stashed[0] == jti:
            return stashed[1]
        return signed_in_user(jti, _user_id(payload))  # not reached today; still checks the session

    @jwt.user_lookup_error_loader
    def _no_user(_header, _payload):
        return envelope(401, "errors.token_invalid")

    @jwt.revoked_token_loader
    def _revoked_answer(_header, _payload):
        return envelope(401, "errors.token_invalid")

    @jwt.expired_token_loader
    def _expired(_header, _payload):
        return envelope(401, "errors.token_expired")

    @jwt.invalid_token_loader
    def _invalid(_reason):
        return envelope(401, "errors.token_invalid")

    @jwt.unauthorized_loader
    def _missing(_reason):
        return envelope(401, "errors.unauthorized")


def _user_id(payload) -> int | None:
    try:
        user_id = int(payload["sub"])
    except (KeyError, TypeError, ValueError):
        return None
    return user_id if is_row_id(user_id) else None


def login_required(verified: bool = True, roles: tuple[str, ...] = ()):
    """Requires a valid, unrevoked token; optionally a verified e-mail and one of `roles`."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            verify_jwt_in_request()
            if verified and not current_user.is_verified:
                raise Forbidden("errors.email_not_verified")
            if roles and not (current_user.role_names & set(roles)):
                raise Forbidden("errors.forbidden")
            return view(*args, **kwargs)

        return wrapper

    return decorator
