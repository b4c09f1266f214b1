"""Fixture chain: database URL → app → db (clean tables per test) → client → users (cookiecutter-flask style).

SQLite by default. With TEST_DATABASE_URL=postgresql://… each test run creates its own database on that
server and drops it afterwards, so parallel runs never share tables.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from sqlalchemy import create_engine, text

from server import create_app
from server.config import Config, sqlalchemy_url
from server.extensions import db as _db
from server.extensions import limiter

from .factories import Factories


def _postgres_database(base_url: str):
    """Creates qabyldau_test_<random> next to the given database; yields its URL; drops it."""
    parts = urlsplit(base_url)
    name = f"qabyldau_test_{secrets.token_hex(4)}"
    admin = create_engine(sqlalchemy_url(base_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with admin.connect() as conn:
            conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = :n AND pid <> pg_backend_pid()"
                ),
                {"n": name},
            )
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


@pytest.fixture(scope="session")
def instance_dir():
    with tempfile.TemporaryDirectory(prefix="qabyldau-test-") as path:
        yield Path(path)


@pytest.fixture(scope="session")
def database_url(instance_dir):
    base = os.environ.get("TEST_DATABASE_URL")
    if base and base.startswith("postgres"):
        yield from _postgres_database(base.replace("postgres://", "postgresql://", 1))
    else:
        yield f"sqlite:///{instance_dir / 'test.sqlite3'}"


def make_config(instance_dir: Path, database_url: str, **overrides) -> Config:
    os.environ["INSTANCE_PATH"] = str(instance_dir)
    config = Config(
        APP_ENV="development",  # sandbox payments and bureau, dev outboxes; production is tested by overriding it
        TESTING=True,
        SECRET_KEY="test-secret-key-that-is-long-enough-for-hmac-sha256",
        SQLALCHEMY_DATABASE_URI=database_url,
        SMTP_URL=None,
        DEV_OUTBOX_READABLE=True,
        OTP_RESEND_INTERVAL_SECONDS=0,
        LOG_LEVEL="WARNING",
        STORAGE_URL=f"file://{instance_dir / 'files'}",
        ADMIN_COUNTS_CACHE_SECONDS=0,  # one app serves every test: badge counts must never come from a test before
    )
    for key, value in overrides.items():
        setattr(config, key, value)
    return config


@pytest.fixture(scope="session")
def app(instance_dir, database_url):
    app = create_app(make_config(instance_dir, database_url))
    with app.app_context():
        _db.create_all()
    yield app
    with app.app_context():
        _db.session.remove()
        _db.drop_all()
        _db.engine.dispose()


@pytest.fixture(scope="session")
def app_serving(app, instance_dir, database_url):
    """Builds an app of its own whose CLIENT_DIST is the given folder (the session app serves no client), on the
    session app's instance and database: `app_serving(dist).test_client()`."""

    def build(dist: Path):
        return create_app(make_config(instance_dir, database_url, CLIENT_DIST=str(dist)))

    return build


@pytest.fixture
def db(app):
    """A clean database for every test; the tables are emptied afterwards (works with live servers too)."""
    ctx = app.app_context()
    ctx.push()
    limiter.reset()
    yield _db
    _db.session.remove()
    with _db.engine.begin() as conn:
        for table in reversed(_db.metadata.sorted_tables):
            conn.execute(table.delete())
    ctx.pop()


@pytest.fixture
def client(app, db):
    return app.test_client()


@pytest.fixture
def factories(db):
    return Factories(db)


# ------------------------------------------------------------------------------------------------------------
# Real SMTP (design §8: tests run a real aiosmtpd) and a guard against 500s. Helpers live in tests/helpers.py.
@pytest.fixture(scope="session")
def smtp_server_session():
    """One aiosmtpd on a free port for the whole run: yields (smtp_url, messages). Live servers can point
    SMTP_URL at it once; use `smtp_server` in a test to start from an empty message list."""
    from .helpers import start_smtp_server

    controller, url, messages = start_smtp_server()
    try:
        yield url, messages
    finally:
        controller.stop()


@pytest.fixture
def smtp_server(smtp_server_session):
    """(smtp_url, messages) with the message list emptied for this test; read codes with helpers.extract_code."""
    url, messages = smtp_server_session
    messages.clear()
    yield url, messages


@pytest.fixture
def captured_log():
    """The production log handler (JSON formatter + redaction filter) writing into a buffer: what would be logged."""
    import io
    import logging

    from server.logging_setup import make_handler

    stream = io.StringIO()
    handler = make_handler(stream)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield stream
    finally:
        root.removeHandler(handler)


@pytest.fixture
def no_server_errors(monkeypatch):
    """Fails the test if any test-client request answers 500 (design §5: no 500 for bad input)."""
    from flask.testing import FlaskClient

    original = FlaskClient.open

    def open_checked(self, *args, **kwargs):
        response = original(self, *args, **kwargs)
        assert response.status_code != 500, f"500 from {args[:1]}: {response.get_data(as_text=True)[:500]}"
        return response

    monkeypatch.setattr(FlaskClient, "open", open_checked)
