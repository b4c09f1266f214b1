"""server.config.sqlalchemy_url: PostgreSQL URLs without a driver use psycopg 3 (decision 0040, issue 12)."""

import pytest

from server import create_app
from server.config import Config, sqlalchemy_url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://u:p@db:5432/qabyldau", "postgresql+psycopg://u:p@db:5432/qabyldau"),
        ("postgres://u:p@db:5432/qabyldau", "postgresql+psycopg://u:p@db:5432/qabyldau"),  # Heroku style
        (
            "postgresql://postgres@127.0.0.1/test?sslmode=disable",
            "postgresql+psycopg://postgres@127.0.0.1/test?sslmode=disable",
        ),
        # A driver named on purpose is kept, and so is any other database.
        ("postgresql+psycopg2://u@db/q", "postgresql+psycopg2://u@db/q"),
        ("postgresql+psycopg://u@db/q", "postgresql+psycopg://u@db/q"),
        ("sqlite:///instance/qabyldau.sqlite3", "sqlite:///instance/qabyldau.sqlite3"),
        ("sqlite://", "sqlite://"),
    ],
)
def test_sqlalchemy_url(given, expected):
    assert sqlalchemy_url(given) == expected


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_database_url_from_the_environment_gets_psycopg_3(monkeypatch, tmp_path, scheme):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"{scheme}://u:p@db:5432/qabyldau")
    assert Config().SQLALCHEMY_DATABASE_URI == "postgresql+psycopg://u:p@db:5432/qabyldau"


def test_an_override_given_to_create_app_gets_psycopg_3_too(monkeypatch, tmp_path):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app(Config(SECRET_KEY="k" * 48, SQLALCHEMY_DATABASE_URI="postgresql://u:p@127.0.0.1:1/none"))
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@127.0.0.1:1/none"
    with app.app_context():
        from server.extensions import db

        assert db.engine.dialect.driver == "psycopg"  # no connection is made until a request needs one


def test_the_default_is_still_sqlite(monkeypatch, tmp_path):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert Config().SQLALCHEMY_DATABASE_URI == f"sqlite:///{tmp_path / 'qabyldau.sqlite3'}"
