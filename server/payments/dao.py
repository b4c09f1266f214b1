"""Payments and home-page messages: queries only; a DAO never commits."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, case, func, or_, select

from ..extensions import db
from ..models.payment import PAYMENT_FAILED, PAYMENT_PAID, PAYMENT_PENDING, HomePageMessage, Payment


def get_payment(payment_id: int) -> Payment | None:
    return db.session.get(Payment, payment_id)


def lock_payment(payment_id: int) -> Payment | None:
    """Re-reads the payment under a row lock (PostgreSQL; SQLite serialises writers) with fresh values."""
    return db.session.scalar(
        select(Payment).where(Payment.id == payment_id).with_for_update().execution_options(populate_existing=True)
    )


def by_transaction(provider: str, transaction_id: str) -> Payment | None:
    return db.session.scalar(
        select(Payment).where(Payment.provider == provider, Payment.provider_transaction_id == transaction_id)
    )


def reusable(user_id: int, purpose: str, application_id, ref_id, provider: str, amount: int) -> Payment | None:
    """The caller's unfinished payment for the same thing (pending, or declined and retried), newest first."""
    return db.session.scalar(
        select(Payment)
        .where(
            Payment.user_id == user_id,
            Payment.purpose == purpose,
            Payment.application_id.is_(None) if application_id is None else Payment.application_id == application_id,
            Payment.purpose_ref_id.is_(None) if ref_id is None else Payment.purpose_ref_id == ref_id,
            Payment.provider == provider,
            Payment.amount == amount,
            Payment.status.in_((PAYMENT_PENDING, PAYMENT_FAILED)),
        )
        .order_by(Payment.id.desc())
        .limit(1)
    )


def latest_for_application(application_id: int, purpose: str) -> Payment | None:
    """The payment the stepper shows: the applied paid one if any, else the newest attempt (one query)."""
    applied = case((and_(Payment.status == PAYMENT_PAID, Payment.flagged.is_(False)), 0), else_=1)
    return db.session.scalar(
        select(Payment)
        .where(Payment.application_id == application_id, Payment.purpose == purpose)
        .order_by(applied, Payment.id.desc())
        .limit(1)
    )


def receipts_of(user_id: int, application_id: int | None = None, limit: int = 100) -> list[Payment]:
    query = select(Payment).where(Payment.user_id == user_id, Payment.status == PAYMENT_PAID)
    if application_id is not None:
        query = query.where(Payment.application_id == application_id)
    return list(db.session.scalars(query.order_by(Payment.paid_at.desc(), Payment.id.desc()).limit(limit)))


def messages_for(user_id: int, population: str | None, now: datetime) -> list[HomePageMessage]:
    """Active messages for this user: to everyone, to the user's population or to the user alone; a dated one only
    inside its window. Permanent ones first, then the newest."""
    audience = [and_(HomePageMessage.user_id.is_(None), HomePageMessage.population.is_(None))]
    audience.append(HomePageMessage.user_id == user_id)
    if population is not None:
        audience.append(and_(HomePageMessage.user_id.is_(None), HomePageMessage.population == population))
    return list(
        db.session.scalars(
            select(HomePageMessage)
            .where(
                HomePageMessage.is_active.is_(True),
                or_(*audience),
                or_(HomePageMessage.starts_at.is_(None), HomePageMessage.starts_at <= now),
                or_(HomePageMessage.ends_at.is_(None), HomePageMessage.ends_at > now),
            )
            .order_by(HomePageMessage.is_permanent.desc(), HomePageMessage.created_at.desc(), HomePageMessage.id.desc())
            .limit(50)
        )
    )


def staff_messages(population: str, user_ids_subquery, *, active: bool, page: int, per_page: int):
    """One population's messages for the Settings screen (active or retired), newest first, one page and the
    total: those to the population and those to one of its applicants (`user_ids_subquery`)."""
    where = (
        HomePageMessage.is_active.is_(active),
        or_(
            and_(HomePageMessage.user_id.is_(None), HomePageMessage.population == population),
            HomePageMessage.user_id.in_(user_ids_subquery),
        ),
    )
    total = db.session.scalar(select(func.count()).select_from(HomePageMessage).where(*where))
    rows = list(
        db.session.scalars(
            select(HomePageMessage)
            .where(*where)
            .order_by(HomePageMessage.created_at.desc(), HomePageMessage.id.desc())
            .offset((page - 1) * per_page)
            .limit(per_page)
        )
    )
    return rows, total or 0


def awaiting_reconciliation(provider: str, waited_since, created_since, limit: int) -> list[int]:
    """Ids of pending payments of `provider` untouched since `waited_since` and started after `created_since`,
    the longest waiting first."""
    return list(
        db.session.scalars(
            select(Payment.id)
            .where(
                Payment.status == PAYMENT_PENDING,
                Payment.provider == provider,
                Payment.updated_at <= waited_since,
                Payment.created_at >= created_since,
            )
            .order_by(Payment.updated_at, Payment.id)
            .limit(limit)
        )
    )
