"""/api/v1/users/application/{id}/messages and /users/messages/unread: the applicant's side of the thread.

Thin: shapes in, the service, shapes out. Someone else's application answers 404 (service.own_application).
"""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..i18n import translate
from ..ratelimits import per_user
from . import service
from .schemas import (
    MessageReplyRequest,
    MessageReplyResponse,
    MessagesUnreadResponse,
    MessageThreadQuery,
    MessageThreadResponse,
)

bp = Blueprint(
    "messages",
    __name__,
    url_prefix="/api/v1/users",
    description="The applicant's message threads with the admissions staff (decision 0084)",
)
SECURITY = [{"bearerAuth": []}]


@bp.get("/application/<int:application_id>/messages")
@login_required()
@bp.doc(security=SECURITY)
@bp.arguments(MessageThreadQuery, location="query")
@bp.response(200, MessageThreadResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
def thread(query, application_id: int):
    """The thread of one own application, newest first, paged."""
    return service.thread(current_user, application_id, query["page"], query["size"])


@bp.post("/application/<int:application_id>/messages")
@login_required()
@per_user("RATE_LIMIT_APPLICATION_MESSAGE_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(MessageReplyRequest)
@bp.response(200, MessageReplyResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Empty or too long")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too many messages (Retry-After)")
def reply(body, application_id: int):
    """The applicant's reply; staff are told by e-mail after commit."""
    message = service.reply(current_user, application_id, body["content"])
    return {
        "success": True,
        "message": translate("messages.sent"),
        "message_key": "messages.sent",
        "item": service.present(message),
    }


@bp.post("/application/<int:application_id>/messages/read")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, MessagesUnreadResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
def mark_read(application_id: int):
    """Opening the thread: staff messages of this application are read; answers what stays unread overall."""
    return {"success": True, "unread": service.mark_read_by_applicant(current_user, application_id)}


@bp.get("/messages/unread")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, MessagesUnreadResponse)
def unread():
    """The header badge: staff messages the caller has not opened (one indexed count)."""
    return {"success": True, "unread": service.unread_total(current_user)}
