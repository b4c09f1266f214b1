"""Account jobs: the work behind an answer that must not depend on whether an address is registered, and the daily
purge of dead codes and sessions."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.schedules import crontab
from flask import current_app

from ..jobs.celery_app import AppTask
from . import auth as auth_service

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="auth.send_reset_code", ignore_result=True)
def send_reset_code(email: str, lang: str) -> None:
    auth_service.send_reset_code(email, lang)


@shared_task(base=AppTask, name="housekeeping.purge_expired_auth_records", ignore_result=True)
def purge_expired_auth_records() -> None:
    retention = timedelta(days=current_app.config["AUTH_RECORDS_RETENTION_DAYS"])
    purged = auth_service.purge_expired_records(retention)
    log.info(
        "expired auth records purged",
        extra={"codes": purged.codes, "sessions": purged.sessions, "challenges": purged.challenges},
    )


SCHEDULE = {
    # Once a day at 02:30 in Almaty (UTC+5), when nobody is signing up.
    "purge-expired-auth-records": {
        "task": "housekeeping.purge_expired_auth_records",
        "schedule": crontab(minute=30, hour=21),
    },
}
