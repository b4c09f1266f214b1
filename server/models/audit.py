from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow


class AuditLog(db.Model):
    """Who did what to whom: every staff write with its before/after, and every privilege change (design §9;
    decision 0079). Written by server/audit.py, read by GET /admin/audit."""

    __tablename__ = "audit_log"
    # The trail of one object, newest first (GET /admin/audit?target_type=&target_id=; decision 0079).
    __table_args__ = (Index("ix_audit_log_target", "target_type", "target_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    action: Mapped[str] = mapped_column(String(64))
    target_type: Mapped[str] = mapped_column(String(64))
    target_id: Mapped[str | None] = mapped_column(String(64))
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
