"""Dormitory calls of req §7 (issue 13; decision 0067): applicants' /users/* (halls, bookings, waitlist,
transfers), staff /admin/* (transfers, bookings, occupancy board, suborganizations) and /suborganizations/*.
Thin: load the shape, call the service, dump the shape."""

from __future__ import annotations

from flask import Response, send_file
from flask_jwt_extended import current_user
from flask_smorest import Blueprint
from flask_smorest.fields import Upload
from marshmallow import Schema

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import current_language
from ..integrations.storage import get_storage
from ..models import ADMIN_ROLES
from ..models.base import utcnow
from ..ratelimits import per_user
from . import bookings as dorm_bookings
from . import payments as dorm_payments  # noqa: F401  (registers the `dorm_booking` payment purpose at start-up)
from . import room_media
from . import schemas as s
from . import staff_tools as dorm_admin
from . import transfers as dorm_transfers

SECURITY = [{"bearerAuth": []}]
staff_only = login_required(roles=ADMIN_ROLES)

users_bp = Blueprint("dorm_users", __name__, url_prefix="/api/v1/users", description="Dormitory places for applicants")
admin_bp = Blueprint("dorm_admin", __name__, url_prefix="/api/v1/admin", description="Dormitory: staff")
suborg_bp = Blueprint(
    "suborganizations", __name__, url_prefix="/api/v1/suborganizations", description="Suborganizations' places"
)


def _discard_unfinished_work(_error=None):
    """A use case that refused (ApiError) after writing leaves nothing behind, also when the request shares its
    session with the caller (tests, CLI); after a commit this is a no-op."""
    db.session.rollback()


for _bp in (users_bp, admin_bp, suborg_bp):
    _bp.teardown_request(_discard_unfinished_work)


# ---------------------------------------------------------------------------------------------------- applicants


@users_bp.get("/halls")
@login_required()
@users_bp.doc(security=SECURITY)
@users_bp.response(200, s.HallsResponse)
def halls():
    """Halls with buildings and room types (photos, price, capacity, places free for the caller's gender)."""
    return dorm_bookings.halls_overview(current_user)


@users_bp.get("/room-type-media/<int:media_id>")
@login_required()
@users_bp.doc(
    security=SECURITY,
    responses={"200": {"description": "The image", "content": {"image/*": {"schema": {"type": "string"}}}}},
)
def room_type_media(media_id: int):
    """A room type's picture for the room-type modal (§2)."""
    media = room_media.get_media(media_id)
    try:
        stream = get_storage().open(media.storage_key)
    except FileNotFoundError:
        raise NotFound("errors.not_found") from None
    response = send_file(stream, mimetype=media.content_type, as_attachment=False, max_age=300)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@users_bp.post("/create-booking")
@login_required()
@users_bp.doc(security=SECURITY)
@users_bp.arguments(s.CreateBookingRequest)
@users_bp.response(200, s.BookingResponse)
@users_bp.alt_response(404, schema=ErrorEnvelope, description="No such hall or room type")
@users_bp.alt_response(409, schema=ErrorEnvelope, description="No places left (join the waitlist), or another booking")
@users_bp.alt_response(422, schema=ErrorEnvelope, description="Not eligible for a dormitory place")
def create_booking(body):
    """Holds a bed of the room type in the hall until the hold deadline (pay to confirm)."""
    return dorm_bookings.create_booking(current_user, body["hall_id"], body["room_type_id"], body["join_waitlist"])


@users_bp.post("/check-booking")
@login_required()
@users_bp.doc(security=SECURITY)
@users_bp.arguments(s.CheckBookingRequest)
@users_bp.response(200, s.CheckBookingResponse)
def check_booking(_body):
    """The caller's booking (state, room, deadline), waitlist position and transfer requests."""
    return dorm_bookings.check_booking(current_user)


@users_bp.post("/update-booking")
@login_required()
@users_bp.doc(security=SECURITY)
@users_bp.arguments(s.UpdateBookingRequest)
@users_bp.response(200, s.BookingResponse)
@users_bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's booking")
@users_bp.alt_response(409, schema=ErrorEnvelope, description="Not possible in the booking's state")
def update_booking(body):
    """cancel | change_room_type (atomic) | accept_offer | decline_offer | leave_waitlist."""
    action = body["action"]
    if action == "leave_waitlist":
        dorm_bookings.leave_waitlist(current_user)
        return {"booking": None, "created": False}
    if "booking_id" not in body:
        raise Invalid("errors.validation", {"booking_id": ["validation.required"]})
    if action in ("cancel", "decline_offer"):
        booking = dorm_bookings.cancel_booking(current_user, body["booking_id"], body.get("reason"))
    elif action == "accept_offer":
        booking = dorm_bookings.accept_offer(current_user, body["booking_id"])
    else:
        missing = {k: ["validation.required"] for k in ("hall_id", "room_type_id") if k not in body}
        if missing:
            raise Invalid("errors.validation", missing)
        booking = dorm_bookings.change_room_type(
            current_user, body["booking_id"], body["hall_id"], body["room_type_id"]
        )
    return {"booking": booking, "created": False}


@users_bp.post("/create-room-transfer-request")
@login_required()
@per_user("RATE_LIMIT_DORM_TRANSFER_REQUEST_PER_ACCOUNT")
@users_bp.doc(security=SECURITY)
@users_bp.arguments(s.CreateTransferRequest)
@users_bp.response(200, s.TransferResponse)
@users_bp.alt_response(404, schema=ErrorEnvelope, description="No such hall or room type")
@users_bp.alt_response(409, schema=ErrorEnvelope, description="A request is already pending")
@users_bp.alt_response(422, schema=ErrorEnvelope, description="Only residents (paid bookings) may ask")
@users_bp.alt_response(429, schema=ErrorEnvelope, description="Too many requests")
def create_transfer(body):
    """Asks to move to another hall/room type, or to swap rooms with a named resident (their e-mail). A swap is
    answered the same whether or not the e-mail is a resident's; the resident is mailed at most once a day."""
    return {"item": dorm_transfers.create_request(current_user, body)}


@users_bp.post("/update-room-transfer-request")
@login_required()
@users_bp.doc(security=SECURITY)
@users_bp.arguments(s.UpdateTransferRequest)
@users_bp.response(200, s.TransferResponse)
@users_bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's request")
@users_bp.alt_response(409, schema=ErrorEnvelope, description="Already decided")
def update_transfer(body):
    """cancel (the requester) | accept_swap / decline_swap (the named resident)."""
    return {"item": dorm_transfers.update_request(current_user, body["request_id"], body["action"])}


# --------------------------------------------------------------------------------------------------------- staff


@admin_bp.get("/transfers")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.TransfersQuery, location="query")
@admin_bp.response(200, s.AdminTransfersResponse)
def transfers(query):
    """Room transfer requests by state: pending | approved | rejected | cancelled."""
    rows, total = dorm_transfers.list_for_admin(query["type"], query["page"], query["per_page"])
    return {"list": rows, "total": total}


@admin_bp.post("/update-room-transfer")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.DecideTransferRequest)
@admin_bp.response(200, s.AdminTransferResponse)
@admin_bp.alt_response(409, schema=ErrorEnvelope, description="Decided already, no place, or gender mismatch")
def update_transfer_admin(body):
    """Approves (atomic move or swap, capacity and gender re-checked) or rejects (reason required)."""
    return {"item": dorm_transfers.decide(current_user, body["id"], body["action"], body.get("reason"))}


@admin_bp.post("/settle-dorm-refund")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.SettleRefundRequest)
@admin_bp.response(200, s.RefundResponse)
@admin_bp.alt_response(409, schema=ErrorEnvelope, description="Already marked refunded")
def settle_refund(body):
    """Marks a refund due (a move into a cheaper room; decision 0088) as paid back to the resident (audited)."""
    return {"item": dorm_transfers.settle_refund(current_user, body["id"])}


@admin_bp.post("/update-booking")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.AdminUpdateBookingRequest)
@admin_bp.response(200, s.AdminBookingResponse)
@admin_bp.alt_response(409, schema=ErrorEnvelope, description="Not active, no place, or gender mismatch")
def update_booking_admin(body):
    """Cancels any booking, or moves it to a named room, with a reason (audited)."""
    booking = dorm_admin.admin_update_booking(
        current_user, body["booking_id"], body["action"], body["reason"], body.get("room_id")
    )
    return {"item": booking}


@admin_bp.get("/dorm-board")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.BoardQuery, location="query")
@admin_bp.response(200, s.BoardResponse)
def board(query):
    """Occupancy per hall → building → floor → section → room."""
    return dorm_admin.board(query.get("hall_id"), query.get("building_id"), query.get("gender_id"))


@admin_bp.get("/dorm-board/export")
@staff_only
@admin_bp.doc(
    security=SECURITY,
    responses={"200": {"description": "xlsx", "content": {"application/vnd.ms-excel": {"schema": {"type": "string"}}}}},
)
@admin_bp.arguments(s.BoardQuery, location="query")
def board_export(query):
    """The residents as an xlsx file (dormitory_residents_<timestamp>.xlsx)."""
    data = dorm_admin.export_residents(current_language(), query.get("hall_id"))
    name = f"dormitory_residents_{utcnow().strftime('%Y%m%d_%H%M%S')}.xlsx"
    return Response(
        data,
        mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
    )


@admin_bp.post("/list-suborganizations")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.ListSuborganizationsRequest)
@admin_bp.response(200, s.SuborganizationsResponse)
def list_suborganizations(_body):
    """Suborganizations with their reserved places, people and people placed."""
    rows = dorm_admin.list_suborganizations()
    return {"list": rows, "total": len(rows)}


@admin_bp.post("/users-list-suborganizations")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.MembersRequest)
@admin_bp.response(200, s.MembersResponse)
def users_list_suborganizations(body):
    """The people of one suborganization (paged), with their placement."""
    rows, total = dorm_admin.members_of(body["suborganization_id"], body["page"], body["per_page"])
    return {"list": rows, "total": total}


class UploadUsersFile(Schema):
    file = Upload(
        required=True, metadata={"description": "xlsx: last_name, first_name, middle_name, email, phone, gender"}
    )


@admin_bp.post("/upload-users")
@staff_only
@admin_bp.doc(security=SECURITY)
@admin_bp.arguments(s.UploadUsersForm, location="form")
@admin_bp.arguments(UploadUsersFile, location="files")
@admin_bp.response(200, s.UploadUsersResponse)
@admin_bp.alt_response(422, schema=ErrorEnvelope, description="Row errors by row number; nothing imported")
def upload_users(form, files):
    """Imports a suborganization's people from the xlsx template (all rows or none)."""
    return dorm_admin.upload_users(
        current_user, form["suborganization_code"], form.get("suborganization_name"), files["file"].stream
    )


@suborg_bp.post("/assign")
@staff_only
@suborg_bp.doc(security=SECURITY)
@suborg_bp.arguments(s.AssignRequest)
@suborg_bp.response(200, s.AssignResponse)
@suborg_bp.alt_response(409, schema=ErrorEnvelope, description="The organisation's places are full")
def assign(body):
    """Places people within the organisation's reserved places (capacity and gender rules; all or nothing)."""
    return dorm_admin.assign(current_user, body["suborganization_id"], body["member_ids"])


@suborg_bp.post("/set-block")
@staff_only
@suborg_bp.doc(security=SECURITY)
@suborg_bp.arguments(s.BlockRequest)
@suborg_bp.response(200, s.BlockResponse)
@suborg_bp.alt_response(422, schema=ErrorEnvelope, description="More than the room's reserved places")
def set_block(body):
    """Gives a suborganization `places` of a room's external reserved places."""
    block = dorm_admin.set_block(current_user, body["suborganization_id"], body["room_id"], body["places"])
    return {"suborganization_id": block.suborganization_id, "room_id": block.room_id, "places": block.places}
