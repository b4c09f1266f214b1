"""The `dorm_booking` and `dorm_transfer_difference` payment purposes (issue 13; decisions 0065, 0067, 0088).
An applicant pays the price of their held dormitory booking (the room type's price when it was held), or the
difference of a move into a dearer room, through the payments module; the verified notification confirms the booking
or completes the move in the notification's own transaction. Imported by dorm/views.py at start-up."""

from __future__ import annotations

from ..errors import Conflict, NotFound
from ..extensions import db
from ..models import DormBooking, DormTransferRequest
from ..models.base import utcnow
from ..models.dorm_booking import BOOKING_CONFIRMED, BOOKING_HELD, TRANSFER_AWAITING_PAYMENT
from ..payments import purposes
from .bookings import apply_booking_payment
from .transfers import apply_difference_payment, transfer_to_pay

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


# ------------------------------------------------------------------- the difference of a dearer move (0088)

DORM_TRANSFER_DIFFERENCE = "dorm_transfer_difference"


def _difference_prepare(user, application, ref_id: int | None) -> int:
    return transfer_to_pay(user, ref_id).price_difference


def _difference_settled(payment) -> bool:
    request = db.session.get(DormTransferRequest, payment.purpose_ref_id) if payment.purpose_ref_id else None
    return request is None or request.status != TRANSFER_AWAITING_PAYMENT


def _difference_paid(payment) -> None:
    apply_difference_payment(payment.purpose_ref_id, f"payment:{payment.id}", payment.user_id)


purposes.register(
    purposes.PaymentPurpose(
        name=DORM_TRANSFER_DIFFERENCE,
        prepare=_difference_prepare,
        is_settled=_difference_settled,
        on_paid=_difference_paid,
        needs_application=False,
        needs_ref=True,
        description_key="payments.purpose.dorm_transfer_difference",
    )
)
