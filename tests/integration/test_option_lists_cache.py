"""The questionnaire's option lists are kept per app process for a short while (server/reference/option_lists.py;
issue 25, decision 0090): a write on the same process is seen at once, another process's write within the TTL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from server.extensions import db
from server.reference import option_lists

TYPE = "fillStepMainInfo_marital_status"


@pytest.fixture
def cached(app, monkeypatch):
    monkeypatch.setitem(app.config, "OPTION_LISTS_CACHE_SECONDS", 30)
    clock = {"now": 1000.0}
    monkeypatch.setattr(option_lists.time, "monotonic", lambda: clock["now"])
    return clock


def names(types=frozenset({TYPE})) -> list[str]:
    return [o["name_ru"] for o in option_lists.option_lists(types).get(TYPE, [])]


def test_a_second_read_within_the_ttl_runs_no_query(app, factories, cached):
    factories.select_option(TYPE, name_ru="Холост")
    with app.app_context():
        assert names() == ["Холост"]
        statements = []

        def count(conn, cursor, statement, *args):
            statements.append(statement)

        from sqlalchemy import event

        engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert names() == ["Холост"]
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert not [s for s in statements if "select_options" in s]


def test_a_write_through_the_app_is_seen_by_the_next_read(app, factories, cached):
    first = factories.select_option(TYPE, name_ru="Холост", order=1)
    with app.app_context():
        assert names() == ["Холост"]
    factories.select_option(TYPE, name_ru="Женат", order=2)  # ORM insert + commit
    with app.app_context():
        assert names() == ["Холост", "Женат"]
        db.session.execute(text("UPDATE select_options SET name_ru = 'Не женат' WHERE id = :id"), {"id": first.id})
        db.session.commit()  # plain SQL is noticed too
        assert names() == ["Не женат", "Женат"]


def test_a_read_between_a_write_and_its_commit_is_not_kept(app, factories, cached):
    factories.select_option(TYPE, name_ru="Холост", order=1)
    with app.app_context():
        assert names() == ["Холост"]
        # Another connection writes and has not committed yet; a read on this one caches the old rows.
        other = db.engine.connect()
        other.execute(text("UPDATE select_options SET name_ru = 'Не женат'"))
        assert names() in (["Холост"], ["Не женат"])  # SQLite's writer may block readers: either is fine
        other.commit()
        other.close()
        assert names() == ["Не женат"]


def test_another_process_write_is_seen_when_the_copy_expires(app, factories, cached, database_url):
    row = factories.select_option(TYPE, name_ru="Холост")
    with app.app_context():
        assert names() == ["Холост"]
    # Another app server writes: its statements never pass through this process's engine.
    other = _foreign_connection(database_url)
    other.execute(f"UPDATE select_options SET name_ru = 'Не женат' WHERE id = {int(row.id)}")
    other.commit()
    other.close()
    with app.app_context():
        assert names() == ["Холост"]  # still the process's copy
        cached["now"] += 31
        assert names() == ["Не женат"]


def test_a_ttl_of_zero_reads_every_time(app, factories, monkeypatch, database_url):
    monkeypatch.setitem(app.config, "OPTION_LISTS_CACHE_SECONDS", 0)
    row = factories.select_option(TYPE, name_ru="Холост")
    with app.app_context():
        assert names() == ["Холост"]
    other = _foreign_connection(database_url)
    other.execute(f"UPDATE select_options SET name_ru = 'Не женат' WHERE id = {int(row.id)}")
    other.commit()
    other.close()
    with app.app_context():
        assert names() == ["Не женат"]


class _Raw:
    """A DB-API connection outside SQLAlchemy (as another app server's would be)."""

    def __init__(self, conn):
        self.conn = conn
        self.cursor = conn.cursor()

    def execute(self, sql):
        self.cursor.execute(sql)

    def commit(self):
        self.conn.commit()

    def close(self):
        self.conn.close()


def _foreign_connection(database_url: str) -> _Raw:
    if database_url.startswith("sqlite"):
        import sqlite3

        return _Raw(sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=10))
    import psycopg2

    return _Raw(psycopg2.connect(database_url.replace("postgresql+psycopg2://", "postgresql://")))
