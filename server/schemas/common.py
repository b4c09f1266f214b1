from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, pre_load

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def trim_strings(data):
    """Spec §5: spaces are trimmed from text values before anything else looks at them."""
    if isinstance(data, dict):
        return {key: trim_strings(value) for key, value in data.items()}
    if isinstance(data, list):
        return [trim_strings(item) for item in data]
    return data.strip() if isinstance(data, str) else data


def _is_unstorable_text(value) -> bool:
    """NUL and lone surrogates: PostgreSQL refuses NUL and UTF-8 refuses surrogates (a driver error, i.e. a 500)."""
    if not isinstance(value, str):
        return False
    if "\x00" in value:
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _contains_unstorable_text(data) -> bool:
    if isinstance(data, dict):
        return any(_is_unstorable_text(k) or _contains_unstorable_text(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_contains_unstorable_text(item) for item in data)
    return _is_unstorable_text(data)


class BaseSchema(Schema):
    """Unknown fields are rejected (marshmallow's default RAISE); text is trimmed on the way in."""

    @pre_load
    def _trim(self, data, **kwargs):
        if not isinstance(data, dict):
            return data
        bad = {}
        for key, value in data.items():
            if _is_unstorable_text(key):
                bad["_schema"] = ["validation.invalid_input"]
            elif _contains_unstorable_text(value):
                bad[key] = ["validation.invalid_input"]
        if bad:
            raise ValidationError(bad)
        return trim_strings(data)


def validate_email(value: str) -> None:
    if len(value) > 254 or not _EMAIL.match(value):
        raise ValidationError("auth.email_format")


class Email(fields.String):
    def __init__(self, **kwargs):
        super().__init__(validate=validate_email, **kwargs)


class SuccessSchema(Schema):
    success = fields.Boolean(dump_default=True)
    message = fields.String()
    message_key = fields.String()


class ErrorSchema(Schema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String(allow_none=True)
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
