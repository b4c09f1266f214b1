"""send-application-message (req §5: non-empty text; §8 'Успешно'), and the staff document intake: upload codes
(req §2 /upload, §5, §9), get-upload-application, the applicant's own code."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.applications import upload_code
from server.i18n import catalogue
from server.models import ApplicationMessage, AuditLog

from ..helpers import assert_envelope, assert_ok, messages_for
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, main_info, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _send(client, headers, **body):
    return client.post(f"{API}/admin/send-application-message", headers=headers, json=body)


# ------------------------------------------------------------------------------------------------ messages


def test_message_is_stored_on_the_latest_application_and_shown_to_the_applicant(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    older = applicant_application(factories, status=-1)
    latest = applicant_application(factories, user=older.user, status=0)
    body = assert_ok(
        _send(client, factories.auth_headers(admin), user_id=older.user_id, content="  Загрузите паспорт  ")
    )
    assert body["message_key"] == "common.success" and body["message"] == "Успешно"
    assert body["item"]["application_id"] == latest.id and body["item"]["content"] == "Загрузите паспорт"
    row = db.session.scalars(select(ApplicationMessage)).one()
    assert (row.application_id, row.author_id) == (latest.id, admin.id)
    audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "application.message")).one()
    assert audit.actor_id == admin.id and audit.target_id == str(latest.id)

    applicant = factories.auth_headers(older.user)
    listed = client.get(f"{API}/users/applications", headers=applicant).get_json()["list"]
    by_id = {a["id"]: a for a in listed}
    assert [m["content"] for m in by_id[latest.id]["application_messages"]] == ["Загрузите паспорт"]
    assert by_id[older.id]["application_messages"] == []
    one = client.get(f"{API}/users/application/{latest.id}", headers=applicant).get_json()["item"]
    assert (
        one["application_messages"][0]["content"] == "Загрузите паспорт" and one["application_messages"][0]["createdAt"]
    )


def test_message_to_a_named_application(client, factories):
    headers = staff(factories, KZ_ADMIN)
    first = applicant_application(factories, kz=True)
    second = applicant_application(factories, kz=True, user=first.user)
    body = assert_ok(_send(client, headers, user_id=first.user_id, application_id=first.id, content="Про первую"))
    assert body["item"]["application_id"] == first.id
    other = applicant_application(factories, kz=True)
    assert_envelope(_send(client, headers, user_id=first.user_id, application_id=other.id, content="x"), 404)
    del second


@pytest.mark.parametrize(
    "body, key",
    [
        ({"content": "x"}, "validation.required"),
        ({"user_id": "{user}"}, "admin.message_required"),
        ({"user_id": "{user}", "content": ""}, "admin.message_required"),
        ({"user_id": "{user}", "content": "   \n\t "}, "admin.message_required"),
        ({"user_id": "{user}", "content": None}, "admin.message_required"),
        ({"user_id": "{user}", "content": "x" * 5001}, "validation.too_long"),
        ({"user_id": "{user}", "content": 5}, None),
        ({"user_id": "{user}", "content": "ok", "extra": 1}, "validation.unknown_field"),
        ({"user_id": "12", "content": "ok"}, None),  # ids are numbers
        ({"user_id": 0, "content": "ok"}, None),
        ({"user_id": "{user}", "content": "a\x00b"}, None),
    ],
)
def test_message_validation(client, factories, db, body, key):
    application = applicant_application(factories, status=0)
    body = {k: (application.user_id if v == "{user}" else v) for k, v in body.items()}
    assert_envelope(_send(client, staff(factories), **body), 400, key)
    assert db.session.scalars(select(ApplicationMessage)).all() == []


def test_message_access(client, factories, db):
    foreign = applicant_application(factories, status=0)
    citizen = applicant_application(factories, kz=True)
    assert_envelope(client.post(f"{API}/admin/send-application-message", json={"user_id": 1, "content": "x"}), 401)
    assert_envelope(_send(client, factories.auth_headers(foreign.user), user_id=foreign.user_id, content="x"), 403)
    assert_envelope(_send(client, staff(factories, KZ_ADMIN), user_id=foreign.user_id, content="x"), 404)
    assert_envelope(_send(client, staff(factories, FOREIGN_ADMIN), user_id=citizen.user_id, content="x"), 404)
    assert_envelope(_send(client, staff(factories), user_id=10**7, content="x"), 404, "admin.user_not_found")
    no_application = factories.applicant()
    assert_envelope(_send(client, staff(factories), user_id=no_application.id, content="x"), 404)
    assert db.session.scalars(select(ApplicationMessage)).all() == []


def test_message_is_mailed_through_the_job_queue_over_smtp(client, factories, db, app, smtp_server, monkeypatch):
    """Decision 0061: the letter is queued in the message's transaction and delivered after commit, over real
    SMTP (aiosmtpd); the applicant reads the text itself in the letter."""
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    application = applicant_application(factories, status=0, email="reader@example.com")
    text = "Загрузите, пожалуйста, скан паспорта {без обложки}"
    assert_ok(_send(client, staff(factories), user_id=application.user_id, content=text))
    [letter] = messages_for(messages, "reader@example.com")
    assert letter.subject == catalogue("ru")["mail.application_message.subject"]
    assert text in letter.body and f"№ {application.id}" in letter.body
    assert application.study_program.name_ru in letter.body


def test_a_refused_message_sends_no_letter(client, factories, app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    citizen = applicant_application(factories, kz=True, email="citizen@example.com")
    assert_envelope(_send(client, staff(factories, FOREIGN_ADMIN), user_id=citizen.user_id, content="x"), 404)
    assert_envelope(_send(client, staff(factories, KZ_ADMIN), user_id=citizen.user_id, content="  "), 400)
    assert messages_for(messages, "citizen@example.com") == []


# ------------------------------------------------------------------------------------------- upload codes


def _find(client, headers, code):
    return client.post(f"{API}/admin/find-by-upload-code", headers=headers, json={"code": code})


def test_the_applicants_own_code_decodes_to_them(client, factories):
    application = applicant_application(
        factories, kz=True, answers=main_info(True, last="Сейтказиева", first="Мадина"), current_step=4
    )
    mine = client.get(f"{API}/users/application/{application.id}", headers=factories.auth_headers(application.user))
    code = mine.get_json()["item"]["upload_code"]
    assert code == upload_code.encode(application.user_id) and len(code) == 7
    body = assert_ok(_find(client, staff(factories, KZ_ADMIN), code))
    assert body["user_id"] == application.user_id and body["application_id"] == application.id
    assert (body["user"]["last_name"], body["user"]["first_name"]) == ("Сейтказиева", "Мадина")
    foreign = applicant_application(factories)
    theirs = client.get(f"{API}/users/application/{foreign.id}", headers=factories.auth_headers(foreign.user))
    assert theirs.get_json()["item"]["upload_code"] is None


def test_wrong_and_malformed_codes(client, factories):
    headers = staff(factories, KZ_ADMIN)
    citizen = applicant_application(factories, kz=True)
    foreign = applicant_application(factories)
    for code in ("123456", "12345678", "12a4567", "", "１２３４５６７", "123 567"):
        assert_envelope(_find(client, headers, code), 400, "admin.upload_code_format")
    assert_envelope(_find(client, headers, "9999995"), 400, "admin.upload_code_format")  # beyond the modulus
    assert_envelope(_find(client, headers, 1234567), 400)  # a number, not text
    assert_envelope(_find(client, headers, upload_code.encode(10**6)), 404, "admin.upload_code_not_found")
    # a foreign applicant's id hides behind the same answer
    assert_envelope(_find(client, headers, upload_code.encode(foreign.user_id)), 404, "admin.upload_code_not_found")
    # one wrong digit names someone else (or nobody), never this applicant
    code = upload_code.encode(citizen.user_id)
    typo = code[:-1] + str((int(code[-1]) + 1) % 10)
    response = _find(client, headers, typo)
    assert response.status_code in (400, 404) or response.get_json()["user_id"] != citizen.user_id


def test_codes_are_for_the_citizens_admin_only(client, factories):
    citizen = applicant_application(factories, kz=True)
    code = upload_code.encode(citizen.user_id)
    assert_envelope(client.post(f"{API}/admin/find-by-upload-code", json={"code": code}), 401)
    assert_envelope(_find(client, factories.auth_headers(citizen.user), code), 403)
    assert_envelope(_find(client, staff(factories, FOREIGN_ADMIN), code), 403, "errors.forbidden")


def _upload_application(client, headers, user_id):
    return client.post(f"{API}/admin/get-upload-application", headers=headers, json={"user_id": user_id})


def test_get_upload_application(client, factories):
    headers = staff(factories, KZ_ADMIN)
    first = applicant_application(factories, kz=True)
    latest = applicant_application(factories, kz=True, user=first.user)
    body = assert_ok(_upload_application(client, headers, first.user_id))
    assert body == {
        "success": True,
        "id": latest.id,
        "user_id": first.user_id,
        "upload_code": upload_code.encode(first.user_id),
    }
    withdrawn_only = applicant_application(factories, kz=True, status=-1)
    assert_envelope(_upload_application(client, headers, withdrawn_only.user_id), 404, "applications.not_found")
    foreign = applicant_application(factories)
    assert_envelope(_upload_application(client, headers, foreign.user_id), 404, "admin.user_not_found")
    assert_envelope(_upload_application(client, staff(factories, FOREIGN_ADMIN), first.user_id), 403)
    assert_envelope(_upload_application(client, factories.auth_headers(first.user), first.user_id), 403)
    assert_envelope(client.post(f"{API}/admin/get-upload-application", json={"user_id": 1}), 401)
    assert_envelope(_upload_application(client, headers, "x"), 400)
    assert_envelope(_upload_application(client, headers, None), 400)
    assert_envelope(client.post(f"{API}/admin/get-upload-application", headers=headers, json={}), 400)
