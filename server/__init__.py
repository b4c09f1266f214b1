"""Qabyldau server: create_app(config) wires extensions, blueprints and handlers."""
from __future__ import annotations

from pathlib import Path

from flask import Flask

from .config import Config


def create_app(config: Config | None = None) -> Flask:
    config = config or Config()
    app = Flask(__name__, instance_path=config.INSTANCE_PATH, static_folder=str(Path(__file__).parent / "static"),
                static_url_path="/api/v1/_static")
    app.config.from_object(config)
    app.config.setdefault("DEV_OUTBOX_READABLE", not config.SMTP_URL and config.DEV_OUTBOX_ENABLED)
    app.json.ensure_ascii = False
    trust_proxies(app, config.TRUSTED_PROXY_COUNT)

    from .logging_setup import configure_logging

    configure_logging(app)
    register_extensions(app)
    register_blueprints(app)
    register_handlers(app)

    from .cli import register_commands

    register_commands(app)
    return app


def trust_proxies(app: Flask, hops: int) -> None:
    """Take the client address, scheme and host from the X-Forwarded-* headers our own `hops` proxies add."""
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)


def register_extensions(app: Flask) -> None:
    from . import models  # noqa: F401  (registers the tables)
    from .auth import register_jwt_callbacks
    from .extensions import api, db, jwt, limiter, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"), render_as_batch=True)
    jwt.init_app(app)
    register_jwt_callbacks(app)
    limiter.init_app(app)
    api.init_app(app, spec_kwargs={"info": {"description": "Admissions and dormitory portal API (Bearer tokens)."}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})


def register_blueprints(app: Flask) -> None:
    from .blueprints import admin, applications, auth, files, meta, spa, universal, users
    from .extensions import api

    for blueprint in (meta.bp, auth.bp, users.bp, applications.bp, files.bp, universal.bp, admin.bp):
        api.register_blueprint(blueprint)
    app.register_blueprint(spa.bp)  # last: its catch-all must not shadow the API


def register_handlers(app: Flask) -> None:
    from .errors import register_error_handlers
    from .security import register_security_headers

    register_error_handlers(app)
    register_security_headers(app)
