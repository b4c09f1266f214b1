"""PostgreSQL through psycopg 3 keeps a statement the app runs often prepared on its pooled connection, across the
ROLLBACK that ends every request (server/database.py; issue 12, decision 0040), and the pool still recovers from
connections the server dropped. Skipped on SQLite."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import DataError
from sqlalchemy.pool import NullPool

from server.models import SelectOption

from .universal_support import BASE, select_option

SEARCH = {"filters": {"name_ru": {"ilike": "каракол"}}, "paginate": {"page": 1, "size": 20}}
# psycopg prepares a statement on its 6th run on a connection (prepare_threshold 5).
RUNS = 8


@pytest.fixture
def postgres(db):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("prepared statements: PostgreSQL only")
    assert db.engine.dialect.driver == "psycopg"
    return db


def _prepared(conn) -> list[tuple[str, int, int]]:
    rows = conn.execute(
        text("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE '\\_pg3\\_%'")
    )
    return [tuple(row) for row in rows]


def test_a_statement_stays_prepared_across_rollbacks(postgres):
    db = postgres
    with db.engine.connect() as conn:
        for _ in range(RUNS):
            assert conn.execute(text("SELECT count(*) FROM select_options WHERE code = :c"), {"c": "x"}).scalar() == 0
            conn.rollback()  # what every request's end does; psycopg's own rollback would forget the statement
        prepared = [row for row in _prepared(conn) if "FROM select_options WHERE code" in row[0]]
    assert len(prepared) == 1
    _statement, generic, custom = prepared[0]
    assert generic + custom == RUNS - 5  # run prepared from the 6th time on, not re-parsed


def test_the_search_request_is_prepared_on_its_pooled_connection(postgres, client):
    db = postgres
    select_option(postgres, name_ru="село Караколь")
    db.session.commit()
    db.session.remove()
    db.engine.dispose()  # one pooled connection from here on: the test client sends one request at a time
    for _ in range(RUNS):
        answer = client.post(f"{BASE}/SelectOption/find-paginate", json=SEARCH)
        assert answer.status_code == 200 and answer.get_json()["total"] == 1
        # The test's app context outlives a request: end the session as a request's teardown does (ROLLBACK).
        db.session.remove()
    with db.engine.connect() as conn:
        prepared = _prepared(conn)
    statements = [row for row in prepared if "FROM select_options" in row[0]]
    assert len(statements) == 1, prepared
    assert "ILIKE" in statements[0][0] and "каракол" not in statements[0][0]  # the value is a parameter


def test_a_rolled_back_write_is_gone_and_a_failed_transaction_still_rolls_back(postgres):
    db = postgres
    with db.engine.connect() as conn:
        conn.execute(SelectOption.__table__.insert(), {"type": "t", "code": "rolled-back", "name_ru": "x"})
        conn.rollback()
        assert conn.execute(text("SELECT count(*) FROM select_options WHERE code = 'rolled-back'")).scalar() == 0
        with pytest.raises(DataError):
            conn.execute(text("SELECT 1 / 0"))
        conn.rollback()  # a failed transaction: psycopg's own rollback path
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
    states = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        states.append(conn.connection.dbapi_connection.info.transaction_status.name)

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


def _generic_plan(db, stmt, values: dict) -> str:
    """PostgreSQL's generic plan of a statement (what a prepared statement runs once PostgreSQL settles on it)."""
    import psycopg

    compiled = stmt.compile(dialect=db.engine.dialect)
    names: list[str] = []

    def placeholder(match):
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    sql = re.sub(r"%\((\w+)\)s", placeholder, str(compiled))
    parameters = {**compiled.params, **values}
    raw = db.engine.raw_connection()
    try:
        conn = raw.driver_connection
        conn.execute("SET plan_cache_mode = force_generic_plan")
        # Test-sized tables: whole-table reads priced out, as test_reference_search_index.py does.
        conn.execute("SET enable_seqscan = off")
        conn.execute("PREPARE generic_probe AS " + sql)
        arguments = ", ".join(["%s"] * len(names))
        cursor = psycopg.ClientCursor(conn)
        cursor.execute(f"EXPLAIN EXECUTE generic_probe({arguments})", [parameters[name] for name in names])
        plan = "\n".join(row[0] for row in cursor.fetchall())
        conn.execute("DEALLOCATE generic_probe")
        conn.execute("RESET plan_cache_mode")
        conn.execute("RESET enable_seqscan")
        return plan
    finally:
        raw.rollback()
        raw.close()


def test_short_queue_tokens_keep_the_generic_plan_off_the_trigram_index(postgres):
    """A generic plan prices LIKE on an unknown value as one row: fine for a word (on real data it starts from the
    trigram index, which finds the word's few rows: scripts/bench/admin_queue.py prints that plan), a read of the
    whole index for one or two letters, which therefore use strpos() (daos/admin_queues._contains). Words keep the
    LIKE the index serves."""
    from server.daos import admin_queues as dao

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
    assert "ix_application_summaries_search_trgm" not in _generic_plan(postgres, short, short_values)


def test_a_rollback_on_a_connection_the_server_dropped_is_a_disconnect(postgres):
    """The plain ROLLBACK path fails as psycopg's would: an OperationalError on a connection now `broken`, which
    SQLAlchemy's psycopg dialect takes for a disconnect (the pool then replaces its connections)."""
    import psycopg

    from server.database import psycopg_connection_class

    url = postgres.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    connection = psycopg_connection_class().connect(url)
    connection.execute("SELECT 1")  # a transaction is open
    with psycopg.connect(url, autocommit=True) as other:
        # With a timeout, PostgreSQL 14+ returns once the backend is gone.
        other.execute("SELECT pg_terminate_backend(%s, 5000)", (connection.info.backend_pid,))
    with pytest.raises(psycopg.OperationalError):
        connection.rollback()
    assert connection.broken
    assert postgres.engine.dialect.is_disconnect(psycopg.OperationalError("x"), connection, None)


def test_rollback_keeps_psycopgs_own_checks_inside_a_transaction_block(postgres):
    """Inside `connection.transaction()` psycopg refuses an explicit rollback (the block owns the transaction); the
    kept-statements ROLLBACK must not slip past that check, and the block still ends cleanly."""
    import psycopg

    from server.database import psycopg_connection_class

    url = postgres.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg_connection_class().connect(url) as connection:
        connection.execute("SELECT 1")  # a transaction is open: the plain ROLLBACK path would apply
        with connection.transaction():
            with pytest.raises(psycopg.ProgrammingError):
                connection.rollback()
        assert connection.execute("SELECT 2").fetchone() == (2,)
