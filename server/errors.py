"""One JSON error envelope for every failure (design §5).

{"success": false, "message": <localized text>, "message_key": <key or null>, "errors": {field: [texts]}}
"""

from __future__ import annotations

import json
import logging
import math
import time

from flask import Flask, g, jsonify
from marshmallow import ValidationError
from sqlalchemy import exc as sa_exc
from werkzeug.exceptions import HTTPException

from .i18n import has_key, translate

log = logging.getLogger(__name__)

# marshmallow's default English messages, mapped to catalogue keys so field errors are localized too.
_MARSHMALLOW_MESSAGES = {
    "Missing data for required field.": "validation.required",
    "Field may not be null.": "validation.null",
    "Unknown field.": "validation.unknown_field",
    "Not a valid integer.": "validation.integer",
    "Not a valid string.": "validation.string",
    "Invalid input type.": "validation.invalid_type",
    "Invalid value.": "validation.invalid_input",
    "Not a valid email address.": "auth.email_format",
    "Not a valid boolean.": "validation.invalid_type",
    "Not a valid number.": "validation.invalid_type",
    "Not a valid mapping type.": "validation.invalid_type",
    "Not a valid list.": "validation.invalid_type",
    "Must be one of: {choices}.": "validation.one_of",
    "Invalid JSON body.": "validation.json_body",
}

# How long a client should wait before repeating a request the database could not serve.
DATABASE_RETRY_AFTER_SECONDS = 5

_STATUS_KEYS = {
    400: "errors.bad_request",
    401: "errors.unauthorized",
    403: "errors.forbidden",
    404: "errors.not_found",
    405: "errors.method_not_allowed",
    409: "errors.conflict",
    413: "errors.payload_too_large",
    422: "errors.validation",
    429: "errors.rate_limited",
}


class LocalizedMessage(str):
    """A catalogue key that carries placeholder values: LocalizedMessage("validation.range", min=1, max=10).

    It is a str, so marshmallow keeps it in its error lists untouched; the envelope translates it with its params.
    """

    def __new__(cls, key: str, **params):
        obj = super().__new__(cls, key)
        obj.params = params
        return obj


class ApiError(Exception):
    """A failure the caller can act on. `key` is a catalogue key; params fill its placeholders.

    Raise the typed subclasses (`NotFound("applications.not_found")`, `Conflict(...)`, …): each carries its own
    status, and the domain catches types, never statuses. `ApiError(status, key)` still works and builds the
    subclass of that status, so `except Conflict` also catches an older `ApiError(409, …)`.
    """

    status: int = 500

    def __new__(cls, *args, **kwargs):
        if cls is ApiError and args and isinstance(args[0], int):
            cls = _BY_STATUS.get(args[0], ApiError)
        return super().__new__(cls)

    def __init__(self, status: int, key: str, errors: dict | None = None, *, headers: dict | None = None, **params):
        super().__init__(key)
        self.status = status
        self.key = key
        self.errors = errors or {}
        self.params = params
        self.headers = headers or {}  # e.g. Retry-After on a 429


class _TypedError(ApiError):
    def __init__(self, *args, errors: dict | None = None, headers: dict | None = None, **params):
        if args and isinstance(args[0], int):  # built through ApiError(status, key, …): the class is the status
            args = args[1:]
        key = args[0]
        if len(args) > 1:
            errors = args[1]
        super().__init__(type(self).status, key, errors, headers=headers, **params)


class Invalid(_TypedError):
    """400: the input is malformed or out of range (field errors in `errors`)."""

    status = 400


class Unauthorized(_TypedError):
    """401: no usable credentials."""

    status = 401


class Forbidden(_TypedError):
    """403: the caller may not do this at all."""

    status = 403


class NotFound(_TypedError):
    """404: no such object, or one the caller may not know of (object-level checks answer the same)."""

    status = 404


class Conflict(_TypedError):
    """409: the object's state does not allow it now (a concurrent change won, a duplicate, a wrong stage)."""

    status = 409


class TooLarge(_TypedError):
    """413: a body or file over its limit."""

    status = 413


class Refused(_TypedError):
    """422: a business rule refuses it."""

    status = 422


class TooMany(_TypedError):
    """429: rate limited (`headers` carry Retry-After)."""

    status = 429


class Unavailable(_TypedError):
    """503: a provider or feature is not available now."""

    status = 503


_BY_STATUS = {
    cls.status: cls
    for cls in (Invalid, Unauthorized, Forbidden, NotFound, Conflict, TooLarge, Refused, TooMany, Unavailable)
}


def _message_for(raw) -> tuple[str, str | None]:
    text = str(raw)
    if has_key(text):
        return translate(text, **getattr(raw, "params", {})), text
    key = _MARSHMALLOW_MESSAGES.get(text)
    if key is None and text.startswith("Must be one of"):
        key = "validation.one_of"
    if key is None and text.startswith("Longer than maximum length"):
        key = "validation.too_long"
    if key is None and text.startswith(("Length must be between", "Shorter than minimum length", "Length must be")):
        key = "validation.invalid_input"
    if key:
        return translate(key), key
    return text, None


def flatten_errors(messages, prefix: str = "") -> dict[str, list[str]]:
    """{"user": {"email": ["..."]}} → {"user.email": [localized]}; list indexes become path parts."""
    flat: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for name, value in messages.items():
            path = f"{prefix}.{name}" if prefix else str(name)
            if name == "_schema":
                path = prefix or "_schema"
            for k, v in flatten_errors(value, path).items():
                flat.setdefault(k, []).extend(v)
    elif isinstance(messages, (list, tuple)):
        for item in messages:
            if isinstance(item, (dict, list, tuple)):
                for k, v in flatten_errors(item, prefix).items():
                    flat.setdefault(k, []).extend(v)
            else:
                flat.setdefault(prefix or "_schema", []).append(_message_for(item)[0])
    else:
        flat.setdefault(prefix or "_schema", []).append(_message_for(messages)[0])
    return flat


def _first_key(messages) -> str | None:
    """The catalogue key of the first field error, so the top-level message is the most useful one."""
    if isinstance(messages, dict):
        for value in messages.values():
            found = _first_key(value)
            if found:
                return found
    elif isinstance(messages, (list, tuple)):
        for item in messages:
            found = _first_key(item)
            if found:
                return found
    else:
        return messages if _message_for(messages)[1] else None
    return None


def envelope(status: int, key: str | None, message: str | None = None, errors: dict | None = None):
    body = {
        "success": False,
        "message": message if message is not None else translate(key or _STATUS_KEYS.get(status, "errors.generic")),
        "message_key": key,
        "errors": errors or {},
    }
    return jsonify(body), status


def validation_envelope(messages):
    """webargs nests errors by location ({"json": {...}}); the caller only cares about fields."""
    if isinstance(messages, dict) and set(messages) <= {
        "json",
        "json_or_form",
        "query",
        "form",
        "files",
        "headers",
        "view_args",
    }:
        merged: dict = {}
        for part in messages.values():
            if isinstance(part, dict):
                merged.update(part)
            else:
                merged.setdefault("_schema", []).extend(part if isinstance(part, list) else [part])
        messages = merged
    first = _first_key(messages)
    if first is None:
        return envelope(400, "errors.validation", errors=flatten_errors(messages))
    text, key = _message_for(first)
    return envelope(400, key, text, errors=flatten_errors(messages))


def register_authoritative_headers(app: Flask) -> None:
    """Keeps the headers an ApiError chose (a 429's Retry-After). Must be registered before the rate limiter:
    Flask runs after_request hooks in reverse order, so this one runs last, after the limiter has written its own
    Retry-After (the reset of its window, unrelated to this error) over every response of a limited view."""

    @app.after_request
    def _restore(response):
        for name, value in g.get("api_error_headers", {}).items():
            response.headers[name] = value
        return response


def _with_retry_after(response, seconds: int | None):
    """A 429 also says in its body how many seconds to wait (the client cannot read Retry-After through every
    layer; issue 10: the resend button counts down from it)."""
    if seconds is not None and response.is_json:
        body = response.get_json()
        body["retry_after"] = max(int(seconds), 1)
        response.set_data(json.dumps(body, ensure_ascii=False))
    return response


def _limiter_retry_after() -> int | None:
    """Seconds until the breached Flask-Limiter window resets, or None outside a limited request."""
    from .extensions import limiter

    try:
        breached = [lim for lim in limiter.current_limits if lim.breached]
    except Exception:  # no limit evaluated in this request
        return None
    if not breached:
        return None
    return max(math.ceil(lim.reset_at - time.time()) for lim in breached)


def api_error_response(error: ApiError):
    response, status = envelope(
        error.status,
        error.key,
        translate(error.key, **error.params),
        flatten_errors(error.errors) if error.errors else {},
    )
    if status == 429:
        retry = error.headers.get("Retry-After") or error.params.get("seconds")
        _with_retry_after(response, int(retry) if retry is not None else None)
    response.headers.update(error.headers)
    g.api_error_headers = error.headers
    return response, status


def _database_is_unavailable(error: Exception) -> bool:
    """The database cannot serve now (gone, restarting, locked, the pool exhausted), as opposed to a statement
    that can never work."""
    if isinstance(error, sa_exc.TimeoutError) or getattr(error, "connection_invalidated", False):
        return True
    cause = getattr(error, "orig", None)
    if type(cause).__module__.startswith("sqlite3"):
        return "locked" in str(cause) or "busy" in str(cause)
    # psycopg2: an OperationalError is a lost or refused connection, a cancelled or timed-out statement.
    return True


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(ApiError, api_error_response)

    @app.errorhandler(ValidationError)
    def _validation_error(error: ValidationError):
        return validation_envelope(error.messages)

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException):
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        # flask-smorest/webargs report schema failures as 422 with data["messages"]; they are input errors → 400.
        if status == 422 and "messages" in data:
            return validation_envelope(data["messages"])
        if status == 400 and "messages" in data:
            return validation_envelope(data["messages"])
        key = _STATUS_KEYS.get(status, "errors.generic")
        response, status = envelope(status, key)
        if status == 429:
            _with_retry_after(response, _limiter_retry_after())
        if status == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response, status

    @app.errorhandler(sa_exc.OperationalError)
    @app.errorhandler(sa_exc.InterfaceError)
    @app.errorhandler(sa_exc.TimeoutError)
    def _database_unavailable(error: Exception):
        if not _database_is_unavailable(error):
            return _unexpected(error)  # a bug (SQLite's "no such table" is an OperationalError too): a 500
        # The database (or the pooler in front of it) dropped the connection or is restarting, or the pool stayed
        # exhausted: the request changed nothing (its transaction died with the connection), so the client may
        # repeat it. A 503 with Retry-After, never a 500 (issue 25's deadline-day faults). The pool's pre-ping
        # replaces the dead connections on the next checkout, without restarting the app.
        log.warning("database unavailable: %s", type(error).__name__)
        try:
            from .extensions import db

            db.session.rollback()
        except Exception:  # the connection is gone; the session is discarded at teardown anyway
            pass
        response, status = envelope(503, "errors.database_unavailable")
        g.api_error_headers = {"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)}  # over the limiter's own
        response.headers.update(g.api_error_headers)
        return response, status

    @app.errorhandler(RecursionError)
    def _too_deep(error: RecursionError):
        # Only hostile input nests deep enough to exhaust the stack (the JSON parser, in webargs or in get_json,
        # recurses once per level): a 400, not a 500. Logged without the (huge) traceback.
        log.warning("request refused: input nested too deeply (%s)", error)
        return envelope(400, "validation.json_body")

    @app.errorhandler(Exception)
    def _unexpected(error: Exception):
        log.exception("unhandled error")
        return envelope(500, "errors.generic")
