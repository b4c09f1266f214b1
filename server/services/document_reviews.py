"""Document review (issue 12 "Document review"; decision 0074).

Staff accept each document of an application or send it back with a reason. A document sent back is the one thing
of a submitted application its applicant may change again: `replace` writes new files to exactly that field through
the questionnaire's own upload checks, while every other answer stays frozen. The state of a document is derived
from its newest review and the files it holds now:

    no review                                   → pending
    accepted, same files                        → accepted
    accepted, files changed since (staff upload) → pending
    returned, same files                        → returned   (the applicant must replace it)
    returned, files changed since               → replaced   (awaiting staff again)

A document whose newest review is "returned" (replaced or not) holds the stage moves that mean "the documents are
in order" (`accept`, `confirm_documents`: the state machine's guard `no document sent back`).
"""

from __future__ import annotations

from collections import OrderedDict
from types import SimpleNamespace

from werkzeug.datastructures import FileStorage

from .. import forms
from ..daos import admin_queues as queues_dao
from ..daos import applications as applications_dao
from ..daos import document_reviews as dao
from ..errors import ApiError
from ..extensions import db
from ..jobs.mail import mail_language, queue_mail
from ..models import Application, AuditLog, DocumentReview, User
from ..models.base import utcnow
from ..models.document_review import DECISION_RETURNED
from . import admin_scope, application_render
from . import applications as applications_service
from . import files as files_service
from . import user_data as user_data_service
from .application_sections import render_sections

STATE_PENDING = "pending"
STATE_ACCEPTED = "accepted"
STATE_RETURNED = "returned"
STATE_REPLACED = "replaced"
MAX_FILES_PER_REPLACEMENT = 10


def state_of(review: DocumentReview | None, current_ids: list[str]) -> str:
    if review is None:
        return STATE_PENDING
    same = sorted(review.file_ids or []) == sorted(current_ids)
    if review.decision == DECISION_RETURNED:
        return STATE_RETURNED if same else STATE_REPLACED
    return STATE_ACCEPTED if same else STATE_PENDING


def documents_in(sections: list[dict]) -> list[dict]:
    """One entry per document (file field holding files) of the rendered sections, in the panel's order."""
    grouped: OrderedDict[tuple[str, str], dict] = OrderedDict()
    for ref in application_render.documents(sections):
        key = (ref["form_key"], ref["field"])
        entry = grouped.setdefault(
            key,
            {"form_key": ref["form_key"], "field": ref["field"], "label": ref["label"], "section": ref["section"]},
        )
        entry.setdefault("files", []).append({k: ref.get(k) for k in ("id", "name", "content_type", "size", "url")})
    return list(grouped.values())


def _answers(application: Application) -> dict[str, dict]:
    return {item.type: item.data or {} for item in applications_dao.user_data_of(application.id)}


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
    documents = documents_in(sections)
    reviews = dao.reviews_of(application.id)
    versions = dao.file_versions(application.id)
    emails = queues_dao.user_emails({r.reviewer_id for r in reviews if r.reviewer_id})
    for document in documents:
        key = (document["form_key"], document["field"])
        trail = [r for r in reviews if (r.form_key, r.field) == key]
        current_ids = [f["id"] for f in document["files"]]
        document["state"] = state_of(trail[-1] if trail else None, current_ids)
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
        raise ApiError(404, "documents.not_found")
    return document


def review(actor: User, application_id: int, form_key: str, field: str, decision: str, reason: str | None) -> str:
    """Records staff's verdict on the document as it is now; a send-back tells the applicant by e-mail. The new
    state of the document."""
    application = admin_scope.application_for(actor, application_id)
    if not application.is_active:
        raise ApiError(409, "applications.archived")
    if application.submitted_at is None:
        raise ApiError(409, "documents.not_submitted")
    # The letter goes out in the language the applicant submitted in; so does the document's name in it.
    language = mail_language(SimpleNamespace(application_id=application.id, data={}))
    documents = documents_in(render_sections(application, _answers(application), language))
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
    db.session.add(
        AuditLog(
            actor_id=actor.id,
            action=f"document.{decision}",
            target_type="application",
            target_id=str(application.id),
            details={"form_key": form_key, "field": field, "file_ids": current_ids, "reason": reason},
            created_at=now,
        )
    )
    if decision == DECISION_RETURNED:
        queue_mail(
            application.user.email,
            "document_returned",
            language,
            application_id=application.id,
            document=document["label"],
            reason=reason,
        )
    db.session.commit()
    return STATE_RETURNED if decision == DECISION_RETURNED else STATE_ACCEPTED


def has_returned(application: Application) -> bool:
    return dao.count_returned(application.id) > 0


def to_fix(applications: list[Application]) -> dict[int, list[dict]]:
    """application id → the documents staff sent back (label in the reader's language, reason, state, the files
    it holds now, what the field accepts). Applications without a send-back cost nothing beyond one statement."""
    latest = dao.latest_reviews(a.id for a in applications)
    returned = {key for key, r in latest.items() if r.decision == DECISION_RETURNED}
    out: dict[int, list[dict]] = {a.id: [] for a in applications}
    for application in applications:
        keys = {(form_key, field) for (app_id, form_key, field) in returned if app_id == application.id}
        if not keys or not application.is_active:
            continue
        answers = _answers(application)
        _, ctx, _ = applications_service.questionnaire_context(application, answers)
        for document in documents_in(render_sections(application, answers)):
            key = (document["form_key"], document["field"])
            if key not in keys:
                continue
            review_row = latest[(application.id, *key)]
            definition = _field_definition(ctx, *key)
            out[application.id].append(
                {
                    **document,
                    "state": state_of(review_row, [f["id"] for f in document["files"]]),
                    "reason": review_row.reason,
                    "returnedAt": review_row.created_at,
                    "multiple": bool(definition and definition.get("multiple")),
                    "accept": (definition or {}).get("accept") or "pdf",
                }
            )
    return out


def attach_to_fix(applications: list[Application]) -> None:
    """Sets `documents_to_fix` on each application (the applicant's list, /my-applications)."""
    found = to_fix(applications)
    for application in applications:
        application.documents_to_fix = found.get(application.id, [])


def _field_definition(ctx: dict, form_key: str, field: str) -> dict | None:
    try:
        definition = forms.resolve_step(form_key, ctx)
    except KeyError:
        return None
    return user_data_service.field_for_path(definition, field)


def replace(actor: User, application_id: int, form_key: str, field: str, uploads: list[FileStorage]) -> Application:
    """The applicant's new version of a document staff sent back. Only that field is written (the upload checks and
    save-mode rules of the questionnaire apply); anything else of a submitted application stays read-only."""
    target = user_data_service.load_target(actor, application_id, from_admin=False, admin_selected_user_id=None)
    application = target.application
    if not application.is_active:
        raise ApiError(409, "applications.archived")
    review_row = dao.latest_reviews([application.id]).get((application.id, form_key, field))
    if review_row is None or review_row.decision != DECISION_RETURNED or form_key not in target.types:
        raise ApiError(409, "documents.not_returned")
    if not uploads:
        raise ApiError(400, "documents.file_required")
    if len(uploads) > MAX_FILES_PER_REPLACEMENT:
        raise ApiError(400, "files.too_many")
    definition = forms.resolve_step(form_key, target.ctx)
    saved = target.ctx["answers"].setdefault(form_key, {})
    before = application_render.file_refs(user_data_service.value_at(saved, field))
    # The new version replaces the old one (for a multi-file field, the whole set): clear it before the upload lands.
    if not user_data_service.clear_path(definition, saved, field):
        raise ApiError(409, "documents.not_returned")
    payload = user_data_service.FormPayload(form_key=form_key, data=None, files={field: uploads})
    checked = user_data_service.check_uploads(target, [payload])
    prepared = user_data_service.prepare_answers(target, [payload], checked)
    db.session.add(
        AuditLog(
            actor_id=actor.id,
            action="document.replaced",
            target_type="application",
            target_id=str(application.id),
            details={
                "form_key": form_key,
                "field": field,
                "from": [ref.get("id") for ref in before],
                "to": [u.id for u in checked],
            },
            created_at=utcnow(),
        )
    )
    user_data_service.store(target, actor, checked, prepared, is_submit=False)
    return application
