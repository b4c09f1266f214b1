"""Ten identical pay notifications at once (PostgreSQL; decision 0065): one payment, one transition. Each thread
has its own app context, session and connection; they are released together through a barrier."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from server import create_app
from server.extensions import db as _db
from server.models import ApplicationEvent
from server.models.payment import Payment

from ..conftest import make_config
from .payments_support import citizen_at_payment_step, fields_for, notify, start

THREADS = 10


@pytest.fixture
def wide_app(instance_dir, database_url, db):
    if not database_url.startswith("postgresql"):
        pytest.skip("PostgreSQL only: SQLite lets one writer in at a time (the sequential replay test covers it)")
    app = create_app(
        make_config(
            instance_dir,
            database_url,
            SQLALCHEMY_ENGINE_OPTIONS={"pool_size": THREADS + 2, "max_overflow": 0, "hide_parameters": True},
        )
    )
    yield app
    with app.app_context():
        _db.engine.dispose()


def _race(app, send) -> list:
    ready = threading.Barrier(THREADS)
    answers, lock = [], threading.Lock()

    def attempt():
        client = app.test_client()
        with app.app_context():
            ready.wait(timeout=30)
            try:
                response = send(client)
                outcome = (response.status_code, response.get_json())
            except Exception as unexpected:  # reported by the assertion
                outcome = repr(unexpected)
        with lock:
            answers.append(outcome)

    threads = [threading.Thread(target=attempt) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


@pytest.mark.parametrize("second_charge", [False, True])
def test_ten_identical_notifications_at_once_make_one_payment_and_one_transition(
    client, db, factories, wide_app, second_charge
):
    user, application, headers = citizen_at_payment_step(factories)
    pid = start(client, headers, application.id).get_json()["payment"]["id"]
    if second_charge:  # the invoice is paid already: ten copies of another charge make one flagged record
        assert notify(client, "pay", fields_for(pid, user.id, TransactionId="tx-first")).get_json() == {"code": 0}
    fields = fields_for(pid, user.id, TransactionId="tx-race")

    answers = _race(wide_app, lambda c: notify(c, "pay", fields))

    assert answers == [(200, {"code": 0})] * THREADS, answers
    db.session.expire_all()
    events = db.session.scalars(select(ApplicationEvent).where(ApplicationEvent.application_id == application.id)).all()
    assert [e.transition for e in events] == ["pay"]
    payments = db.session.scalars(select(Payment).order_by(Payment.id)).all()
    if second_charge:
        assert [(p.provider_transaction_id, p.flagged) for p in payments] == [("tx-first", False), ("tx-race", True)]
    else:
        assert [(p.provider_transaction_id, p.status, p.flagged) for p in payments] == [("tx-race", "paid", False)]


def test_ten_different_charges_at_once_apply_once(client, db, factories, wide_app):
    user, application, headers = citizen_at_payment_step(factories)
    pid = start(client, headers, application.id).get_json()["payment"]["id"]
    user_id = user.id
    counter = iter(range(THREADS))
    lock = threading.Lock()

    def send(c):
        with lock:
            n = next(counter)
        return notify(c, "pay", fields_for(pid, user_id, TransactionId=f"tx-{n}"))

    answers = _race(wide_app, send)
    assert answers == [(200, {"code": 0})] * THREADS, answers
    db.session.expire_all()
    payments = db.session.scalars(select(Payment)).all()
    assert len(payments) == THREADS and sum(not p.flagged for p in payments) == 1
    events = db.session.scalars(select(ApplicationEvent).where(ApplicationEvent.application_id == application.id)).all()
    assert len(events) == 1
