"""Issue 26: official letters and their verification codes

The `letters` table (decision 0080): one row per version of a letter, with its PDF, its public verification code
and the frozen details the verification page may show. (source_key, version) is unique, so a retried issuing job
cannot add a second first version.

Revision ID: c26a00000002
Revises: c22b00000006
Create Date: 2026-11-27 04:00:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c26a00000002'
down_revision = 'c22b00000006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('letters',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('application_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('source_key', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('languages', sa.String(length=16), nullable=False),
    sa.Column('details', sa.JSON(), nullable=False),
    sa.Column('pdf', sa.LargeBinary(), nullable=False),
    sa.Column('issued_at', server.models.base.UTCDateTime(timezone=True), nullable=False),
    sa.Column('issued_by_id', sa.Integer(), nullable=True),
    sa.Column('revoked_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
    sa.Column('revoked_by_id', sa.Integer(), nullable=True),
    sa.Column('revoke_reason', sa.Text(), nullable=True),
    sa.Column('superseded_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['application_id'], ['applications.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['issued_by_id'], ['users.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['revoked_by_id'], ['users.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('code'),
    sa.UniqueConstraint('source_key', 'version', name='uq_letters_source_version')
    )
    with op.batch_alter_table('letters', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_letters_application_id'), ['application_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_letters_source_key'), ['source_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_letters_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('letters', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_letters_user_id'))
        batch_op.drop_index(batch_op.f('ix_letters_source_key'))
        batch_op.drop_index(batch_op.f('ix_letters_application_id'))

    op.drop_table('letters')
