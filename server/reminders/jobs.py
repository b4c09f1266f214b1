"""Reminder jobs (issue 26; decision 0081): the periodic scan that claims what is due, and the delivery of one
claimed reminder (retried with backoff when the SMTP server fails, like every mail)."""

from __future__ import annotations

import logging

from celery import shared_task

from ..jobs.celery_app import AppTask
from ..jobs.mail import MAX_RETRIES, RETRY_BACKOFF_MAX_SECONDS, RETRY_BACKOFF_SECONDS, RETRYABLE_ERRORS
from . import service

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="reminders.scan", ignore_result=True)
def scan() -> None:
    claimed = service.scan()
    log.info("reminders claimed", extra=claimed)


@shared_task(
    base=AppTask,
    name=service.DELIVER_JOB,
    ignore_result=True,
    autoretry_for=RETRYABLE_ERRORS,
    max_retries=MAX_RETRIES,
    retry_backoff=RETRY_BACKOFF_SECONDS,
    retry_backoff_max=RETRY_BACKOFF_MAX_SECONDS,
    retry_jitter=True,
)
def deliver(reminder_id: int) -> None:
    service.deliver(reminder_id)


SCHEDULE = {
    # Every REMINDER_SCAN_INTERVAL_SECONDS (a quarter of an hour by default): the dormitory reminder speaks of hours,
    # the others of days.
    "reminders-scan": {
        "task": "reminders.scan",
        "schedule": "REMINDER_SCAN_INTERVAL_SECONDS",
    },
}
