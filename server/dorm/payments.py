"""The `dorm_booking` payment purpose (issue 13; decisions 0065 and 0067): an applicant pays the price of their held
dormitory booking (the room type's price when it was held) through the payments module; a verified notification
confirms the booking in the notification's own transaction. Imported by dorm/views.py at start-up."""

from __future__ import annotations

from ..errors import Conflict, NotFound
from ..extensions import db
from ..models import DormBooking
from ..models.base import utcnow
from ..models.dorm_booking import BOOKING_CONFIRMED, BOOKING_HELD
from ..payments import purposes
from .bookings import apply_booking_payment

DORM_BOOKING = "dorm_booking"


def _prepare(user, application, ref_id: int | None) -> int:
    booking = db.session.get(DormBooking, ref_id) if ref_id else None
    if booking is None or booking.user_id != user.id:
        raise NotFound("dorm.booking_not_found")
    if booking.status == BOOKING_CONFIRMED:
        raise Conflict("payments.already_paid")
    if booking.status != BOOKING_HELD or booking.hold_expires_at is None or booking.hold_expires_at <= utcnow():
        raise Conflict("dorm.hold_expired")
    return booking.price


def _is_settled(payment) -> bool:
    booking = db.session.get(DormBooking, payment.purpose_ref_id) if payment.purpose_ref_id else None
    return booking is None or booking.status == BOOKING_CONFIRMED


def _on_paid(payment) -> None:
    apply_booking_payment(payment.purpose_ref_id, f"payment:{payment.id}")


purposes.register(
    purposes.PaymentPurpose(
        name=DORM_BOOKING,
        prepare=_prepare,
        is_settled=_is_settled,
        on_paid=_on_paid,
        needs_application=False,
        needs_ref=True,
        description_key="payments.purpose.dorm_booking",
    )
)
