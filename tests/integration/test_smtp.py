"""The real mail path (design §8): SMTP_URL points at an aiosmtpd on a free port; codes are read from the
delivered messages, never from the database."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from server.i18n import catalogue
from server.models import OutboxMessage, User

from ..helpers import (
    API,
    SMTP_USER,
    assert_envelope,
    assert_ok,
    check_otp,
    extract_code,
    free_port,
    messages_for,
    sign_in,
    sign_up,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.fixture
def smtp(app, smtp_server, monkeypatch):
    """Points the app at the test SMTP server for one test; yields the list of delivered messages."""
    url, messages = smtp_server
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    return messages


def test_sign_up_code_arrives_by_smtp_and_verifies(client, db, app, smtp):
    assert_ok(sign_up(client, "Mailbox@Example.com"))
    [message] = messages_for(smtp, "mailbox@example.com")
    assert message.rcpt_tos == ["mailbox@example.com"]
    assert message.login == SMTP_USER  # the credentials in SMTP_URL were used
    assert message.message["To"] == "mailbox@example.com"
    assert message.message["From"] == app.config["MAIL_FROM"]
    assert message.subject == catalogue("ru")["mail.verify.subject"]
    assert "Здравствуйте" in message.body  # Cyrillic survives the trip

    code = extract_code(smtp, "mailbox@example.com")
    body = assert_ok(check_otp(client, "mailbox@example.com", code))
    assert body["user"]["is_verified"] is True
    # With SMTP configured nothing goes to the dev outbox.
    assert db.session.scalar(select(func.count()).select_from(OutboxMessage)) == 0


def test_mail_language_follows_the_request(client, db, smtp):
    client.post(
        f"{API}/auth/sign-up?lang=en",
        json={"user": {"email": "en@example.com", "password": "Qab-pass-26", "repeat_password": "Qab-pass-26"}},
    )
    client.post(
        f"{API}/auth/sign-up",
        headers={"Accept-Language": "kk"},
        json={"user": {"email": "kk@example.com", "password": "Qab-pass-26", "repeat_password": "Qab-pass-26"}},
    )
    assert messages_for(smtp, "en@example.com")[0].subject == catalogue("en")["mail.verify.subject"]
    assert messages_for(smtp, "kk@example.com")[0].subject == catalogue("kk")["mail.verify.subject"]


def test_password_reset_over_smtp(client, db, factories, smtp):
    factories.user(email="forgetful@example.com")
    assert_ok(client.post(f"{API}/auth/forgot-password-generate-code", json={"email": "forgetful@example.com"}))
    [message] = messages_for(smtp, "forgetful@example.com")
    assert message.subject == catalogue("ru")["mail.reset.subject"]
    code = extract_code(smtp, "forgetful@example.com")
    otp_id = assert_ok(
        client.post(f"{API}/auth/forgot-password-check-code", json={"email": "forgetful@example.com", "code": code})
    )["otp_id"]
    assert_ok(
        client.post(
            f"{API}/auth/forgot-password-update-password",
            json={"email": "forgetful@example.com", "password": "remembered1", "otp_id": otp_id},
        )
    )
    assert sign_in(client, "forgetful@example.com", "remembered1").status_code == 200


def test_unknown_address_gets_no_mail(client, db, smtp):
    assert_ok(client.post(f"{API}/auth/forgot-password-generate-code", json={"email": "ghost@example.com"}))
    assert_ok(client.post(f"{API}/auth/generate-otp", json={"email": "ghost@example.com"}))
    assert smtp == []


def test_duplicate_sign_up_mails_the_owner_without_a_code(client, db, factories, smtp):
    factories.user(email="taken@example.com")
    new = sign_up(client, "new@example.com")
    dup = sign_up(client, "taken@example.com")
    assert dup.status_code == new.status_code == 200 and dup.get_json() == new.get_json()
    [notice] = messages_for(smtp, "taken@example.com")
    assert notice.subject == catalogue("ru")["mail.already_registered.subject"]
    with pytest.raises(AssertionError):
        extract_code(smtp, "taken@example.com")


def test_resend_delivers_a_new_code_and_only_the_newest_works(client, db, smtp):
    sign_up(client, "resend@example.com")
    first = extract_code(smtp, "resend@example.com")
    second = first
    for _ in range(4):
        assert_ok(client.post(f"{API}/auth/generate-otp", json={"email": "resend@example.com"}))
        second = extract_code(smtp, "resend@example.com")
        if second != first:
            break
    assert second != first
    assert_envelope(check_otp(client, "resend@example.com", first), 400, "auth.wrong_code")
    assert check_otp(client, "resend@example.com", second).status_code == 200


def test_smtp_without_credentials(client, db, app, smtp_server, monkeypatch):
    url, messages = smtp_server
    host_port = url.rsplit("@", 1)[1]
    monkeypatch.setitem(app.config, "SMTP_URL", f"smtp://{host_port}")
    assert_ok(sign_up(client, "anon@example.com"))
    [message] = messages_for(messages, "anon@example.com")
    assert message.login is None
    assert check_otp(client, "anon@example.com", extract_code(messages, "anon@example.com")).status_code == 200


def logged_lines(captured_log) -> list[dict]:
    return [json.loads(line) for line in captured_log.getvalue().splitlines()]


@pytest.mark.parametrize(
    "make_url",
    [
        lambda url: f"smtp://127.0.0.1:{free_port()}",  # nothing listens there
        lambda url: url.replace("smtp-pass", "wrong-pass"),  # the server refuses the login
        lambda url: url.replace("smtp://", "http://"),  # not an SMTP URL at all
    ],
)
def test_failed_delivery_answers_like_a_sent_one_and_is_logged_without_the_message(
    client, db, app, smtp_server, monkeypatch, captured_log, make_url
):
    """Decision 0061: the answer never depends on delivery (it happens after commit, usually in a worker), so the
    caller sees "code sent" either way; the operator sees the failure in the log, without code or address."""
    url, messages = smtp_server
    delivered = sign_up(client, "up@example.com")
    monkeypatch.setitem(app.config, "SMTP_URL", make_url(url))
    failed = sign_up(client, "down@example.com")
    assert failed.status_code == delivered.status_code == 200 and failed.get_json() == delivered.get_json()
    assert messages_for(messages, "down@example.com") == []

    lines = logged_lines(captured_log)
    [report] = [line for line in lines if line["message"] == "mail delivery failed"]
    assert report["template"] == "verify" and report["mail_to_domain"] == "example.com" and report["attempts"] == 1
    logged = json.dumps(lines, ensure_ascii=False)
    assert "down@" not in logged
    assert catalogue("ru")["mail.verify.body"].split("{code}")[0] not in logged

    # The account waits for a resend once mail works again.
    assert db.session.scalar(select(User).where(User.email == "down@example.com")).is_verified is False
    monkeypatch.setitem(app.config, "SMTP_URL", url)
    assert_ok(client.post(f"{API}/auth/generate-otp", json={"email": "down@example.com"}))
    assert check_otp(client, "down@example.com", extract_code(messages, "down@example.com")).status_code == 200
