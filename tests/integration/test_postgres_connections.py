"""The app's PostgreSQL connections (psycopg2, pooled): a rollback undoes, the pool recovers from connections the
server dropped, read-only views run without a transaction (server/database.reads_without_transaction, issue 12) and
writes keep theirs. Skipped on SQLite."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import DataError
from sqlalchemy.pool import NullPool

from server.models import SelectOption

from .universal_support import BASE, select_option

SEARCH = {"filters": {"name_ru": {"ilike": "каракол"}}, "paginate": {"page": 1, "size": 20}}
RUNS = 8  # requests on the pooled connection before the server drops it


@pytest.fixture
def postgres(db):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL connections: PostgreSQL only")
    assert db.engine.dialect.driver == "psycopg2"
    return db


def test_a_rolled_back_write_is_gone_and_a_failed_transaction_still_rolls_back(postgres):
    db = postgres
    with db.engine.connect() as conn:
        conn.execute(SelectOption.__table__.insert(), {"type": "t", "code": "rolled-back", "name_ru": "x"})
        conn.rollback()
        assert conn.execute(text("SELECT count(*) FROM select_options WHERE code = 'rolled-back'")).scalar() == 0
        with pytest.raises(DataError):
            conn.execute(text("SELECT 1 / 0"))
        conn.rollback()  # a failed transaction
        assert conn.execute(text("SELECT 1")).scalar() == 1


def test_requests_succeed_after_the_server_dropped_every_pooled_connection(postgres, client):
    db = postgres
    for _ in range(RUNS):
        assert client.post(f"{BASE}/SelectOption/find-paginate", json=SEARCH).status_code == 200
        db.session.remove()
    outsider = create_engine(db.engine.url, poolclass=NullPool)  # not one of the app's pooled connections
    with outsider.connect() as conn:
        killed = conn.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar()
        conn.commit()
    outsider.dispose()
    assert killed >= 1  # at least the app's pooled connection
    # pool_pre_ping finds the dead connections at checkout and replaces them: no failed request.
    for _ in range(RUNS):
        answer = client.post(f"{BASE}/SelectOption/find-paginate", json=SEARCH)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        db.session.remove()


def _transaction_states(db, make_request) -> list[str]:
    """The connection's transaction status after each statement a request runs (IDLE: autocommit, no BEGIN)."""
    from psycopg2 import extensions

    names = {extensions.TRANSACTION_STATUS_IDLE: "IDLE", extensions.TRANSACTION_STATUS_INTRANS: "INTRANS"}
    states = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        status = conn.connection.dbapi_connection.get_transaction_status()
        states.append(names.get(status, str(status)))

    event.listen(db.engine, "after_cursor_execute", listener)
    try:
        make_request()
    finally:
        event.remove(db.engine, "after_cursor_execute", listener)
    return states


def test_reads_run_without_a_transaction_and_writes_still_in_one(postgres, client):
    db = postgres
    select_option(postgres, name_ru="село Караколь")
    db.session.commit()
    db.session.remove()
    states = _transaction_states(db, lambda: client.post(f"{BASE}/SelectOption/find-paginate", json=SEARCH))
    assert states == ["IDLE"]  # one statement, no BEGIN before it and no ROLLBACK after it
    assert not db.session().in_transaction()  # the view handed its connection back

    # Inside a transaction the test began itself, a read joins it (the wrapper steps aside).
    db.session.execute(text("SELECT 1"))
    states = _transaction_states(db, lambda: client.post(f"{BASE}/SelectOption/find-paginate", json=SEARCH))
    assert states == ["INTRANS"]
    db.session.rollback()

    # A write endpoint keeps its transaction (sign-up inserts the account and its code, then commits).
    user = {"email": "tx@example.com", "password": "Secret-pass-123", "repeat_password": "Secret-pass-123"}
    answers = []
    states = _transaction_states(db, lambda: answers.append(client.post("/api/v1/auth/sign-up", json={"user": user})))
    assert answers[0].status_code == 200, answers[0].get_data(as_text=True)
    assert states and set(states) == {"INTRANS"}


def test_short_queue_tokens_match_with_strpos_and_words_with_like(postgres):
    """A trigram index cannot narrow one or two letters (they hold no trigram): those match with strpos()
    (daos/admin_queues._contains) and no index is read for them; words keep the LIKE the index serves."""
    from server.review import dao

    def statement(tokens):
        query = dao.QueueQuery(
            population="foreign", queue="applied", search_tokens=tokens, hidden_email_patterns=["*@qabyldau.local"]
        )
        values = dao.parameters(query)
        return dao.page_statement(query, values), {**values, "page_limit": 20, "page_offset": 0}

    word, word_values = statement(["karimov", "timur"])
    sql = str(word.compile(dialect=postgres.engine.dialect))
    assert "application_summaries.search_text LIKE" in sql and "strpos" not in sql
    assert word_values["search_0"] == "%karimov%"

    short, short_values = statement(["ka", "t"])
    sql = str(short.compile(dialect=postgres.engine.dialect))
    assert "strpos(application_summaries.search_text" in sql and "search_text LIKE" not in sql
    assert short_values["search_0"] == "ka"
