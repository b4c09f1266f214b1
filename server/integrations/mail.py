"""Mail: SMTP when SMTP_URL is set, otherwise (development only) the dev outbox (log line + table). design §8."""

from __future__ import annotations

import base64
import logging
import smtplib
import ssl
from email.message import EmailMessage
from typing import Protocol
from urllib.parse import unquote, urlsplit

from flask import current_app

from ..config import is_development
from ..extensions import db
from ..models import OutboxMessage

log = logging.getLogger(__name__)


class MailSender(Protocol):
    def send(
        self,
        recipient: str,
        subject: str,
        body: str,
        headers: dict[str, str] | None = None,
        attachments: list | None = None,
    ) -> None: ...

    # `headers`: extra header fields, e.g. List-Unsubscribe on a reminder (issue 26).
    # `attachments`: files, e.g. an official letter (issue 26): [{"filename", "content_type", "data": base64}].


def _attach(message: EmailMessage, attachments: list | None) -> None:
    for item in attachments or ():
        maintype, _, subtype = item["content_type"].partition("/")
        message.add_attachment(
            base64.b64decode(item["data"]), maintype=maintype, subtype=subtype, filename=item["filename"]
        )


class SmtpSender:
    """smtp://user:pass@host:port (STARTTLS when offered) or smtps://… (implicit TLS)."""

    def __init__(self, url: str, sender: str, timeout: float = 10.0):
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError("SMTP_URL must start with smtp:// or smtps://")
        self.implicit_tls = parts.scheme == "smtps"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (465 if self.implicit_tls else 25)
        self.username = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender
        self.timeout = timeout

    def send(
        self,
        recipient: str,
        subject: str,
        body: str,
        headers: dict[str, str] | None = None,
        attachments: list | None = None,
    ) -> None:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = recipient
        message["Subject"] = subject
        for name, value in (headers or {}).items():
            message[name] = value
        message.set_content(body)
        _attach(message, attachments)
        if self.implicit_tls:
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        with client:
            if not self.implicit_tls:
                client.ehlo()
                if client.has_extn("starttls"):
                    client.starttls(context=ssl.create_default_context())
                    client.ehlo()
            if self.username:
                client.login(self.username, self.password or "")
            client.send_message(message)
        log.info("mail sent", extra={"mail_to_domain": recipient.rsplit("@", 1)[-1], "subject": subject})


class OutboxSender:
    """Development default: keeps the message in a table and prints it to the log. The row is added to the
    session of the mail job (server/jobs/mail.py), which commits it in its own transaction."""

    def send(
        self,
        recipient: str,
        subject: str,
        body: str,
        headers: dict[str, str] | None = None,
        attachments: list | None = None,
    ) -> None:
        # The outbox keeps text only: an attachment is named at the end of the body.
        names = [item["filename"] for item in attachments or ()]
        if names:
            body = body + "\n\n" + "\n".join(f"[{name}]" for name in names)
        db.session.add(OutboxMessage(recipient=recipient, subject=subject, body=body))
        db.session.flush()
        # Printed on purpose: with no SMTP server the log is how a developer reads the code.
        log.info("dev outbox mail", extra={"mail_to": recipient, "subject": subject, "body": body})


def get_mail_sender() -> MailSender:
    url = current_app.config.get("SMTP_URL")
    if url:
        return SmtpSender(url, current_app.config["MAIL_FROM"])
    if not is_development(current_app.config):
        # create_app() refuses production without SMTP_URL; a codes table readable by anyone must not appear
        # because a setting was emptied later. A ValueError is not retried (jobs/mail.py).
        raise ValueError("SMTP_URL is not set: the dev outbox runs only with APP_ENV=development")
    return OutboxSender()
