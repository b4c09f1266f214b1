from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DDL, DateTime, Index, MetaData, event
from sqlalchemy.types import TypeDecorator

# Ids are 32-bit INTEGER columns: a larger id can name no row (and SQLite cannot even bind one past 64 bits).
# The largest id of an INTEGER primary key: a larger number names no row (and must not reach PostgreSQL).
MAX_ID = 2**31 - 1


def is_row_id(value) -> bool:
    """Whether `value` can be the id of a row (checked before any lookup by an id a client sent)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """Stores UTC and always hands back aware datetimes (SQLite forgets the zone otherwise)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def applies_to_dialect(schema_object, dialect_name: str) -> bool:
    """False for a table element declared only for other dialects (`Index(...).ddl_if(dialect="postgresql")`).

    Alembic ignores `ddl_if`, so the migration environment and the models-versus-migrations test use this to
    skip, say, a PostgreSQL trigram index when they run against SQLite. (`_ddl_if` is SQLAlchemy's record of
    the `ddl_if()` call; it has no public accessor.)"""
    ddl_if = getattr(schema_object, "_ddl_if", None)
    if ddl_if is None or ddl_if.dialect is None:
        return True
    dialects = (ddl_if.dialect,) if isinstance(ddl_if.dialect, str) else tuple(ddl_if.dialect)
    return dialect_name in dialects


# pg_trgm ships with PostgreSQL and is a trusted extension: the database owner may create it.
PG_TRGM = DDL("CREATE EXTENSION IF NOT EXISTS pg_trgm").execute_if(dialect="postgresql")


def require_pg_trgm(metadata: MetaData) -> None:
    """create_all creates pg_trgm first on PostgreSQL (once, however many modules declare trigram indexes)."""
    if not event.contains(metadata, "before_create", PG_TRGM):
        event.listen(metadata, "before_create", PG_TRGM)


def trigram_index(column, name: str | None = None) -> Index:
    """A PostgreSQL trigram (pg_trgm) GIN index on a text column, named ix_<table>_<column>_trgm unless named.

    It serves `column LIKE/ILIKE '%…%'` (what SQLAlchemy's `.like()`/`.ilike()` emit on PostgreSQL) instead of a
    scan; not `lower(column) LIKE …`, which would need an index on the expression. PostgreSQL only (SQLite has no
    such index type): `ddl_if` keeps create_all and the migrations in step (applies_to_dialect above)."""
    return Index(
        name or f"ix_{column.table.name}_{column.name}_trgm",
        column,
        postgresql_using="gin",
        postgresql_ops={column.name: "gin_trgm_ops"},
    ).ddl_if(dialect="postgresql")
