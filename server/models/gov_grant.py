"""The official list of state-grant holders of one admission year, imported by admissions staff (design §8)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .user import User


class GovGrantHolder(db.Model):
    __tablename__ = "gov_grant_holders"
    __table_args__ = (UniqueConstraint("year", "iin", name="uq_gov_grant_holders_year_iin"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int] = mapped_column(Integer, index=True)
    iin: Mapped[str] = mapped_column(String(12), index=True)
    full_name: Mapped[str] = mapped_column(String(255))
    programme_group: Mapped[str] = mapped_column(String(32))
    grant_kind: Mapped[str] = mapped_column(String(100))
    imported_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    imported_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


# An import of a year's list (issue 23, decision 0086): uploaded and checked (previewed), then applied (it replaced
# the year's list) or undone (the list it replaced was put back).
IMPORT_PREVIEWED = "previewed"
IMPORT_APPLIED = "applied"
IMPORT_UNDONE = "undone"
IMPORT_STATUSES = (IMPORT_PREVIEWED, IMPORT_APPLIED, IMPORT_UNDONE)

# A file row's category in the preview: on the list and matching an application of the year by the IIN the credit
# bureau confirmed; on the list without one; a repeat of an earlier row's IIN; a row with an error.
ROW_MATCHED = "matched"
ROW_UNMATCHED = "unmatched"
ROW_DUPLICATE = "duplicate"
ROW_ERROR = "error"
ROW_CATEGORIES = (ROW_MATCHED, ROW_UNMATCHED, ROW_DUPLICATE, ROW_ERROR)
# What a row of an import holds: a row of the uploaded file, or a row of the list the import replaced (kept so an
# undo can put that list back whatever produced it).
ROW_KIND_FILE = "file"
ROW_KIND_REPLACED = "replaced"


class GovGrantImport(db.Model):
    __tablename__ = "gov_grant_imports"
    __table_args__ = (Index("ix_gov_grant_imports_year_status", "year", "status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int] = mapped_column(Integer)
    file_name: Mapped[str] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(16), default=IMPORT_PREVIEWED)
    # The year's applied import when this one was previewed: applying refuses if another was applied (or undone)
    # since (the optimistic check), so nobody applies a preview computed against a list that changed.
    base_import_id: Mapped[int | None] = mapped_column(Integer)
    total_rows: Mapped[int] = mapped_column(Integer, default=0)
    matched_count: Mapped[int] = mapped_column(Integer, default=0)
    unmatched_count: Mapped[int] = mapped_column(Integer, default=0)
    duplicate_count: Mapped[int] = mapped_column(Integer, default=0)
    already_listed_count: Mapped[int] = mapped_column(Integer, default=0)
    error_count: Mapped[int] = mapped_column(Integer, default=0)
    replaced_count: Mapped[int | None] = mapped_column(Integer)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    applied_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    applied_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    undone_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    undone_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    created_by: Mapped[User | None] = relationship(foreign_keys=[created_by_id], lazy="joined")
    applied_by: Mapped[User | None] = relationship(foreign_keys=[applied_by_id], lazy="joined")
    undone_by: Mapped[User | None] = relationship(foreign_keys=[undone_by_id], lazy="joined")


class GovGrantImportRow(db.Model):
    __tablename__ = "gov_grant_import_rows"
    __table_args__ = (Index("ix_gov_grant_import_rows_import_kind_category", "import_id", "kind", "category"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    import_id: Mapped[int] = mapped_column(ForeignKey("gov_grant_imports.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16), default=ROW_KIND_FILE)
    row_number: Mapped[int | None] = mapped_column(Integer)  # the file's row (1 = the header)
    # As read from the file (cut to the column), so an error row shows what was there.
    iin: Mapped[str] = mapped_column(String(32))
    full_name: Mapped[str] = mapped_column(String(255))
    programme_group: Mapped[str] = mapped_column(String(255))
    grant_kind: Mapped[str] = mapped_column(String(255))
    category: Mapped[str | None] = mapped_column(String(16))
    already_listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    application_id: Mapped[int | None] = mapped_column(ForeignKey("applications.id", ondelete="SET NULL"))
    # [{"column": "iin", "reason": "iin_check", "params": {}}]: rendered in the reader's language.
    problems: Mapped[list | None] = mapped_column(JSON)
    # The replaced list's own dates, put back by an undo.
    imported_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    imported_by_id: Mapped[int | None] = mapped_column(Integer)
