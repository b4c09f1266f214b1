"""Issue 22: staff management (invite, roles, deactivate) and the audit trail for every staff write

users.deactivated_at: a deactivated staff account cannot sign in and holds no session; users.invited_at: an account
a staff manager invited, until the invitee has chosen a password. audit_log gets an index for the trail of one
object, newest first (decision 0079).

Revision ID: c22b00000006
Revises: c22a00000001
Create Date: 2026-11-27 04:00:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c22b00000006'
down_revision = 'c22a00000001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deactivated_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('invited_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.create_index('ix_audit_log_target', ['target_type', 'target_id', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.drop_index('ix_audit_log_target')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('invited_at')
        batch_op.drop_column('deactivated_at')
