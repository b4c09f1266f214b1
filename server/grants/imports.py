"""Imports of the state-grant holders list from the staff Settings screen (issue 23; decision 0086).

An upload is checked and kept as an import (status `previewed`) with every file row and its category: matched (an
application of that year whose owner's IIN the credit bureau confirmed is the row's IIN, the match the scholarship
check uses), unmatched, duplicate (the IIN of an earlier row) or error (row number and reasons, shown in the
reader's language). Nothing changes until staff apply it:

* apply: refused while the file has errors or duplicates (the ministry's list is all or nothing, as the direct
  import always was), or when another import of the year was applied or undone since the preview (the optimistic
  check: the preview was computed against a list that has changed). Otherwise the year's list is replaced in one
  transaction, the rows it replaced are kept with the import, and after the commit the applications waiting for the
  result (step 6) take the grant_result transition (jobs.py), as the applicant's own check would.
* undo (the year's last applied import only): puts the replaced rows back, unless an application of that year has
  recorded its result since the import was applied. The result is a transition the applicant was told about and the
  later steps act on; taking the list away underneath it would leave results no list explains, so the undo refuses
  and says how many applications moved on (staff then correct by a new import).

Every step is the citizens' admin's, audited with its counts.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, insert, select, text, update

from .. import audit
from ..database import unit_of_work
from ..errors import Conflict, Invalid, LocalizedMessage, NotFound, Refused, TooLarge
from ..extensions import db
from ..i18n import translate
from ..jobs.after_commit import enqueue_after_commit
from ..models import Application, ApplicationEvent, GovGrantHolder, GovGrantImport, GovGrantImportRow, Term, User
from ..models.application import STATUS_ARCHIVED
from ..models.base import utcnow
from ..models.gov_grant import (
    IMPORT_APPLIED,
    IMPORT_PREVIEWED,
    IMPORT_UNDONE,
    ROW_DUPLICATE,
    ROW_ERROR,
    ROW_KIND_FILE,
    ROW_KIND_REPLACED,
    ROW_MATCHED,
    ROW_UNMATCHED,
)
from ..models.pkb import PkbPersonData
from . import dao
from . import holders as holders_service

log = logging.getLogger(__name__)

RECORD_RESULTS_JOB = "gov_grants.record_results"
_IN_CHUNK = 500  # IINs per IN (...) list: well below every driver's parameter limit
_CUT = {"iin": 32, "full_name": 255, "programme_group": 255, "grant_kind": 255}


def read_upload(stream) -> bytes:
    limit = int(current_app.config.get("UPLOAD_MAX_DOCUMENT_BYTES", holders_service.DEFAULT_MAX_BYTES))
    data = stream.read(limit + 1)
    if not data:
        raise Invalid("gov_grants.empty_file", errors={"file": ["gov_grants.empty_file"]})
    if len(data) > limit:
        mb = round(limit / (1024 * 1024), 1)
        raise TooLarge("files.too_large", errors={"file": [LocalizedMessage("files.too_large", max_mb=mb)]}, max_mb=mb)
    return data


# ----------------------------------------------------------------------------------------------------- reads


def current_import_id(year: int) -> int | None:
    """The year's import in force: the last applied one not undone (None: no list, or one from before imports)."""
    return db.session.scalar(
        select(GovGrantImport.id)
        .where(GovGrantImport.year == year, GovGrantImport.status == IMPORT_APPLIED)
        .order_by(GovGrantImport.applied_at.desc(), GovGrantImport.id.desc())
        .limit(1)
    )


def get_import(import_id: int) -> GovGrantImport:
    found = db.session.get(GovGrantImport, import_id)
    if found is None:
        raise NotFound("gov_grant_imports.not_found")
    return found


def list_imports(page: int, per_page: int, year: int | None = None) -> tuple[list[GovGrantImport], int]:
    base = select(GovGrantImport)
    if year is not None:
        base = base.where(GovGrantImport.year == year)
    total = db.session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = db.session.scalars(
        base.order_by(GovGrantImport.created_at.desc(), GovGrantImport.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return list(rows), total


def list_rows(import_id: int, category: str | None, page: int, per_page: int):
    """The file rows of one import, in file order; `category` narrows to matched / unmatched / error, or to
    duplicates: repeats within the file and IINs already on the year's list."""
    get_import(import_id)
    base = select(GovGrantImportRow).where(
        GovGrantImportRow.import_id == import_id, GovGrantImportRow.kind == ROW_KIND_FILE
    )
    if category == ROW_DUPLICATE:
        base = base.where((GovGrantImportRow.category == ROW_DUPLICATE) | GovGrantImportRow.already_listed.is_(True))
    elif category is not None:
        base = base.where(GovGrantImportRow.category == category)
    total = db.session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = db.session.scalars(
        base.order_by(GovGrantImportRow.row_number, GovGrantImportRow.id).offset((page - 1) * per_page).limit(per_page)
    )
    return list(rows), total


def row_errors(row: GovGrantImportRow) -> list[str]:
    """A row's problems in the caller's language ("Row 5, IIN: the check digit does not match")."""
    return [
        translate(message, **message.params)
        for message in (
            holders_service.row_message(row.row_number or 0, item["column"], item["reason"], item.get("params") or {})
            for item in (row.problems or [])
        )
    ]


def can_apply(record: GovGrantImport) -> bool:
    """What the screen offers; apply() checks it again under the year's lock."""
    return (
        record.status == IMPORT_PREVIEWED
        and not (record.error_count or record.duplicate_count)
        and current_import_id(record.year) == record.base_import_id
    )


def can_undo(record: GovGrantImport) -> bool:
    return record.status == IMPORT_APPLIED and current_import_id(record.year) == record.id


# --------------------------------------------------------------------------------------------------- preview


def _bureau_matches(year: int, iins: list[str]) -> dict[str, int]:
    """IIN -> the active application of `year` whose owner's bureau-confirmed IIN it is (the lowest id when an IIN
    has several: the scholarship check records one award per IIN)."""
    found: dict[str, int] = {}
    for start in range(0, len(iins), _IN_CHUNK):
        chunk = iins[start : start + _IN_CHUNK]
        rows = db.session.execute(
            select(PkbPersonData.iin, func.min(Application.id))
            .join(Application, Application.user_id == PkbPersonData.user_id)
            .join(Term, Term.id == Application.term_id)
            .where(
                PkbPersonData.iin.in_(chunk),
                Term.year == year,
                (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
            )
            .group_by(PkbPersonData.iin)
        )
        found.update({iin: application_id for iin, application_id in rows})
    return found


def _listed(year: int, iins: list[str]) -> set[str]:
    listed: set[str] = set()
    for start in range(0, len(iins), _IN_CHUNK):
        chunk = iins[start : start + _IN_CHUNK]
        listed.update(
            db.session.scalars(
                select(GovGrantHolder.iin).where(GovGrantHolder.year == year, GovGrantHolder.iin.in_(chunk))
            )
        )
    return listed


def _create(actor: User, year: int, file_name: str, data: bytes) -> GovGrantImport:
    """The import and its rows, in the caller's transaction."""
    parsed = holders_service.read_rows(data)
    valid_iins = [values["iin"] for _n, values, problems in parsed if not problems]
    matches = _bureau_matches(year, valid_iins)
    listed = _listed(year, [values["iin"] for _n, values, _p in parsed if values["iin"]])
    record = GovGrantImport(
        year=year,
        file_name=(file_name or "grants.xlsx")[:255],
        status=IMPORT_PREVIEWED,
        base_import_id=current_import_id(year),
        created_by_id=actor.id,
        created_at=utcnow(),
    )
    db.session.add(record)
    db.session.flush()
    counts = {ROW_MATCHED: 0, ROW_UNMATCHED: 0, ROW_DUPLICATE: 0, ROW_ERROR: 0}
    already = 0
    rows = []
    for number, values, problems in parsed:
        reasons = {reason for _column, reason, _params in problems}
        if not problems:
            category = ROW_MATCHED if values["iin"] in matches else ROW_UNMATCHED
        else:
            category = ROW_DUPLICATE if reasons == {"duplicate"} else ROW_ERROR
        counts[category] += 1
        # Only a valid row is "already on the list": the duplicates tab then lists two disjoint sets, and its count
        # is duplicates + already_listed.
        on_list = category in (ROW_MATCHED, ROW_UNMATCHED) and values["iin"] in listed
        already += on_list
        rows.append(
            {
                "import_id": record.id,
                "kind": ROW_KIND_FILE,
                "row_number": number,
                **{column: values[column][:limit] for column, limit in _CUT.items()},
                "category": category,
                "already_listed": on_list,
                "application_id": matches.get(values["iin"]) if category == ROW_MATCHED else None,
                "problems": [{"column": c, "reason": r, "params": p} for c, r, p in problems] or None,
            }
        )
    if rows:
        db.session.execute(insert(GovGrantImportRow), rows)
    record.total_rows = len(parsed)
    record.matched_count = counts[ROW_MATCHED]
    record.unmatched_count = counts[ROW_UNMATCHED]
    record.duplicate_count = counts[ROW_DUPLICATE]
    record.error_count = counts[ROW_ERROR]
    record.already_listed_count = already
    return record


def counts_of(record: GovGrantImport) -> dict:
    return {
        "rows": record.total_rows,
        "matched": record.matched_count,
        "unmatched": record.unmatched_count,
        "duplicates": record.duplicate_count,
        "already_listed": record.already_listed_count,
        "errors": record.error_count,
    }


def preview(actor: User, year: int, file_name: str, stream) -> GovGrantImport:
    """Reads the upload and keeps it as a previewed import; the year's list is not touched."""
    data = read_upload(stream)
    with unit_of_work():
        record = _create(actor, year, file_name, data)
        audit.record("gov_grants.preview", record, {"year": year, "file_name": record.file_name, **counts_of(record)})
    log.info("grant list previewed", extra={"import_id": record.id, "year": year, "rows": record.total_rows})
    return record


# ----------------------------------------------------------------------------------------------- apply / undo


def _lock_year(year: int) -> None:
    """Serialises, until the transaction ends, every change to one year's list (apply, undo, direct import).
    PostgreSQL: a transaction-scoped advisory lock keyed by the year. SQLite: an UPDATE, even of no row, takes the
    database's single write lock."""
    if db.engine.dialect.name == "sqlite":
        db.session.execute(
            update(GovGrantImport).where(GovGrantImport.year == year).values(status=GovGrantImport.status)
        )
        return
    key = int.from_bytes(hashlib.sha256(f"gov_grant_list:{year}".encode()).digest()[:8], "big", signed=True)
    db.session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})


def _replace_list(actor: User, record: GovGrantImport) -> int:
    """Keeps the year's current list with the import, then replaces it with the import's valid rows."""
    now = utcnow()
    # Plain rows, not ORM objects: a year's list is up to 100,000 rows, and none of them is changed here.
    current = db.session.execute(
        select(
            GovGrantHolder.iin,
            GovGrantHolder.full_name,
            GovGrantHolder.programme_group,
            GovGrantHolder.grant_kind,
            GovGrantHolder.imported_at,
            GovGrantHolder.imported_by_id,
        ).where(GovGrantHolder.year == record.year)
    ).all()
    if current:
        db.session.execute(
            insert(GovGrantImportRow),
            [
                {
                    "import_id": record.id,
                    "kind": ROW_KIND_REPLACED,
                    "iin": holder.iin,
                    "full_name": holder.full_name,
                    "programme_group": holder.programme_group,
                    "grant_kind": holder.grant_kind,
                    "imported_at": holder.imported_at,
                    "imported_by_id": holder.imported_by_id,
                }
                for holder in current
            ],
        )
    new_rows = [
        {
            "year": record.year,
            "iin": row.iin,
            "full_name": row.full_name,
            "programme_group": row.programme_group,
            "grant_kind": row.grant_kind,
            "imported_at": now,
            "imported_by_id": actor.id,
        }
        for row in db.session.execute(
            select(
                GovGrantImportRow.iin,
                GovGrantImportRow.full_name,
                GovGrantImportRow.programme_group,
                GovGrantImportRow.grant_kind,
            ).where(
                GovGrantImportRow.import_id == record.id,
                GovGrantImportRow.kind == ROW_KIND_FILE,
                GovGrantImportRow.category.in_((ROW_MATCHED, ROW_UNMATCHED)),
            )
        )
    ]
    replaced = dao.replace_year(record.year, new_rows)
    record.status = IMPORT_APPLIED
    record.applied_by_id = actor.id
    record.applied_at = now
    record.replaced_count = replaced
    return replaced


def apply(actor: User, import_id: int) -> GovGrantImport:
    with unit_of_work():
        record = get_import(import_id)
        _lock_year(record.year)
        db.session.refresh(record)
        if record.status != IMPORT_PREVIEWED:
            raise Conflict("gov_grant_imports.not_previewed")
        if record.error_count or record.duplicate_count:
            raise Refused("gov_grant_imports.has_errors", count=record.error_count + record.duplicate_count)
        if current_import_id(record.year) != record.base_import_id:
            raise Conflict("gov_grant_imports.list_changed", year=record.year)
        replaced = _replace_list(actor, record)
        audit.record(
            "gov_grants.apply",
            record,
            {"year": record.year, "imported": record.matched_count + record.unmatched_count, "replaced": replaced},
            actor=actor,
        )
        enqueue_after_commit(RECORD_RESULTS_JOB, record.year)
    log.info("grant list applied", extra={"import_id": record.id, "year": record.year, "replaced": replaced})
    return record


def moved_on_since(year: int, since) -> int:
    """Applications of `year` whose scholarship result was recorded at or after `since` (under that list)."""
    return (
        db.session.scalar(
            select(func.count(func.distinct(ApplicationEvent.application_id)))
            .join(Application, Application.id == ApplicationEvent.application_id)
            .join(Term, Term.id == Application.term_id)
            .where(
                ApplicationEvent.transition == "grant_result",
                ApplicationEvent.created_at >= since,
                Term.year == year,
            )
        )
        or 0
    )


def undo(actor: User, import_id: int) -> GovGrantImport:
    with unit_of_work():
        record = get_import(import_id)
        _lock_year(record.year)
        db.session.refresh(record)
        if not can_undo(record):
            raise Conflict("gov_grant_imports.not_last_applied", year=record.year)
        moved = moved_on_since(record.year, record.applied_at)
        if moved:
            raise Conflict("gov_grant_imports.moved_on", count=moved)
        previous = [
            {
                "year": record.year,
                "iin": row.iin,
                "full_name": row.full_name,
                "programme_group": row.programme_group,
                "grant_kind": row.grant_kind,
                "imported_at": row.imported_at or utcnow(),
                "imported_by_id": row.imported_by_id,
            }
            for row in db.session.execute(
                select(
                    GovGrantImportRow.iin,
                    GovGrantImportRow.full_name,
                    GovGrantImportRow.programme_group,
                    GovGrantImportRow.grant_kind,
                    GovGrantImportRow.imported_at,
                    GovGrantImportRow.imported_by_id,
                ).where(GovGrantImportRow.import_id == record.id, GovGrantImportRow.kind == ROW_KIND_REPLACED)
            )
        ]
        removed = dao.replace_year(record.year, previous)
        record.status = IMPORT_UNDONE
        record.undone_by_id = actor.id
        record.undone_at = utcnow()
        audit.record(
            "gov_grants.undo",
            record,
            {"year": record.year, "removed": removed, "restored": len(previous)},
            actor=actor,
        )
    log.info("grant list import undone", extra={"import_id": record.id, "year": record.year})
    return record


@dataclass
class DirectImport:
    record: GovGrantImport
    imported: int
    replaced: int


def import_directly(actor: User, year: int, file_name: str, data: bytes) -> DirectImport:
    """The one-call import (POST /admin/gov-grants/import, decision 0064): checked, kept and applied at once, so it
    shows in the past imports and can be undone like one from the Settings screen. Bad rows refuse it whole."""
    with unit_of_work():
        _lock_year(year)
        record = _create(actor, year, file_name, data)
        if record.error_count or record.duplicate_count:
            raise _row_refusal(record)
        replaced = _replace_list(actor, record)
        imported = record.matched_count + record.unmatched_count
        audit.record(
            "gov_grants.import",
            ("gov_grant_list", str(year)),
            {"imported": imported, "replaced": replaced},
            actor=actor,
        )
        enqueue_after_commit(RECORD_RESULTS_JOB, year)
    return DirectImport(record=record, imported=imported, replaced=replaced)


def _row_refusal(record: GovGrantImport) -> Refused:
    """The direct import's 422: every bad row's messages by row number (up to MAX_REPORTED_ERRORS)."""
    bad = db.session.scalars(
        select(GovGrantImportRow)
        .where(GovGrantImportRow.import_id == record.id, GovGrantImportRow.category.in_((ROW_ERROR, ROW_DUPLICATE)))
        .order_by(GovGrantImportRow.row_number)
    ).all()
    by_row: dict[str, list] = {}
    reported = 0
    for row in bad:
        for item in row.problems or []:
            if reported >= holders_service.MAX_REPORTED_ERRORS:
                break
            message = holders_service.row_message(row.row_number, item["column"], item["reason"], item["params"] or {})
            by_row.setdefault(f"rows.{row.row_number}", []).append(message)
            reported += 1
    return Refused("gov_grants.invalid_rows", errors=by_row, count=len(bad))


# ------------------------------------------------------------------------------------------------- housekeeping


def sweep_stale_previews(now=None) -> int:
    """Deletes previews never applied and older than GOV_GRANT_PREVIEW_RETENTION_DAYS (30), with their rows: each
    keeps every row of its file, and an old preview can no longer be applied anyway once the list has moved on.
    Applied and undone imports stay (they are the history, and an applied one holds what an undo puts back)."""
    days = int(current_app.config["GOV_GRANT_PREVIEW_RETENTION_DAYS"])
    cutoff = (now or utcnow()) - timedelta(days=days)
    with unit_of_work():
        stale = select(GovGrantImport.id).where(
            GovGrantImport.status == IMPORT_PREVIEWED, GovGrantImport.created_at < cutoff
        )
        ids = list(db.session.scalars(stale))
        if ids:
            # Rows first: SQLite enforces ON DELETE CASCADE only with its foreign-key pragma.
            db.session.execute(delete(GovGrantImportRow).where(GovGrantImportRow.import_id.in_(ids)))
            db.session.execute(delete(GovGrantImport).where(GovGrantImport.id.in_(ids)))
    return len(ids)
