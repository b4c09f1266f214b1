"""Dormitory jobs (issue 13; decision 0067): a periodic job ends unpaid holds after BOOKING_HOLD_HOURS and
unanswered waitlist offers after DORM_OFFER_HOURS, and passes the freed places to the waitlists
(`flask --app server dorm-expire` runs the same once); the swap-request mail goes out from its own job."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task

from ..jobs.celery_app import AppTask
from .bookings import expire_due
from .transfers import notify_swap_target

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="dorm.expire_holds", ignore_result=True)
def expire_holds() -> None:
    counts = expire_due()
    log.info("dormitory holds processed", extra=counts)


@shared_task(base=AppTask, name="dorm.swap_request_notice", ignore_result=True)
def swap_request_notice(request_id: int) -> None:
    """Every swap request queues this after its commit, resident or not: the answer never waits for the mail."""
    notify_swap_target(request_id)


SCHEDULE = {
    # Unpaid holds and unanswered waitlist offers end within five minutes of their deadline.
    "dorm-expire-holds": {
        "task": "dorm.expire_holds",
        "schedule": timedelta(minutes=5),
    },
}
