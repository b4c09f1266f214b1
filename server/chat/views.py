"""POST /api/v1/chat/* (req §7 Chat) and the staff side of hand-offs (/api/v1/admin/chats). Thin: schema in,
service call, schema out. The per-account limits sit below @login_required so their key is the verified user.
Every call needs a verified e-mail (issue 22, finding 8): an account nobody has proved to own an address must not
use the assistant, nor through it the paid model endpoint; it gets 403 errors.email_not_verified."""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..i18n import current_language
from ..models import ADMIN_ROLES
from ..ratelimits import per_user
from . import conversations as chat_service
from .schemas import (
    AdminChatListQuery,
    AdminChatListResponse,
    AdminChatRead,
    AdminChatReplyRequest,
    AdminChatReplyResponse,
    ChatConversationRead,
    ChatHandoffRequest,
    ChatListResponse,
    ChatMessageRequest,
    ChatReplyResponse,
    ChatReturnRequest,
    ChatStartRequest,
    ChatStartResponse,
)

bp = Blueprint("chat", __name__, url_prefix="/api/v1/chat", description="The home-page assistant")
admin_bp = Blueprint(
    "admin_chats", __name__, url_prefix="/api/v1/admin/chats", description="Assistant conversations handed to staff"
)
SECURITY = [{"bearerAuth": []}]


@bp.post("/start")
@login_required()
@per_user("RATE_LIMIT_CHAT_START_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(ChatStartRequest)
@bp.response(200, ChatStartResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too many chats started")
def start(body):
    """Starts a conversation: career guidance for bachelor applicants plus questions about admission."""
    lang = body.get("language") or current_language()
    conversation, welcome = chat_service.start(current_user, body["type"], body["level"], lang)
    return {"chatId": conversation.public_id, "welcome": welcome, "language": conversation.language}


@bp.get("")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, ChatListResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
def own_chats():
    """The caller's conversations, latest first (to reopen one)."""
    rows = chat_service.conversations_of(current_user)
    return {"list": rows, "total": len(rows)}


@bp.get("/<string:chat_id>")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, ChatConversationRead)
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's chat")
def get_chat(chat_id):
    return chat_service.get_owned(current_user, chat_id)


@bp.post("/<string:chat_id>/message")
@login_required()
@per_user("RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(ChatMessageRequest)
@bp.response(200, ChatReplyResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
@bp.alt_response(400, schema=ErrorEnvelope, description="Empty or too long message")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's chat")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too many messages (Retry-After)")
def message(body, chat_id):
    """The assistant's reply, with the sources it is based on and, in career guidance, recommended programs."""
    return chat_service.message(current_user, chat_id, body["message"], body.get("language"))


@bp.post("/<string:chat_id>/handoff")
@login_required()
@per_user("RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(ChatHandoffRequest)
@bp.response(200, ChatReplyResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Empty or too long question")
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's chat")
@bp.alt_response(422, schema=ErrorEnvelope, description="No citizenship chosen: no admin population yet")
def handoff(body, chat_id):
    """ "Ask a person" with the applicant's own question: the conversation goes to the admissions staff of the
    applicant's population and the assistant stays silent in it until the applicant comes back."""
    return chat_service.hand_off(current_user, chat_id, body["question"], body.get("language"))


@bp.post("/<string:chat_id>/return")
@login_required()
@per_user("RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(ChatReturnRequest)
@bp.response(200, ChatReplyResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="E-mail not verified (errors.email_not_verified)")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's chat")
def back_to_assistant(body, chat_id):
    """ "Back to the assistant": the hand-off ends for new questions (reply null when it was not in force)."""
    return chat_service.back_to_assistant(current_user, chat_id, body.get("language"))


staff_only = login_required(roles=ADMIN_ROLES)


@admin_bp.get("")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(AdminChatListQuery, location="query")
@admin_bp.response(200, AdminChatListResponse)
def handed_off(query):
    """Handed-off conversations of the caller's population, unanswered first."""
    rows, total = chat_service.handed_off_for(current_user, query["page"], query["per_page"])
    return {"list": rows, "total": total}


@admin_bp.get("/<string:chat_id>")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.response(200, AdminChatRead)
@admin_bp.alt_response(404, schema=ErrorEnvelope, description="Not handed off, or another population's chat")
def admin_chat(chat_id):
    return chat_service.for_admin(current_user, chat_id)


@admin_bp.post("/<string:chat_id>/reply")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(AdminChatReplyRequest)
@admin_bp.response(200, AdminChatReplyResponse)
@admin_bp.alt_response(400, schema=ErrorEnvelope, description="Empty or too long")
@admin_bp.alt_response(404, schema=ErrorEnvelope, description="Not handed off, or another population's chat")
def reply(body, chat_id):
    """The staff answer: shown in the chat and among the applicant's application messages."""
    return {"success": True, "item": chat_service.staff_reply(current_user, chat_id, body["content"])}
