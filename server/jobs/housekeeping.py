"""Periodic housekeeping, scheduled by `celery -A server.jobs.worker beat` (decision 0061).

SCHEDULE holds this module's beat entries; celery_app.py puts them into the beat schedule.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.schedules import crontab
from flask import current_app

from ..services import accounts as auth_service
from .celery_app import AppTask

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="housekeeping.purge_expired_auth_records", ignore_result=True)
def purge_expired_auth_records() -> None:
    retention = timedelta(days=current_app.config["AUTH_RECORDS_RETENTION_DAYS"])
    purged = auth_service.purge_expired_records(retention)
    log.info("expired auth records purged", extra={"codes": purged.codes, "sessions": purged.sessions})


@shared_task(base=AppTask, name="housekeeping.purge_admin_exports", ignore_result=True)
def purge_admin_exports() -> None:
    from ..services import admin_export_jobs

    purged = admin_export_jobs.purge_expired()
    log.info("expired admin exports purged", extra={"exports": purged})


SCHEDULE = {
    # Once a day at 02:30 in Almaty (UTC+5), when nobody is signing up.
    "purge-expired-auth-records": {
        "task": "housekeeping.purge_expired_auth_records",
        "schedule": crontab(minute=30, hour=21),
    },
    # Background exports are kept ADMIN_EXPORT_RETENTION_HOURS (24): checked every hour.
    "purge-admin-exports": {
        "task": "housekeeping.purge_admin_exports",
        "schedule": crontab(minute=15),
    },
    # Unpaid dormitory holds and unanswered waitlist offers end within five minutes of their deadline (jobs/dorm.py).
    "dorm-expire-holds": {
        "task": "dorm.expire_holds",
        "schedule": timedelta(minutes=5),
    },
}
