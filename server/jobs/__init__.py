"""Background and periodic jobs on Celery (design §8; decision 0061).

    from server.jobs import enqueue_after_commit
    enqueue_after_commit(task, *args, **kwargs)   # runs after the current transaction commits, never after a rollback
    enqueue_long_after_commit(task, *args)          # the same for a job of minutes: in-process on a thread of its own

With REDIS_URL set, jobs go to the broker and a worker runs them (`celery -A server.jobs.worker worker`; periodic
ones are scheduled by `... beat`). Without it they run in-process, right after the commit, so `make start` needs
nothing else. Mail: `from server.jobs.mail import queue_mail`.
"""

from .after_commit import enqueue_after_commit, enqueue_long_after_commit, wait_for_background_jobs
from .celery_app import AppTask, init_app

__all__ = ["AppTask", "enqueue_after_commit", "enqueue_long_after_commit", "init_app", "wait_for_background_jobs"]
