"""Issue 22: staff second factor (TOTP, recovery codes) and password policy

Tables: staff_totp (one encrypted TOTP secret per staff account, the last time step used), staff_recovery_codes
(keyed hashes, each single use) and second_factor_challenges (what a correct staff password earns instead of a
session). Staff sessions issued before this revision, with a password alone, are revoked: every staff member signs
in again with the second factor. The password policy needs no schema (decision 0078).

Revision ID: c22a00000001
Revises: b7d3c9e0f421
Create Date: 2026-11-27 04:00:00.000000

"""
from datetime import datetime, timezone

from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c22a00000001'
down_revision = 'b7d3c9e0f421'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "staff_totp",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("secret_encrypted", sa.String(length=255), nullable=False),
        sa.Column("confirmed_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_step", sa.Integer(), nullable=True),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "staff_recovery_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=128), nullable=False),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_recovery_codes_user_id"), ["user_id"], unique=False)
    op.create_table(
        "second_factor_challenges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("consumed_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    with op.batch_alter_table("second_factor_challenges", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_second_factor_challenges_user_id"), ["user_id"], unique=False)

    # The role names as they are at this revision (models/user.py); the staff-management role comes later.
    staff_roles = ("Админ", "Админ (граждане КЗ)")
    roles = sa.table("roles", sa.column("id", sa.Integer), sa.column("name", sa.String))
    user_roles = sa.table("user_roles", sa.column("user_id", sa.Integer), sa.column("role_id", sa.Integer))
    sessions = sa.table(
        "auth_sessions",
        sa.column("user_id", sa.Integer),
        sa.column("revoked_at", server.models.base.UTCDateTime(timezone=True)),
    )
    staff = sa.select(user_roles.c.user_id).join(roles, roles.c.id == user_roles.c.role_id).where(
        roles.c.name.in_(staff_roles)
    )
    op.execute(
        sessions.update()
        .where(sessions.c.revoked_at.is_(None), sessions.c.user_id.in_(staff))
        .values(revoked_at=datetime.now(timezone.utc))
    )


def downgrade():
    with op.batch_alter_table("second_factor_challenges", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_second_factor_challenges_user_id"))
    op.drop_table("second_factor_challenges")
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_recovery_codes_user_id"))
    op.drop_table("staff_recovery_codes")
    op.drop_table("staff_totp")
