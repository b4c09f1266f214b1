"""The letters' jobs (decision 0080), run after the commit of the change that earned the letter:

- `letters.status_changed_with_letter`, declared by the transitions that earn a letter (workflow/table.py): issues
  the letter of that application_events row, then sends the transition's status mail with the PDF attached;
- `letters.dorm_assignment`, queued when a booking is paid (dorm/signals.py booking_paid): issues the dormitory
  assignment and mails it.

Both are idempotent: a retried job finds the letter of its source already issued and neither issues nor mails it
again (models/letter.py: unique source_key and version).
"""

from __future__ import annotations

import logging

from celery import shared_task

from ..applications.notifications import mail_about_event
from ..database import use_case
from ..dorm.signals import booking_paid
from ..extensions import db
from ..jobs.after_commit import enqueue_after_commit
from ..jobs.celery_app import AppTask
from ..jobs.mail import queue_mail
from ..models import Letter
from . import operations

log = logging.getLogger(__name__)

JOB_STATUS_CHANGED_WITH_LETTER = "letters.status_changed_with_letter"
JOB_DORM_ASSIGNMENT = "letters.dorm_assignment"


@shared_task(base=AppTask, name=JOB_STATUS_CHANGED_WITH_LETTER, ignore_result=True)
def status_changed_with_letter(event_id: int) -> None:
    try:
        issued = operations.issue_for_event(event_id)
    except Exception:  # noqa: BLE001 (the applicant still learns their status; staff re-issue the letter)
        log.exception("letter not issued", extra={"event_id": event_id})
        mail_about_event(event_id, "status_changed")
        return
    if issued.first_time and issued.letter_id is not None:
        mail_about_event(event_id, "status_changed", attachments=operations.attachment_of(issued.letter_id))


@use_case
def _mail_dorm_letter(letter_id: int) -> None:
    letter = db.session.get(Letter, letter_id)
    lang = operations.recipient_language(letter.user)
    details = letter.details or {}
    queue_mail(
        letter.user.email,
        "letter_dorm_assignment",
        lang,
        attachments=operations.attachment_of(letter.id),
        hall=(details.get("hall") or {}).get(lang, ""),
        room=details.get("room", ""),
    )


@shared_task(base=AppTask, name=JOB_DORM_ASSIGNMENT, ignore_result=True)
def dorm_assignment(booking_id: int, payment_ref: str | None) -> None:
    issued = operations.issue_for_booking(booking_id, payment_ref)
    if issued.first_time and issued.letter_id is not None:
        _mail_dorm_letter(issued.letter_id)


@booking_paid.connect
def _queue_dorm_assignment(booking, **_) -> None:
    """In the paying transaction: the letter is issued only once it commits (never for a rolled-back payment)."""
    enqueue_after_commit(JOB_DORM_ASSIGNMENT, booking.id, booking.payment_ref)
