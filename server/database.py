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
from functools import wraps

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


def psycopg_connection_class():
    """psycopg 3's Connection, except that ending a transaction that did not fail keeps the connection's prepared
    statements (imported lazily: SQLite installs need no PostgreSQL driver).

    psycopg prepares a statement on a connection once it has run there `prepare_threshold` (5) times, so PostgreSQL
    stops planning it on every execution (issue 12: planning the staff queue's seven-table join cost more than running
    it). But its `rollback()` also forgets every prepared statement and sends DEALLOCATE ALL, as a precaution against
    DDL undone by the rollback, and SQLAlchemy ends every request's transaction with a ROLLBACK (the session closes
    at teardown): with the stock class nothing the app runs would ever stay prepared. PostgreSQL keeps prepared
    statements across a ROLLBACK (they are not transactional) and re-plans them by itself when a table they use
    changes; the app changes its schema only through migrations, run by their own process. So a transaction that is
    open and not failed (INTRANS) is rolled back with a plain ROLLBACK on the libpq connection (`pgconn`, the
    documented low-level access), which leaves psycopg's prepared-statement bookkeeping alone; anything else (a failed
    transaction, no transaction) goes through psycopg's own rollback, unchanged."""
    global _PSYCOPG_CONNECTION
    if _PSYCOPG_CONNECTION is not None:
        return _PSYCOPG_CONNECTION
    import psycopg
    from psycopg import pq

    class Connection(psycopg.Connection):
        def rollback(self) -> None:
            # psycopg's own checks stay in force: inside a `transaction()` block, a two-phase transaction or a
            # pipeline, its rollback runs (and refuses or syncs) exactly as before (attributes of the pinned 3.3.9).
            if (
                self.info.transaction_status != pq.TransactionStatus.INTRANS
                or self._num_transactions
                or self._tpc
                or self._pipeline
            ):
                return super().rollback()
            with self.lock:  # as psycopg's rollback: one thread at a time on the connection
                try:
                    result = self.pgconn.exec_(b"ROLLBACK")
                except (MemoryError, psycopg.OperationalError) as error:  # libpq returned no result at all
                    raise psycopg.OperationalError(f"ROLLBACK failed: {error}") from error
            if result.status != pq.ExecStatus.COMMAND_OK:  # e.g. the server closed the connection: `broken` now
                message = (result.error_message or b"").decode("utf-8", "replace").strip()
                raise psycopg.OperationalError(f"ROLLBACK failed: {message or result.status.name}")
            return None

    _PSYCOPG_CONNECTION = Connection
    return Connection


_PSYCOPG_CONNECTION = None


def _connect_with_prepared_statements_kept(dialect, _record, cargs, cparams):
    """SQLAlchemy's do_connect hook: the psycopg dialect's own connect (`psycopg.connect` is
    `psycopg.Connection.connect`) with the connection class above."""
    return psycopg_connection_class().connect(*cargs, **cparams)


def configure_engine(engine: Engine) -> Engine:
    """Installs the SQLite connection setup on an engine; on PostgreSQL through psycopg 3, the connection class that
    keeps prepared statements across a request's closing ROLLBACK."""
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", _on_sqlite_connect):
        event.listen(engine, "connect", _on_sqlite_connect)
    if engine.dialect.driver == "psycopg" and not event.contains(
        engine, "do_connect", _connect_with_prepared_statements_kept
    ):
        event.listen(engine, "do_connect", _connect_with_prepared_statements_kept)
    return engine


def reads_without_transaction(view):
    """For a view that only reads (issue 12): on PostgreSQL its session runs each statement in autocommit, which
    spares the BEGIN and the closing ROLLBACK, two of a search's three round trips to the database. The answers are
    the same: at READ COMMITTED every statement takes its own snapshot inside a transaction too, and a view that
    only reads has nothing to roll back. The session is ended when the view returns (its answer is already dumped),
    handing the connection back to the pool, which restores its isolation level.

    Only when the session has not begun yet and holds no pending changes (an outer app context — tests, CLI — may
    share one session between requests: then the view runs as before, in that transaction). Not on SQLite, whose
    single-writer file is better served by the transaction it already has. A view wrapped so must never write: a
    write would be committed at once."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        from .extensions import db

        session = db.session()  # this request's Session (db.session is its scoped proxy)
        if (
            session.in_transaction()
            or session.new
            or session.dirty
            or session.deleted
            or db.engine.dialect.name != "postgresql"
        ):
            return view(*args, **kwargs)
        session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
        try:
            return view(*args, **kwargs)
        finally:
            session.rollback()  # nothing to undo: ends the session's use of the connection

    return wrapper


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
