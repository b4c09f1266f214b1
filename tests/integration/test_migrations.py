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
