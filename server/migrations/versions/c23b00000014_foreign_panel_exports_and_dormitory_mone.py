"""Issue 23: foreign panel, exports and dormitory money (decision 0088)

Room types state what their price pays for (`price_period`); a move approved into a dearer room remembers the
difference it asks (`dorm_transfer_requests.price_difference`); a move into a cheaper one leaves a refund due
(`dorm_refunds`).

Revision ID: c23b00000014
Revises: c23b00000013
Create Date: 2026-11-27 07:20:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23b00000014'
down_revision = 'c23b00000013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('room_types', schema=None) as batch_op:
        # Existing prices were the price of the stay (the assignment letter's academic year).
        batch_op.add_column(
            sa.Column('price_period', sa.String(length=16), nullable=False, server_default='academic_year')
        )
    with op.batch_alter_table('dorm_transfer_requests', schema=None) as batch_op:
        batch_op.add_column(sa.Column('price_difference', sa.Integer(), nullable=True))
    op.create_table(
        'dorm_refunds',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('booking_id', sa.Integer(), nullable=False),
        sa.Column('transfer_id', sa.Integer(), nullable=True),
        sa.Column('amount', sa.Integer(), nullable=False),
        sa.Column('reason', sa.String(length=32), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('created_at', server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('settled_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('settled_by_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['booking_id'], ['dorm_bookings.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['settled_by_id'], ['users.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['transfer_id'], ['dorm_transfer_requests.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('transfer_id', name='uq_dorm_refunds_transfer'),
    )
    with op.batch_alter_table('dorm_refunds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dorm_refunds_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_dorm_refunds_status'), ['status'], unique=False)


def downgrade():
    with op.batch_alter_table('dorm_refunds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dorm_refunds_status'))
        batch_op.drop_index(batch_op.f('ix_dorm_refunds_user_id'))
    op.drop_table('dorm_refunds')
    with op.batch_alter_table('dorm_transfer_requests', schema=None) as batch_op:
        batch_op.drop_column('price_difference')
    with op.batch_alter_table('room_types', schema=None) as batch_op:
        batch_op.drop_column('price_period')
