"""Issue 23: settings - state-grant list imports and flagged payments (decision 0086)

gov_grant_imports: one upload of a year's state-grant list (previewed, applied or undone) with its counts;
gov_grant_import_rows: its file rows (category, errors, the matched application) and, once applied, the rows of
the list it replaced (so an undo can put them back). payments gets what staff did about a flagged payment:
resolution (refunded | resolved), the comment, who and when.

Revision ID: c23b00000012
Revises: c23b00000011
Create Date: 2026-11-27 07:20:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c23b00000012'
down_revision = 'c23b00000011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'gov_grant_imports',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('year', sa.Integer(), nullable=False),
        sa.Column('file_name', sa.String(length=255), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('base_import_id', sa.Integer(), nullable=True),
        sa.Column('total_rows', sa.Integer(), nullable=False),
        sa.Column('matched_count', sa.Integer(), nullable=False),
        sa.Column('unmatched_count', sa.Integer(), nullable=False),
        sa.Column('duplicate_count', sa.Integer(), nullable=False),
        sa.Column('already_listed_count', sa.Integer(), nullable=False),
        sa.Column('error_count', sa.Integer(), nullable=False),
        sa.Column('replaced_count', sa.Integer(), nullable=True),
        sa.Column('created_by_id', sa.Integer(), nullable=True),
        sa.Column('created_at', server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column('applied_by_id', sa.Integer(), nullable=True),
        sa.Column('applied_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('undone_by_id', sa.Integer(), nullable=True),
        sa.Column('undone_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['created_by_id'], ['users.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['applied_by_id'], ['users.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['undone_by_id'], ['users.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('gov_grant_imports', schema=None) as batch_op:
        batch_op.create_index('ix_gov_grant_imports_year_status', ['year', 'status'], unique=False)
        batch_op.create_index(batch_op.f('ix_gov_grant_imports_created_at'), ['created_at'], unique=False)
    op.create_table(
        'gov_grant_import_rows',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('import_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('row_number', sa.Integer(), nullable=True),
        sa.Column('iin', sa.String(length=32), nullable=False),
        sa.Column('full_name', sa.String(length=255), nullable=False),
        sa.Column('programme_group', sa.String(length=255), nullable=False),
        sa.Column('grant_kind', sa.String(length=255), nullable=False),
        sa.Column('category', sa.String(length=16), nullable=True),
        sa.Column('already_listed', sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column('application_id', sa.Integer(), nullable=True),
        sa.Column('problems', sa.JSON(), nullable=True),
        sa.Column('imported_at', server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column('imported_by_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['import_id'], ['gov_grant_imports.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['application_id'], ['applications.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('gov_grant_import_rows', schema=None) as batch_op:
        batch_op.create_index(
            'ix_gov_grant_import_rows_import_kind_category', ['import_id', 'kind', 'category'], unique=False
        )
    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('resolution', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('resolution_comment', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('resolved_by_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('resolved_at', server.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.create_foreign_key(
            'fk_payments_resolved_by_id_users', 'users', ['resolved_by_id'], ['id'], ondelete='SET NULL'
        )


def downgrade():
    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.drop_constraint('fk_payments_resolved_by_id_users', type_='foreignkey')
        batch_op.drop_column('resolved_at')
        batch_op.drop_column('resolved_by_id')
        batch_op.drop_column('resolution_comment')
        batch_op.drop_column('resolution')
    with op.batch_alter_table('gov_grant_import_rows', schema=None) as batch_op:
        batch_op.drop_index('ix_gov_grant_import_rows_import_kind_category')
    op.drop_table('gov_grant_import_rows')
    with op.batch_alter_table('gov_grant_imports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_gov_grant_imports_created_at'))
        batch_op.drop_index('ix_gov_grant_imports_year_status')
    op.drop_table('gov_grant_imports')
