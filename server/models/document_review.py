"""Staff review of an application's documents (issue 12 "Document review"; decision 0074).

A document is one file field of the questionnaire (form key + field path, e.g. `fillStepDocumentsFiles` /
`passport` or `documentsSelfUpload` / `social_categories.12.document`), holding one file or several. Reviews are
append-only: the newest row of a document is its verdict, and `file_ids` records which version it judged, so a
replacement uploaded after a send-back is recognised as "replaced, awaiting review" without another write.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow

DECISION_ACCEPTED = "accepted"
DECISION_RETURNED = "returned"
DECISIONS = (DECISION_ACCEPTED, DECISION_RETURNED)


class DocumentReview(db.Model):
    __tablename__ = "document_reviews"
    __table_args__ = (Index("ix_document_reviews_document", "application_id", "form_key", "field", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    form_key: Mapped[str] = mapped_column(String(64))
    field: Mapped[str] = mapped_column(String(200))
    decision: Mapped[str] = mapped_column(String(16))  # DECISIONS
    reason: Mapped[str | None] = mapped_column(Text)
    file_ids: Mapped[list] = mapped_column(JSON, default=list)  # the version judged
    reviewer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
