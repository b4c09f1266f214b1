"""Connection setup of the embedded SQLite database, so the default behaves like PostgreSQL where it matters.

Every new SQLite connection gets:
- `PRAGMA foreign_keys=ON`: SQLite ignores references (and ondelete rules) unless asked, per connection;
- `PRAGMA journal_mode=WAL` (file databases): readers no longer block the writer, which `make start`'s two gunicorn
  workers need; the mode is stored in the file, in-memory databases keep theirs;
- `PRAGMA busy_timeout`: a worker waits for the other's write lock instead of failing with "database is locked";
- a Unicode `lower()`: SQLite's folds ASCII only, and the ilike filters of /universal must fold Cyrillic and Kazakh
  names as PostgreSQL does.
"""

from __future__ import annotations

import sqlite3

from sqlalchemy import event
from sqlalchemy.engine import Engine

SQLITE_BUSY_TIMEOUT_MS = 15_000


def _unicode_lower(value):
    return value.lower() if isinstance(value, str) else value


def _on_sqlite_connect(dbapi_connection: sqlite3.Connection, _record) -> None:
    dbapi_connection.create_function("lower", 1, _unicode_lower, deterministic=True)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")  # answers "memory" for an in-memory database, and keeps it
    finally:
        cursor.close()


def configure_engine(engine: Engine) -> Engine:
    """Installs the SQLite connection setup on an engine (nothing to do for PostgreSQL)."""
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", _on_sqlite_connect):
        event.listen(engine, "connect", _on_sqlite_connect)
    return engine


class StatementCache:
    """Statements built once per request shape and reused (issue 12): building a large select and deriving its cache
    key cost more Python than the rest of a list request, and SQLAlchemy memoizes the key on the statement object.
    A shape must hold only what is not a caller's value (those travel as bound parameters) and nothing that depends
    on who asks. Bounded: emptied when full, which only costs the next requests a rebuild."""

    def __init__(self, max_size: int) -> None:
        self._statements: dict = {}
        self._max_size = max_size

    def get(self, shape, build):
        statement = self._statements.get(shape)
        if statement is None:
            statement = build()
            if len(self._statements) >= self._max_size:
                self._statements.clear()
            self._statements[shape] = statement
        return statement

    def __len__(self) -> int:
        return len(self._statements)

    def clear(self) -> None:
        self._statements.clear()
