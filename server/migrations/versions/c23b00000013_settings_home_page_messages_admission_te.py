"""Issue 23: settings - home-page messages, admission terms, programmes, references (decision 0087)

Revision ID: c23b00000013
Revises: c23b00000012
Create Date: 2026-11-27 07:20:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23b00000013'
down_revision = 'c23b00000012'
branch_labels = None
depends_on = None


def upgrade():
    # Home-page messages (decision 0087): an audience of one population (null with user_id null: everyone, the
    # command line's messages), a date window for dated messages, and when staff last changed one.
    with op.batch_alter_table('home_page_messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('population', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('starts_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('ends_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('updated_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_home_page_messages_population'), ['population'], unique=False)

    # Admission terms in three languages (Russian is `name`) and a documents deadline per programme window.
    with op.batch_alter_table('terms', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_kk', sa.String(length=100), server_default='', nullable=False))
        batch_op.add_column(sa.Column('name_en', sa.String(length=100), server_default='', nullable=False))
    with op.batch_alter_table('term_program_windows', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('documents_due_at', server.models.base.UTCDateTime(timezone=True), nullable=True)
        )


def downgrade():
    with op.batch_alter_table('term_program_windows', schema=None) as batch_op:
        batch_op.drop_column('documents_due_at')
    with op.batch_alter_table('terms', schema=None) as batch_op:
        batch_op.drop_column('name_en')
        batch_op.drop_column('name_kk')
    with op.batch_alter_table('home_page_messages', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_home_page_messages_population'))
        batch_op.drop_column('updated_at')
        batch_op.drop_column('ends_at')
        batch_op.drop_column('starts_at')
        batch_op.drop_column('population')
