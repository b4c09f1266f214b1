"""Jobs the application state machine declares by Celery name (workflow/table.py); each takes the id of the
application_events row that the transition wrote and runs after its commit (workflow/jobs.py)."""

from __future__ import annotations

from celery import shared_task

from ..jobs.celery_app import AppTask
from .notifications import mail_about_event


@shared_task(base=AppTask, name="mail.status_changed", ignore_result=True)
def status_changed(event_id: int) -> None:
    """Tells the applicant that their application moved (staff actions, grant results, enrolment)."""
    mail_about_event(event_id, "status_changed")


@shared_task(base=AppTask, name="mail.application_submitted", ignore_result=True)
def application_submitted(event_id: int) -> None:
    """Confirms a submitted questionnaire to the applicant."""
    mail_about_event(event_id, "application_submitted")
