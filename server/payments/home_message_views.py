"""Settings → home-page messages (issue 23, decision 0087): the admin of a population lists, creates, edits and
retires its messages. Thin: home_message_staff.py owns the checks, the transaction and the audit row."""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import NotFound
from ..models import ADMIN_ROLES
from ..models.base import is_row_id
from ..populations import population_for
from . import home_message_staff as staff
from .home_message_schemas import (
    RecipientList,
    RecipientsQuery,
    SegmentQuery,
    StaffMessageAnswer,
    StaffMessageBody,
    StaffMessageList,
    StaffMessagesQuery,
)

bp = Blueprint(
    "home_message_settings",
    __name__,
    url_prefix="/api/v1/admin/home-page-messages",
    description="Settings: home-page messages",
)
SECURITY = [{"bearerAuth": []}]


def _message_id(message_id: int) -> int:
    if not is_row_id(message_id):
        raise NotFound("errors.not_found")
    return message_id


@bp.get("")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(StaffMessagesQuery, location="query")
@bp.response(200, StaffMessageList)
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of the segment's population")
def list_messages(query):
    """The population's messages (active or retired), newest first, one page at a time."""
    population = population_for(current_user, segment=query["segment"])
    return staff.list_messages(
        population, active=query["status"] == "active", page=query["page"], per_page=query["per_page"]
    )


@bp.get("/recipients")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(RecipientsQuery, location="query")
@bp.response(200, RecipientList)
def recipients(query):
    """Applicants of the population matching an e-mail or name fragment (at least 2 characters; at most 10)."""
    return staff.recipients(population_for(current_user, segment=query["segment"]), query["q"])


@bp.post("")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(SegmentQuery, location="query")
@bp.arguments(StaffMessageBody)
@bp.response(201, StaffMessageAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="Field errors, every field at once")
def create_message(query, body):
    """Creates a message to the population or to one of its applicants."""
    population = population_for(current_user, segment=query["segment"])
    return {"success": True, "item": staff.create(current_user, population, body)}


@bp.put("/<int:message_id>")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(SegmentQuery, location="query")
@bp.arguments(StaffMessageBody)
@bp.response(200, StaffMessageAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not a message of the population")
@bp.alt_response(409, schema=ErrorEnvelope, description="The message is retired")
def update_message(query, body, message_id: int):
    """Replaces an active message's content, audience and dates."""
    population = population_for(current_user, segment=query["segment"])
    return {"success": True, "item": staff.update(current_user, population, _message_id(message_id), body)}


@bp.post("/<int:message_id>/retire")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(SegmentQuery, location="query")
@bp.response(200, StaffMessageAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not a message of the population")
def retire_message(query, message_id: int):
    """Takes the message off the home page (idempotent)."""
    population = population_for(current_user, segment=query["segment"])
    return {"success": True, "item": staff.retire(current_user, population, _message_id(message_id))}
