"""Document review (issue 12, decision 0074): staff accept a document or send it back with a reason; the applicant
sees which documents need correction and replaces exactly those (the rest of the submission stays frozen); the
panel shows each document's state, review trail and versions; a document sent back holds the stage moves that mean
"documents in order". Population separation 404, applicants 403, anonymous 401."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.i18n import catalogue
from server.models import Application, AuditLog, DocumentReview

from ..helpers import assert_envelope, assert_ok, messages_for
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff
from .test_user_data_support import PDF, PNG, complete_answers, count_queries, file_part, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")

PDF_V2 = PDF.replace(b"1.4", b"1.7")
SELF = {"form_key": "documentsSelfUpload"}


def _submitted(client, factories, kz=False, email=None, **application_fields):
    """An application every step of which its applicant saved and submitted through the real calls, files included."""
    user = factories.applicant(kz=kz, **({"email": email} if email else {}))
    if kz:  # the credit bureau confirmed the citizen (issue 22)
        factories.bureau_data(user)
    application = factories.application(user=user, **application_fields)
    answers, files = complete_answers(application, factories, kz)
    assert_ok(post_bulk(client, factories.auth_headers(user), application.id, answers, files, is_submit="true"))
    return application


def _citizen_at_documents_uploaded(client, factories, db, email=None):
    """A citizen whose self-upload documents are in (step 5, awaiting the admin's confirmation)."""
    application = _submitted(client, factories, kz=True, email=email, current_step=3)
    headers = factories.auth_headers(application.user)
    assert_ok(
        post_bulk(
            client, headers, application.id, {}, {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")}
        )
    )
    db.session.expire_all()
    stored = db.session.get(Application, application.id)
    stored.current_step = 5
    db.session.commit()
    return stored


def _panel(client, headers, application_id, lang=None):
    extra = {"Accept-Language": lang} if lang else {}
    return assert_ok(client.get(f"{API}/admin/application/{application_id}", headers={**headers, **extra}))["item"]


def _document(panel, field, form_key=None):
    return next(
        d for d in panel["documents_review"] if d["field"] == field and (form_key is None or d["form_key"] == form_key)
    )


def _review(client, headers, application_id, field, decision, reason=None, form_key="fillStepDocumentsFiles", **kw):
    body = {"form_key": form_key, "field": field, "decision": decision, **kw}
    if reason is not None:
        body["reason"] = reason
    return client.post(f"{API}/admin/application/{application_id}/document-review", headers=headers, json=body)


def _replace(client, headers, application_id, field, files, form_key="fillStepDocumentsFiles", lang=None):
    data = {"form_key": form_key, "field": field, "file": [file_part(content, name) for content, name in files]}
    extra = {"Accept-Language": lang} if lang else {}
    return client.post(
        f"{API}/users/application/{application_id}/replace-document",
        headers={**headers, **extra},
        data=data,
        content_type="multipart/form-data",
    )


def _to_fix(client, headers, application_id, lang=None):
    extra = {"Accept-Language": lang} if lang else {}
    rows = assert_ok(client.get(f"{API}/users/applications", headers={**headers, **extra}))["list"]
    return next(r for r in rows if r["id"] == application_id)["documents_to_fix"]


def _move(client, headers, application, status):
    return client.post(
        f"{API}/admin/update-application", headers=headers, json={"user_id": application.user_id, "status": status}
    )


# --------------------------------------------------------------------------------------------- the journey


def test_send_back_replace_and_accept_a_foreign_document(client, factories, db, app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    application = _submitted(client, factories, email="sender@example.com", current_step=1)
    admin = factories.admin(role=FOREIGN_ADMIN)
    headers = factories.auth_headers(admin)
    owner = factories.auth_headers(application.user)

    panel = _panel(client, headers, application.id, lang="en")
    passport = _document(panel, "passport")
    assert passport["state"] == "pending" and passport["label"] == "Passport" and passport["reviews"] == []
    [version] = passport["versions"]
    assert version["current"] and not version["by_staff"] and version["name"] == "passport.pdf"
    assert client.get(version["url"]).data == PDF
    assert {d["state"] for d in panel["documents_review"]} == {"pending"}
    assert "accept" in panel["available_transitions"]
    assert _to_fix(client, owner, application.id) == []

    # sent back: the applicant is told by e-mail, the stage move that means "in order" waits
    body = assert_ok(_review(client, headers, application.id, "passport", "returned", "  The scan is cut off  "))
    assert body["state"] == "returned" and body["message"] == "Успешно"
    subject = catalogue("ru")["mail.document_returned.subject"]
    [letter] = [m for m in messages_for(messages, "sender@example.com") if m.subject == subject]
    assert "The scan is cut off" in letter.body and f"№ {application.id}" in letter.body
    assert "«Паспорт»" in letter.body  # the document's name in the letter's language
    panel = _panel(client, headers, application.id)
    passport = _document(panel, "passport")
    assert passport["state"] == "returned"
    assert [(r["decision"], r["reason"], r["reviewer"]["email"]) for r in passport["reviews"]] == [
        ("returned", "The scan is cut off", admin.email)
    ]
    assert "accept" not in panel["available_transitions"]
    assert_envelope(_move(client, headers, application, 1), 409, "documents.returned_pending")

    # the applicant sees what to fix, in their language
    [to_fix] = _to_fix(client, owner, application.id, lang="kk")
    assert to_fix["field"] == "passport" and to_fix["form_key"] == "fillStepDocumentsFiles"
    assert to_fix["state"] == "returned" and to_fix["reason"] == "The scan is cut off"
    assert to_fix["label"] == "Төлқұжат" and to_fix["accept"] == "pdf" and to_fix["multiple"] is False
    assert to_fix["files"][0]["name"] == "passport.pdf" and to_fix["files"][0]["url"].startswith("/api/v1/files/")

    # only that document may change; a bad file changes nothing
    assert_envelope(
        _replace(client, owner, application.id, "motivation_letter", [(PDF_V2, "m.pdf")]), 409, "documents.not_returned"
    )
    assert_envelope(
        post_bulk(client, owner, application.id, {"fillStepMainInfo": {"last_name": "Другой"}}),
        409,
        "applications.submitted_read_only",
    )
    response = _replace(client, owner, application.id, "passport", [(PNG, "photo.png")], lang="en")
    assert_envelope(response, 400)
    assert "upload the document as a PDF" in response.get_json()["message"]
    assert_envelope(_replace(client, owner, application.id, "passport", []), 400, "documents.file_required")
    assert _document(_panel(client, headers, application.id), "passport")["state"] == "returned"

    body = assert_ok(_replace(client, owner, application.id, "passport", [(PDF_V2, "passport-new.pdf")]))
    assert body["message_key"] == "documents.replaced"
    [to_fix] = _to_fix(client, owner, application.id)
    assert to_fix["state"] == "replaced" and to_fix["files"][0]["name"] == "passport-new.pdf"
    panel = _panel(client, headers, application.id)
    passport = _document(panel, "passport")
    assert passport["state"] == "replaced"
    assert [(v["name"], v["current"]) for v in passport["versions"]] == [
        ("passport.pdf", False),
        ("passport-new.pdf", True),
    ]
    assert client.get(passport["files"][0]["url"]).data == PDF_V2
    assert_envelope(_move(client, headers, application, 1), 409, "documents.returned_pending")
    replaced = db.session.scalars(select(AuditLog).where(AuditLog.action == "document.replaced")).one()
    assert replaced.actor_id == application.user_id and replaced.details["field"] == "passport"

    # accepted: the correction is done, the stage move goes through
    assert assert_ok(_review(client, headers, application.id, "passport", "accepted"))["state"] == "accepted"
    assert _to_fix(client, owner, application.id) == []
    assert_envelope(
        _replace(client, owner, application.id, "passport", [(PDF, "again.pdf")]), 409, "documents.not_returned"
    )
    assert_ok(_move(client, headers, application, 1))
    actions = db.session.scalars(select(AuditLog.action).where(AuditLog.target_id == str(application.id))).all()
    assert {"document.returned", "document.replaced", "document.accepted"} <= set(actions)


def test_a_multi_file_document_is_replaced_as_a_whole(client, factories, db):
    application = _submitted(client, factories, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    owner = factories.auth_headers(application.user)
    field = "medical_certificates"
    before = _document(_panel(client, headers, application.id), field)
    assert len(before["files"]) >= 1
    assert_ok(_review(client, headers, application.id, field, "returned", "Add the vaccination page"))
    [to_fix] = _to_fix(client, owner, application.id)
    assert to_fix["multiple"] is True
    assert_ok(_replace(client, owner, application.id, field, [(PDF, "a.pdf"), (PDF_V2, "b.pdf")]))
    after = _document(_panel(client, headers, application.id), field)
    assert [f["name"] for f in after["files"]] == ["a.pdf", "b.pdf"]
    assert after["state"] == "replaced"
    assert [v["current"] for v in after["versions"]] == [False] * len(before["files"]) + [True, True]


def test_citizens_self_upload_document_holds_the_confirmation(client, factories, db):
    application = _citizen_at_documents_uploaded(client, factories, db)
    headers = staff(factories, KZ_ADMIN)
    owner = factories.auth_headers(application.user)
    document = _document(_panel(client, headers, application.id), "education_document", "documentsSelfUpload")
    assert document["state"] == "pending"
    returned = _review(client, headers, application.id, "education_document", "returned", "Нет приложения", **SELF)
    assert_ok(returned)
    confirm = {"user_id": application.user_id, "updateBody": {"confirm_documents": True}}
    assert_envelope(
        client.post(f"{API}/admin/update-application-custom", headers=headers, json=confirm),
        409,
        "documents.returned_pending",
    )
    # the self-upload step is frozen at step 5, except for the document sent back
    assert_envelope(
        post_bulk(client, owner, application.id, {}, {("documentsSelfUpload", "unt_document"): (PDF, "unt.pdf")}),
        409,
        "applications.submitted_read_only",
    )
    assert_ok(_replace(client, owner, application.id, "education_document", [(PDF_V2, "diploma-full.pdf")], **SELF))
    accepted = _review(client, headers, application.id, "education_document", "accepted", **SELF)
    assert_ok(accepted)
    body = assert_ok(client.post(f"{API}/admin/update-application-custom", headers=headers, json=confirm))
    assert body["item"]["current_step"] == 7  # fee-paying: on to the programme choice (decision 0083)


# ----------------------------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "body, field",
    [
        ({"decision": "returned"}, "reason"),
        ({"decision": "returned", "reason": "   "}, "reason"),
        ({"decision": "maybe"}, "decision"),
        ({"decision": "accepted", "reason": "x" * 1001}, "reason"),
        ({"decision": "accepted", "field": ""}, "field"),
        ({"decision": "accepted", "form_key": None}, "form_key"),
    ],
)
def test_bad_review_bodies(client, factories, body, field):
    application = _submitted(client, factories, current_step=1)
    payload = {"form_key": "fillStepDocumentsFiles", "field": "passport", **body}
    response = client.post(
        f"{API}/admin/application/{application.id}/document-review", headers=staff(factories), json=payload
    )
    assert field in assert_envelope(response, 400)["errors"]


def test_reason_required_message_is_localized(client, factories):
    application = _submitted(client, factories, current_step=1)
    response = client.post(
        f"{API}/admin/application/{application.id}/document-review",
        headers={**staff(factories), "Accept-Language": "kk"},
        json={"form_key": "fillStepDocumentsFiles", "field": "passport", "decision": "returned"},
    )
    assert assert_envelope(response, 400)["errors"]["reason"] == [catalogue("kk")["documents.reason_required"]]


def test_review_access_and_missing_things(client, factories, db):
    foreign = _submitted(client, factories, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    assert_envelope(_review(client, staff(factories, KZ_ADMIN), foreign.id, "passport", "accepted"), 404)
    assert_envelope(_review(client, factories.auth_headers(foreign.user), foreign.id, "passport", "accepted"), 403)
    assert_envelope(_review(client, {}, foreign.id, "passport", "accepted"), 401)
    assert_envelope(_review(client, headers, 2**31 - 1, "passport", "accepted"), 404)
    assert_envelope(_review(client, headers, foreign.id, "no_such_field", "accepted"), 404, "documents.not_found")
    assert_envelope(
        _review(client, headers, foreign.id, "passport", "accepted", form_key="fillStepMainInfo"),
        404,
        "documents.not_found",
    )
    draft = factories.application(user=factories.applicant())
    assert_envelope(_review(client, headers, draft.id, "passport", "accepted"), 409, "documents.not_submitted")
    archived = _submitted(client, factories, current_step=1)
    db.session.expire_all()
    db.session.get(Application, archived.id).status = -1
    db.session.commit()
    assert_envelope(_review(client, headers, archived.id, "passport", "accepted"), 409, "applications.archived")
    assert db.session.scalars(select(DocumentReview)).all() == []


def test_replace_access(client, factories, db):
    application = _submitted(client, factories, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    assert_ok(_review(client, headers, application.id, "passport", "returned", "Blurred"))
    stranger = factories.auth_headers(factories.applicant())
    assert_envelope(_replace(client, stranger, application.id, "passport", [(PDF, "p.pdf")]), 404)
    assert_envelope(_replace(client, {}, application.id, "passport", [(PDF, "p.pdf")]), 401)
    owner = factories.auth_headers(application.user)
    assert_envelope(
        _replace(client, owner, application.id, "passport", [(PDF, "p.pdf")], form_key="fillStepMainInfo"),
        409,
        "documents.not_returned",
    )
    response = client.post(
        f"{API}/users/application/{application.id}/replace-document",
        headers=owner,
        data={"field": "passport", "file": [file_part(PDF, "p.pdf")]},
        content_type="multipart/form-data",
    )
    assert "form_key" in assert_envelope(response, 400)["errors"]
    # an archived application is read-only, send-back or not
    db.session.expire_all()
    db.session.get(Application, application.id).status = -1
    db.session.commit()
    assert_envelope(_replace(client, owner, application.id, "passport", [(PDF, "p.pdf")]), 409, "applications.archived")
    assert _to_fix(client, owner, application.id) == []


def test_panel_and_list_statements_stay_bounded(client, factories, db):
    application = _submitted(client, factories, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    for field in ("passport", "proof_of_education", "motivation_letter"):
        assert_ok(_review(client, headers, application.id, field, "returned", "Again"))
    db.session.expire_all()
    with count_queries(db.engine) as seen:
        _panel(client, headers, application.id)
    panel_statements = len(seen)
    owner = factories.auth_headers(application.user)
    db.session.expire_all()
    with count_queries(db.engine) as seen:
        assert len(_to_fix(client, owner, application.id)) == 3
    # the list reads the reviews once, and the answers only of an application with a send-back
    assert len(seen) <= 16, seen
    assert panel_statements <= 20
