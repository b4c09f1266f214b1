"""names in three languages for dormitory catalogues

Halls, buildings, floors, sections and room types get name_kk and name_en next to name (decision 0073): `name` stays
the Russian name, so every existing row keeps its name and reads the same in Russian; the new columns start empty
(''), which the interface shows as the Russian name until an admin fills them.

Revision ID: 6677785f3417
Revises: 76eb94123a2e
Create Date: 2026-11-23 13:05:46.397517

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = '6677785f3417'
down_revision = '76eb94123a2e'
branch_labels = None
depends_on = None

TABLES = ("halls", "buildings", "floors", "sections", "room_types")
COLUMNS = ("name_kk", "name_en")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in COLUMNS:
                batch_op.add_column(sa.Column(column, sa.String(length=255), nullable=False, server_default=""))


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in reversed(COLUMNS):
                batch_op.drop_column(column)
