from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow

EXPORT_QUEUED = "queued"
EXPORT_RUNNING = "running"
EXPORT_DONE = "done"
EXPORT_FAILED = "failed"
EXPORT_STATUSES = (EXPORT_QUEUED, EXPORT_RUNNING, EXPORT_DONE, EXPORT_FAILED)


class AdminExport(db.Model):
    """A queue export too large for the request, built by a background job (decision 0066 "Export").

    `params` are the validated query of GET /admin/export (dates as ISO strings, the resolved language), so the job
    rebuilds exactly the selection the admin asked for. `updated_at` moves with every progress write: a running
    export whose job died (an app server restarted) is recognised by it and reported failed, not left spinning."""

    __tablename__ = "admin_exports"
    id: Mapped[int] = mapped_column(primary_key=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    population: Mapped[str] = mapped_column(String(16))
    params: Mapped[dict] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16), default=EXPORT_QUEUED)
    rows_done: Mapped[int] = mapped_column(Integer, default=0)
    rows_total: Mapped[int] = mapped_column(Integer, default=0)
    file_name: Mapped[str] = mapped_column(String(80))
    storage_key: Mapped[str | None] = mapped_column(String(128))
    error_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
