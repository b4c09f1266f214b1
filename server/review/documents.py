"""Staff's side of document review (issue 12 "Document review"; decision 0074): the panel's documents with their
review trail and versions, and a verdict on one document (accepted, or returned with a reason, which mails the
applicant). The applicant's side (what to fix, replacing a returned document) is applications/document_reviews.py.
"""

from __future__ import annotations

from .. import audit
from ..accounts.users import language_of
from ..applications import document_reviews
from ..applications import document_reviews_dao as reviews_dao
from ..applications import files as files_service
from ..applications.sections import render_sections
from ..database import use_case
from ..errors import Conflict, NotFound
from ..extensions import db
from ..jobs.mail import queue_mail
from ..models import Application, DocumentReview, User
from ..models.base import utcnow
from ..models.document_review import DECISION_RETURNED
from ..notification_centre import notify
from . import dao as queues_dao
from . import scope as admin_scope


def _review_read(review: DocumentReview, emails: dict) -> dict:
    return {
        "id": review.id,
        "decision": review.decision,
        "reason": review.reason,
        "file_ids": list(review.file_ids or []),
        "reviewer": {"id": review.reviewer_id, "email": emails.get(review.reviewer_id)} if review.reviewer_id else None,
        "createdAt": review.created_at,
    }


def panel_documents(application: Application, sections: list[dict]) -> list[dict]:
    """The panel's documents: state, the review trail and every uploaded version (signed links). Three statements
    whatever the number of documents."""
    documents = document_reviews.documents_in(sections)
    reviews = reviews_dao.reviews_of(application.id)
    versions = reviews_dao.file_versions(application.id)
    emails = queues_dao.user_emails({r.reviewer_id for r in reviews if r.reviewer_id})
    for document in documents:
        key = (document["form_key"], document["field"])
        trail = [r for r in reviews if (r.form_key, r.field) == key]
        current_ids = [f["id"] for f in document["files"]]
        document["state"] = document_reviews.state_of(trail[-1] if trail else None, current_ids)
        document["reviews"] = [_review_read(r, emails) for r in trail]
        document["versions"] = [
            {
                "id": row.id,
                "name": row.original_name,
                "size": row.size,
                "createdAt": row.created_at,
                "by_staff": row.uploaded_by_id is not None and row.uploaded_by_id != application.user_id,
                "current": row.id in current_ids,
                "url": files_service.signed_url(row.id),
            }
            for row in versions
            if (row.form_key, row.field) == key and row.owner_id == application.user_id
        ]
    return documents


def _find(documents: list[dict], form_key: str, field: str) -> dict:
    document = next((d for d in documents if d["form_key"] == form_key and d["field"] == field), None)
    if document is None:
        raise NotFound("documents.not_found")
    return document


@use_case
def review(actor: User, application_id: int, form_key: str, field: str, decision: str, reason: str | None) -> str:
    """Records staff's verdict on the document as it is now; a send-back tells the applicant by e-mail. The new
    state of the document."""
    application = admin_scope.application_for(actor, application_id)
    if not application.is_active:
        raise Conflict("applications.archived")
    if application.submitted_at is None:
        raise Conflict("documents.not_submitted")
    # The letter goes out in the applicant's stored language (issue 26); so does the document's name in it.
    language = language_of(application.user)
    documents = document_reviews.documents_in(
        render_sections(application, document_reviews.answers_of(application), language)
    )
    document = _find(documents, form_key, field)
    current_ids = [f["id"] for f in document["files"]]
    now = utcnow()
    reason = reason if decision == DECISION_RETURNED else None
    db.session.add(
        DocumentReview(
            application_id=application.id,
            form_key=form_key,
            field=field,
            decision=decision,
            reason=reason,
            file_ids=current_ids,
            reviewer_id=actor.id,
            created_at=now,
        )
    )
    audit.record(
        f"document.{decision}",
        ("application", str(application.id)),
        {"form_key": form_key, "field": field, "file_ids": current_ids, "reason": reason},
        actor=actor,
    )
    if decision == DECISION_RETURNED:
        notify(
            application.user_id,
            "document_returned",
            {"application_id": application.id, "document": _labels(application, form_key, field, language, document)},
            "/my-applications",
        )
        queue_mail(
            application.user.email,
            "document_returned",
            language,
            application_id=application.id,
            document=document["label"],
            reason=reason,
        )
    return document_reviews.STATE_RETURNED if decision == DECISION_RETURNED else document_reviews.STATE_ACCEPTED


def _labels(application: Application, form_key: str, field: str, language: str, document: dict) -> dict:
    """The document's name in the three languages (the bell is read in whichever the applicant uses then)."""
    answers = document_reviews.answers_of(application)
    labels = {language: document["label"]}
    for lang in ("ru", "kk", "en"):
        if lang not in labels:
            found = [
                d
                for d in document_reviews.documents_in(render_sections(application, answers, lang))
                if (d["form_key"], d["field"]) == (form_key, field)
            ]
            labels[lang] = found[0]["label"] if found else document["label"]
    return labels
