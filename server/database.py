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
from contextlib import contextmanager
from functools import wraps

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.sql import ColumnElement

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
    """Installs the SQLite connection setup on an engine (PostgreSQL needs none)."""
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", _on_sqlite_connect):
        event.listen(engine, "connect", _on_sqlite_connect)
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


def escape_like(text: str) -> str:
    """% and _ (and the escape character itself) match literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def contains_ignoring_case(expr, text: str) -> ColumnElement:
    """`expr` contains `text`, case-insensitively in any script (Cyrillic and Kazakh letters fold as Latin do).

    SQLAlchemy's ilike() is `expr ILIKE '%text%'` on PostgreSQL, which a trigram (gin_trgm_ops) index on the plain
    column serves (models/base.py trigram_index), and `lower(expr) LIKE lower('%text%')` on SQLite, whose lower() is
    the Unicode one installed by server/database.py. (`lower(col) LIKE …` on PostgreSQL folds the same but no index
    on the column can serve it: it scanned the table.) On PostgreSQL the folding follows the database's LC_CTYPE:
    create the database with a UTF-8 locale (C.UTF-8, ru_RU.UTF-8, …), not plain C, which folds ASCII only."""
    return expr.ilike(f"%{escape_like(text)}%", escape="\\")


# ------------------------------------------------------------------------------------------- transactions


_DEPTH = "qabyldau.unit_of_work_depth"


@contextmanager
def unit_of_work(keep_on: tuple[type[BaseException], ...] = ()):
    """One use case's transaction: commits when the block ends, rolls back on any exception and re-raises it.

    Nested units (a use case calling another) join the outermost one, which alone commits, so a caller's work and
    its callee's are one transaction. Jobs enqueued with `enqueue_after_commit` inside it start after that commit
    and are dropped by the rollback (server/jobs/after_commit.py).

    `keep_on`: refusals that still keep what was written before them, committed and then raised (a wrong code's
    counted try, answers saved before a refused submission): the refusal is the outcome, not a failure."""
    from .extensions import db

    session = db.session()
    depth = session.info.get(_DEPTH, 0)
    if depth == 0 and not session.in_transaction():
        session.begin()  # begun now, not at the first statement: a job queued before any SQL still waits
    session.info[_DEPTH] = depth + 1
    try:
        yield session
        if depth == 0:
            session.commit()
    except keep_on:
        if depth == 0:
            try:
                session.commit()
            except BaseException:
                session.rollback()  # the kept work could not be committed: its error replaces the refusal
                raise
        raise
    except BaseException:
        if depth == 0:
            session.rollback()
        raise
    finally:
        session.info[_DEPTH] = depth


def use_case(function=None, *, keep_on: tuple[type[BaseException], ...] = ()):
    """Runs a use case in a `unit_of_work()` (Superset's @transaction): its writes commit together or not at all
    (`@use_case`, or `@use_case(keep_on=(Refused,))` for a refusal that keeps what it recorded)."""

    def decorate(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            with unit_of_work(keep_on=keep_on):
                return fn(*args, **kwargs)

        return wrapper

    return decorate(function) if function is not None else decorate


def lock_rows(model, ids) -> None:
    """Serialises changes to these rows until the transaction ends: a row lock on PostgreSQL (ids in order, so two
    transactions never wait on each other crosswise); on SQLite, which has no row locks, a no-op write that takes
    the database's single write lock before anything is read and counted (busy_timeout queues the others)."""
    from sqlalchemy import select, update

    from .extensions import db

    ids = sorted(set(ids))
    if not ids:
        return
    key = model.id
    if db.engine.dialect.name == "sqlite":
        db.session.execute(update(model).where(key.in_(ids)).values({key: key}))
    else:
        db.session.execute(select(key).where(key.in_(ids)).order_by(key).with_for_update())
