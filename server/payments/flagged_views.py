"""GET /api/v1/admin/payments/flagged and POST /api/v1/admin/payments/{id}/resolve (issue 23, decision 0086): the
flagged payments of the admin's population, and staff's answer to one. Thin: schema in, service call, schema out."""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from ..access import login_required
from ..common_schemas import BaseSchema, ErrorEnvelope
from ..errors import NotFound
from ..models import ADMIN_ROLES
from ..models.base import is_row_id
from ..models.payment import RESOLUTIONS
from ..populations import population_for
from . import flagged as flagged_service

bp = Blueprint(
    "flagged_payments", __name__, url_prefix="/api/v1/admin/payments", description="Flagged payments (staff)"
)
SECURITY = [{"bearerAuth": []}]


class FlaggedListQuery(BaseSchema):
    segment = fields.String(
        validate=validate.OneOf(("FOREIGN", "KZ"), error="validation.one_of"),
        metadata={"description": "the admin area (population) to list; default: the caller's own"},
    )
    state = fields.String(
        load_default=flagged_service.STATE_OPEN,
        validate=validate.OneOf(flagged_service.STATES, error="validation.one_of"),
    )
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class StaffRef(Schema):
    id = fields.Integer()
    email = fields.String()


class FlaggedPaymentRead(Schema):
    id = fields.Integer()
    amount = fields.Integer(metadata={"description": "tenge"})
    currency = fields.String()
    purpose = fields.String()
    application_id = fields.Integer(allow_none=True)
    payer_id = fields.Integer()
    payer_email = fields.String()
    payer_name = fields.String()
    flag_reason = fields.String(allow_none=True, metadata={"description": "already_paid | not_applied"})
    paid_at = fields.DateTime(allow_none=True)
    resolution = fields.String(allow_none=True, metadata={"description": "null (open) | refunded | resolved"})
    resolution_comment = fields.String(allow_none=True)
    resolved_at = fields.DateTime(allow_none=True)
    resolved_by = fields.Nested(StaffRef, allow_none=True)


class FlaggedListResponse(Schema):
    list = fields.List(fields.Nested(FlaggedPaymentRead), required=True)
    total = fields.Integer(required=True)


class ResolveRequest(BaseSchema):
    resolution = fields.String(
        required=True, validate=validate.OneOf(RESOLUTIONS, error="validation.one_of"), metadata={"enum": RESOLUTIONS}
    )
    comment = fields.String(
        required=True,
        validate=validate.Length(max=flagged_service.COMMENT_MAX, error="validation.too_long"),
        error_messages={"required": "flagged_payments.comment_required", "null": "flagged_payments.comment_required"},
    )


class ResolveResponse(Schema):
    success = fields.Boolean()
    item = fields.Nested(FlaggedPaymentRead)


def _read(payment, payer) -> dict:
    resolver = payment.resolved_by_id and flagged_service.staff_ref(payment.resolved_by_id)
    return {
        "id": payment.id,
        "amount": payment.amount,
        "currency": payment.currency,
        "purpose": payment.purpose,
        "application_id": payment.application_id,
        "payer_id": payer.id,
        "payer_email": payer.email,
        "payer_name": " ".join(part for part in (payer.last_name, payer.first_name) if part),
        "flag_reason": payment.flag_reason,
        "paid_at": payment.paid_at,
        "resolution": payment.resolution,
        "resolution_comment": payment.resolution_comment,
        "resolved_at": payment.resolved_at,
        "resolved_by": resolver or None,
    }


@bp.get("/flagged")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(FlaggedListQuery, location="query")
@bp.response(200, FlaggedListResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of that population")
def list_flagged(query):
    """Flagged payments of one population: open (oldest first) or resolved (newest first)."""
    population = population_for(current_user, segment=query.get("segment"))
    rows, total = flagged_service.list_flagged(population, query["state"], query["page"], query["per_page"])
    return {"list": [_read(payment, payer) for payment, payer in rows], "total": total}


@bp.post("/<int:payment_id>/resolve")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(ResolveRequest)
@bp.response(200, ResolveResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not a flagged payment of the caller's population")
@bp.alt_response(409, schema=ErrorEnvelope, description="Already resolved")
def resolve_flagged(body, payment_id: int):
    """Marks a flagged payment refunded or resolved, with a comment (audited)."""
    if not is_row_id(payment_id):
        raise NotFound("flagged_payments.not_found")
    payment = flagged_service.resolve(current_user, payment_id, body["resolution"], body["comment"])
    return {"success": True, "item": _read(payment, flagged_service.payer_of(payment))}
