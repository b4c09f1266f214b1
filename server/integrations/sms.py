"""Text messages (design §8). The only sender today is the dev outbox: a table plus a log line, like the mail outbox.

The sandbox credit bureau delivers its consent codes through it; the real bureau (PKB_PROVIDER=http) sends its
own text messages, so production needs no SMS gateway of ours, and the outbox runs only with APP_ENV=development.
A gateway adapter would implement SmsSender.
"""

from __future__ import annotations

import logging
from typing import Protocol

from flask import current_app

from ..config import is_development
from ..extensions import db
from ..models import SmsOutboxMessage

log = logging.getLogger(__name__)


class SmsSender(Protocol):
    def send(self, phone: str, body: str) -> None: ...


def masked_phone(phone: str) -> str:
    return "*" * max(len(phone) - 4, 0) + phone[-4:]


class OutboxSmsSender:
    """Keeps the message in the caller's transaction (it is stored with the request that caused it, or not at
    all) and prints it, so a developer can read the code in the log as well as at /api/v1/dev/sms-outbox."""

    def send(self, phone: str, body: str) -> None:
        db.session.add(SmsOutboxMessage(phone=phone, body=body))
        db.session.flush()
        # The body is printed on purpose (it is how a developer reads the code); the number is shortened.
        log.info("dev outbox sms", extra={"sms_to": masked_phone(phone), "body": body})


def get_sms_sender() -> SmsSender:
    if not is_development(current_app.config):
        raise RuntimeError("no SMS gateway: the SMS dev outbox runs only with APP_ENV=development")
    return OutboxSmsSender()
