"""Payments (the admission fee of req §1/§9, and any later purpose such as a dormitory booking) and the messages
shown on the home page (req §1, §2 '/', §7 home-page-messages). Decision 0065.

Our table is the source of truth: a payment is paid only when a verified provider notification says so; the
browser's word never changes it (design §8).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, false, true
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow

CURRENCY_KZT = "KZT"

PAYMENT_PENDING = "pending"  # created by /users/payments/start; the applicant may be paying now
PAYMENT_PAID = "paid"  # a verified pay notification confirmed it
# The purpose of the citizens\' admission fee (its rules are in payments/purposes.py); the state machine\'s
# "fee paid" guard reads payments of this purpose.
PURPOSE_ADMISSION_FEE = "admission_fee"
PAYMENT_FAILED = "failed"  # the provider declined the last attempt (a new attempt may still pay it)
PAYMENT_STATUSES = (PAYMENT_PENDING, PAYMENT_PAID, PAYMENT_FAILED)

# Why a paid payment was not applied (flagged for staff): the purpose was already settled by another payment.
FLAG_ALREADY_PAID = "already_paid"
# What staff did about a flagged payment (issue 23, decision 0086): refunded it, or settled it otherwise.
RESOLUTION_REFUNDED = "refunded"
RESOLUTION_RESOLVED = "resolved"
RESOLUTIONS = (RESOLUTION_REFUNDED, RESOLUTION_RESOLVED)

MESSAGE_INFO = "info"
MESSAGE_PAYMENT = "payment"
MESSAGE_TYPES = (MESSAGE_INFO, MESSAGE_PAYMENT)


class Payment(db.Model):
    """One payment attempt for one purpose. `id` is the invoice id given to the provider."""

    __tablename__ = "payments"
    __table_args__ = (Index("ix_payments_purpose_ref", "purpose", "purpose_ref_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    application_id: Mapped[int | None] = mapped_column(ForeignKey("applications.id", ondelete="SET NULL"), index=True)
    purpose: Mapped[str] = mapped_column(String(32))  # a registered purpose (payments/purposes.py)
    purpose_ref_id: Mapped[int | None] = mapped_column(Integer)  # e.g. the home-page message or the booking
    amount: Mapped[int] = mapped_column(Integer)  # integer tenge (design §6)
    currency: Mapped[str] = mapped_column(String(3), default=CURRENCY_KZT)
    provider: Mapped[str] = mapped_column(String(16))
    # The provider's id of the successful transaction; unique, so a replayed notification cannot pay twice.
    provider_transaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default=PAYMENT_PENDING, index=True)
    # Paid but not applied: recorded for staff (reconciliation / refund), never applied a second time.
    flagged: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    flag_reason: Mapped[str | None] = mapped_column(String(32))
    # A flagged payment stays flagged; staff record what they did about it (one of RESOLUTIONS), why, who and when.
    resolution: Mapped[str | None] = mapped_column(String(16))
    resolution_comment: Mapped[str | None] = mapped_column(Text)
    resolved_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    failure_reason: Mapped[str | None] = mapped_column(String(200))  # the provider's text of the last decline
    # The last verified notification as received (parsed fields; no card number beyond first six / last four).
    raw_notification: Mapped[dict | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
    paid_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class HomePageMessage(db.Model):
    """A message on the home page (req §2 '/': the first permanent one opens in a modal). A payment message asks
    for `amount` tenge (the remainder of req §9); what is shown is what the applicant still owes on it."""

    __tablename__ = "home_page_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    type: Mapped[str] = mapped_column(String(16), default=MESSAGE_INFO)  # one of MESSAGE_TYPES
    is_permanent: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # null: every signed-in user; else only this user (e.g. the one whose fee was short)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    title_ru: Mapped[str] = mapped_column(String(200))
    title_kk: Mapped[str | None] = mapped_column(String(200))
    title_en: Mapped[str | None] = mapped_column(String(200))
    text_ru: Mapped[str] = mapped_column(Text)
    text_kk: Mapped[str | None] = mapped_column(Text)
    text_en: Mapped[str | None] = mapped_column(Text)
    amount: Mapped[int | None] = mapped_column(Integer)  # payment messages: tenge asked for
    # The audience (decision 0087): user_id = one applicant; else population 'foreign'|'kz' = every applicant of it;
    # both null = every signed-in user (messages of the command line).
    population: Mapped[str | None] = mapped_column(String(16), index=True)
    # A dated message shows from starts_at (inclusive) to ends_at (exclusive); a permanent one has neither.
    starts_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
