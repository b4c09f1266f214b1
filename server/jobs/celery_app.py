"""One Celery app per Flask app, configured from the Flask config (design §8; decision 0061).

Tasks are declared with `@shared_task(base=AppTask)` in the modules of this package; every Flask app built by
create_app() gets its own Celery app (in `app.extensions["celery"]`) holding its own copy of each task. Jobs are
therefore always sent with the configuration of the app that enqueued them, even when a process (the tests, a
bench) builds several apps with different settings.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from types import ModuleType

from celery import Celery, Task
from flask import Flask

# Task arguments carry codes, message bodies and addresses: they never reach the broker's descriptive headers,
# which monitoring tools display and the worker writes into its log lines.
HIDDEN_ARGUMENTS = "(hidden)"


class FlaskCelery(Celery):
    """A Celery app that knows the Flask app whose context its tasks run in."""

    def __init__(self, flask_app: Flask, **kwargs):
        super().__init__(flask_app.import_name, task_cls=AppTask, **kwargs)
        self.flask_app = flask_app


class AppTask(Task):
    """Runs inside a fresh app context of the Flask app, so a job has its own database session and transaction
    (also in-process, where it runs while the enqueuing request still holds its own session)."""

    def __call__(self, *args, **kwargs):
        flask_app = getattr(self.app, "flask_app", None)
        if flask_app is None:
            raise RuntimeError(f"task {self.name} is bound to a Celery app that create_app() did not build")
        with flask_app.app_context():
            # self.run, not super().__call__: the latter would push a new request and lose is_eager/retries.
            return self.run(*args, **kwargs)

    def apply_async(self, args=None, kwargs=None, **options):
        options.setdefault("argsrepr", HIDDEN_ARGUMENTS)
        options.setdefault("kwargsrepr", HIDDEN_ARGUMENTS)
        return super().apply_async(args, kwargs, **options)

    def retry(self, args=None, kwargs=None, exc=None, throw=True, **options):
        # In-process there is no worker to come back later: Celery would retry at once, inside the request that
        # enqueued the job, without any backoff. Fail on the first error instead; the failure is logged.
        if self.request.is_eager and exc is not None:
            raise exc
        return super().retry(args, kwargs, exc, throw, **options)


def _configured(entry: dict, config) -> dict:
    """A periodic entry whose "schedule" names a setting (seconds) runs at the interval the installation chose,
    e.g. PAYMENT_RECONCILE_INTERVAL_SECONDS; any other schedule (timedelta, crontab) is used as written."""
    schedule = entry["schedule"]
    if isinstance(schedule, str):
        return {**entry, "schedule": timedelta(seconds=int(config[schedule]))}
    return entry


def init_app(app: Flask, job_modules: tuple[ModuleType, ...] = ()) -> FlaskCelery:
    """The app's Celery app, knowing the tasks of `job_modules` (each domain's jobs.py, which the app factory
    imports before this runs, so the Celery app is finalised with their tasks) and their periodic entries: a job
    module's SCHEDULE dict goes into the beat schedule."""
    from . import mail  # noqa: F401  (mail.send, the platform's own task)

    beat_schedule = {}
    for module in job_modules:
        for name, entry in getattr(module, "SCHEDULE", {}).items():
            beat_schedule[name] = _configured(entry, app.config)

    redis_url = app.config.get("REDIS_URL")
    celery = FlaskCelery(app)
    celery.conf.update(
        broker_url=redis_url or "memory://",
        result_backend=redis_url,
        # No broker: run jobs in-process. Exceptions propagate to whoever calls a task directly (tests);
        # enqueue_after_commit runs them with throw=False, since the transaction has committed by then.
        task_always_eager=redis_url is None,
        task_eager_propagates=True,
        task_default_queue=app.config["JOBS_QUEUE"],
        task_ignore_result=True,
        # A job is acknowledged when it has run, not when a worker took it: a worker that dies mid-job
        # leaves it to another (mail may then go out twice, which beats a lost code).
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        # create_app() installed the JSON, redacting log handler; the worker keeps it (see worker.py).
        worker_hijack_root_logger=False,
        broker_connection_retry_on_startup=True,
        timezone="UTC",
        beat_schedule=beat_schedule,
        # The image's working directory is read-only for its user; the instance folder is not.
        beat_schedule_filename=str(Path(app.instance_path) / "celerybeat-schedule"),
    )
    app.extensions["celery"] = celery
    return celery
