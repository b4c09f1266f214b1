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

from werkzeug.datastructures import FileStorage

from .. import audit, forms
from ..errors import Conflict, Invalid
from ..models import Application, DocumentReview, User
from ..models.document_review import DECISION_RETURNED
from . import answers as user_data_service
from . import dao as applications_dao
from . import document_reviews_dao as dao
from . import questionnaire
from . import render as application_render
from .sections import render_sections

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


def answers_of(application: Application) -> dict[str, dict]:
    return {item.type: item.data or {} for item in applications_dao.user_data_of(application.id)}


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
        answers = answers_of(application)
        _, ctx, _ = questionnaire.questionnaire_context(application, answers)
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
        raise Conflict("applications.archived")
    review_row = dao.latest_reviews([application.id]).get((application.id, form_key, field))
    if review_row is None or review_row.decision != DECISION_RETURNED or form_key not in target.types:
        raise Conflict("documents.not_returned")
    if not uploads:
        raise Invalid("documents.file_required")
    if len(uploads) > MAX_FILES_PER_REPLACEMENT:
        raise Invalid("files.too_many")
    definition = forms.resolve_step(form_key, target.ctx)
    saved = target.ctx["answers"].setdefault(form_key, {})
    before = application_render.file_refs(user_data_service.value_at(saved, field))
    # The new version replaces the old one (for a multi-file field, the whole set): clear it before the upload lands.
    if not user_data_service.clear_path(definition, saved, field):
        raise Conflict("documents.not_returned")
    payload = user_data_service.FormPayload(form_key=form_key, data=None, files={field: uploads})
    checked = user_data_service.check_uploads(target, [payload])
    prepared = user_data_service.prepare_answers(target, [payload], checked)
    audit.record(
        "document.replaced",
        ("application", str(application.id)),
        {
            "form_key": form_key,
            "field": field,
            "from": [ref.get("id") for ref in before],
            "to": [u.id for u in checked],
        },
        actor=actor,
    )
    user_data_service.store(target, actor, checked, prepared, is_submit=False)
    return application
