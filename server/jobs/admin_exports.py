"""Queue exports too large for one request (issue 12 "Exports"; decision 0066): built in the background with
progress, kept in the storage, removed after ADMIN_EXPORT_RETENTION_HOURS by housekeeping."""

from __future__ import annotations

from celery import shared_task

from .celery_app import AppTask


@shared_task(base=AppTask, name="admin.export", ignore_result=True)
def run_export(export_id: int) -> None:
    # Imported here: the service module enqueues this task (a module-level import would be circular).
    from ..services import admin_export_jobs

    admin_export_jobs.run(export_id)
