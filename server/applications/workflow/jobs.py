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

log = logging.getLogger(__name__)


def resolve(job_name: str):
    """The task registered under this name in the current app, or None."""
    return current_app.extensions["celery"].tasks.get(job_name)


def enqueue(job_names: tuple[str, ...], event: ApplicationEvent) -> None:
    """The one seam between the state machine and the job queue.

    The queue runs a task only once the current transaction commits and never for a rolled-back one, so a refused
    or failed request sends nothing. A declared job without its task is logged, never fatal to the applicant's
    transition (tests/unit/test_workflow_table.py checks that every declared job is registered)."""
    for job_name in job_names:
        if resolve(job_name) is None:
            log.error("workflow job has no task", extra={"job": job_name, "transition": event.transition})
            continue
        enqueue_after_commit(job_name, event.id)
