"""What staff queues search, filter and sort on, copied out of an application's JSON answers (decision 0066).

The answers live as JSON documents in `user_data` (one per form key). Searching names, IINs and phones inside them,
or filtering on the dormitory need or the UNT score, would mean parsing every document of every application per
request. Instead each save rebuilds one `application_summaries` row from the answers
(services/application_summary.refresh), in the same transaction, so the row is never staler than the answers.
The row is derived data: never edited by hand, rebuilt by `flask --app server reindex-applications`.

On PostgreSQL the search text and users' e-mails carry trigram (pg_trgm) GIN indexes, so `LIKE '%…%'` searches are
served by an index instead of a scan; SQLite (the single-machine default) scans, which is fine at its scale.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, require_pg_trgm, trigram_index, utcnow
from .user import User


class ApplicationSummary(db.Model):
    __tablename__ = "application_summaries"

    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True)
    # Lower-cased, " | "-separated: account e-mail and names, main-info names, e-mail, IIN, phone (also digits only).
    search_text: Mapped[str] = mapped_column(Text, default="")
    # "last first middle", lower-cased: the student column's sort key.
    sort_name: Mapped[str] = mapped_column(String(320), default="", index=True)
    last_name: Mapped[str | None] = mapped_column(String(100))
    first_name: Mapped[str | None] = mapped_column(String(100))
    middle_name: Mapped[str | None] = mapped_column(String(100))
    nationality_id: Mapped[int | None] = mapped_column(Integer, index=True)
    country_id: Mapped[int | None] = mapped_column(Integer, index=True)
    need_dorm: Mapped[bool | None] = mapped_column(Boolean, index=True)
    unt_score: Mapped[float | None] = mapped_column(Float, index=True)
    # The chosen social categories as ",12,15," (SelectOption ids), so one category is a portable LIKE '%,12,%'.
    social_category_ids: Mapped[str] = mapped_column(String(1000), default="")
    documents_count: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


# Trigram indexes exist on PostgreSQL only (SQLite has no such index type); `ddl_if` keeps create_all and the
# migration in step, and the migration comparison skips objects meant for another dialect (models/base.py).
TRIGRAM_INDEXES = (
    trigram_index(ApplicationSummary.__table__.c.search_text, "ix_application_summaries_search_trgm"),
    trigram_index(User.__table__.c.email),
)
require_pg_trgm(db.metadata)
