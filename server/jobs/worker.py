"""Entry point of the worker and beat processes (README "Background jobs"; decision 0061):

    celery -A server.jobs.worker worker      # runs the jobs the app servers queue
    celery -A server.jobs.worker beat        # schedules the periodic ones (run exactly one)

Both read the same environment as the app servers (DATABASE_URL, REDIS_URL, SMTP_URL, ...). Logs are the app's
JSON lines at LOG_LEVEL.
"""

from __future__ import annotations

from celery.signals import setup_logging, worker_process_init

from server import create_app
from server.extensions import db


@setup_logging.connect
def keep_the_app_logging(**_):
    """create_app() already installed the JSON, redacting handler; a receiver here stops Celery replacing it."""


flask_app = create_app()
if not flask_app.config["REDIS_URL"]:
    raise RuntimeError(
        "REDIS_URL is not set: without a broker the app servers run every job themselves, so a worker or beat "
        "process would have nothing to do. Set REDIS_URL to the same value on app servers, workers and beat."
    )
celery = flask_app.extensions["celery"]


@worker_process_init.connect
def fresh_database_connections(**_):
    """A forked pool process must not share the parent's database connections."""
    with flask_app.app_context():
        db.engine.dispose(close=False)
