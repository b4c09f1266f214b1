"""The official list of state-grant holders of one admission year, imported by admissions staff (design §8)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow


class GovGrantHolder(db.Model):
    __tablename__ = "gov_grant_holders"
    __table_args__ = (UniqueConstraint("year", "iin", name="uq_gov_grant_holders_year_iin"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int] = mapped_column(Integer, index=True)
    iin: Mapped[str] = mapped_column(String(12), index=True)
    full_name: Mapped[str] = mapped_column(String(255))
    programme_group: Mapped[str] = mapped_column(String(32))
    grant_kind: Mapped[str] = mapped_column(String(100))
    imported_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    imported_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
