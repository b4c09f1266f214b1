from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, pre_load

from ..errors import LocalizedMessage

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


MAX_JSON_DEPTH = 32  # nesting of objects and lists in a request body; deeper input is refused with 400


class TooDeep(ValueError):
    """The input nests objects/lists deeper than MAX_JSON_DEPTH."""


def _walk(data, max_depth: int = MAX_JSON_DEPTH):
    """Yields every dict key and leaf value of a JSON-like value, iteratively (no recursion), checking the depth."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= max_depth:
                raise TooDeep()
            if isinstance(value, dict):
                for key, item in value.items():
                    yield key
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
        else:
            yield value


def json_depth_exceeds(data, max_depth: int = MAX_JSON_DEPTH) -> bool:
    try:
        for _ in _walk(data, max_depth):
            pass
    except TooDeep:
        return True
    return False


def trim_strings(data, max_depth: int = MAX_JSON_DEPTH):
    """Spec §5: spaces are trimmed from text values before anything else looks at them.

    Iterative (a hostile body cannot exhaust the interpreter stack); raises TooDeep beyond max_depth levels."""
    if not isinstance(data, (dict, list)):
        return data.strip() if isinstance(data, str) else data
    root = {} if isinstance(data, dict) else []
    stack = [(data, root, 0)]
    while stack:
        source, target, depth = stack.pop()
        if depth >= max_depth:
            raise TooDeep()
        items = source.items() if isinstance(source, dict) else enumerate(source)
        for key, value in items:
            if isinstance(value, (dict, list)):
                copy = {} if isinstance(value, dict) else []
                stack.append((value, copy, depth + 1))
            else:
                copy = value.strip() if isinstance(value, str) else value
            if isinstance(target, dict):
                target[key] = copy
            else:
                target.append(copy)
    return root


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
    """Iterative; raises TooDeep beyond MAX_JSON_DEPTH levels."""
    return any(_is_unstorable_text(item) for item in _walk(data))


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
            elif json_depth_exceeds(value, MAX_JSON_DEPTH - 1):
                bad[key] = [LocalizedMessage("validation.too_deep", max=MAX_JSON_DEPTH)]
            elif _contains_unstorable_text(value):
                bad[key] = ["validation.invalid_input"]
        if bad:
            raise ValidationError(bad)
        return {key: self._trimmed(key, value) for key, value in data.items()}

    def _trimmed(self, key, value):
        # A field declared with metadata {"trim": False} (a password: spaces are part of it) keeps its value as
        # sent; a nested BaseSchema trims its own body by the same rule.
        field = self.fields.get(key)
        if field is not None and (
            field.metadata.get("trim") is False
            or (isinstance(field, fields.Nested) and isinstance(field.schema, BaseSchema))
        ):
            return value
        return trim_strings(value)


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


class ErrorEnvelope(ErrorSchema):
    """{success: false, message, message_key, errors: {field: [messages]}} (DESIGN §5)."""


class FileRead(BaseSchema):
    """A stored file as answers and panels show it (the questionnaire's file reference, with a signed link)."""

    id = fields.String()
    name = fields.String(allow_none=True)
    content_type = fields.String(allow_none=True)
    size = fields.Integer(allow_none=True)
    url = fields.String(allow_none=True, metadata={"description": "signed download link, valid 10 minutes"})
