"""Queue exports too large for one request (issue 12 "Exports"; decision 0066): built in the background with
progress, kept in the storage, removed after ADMIN_EXPORT_RETENTION_HOURS by the hourly purge."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.schedules import crontab

from ..jobs.celery_app import AppTask
from . import export_jobs

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="admin.export", ignore_result=True)
def run_export(export_id: int) -> None:
    export_jobs.run(export_id)


@shared_task(base=AppTask, name="housekeeping.purge_admin_exports", ignore_result=True)
def purge_admin_exports() -> None:
    purged = export_jobs.purge_expired()
    log.info("expired admin exports purged", extra={"exports": purged})


SCHEDULE = {
    # Background exports are kept ADMIN_EXPORT_RETENTION_HOURS (24): checked every hour.
    "purge-admin-exports": {
        "task": "housekeeping.purge_admin_exports",
        "schedule": crontab(minute=15),
    },
}
