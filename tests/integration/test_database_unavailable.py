"""A database (or PgBouncer) that is unreachable or drops the connection answers 503 with Retry-After, never a
500 (issue 25: the load test's PgBouncer restart gave 500s), and the app recovers without a restart of its own."""

from __future__ import annotations

from server import create_app

from ..conftest import make_config
from ..helpers import free_port


def test_an_unreachable_database_answers_503_with_retry_after_in_the_callers_language(tmp_path):
    # A port nothing listens on: every connection attempt fails at once, like a pooler that is restarting.
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/gone"
    app = create_app(make_config(tmp_path, url))
    client = app.test_client()

    response = client.get("/api/v1/health", headers={"Accept-Language": "kk"})
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    body = response.get_json()
    assert body["message_key"] == "errors.database_unavailable" and body["success"] is False
    assert "Қызмет уақытша қолжетімсіз" in body["message"]

    response = client.post("/api/v1/auth/sign-in", json={"email": "a@example.com", "password": "Qabyldau-pass-2026"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"


def test_the_app_recovers_when_the_database_comes_back(tmp_path, database_url):
    app = create_app(make_config(tmp_path, database_url))
    client = app.test_client()
    with app.app_context():
        from server.extensions import db

        db.engine.dispose()
    assert client.get("/api/v1/health").status_code == 200


def test_a_connection_lost_inside_a_transaction_rolls_back_without_a_new_error(app, db):
    """The load test's PgBouncer restart (2026-11-27) answered two reads with 500: the connection died inside their
    transaction, and the option lists' rollback listener read `conn.info` of the dead connection, which raised
    PendingRollbackError over the OperationalError the 503 handler maps. The rollback must just end the transaction."""
    from sqlalchemy import text

    with app.app_context():
        from server.extensions import db as database

        with database.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            connection.info["select_options_written"] = True  # a write to the option lists in this transaction
            connection.invalidate()  # what a dropped server connection does to it
            connection.rollback()  # raised PendingRollbackError from the listener before the fix
            assert connection.invalidated
