"""Official letters (issue 26, decision 0080): the PDF the portal issued, its public verification code and what the
public verification page may show about it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .user import User

LETTER_ACCEPTANCE = "acceptance"
LETTER_ENROLMENT = "enrolment"
LETTER_DORM_ASSIGNMENT = "dorm_assignment"
LETTER_KINDS = (LETTER_ACCEPTANCE, LETTER_ENROLMENT, LETTER_DORM_ASSIGNMENT)

LETTER_VALID = "valid"
LETTER_SUPERSEDED = "superseded"  # a staff re-issue replaced it with a newer version
LETTER_REVOKED = "revoked"
LETTER_STATUSES = (LETTER_VALID, LETTER_SUPERSEDED, LETTER_REVOKED)


class Letter(db.Model):
    """One version of one letter. `source_key` names what earned it (an application_events row, a paid dormitory
    booking); versions of the same source share it, and (source_key, version) is unique, so a retried issuing job
    cannot add a second first version."""

    __tablename__ = "letters"
    __table_args__ = (UniqueConstraint("source_key", "version", name="uq_letters_source_version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    application_id: Mapped[int | None] = mapped_column(ForeignKey("applications.id", ondelete="SET NULL"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    source_key: Mapped[str] = mapped_column(String(64), index=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # 16 characters of Crockford base32 from the system's random source (80 bits): printed on the letter and in
    # its QR code; unguessable, so a listing of codes cannot be walked.
    code: Mapped[str] = mapped_column(String(32), unique=True)
    status: Mapped[str] = mapped_column(String(16), default=LETTER_VALID)
    languages: Mapped[str] = mapped_column(String(16))  # "kk,ru": the applicant's language, then Russian
    # What the verification page may show, frozen as printed: holder's name, programme names, dormitory details.
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    issued_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    revoked_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    revoke_reason: Mapped[str | None] = mapped_column(Text)
    superseded_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    user: Mapped[User] = relationship(foreign_keys=[user_id])
