"""Request and answer shapes of the home-page assistant (req §7 Chat; decision 0071)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..common_schemas import BaseSchema
from ..i18n import LANGUAGES
from ..models.chat import CHAT_LEVELS, CHAT_ROLES, CHAT_TYPES

_LANGUAGE = fields.String(
    validate=validate.OneOf(LANGUAGES),
    load_default=None,
    metadata={"description": "the language chosen in the interface; a message written in another one wins"},
)


class ChatStartRequest(BaseSchema):
    type = fields.String(required=True, validate=validate.OneOf(CHAT_TYPES))
    level = fields.String(required=True, validate=validate.OneOf(CHAT_LEVELS))
    language = _LANGUAGE


class ChatStartResponse(Schema):
    chatId = fields.String(required=True)
    welcome = fields.String(required=True)
    language = fields.String()


class ChatMessageRequest(BaseSchema):
    message = fields.String(
        required=True,
        error_messages={"required": "chat.message_required", "null": "chat.message_required"},
        metadata={"description": "trimmed; 1..CHAT_MAX_MESSAGE_LENGTH (default 1000) characters"},
    )
    language = _LANGUAGE


class ChatHandoffRequest(BaseSchema):
    question = fields.String(
        required=True,
        error_messages={"required": "chat.message_required", "null": "chat.message_required"},
        metadata={"description": "the applicant's own question for staff; 1..CHAT_MAX_MESSAGE_LENGTH characters"},
    )
    language = _LANGUAGE


class ChatReturnRequest(BaseSchema):
    language = _LANGUAGE


class ChatSource(Schema):
    key = fields.String(required=True, metadata={"description": "kb:<key>, terms, fee, programs:<degree>, ..."})
    type = fields.String(required=True)
    title = fields.String(required=True)


class ChatRecommendation(Schema):
    code = fields.String(required=True)
    name = fields.String(required=True)
    reason = fields.String(required=True)
    unt_subjects = fields.List(fields.String(), required=True)
    apply_url = fields.String(required=True)
    study_program_id = fields.Integer(allow_none=True)


class ChatReplyResponse(Schema):
    reply = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "null while the conversation is with staff: the assistant stays silent"},
    )
    sources = fields.List(fields.Nested(ChatSource), required=True)
    recommendations = fields.List(fields.Nested(ChatRecommendation), required=True)
    language = fields.String(required=True)
    handed_off = fields.Boolean(required=True, metadata={"description": "the conversation is with staff now"})


class ChatMessageRead(Schema):
    id = fields.Integer(required=True)
    role = fields.String(required=True, validate=validate.OneOf(CHAT_ROLES))
    content = fields.String(required=True)
    sources = fields.List(fields.Nested(ChatSource), required=True)
    recommendations = fields.List(fields.Nested(ChatRecommendation), required=True)
    createdAt = fields.DateTime(attribute="created_at", required=True)


class ChatConversationRead(Schema):
    chatId = fields.String(attribute="public_id", required=True)
    type = fields.String(required=True)
    level = fields.String(required=True)
    language = fields.String(required=True)
    handed_off = fields.Boolean(attribute="with_staff", required=True)
    handedOffAt = fields.DateTime(attribute="handed_off_at", allow_none=True)
    staffAnsweredAt = fields.DateTime(attribute="staff_answered_at", allow_none=True)
    createdAt = fields.DateTime(attribute="created_at", required=True)
    updatedAt = fields.DateTime(attribute="updated_at", required=True)
    messages = fields.List(fields.Nested(ChatMessageRead), required=True)


class ChatConversationSummary(Schema):
    chatId = fields.String(attribute="public_id", required=True)
    language = fields.String(required=True)
    handed_off = fields.Boolean(attribute="with_staff", required=True)
    createdAt = fields.DateTime(attribute="created_at", required=True)
    updatedAt = fields.DateTime(attribute="updated_at", required=True)


class ChatListResponse(Schema):
    list = fields.List(fields.Nested(ChatConversationSummary), required=True)
    total = fields.Integer(required=True)


class AdminChatListQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class AdminChatUser(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)


class AdminChatRead(ChatConversationRead):
    user = fields.Nested(AdminChatUser, required=True)


class AdminChatListResponse(Schema):
    list = fields.List(fields.Nested(AdminChatRead), required=True)
    total = fields.Integer(required=True)


class AdminChatReplyRequest(BaseSchema):
    content = fields.String(
        required=True,
        error_messages={"required": "chat.message_required", "null": "chat.message_required"},
    )


class AdminChatReplyResponse(Schema):
    success = fields.Boolean(required=True)
    item = fields.Nested(ChatMessageRead, required=True)
