"""Background and periodic jobs on Celery (DESIGN §8; decision 0061).

    from server.jobs import enqueue_after_commit
    enqueue_after_commit(task, *args, **kwargs)   # runs after the current transaction commits, never after a rollback

With REDIS_URL set, jobs go to the broker and a worker runs them (`celery -A server.jobs.worker worker`; periodic
ones are scheduled by `... beat`). Without it they run in-process, right after the commit, so `make start` needs
nothing else. Mail: `from server.jobs.mail import queue_mail`.
"""

from .after_commit import enqueue_after_commit
from .celery_app import AppTask, init_app

__all__ = ["AppTask", "enqueue_after_commit", "init_app"]
