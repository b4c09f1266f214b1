"""The embedded SQLite database behaves like PostgreSQL on references and holds up under two writers
(server/database.py: foreign keys, WAL, busy timeout, Unicode lower on every connection)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from server.database import SQLITE_BUSY_TIMEOUT_MS, configure_engine
from server.models import Building, Hall


@pytest.fixture
def sqlite_db(db):
    if db.engine.dialect.name != "sqlite":
        pytest.skip("SQLite connection setup")
    return db


def test_a_dangling_reference_is_refused(db):
    db.session.add(Building(name="Корпус", order=0, hall_id=987654))
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()


def test_a_referenced_row_cannot_be_deleted_under_the_orm(db):
    hall = Hall(name="Общежитие")
    db.session.add(hall)
    db.session.flush()
    db.session.add(Building(name="Корпус", order=0, hall_id=hall.id))
    db.session.commit()
    with pytest.raises(IntegrityError):
        db.session.execute(text("DELETE FROM halls WHERE id = :id"), {"id": hall.id})
        db.session.commit()
    db.session.rollback()


def test_every_connection_enforces_foreign_keys_with_wal_and_a_busy_timeout(sqlite_db):
    with sqlite_db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == SQLITE_BUSY_TIMEOUT_MS
        assert conn.exec_driver_sql("SELECT lower('АЛМАТЫ Әл')").scalar() == "алматы әл"


def test_an_in_memory_database_is_set_up_too(tmp_path):
    engine = configure_engine(create_engine("sqlite://"))
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "memory"
    engine.dispose()
    postgres = configure_engine(create_engine("postgresql://nobody@127.0.0.1:1/none"))
    assert postgres.dialect.name == "postgresql"  # nothing installed, nothing connected


def test_a_second_writer_waits_for_the_first_instead_of_failing(sqlite_db):
    """Two gunicorn workers are two connections: the second write waits for the lock (busy timeout)."""
    hall = Hall(name="Общежитие")
    sqlite_db.session.add(hall)
    sqlite_db.session.commit()
    hall_id, engine = hall.id, sqlite_db.engine
    holding = threading.Event()
    release = threading.Event()

    def first_writer():
        with engine.connect() as conn:
            conn.exec_driver_sql("BEGIN IMMEDIATE")  # takes the write lock
            conn.exec_driver_sql("UPDATE halls SET name = 'Первый' WHERE id = ?", (hall_id,))
            holding.set()
            release.wait(5)
            conn.exec_driver_sql("COMMIT")

    thread = threading.Thread(target=first_writer)
    thread.start()
    assert holding.wait(5)
    threading.Timer(0.3, release.set).start()
    with engine.connect() as conn:  # blocks until the first writer commits, then writes
        conn.exec_driver_sql("UPDATE halls SET name = 'Второй' WHERE id = ?", (hall_id,))
        conn.commit()
    thread.join(5)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT name FROM halls WHERE id = ?", (hall_id,)).scalar() == "Второй"
