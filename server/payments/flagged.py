"""Flagged payments for staff (issue 23, decision 0086): payments the provider confirmed that were never applied
(the same invoice charged twice, a payment for something already settled, or one that arrived when what it paid for
could no longer take it). Each admin sees those of their own population (the payer's citizenship) and records what
they did: refunded, or resolved otherwise, always with a comment. A flagged payment stays flagged: the flag is the
fact, the resolution is staff's answer to it; a second answer is 409."""

from __future__ import annotations

from sqlalchemy import func, or_, select

from .. import audit
from ..database import unit_of_work
from ..errors import Conflict, Invalid, LocalizedMessage, NotFound
from ..extensions import db
from ..models import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship, Payment, User
from ..models.base import utcnow
from ..models.payment import PAYMENT_PAID, RESOLUTIONS
from ..populations import POPULATION_FOREIGN, POPULATION_KZ, population_of, populations_of

STATE_OPEN = "open"
STATE_RESOLVED = "resolved"
STATES = (STATE_OPEN, STATE_RESOLVED)
COMMENT_MAX = 2000


def _population_clause(population: str):
    is_kz = Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN
    return is_kz if population == POPULATION_KZ else or_(~is_kz, Citizenship.id.is_(None))


def list_flagged(population: str, state: str, page: int, per_page: int) -> tuple[list[tuple[Payment, User]], int]:
    """The population's flagged payments; open ones oldest first (the queue), resolved ones newest first."""
    base = (
        select(Payment, User)
        .join(User, User.id == Payment.user_id)
        .outerjoin(Citizenship, Citizenship.id == User.citizenship_id)
        .where(Payment.flagged.is_(True), Payment.status == PAYMENT_PAID, _population_clause(population))
    )
    if state == STATE_OPEN:
        base = base.where(Payment.resolution.is_(None))
        order = (Payment.paid_at.asc(), Payment.id.asc())
    else:
        base = base.where(Payment.resolution.is_not(None))
        order = (Payment.resolved_at.desc(), Payment.id.desc())
    total = db.session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = db.session.execute(base.order_by(*order).offset((page - 1) * per_page).limit(per_page)).all()
    return [(payment, user) for payment, user in rows], total


def _payer_population(payment: Payment) -> str:
    owner = db.session.get(User, payment.user_id)
    # An account without a citizenship is listed with the foreigners (the clause above): the same here.
    return (population_of(owner) if owner is not None else None) or POPULATION_FOREIGN


def resolve(actor: User, payment_id: int, resolution: str, comment: str) -> Payment:
    """Records staff's answer to one flagged payment of their population (404 otherwise: no hint that it exists)."""
    comment = (comment or "").strip()
    if len(comment) > COMMENT_MAX:
        message = LocalizedMessage("validation.max_length", max=COMMENT_MAX)
        raise Invalid("validation.max_length", errors={"comment": [message]}, max=COMMENT_MAX)
    if not comment:
        raise Invalid("flagged_payments.comment_required", errors={"comment": ["flagged_payments.comment_required"]})
    if resolution not in RESOLUTIONS:
        raise Invalid("validation.one_of", errors={"resolution": ["validation.one_of"]})
    with unit_of_work():
        payment = db.session.scalar(select(Payment).where(Payment.id == payment_id).with_for_update())
        if payment is None or not payment.flagged or payment.status != PAYMENT_PAID:
            raise NotFound("flagged_payments.not_found")
        if _payer_population(payment) not in populations_of(actor):
            raise NotFound("flagged_payments.not_found")
        if payment.resolution is not None:
            raise Conflict("flagged_payments.already_resolved")
        payment.resolution = resolution
        payment.resolution_comment = comment
        payment.resolved_by_id = actor.id
        payment.resolved_at = utcnow()
        audit.record(
            f"payments.flagged.{resolution}",
            payment,
            {"amount": payment.amount, "purpose": payment.purpose, "flag_reason": payment.flag_reason},
            actor=actor,
        )
    return payment


def payer_of(payment: Payment) -> User:
    return db.session.get(User, payment.user_id)


def staff_ref(user_id: int) -> User | None:
    return db.session.get(User, user_id)
