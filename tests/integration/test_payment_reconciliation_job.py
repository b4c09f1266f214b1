"""Payment reconciliation as a periodic job (issue 25; README "Payments"): a pending payment whose notification was
lost is settled by the beat job `payments.reconcile_pending` asking the provider's API (a real HTTP server standing
in for CloudPayments), without the applicant polling again. A provider that does not answer changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from server.models import Application
from server.models.base import utcnow
from server.models.payment import Payment

from ..helpers import assert_ok
from .payments_support import citizen_at_payment_step, fields_for, start, start_fake_cloudpayments

_KEYS = (
    "PAYMENT_PROVIDER",
    "CLOUDPAYMENTS_PUBLIC_ID",
    "CLOUDPAYMENTS_API_SECRET",
    "CLOUDPAYMENTS_API_URL",
    "PAYMENT_TIMEOUT_SECONDS",
    "PAYMENT_RECONCILE_SECONDS",
)


@pytest.fixture
def cloudpayments(app, db):
    server, fake = start_fake_cloudpayments()
    saved = {key: app.config.get(key) for key in _KEYS}
    app.config.update(
        PAYMENT_PROVIDER="cloudpayments",
        CLOUDPAYMENTS_PUBLIC_ID="pk_test_public",
        CLOUDPAYMENTS_API_SECRET="cp-api-secret",
        CLOUDPAYMENTS_API_URL=fake.url,
        PAYMENT_TIMEOUT_SECONDS=0.5,
        PAYMENT_RECONCILE_SECONDS=30,
    )
    try:
        yield fake
    finally:
        app.config.update(saved)
        server.shutdown()
        server.server_close()


def _run_job(app):
    app.extensions["celery"].tasks["payments.reconcile_pending"]()


def _payment(db, payment_id) -> Payment:
    db.session.expire_all()
    return db.session.get(Payment, payment_id)


def _waited(db, payment_id, seconds):
    payment = _payment(db, payment_id)
    payment.updated_at = utcnow() - timedelta(seconds=seconds)
    db.session.commit()


def test_the_job_is_on_the_beat_schedule(app):
    entry = app.extensions["celery"].conf.beat_schedule["payments-reconcile-pending"]
    assert entry["task"] == "payments.reconcile_pending" and entry["schedule"] <= timedelta(minutes=5)


def test_a_lost_notification_is_settled_by_the_periodic_job(app, client, db, factories, cloudpayments):
    user, application, headers = citizen_at_payment_step(factories)
    pid = assert_ok(start(client, headers, application.id))["payment"]["id"]
    # Another applicant's payment, started a moment ago: not yet due for a question.
    other_user, other_application, other_headers = citizen_at_payment_step(factories)
    other_pid = assert_ok(start(client, other_headers, other_application.id))["payment"]["id"]

    _run_job(app)
    assert cloudpayments.calls == []  # nobody waited PAYMENT_RECONCILE_SECONDS yet

    # The provider charged the card, but its Pay notification never arrived.
    _waited(db, pid, 31)
    cloudpayments.mode = "error500"
    _run_job(app)
    assert _payment(db, pid).status == "pending"  # the provider failing changes nothing
    assert [call["body"] for call in cloudpayments.calls] == [{"InvoiceId": str(pid)}]

    cloudpayments.mode = "completed"
    cloudpayments.model = {**fields_for(pid, user.id, TransactionId="cp-lost-notification"), "Amount": 10000}
    _run_job(app)  # no poll from the applicant in between

    payment = _payment(db, pid)
    assert payment.status == "paid" and payment.provider_transaction_id == "cp-lost-notification"
    assert db.session.get(Application, application.id).current_step == 3
    assert _payment(db, other_pid).status == "pending"
    assert {call["body"]["InvoiceId"] for call in cloudpayments.calls} == {str(pid)}

    asked = len(cloudpayments.calls)
    _run_job(app)  # settled: never asked again, and nothing is applied twice
    assert len(cloudpayments.calls) == asked
    assert len(db.session.scalars(select(Payment).where(Payment.status == "paid")).all()) == 1


def test_a_payment_the_provider_does_not_know_waits_another_interval(app, client, db, factories, cloudpayments):
    user, application, headers = citizen_at_payment_step(factories)
    pid = assert_ok(start(client, headers, application.id))["payment"]["id"]
    _waited(db, pid, 31)
    cloudpayments.mode = "not_found"
    _run_job(app)
    _run_job(app)
    assert len(cloudpayments.calls) == 1  # asked once; the next question waits PAYMENT_RECONCILE_SECONDS
    assert _payment(db, pid).status == "pending"


def test_the_sandbox_is_never_asked(app, client, db, factories):
    user, application, headers = citizen_at_payment_step(factories)
    pid = assert_ok(start(client, headers, application.id))["payment"]["id"]
    _waited(db, pid, 3600)
    _run_job(app)
    assert _payment(db, pid).status == "pending"
