"""Request and answer shapes of the applicant's message thread (decision 0084)."""

from __future__ import annotations

from marshmallow import fields, validate

from ..common_schemas import BaseSchema
from .service import DEFAULT_PAGE_SIZE, MAX_MESSAGE_LENGTH, MAX_PAGE_SIZE


class MessageThreadQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000, error="validation.invalid_input"))
    size = fields.Integer(
        load_default=DEFAULT_PAGE_SIZE,
        validate=validate.Range(min=1, max=MAX_PAGE_SIZE, error="validation.invalid_input"),
    )


class MessageThreadItem(BaseSchema):
    id = fields.Integer()
    application_id = fields.Integer()
    content = fields.String()
    author_side = fields.String(metadata={"description": "staff | applicant"})
    createdAt = fields.DateTime()
    readAt = fields.DateTime(allow_none=True, metadata={"description": "when the recipient first opened it"})


class MessageThreadResponse(BaseSchema):
    success = fields.Boolean()
    application_id = fields.Integer()
    study_program = fields.Dict(
        keys=fields.String(), values=fields.String(), metadata={"description": "the programme's name: {ru, kk, en}"}
    )
    list = fields.List(fields.Nested(MessageThreadItem), metadata={"description": "newest first"})
    total = fields.Integer()
    page = fields.Integer()
    size = fields.Integer()
    unread = fields.Integer(metadata={"description": "staff messages of this thread the applicant has not opened"})


class MessageReplyRequest(BaseSchema):
    content = fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error="messages.content_required"),
            validate.Length(max=MAX_MESSAGE_LENGTH, error="validation.too_long"),
        ],
        error_messages={"required": "messages.content_required", "null": "messages.content_required"},
        metadata={"description": f"trimmed; 1..{MAX_MESSAGE_LENGTH} characters"},
    )


class MessageReplyResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    item = fields.Nested(MessageThreadItem)


class MessagesUnreadResponse(BaseSchema):
    success = fields.Boolean()
    unread = fields.Integer(metadata={"description": "staff messages not opened, over all the caller's applications"})
