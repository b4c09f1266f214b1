"""A staff member's second factor (issue 22, decision 0078): the TOTP secret, its recovery codes, and the short-lived
challenges that stand between a correct staff password and a session."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow


class StaffTotp(db.Model):
    """One TOTP secret per staff account. `confirmed_at` is None while enrolment waits for its first code."""

    __tablename__ = "staff_totp"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # The base32 secret encrypted with a key derived from SECRET_KEY (AES-GCM; accounts/second_factor.py).
    secret_encrypted: Mapped[str] = mapped_column(String(255))
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The 30-second time step of the last code accepted: a code of that step or an earlier one is a replay.
    last_used_step: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class StaffRecoveryCode(db.Model):
    """A one-time recovery code, stored only as a keyed hash; `used_at` set when it is spent."""

    __tablename__ = "staff_recovery_codes"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SecondFactorChallenge(db.Model):
    """What a correct staff password earns: a single-use handle, valid minutes, good for a few code tries, that
    only the second-factor calls accept (never a session). Stored as a keyed hash of the handle."""

    __tablename__ = "second_factor_challenges"
    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    consumed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
