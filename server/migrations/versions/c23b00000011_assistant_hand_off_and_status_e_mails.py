"""Issue 23: assistant hand-off and status e-mails (decision 0085)

chat_conversations gets `with_staff`: the hand-off in force (the assistant is silent while it is set; the applicant's
"back to the assistant" clears it). A conversation handed off before this revision had no way back, so it starts
with staff. The status e-mails need no schema change.

Revision ID: c23b00000011
Revises: c23b00000010
Create Date: 2026-11-27 07:20:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23b00000011'
down_revision = 'c23b00000010'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('chat_conversations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('with_staff', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.execute(sa.text("UPDATE chat_conversations SET with_staff = :yes WHERE handed_off_at IS NOT NULL").bindparams(yes=True))


def downgrade():
    with op.batch_alter_table('chat_conversations', schema=None) as batch_op:
        batch_op.drop_column('with_staff')
