"""What a payment can be for (decision 0065). The payments service knows purposes only through this registry.

A purpose says how much to ask, whether the caller may pay it now, whether it is already settled, and what a
confirmed payment does. Another module registers its own purpose without touching the payments code:

    from server.payments import purposes

    purposes.register(purposes.PaymentPurpose(
        name="dorm_booking",
        needs_application=False,
        prepare=lambda user, application, ref_id: booking_price(user, ref_id),   # raises ApiError if not payable
        is_settled=lambda payment: booking_is_paid(payment.purpose_ref_id, excluding=payment.id),
        on_paid=lambda payment: confirm_booking(payment),                        # in the notification's transaction
        description_key="payments.purpose.dorm_booking",
    ))

The registering module must be imported when the app starts (a blueprint or service module imported by
create_app is enough). `on_paid` runs inside the transaction that marks the payment paid and must not commit; an
ApiError it raises leaves the payment paid but flagged for staff (never lost, never applied twice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select

from ..applications import workflow
from ..applications.workflow.actors import SYSTEM_PAYMENT
from ..errors import Conflict, NotFound
from ..extensions import db
from ..models import Application, User
from ..models.application import ADMISSION_FEE_KZT, STEP_PAYMENT_MADE
from ..models.payment import MESSAGE_PAYMENT, PAYMENT_PAID, PURPOSE_ADMISSION_FEE, HomePageMessage, Payment

ADMISSION_FEE = PURPOSE_ADMISSION_FEE
HOME_MESSAGE = "home_message"


@dataclass(frozen=True)
class PaymentPurpose:
    name: str
    # (user, application or None, purpose_ref_id or None) -> amount in tenge; raises ApiError (404/409/422)
    prepare: Callable[[User, Application | None, int | None], int]
    # payment -> True when something else has already settled what this payment is for
    is_settled: Callable[[Payment], bool]
    # payment -> None; applies a confirmed payment (a workflow transition, a booking confirmation, ...)
    on_paid: Callable[[Payment], None] | None = None
    needs_application: bool = False
    needs_ref: bool = False
    description_key: str = "payments.purpose.generic"


_REGISTRY: dict[str, PaymentPurpose] = {}


def register(purpose: PaymentPurpose) -> None:
    if purpose.name in _REGISTRY and _REGISTRY[purpose.name] != purpose:
        raise ValueError(f"payment purpose {purpose.name!r} is already registered")
    _REGISTRY[purpose.name] = purpose


def get(name: str) -> PaymentPurpose | None:
    return _REGISTRY.get(name)


def names() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def paid_total(user_id: int, purpose: str, *, ref_id=None, application_id=None, excluding: int | None = None) -> int:
    """Tenge paid and applied (not flagged) for this purpose."""
    query = select(func.coalesce(func.sum(Payment.amount), 0)).where(
        Payment.user_id == user_id,
        Payment.purpose == purpose,
        Payment.status == PAYMENT_PAID,
        Payment.flagged.is_(False),
    )
    if ref_id is not None:
        query = query.where(Payment.purpose_ref_id == ref_id)
    if application_id is not None:
        query = query.where(Payment.application_id == application_id)
    if excluding is not None:
        query = query.where(Payment.id != excluding)
    return int(db.session.scalar(query) or 0)


# ---------------------------------------------------------------------------------------- the admission fee


def _admission_fee_prepare(user: User, application: Application | None, ref_id: int | None) -> int:
    if application.is_exempted_from_payment:
        raise Conflict("payments.exempted")
    if application.current_step >= STEP_PAYMENT_MADE or paid_total(
        user.id, ADMISSION_FEE, application_id=application.id
    ):
        raise Conflict("payments.already_paid")
    # the application must be where `pay` can take it (citizen, instruction read, not withdrawn)
    # (the guard needs the confirmed payment, which does not exist yet: it is judged when the notification comes)
    workflow.check(
        application,
        "pay",
        actor=workflow.Actor.system(SYSTEM_PAYMENT),
        data={"payment_id": "pending", "amount": ADMISSION_FEE_KZT},
        skip_guards=(_FEE_GUARD,),
    )
    return ADMISSION_FEE_KZT


_FEE_GUARD = "admission fee paid in full"


def _admission_fee_settled(payment: Payment) -> bool:
    application = db.session.get(Application, payment.application_id) if payment.application_id else None
    if application is None:
        return True
    return application.current_step >= STEP_PAYMENT_MADE or bool(
        paid_total(payment.user_id, ADMISSION_FEE, application_id=application.id, excluding=payment.id)
    )


def _admission_fee_paid(payment: Payment) -> None:
    application = db.session.get(Application, payment.application_id)
    workflow.transition(
        application,
        "pay",
        actor=workflow.Actor.system(SYSTEM_PAYMENT),
        data={"payment_id": str(payment.id), "amount": payment.amount},
    )


register(
    PaymentPurpose(
        name=ADMISSION_FEE,
        prepare=_admission_fee_prepare,
        is_settled=_admission_fee_settled,
        on_paid=_admission_fee_paid,
        needs_application=True,
        description_key="payments.purpose.admission_fee",
    )
)


# ------------------------------------------------------------------------------ a home-page payment message


def message_remainder(message: HomePageMessage, user_id: int, excluding: int | None = None) -> int:
    """What the user still owes on a payment message: its amount less what they have paid on it."""
    paid = paid_total(user_id, HOME_MESSAGE, ref_id=message.id, excluding=excluding)
    return max(0, (message.amount or 0) - paid)


def visible_message(user_id: int, message_id: int | None) -> HomePageMessage | None:
    message = db.session.get(HomePageMessage, message_id) if message_id else None
    if message is None or not message.is_active or (message.user_id is not None and message.user_id != user_id):
        return None
    return message


def _home_message_prepare(user: User, application: Application | None, ref_id: int | None) -> int:
    message = visible_message(user.id, ref_id)
    if message is None or message.type != MESSAGE_PAYMENT or not message.amount:
        raise NotFound("payments.message_not_found")
    remainder = message_remainder(message, user.id)
    if remainder <= 0:
        raise Conflict("payments.already_paid")
    return remainder


def _home_message_settled(payment: Payment) -> bool:
    message = db.session.get(HomePageMessage, payment.purpose_ref_id) if payment.purpose_ref_id else None
    return message is None or message_remainder(message, payment.user_id, excluding=payment.id) <= 0


register(
    PaymentPurpose(
        name=HOME_MESSAGE,
        prepare=_home_message_prepare,
        is_settled=_home_message_settled,
        needs_ref=True,
        description_key="payments.purpose.home_message",
    )
)
