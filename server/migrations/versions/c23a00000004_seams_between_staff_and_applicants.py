"""Issue 23: seams between staff and applicants (decision 0083)

No schema change. Data only: a fee-paying citizen's application no longer waits for the state-grant result
(confirm_documents now takes it 5 → 7). Applications that were confirmed before and still wait at step 6 on a paid
basis move on to step 7, where they choose their programme; their version is bumped so a transition prepared
against the old state is refused. Downgrade does nothing: step 7 is a legal state for them under the old table too
(the grant result would have taken them there).

Revision ID: c23a00000004
Revises: c26b00000003
Create Date: 2026-11-27 04:00:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23a00000004'
down_revision = 'c26b00000003'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(
        sa.text(
            "UPDATE applications SET current_step = 7, version = version + 1 "
            "WHERE financing = 'paid' AND current_step = 6 AND (status IS NULL OR status <> -1)"
        )
    )


def downgrade():
    pass
