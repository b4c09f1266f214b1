"""The orphan sweep (issue 25; decision 0082): objects in the storage that no row names, older than a grace period,
are removed, hourly by beat (`housekeeping.sweep_orphan_objects`) or by `flask storage sweep`.

Every write stores the object first and the row after, and deletes the object again when the row is not written;
a process killed in between, or a storage that failed that delete, leaves an object no row names. Rows that are
deleted (an account erased, an export purged) delete their objects after the commit, with the same risk. The grace
period (STORAGE_ORPHAN_GRACE_HOURS, 24 by default) is far longer than the gap between an object and its row, so an
upload in flight is never taken for an orphan.

A row names an object in a column called `storage_key`: every such column of every table counts, so a new kind of
stored thing (generated letters, say) is covered by naming its column so.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import islice

from celery import shared_task
from celery.schedules import crontab
from flask import current_app
from sqlalchemy import Column, select

from ..extensions import db
from ..integrations.storage import ObjectInfo, get_storage
from .celery_app import AppTask

log = logging.getLogger(__name__)
PAGE = 500
KEY_COLUMN = "storage_key"


@dataclass
class SweepResult:
    scanned: int = 0
    removed: int = 0


def referencing_columns() -> list[Column]:
    return [table.c[KEY_COLUMN] for table in db.metadata.sorted_tables if KEY_COLUMN in table.c]


def _pages(objects, size: int):
    iterator = iter(objects)
    while page := list(islice(iterator, size)):
        yield page


def referenced(keys: set[str]) -> set[str]:
    """Those of `keys` some row names (one query per referencing table for a page of keys)."""
    found: set[str] = set()
    for column in referencing_columns():
        found.update(db.session.scalars(select(column).where(column.in_(keys))))
    return found


def sweep_orphans(now: datetime | None = None, grace: timedelta | None = None) -> SweepResult:
    """Removes every object older than `grace` (STORAGE_ORPHAN_GRACE_HOURS) that no row names."""
    storage = get_storage()
    if grace is None:
        grace = timedelta(hours=float(current_app.config.get("STORAGE_ORPHAN_GRACE_HOURS", 24)))
    cutoff = (now or datetime.now(UTC)) - grace
    result = SweepResult()
    page: list[ObjectInfo]
    for page in _pages(storage.list(), PAGE):
        result.scanned += len(page)
        old = {item.key for item in page if item.modified < cutoff}
        if not old:
            continue
        for key in sorted(old - referenced(old)):
            storage.delete(key)
            result.removed += 1
            log.info("orphan object removed", extra={"storage_key": key})
        db.session.rollback()  # a page's reads end here: no transaction stays open while the store is listed
    return result


@shared_task(base=AppTask, name="housekeeping.sweep_orphan_objects", ignore_result=True)
def sweep_orphan_objects() -> None:
    result = sweep_orphans()
    log.info("orphan objects swept", extra={"scanned": result.scanned, "removed": result.removed})


SCHEDULE = {
    # Hourly, away from the export purge (minute 15): orphans are rare, and a day's grace makes the hour moot.
    "sweep-orphan-objects": {
        "task": "housekeeping.sweep_orphan_objects",
        "schedule": crontab(minute=45),
    },
}
