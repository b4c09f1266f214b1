"""Qabyldau server: create_app(config) wires the kernel, then each domain's views and jobs (decision 0076).

The kernel (config, extensions, database, errors, i18n, security, models, forms, integrations, the jobs platform)
never imports a domain package; this factory and cli.py are the only places that know them all.
"""

from __future__ import annotations

import logging
from pathlib import Path

from flask import Flask

from .config import Config, check_settings, is_development, sandbox_adapters, sqlalchemy_url


def create_app(config: Config | None = None) -> Flask:
    config = config or Config()
    app = Flask(
        __name__,
        instance_path=config.INSTANCE_PATH,
        static_folder=str(Path(__file__).parent / "static"),
        static_url_path="/api/v1/_static",
    )
    app.config.from_object(config)
    # An override may give a plain postgresql:// URL (tests, benchmarks): the same driver as DATABASE_URL gets.
    app.config["SQLALCHEMY_DATABASE_URI"] = sqlalchemy_url(app.config["SQLALCHEMY_DATABASE_URI"])
    # Checked on the app's config, after every override: outside development no sandbox adapter may run.
    check_settings(app.config)
    from .integrations.storage import install_storage

    install_storage(app)  # STORAGE_URL probed: a store the app cannot use stops it here, with one line
    app.config.setdefault(
        "DEV_OUTBOX_READABLE", is_development(app.config) and not config.SMTP_URL and config.DEV_OUTBOX_ENABLED
    )
    app.json.ensure_ascii = False
    trust_proxies(app, config.TRUSTED_PROXY_COUNT)

    from .logging_setup import configure_logging

    configure_logging(app)
    log_sandbox_adapters(app)
    from .errors import register_authoritative_headers

    register_authoritative_headers(app)  # before the limiter (see its docstring)
    register_extensions(app)
    register_blueprints(app)
    register_handlers(app)
    from .load_shedding import register_load_shedding

    register_load_shedding(app)  # after every other before_request hook is in place: it goes first of them

    from .cli import register_commands

    register_commands(app)
    from .web.static_files import serve_client_assets

    serve_client_assets(app)  # outermost: hashed assets (brotli/gzip) never reach Flask
    return app


def log_sandbox_adapters(app: Flask) -> None:
    """One line per process start naming the development stand-ins in use, so an operator sees at a glance that
    test cards, test persons or the dev outboxes are live (a warning then; production's list is always empty)."""
    adapters = sandbox_adapters(app.config)
    logging.getLogger(__name__).log(
        logging.WARNING if adapters else logging.INFO,
        "sandbox adapters",
        extra={
            "app_env": app.config["APP_ENV"],
            "sandbox_adapters": adapters,
            "dev_outbox_readable": is_development(app.config) and bool(app.config["DEV_OUTBOX_READABLE"]),
        },
    )


def trust_proxies(app: Flask, hops: int) -> None:
    """Take the client address, scheme and host from the X-Forwarded-* headers our own `hops` proxies add."""
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)


def register_extensions(app: Flask) -> None:
    from . import models  # noqa: F401  (registers the tables)
    from .access import register_access
    from .database import configure_engine
    from .extensions import api, db, jwt, limiter, migrate
    from .jobs import init_app as init_jobs

    db.init_app(app)
    with app.app_context():
        configure_engine(db.engine)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"), render_as_batch=True)
    jwt.init_app(app)
    register_access(app)
    limiter.init_app(app)
    api.init_app(app, spec_kwargs={"info": {"description": "Admissions and dormitory portal API (Bearer tokens)."}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
    init_jobs(app, job_modules())


def register_blueprints(app: Flask) -> None:
    """Each domain's blueprints, in one explicit list (the OpenAPI document lists their paths in this order)."""
    from .accounts import notification_views as account_notification_views
    from .accounts import self_views as account_self_views
    from .accounts import staff_views as account_staff_views
    from .accounts import views as account_views
    from .applications import file_views as application_file_views
    from .applications import term_views as application_term_views
    from .applications import views as application_views
    from .chat import kb_views as chat_kb_views
    from .chat import views as chat_views
    from .dorm import room_media_views as dorm_room_media_views
    from .dorm import views as dorm_views
    from .extensions import api
    from .grants import views as grant_views
    from .letters import views as letter_views
    from .messages import views as message_views
    from .payments import flagged_views as flagged_payment_views
    from .payments import home_message_views
    from .payments import views as payment_views
    from .pkb import views as pkb_views
    from .reference import import_views as reference_import_views
    from .reference import views as reference_views
    from .review import views as review_views
    from .universal import views as universal_views
    from .web import spa
    from .web import views as web_views

    for blueprint in (
        web_views.bp,
        account_views.bp,
        account_self_views.bp,
        account_staff_views.bp,
        account_staff_views.invitation_bp,
        account_notification_views.bp,
        application_views.bp,
        application_file_views.bp,
        application_term_views.bp,
        message_views.bp,
        universal_views.bp,
        dorm_room_media_views.bp,
        review_views.bp,
        pkb_views.bp,
        grant_views.bp,
        letter_views.bp,
        dorm_views.users_bp,
        dorm_views.admin_bp,
        dorm_views.suborg_bp,
        payment_views.bp,
        flagged_payment_views.bp,
        home_message_views.bp,
        chat_views.bp,
        chat_views.admin_bp,
        chat_kb_views.bp,
        reference_views.bp,
        reference_import_views.bp,
    ):
        api.register_blueprint(blueprint)
    app.register_blueprint(payment_views.pages)  # the sandbox card page (HTML), before the SPA's catch-all
    app.register_blueprint(spa.bp)  # last: its catch-all must not shadow the API


def job_modules() -> tuple:
    """Each domain's jobs.py: their tasks and periodic entries (SCHEDULE) are registered with the app's Celery app."""
    from .accounts import jobs as account_jobs
    from .applications import jobs as application_jobs
    from .dorm import jobs as dorm_jobs
    from .grants import jobs as grant_jobs
    from .jobs import storage_sweep
    from .letters import jobs as letter_jobs
    from .payments import jobs as payment_jobs
    from .reminders import jobs as reminder_jobs
    from .review import jobs as review_jobs

    return (
        account_jobs,
        application_jobs,
        dorm_jobs,
        grant_jobs,
        letter_jobs,
        payment_jobs,
        review_jobs,
        storage_sweep,
        reminder_jobs,
    )


def register_handlers(app: Flask) -> None:
    from .errors import register_error_handlers
    from .request_id import register_request_id
    from .security import register_security_headers

    register_error_handlers(app)
    register_security_headers(app)
    register_request_id(app)
