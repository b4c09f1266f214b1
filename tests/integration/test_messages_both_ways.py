"""Messages both ways (issue 23, decision 0084): staff write, the applicant reads and replies, staff see the reply
unread in the panel, the queue row and the menu badge; each new message is mailed to the other side in the
recipient's language (real SMTP, as tests/integration/test_smtp.py)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.i18n import catalogue
from server.models import ApplicationMessage

from ..helpers import assert_envelope, assert_ok, messages_for
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, queue

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.fixture
def smtp(app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    return messages


def _staff_send(client, headers, application, content):
    return assert_ok(
        client.post(
            f"{API}/admin/send-application-message",
            headers=headers,
            json={"user_id": application.user_id, "application_id": application.id, "content": content},
        )
    )


def _thread(client, headers, application_id, **query):
    return client.get(f"{API}/users/application/{application_id}/messages", headers=headers, query_string=query)


def _reply(client, headers, application_id, content):
    return client.post(f"{API}/users/application/{application_id}/messages", headers=headers, json={"content": content})


def _unread(client, headers):
    return assert_ok(client.get(f"{API}/users/messages/unread", headers=headers))["unread"]


def _dashboard(client, headers, segment="FOREIGN"):
    return assert_ok(client.get(f"{API}/admin/dashboard", headers=headers, query_string={"segment": segment}))


def test_a_staff_message_is_answered_and_both_sides_see_read_state(client, factories, db, smtp):
    admin = factories.admin(role=FOREIGN_ADMIN)
    admin_headers = factories.auth_headers(admin)
    application = applicant_application(factories, status=0)
    owner = application.user
    owner.language = "en"
    admin.language = "kk"
    db.session.commit()
    applicant = factories.auth_headers(owner)

    _staff_send(client, admin_headers, application, "Загрузите скан паспорта")
    # The applicant's letter is in their language (en).
    [letter] = messages_for(smtp, owner.email)
    assert letter.subject == catalogue("en")["mail.application_message.subject"]
    assert "Загрузите скан паспорта" in letter.body

    # The bell entry leads to the thread.
    bell = assert_ok(client.get(f"{API}/notifications", headers=applicant))["list"]
    assert bell[0]["kind"] == "application_message"
    assert bell[0]["link"] == f"/my-applications/{application.id}/messages"

    # Header badge, card summary and thread.
    assert _unread(client, applicant) == 1
    card = next(a for a in assert_ok(client.get(f"{API}/users/applications", headers=applicant))["list"])
    assert card["unread_messages"] == 1
    assert card["latest_message"]["content"] == "Загрузите скан паспорта"
    assert card["latest_message"]["author_side"] == "staff"
    body = assert_ok(_thread(client, applicant, application.id))
    assert body["unread"] == 1 and body["total"] == 1
    assert [(m["author_side"], m["readAt"]) for m in body["list"]] == [("staff", None)]

    # Opening marks read.
    read = assert_ok(client.post(f"{API}/users/application/{application.id}/messages/read", headers=applicant))
    assert read["unread"] == 0 and _unread(client, applicant) == 0
    # The bell entry announcing it is read too.
    assert assert_ok(client.get(f"{API}/notifications/unread-count", headers=applicant))["unread"] == 0
    assert assert_ok(_thread(client, applicant, application.id))["list"][0]["readAt"]

    # The reply: stored on the applicant's side, mailed to the staff member who wrote (in kk), with the panel link.
    replied = assert_ok(_reply(client, applicant, application.id, "  Загрузил, проверьте  "))
    assert replied["message_key"] == "messages.sent" and replied["item"]["author_side"] == "applicant"
    assert replied["item"]["content"] == "Загрузил, проверьте"
    [staff_letter] = messages_for(smtp, admin.email)
    assert staff_letter.subject == catalogue("kk")["mail.application_reply.subject"]
    assert "Загрузил, проверьте" in staff_letter.body
    assert f"/admin/users?application={application.id}" in staff_letter.body
    thread = assert_ok(_thread(client, applicant, application.id))["list"]
    assert [m["author_side"] for m in thread] == ["applicant", "staff"]  # newest first

    # Staff: the queue row and the menu badge count the reply; the panel shows both sides.
    rows = assert_ok(queue(client, admin_headers, "applied"))["list"]
    assert next(r for r in rows if r["id"] == application.id)["unread_messages"] == 1
    assert _dashboard(client, admin_headers)["unread_messages"] == 1
    panel = assert_ok(client.get(f"{API}/admin/application/{application.id}", headers=admin_headers))["item"]
    assert [(m["author_side"], m["readAt"] is None) for m in panel["application_messages"]] == [
        ("staff", False),
        ("applicant", True),
    ]
    # Opening the panel's thread marks the reply read by staff.
    marked = assert_ok(client.post(f"{API}/admin/application/{application.id}/messages/read", headers=admin_headers))
    assert marked["marked"] == 1
    assert _dashboard(client, admin_headers)["unread_messages"] == 0
    rows = assert_ok(queue(client, admin_headers, "applied"))["list"]
    assert next(r for r in rows if r["id"] == application.id)["unread_messages"] == 0

    # Staff answer: unread for the applicant again.
    _staff_send(client, admin_headers, application, "Спасибо, всё в порядке")
    assert _unread(client, applicant) == 1


def test_staff_answer_marks_earlier_replies_read(client, factories, db):
    admin_headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    application = applicant_application(factories, status=0)
    applicant = factories.auth_headers(application.user)
    assert_ok(_reply(client, applicant, application.id, "Когда будет решение?"))
    assert _dashboard(client, admin_headers)["unread_messages"] == 1
    _staff_send(client, admin_headers, application, "На этой неделе")
    assert _dashboard(client, admin_headers)["unread_messages"] == 0
    # And the applicant's reply marks staff's earlier messages read.
    assert _unread(client, applicant) == 1
    assert_ok(_reply(client, applicant, application.id, "Спасибо"))
    assert _unread(client, applicant) == 0


def test_a_first_reply_goes_to_every_active_admin_of_the_population(client, factories, db, smtp):
    """Staff never wrote in the thread: each active admin of the applicant's population is told, in their own
    language; a deactivated admin and the other population's admin are not."""
    from server.models.base import utcnow

    first = factories.admin(role=KZ_ADMIN)
    second = factories.admin(role=KZ_ADMIN)
    gone = factories.admin(role=KZ_ADMIN)
    foreign = factories.admin(role=FOREIGN_ADMIN)
    first.language, second.language = "ru", "en"
    gone.deactivated_at = utcnow()
    db.session.commit()
    application = applicant_application(factories, kz=True)
    assert_ok(_reply(client, factories.auth_headers(application.user), application.id, "Вопрос по документам"))
    assert messages_for(smtp, first.email)[0].subject == catalogue("ru")["mail.application_reply.subject"]
    assert messages_for(smtp, second.email)[0].subject == catalogue("en")["mail.application_reply.subject"]
    assert f"/admin/kz/users?application={application.id}" in messages_for(smtp, first.email)[0].body
    assert messages_for(smtp, gone.email) == [] and messages_for(smtp, foreign.email) == []


def test_the_last_writer_gets_the_reply_while_active_else_everyone(client, factories, db, smtp):
    from server.models.base import utcnow

    writer = factories.admin(role=FOREIGN_ADMIN)
    colleague = factories.admin(role=FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    applicant = factories.auth_headers(application.user)
    _staff_send(client, factories.auth_headers(writer), application, "Добрый день")
    assert_ok(_reply(client, applicant, application.id, "Здравствуйте"))
    assert len(messages_for(smtp, writer.email)) == 1 and messages_for(smtp, colleague.email) == []
    writer.deactivated_at = utcnow()
    db.session.commit()
    assert_ok(_reply(client, applicant, application.id, "Есть новости?"))
    assert len(messages_for(smtp, writer.email)) == 1 and len(messages_for(smtp, colleague.email)) == 1


def test_someone_elses_or_an_unknown_application_is_404(client, factories, db):
    application = applicant_application(factories, status=0)
    stranger = factories.auth_headers(factories.applicant())
    for application_id in (application.id, 987654):
        assert_envelope(_thread(client, stranger, application_id), 404, "applications.not_found")
        assert_envelope(_reply(client, stranger, application_id, "Привет"), 404, "applications.not_found")
        assert_envelope(
            client.post(f"{API}/users/application/{application_id}/messages/read", headers=stranger),
            404,
            "applications.not_found",
        )
    assert_envelope(_thread(client, stranger, 99999999999999999999), 404)
    assert_envelope(_thread(client, {}, application.id), 401)
    assert db.session.scalars(select(ApplicationMessage)).all() == []


def test_the_other_populations_admin_cannot_see_or_mark_the_thread(client, factories, db):
    application = applicant_application(factories, kz=True)
    assert_ok(_reply(client, factories.auth_headers(application.user), application.id, "Вопрос"))
    foreign = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    assert_envelope(client.get(f"{API}/admin/application/{application.id}", headers=foreign), 404)
    assert_envelope(client.post(f"{API}/admin/application/{application.id}/messages/read", headers=foreign), 404)
    assert _dashboard(client, foreign)["unread_messages"] == 0
    kz = factories.auth_headers(factories.admin(role=KZ_ADMIN))
    assert _dashboard(client, kz, "KZ")["unread_messages"] == 1
    # An applicant is not staff.
    assert_envelope(
        client.post(
            f"{API}/admin/application/{application.id}/messages/read", headers=factories.auth_headers(application.user)
        ),
        403,
    )
    row = db.session.scalars(select(ApplicationMessage)).one()
    assert row.read_at is None


@pytest.mark.parametrize(
    "body, key",
    [
        ({}, "messages.content_required"),
        ({"content": ""}, "messages.content_required"),
        ({"content": "  \n "}, "messages.content_required"),
        ({"content": None}, "messages.content_required"),
        ({"content": "x" * 5001}, "validation.too_long"),
        ({"content": 5}, None),
        ({"content": "ok", "extra": 1}, "validation.unknown_field"),
    ],
)
def test_reply_validation_is_localized(client, factories, db, body, key):
    application = applicant_application(factories, status=0)
    headers = {**factories.auth_headers(application.user), "Accept-Language": "kk"}
    response = client.post(f"{API}/users/application/{application.id}/messages", headers=headers, json=body)
    envelope = assert_envelope(response, 400)
    if key is not None:
        assert key in str(envelope)
    if key == "messages.content_required":
        assert catalogue("kk")["messages.content_required"] in str(envelope)
    assert db.session.scalars(select(ApplicationMessage)).all() == []


def test_thread_is_paged_newest_first_and_bad_paging_is_400(client, factories, db):
    admin_headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    application = applicant_application(factories, status=0)
    applicant = factories.auth_headers(application.user)
    for n in range(5):
        _staff_send(client, admin_headers, application, f"Сообщение {n}")
    page = assert_ok(_thread(client, applicant, application.id, page=1, size=2))
    assert [m["content"] for m in page["list"]] == ["Сообщение 4", "Сообщение 3"] and page["total"] == 5
    last = assert_ok(_thread(client, applicant, application.id, page=3, size=2))
    assert [m["content"] for m in last["list"]] == ["Сообщение 0"]
    for query in ({"size": 0}, {"size": 101}, {"page": 0}, {"page": "x"}):
        assert_envelope(_thread(client, applicant, application.id, **query), 400)


def test_replies_to_an_archived_application_are_allowed(client, factories, db):
    application = applicant_application(factories, status=-1)
    applicant = factories.auth_headers(application.user)
    assert_ok(_reply(client, applicant, application.id, "Почему заявление в архиве?"))
    admin_headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    rows = assert_ok(queue(client, admin_headers, "archived"))["list"]
    assert next(r for r in rows if r["id"] == application.id)["unread_messages"] == 1


def test_replies_are_rate_limited_per_account(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_APPLICATION_MESSAGE_PER_ACCOUNT", "2 per hour")
    application = applicant_application(factories, status=0)
    headers = factories.auth_headers(application.user)
    assert_ok(_reply(client, headers, application.id, "Раз"))
    assert_ok(_reply(client, headers, application.id, "Два"))
    limited = _reply(client, headers, application.id, "Три")
    assert_envelope(limited, 429, "errors.rate_limited")
    assert limited.headers.get("Retry-After")


def test_migration_keeps_existing_messages_as_unread_staff_messages(client, factories, db):
    """Rows written the old way (no side given) are staff messages (the server default of the migration)."""
    application = applicant_application(factories, status=0)
    db.session.add(ApplicationMessage(application_id=application.id, content="Старое сообщение"))
    db.session.commit()
    assert _unread(client, factories.auth_headers(application.user)) == 1


def test_the_unread_filter_lists_only_applications_with_unread_replies(client, factories, db):
    """The menu's "Applicants' replies" opens the all-applicants queue with this filter (decision 0084)."""
    admin_headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    waiting = applicant_application(factories, status=0)
    answered = applicant_application(factories, status=0)
    quiet = applicant_application(factories, status=0)
    assert_ok(_reply(client, factories.auth_headers(waiting.user), waiting.id, "Вопрос"))
    assert_ok(_reply(client, factories.auth_headers(answered.user), answered.id, "Вопрос"))
    _staff_send(client, admin_headers, answered, "Ответ")
    for queue_key in ("users", "applied"):
        body = assert_ok(queue(client, admin_headers, queue_key, additionalParams={"unreadMessages": True}))
        assert [row["id"] for row in body["list"]] == [waiting.id] and body["total"] == 1
    everyone = assert_ok(queue(client, admin_headers, "applied", additionalParams={"unreadMessages": False}))
    assert {waiting.id, answered.id, quiet.id} <= {row["id"] for row in everyone["list"]}
    assert_envelope(queue(client, admin_headers, "applied", additionalParams={"unreadMessages": "maybe"}), 400)
