"""Room transfers (issue 13; req §7 create/update-room-transfer-request, admin transfers; decision 0067).

A resident (a confirmed booking) asks to move to another hall/room type, or to swap rooms with a named resident
(by e-mail) who must accept first; the requester learns nothing about whether the e-mail is a resident's, and the
resident gets at most one mail a day from the same requester (issue 22, finding 11). Staff approve (the move is
atomic and re-checks capacity and gender at that moment) or reject with a reason; both are mailed to the resident
and audited on the booking.
"""

from __future__ import annotations

from datetime import date, timedelta

from flask import current_app
from sqlalchemy import func, select

from .. import audit
from ..accounts.users import language_of
from ..database import use_case
from ..errors import Conflict, Invalid, NotFound, Refused
from ..extensions import db
from ..jobs.after_commit import enqueue_after_commit
from ..jobs.mail import queue_mail
from ..models import DormBooking, DormRefund, DormSwapNotice, DormTransferRequest, Hall, RoomType, SectionRoom, User
from ..models.base import utcnow
from ..models.dorm_booking import (
    BOOKING_CONFIRMED,
    REFUND_DUE,
    REFUND_PAID,
    TRANSFER_APPROVED,
    TRANSFER_AWAITING_PAYMENT,
    TRANSFER_CANCELLED,
    TRANSFER_MOVE,
    TRANSFER_PENDING,
    TRANSFER_REJECTED,
    TRANSFER_SWAP,
)
from ..models.dorm_places import enforce_rooms
from ..models.dormitory import PERIODS_PER_YEAR
from ..notification_centre import notify
from . import dao
from .places import SYSTEM_PAYMENT, Actor, find_room, lock_for_change, move, record

PAGE_SIZE_MAX = 100


def _resident_booking(user_id: int) -> DormBooking | None:
    booking = dao.active_booking_of(user_id)
    return booking if booking is not None and booking.status == BOOKING_CONFIRMED else None


def transfers_for(user: User) -> list[DormTransferRequest]:
    return dao.transfers_of(user.id)


@use_case
def create_request(user: User, body: dict) -> DormTransferRequest:
    """A resident's move or swap request. A swap is answered the same whether or not the e-mail is a resident's
    (issue 22, finding 11): the same statements run, the same row is written (naming the resident only when there is
    one, for staff and for the resident's acceptance) and the same job is queued; only the job, after the answer,
    mails the resident, at most once per requester, resident and day."""
    lock_for_change(user.id, ())
    booking = _resident_booking(user.id)
    if booking is None:
        raise Refused("dorm.transfer_needs_resident")
    pending = db.session.scalar(
        select(DormTransferRequest).where(
            DormTransferRequest.user_id == user.id,
            DormTransferRequest.status.in_((TRANSFER_PENDING, TRANSFER_AWAITING_PAYMENT)),
        )
    )
    if pending is not None:
        raise Conflict("dorm.transfer_pending_exists")
    request = DormTransferRequest(
        user_id=user.id,
        booking_id=booking.id,
        kind=body["kind"],
        comment=body.get("comment"),
        status=TRANSFER_PENDING,
        created_at=utcnow(),
    )
    if body["kind"] == TRANSFER_MOVE:
        hall_id, room_type_id = body.get("hall_id"), body.get("room_type_id")
        if hall_id is None or room_type_id is None:
            raise Invalid("dorm.transfer_target_required")
        if db.session.get(Hall, hall_id) is None or db.session.get(RoomType, room_type_id) is None:
            raise NotFound("dorm.room_type_not_found")
        if booking.hall_id == hall_id and booking.room_type_id == room_type_id:
            raise Refused("dorm.transfer_same_place")
        request.target_hall_id, request.target_room_type_id = hall_id, room_type_id
    else:
        email = (body.get("swap_email") or "").strip().lower()
        if not email:
            raise Invalid("dorm.transfer_target_required")
        if email == user.email.lower():
            raise Refused("dorm.swap_with_self")
        request.swap_email = email
        request.swap_user_id = dao.resident_id_by_email(email)
    db.session.add(request)
    db.session.flush()
    if request.kind == TRANSFER_SWAP:
        enqueue_after_commit("dorm.swap_request_notice", request.id)
    return request


def local_day() -> date:
    """Today in the university's clock (LOCAL_UTC_OFFSET_MINUTES), the day of the one-mail-per-pair rule."""
    offset = int(current_app.config.get("LOCAL_UTC_OFFSET_MINUTES", 300))
    return (utcnow() + timedelta(minutes=offset)).date()


@use_case
def notify_swap_target(request_id: int) -> bool:
    """The job of every swap request: mails the named resident unless this requester already mailed them today
    (a DormSwapNotice row per pair and local day, under the requester's lock; the unique key backs it). Does nothing
    for a request that names no resident, or one no longer pending. True when a mail was queued."""
    request = db.session.get(DormTransferRequest, request_id)
    if request is None or request.swap_user_id is None or request.status != TRANSFER_PENDING:
        return False
    lock_for_change(request.user_id, ())
    day = local_day()
    sent = db.session.scalar(
        select(DormSwapNotice.id).where(
            DormSwapNotice.requester_id == request.user_id,
            DormSwapNotice.target_user_id == request.swap_user_id,
            DormSwapNotice.day == day,
        )
    )
    if sent is not None:
        return False
    db.session.add(
        DormSwapNotice(requester_id=request.user_id, target_user_id=request.swap_user_id, day=day, created_at=utcnow())
    )
    target = db.session.get(User, request.swap_user_id)
    notify(target, "dorm_swap_request", {"name": _name(request.user)}, "/dormitory")
    queue_mail(target.email, "dorm_swap_request", language_of(target), name=_name(request.user))
    return True


def _name(user: User) -> str:
    return " ".join(p for p in (user.last_name, user.first_name) if p) or user.email


@use_case
def update_request(user: User, request_id: int, action: str) -> DormTransferRequest:
    request = db.session.scalar(
        select(DormTransferRequest).where(DormTransferRequest.id == request_id).with_for_update()
    )
    if request is None or user.id not in (request.user_id, request.swap_user_id):
        raise NotFound("dorm.transfer_not_found")
    # A move waiting for its difference can still be given up (the resident stays where they are).
    cancellable = action == "cancel" and request.status == TRANSFER_AWAITING_PAYMENT
    if request.status != TRANSFER_PENDING and not cancellable:
        raise Conflict("dorm.transfer_decided")
    if action == "cancel":
        if request.user_id != user.id:
            raise NotFound("dorm.transfer_not_found")
        request.status = TRANSFER_CANCELLED
    elif action in ("accept_swap", "decline_swap"):
        if request.swap_user_id != user.id or request.kind != TRANSFER_SWAP:
            raise NotFound("dorm.transfer_not_found")
        if action == "accept_swap":
            request.swap_accepted_at = utcnow()
        else:
            request.status = TRANSFER_REJECTED
            request.decision_reason = "swap_declined"
            request.decided_at = utcnow()
    return request


# ------------------------------------------------------------------------------------------------------- staff


def list_for_admin(status: str, page: int, per_page: int) -> tuple[list[DormTransferRequest], int]:
    per_page = min(per_page, PAGE_SIZE_MAX)
    query = select(DormTransferRequest).where(DormTransferRequest.status == status)
    total = db.session.scalar(select(func.count()).select_from(query.subquery()))
    rows = db.session.scalars(
        query.order_by(DormTransferRequest.created_at, DormTransferRequest.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return list(rows), total


@use_case
def decide(admin: User, request_id: int, action: str, reason: str | None) -> DormTransferRequest:
    actor = Actor(admin, next(iter(sorted(admin.role_names))))
    request = db.session.get(DormTransferRequest, request_id)
    if request is None:
        raise NotFound("dorm.transfer_not_found")
    booking = db.session.get(DormBooking, request.booking_id)
    other = _resident_booking(request.swap_user_id) if request.swap_user_id else None
    types = [booking.room_type_id]
    if request.target_room_type_id:
        types.append(request.target_room_type_id)
    if other is not None:
        types.append(other.room_type_id)
    lock_for_change(None, types)
    request = db.session.scalar(
        select(DormTransferRequest)
        .where(DormTransferRequest.id == request_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if request.status != TRANSFER_PENDING:
        raise Conflict("dorm.transfer_decided")
    if action == "reject":
        if not reason:
            raise Invalid("dorm.reason_required")
        request.status = TRANSFER_REJECTED
    else:
        booking = dao.lock_booking(request.booking_id)
        if booking is None or booking.status != BOOKING_CONFIRMED:
            raise Conflict("dorm.transfer_booking_gone")
        if request.kind == TRANSFER_MOVE:
            _approve_move(request, booking, actor, reason)
        else:
            if request.swap_accepted_at is None:
                raise Conflict("dorm.swap_not_accepted")
            other = dao.lock_booking(other.id) if other is not None else None
            if other is None:
                raise Conflict("dorm.transfer_booking_gone")
            _swap(booking, other, actor, reason, request.id)
            request.status = TRANSFER_APPROVED
    request.decision_reason = reason
    request.decided_by_id = admin.id
    request.decided_at = utcnow()
    audit.record(
        f"dorm_transfer_{action}",
        ("dorm_transfer", str(request.id)),
        {"status": request.status, "price_difference": request.price_difference, "reason": reason},
        actor=admin,
    )
    user = db.session.get(User, request.user_id)
    if request.status == TRANSFER_AWAITING_PAYMENT:
        template, params = "dorm_transfer_pay_difference", {"amount": request.price_difference}
    elif request.status == TRANSFER_APPROVED:
        template, params = "dorm_transfer_approved", {}
    else:
        template, params = "dorm_transfer_rejected", {}
    notify(user, template, {"reason": reason or "", **params}, "/dormitory")
    queue_mail(user.email, template, language_of(user), reason=reason or "", **params)
    return request


# ------------------------------------------------------------------------------------- money of a move (0088)


def price_in_period(room_type: RoomType, period: str) -> int:
    """The room type's price converted to another payment period (ten months make the academic year's stay)."""
    if room_type.price_period == period:
        return room_type.price
    return round(room_type.price * PERIODS_PER_YEAR[room_type.price_period] / PERIODS_PER_YEAR[period])


def price_difference(booking: DormBooking, target_room_type_id: int) -> int:
    """The target's price for the booking's period less what the booking cost for that period (whole period, not
    prorated: the booking was paid for the period as a whole, and the difference is for the same period)."""
    current = db.session.get(RoomType, booking.room_type_id)
    target = db.session.get(RoomType, target_room_type_id)
    return price_in_period(target, current.price_period) - booking.price


def _approve_move(request: DormTransferRequest, booking: DormBooking, actor: Actor, reason) -> None:
    """Dearer: nothing moves yet; the resident is asked for the difference and moved when it is paid (a free bed
    must exist now, and is looked for again at payment). Cheaper: moved now, the difference owed back recorded."""
    difference = price_difference(booking, request.target_room_type_id)
    request.price_difference = difference
    if difference > 0:
        if find_room(request.target_hall_id, request.target_room_type_id, booking.gender_id, booking.room_id) is None:
            raise Conflict("dorm.transfer_no_places")
        request.status = TRANSFER_AWAITING_PAYMENT
        return
    _complete_move(request, booking, actor, reason)
    if difference < 0:
        db.session.add(
            DormRefund(
                user_id=request.user_id,
                booking_id=booking.id,
                transfer_id=request.id,
                amount=-difference,
                reason="transfer_cheaper",
                created_at=utcnow(),
            )
        )


def _complete_move(request: DormTransferRequest, booking: DormBooking, actor: Actor, reason) -> None:
    move(booking, request.target_hall_id, request.target_room_type_id, actor, reason, request.id)
    # From now on the booking costs the new room's price (for its own period): the next move compares with it.
    booking.price = db.session.get(RoomType, request.target_room_type_id).price
    request.status = TRANSFER_APPROVED


def transfer_to_pay(user: User, request_id: int | None) -> DormTransferRequest:
    """The caller's move waiting for its difference, with a bed still free (the payment purpose's check)."""
    request = db.session.get(DormTransferRequest, request_id) if request_id else None
    if request is None or request.user_id != user.id:
        raise NotFound("dorm.transfer_not_found")
    if request.status == TRANSFER_APPROVED:
        raise Conflict("payments.already_paid")
    if request.status != TRANSFER_AWAITING_PAYMENT or not request.price_difference:
        raise Conflict("dorm.transfer_not_payable")
    booking = db.session.get(DormBooking, request.booking_id)
    if booking is None or booking.status != BOOKING_CONFIRMED:
        raise Conflict("dorm.transfer_booking_gone")
    if find_room(request.target_hall_id, request.target_room_type_id, booking.gender_id, booking.room_id) is None:
        raise Conflict("dorm.transfer_no_places")
    return request


def apply_difference_payment(request_id: int, payment_ref: str, payer_id: int) -> DormTransferRequest:
    """Completes a paid move in the payment notification's transaction (does not commit). An ApiError (the bed went,
    the request was cancelled) leaves the payment paid and flagged for staff, who refund it."""
    request = db.session.get(DormTransferRequest, request_id)
    if request is None or request.user_id != payer_id:
        raise NotFound("dorm.transfer_not_found")
    booking = db.session.get(DormBooking, request.booking_id)
    lock_for_change(None, sorted({booking.room_type_id, request.target_room_type_id}))
    request = db.session.scalar(
        select(DormTransferRequest)
        .where(DormTransferRequest.id == request_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if request.status != TRANSFER_AWAITING_PAYMENT:
        raise Conflict("dorm.transfer_not_payable")
    booking = dao.lock_booking(request.booking_id)
    if booking is None or booking.status != BOOKING_CONFIRMED:
        raise Conflict("dorm.transfer_booking_gone")
    user = db.session.get(User, request.user_id)
    _complete_move(request, booking, Actor(None, SYSTEM_PAYMENT), f"{payment_ref}")
    notify(user, "dorm_transfer_approved", {"reason": ""}, "/dormitory")
    queue_mail(user.email, "dorm_transfer_approved", language_of(user), reason="")
    return request


def _accepts(room: SectionRoom, gender_id: int, leaving: DormBooking) -> bool:
    if room.assigned_gender_id in (None, gender_id):
        return True
    others = [b for b in dao.room_active_bookings(room.id) if b.id != leaving.id]
    return not others and room.gender_from_booking


def _swap(first: DormBooking, second: DormBooking, actor: Actor, reason, request_id) -> None:
    room_a, room_b = db.session.get(SectionRoom, first.room_id), db.session.get(SectionRoom, second.room_id)
    if not (_accepts(room_b, first.gender_id, second) and _accepts(room_a, second.gender_id, first)):
        raise Conflict("dorm.gender_mismatch")
    if first.gender_id != second.gender_id:
        room_a.assigned_gender_id, room_b.assigned_gender_id = second.gender_id, first.gender_id
    a = (first.room_id, first.hall_id, first.room_type_id)
    b = (second.room_id, second.hall_id, second.room_type_id)
    first.room_id, first.hall_id, first.room_type_id = b
    second.room_id, second.hall_id, second.room_type_id = a
    record(first, "swap", actor, from_status=first.status, from_room=a[0], reason=reason, transfer=request_id)
    record(second, "swap", actor, from_status=second.status, from_room=b[0], reason=reason, transfer=request_id)
    enforce_rooms([a[0], b[0]])


@use_case
def settle_refund(admin: User, refund_id: int) -> DormRefund:
    """Staff record that a refund due went back to the resident (audited); a second call is 409."""
    refund = db.session.scalar(select(DormRefund).where(DormRefund.id == refund_id).with_for_update())
    if refund is None:
        raise NotFound("dorm.refund_not_found")
    if refund.status != REFUND_DUE:
        raise Conflict("dorm.refund_already_settled")
    refund.status, refund.settled_at, refund.settled_by_id = REFUND_PAID, utcnow(), admin.id
    audit.record(
        "dorm_refund_settled",
        ("dorm_refund", str(refund.id)),
        {"amount": refund.amount, "transfer_id": refund.transfer_id, "user_id": refund.user_id},
        actor=admin,
    )
    return refund
