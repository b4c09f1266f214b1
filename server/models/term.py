"""Admission campaigns (terms): a year with an opening and closing date, optionally per study program."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow


class Term(db.Model):
    """One admission campaign. `opens_at` ≤ now < `closes_at` is the default window of every program;
    a TermProgramWindow row replaces it for one program."""

    __tablename__ = "terms"

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int] = mapped_column(Integer, unique=True)
    name: Mapped[str] = mapped_column(String(100), default="")  # Russian; kk/en fall back to it (decision 0073)
    name_kk: Mapped[str] = mapped_column(String(100), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(100), default="", server_default="")
    opens_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closes_at: Mapped[datetime] = mapped_column(UTCDateTime)  # exclusive
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    windows: Mapped[list[TermProgramWindow]] = relationship(
        back_populates="term", lazy="selectin", cascade="all, delete-orphan", order_by="TermProgramWindow.id"
    )

    def window_for(self, study_program_id: int) -> tuple[datetime, datetime]:
        for window in self.windows:
            if window.study_program_id == study_program_id:
                return window.opens_at, window.closes_at
        return self.opens_at, self.closes_at

    def is_open_for(self, study_program_id: int, now: datetime) -> bool:
        if not self.is_active:
            return False
        opens_at, closes_at = self.window_for(study_program_id)
        return opens_at <= now < closes_at


class TermProgramWindow(db.Model):
    """The opening and closing dates of one study program in one term (overrides the term's dates)."""

    __tablename__ = "term_program_windows"
    __table_args__ = (UniqueConstraint("term_id", "study_program_id", name="uq_term_program_windows_term_program"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    term_id: Mapped[int] = mapped_column(ForeignKey("terms.id", ondelete="CASCADE"), index=True)
    study_program_id: Mapped[int] = mapped_column(ForeignKey("study_programs.id", ondelete="CASCADE"), index=True)
    opens_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closes_at: Mapped[datetime] = mapped_column(UTCDateTime)  # exclusive
    # When the documents of this programme are due (decision 0087): shown in the deadlines modal, not enforced.
    documents_due_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    term: Mapped[Term] = relationship(back_populates="windows")
