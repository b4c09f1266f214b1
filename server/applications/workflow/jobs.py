"""Jobs a transition declares, by Celery name, run after the commit of the transaction that made the change.

A job name is the name its task is registered under ("mail.status_changed" is declared in applications/jobs.py);
the state machine finds it in the app's Celery registry and never imports the module that declares it. Every such
task takes one argument, the id of the application_events row, and reads what it needs from there (the
application, the transition, its data).
"""

from __future__ import annotations

import logging

from flask import current_app

from ...jobs import enqueue_after_commit
from ...models import ApplicationEvent
from ...notification_centre import notify, trilingual

log = logging.getLogger(__name__)

# A transition that mails the applicant also puts the same news in their notification centre (issue 26), in the
# transition's own transaction: job name -> notification kind (server/i18n `notifications.<kind>`).
NOTIFIED_JOBS = {
    "mail.status_changed": "status_changed",
    "mail.application_submitted": "application_submitted",
    # the status mail that carries an official letter (decision 0080): the same status news in the bell
    "letters.status_changed_with_letter": "status_changed",
}


def resolve(job_name: str):
    """The task registered under this name in the current app, or None."""
    return current_app.extensions["celery"].tasks.get(job_name)


def enqueue(job_names: tuple[str, ...], event: ApplicationEvent) -> None:
    """The one seam between the state machine and the job queue.

    The queue runs a task only once the current transaction commits and never for a rolled-back one, so a refused
    or failed request sends nothing. A declared job without its task is logged, never fatal to the applicant's
    transition (tests/unit/test_workflow_table.py checks that every declared job is registered)."""
    for job_name in job_names:
        if job_name in NOTIFIED_JOBS:
            _notify_applicant(NOTIFIED_JOBS[job_name], event)
        if resolve(job_name) is None:
            log.error("workflow job has no task", extra={"job": job_name, "transition": event.transition})
            continue
        enqueue_after_commit(job_name, event.id)


def _notify_applicant(kind: str, event: ApplicationEvent) -> None:
    application = event.application
    notify(
        application.user_id,
        kind,
        {"application_id": application.id, "program": trilingual(application.study_program)},
        "/my-applications",
    )
