"""Applications: one applicant's candidacy for one study program in one admission term (req §3, §4)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, false, func, select, true
from sqlalchemy.orm import Mapped, column_property, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .reference import StudyProgram
from .user import User

# current_step (req §4): 0 not initialised … 8 grant confirmation provided; the scholarship queue also uses 10.
STEP_NOT_INITIALISED = 0
STEP_PROGRAM_CHOSEN = 1
STEP_INSTRUCTION_READ = 2
STEP_PAYMENT_MADE = 3
STEP_FORM_FILLED = 4
STEP_DOCUMENTS_UPLOADED = 5
STEP_PHYSICAL_DOCUMENTS = 6
STEP_GRANT_RESULTS = 7
STEP_GRANT_CONFIRMED = 8
STEP_SCHOLARSHIP_ENROLLED = 10
STEPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10)

# Foreign admin status (req §4, design §6); null until the questionnaire is submitted.
STATUS_ARCHIVED = -1
STATUS_APPLIED = 0
STATUS_ACCEPTED = 1
STATUS_AWAITING_VISA = 2
STATUS_ENROLLED = 3
STATUSES = (STATUS_ARCHIVED, STATUS_APPLIED, STATUS_ACCEPTED, STATUS_AWAITING_VISA, STATUS_ENROLLED)

FINANCING_SCHOLARSHIP = "scholarship"
FINANCING_PAID = "paid"
FINANCINGS = (FINANCING_SCHOLARSHIP, FINANCING_PAID)

ADMISSION_FEE_KZT = 10_000  # design §6: money is integer tenge


class Application(db.Model):
    __tablename__ = "applications"
    __table_args__ = (Index("ix_applications_user_program_term", "user_id", "study_program_id", "term_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    term_id: Mapped[int] = mapped_column(ForeignKey("terms.id"), index=True)
    study_program_id: Mapped[int] = mapped_column(ForeignKey("study_programs.id"), index=True)
    current_step: Mapped[int] = mapped_column(Integer, default=STEP_PROGRAM_CHOSEN, index=True)
    financing: Mapped[str | None] = mapped_column(String(16), index=True)  # one of FINANCINGS
    status: Mapped[int | None] = mapped_column(Integer, index=True)  # one of STATUSES; null before submission
    is_exempted_from_payment: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
    submitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    # Counts workflow transitions; each one is a conditional UPDATE ... WHERE version = :read_version, so two
    # concurrent requests for the same transition advance the application once (docs/decisions/0060).
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    study_program: Mapped[StudyProgram] = relationship(lazy="joined")
    user: Mapped[User] = relationship(lazy="select")
    # Loaded when read (the list of "My applications" loads them with its rows): most calls that load an
    # application never show its thread (decision 0090).
    messages: Mapped[list[ApplicationMessage]] = relationship(
        back_populates="application",
        lazy="select",
        cascade="all, delete-orphan",
        order_by="ApplicationMessage.id",
    )

    @property
    def is_active(self) -> bool:
        return self.status != STATUS_ARCHIVED

    @property
    def is_submitted(self) -> bool:
        return self.submitted_at is not None


MESSAGE_SIDE_STAFF = "staff"
MESSAGE_SIDE_APPLICANT = "applicant"
MESSAGE_SIDES = (MESSAGE_SIDE_STAFF, MESSAGE_SIDE_APPLICANT)


class ApplicationMessage(db.Model):
    """One message of an application's thread (req §3 application_messages; decision 0084): staff write to the
    applicant and the applicant replies. `read_at` is when the other side (the recipient) first opened it, so
    "unread for the applicant" is author_side = staff and read_at is null, and the other way round for staff."""

    __tablename__ = "application_messages"
    __table_args__ = (
        # The unread counts (a card, the header, a queue row, the staff menu badge) filter on side and read state.
        Index("ix_application_messages_unread", "author_side", "read_at", "application_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    # One of MESSAGE_SIDES; rows from before decision 0084 are staff messages.
    author_side: Mapped[str] = mapped_column(String(16), default=MESSAGE_SIDE_STAFF, server_default=MESSAGE_SIDE_STAFF)
    content: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    application: Mapped[Application] = relationship(back_populates="messages")


class ApplicationEvent(db.Model):
    """One workflow transition of an application: the audit trail staff see in full and applicants see as their
    status history (only rows with applicant_visible). Written in the transaction of the change itself."""

    __tablename__ = "application_events"
    __table_args__ = (Index("ix_application_events_application_created", "application_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    transition: Mapped[str] = mapped_column(String(40), index=True)
    actor_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    # 'applicant', an admin role name, or 'system:<source>' (payment, pkb, gov_scholarship, scheduler)
    actor_role: Mapped[str] = mapped_column(String(64))
    from_step: Mapped[int | None] = mapped_column(Integer)
    to_step: Mapped[int | None] = mapped_column(Integer)
    from_status: Mapped[int | None] = mapped_column(Integer)
    to_status: Mapped[int | None] = mapped_column(Integer)
    # Other fields the transition changed: {"financing": {"from": "scholarship", "to": "paid"}, ...}
    changes: Mapped[dict] = mapped_column(JSON, default=dict)
    # What the caller supplied (a payment reference, a grant result, the new program), as validated.
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    reason: Mapped[str | None] = mapped_column(Text)
    comment: Mapped[str | None] = mapped_column(Text)
    request_id: Mapped[str | None] = mapped_column(String(64))
    applicant_visible: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    application: Mapped[Application] = relationship(lazy="select")
    actor: Mapped[User | None] = relationship(lazy="select")


class ApplicationSnapshot(db.Model):
    """The answers of one form key as they were when the questionnaire was submitted (read-only history)."""

    __tablename__ = "application_snapshots"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"), index=True)
    user_data_id: Mapped[int | None] = mapped_column(ForeignKey("user_data.id", ondelete="SET NULL"))
    type: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    reason: Mapped[str] = mapped_column(String(32), default="submission")
    taken_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


# req §3 User.applications_count: one correlated count, loaded with the user (keeps /users/self at one query).
User.applications_count = column_property(
    select(func.count(Application.id))
    .where(Application.user_id == User.id)
    .correlate_except(Application)
    .scalar_subquery()
)
