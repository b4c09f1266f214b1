"""citizenships selectable, non-citizenship territories retired

Revision ID: 76eb94123a2e
Revises: 2d90e14ece10
Create Date: 2026-11-23 12:45:00.000000

Territories that are not citizenships (Antarctica, Bouvet Island, …; server/seed/reference.py NOT_CITIZENSHIPS) leave
the list: rows nobody points at are deleted; a row an applicant already chose is kept (the reference stays valid)
and marked selectable = false, so no picker offers it again (decision 0069).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '76eb94123a2e'
down_revision = '2d90e14ece10'
branch_labels = None
depends_on = None

# Frozen copy of server/seed/reference.py NOT_CITIZENSHIPS at the time of this migration.
NOT_CITIZENSHIPS = ("AQ", "BV", "HM", "TF", "GS", "UM", "CP", "DG", "EA", "IC", "AC", "TA", "IO")


def upgrade():
    with op.batch_alter_table('citizenships', schema=None) as batch_op:
        batch_op.add_column(sa.Column('selectable', sa.Boolean(), server_default=sa.true(), nullable=False))

    citizenships = sa.table('citizenships', sa.column('id'), sa.column('code'), sa.column('selectable'))
    users = sa.table('users', sa.column('citizenship_id'))
    retired = citizenships.c.code.in_(NOT_CITIZENSHIPS)
    referenced = citizenships.c.id.in_(
        sa.select(users.c.citizenship_id).where(users.c.citizenship_id.is_not(None)).scalar_subquery()
    )
    op.execute(citizenships.update().where(retired, referenced).values(selectable=False))
    op.execute(citizenships.delete().where(retired, sa.not_(referenced)))


def downgrade():
    # Deleted territories come back with the next `flask seed` only if the seed lists them again.
    with op.batch_alter_table('citizenships', schema=None) as batch_op:
        batch_op.drop_column('selectable')
