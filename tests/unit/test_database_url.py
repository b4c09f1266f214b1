"""server.config.sqlalchemy_url: Heroku-style URLs get the name SQLAlchemy knows; PostgreSQL runs on psycopg2, the
stack's driver (design §2, decision 0040)."""

import pytest

from server import create_app
from server.config import Config, sqlalchemy_url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u:p@db:5432/qabyldau", "postgresql://u:p@db:5432/qabyldau"),  # Heroku style
        ("postgresql://u:p@db:5432/qabyldau", "postgresql://u:p@db:5432/qabyldau"),
        (
            "postgresql://postgres@127.0.0.1/test?sslmode=disable",
            "postgresql://postgres@127.0.0.1/test?sslmode=disable",
        ),
        ("postgresql+psycopg2://u@db/q", "postgresql+psycopg2://u@db/q"),
        ("sqlite:///instance/qabyldau.sqlite3", "sqlite:///instance/qabyldau.sqlite3"),
        ("sqlite://", "sqlite://"),
    ],
)
def test_sqlalchemy_url(given, expected):
    assert sqlalchemy_url(given) == expected


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_database_url_from_the_environment(monkeypatch, tmp_path, scheme):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"{scheme}://u:p@db:5432/qabyldau")
    assert Config().SQLALCHEMY_DATABASE_URI == "postgresql://u:p@db:5432/qabyldau"


def test_postgresql_runs_on_psycopg2(monkeypatch, tmp_path):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app(
        Config(APP_ENV="development", SECRET_KEY="k" * 48, SQLALCHEMY_DATABASE_URI="postgres://u:p@127.0.0.1:1/none")
    )
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql://u:p@127.0.0.1:1/none"
    with app.app_context():
        from server.extensions import db

        assert db.engine.dialect.driver == "psycopg2"  # no connection is made until a request needs one


def test_the_default_is_still_sqlite(monkeypatch, tmp_path):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert Config().SQLALCHEMY_DATABASE_URI == f"sqlite:///{tmp_path / 'qabyldau.sqlite3'}"
