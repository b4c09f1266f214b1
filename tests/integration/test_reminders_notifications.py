"""Reminders, the stored interface language and the notification centre (issue 26; decision 0081).

Every mail here crosses a real SMTP server (aiosmtpd). Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from server.accounts import notifications as notification_service
from server.i18n import catalogue
from server.models import Application, ApplicationEvent, DocumentReview, DormBooking, Notification, ReminderSend, User
from server.models.application import STEP_INSTRUCTION_READ, STEP_PAYMENT_MADE
from server.models.base import utcnow
from server.reminders import service as reminders

from ..helpers import (
    API,
    DEFAULT_PASSWORD,
    assert_envelope,
    assert_ok,
    bearer,
    check_otp,
    extract_code,
    messages_for,
)
from .dorm_support import applicant as dorm_applicant
from .dorm_support import book, genders, hall_with_rooms
from .test_document_review import _replace, _review, _submitted
from .test_user_data_support import PDF

pytestmark = pytest.mark.usefixtures("no_server_errors")

PASSWORD = DEFAULT_PASSWORD

PDF_V2 = PDF.replace(b"1.4", b"1.7")


@pytest.fixture
def smtp(app, smtp_server, monkeypatch):
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    return messages


def _run_scan(app):
    """The periodic job as the beat starts it (in-process: deliveries run right after each claim's commit)."""
    app.extensions["celery"].tasks["reminders.scan"].apply()


def _subjects(messages, email):
    return [m.subject for m in messages_for(messages, email)]


def _reminder_subject(kind, lang="ru"):
    return catalogue(lang)[f"mail.reminder_{kind}.subject"]


# ---------------------------------------------------------------------------------------- stored language


def test_language_is_set_at_sign_up_and_updated_when_the_user_switches(client, db, factories, smtp):
    response = client.post(
        f"{API}/auth/sign-up",
        headers={"Accept-Language": "kk"},
        json={"user": {"email": "kk-user@example.com", "password": PASSWORD, "repeat_password": PASSWORD}},
    )
    assert response.status_code == 200
    user = db.session.scalar(select(User).where(User.email == "kk-user@example.com"))
    assert user.language == "kk"
    [code_mail] = messages_for(smtp, "kk-user@example.com")
    assert code_mail.subject == catalogue("kk")["mail.verify.subject"]
    token = assert_ok(check_otp(client, "kk-user@example.com", extract_code(smtp, "kk-user@example.com")))["user"][
        "token"
    ]

    # the language picker of a signed-in user
    body = assert_ok(client.post(f"{API}/users/language", headers=bearer(token), json={"language": "en"}))
    assert body["item"]["language"] == "en"
    assert assert_ok(client.get(f"{API}/users/self", headers=bearer(token)))["item"]["language"] == "en"
    assert_envelope(client.post(f"{API}/users/language", headers=bearer(token), json={"language": "de"}), 400)
    assert client.post(f"{API}/users/language", json={"language": "en"}).status_code == 401

    # a code mail follows the stored language, whatever the language of the request that asked for it
    smtp.clear()
    assert_ok(
        client.post(
            f"{API}/auth/forgot-password-generate-code",
            headers={"Accept-Language": "ru"},
            json={"email": "kk-user@example.com"},
        )
    )
    [reset] = messages_for(smtp, "kk-user@example.com")
    assert reset.subject == catalogue("en")["mail.reset.subject"]


@pytest.mark.parametrize("lang", ["kk", "en"])
def test_a_dormitory_offer_goes_out_in_the_stored_language(client, db, factories, smtp, lang):
    """Issue 13 had to send offers in Russian: now they follow the applicant's language, names included."""
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=1)
    hall.name_kk, hall.name_en = "№1 жатақхана", "Hall No. 1"
    room_type.name_kk, room_type.name_en = "Екі орындық", "Double"
    resident = dorm_applicant(factories)
    waiting = dorm_applicant(factories, email=f"waiting-{lang}@example.com")
    waiting.language = lang
    db.session.commit()
    booking = assert_ok(book(client, factories, resident, hall, room_type))["booking"]
    assert_ok(book(client, factories, waiting, hall, room_type, join_waitlist=True))
    smtp.clear()
    assert_ok(
        client.post(
            f"{API}/users/update-booking",
            json={"action": "cancel", "booking_id": booking["id"]},
            headers=factories.auth_headers(resident),
        )
    )
    [offer] = messages_for(smtp, waiting.email)
    assert offer.subject == catalogue(lang)["mail.dorm_offer.subject"]
    assert {"kk": "№1 жатақхана", "en": "Hall No. 1"}[lang] in offer.body
    assert {"kk": "Екі орындық", "en": "Double"}[lang] in offer.body
    # … and the bell has it, in the language of whoever reads the list
    listed = assert_ok(
        client.get(f"{API}/notifications", headers={**factories.auth_headers(waiting), "Accept-Language": "en"})
    )
    assert listed["unread"] == 1 and listed["list"][0]["kind"] == "dorm_offer"
    assert listed["list"][0]["link"] == "/dormitory" and "Hall No. 1" in listed["list"][0]["body"]


# ------------------------------------------------------------------------------------------------ reminders


def _draft_near_deadline(factories, email, lang="ru", days_left=2):
    program = factories.study_program(name_ru="Информатика", name_kk="Информатика (каз)", name_en="Computer science")
    term = factories.term(closes_at=utcnow() + timedelta(days=days_left))
    user = factories.applicant(email=email, language=lang)
    return factories.application(user=user, program=program, term=term)


def test_a_draft_near_its_deadline_is_reminded_once_even_when_the_job_runs_twice(app, client, db, factories, smtp):
    application = _draft_near_deadline(factories, "draft@example.com", lang="en")
    _draft_near_deadline(factories, "far@example.com", days_left=20)
    _run_scan(app)
    _run_scan(app)
    [reminder] = messages_for(smtp, "draft@example.com")
    assert reminder.subject == _reminder_subject("draft_deadline", "en")
    assert "Computer science" in reminder.body and f"No. {application.id}" in reminder.body
    # the one-click unsubscribe of this kind: a link in the body and the RFC 8058 headers
    assert "/unsubscribe/" in reminder.body and "/settings/notifications" in reminder.body
    assert reminder.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/api/v1/notifications/unsubscribe/" in reminder.message["List-Unsubscribe"]
    assert messages_for(smtp, "far@example.com") == []
    assert db.session.scalar(select(func.count()).select_from(ReminderSend)) == 1
    # the bell lists it, linking to where to act
    [entry] = db.session.scalars(select(Notification).where(Notification.user_id == application.user_id)).all()
    assert entry.kind == "reminder_draft_deadline" and entry.link == "/my-applications"


def test_two_concurrent_scans_send_one_mail(app, db, factories, smtp):
    for i in range(3):
        _draft_near_deadline(factories, f"race{i}@example.com")
    barrier = threading.Barrier(2)

    def run():
        barrier.wait()
        _run_scan(app)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for i in range(3):
        assert _subjects(smtp, f"race{i}@example.com") == [_reminder_subject("draft_deadline")]
    db.session.expire_all()
    assert db.session.scalar(select(func.count()).select_from(ReminderSend)) == 3


def test_a_claim_is_taken_once_and_a_delivery_checks_again(app, db, factories, smtp):
    """Insert first, send after commit: a key already in the table is not claimed again, and a reminder whose
    condition cleared between the claim and the delivery is skipped, not sent."""
    application = _draft_near_deadline(factories, "cleared@example.com")
    [due] = [d for d in reminders.due_drafts(utcnow()) if d.subject_id == application.id]
    db.session.add(
        ReminderSend(key=due.key, kind=due.kind, user_id=due.user_id, subject_id=due.subject_id, created_at=utcnow())
    )
    db.session.commit()
    assert reminders.claim(due) is None  # the second run finds the key taken
    reminder = db.session.scalar(select(ReminderSend).where(ReminderSend.key == due.key))
    db.session.get(Application, application.id).submitted_at = utcnow()  # the applicant submits meanwhile
    db.session.commit()
    assert reminders.deliver(reminder.id) is False
    db.session.expire_all()
    assert db.session.get(ReminderSend, reminder.id).skipped_at is not None
    assert messages_for(smtp, "cleared@example.com") == []
    assert reminders.deliver(reminder.id) is False  # settled: a retried job does nothing


def _at_payment_step(factories, db, email, days_ago):
    user = factories.applicant(kz=True, email=email)
    application = factories.application(user=user, current_step=STEP_INSTRUCTION_READ)
    db.session.add(
        ApplicationEvent(
            application_id=application.id,
            transition="read_instruction",
            actor_role="applicant",
            from_step=1,
            to_step=STEP_INSTRUCTION_READ,
            created_at=utcnow() - timedelta(days=days_ago),
        )
    )
    db.session.commit()
    return application


def test_an_unpaid_fee_is_reminded_once_and_never_after_it_was_paid(app, db, factories, smtp):
    due = _at_payment_step(factories, db, "unpaid@example.com", days_ago=4)
    _at_payment_step(factories, db, "recent@example.com", days_ago=1)
    paid = _at_payment_step(factories, db, "paid@example.com", days_ago=5)
    paid.current_step = STEP_PAYMENT_MADE
    db.session.commit()
    _run_scan(app)
    _run_scan(app)
    assert _subjects(smtp, "unpaid@example.com") == [_reminder_subject("fee_unpaid")]
    assert f"№ {due.id}" in messages_for(smtp, "unpaid@example.com")[0].body
    assert messages_for(smtp, "recent@example.com") == [] and messages_for(smtp, "paid@example.com") == []


def test_a_document_sent_back_and_not_replaced_is_reminded_once(app, client, db, factories, smtp):
    from .admin_support import FOREIGN_ADMIN

    waiting = _submitted(client, factories, email="returned@example.com", current_step=1)
    fixed = _submitted(client, factories, email="fixed@example.com", current_step=1)
    headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    for application in (waiting, fixed):
        assert_ok(_review(client, headers, application.id, "passport", "returned", "The scan is cut off"))
    assert_ok(_replace(client, factories.auth_headers(fixed.user), fixed.id, "passport", [(PDF_V2, "p.pdf")]))
    for review in db.session.scalars(select(DocumentReview)):
        review.created_at = utcnow() - timedelta(days=3)
    db.session.commit()
    smtp.clear()
    _run_scan(app)
    _run_scan(app)
    [reminder] = messages_for(smtp, "returned@example.com")
    assert reminder.subject == _reminder_subject("document_returned")
    assert "«Паспорт»" in reminder.body
    assert messages_for(smtp, "fixed@example.com") == []  # replaced: the condition has cleared


def _held_booking(client, factories, db, email, hours_left):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, name=f"Hall of {email}")
    user = dorm_applicant(factories, email=email)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    row = db.session.get(DormBooking, booking["id"])
    row.hold_expires_at = utcnow() + timedelta(hours=hours_left)
    db.session.commit()
    return user, row


def test_a_dormitory_hold_about_to_end_is_reminded_once_and_honours_unsubscribe(app, client, db, factories, smtp):
    user, booking = _held_booking(client, factories, db, "hold@example.com", hours_left=2)
    _held_booking(client, factories, db, "later@example.com", hours_left=30)
    opted_out, _ = _held_booking(client, factories, db, "optout@example.com", hours_left=3)
    smtp.clear()

    # the signed link turns the kind off without signing in; a tampered one is refused
    token = notification_service.unsubscribe_token(opted_out.id, "dorm_expiring")
    assert_envelope(client.get(f"{API}/notifications/unsubscribe/{token}x"), 400, "notifications.link_invalid")
    assert_envelope(client.post(f"{API}/notifications/unsubscribe/{token[:-2]}"), 400, "notifications.link_invalid")
    page = assert_ok(client.get(f"{API}/notifications/unsubscribe/{token}"))
    assert page["kind"] == "dorm_expiring" and page["enabled"] is True  # GET only shows what it would do
    done = assert_ok(
        client.post(
            f"{API}/notifications/unsubscribe/{token}",
            data="List-Unsubscribe=One-Click",
            content_type="application/x-www-form-urlencoded",
        )
    )
    assert done["enabled"] is False
    assert_ok(client.post(f"{API}/notifications/unsubscribe/{token}"))  # twice is the same outcome

    _run_scan(app)
    _run_scan(app)
    [reminder] = messages_for(smtp, "hold@example.com")
    assert reminder.subject == _reminder_subject("dorm_expiring")
    assert "Hall of hold@example.com" in reminder.body
    assert messages_for(smtp, "later@example.com") == [] and messages_for(smtp, "optout@example.com") == []

    # a new deadline is a new period; a paid (confirmed) hold is not reminded
    booking = db.session.get(DormBooking, booking.id)
    booking.hold_expires_at = utcnow() + timedelta(hours=1)
    booking.status = "confirmed"
    db.session.commit()
    _run_scan(app)
    assert len(messages_for(smtp, "hold@example.com")) == 1


def test_the_settings_page_api(client, db, factories, smtp):
    user = factories.applicant()
    headers = factories.auth_headers(user)
    body = assert_ok(client.get(f"{API}/notifications/settings", headers=headers))
    assert body["list"] == [
        {"kind": kind, "enabled": True}
        for kind in ("draft_deadline", "fee_unpaid", "document_returned", "dorm_expiring")
    ]
    body = assert_ok(
        client.put(f"{API}/notifications/settings", headers=headers, json={"settings": {"fee_unpaid": False}})
    )
    assert {s["kind"]: s["enabled"] for s in body["list"]}["fee_unpaid"] is False
    assert notification_service.is_enabled(user.id, "fee_unpaid") is False
    body = assert_ok(
        client.put(f"{API}/notifications/settings", headers=headers, json={"settings": {"fee_unpaid": True}})
    )
    assert all(s["enabled"] for s in body["list"])
    assert_envelope(client.put(f"{API}/notifications/settings", headers=headers, json={"settings": {"x": True}}), 400)
    assert_envelope(client.put(f"{API}/notifications/settings", headers=headers, json={"settings": {}}), 400)
    assert_envelope(client.put(f"{API}/notifications/settings", headers=headers, json={"settings": "no"}), 400)
    assert client.get(f"{API}/notifications/settings").status_code == 401


def test_an_unsubscribed_kind_is_not_delivered_even_when_already_claimed(app, db, factories, smtp):
    application = _draft_near_deadline(factories, "claimed@example.com")
    [due] = [d for d in reminders.due_drafts(utcnow()) if d.subject_id == application.id]
    db.session.add(
        ReminderSend(key=due.key, kind=due.kind, user_id=due.user_id, subject_id=due.subject_id, created_at=utcnow())
    )
    db.session.commit()
    reminder_id = db.session.scalar(select(ReminderSend.id).where(ReminderSend.key == due.key))
    notification_service.set_enabled(application.user_id, "draft_deadline", False)
    assert reminders.deliver(reminder_id) is False
    assert messages_for(smtp, "claimed@example.com") == []


# ------------------------------------------------------------------------------------------ notification centre


def test_notifications_are_listed_counted_marked_read_and_private(client, db, factories, smtp):
    from .admin_support import FOREIGN_ADMIN

    application = _submitted(client, factories, email="bell@example.com", current_step=1)
    owner = factories.auth_headers(application.user)
    other = factories.applicant()
    other_headers = factories.auth_headers(other)
    admin = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    # a staff send-back: mail and bell entry in one go
    assert_ok(_review(client, admin, application.id, "passport", "returned", "The scan is cut off"))

    assert assert_ok(client.get(f"{API}/notifications/unread-count", headers=owner))["unread"] == 2
    page = assert_ok(client.get(f"{API}/notifications", headers={**owner, "Accept-Language": "kk"}))
    assert page["total"] == 2 and page["unread"] == 2
    newest, submitted = page["list"]
    assert newest["kind"] == "document_returned" and "Төлқұжат" in newest["body"] and not newest["read"]
    assert submitted["kind"] == "application_submitted" and submitted["link"] == "/my-applications"
    assert catalogue("kk")["notifications.application_submitted.title"] == submitted["title"]
    # paged
    first = assert_ok(client.get(f"{API}/notifications", headers=owner, query_string={"per_page": 1}))
    assert [n["id"] for n in first["list"]] == [newest["id"]] and first["total"] == 2
    assert_envelope(client.get(f"{API}/notifications", headers=owner, query_string={"per_page": 500}), 400)

    # someone else's: invisible, and marking it is "not found"
    assert assert_ok(client.get(f"{API}/notifications", headers=other_headers))["list"] == []
    assert_envelope(
        client.post(f"{API}/notifications/{newest['id']}/read", headers=other_headers), 404, "notifications.not_found"
    )
    assert_envelope(client.post(f"{API}/notifications/99999999/read", headers=owner), 404)
    assert client.get(f"{API}/notifications").status_code == 401

    assert assert_ok(client.post(f"{API}/notifications/{newest['id']}/read", headers=owner))["unread"] == 1
    assert assert_ok(client.post(f"{API}/notifications/read-all", headers=owner))["unread"] == 0
    assert assert_ok(client.get(f"{API}/notifications/unread-count", headers=owner))["unread"] == 0
    others = select(func.count()).select_from(Notification).where(Notification.user_id == other.id)
    assert db.session.scalar(others) == 0


def test_a_status_change_notifies_in_the_transaction_of_the_event(client, db, factories, smtp):
    from .admin_support import FOREIGN_ADMIN

    application = _submitted(client, factories, email="status@example.com", current_step=1)
    admin = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    response = client.post(
        f"{API}/admin/update-application", headers=admin, json={"user_id": application.user_id, "status": 1}
    )
    assert_ok(response)
    kinds = db.session.scalars(
        select(Notification.kind).where(Notification.user_id == application.user_id).order_by(Notification.id)
    ).all()
    # (accepting also issues an official letter, whose entry the letters domain adds: decision 0080)
    assert kinds[:2] == ["application_submitted", "status_changed"]
    # a refused transition writes nothing: no entry either
    client.post(f"{API}/admin/update-application", headers=admin, json={"user_id": application.user_id, "status": 9})
    owned = select(func.count()).select_from(Notification).where(Notification.user_id == application.user_id)
    assert db.session.scalar(owned) == len(kinds)


def test_the_scan_runs_at_the_configured_interval(app, instance_dir, database_url):
    from server import create_app

    from ..conftest import make_config

    default = app.extensions["celery"].conf.beat_schedule["reminders-scan"]
    assert default["task"] == "reminders.scan" and default["schedule"] == timedelta(minutes=15)
    other = create_app(make_config(instance_dir, database_url, REMINDER_SCAN_INTERVAL_SECONDS=300))
    assert other.extensions["celery"].conf.beat_schedule["reminders-scan"]["schedule"] == timedelta(minutes=5)
