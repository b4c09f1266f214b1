"""The grant list's after-commit job (issue 23, decision 0086): once a year's list is applied, every application of
that year waiting for the scholarship result (step 6) takes grant_result at once, instead of when its applicant next
opens the waiting page. The same path as the applicant's own check (holders.record_result: the state machine, the
IIN lock, one award per IIN), one application at a time, each in its own transaction."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.schedules import crontab
from sqlalchemy import select

from ..errors import Conflict
from ..extensions import db
from ..jobs.celery_app import AppTask
from ..models import Application, Term
from ..models.application import STATUS_ARCHIVED, STEP_PHYSICAL_DOCUMENTS
from . import dao
from . import holders as holders_service
from . import imports as imports_service

log = logging.getLogger(__name__)


def waiting_application_ids(year: int) -> list[int]:
    return list(
        db.session.scalars(
            select(Application.id)
            .join(Term, Term.id == Application.term_id)
            .where(
                Term.year == year,
                Application.current_step == STEP_PHYSICAL_DOCUMENTS,
                (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
            )
            .order_by(Application.id)
        )
    )


def record_results(year: int) -> dict:
    counts = {"checked": 0, "skipped": 0, "held": 0}
    if not dao.list_published(year):
        return counts  # undone meanwhile: nothing to decide on
    for application_id in waiting_application_ids(year):
        application = db.session.get(Application, application_id)
        iin = holders_service.applicant_iin(application) if application is not None else None
        if iin is None:
            counts["skipped"] += 1  # no bureau-confirmed IIN yet: its own check decides later
            continue
        try:
            holders_service.record_result(application, iin, awarded=dao.holder(year, iin) is not None)
        except Conflict:
            counts["held"] += 1  # the IIN's award is recorded on another application (logged by record_result)
            continue
        counts["checked"] += 1
    return counts


@shared_task(base=AppTask, name="gov_grants.record_results", ignore_result=True)
def record_results_task(year: int) -> None:
    counts = record_results(year)
    log.info("scholarship results recorded after a list import", extra={"year": year, **counts})


@shared_task(base=AppTask, name="gov_grants.sweep_stale_previews", ignore_result=True)
def sweep_stale_previews() -> None:
    removed = imports_service.sweep_stale_previews()
    if removed:
        log.info("stale grant list previews removed", extra={"removed": removed})


SCHEDULE = {
    # Daily, at night (UTC): previews are days old before they go, the hour does not matter.
    "gov-grants-sweep-stale-previews": {
        "task": "gov_grants.sweep_stale_previews",
        "schedule": crontab(hour=2, minute=40),
    },
}
