"""Issue 26: user language, reminders with idempotency keys, notification centre

users.language (the interface language mail is written in; null for older accounts), notifications (the header
bell), notification_opt_outs (reminder kinds a user turned off) and reminder_sends (one row per reminder sent or
skipped; its unique key makes each reminder go at most once). Decision 0081.

Revision ID: c26b00000003
Revises: c26a00000002
Create Date: 2026-11-27 04:00:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'c26b00000003'
down_revision = 'c26a00000002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("language", sa.String(length=2), nullable=True))
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("link", sa.String(length=255), nullable=False),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("read_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notifications_user_id"), ["user_id"], unique=False)
        batch_op.create_index("ix_notifications_user_unread", ["user_id", "read_at"], unique=False)
    op.create_table(
        "notification_opt_outs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "kind", name="uq_notification_opt_outs_user_kind"),
    )
    with op.batch_alter_table("notification_opt_outs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notification_opt_outs_user_id"), ["user_id"], unique=False)
    op.create_table(
        "reminder_sends",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("created_at", server.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("skipped_at", server.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key", name="uq_reminder_sends_key"),
    )
    with op.batch_alter_table("reminder_sends", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_reminder_sends_user_id"), ["user_id"], unique=False)


def downgrade():
    with op.batch_alter_table("reminder_sends", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_reminder_sends_user_id"))
    op.drop_table("reminder_sends")
    with op.batch_alter_table("notification_opt_outs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notification_opt_outs_user_id"))
    op.drop_table("notification_opt_outs")
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.drop_index("ix_notifications_user_unread")
        batch_op.drop_index(batch_op.f("ix_notifications_user_id"))
    op.drop_table("notifications")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("language")
