"""Shared test helpers: the error envelope, accounts through the public API, and a real SMTP server.

Used by the integration tests (Flask test client) and by the browser e2e tests (live server), so nothing here
assumes a particular client beyond `.get/.post` returning Flask/werkzeug-style responses.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default as default_policy

from server.i18n import LANGUAGES, catalogue

API = "/api/v1"
# Not on the common-password list and long enough for staff too (decision 0078).
DEFAULT_PASSWORD = "Qabyldau-pass-2026"
# The second factor factories.admin() enrols by default (decision 0078); `fresh_totp` gives its current code.
TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPQABYLDAUSTAFF2FA"
CODE_RE = re.compile(r"(?<!\d)(\d{6})(?!\d)")


# --------------------------------------------------------------------------------------------------- envelope
def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def key_in_all_catalogues(key: str) -> bool:
    return all(key in catalogue(lang) for lang in LANGUAGES)


def assert_envelope(response, status: int, key: str | None = None, lang: str | None = None) -> dict:
    """The one error envelope of design §5; its message_key exists in ru, kk and en; returns the body."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:500])
    assert response.is_json, response.get_data(as_text=True)[:200]
    body = response.get_json()
    if status == 429:  # issue 10: a 429 says how long to wait (the resend countdown)
        assert set(body) == {"success", "message", "message_key", "errors", "retry_after"}, body
        assert isinstance(body["retry_after"], int) and body["retry_after"] > 0, body
    else:
        assert set(body) == {"success", "message", "message_key", "errors"}, body
    assert body["success"] is False
    assert isinstance(body["message"], str) and body["message"], body
    assert isinstance(body["errors"], dict), body
    for name, texts in body["errors"].items():
        assert isinstance(name, str) and isinstance(texts, list) and texts, body
        assert all(isinstance(text, str) and text for text in texts), body
    if body["message_key"] is not None:
        assert key_in_all_catalogues(body["message_key"]), f"{body['message_key']!r} missing from a catalogue"
    if key is not None:
        assert body["message_key"] == key, body
    if lang is not None and body["message_key"] is not None and "{" not in catalogue(lang)[body["message_key"]]:
        assert body["message"] == catalogue(lang)[body["message_key"]], body
    return body


def assert_ok(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:500])
    body = response.get_json()
    assert body.get("success") is True, body
    if body.get("message_key") is not None:
        assert key_in_all_catalogues(body["message_key"])
    return body


# --------------------------------------------------------------------------------------------------- accounts
def find_code(text: str) -> str | None:
    match = CODE_RE.search(text or "")
    return match.group(1) if match else None


def outbox(client, email: str) -> list[dict]:
    """Messages the dev outbox kept for `email`, newest first (requires DEV_OUTBOX_READABLE)."""
    response = client.get(f"{API}/dev/outbox", query_string={"email": email})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()["list"]


def outbox_code(client, email: str) -> str:
    """The code in the newest dev-outbox message for `email`."""
    for message in outbox(client, email):
        code = find_code(message["body"])
        if code:
            return code
    raise AssertionError(f"no code in the dev outbox for {email}")


def sign_up(client, email: str, password: str = DEFAULT_PASSWORD, repeat: str | None = None, **extra):
    body = {
        "user": {"email": email, "password": password, "repeat_password": password if repeat is None else repeat},
        **extra,
    }
    return client.post(f"{API}/auth/sign-up", json=body)


def check_otp(client, email: str, code: str, password: str = DEFAULT_PASSWORD):
    """The code with the password of the sign-up it was mailed for (decision 0002)."""
    return client.post(f"{API}/auth/check-otp", json={"email": email, "code": code, "password": password})


def sign_in(client, email: str, password: str = DEFAULT_PASSWORD):
    return client.post(f"{API}/auth/sign-in", json={"email": email, "password": password})


def sign_in_token(client, email: str, password: str = DEFAULT_PASSWORD) -> str:
    response = sign_in(client, email, password)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()["user"]["token"]


def totp_now(secret: str = TEST_TOTP_SECRET, offset_steps: int = 0) -> str:
    """The TOTP code of `secret` for the current 30-second step (or one `offset_steps` away)."""
    import pyotp

    return pyotp.TOTP(secret).at(time.time() + 30 * offset_steps)


def fresh_totp(email: str, secret: str = TEST_TOTP_SECRET) -> str:
    """A code the server accepts now for this staff account: of a step it has not used yet (a code of a used step
    is a replay), waiting for the next step when the current and the next one are spent. Needs an app context
    (the `db` fixture's)."""
    import pyotp
    from sqlalchemy import select

    from server.extensions import db
    from server.models import StaffTotp, User

    last = db.session.execute(
        select(StaffTotp.last_used_step).join(User, User.id == StaffTotp.user_id).where(User.email == email.lower())
    ).scalar()
    totp = pyotp.TOTP(secret)
    while True:
        now_step = int(time.time() // 30)
        step = now_step if last is None else max(now_step, last + 1)
        if step <= now_step + 1:
            return totp.generate_otp(step)
        time.sleep((now_step + 1) * 30 - time.time() + 0.05)


def staff_sign_in(client, email: str, password: str = DEFAULT_PASSWORD, code: str | None = None):
    """Both steps of a staff sign-in through the API (decision 0078); returns the second step's response."""
    first = sign_in(client, email, password)
    assert first.status_code == 200, first.get_data(as_text=True)[:300]
    body = first.get_json()
    assert body["second_factor_required"] is True and body["enrolment_required"] is False, body
    return client.post(
        f"{API}/auth/sign-in/second-factor",
        json={"challenge": body["challenge"], "code": code or fresh_totp(email)},
    )


def staff_sign_in_token(client, email: str, password: str = DEFAULT_PASSWORD) -> str:
    response = staff_sign_in(client, email, password)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()["user"]["token"]


def sign_up_and_verify(client, email: str, password: str = DEFAULT_PASSWORD) -> dict:
    """Signs up through the API, reads the code from the dev outbox, verifies; returns the user (with token)."""
    response = sign_up(client, email, password)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    response = check_otp(client, email, outbox_code(client, email), password)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    user = response.get_json()["user"]
    assert user["is_verified"] is True and user["token"]
    return user


def other_code(code: str, step: int = 1) -> str:
    """A well-formed code that is certainly not `code`."""
    return f"{(int(code) + step) % 10**6:06d}"


# --------------------------------------------------------------------------------------------------- SMTP
@dataclass
class SmtpMessage:
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage
    login: str | None = None

    @property
    def subject(self) -> str:
        return str(self.message["Subject"] or "")

    @property
    def body(self) -> str:
        part = self.message.get_body(preferencelist=("plain", "html"))
        return part.get_content() if part is not None else ""


@dataclass
class SmtpCollector:
    """aiosmtpd handler: keeps every delivered message (thread-safe append; tests read the list)."""

    messages: list = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd hook name)
        login = getattr(session.auth_data, "login", None) if session.authenticated else None
        login = login.decode() if isinstance(login, bytes) else login
        self.messages.append(
            SmtpMessage(
                mail_from=envelope.mail_from,
                rcpt_tos=list(envelope.rcpt_tos),
                message=message_from_bytes(envelope.original_content or envelope.content, policy=default_policy),
                login=login,
            )
        )
        return "250 Message accepted for delivery"


SMTP_USER = "qabyldau"
SMTP_PASSWORD = "smtp-pass"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_smtp_server():
    """A real SMTP server (aiosmtpd) on a free local port, accepting AUTH PLAIN/LOGIN as SMTP_USER/SMTP_PASSWORD.

    Returns (controller, url, messages); call controller.stop() when done.
    """
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (
            getattr(auth_data, "login", None) == SMTP_USER.encode()
            and getattr(auth_data, "password", None) == SMTP_PASSWORD.encode()
        )
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    handler = SmtpCollector()
    port = free_port()
    controller = Controller(
        handler, hostname="127.0.0.1", port=port, authenticator=authenticator, auth_require_tls=False, ready_timeout=10
    )
    controller.start()
    url = f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}"
    return controller, url, handler.messages


_smtp_lock = threading.Lock()


def messages_for(messages: list, email: str) -> list[SmtpMessage]:
    wanted = email.strip().lower()
    with _smtp_lock:
        snapshot = list(messages)
    return [m for m in snapshot if wanted in (r.lower() for r in m.rcpt_tos)]


def extract_code(messages: list, email: str, timeout: float = 0.0) -> str:
    """The 6-digit code in the newest message delivered to `email`; polls up to `timeout` seconds (live servers)."""
    deadline = time.monotonic() + timeout
    while True:
        for message in reversed(messages_for(messages, email)):
            code = find_code(message.body)
            if code:
                return code
        if time.monotonic() >= deadline:
            raise AssertionError(f"no code delivered to {email} (got {len(messages)} message(s) in total)")
        time.sleep(0.1)
