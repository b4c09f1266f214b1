"""Qabyldau server: create_app(config) wires extensions, blueprints and handlers."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from .config import Config, sqlalchemy_url


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
    app.config.setdefault("DEV_OUTBOX_READABLE", not config.SMTP_URL and config.DEV_OUTBOX_ENABLED)
    app.json.ensure_ascii = False
    trust_proxies(app, config.TRUSTED_PROXY_COUNT)

    from .logging_setup import configure_logging

    configure_logging(app)
    from .errors import register_authoritative_headers

    register_authoritative_headers(app)  # before the limiter (see its docstring)
    register_extensions(app)
    register_blueprints(app)
    register_handlers(app)

    from .cli import register_commands

    register_commands(app)
    from .static_files import serve_client_assets

    serve_client_assets(app)  # outermost: hashed assets (brotli/gzip) never reach Flask
    return app


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
    init_jobs(app)


def register_blueprints(app: Flask) -> None:
    from .blueprints import (
        admin,
        admin_review,
        auth,
        chat,
        dorm,
        files,
        gov_grants,
        institutions,
        meta,
        payments,
        pkb,
        spa,
        users,
        users_applications,
    )
    from .extensions import api
    from .universal import views as universal

    for blueprint in (
        meta.bp,
        auth.bp,
        users.bp,
        users_applications.bp,
        files.bp,
        universal.bp,
        admin.bp,
        admin_review.bp,
        pkb.bp,
        gov_grants.bp,
        dorm.users_bp,
        dorm.admin_bp,
        dorm.suborg_bp,
        payments.bp,
        chat.bp,
        chat.admin_bp,
        institutions.bp,
    ):
        api.register_blueprint(blueprint)
    app.register_blueprint(payments.pages)  # the sandbox card page (HTML), before the SPA's catch-all
    app.register_blueprint(spa.bp)  # last: its catch-all must not shadow the API


def register_handlers(app: Flask) -> None:
    from .errors import register_error_handlers
    from .request_id import register_request_id
    from .security import register_security_headers

    register_error_handlers(app)
    register_security_headers(app)
    register_request_id(app)
