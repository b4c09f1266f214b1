"""Document reviews and file versions. A DAO never commits."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select

from ..extensions import db
from ..models import DocumentReview, StoredFile
from ..models.document_review import DECISION_RETURNED


def latest_reviews(application_ids: Iterable[int]) -> dict[tuple[int, str, str], DocumentReview]:
    """(application id, form key, field) → the newest review, for every reviewed document of the applications:
    one statement whatever their number."""
    ids = list(set(application_ids))
    if not ids:
        return {}
    newest = (
        select(func.max(DocumentReview.id))
        .where(DocumentReview.application_id.in_(ids))
        .group_by(DocumentReview.application_id, DocumentReview.form_key, DocumentReview.field)
    )
    rows = db.session.scalars(select(DocumentReview).where(DocumentReview.id.in_(newest)))
    return {(r.application_id, r.form_key, r.field): r for r in rows}


def reviews_of(application_id: int) -> list[DocumentReview]:
    """Every review of the application, oldest first (the panel's trail per document)."""
    return list(
        db.session.scalars(
            select(DocumentReview).where(DocumentReview.application_id == application_id).order_by(DocumentReview.id)
        )
    )


def count_returned(application_id: int) -> int:
    """Documents whose newest review sends them back (replaced or not: staff have not judged the new version)."""
    return sum(1 for r in latest_reviews([application_id]).values() if r.decision == DECISION_RETURNED)


def file_versions(application_id: int) -> list[StoredFile]:
    """Every file uploaded to the application, oldest first: a field's earlier uploads are its versions."""
    return list(
        db.session.scalars(
            select(StoredFile)
            .where(StoredFile.application_id == application_id)
            .order_by(StoredFile.created_at, StoredFile.id)
        )
    )
