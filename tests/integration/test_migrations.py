"""The Alembic history must build exactly the schema the models declare (no forgotten migration)."""

import os

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade

from server import create_app
from server.extensions import db
from server.models.base import applies_to_dialect

from ..conftest import _postgres_database, make_config


def _diff_after_upgrade(instance_dir, url):
    app = create_app(make_config(instance_dir, url))
    with app.app_context():
        upgrade()
        with db.engine.connect() as conn:
            # Objects declared for another dialect only (PostgreSQL trigram indexes on SQLite) are not expected.
            dialect = conn.dialect.name
            opts = {
                "include_object": lambda obj, name, type_, reflected, compare_to: (
                    reflected or applies_to_dialect(obj, dialect)
                )
            }
            diff = compare_metadata(MigrationContext.configure(conn, opts=opts), db.metadata)
        db.engine.dispose()
    return diff


def test_migrations_match_models(tmp_path):
    base = os.environ.get("TEST_DATABASE_URL")
    if base and base.startswith("postgres"):
        generator = _postgres_database(base)
        url = next(generator)
        try:
            diff = _diff_after_upgrade(tmp_path, url)
        finally:
            generator.close()
    else:
        diff = _diff_after_upgrade(tmp_path, f"sqlite:///{tmp_path / 'migrated.sqlite3'}")
    assert diff == [], f"models and migrations differ; run `flask --app server db migrate`: {diff}"


def test_retiring_non_citizenship_territories_keeps_chosen_references(tmp_path):
    """Issue 10: Antarctica & co. leave the citizenship list, but an applicant who already chose one keeps a valid
    reference (the row stays, selectable = false); unreferenced territories are deleted."""
    from sqlalchemy import text

    app = create_app(make_config(tmp_path, f"sqlite:///{tmp_path / 'retire.sqlite3'}"))
    with app.app_context():
        upgrade(revision="934a98528a33")
        with db.engine.begin() as conn:
            for code, name in (("AQ", "Antarctica"), ("BV", "Bouvet Island"), ("DE", "Germany")):
                conn.execute(
                    text(
                        'INSERT INTO citizenships (code, name_ru, name_en, name_kk, "order")'
                        " VALUES (:c, :n, :n, '', 1000)"
                    ),
                    {"c": code, "n": name},
                )
            antarctica = conn.execute(text("SELECT id FROM citizenships WHERE code = 'AQ'")).scalar()
            conn.execute(
                text(
                    "INSERT INTO users (email, password_hash, is_verified, is_pkb_data_request_completed,"
                    " is_exempted_from_payment, citizenship_id, created_at)"
                    " VALUES ('penguin@example.com', 'x', 1, 0, 0, :c, '2026-01-01 00:00:00')"
                ),
                {"c": antarctica},
            )
        upgrade()
        with db.engine.connect() as conn:
            rows = dict(conn.execute(text("SELECT code, selectable FROM citizenships")).all())
            chosen = conn.execute(text("SELECT citizenship_id FROM users")).scalar()
        db.engine.dispose()
    assert rows == {"AQ": False, "DE": True} or rows == {"AQ": 0, "DE": 1}
    assert chosen == antarctica
