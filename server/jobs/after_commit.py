"""enqueue_after_commit: a job starts only once the transaction that asked for it has committed.

A job enqueued inside a transaction waits in `session.info` and is sent when the outermost transaction commits;
a rollback drops it, and so does the rollback of a savepoint it was enqueued in. Outside a transaction it is sent
at once. Sending never raises into the caller: the data is committed by then, so a broker that is down or a job
that fails in-process is logged, not turned into an error answer.

enqueue_long_after_commit is the same for a job that takes minutes (a large export): with a broker nothing differs;
in-process it runs on a daemon thread of its own (with its own app context and session, as every AppTask) instead
of inside the request, so the request answers at once. Such a job must survive being lost with its process (there
is no broker to hand it back): the export marks itself failed when its progress stops moving.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from celery import Celery, Task
from flask import current_app
from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

from ..extensions import db

log = logging.getLogger(__name__)

_PENDING = "qabyldau.jobs_after_commit"


@dataclass
class _Job:
    celery: Celery
    task_name: str
    args: tuple
    kwargs: dict
    transaction: SessionTransaction | None = field(default=None, repr=False)
    background: bool = False

    def start(self) -> None:
        task = self.celery.tasks[self.task_name]
        try:
            if self.celery.conf.task_always_eager and self.background:
                thread = threading.Thread(
                    target=task.apply,
                    args=(self.args, self.kwargs),
                    kwargs={"throw": False},
                    name=f"job-{self.task_name}",
                    daemon=True,
                )
                _background_threads(self.celery).add(thread)
                thread.start()
            elif self.celery.conf.task_always_eager:
                task.apply(self.args, self.kwargs, throw=False)
            else:
                task.apply_async(self.args, self.kwargs)
        except Exception as error:  # noqa: BLE001 (the commit stands; the operator learns from the log)
            log.error("job not started", extra={"task": self.task_name, "error": type(error).__name__})


def _background_threads(celery: Celery) -> set[threading.Thread]:
    """The in-process background jobs of the Flask app behind this Celery app (finished ones are forgotten)."""
    threads = celery.flask_app.extensions.setdefault("background_job_threads", set())
    for finished in [thread for thread in threads if not thread.is_alive() and thread.ident is not None]:
        threads.discard(finished)
    return threads


def wait_for_background_jobs(timeout: float = 60.0) -> bool:
    """Waits for the in-process background jobs of the current app (tests, a clean shutdown); False on timeout."""
    for thread in list(_background_threads(current_app.extensions["celery"])):
        thread.join(timeout)
        if thread.is_alive():
            return False
    return True


def enqueue_after_commit(task: Task | str, *args, **kwargs) -> None:
    """Runs `task(*args, **kwargs)` after the current transaction commits (in-process when REDIS_URL is unset).

    `task` may be the task or its Celery name: a use case names the job of its own domain (`"admin.export"`)
    instead of importing the module that declares it, since that module imports the use case."""
    _enqueue(_Job(current_app.extensions["celery"], _task_name(task), args, kwargs))


def enqueue_long_after_commit(task: Task | str, *args, **kwargs) -> None:
    """enqueue_after_commit for a job of minutes: in-process it runs on a thread, not inside the request."""
    _enqueue(_Job(current_app.extensions["celery"], _task_name(task), args, kwargs, background=True))


def _task_name(task: Task | str) -> str:
    name = task if isinstance(task, str) else task.name
    if name not in current_app.extensions["celery"].tasks:
        # A typo in a job name must fail the request that would have lost the job, not pass silently.
        raise LookupError(f"no job named {name!r} is registered")
    return name


def _enqueue(job: _Job) -> None:
    session = db.session()
    if not session.in_transaction():
        job.start()
        return
    job.transaction = session.get_nested_transaction() or session.get_transaction()
    session.info.setdefault(_PENDING, []).append(job)


def _within(transaction: SessionTransaction | None, ended: SessionTransaction) -> bool:
    while transaction is not None:
        if transaction is ended:
            return True
        transaction = transaction.parent
    return False


@event.listens_for(Session, "after_commit")
def _start_pending_jobs(session: Session) -> None:
    root = session.get_transaction()
    if root is not None and root.is_active:
        return  # a savepoint was released: its jobs wait for the outermost commit
    for job in session.info.pop(_PENDING, []):
        job.start()


@event.listens_for(Session, "after_soft_rollback")
def _drop_rolled_back_jobs(session: Session, previous_transaction: SessionTransaction) -> None:
    pending = session.info.get(_PENDING)
    if pending:
        session.info[_PENDING] = [job for job in pending if not _within(job.transaction, previous_transaction)]


@event.listens_for(Session, "after_transaction_end")
def _forget_uncommitted_jobs(session: Session, transaction: SessionTransaction) -> None:
    # The outermost transaction ended without its commit having taken the jobs (closed, not committed):
    # they must not leak into the next transaction of this session.
    if transaction.parent is None:
        session.info.pop(_PENDING, None)
