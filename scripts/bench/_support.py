"""Shared by the benchmarks in this folder (not a benchmark itself: `make bench` skips files starting with _)."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def postgres_database(base_url: str) -> tuple[str, Callable[[], None]]:
    """Creates qabyldau_bench_<random> next to the database named; returns its URL and a function dropping it."""
    from sqlalchemy import create_engine, text

    parts = urlsplit(base_url)
    name = f"qabyldau_bench_{secrets.token_hex(4)}"
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop():
        with admin.connect() as conn:
            conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = :n AND pid <> pg_backend_pid()"
                ),
                {"n": name},
            )
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return urlunsplit(parts._replace(path=f"/{name}")), drop


def bench_database(database_url: str | None) -> tuple[Path, str, Callable[[], None] | None]:
    """A fresh instance folder (INSTANCE_PATH is set to it) and database: a SQLite file in it, or with a PostgreSQL
    URL a database of the bench's own next to the one named. Returns (instance, database URL, drop or None)."""
    instance = Path(tempfile.mkdtemp(prefix="qabyldau-bench-"))
    os.environ["INSTANCE_PATH"] = str(instance)
    if database_url and database_url.startswith("postgres"):
        url, drop = postgres_database(database_url.replace("postgres://", "postgresql://", 1))
        return instance, url, drop
    return instance, f"sqlite:///{instance / 'bench.sqlite3'}", None
