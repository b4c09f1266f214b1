"""Queue exports as background jobs (issue 12 "Exports"; decision 0066 "Export").

A selection of more than ADMIN_EXPORT_SYNC_MAX_ROWS rows is not written inside the request: `start` checks the
caller and the query exactly as GET /admin/export does (admin_scope through admin_queues.build_query), counts the
rows, stores the validated query in an `admin_exports` row, audits the export and queues the `admin.export` job
after the commit (with Redis a worker runs it; without, a thread of the app server, so the call answers at once).
The job writes the file with the same writer as the synchronous export, recording progress after every batch of
500 rows in a transaction of its own, then keeps the file in the storage. Only the admin who asked may read the
progress or download the file (anyone else 404, like an id that does not exist). Files and rows are removed
ADMIN_EXPORT_RETENTION_HOURS after they were asked for (the housekeeping beat; also whenever an export is started,
since without Redis there is no beat). A job that fails records a catalogue key (admin.export_failed, or the
access error when the admin lost the role meanwhile); a job that stops moving for ADMIN_EXPORT_STALE_MINUTES (its
process died) is reported failed (admin.export_interrupted) when polled.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from flask import current_app

from .. import populations
from ..database import unit_of_work, use_case
from ..errors import ApiError, Conflict, Forbidden, NotFound
from ..extensions import db
from ..i18n import translate
from ..integrations.storage import get_storage
from ..jobs.after_commit import enqueue_long_after_commit
from ..models import AdminExport, User
from ..models.admin_export import EXPORT_DONE, EXPORT_FAILED, EXPORT_QUEUED, EXPORT_RUNNING
from ..models.base import utcnow
from . import dao as queues_dao
from . import export as admin_export
from . import exports_dao as dao

log = logging.getLogger(__name__)

STORAGE_PREFIX = "admin-exports"
ERROR_FAILED = "admin.export_failed"
ERROR_INTERRUPTED = "admin.export_interrupted"
_DATE_PARAMS = ("fromDate", "toDate")
RECENT_LIMIT = 20  # exports listed per admin and population (each is kept ADMIN_EXPORT_RETENTION_HOURS)


def retention_hours() -> float:
    return float(current_app.config.get("ADMIN_EXPORT_RETENTION_HOURS", 24))


def _retention() -> timedelta:
    return timedelta(hours=retention_hours())


def _stale_after() -> timedelta:
    return timedelta(minutes=float(current_app.config.get("ADMIN_EXPORT_STALE_MINUTES", 15)))


def _params_to_json(args: dict, language: str) -> dict:
    """The validated query as JSON (dates as ISO strings; sort stays {field, direction}), with the language the
    file's titles are written in."""
    params = {k: (v.isoformat() if isinstance(v, date) else v) for k, v in args.items() if v is not None}
    params["lang"] = language
    return params


def _params_from_json(params: dict) -> dict:
    args = dict(params)
    for name in _DATE_PARAMS:
        if args.get(name):
            args[name] = date.fromisoformat(args[name])
    return args


# --------------------------------------------------------------------------------------------------- calls


@use_case
def start(actor: User, args: dict) -> AdminExport:
    """POST /admin/exports: validates like GET /admin/export, then queues the job (202)."""
    query = admin_export.build_query(actor, args)
    purge_expired()  # joins this unit
    now = utcnow()
    row = AdminExport(
        actor_id=actor.id,
        population=query.population,
        params=_params_to_json(args, query.language),
        status=EXPORT_QUEUED,
        rows_done=0,
        rows_total=queues_dao.total(query),
        file_name=admin_export.file_name(query, now),
        created_at=now,
        updated_at=now,
    )
    db.session.add(row)
    db.session.flush()
    admin_export.audit(actor, query, args, row.file_name, now, export_id=row.id, background=True)
    enqueue_long_after_commit("admin.export", row.id)
    return row


def _own(actor: User, export_id: int) -> AdminExport:
    """The caller's own export, else 404 (another admin's export is as unknown as an id that does not exist);
    an admin who lost the population's role meanwhile gets 403, as for the export itself."""
    row = dao.get(export_id)
    if row is None or row.actor_id != actor.id or row.created_at < utcnow() - _retention():
        raise NotFound("admin.export_not_found")
    populations.require_population(actor, row.population)
    return row


def progress(actor: User, export_id: int) -> AdminExport:
    """GET /admin/exports/<id>: the export's state; one whose job stopped moving is reported failed."""
    row = _own(actor, export_id)
    if _is_interrupted(row):
        with unit_of_work():
            _declare_interrupted(row)
        db.session.refresh(row)
    return row


def recent(actor: User, segment: str | None) -> list[AdminExport]:
    """GET /admin/exports?segment=: the caller's own exports of that population still kept (newest first, at most
    RECENT_LIMIT), so an export started before a reload or on another queue page can still be followed and
    downloaded. Other admins' exports are never listed."""
    population = populations.population_for(actor, segment=segment)
    rows = dao.recent_of(actor.id, population, utcnow() - _retention(), RECENT_LIMIT)
    declared = [row for row in rows if _is_interrupted(row)]
    if declared:
        with unit_of_work():
            for row in declared:
                _declare_interrupted(row)
        for row in declared:
            db.session.refresh(row)
    return rows


def _is_interrupted(row: AdminExport) -> bool:
    """A queued or running export whose job stopped moving: the caller declares it in a unit and reloads it."""
    return row.status in (EXPORT_QUEUED, EXPORT_RUNNING) and row.updated_at < utcnow() - _stale_after()


def _declare_interrupted(row: AdminExport) -> None:
    """Records an interrupted export failed (admin.export_interrupted), unless its job ended it meanwhile."""
    if dao.finish(row.id, row.status, status=EXPORT_FAILED, error_key=ERROR_INTERRUPTED, finished_at=utcnow()):
        log.warning("admin export interrupted", extra={"export_id": row.id})


@dataclass
class ExportFile:
    filename: str
    chunks: Iterator[bytes]


def download(actor: User, export_id: int) -> ExportFile:
    """GET /admin/exports/<id>/file: the finished file, streamed from the storage."""
    row = _own(actor, export_id)
    if row.status != EXPORT_DONE or not row.storage_key:
        raise Conflict("admin.export_not_ready")
    try:
        handle = get_storage().open(row.storage_key)
    except FileNotFoundError:
        raise NotFound("admin.export_not_found") from None
    return ExportFile(filename=row.file_name, chunks=_read(handle))


def _read(handle) -> Iterator[bytes]:
    try:
        while chunk := handle.read(admin_export.CHUNK_SIZE):
            yield chunk
    finally:
        handle.close()


def present(row: AdminExport, language: str | None = None) -> dict:
    return {
        "success": True,
        "id": row.id,
        "status": row.status,
        "rows_done": min(row.rows_done, row.rows_total) if row.status != EXPORT_DONE else row.rows_total,
        "rows_total": row.rows_total,
        "file_name": row.file_name,
        "queue": (row.params or {}).get("queue"),
        "error_key": row.error_key,
        "error": translate(row.error_key, language) if row.error_key else None,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
    }


# ----------------------------------------------------------------------------------------------------- the job


def run(export_id: int) -> None:
    """The `admin.export` job: never raises (a failure is recorded on the row for the admin to see)."""
    row = dao.get(export_id)
    if row is None or row.status in (EXPORT_DONE, EXPORT_FAILED):
        return  # purged, or already ended (a redelivered message, or declared interrupted)
    with unit_of_work():
        row.status, row.rows_done, row.updated_at = EXPORT_RUNNING, 0, utcnow()
    path = key = None
    written = [0]

    def record(rows_done: int) -> None:
        written[0] = rows_done
        dao.write_progress(export_id, rows_done)

    try:
        actor = db.session.get(User, row.actor_id) if row.actor_id else None
        if actor is None:
            raise Forbidden("errors.forbidden")
        query = admin_export.build_query(actor, _params_from_json(row.params), language=row.params.get("lang"))
        path = admin_export.write_workbook(query, admin_export.local_offset(), progress=record)
        with open(path, "rb") as handle:
            key = get_storage().save_stream(handle, prefix=STORAGE_PREFIX, extension="xlsx")
        db.session.rollback()  # end the read transaction of the streamed SELECT before writing the result
        with unit_of_work():
            finished = dao.finish(
                export_id,
                EXPORT_RUNNING,
                status=EXPORT_DONE,
                rows_done=written[0],
                rows_total=written[0],  # the rows written, should the queue have changed since the count
                storage_key=key,
                finished_at=utcnow(),
            )
        if not finished:
            get_storage().delete(key)
        log.info("admin export done", extra={"export_id": export_id, "rows": written[0]})
    except Exception as error:  # noqa: BLE001 (the admin sees a failed export, never a stuck one)
        db.session.rollback()  # ends whatever the failed step left open (a unit above has rolled back already)
        error_key = error.key if isinstance(error, ApiError) else ERROR_FAILED
        log.error("admin export failed", extra={"export_id": export_id, "error": type(error).__name__}, exc_info=True)
        if key is not None:
            get_storage().delete(key)
        try:
            with unit_of_work():
                dao.finish(export_id, EXPORT_RUNNING, status=EXPORT_FAILED, error_key=error_key, finished_at=utcnow())
        except Exception:  # noqa: BLE001 (the database itself is gone; the poll will call it interrupted)
            log.error("admin export failure not recorded", extra={"export_id": export_id})
    finally:
        if path is not None:
            os.unlink(path)


@use_case
def purge_expired() -> int:
    """Removes the files and rows of exports asked for more than ADMIN_EXPORT_RETENTION_HOURS ago (in the caller's
    unit when there is one: `start` purges in its own transaction)."""
    rows = dao.created_before(utcnow() - _retention())
    storage = get_storage()
    for row in rows:
        if row.storage_key:
            storage.delete(row.storage_key)
        db.session.delete(row)
    return len(rows)
