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


class BaseSchema(Schema):
    """Unknown fields are rejected (marshmallow's default RAISE); text is trimmed on the way in."""

    @pre_load
    def _trim(self, data, **kwargs):
        return trim_strings(data) if isinstance(data, dict) else data


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
