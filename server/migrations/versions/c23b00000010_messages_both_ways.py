"""Issue 23: messages both ways (decision 0084)

application_messages gets the author's side (staff | applicant) and the recipient's read time. Every existing row
was written by staff (the only writer before), so the server default 'staff' describes it; read_at stays empty, so
the applicant sees those messages as unread once in the new thread (they only had the bell and the e-mail before).

Revision ID: c23b00000010
Revises: c23a00000004
Create Date: 2026-11-27 07:20:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23b00000010'
down_revision = 'c23a00000004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('application_messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('author_side', sa.String(length=16), server_default='staff', nullable=False))
        batch_op.add_column(sa.Column('read_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.create_index(
            'ix_application_messages_unread', ['author_side', 'read_at', 'application_id'], unique=False
        )


def downgrade():
    # The applicant's replies have no place in the old schema (it has staff messages only): they are removed.
    op.execute(sa.text("DELETE FROM application_messages WHERE author_side = 'applicant'"))
    with op.batch_alter_table('application_messages', schema=None) as batch_op:
        batch_op.drop_index('ix_application_messages_unread')
        batch_op.drop_column('read_at')
        batch_op.drop_column('author_side')
