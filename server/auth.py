"""Who is calling: JWT callbacks backed by the server-side session table, and view guards."""
from __future__ import annotations

from functools import wraps

from flask import Flask
from flask_jwt_extended import current_user, verify_jwt_in_request

from .daos import users as users_dao
from .errors import ApiError, envelope
from .extensions import jwt
from .services.auth import is_session_active


def register_jwt_callbacks(app: Flask) -> None:
    @jwt.user_lookup_loader
    def _load_user(_header, payload):
        try:
            return users_dao.get_user(int(payload["sub"]))
        except (TypeError, ValueError):
            return None

    @jwt.token_in_blocklist_loader
    def _revoked(_header, payload):
        return not is_session_active(payload.get("jti", ""))

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


def login_required(verified: bool = True, roles: tuple[str, ...] = ()):
    """Requires a valid, unrevoked token; optionally a verified e-mail and one of `roles`."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            verify_jwt_in_request()
            if verified and not current_user.is_verified:
                raise ApiError(403, "errors.email_not_verified")
            if roles and not (current_user.role_names & set(roles)):
                raise ApiError(403, "errors.forbidden")
            return view(*args, **kwargs)

        return wrapper

    return decorator
