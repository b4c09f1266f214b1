"""The credit-bureau (PKB) request of a citizen of Kazakhstan and what the bureau answered (req §3, §5; design §8)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .user import OneTimeCode

PKB_STATUS_SENT = "sent"  # the bureau accepted the request and delivered the consent code
PKB_STATUS_CONFIRMED = "confirmed"  # the applicant entered the code; the bureau's data are stored
PKB_STATUS_REFUSED = "refused"  # the right code, but another account already holds this IIN (issue 22): nothing stored


class PkbRequest(db.Model):
    """One consent request: the applicant's answers, the bureau's reference and the hashed code (one_time_codes)."""

    __tablename__ = "pkb_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The request_id of req §7: random, so ids of other people's requests cannot be guessed.
    public_id: Mapped[str] = mapped_column(String(43), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    code_id: Mapped[int | None] = mapped_column(ForeignKey("one_time_codes.id", ondelete="SET NULL"))
    provider: Mapped[str] = mapped_column(String(16))
    provider_reference: Mapped[str] = mapped_column(String(128), default="")
    iin: Mapped[str] = mapped_column(String(12))
    phone: Mapped[str] = mapped_column(String(12))
    last_name: Mapped[str] = mapped_column(String(100))
    first_name: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(16), default=PKB_STATUS_SENT)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    code: Mapped[OneTimeCode | None] = relationship(lazy="joined")


class PkbPersonData(db.Model):
    """The person as the bureau knows them (one row per user): pre-fills the local main-info step."""

    __tablename__ = "pkb_person_data"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    request_id: Mapped[int | None] = mapped_column(ForeignKey("pkb_requests.id", ondelete="SET NULL"))
    iin: Mapped[str] = mapped_column(String(12), index=True)
    last_name: Mapped[str] = mapped_column(String(100))
    first_name: Mapped[str] = mapped_column(String(100))
    middle_name: Mapped[str | None] = mapped_column(String(100))
    date_of_birth: Mapped[date | None] = mapped_column(Date)
    gender: Mapped[int | None] = mapped_column(Integer)  # 1 male, 2 female (the questionnaire's switch values)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
