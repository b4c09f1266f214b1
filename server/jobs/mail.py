"""Mail through the job queue (design §8; decisions 0002 and 0061).

queue_mail renders the message in the caller's language while the request is still there, and the `mail.send`
job delivers it after commit through integrations/mail.py (SMTP, or the dev outbox without SMTP_URL). A worker
retries a failed SMTP delivery with exponential backoff; a message that still fails is logged with its template
and the recipient's domain only, never its body, code or address.
"""

from __future__ import annotations

import logging
import smtplib

from celery import shared_task

from ..extensions import db
from ..i18n import translate
from ..integrations.mail import get_mail_sender
from .after_commit import enqueue_after_commit
from .celery_app import AppTask

log = logging.getLogger(__name__)

# smtplib's errors are OSErrors already; both are named so the policy reads as what it means. A ValueError
# (an SMTP_URL that is not smtp:// or smtps://) is not worth retrying.
RETRYABLE_ERRORS = (OSError, smtplib.SMTPException)
# Waits of about 10, 20, 40, 80 and 160 s (each drawn at random up to that, so a burst spreads out): the last try
# comes about five minutes after the first, while the 10-minute code in the message can still be used.
MAX_RETRIES = 5
RETRY_BACKOFF_SECONDS = 10
RETRY_BACKOFF_MAX_SECONDS = 300


def recipient_domain(recipient: str) -> str:
    return recipient.rsplit("@", 1)[-1]


class MailTask(AppTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo):
        """The final failure (retries spent, or an error not worth retrying): what an operator needs to act on,
        without what the message said."""
        call = dict(zip(("recipient", "template"), args, strict=False)) | dict(kwargs or {})
        log.error(
            "mail delivery failed",
            extra={
                "template": call.get("template"),
                "mail_to_domain": recipient_domain(call.get("recipient") or ""),
                "error": type(exc).__name__,
                "attempts": self.request.retries + 1,
            },
        )


@shared_task(
    bind=True,
    base=MailTask,
    name="mail.send",
    autoretry_for=RETRYABLE_ERRORS,
    max_retries=MAX_RETRIES,
    retry_backoff=RETRY_BACKOFF_SECONDS,
    retry_backoff_max=RETRY_BACKOFF_MAX_SECONDS,
    retry_jitter=True,
    ignore_result=True,
)
def send_mail(self, recipient: str, template: str, subject: str, body: str, attachments: list | None = None) -> None:
    sender = get_mail_sender()
    if attachments:  # an official letter (issue 26): [{filename, content_type, data (base64)}]
        sender.send(recipient, subject, body, attachments=attachments)
    else:
        sender.send(recipient, subject, body)
    # The dev outbox keeps the message as a row; the job owns that transaction (its own app context and session).
    db.session.commit()


def queue_mail(recipient: str, template: str, lang: str, *, attachments: list | None = None, **params) -> None:
    """Renders `mail.<template>.subject` / `.body` (server/i18n) in `lang` and sends it after the current
    transaction commits; nothing is sent if it rolls back. `attachments`: files as send_mail takes them. The params
    fill the subject too (a status mail names the new status there)."""
    subject = translate(f"mail.{template}.subject", lang, **params)
    body = translate(f"mail.{template}.body", lang, **params)
    if attachments:
        enqueue_after_commit(send_mail, recipient, template, subject, body, attachments)
    else:
        enqueue_after_commit(send_mail, recipient, template, subject, body)
