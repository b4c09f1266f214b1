"""Settings → home-page messages: request and answer shapes (decision 0087)."""

from __future__ import annotations

from datetime import UTC

from marshmallow import fields, validate

from ..common_schemas import BaseSchema
from ..models.base import MAX_ID

_ID = validate.Range(min=1, max=MAX_ID, error="validation.invalid_input")
SEGMENT = fields.String(
    required=True,
    validate=validate.OneOf(("FOREIGN", "KZ", "foreign", "kz"), error="validation.one_of"),
    metadata={"description": "the shell's population: FOREIGN | KZ (the caller must administer it)"},
)


class SegmentQuery(BaseSchema):
    segment = SEGMENT


class StaffMessagesQuery(BaseSchema):
    segment = SEGMENT
    status = fields.String(load_default="active", validate=validate.OneOf(("active", "retired")))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class RecipientsQuery(BaseSchema):
    segment = SEGMENT
    q = fields.String(load_default="", validate=validate.Length(0, 100))


class StaffMessageBody(BaseSchema):
    """Field rules that depend on each other (payment needs an amount, dated needs both dates, Russian is required)
    are checked by the service, which answers every field's error at once."""

    type = fields.String(required=True, metadata={"description": "info | payment"})
    amount = fields.Integer(allow_none=True, load_default=None, metadata={"description": "payment: tenge, > 0"})
    is_permanent = fields.Boolean(load_default=False)
    starts_at = fields.AwareDateTime(allow_none=True, load_default=None, default_timezone=UTC)
    ends_at = fields.AwareDateTime(allow_none=True, load_default=None, default_timezone=UTC)
    audience = fields.String(required=True, metadata={"description": "population | user"})
    user_id = fields.Integer(allow_none=True, load_default=None, validate=_ID)
    title_ru = fields.String(allow_none=True, load_default=None)
    title_kk = fields.String(allow_none=True, load_default=None)
    title_en = fields.String(allow_none=True, load_default=None)
    text_ru = fields.String(allow_none=True, load_default=None)
    text_kk = fields.String(allow_none=True, load_default=None)
    text_en = fields.String(allow_none=True, load_default=None)


class Person(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    name = fields.String()


class StaffMessageRead(BaseSchema):
    id = fields.Integer()
    type = fields.String()
    amount = fields.Integer(allow_none=True)
    is_permanent = fields.Boolean()
    is_active = fields.Boolean()
    audience = fields.String()
    population = fields.String(allow_none=True)
    user = fields.Nested(Person, allow_none=True)
    starts_at = fields.DateTime(allow_none=True)
    ends_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()
    updated_at = fields.DateTime(allow_none=True)
    title_ru = fields.String()
    title_kk = fields.String(allow_none=True)
    title_en = fields.String(allow_none=True)
    text_ru = fields.String()
    text_kk = fields.String(allow_none=True)
    text_en = fields.String(allow_none=True)


class StaffMessageAnswer(BaseSchema):
    success = fields.Boolean()
    item = fields.Nested(StaffMessageRead)


class StaffMessageList(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(StaffMessageRead))
    total = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()


class RecipientList(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(Person))
