"""Jobs a transition declares, by name, run after the commit of the transaction that made the change.

A job name is the dotted path of a task under the jobs package: "mail.status_changed" is
`server.jobs.mail.status_changed`. Every such task takes one argument, the id of the application_events row,
and reads what it needs from there (the application, the transition, its data).
"""

from __future__ import annotations

import importlib
import logging

from ..models import ApplicationEvent

log = logging.getLogger(__name__)

JOBS_PACKAGE = "server.jobs"


def resolve(job_name: str, package: str = JOBS_PACKAGE):
    """The task a job name designates, or None when its module or attribute does not exist."""
    module_path, _, attribute = f"{package}.{job_name}".rpartition(".")
    try:
        module = importlib.import_module(module_path)
    except ModuleNotFoundError as missing:
        # Only a missing module of our own path means "no such task"; a broken import inside it must surface.
        if missing.name and (module_path == missing.name or module_path.startswith(f"{missing.name}.")):
            return None
        raise
    return getattr(module, attribute, None)


def enqueue(job_names: tuple[str, ...], event: ApplicationEvent) -> None:
    """The one seam between the state machine and the job queue.

    The queue (`server.jobs.enqueue_after_commit`) runs a task only once the current transaction commits and
    never for a rolled-back one, so a refused or failed request sends nothing. Without the jobs package (it is
    built separately) there is nothing to run; a declared job without its task is logged, never fatal to the
    applicant's transition (tests/unit/test_workflow_table.py checks that every declared job resolves once the
    package exists)."""
    if not job_names:
        return
    try:
        jobs_package = importlib.import_module(JOBS_PACKAGE)
    except ModuleNotFoundError as missing:
        if missing.name == JOBS_PACKAGE:
            return
        raise
    for job_name in job_names:
        task = resolve(job_name)
        if task is None:
            log.error("workflow job has no task", extra={"job": job_name, "transition": event.transition})
            continue
        jobs_package.enqueue_after_commit(task, event.id)
