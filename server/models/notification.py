"""The notification centre, notification settings and reminders (issue 26; decision 0081).

A Notification is one line in the applicant's header bell: a `kind` and the `params` it is rendered with in the
reader's language (server/i18n `notifications.<kind>`), and the client path where to act. A NotificationOptOut is
one reminder kind the user turned off (no row: on). A ReminderSend is the idempotency key of one reminder: its
unique `key` (kind, subject and period) is inserted before the mail is queued, so two beats or a retried job can
never send the same reminder twice.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .base import UTCDateTime, utcnow

# The reminder kinds (each with its own setting and unsubscribe link).
REMINDER_DRAFT_DEADLINE = "draft_deadline"
REMINDER_FEE_UNPAID = "fee_unpaid"
REMINDER_DOCUMENT_RETURNED = "document_returned"
REMINDER_DORM_EXPIRING = "dorm_expiring"
REMINDER_KINDS = (REMINDER_DRAFT_DEADLINE, REMINDER_FEE_UNPAID, REMINDER_DOCUMENT_RETURNED, REMINDER_DORM_EXPIRING)


class Notification(db.Model):
    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user_unread", "user_id", "read_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    params: Mapped[dict] = mapped_column(JSON, default=dict)
    link: Mapped[str] = mapped_column(String(255), default="/")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class NotificationOptOut(db.Model):
    __tablename__ = "notification_opt_outs"
    __table_args__ = (UniqueConstraint("user_id", "kind", name="uq_notification_opt_outs_user_kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ReminderSend(db.Model):
    __tablename__ = "reminder_sends"
    __table_args__ = (UniqueConstraint("key", name="uq_reminder_sends_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # "<kind>:<subject id>:<period>", e.g. "fee_unpaid:12:345" (the event that reached the payment step).
    key: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(40))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    subject_id: Mapped[int] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Set by the delivery job: sent, or skipped because the condition had cleared or the kind was turned off.
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    skipped_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
