"""Payments' periodic job (issue 25): pending payments whose notification is late are looked up with the provider
every minute, not only when the applicant polls (decision 0065, "reconciliation")."""

from __future__ import annotations

import logging

from celery import shared_task

from ..jobs.celery_app import AppTask
from . import card_payments

log = logging.getLogger(__name__)


@shared_task(base=AppTask, name="payments.reconcile_pending", ignore_result=True)
def reconcile_pending() -> None:
    counts = card_payments.reconcile_pending()
    if counts["asked"] or counts["unavailable"]:
        log.info("pending payments reconciled", extra=counts)


SCHEDULE = {
    # A notification is normally seconds late at most; PAYMENT_RECONCILE_SECONDS (30) decides who is asked,
    # PAYMENT_RECONCILE_INTERVAL_SECONDS (60) how often the beat asks.
    "payments-reconcile-pending": {
        "task": "payments.reconcile_pending",
        "schedule": "PAYMENT_RECONCILE_INTERVAL_SECONDS",
    },
}
