"""trigram indexes on the searched names of select options, KATO and educational institutions (PostgreSQL)

The pickers' and /universal's `ilike` searches (and /kato/nodes, /institutions/search) become `col ILIKE '%…%'` on
PostgreSQL, which these GIN (gin_trgm_ops) indexes serve instead of scanning the table (decision 0040, "Searches
served by indexes"). SQLite has no such index type: nothing changes there.

Revision ID: 596407ad1d0b
Revises: e9e83f162a93
Create Date: 2026-11-23 15:45:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '596407ad1d0b'
down_revision = 'e9e83f162a93'
branch_labels = None
depends_on = None

# (table, column) pairs; each index is ix_<table>_<column>_trgm, as server/models/base.py trigram_index names it.
SEARCHED = (
    ("select_options", "name_ru"),
    ("select_options", "name_kk"),
    ("select_options", "name_en"),
    ("kato", "name_ru"),
    ("kato", "name_kk"),
    ("kato", "name_en"),
    ("educational_institutions", "name"),
    ("educational_institutions", "region"),
    ("educational_institutions", "district"),
    ("educational_institutions", "address"),
)


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    # Already created by a66d0c1e5a01; repeated so this revision stands on its own.
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for table, column in SEARCHED:
        op.create_index(
            f"ix_{table}_{column}_trgm",
            table,
            [column],
            postgresql_using="gin",
            postgresql_ops={column: "gin_trgm_ops"},
        )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in reversed(SEARCHED):
        op.drop_index(f"ix_{table}_{column}_trgm", table_name=table)
