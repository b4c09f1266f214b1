from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, missing, pre_load

from .errors import LocalizedMessage

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


MAX_JSON_DEPTH = 32  # nesting of objects and lists in a request body; deeper input is refused with 400


class TooDeep(ValueError):
    """The input nests objects/lists deeper than MAX_JSON_DEPTH."""


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


def _checked_copy(data, max_depth: int, trim: bool):
    """(copy of `data` with its text trimmed — or `data` itself when not `trim` —, whether any key or text in it
    is unstorable), in one iterative walk; raises TooDeep when a list or object sits at depth `max_depth` or
    deeper."""
    if not isinstance(data, (dict, list)):
        unstorable = _is_unstorable_text(data)
        return (data.strip() if trim and isinstance(data, str) else data), unstorable
    unstorable = False
    root = {} if isinstance(data, dict) else []
    stack = [(data, root, 0)]
    while stack:
        source, target, depth = stack.pop()
        if depth >= max_depth:
            raise TooDeep()
        is_dict = isinstance(source, dict)
        for key, value in source.items() if is_dict else enumerate(source):
            if is_dict and not unstorable and _is_unstorable_text(key):
                unstorable = True
            if isinstance(value, (dict, list)):
                copy = {} if isinstance(value, dict) else []
                stack.append((value, copy, depth + 1))
            else:
                if not unstorable and _is_unstorable_text(value):
                    unstorable = True
                copy = value.strip() if isinstance(value, str) else value
            if is_dict:
                target[key] = copy
            else:
                target.append(copy)
    return (root if trim else data), unstorable


class BaseSchema(Schema):
    """Unknown fields are rejected (marshmallow's default RAISE); text is trimmed on the way in."""

    @pre_load
    def _trim(self, data, **kwargs):
        if not isinstance(data, dict):
            return data
        bad = {}
        out = {}
        for key, value in data.items():
            if _is_unstorable_text(key):
                bad["_schema"] = ["validation.invalid_input"]
                continue
            # One walk of the value checks its depth and its text and makes the trimmed copy (it took three).
            try:
                trimmed, unstorable = _checked_copy(value, MAX_JSON_DEPTH - 1, trim=self._trims(key))
            except TooDeep:
                bad[key] = [LocalizedMessage("validation.too_deep", max=MAX_JSON_DEPTH)]
                continue
            if unstorable:
                bad[key] = ["validation.invalid_input"]
            out[key] = trimmed
        if bad:
            raise ValidationError(bad)
        return out

    def _trims(self, key) -> bool:
        # A field declared with metadata {"trim": False} (a password: spaces are part of it) keeps its value as
        # sent; a nested BaseSchema trims its own body by the same rule.
        field = self.fields.get(key)
        return not (
            field is not None
            and (
                field.metadata.get("trim") is False
                or (isinstance(field, fields.Nested) and isinstance(field.schema, BaseSchema))
            )
        )


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
    """{success: false, message, message_key, errors: {field: [messages]}} (design §5)."""


class FileRead(BaseSchema):
    """A stored file as answers and panels show it (the questionnaire's file reference, with a signed link)."""

    id = fields.String()
    name = fields.String(allow_none=True)
    content_type = fields.String(allow_none=True)
    size = fields.Integer(allow_none=True)
    url = fields.String(allow_none=True, metadata={"description": "signed download link, valid 10 minutes"})


def multipart_body(properties: dict) -> dict:
    """The OpenAPI request body of an upload: multipart form data whose parts (`properties`, OpenAPI schemas by
    name) are all required. flask-smorest does not describe file parts, so the upload routes document it by hand."""
    schema = {"type": "object", "required": list(properties), "properties": properties}
    return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}


# ------------------------------------------------------------------------------------------- fast list dump

# Fields whose marshmallow output is the value itself when the value already has exactly this Python type
# (None gives None for all of them too).
_SAME_WHEN_TYPED = {fields.Integer: int, fields.String: str, fields.Boolean: bool, fields.Float: float}


def _row_dumper(schema: Schema):
    """A function dumping one mapping as `schema.dump` does, or None when the schema needs marshmallow itself
    (dump hooks). Per field it keeps one of: the value as is (typed as the field wants, see _SAME_WHEN_TYPED),
    a nested dumper, or the field's own conversion (datetimes, dicts, anything else)."""
    if any(schema._hooks.get(tag) for tag in ("pre_dump", "post_dump")):
        return None
    plan = []
    for name, field in schema.dump_fields.items():
        in_key = field.attribute or name
        out_key = field.data_key or name
        same = _SAME_WHEN_TYPED.get(type(field))
        nested = many = None
        if isinstance(field, fields.Nested):
            nested, many = _row_dumper(field.schema), field.many
        elif isinstance(field, fields.List) and isinstance(field.inner, fields.Nested) and not field.inner.many:
            nested, many = _row_dumper(field.inner.schema), True
        if isinstance(field, (fields.Nested, fields.List)) and nested is None:
            same = None  # a nested schema with hooks: the field does it all
        plan.append((in_key, out_key, field, same, nested, many))

    def dump(row) -> dict:
        out = {}
        for in_key, out_key, field, same, nested, many in plan:
            if in_key not in row:
                if field.dump_default is not missing:
                    out[out_key] = field.serialize(in_key, row)
                continue
            value = row[in_key]
            if value is None:
                out[out_key] = None if nested is not None or same is not None else field._serialize(None, in_key, row)
            elif same is not None and type(value) is same:
                out[out_key] = value
            elif nested is not None:
                out[out_key] = [nested(item) for item in value] if many else nested(value)
            else:
                out[out_key] = field._serialize(value, in_key, row)
        return out

    return dump


class TypedRows(fields.List):
    """A list of rows (mappings) with the output and OpenAPI description of List(Nested(schema)), made faster.

    Marshmallow dumps row by row and field by field through accessors, hooks and conversions; for a queue page of
    20 rows that was several milliseconds of a request that otherwise costs about ten (issue 12). The rows here
    come from our own services with values already of their field's type, so most are copied as they are; the
    rest go through their field's own conversion. tests/unit/test_typed_rows_dump.py holds it to marshmallow's
    output."""

    def __init__(self, schema, **kwargs):
        super().__init__(fields.Nested(schema), **kwargs)
        self._dump = None

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        if self._dump is None:  # a race only builds the same function twice
            self._dump = _row_dumper(self.inner.schema) or (lambda row: self.inner.schema.dump(row))
        dump = self._dump
        return [dump(row) for row in value]
