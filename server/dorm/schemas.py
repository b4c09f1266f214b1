"""Request and answer shapes of the dormitory calls (req §7; decision 0067)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..common_schemas import BaseSchema
from ..models.base import MAX_ID
from ..models.dorm_booking import TRANSFER_MOVE, TRANSFER_STATUSES, TRANSFER_SWAP

Id = lambda **kw: fields.Integer(strict=True, validate=validate.Range(1, MAX_ID), **kw)  # noqa: E731
QueryId = lambda **kw: fields.Integer(strict=False, validate=validate.Range(1, MAX_ID), **kw)  # noqa: E731
Reason = lambda **kw: fields.String(validate=validate.Length(1, 1000), **kw)  # noqa: E731


# ------------------------------------------------------------------------------------------------------ answers


class MediaRead(Schema):
    id = fields.Integer()
    url = fields.String()
    file_name = fields.String()


class HallRoomTypeRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    capacity = fields.Integer()
    price = fields.Integer(metadata={"description": "integer tenge"})
    price_period = fields.String(metadata={"description": "what one price pays for: month | semester | academic_year"})
    free_places = fields.Integer(metadata={"description": "places free for the caller's gender"})
    media = fields.List(fields.Nested(MediaRead))


class NamedRead(Schema):
    id = fields.Integer()
    name = fields.String(metadata={"description": "the Russian name"})
    # The other languages ('' = not given: show the Russian one; decision 0073).
    name_kk = fields.String(dump_default="")
    name_en = fields.String(dump_default="")


class RoomTypeNamedRead(NamedRead):
    price = fields.Integer()
    price_period = fields.String()


class HallRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    buildings = fields.List(fields.Nested(NamedRead))
    room_types = fields.List(fields.Nested(HallRoomTypeRead))


class GenderRead(Schema):
    id = fields.Integer()
    code = fields.String()


class HallsResponse(Schema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(HallRead))
    total = fields.Integer()
    eligible = fields.Boolean()
    reason_key = fields.String(allow_none=True)
    gender = fields.Nested(GenderRead, allow_none=True)
    hold_hours = fields.Integer()


class RoomRead(Schema):
    id = fields.Integer()
    name = fields.String()
    section = fields.Function(lambda r: r.section.name)
    floor = fields.Function(lambda r: r.section.floor.name)
    building = fields.Function(lambda r: r.section.floor.building.name)


class BookingRead(Schema):
    id = fields.Integer()
    status = fields.String(metadata={"description": "offered | held | confirmed | cancelled | expired"})
    hall = fields.Nested(NamedRead)
    room_type = fields.Nested(RoomTypeNamedRead)
    room = fields.Nested(RoomRead)
    price = fields.Integer()
    price_period = fields.Function(lambda b: b.room_type.price_period)
    hold_expires_at = fields.DateTime(allow_none=True, metadata={"description": "hold or offer deadline (UTC)"})
    confirmed_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()
    end_reason = fields.String(allow_none=True)


class WaitEntryRead(Schema):
    id = fields.Integer()
    status = fields.String()
    hall = fields.Nested(NamedRead)
    room_type = fields.Nested(NamedRead)
    priority = fields.Integer()
    category_code = fields.String(allow_none=True)
    offer_expires_at = fields.DateTime(allow_none=True)
    booking_id = fields.Integer(allow_none=True)
    created_at = fields.DateTime()


class WaitlistRead(Schema):
    entry = fields.Nested(WaitEntryRead)
    position = fields.Integer(allow_none=True)
    total = fields.Integer(allow_none=True)


class TransferRead(Schema):
    id = fields.Integer()
    kind = fields.String()
    status = fields.String()
    user_id = fields.Integer()
    booking_id = fields.Integer()
    target_hall = fields.Nested(NamedRead, allow_none=True)
    target_room_type = fields.Nested(RoomTypeNamedRead, allow_none=True)
    price_difference = fields.Integer(
        allow_none=True,
        metadata={"description": "on approval of a move: > 0 to pay (status awaiting_payment), < 0 refunded"},
    )
    # No swap_user_id here: the requester must not learn whether the e-mail was a resident's (issue 22, finding 11).
    swap_accepted_at = fields.DateTime(allow_none=True)
    comment = fields.String(allow_none=True)
    decision_reason = fields.String(allow_none=True)
    decided_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()


class RefundRead(Schema):
    id = fields.Integer()
    transfer_id = fields.Integer(allow_none=True)
    amount = fields.Integer(metadata={"description": "integer tenge owed back to the resident"})
    reason = fields.String()
    status = fields.String(metadata={"description": "due | refunded"})
    created_at = fields.DateTime()


class AdminTransferRead(TransferRead):
    user_name = fields.Function(
        lambda t: " ".join(p for p in (t.user.last_name, t.user.first_name) if p) or t.user.email
    )
    user_email = fields.Function(lambda t: t.user.email)
    swap_user_id = fields.Integer(allow_none=True)
    # The e-mail the requester typed; swap_user_id is null when it was no resident's at the time.
    swap_user_email = fields.Function(lambda t: t.swap_user.email if t.swap_user else t.swap_email)
    swap_user_name = fields.Function(
        lambda t: (
            (" ".join(p for p in (t.swap_user.last_name, t.swap_user.first_name) if p) or None) if t.swap_user else None
        )
    )
    booking = fields.Nested(BookingRead)
    refund = fields.Nested(RefundRead, allow_none=True)


class BookingResponse(Schema):
    success = fields.Boolean(dump_default=True)
    created = fields.Boolean()
    booking = fields.Nested(BookingRead, allow_none=True)
    waitlist = fields.Nested(WaitEntryRead, allow_none=True)


class CheckBookingResponse(Schema):
    success = fields.Boolean(dump_default=True)
    eligible = fields.Boolean()
    reason_key = fields.String(allow_none=True)
    booking = fields.Nested(BookingRead, allow_none=True)
    waitlist = fields.Nested(WaitlistRead, allow_none=True)
    transfers = fields.List(fields.Nested(TransferRead))


class TransferResponse(Schema):
    success = fields.Boolean(dump_default=True)
    item = fields.Nested(TransferRead)


class AdminTransfersResponse(Schema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(AdminTransferRead))
    total = fields.Integer()


class AdminTransferResponse(Schema):
    success = fields.Boolean(dump_default=True)
    item = fields.Nested(AdminTransferRead)


# ----------------------------------------------------------------------------------------------------- requests


class CreateBookingRequest(BaseSchema):
    hall_id = Id(required=True)
    room_type_id = Id(required=True)
    join_waitlist = fields.Boolean(
        load_default=False, metadata={"description": "when nothing is free, join the waitlist instead of 409"}
    )


class CheckBookingRequest(BaseSchema):
    pass


class UpdateBookingRequest(BaseSchema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(("cancel", "change_room_type", "accept_offer", "decline_offer", "leave_waitlist")),
    )
    booking_id = Id()
    hall_id = Id()
    room_type_id = Id()
    reason = Reason()


class CreateTransferRequest(BaseSchema):
    kind = fields.String(required=True, validate=validate.OneOf((TRANSFER_MOVE, TRANSFER_SWAP)))
    hall_id = Id()
    room_type_id = Id()
    swap_email = fields.String(validate=validate.Length(3, 254))
    comment = fields.String(validate=validate.Length(0, 1000))


class UpdateTransferRequest(BaseSchema):
    request_id = Id(required=True)
    action = fields.String(required=True, validate=validate.OneOf(("cancel", "accept_swap", "decline_swap")))


class TransfersQuery(BaseSchema):
    type = fields.String(load_default="pending", validate=validate.OneOf(TRANSFER_STATUSES))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 100))


class DecideTransferRequest(BaseSchema):
    id = Id(required=True)
    action = fields.String(required=True, validate=validate.OneOf(("approve", "reject")))
    reason = Reason()


class SettleRefundRequest(BaseSchema):
    id = Id(required=True)


class RefundResponse(Schema):
    success = fields.Boolean(dump_default=True)
    item = fields.Nested(RefundRead)


class AdminUpdateBookingRequest(BaseSchema):
    booking_id = Id(required=True)
    action = fields.String(required=True, validate=validate.OneOf(("cancel", "move")))
    reason = Reason(required=True)
    room_id = Id()


class BoardQuery(BaseSchema):
    hall_id = QueryId()
    building_id = QueryId()
    gender_id = QueryId()


class ResidentRead(Schema):
    booking_id = fields.Integer()
    name = fields.String()
    status = fields.String()
    suborganization_id = fields.Integer(allow_none=True)
    hold_expires_at = fields.DateTime(allow_none=True)


class BoardRoomRead(Schema):
    id = fields.Integer()
    name = fields.String()
    room_type = fields.Nested(NamedRead)
    capacity = fields.Integer()
    gender = fields.String(allow_none=True)
    occupied = fields.Integer()
    held = fields.Integer()
    reserved = fields.Integer()
    free = fields.Integer()
    residents = fields.List(fields.Nested(ResidentRead))


class BoardSectionRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    rooms = fields.List(fields.Nested(BoardRoomRead))


class BoardFloorRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    sections = fields.List(fields.Nested(BoardSectionRead))


class BoardBuildingRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    floors = fields.List(fields.Nested(BoardFloorRead))


class BoardHallRead(Schema):
    id = fields.Integer()
    name = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    buildings = fields.List(fields.Nested(BoardBuildingRead))


class BoardTotals(Schema):
    rooms = fields.Integer()
    occupied = fields.Integer()
    held = fields.Integer()
    reserved = fields.Integer()
    free = fields.Integer()


class BoardResponse(Schema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(BoardHallRead))
    totals = fields.Nested(BoardTotals)


class AdminBookingResponse(Schema):
    success = fields.Boolean(dump_default=True)
    item = fields.Nested(BookingRead)


class SuborganizationRead(Schema):
    id = fields.Integer()
    code = fields.String()
    name = fields.String()
    reserved_places = fields.Integer()
    members = fields.Integer()
    placed = fields.Integer()


class SuborganizationsResponse(Schema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(SuborganizationRead))
    total = fields.Integer()


class ListSuborganizationsRequest(BaseSchema):
    pass


class MembersRequest(BaseSchema):
    suborganization_id = Id(required=True)
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 100))


class MemberRead(Schema):
    id = fields.Integer()
    last_name = fields.String()
    first_name = fields.String()
    middle_name = fields.String(allow_none=True)
    email = fields.String()
    phone = fields.String(allow_none=True)
    gender = fields.String(allow_none=True)
    booking_id = fields.Integer(allow_none=True)
    room_id = fields.Integer(allow_none=True)


class MembersResponse(Schema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(MemberRead))
    total = fields.Integer()


class UploadUsersForm(BaseSchema):
    suborganization_code = fields.String(required=True, validate=validate.Length(1, 64))
    suborganization_name = fields.String(validate=validate.Length(1, 255))


class UploadUsersResponse(Schema):
    success = fields.Boolean(dump_default=True)
    suborganization_id = fields.Integer()
    created = fields.Integer()
    updated = fields.Integer()


class AssignRequest(BaseSchema):
    suborganization_id = Id(required=True)
    member_ids = fields.List(Id(), required=True, validate=validate.Length(1, 500))


class AssignResponse(Schema):
    success = fields.Boolean(dump_default=True)
    assigned = fields.Integer()
    booking_ids = fields.List(fields.Integer())


class BlockRequest(BaseSchema):
    suborganization_id = Id(required=True)
    room_id = Id(required=True)
    places = fields.Integer(strict=True, required=True, validate=validate.Range(0, 10))


class BlockResponse(Schema):
    success = fields.Boolean(dump_default=True)
    suborganization_id = fields.Integer()
    room_id = fields.Integer()
    places = fields.Integer()
