"""Concurrent duplicates advance an application once (decision 0060): 20 threads, each with its own app context,
session and connection to the live PostgreSQL database, fire the same transition at the same moment."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from server import create_app
from server.applications.workflow import Actor, transition
from server.errors import ApiError
from server.extensions import db as _db
from server.models import ROLE_FOREIGN_ADMIN, Application, ApplicationEvent, User

from ..conftest import make_config

THREADS = 20


@pytest.fixture
def wide_app(instance_dir, database_url, db):
    """A second app on the same database whose pool holds a connection for every thread at once (the default
    pool of 5 + 10 would queue some of them behind the others and blunt the race)."""
    if not database_url.startswith("postgresql"):
        pytest.skip(
            "PostgreSQL only: SQLite has no row locks and lets one writer in at a time, so transactions never "
            "overlap the way they do on PostgreSQL; there the version check alone refuses a stale write "
            "(test_workflow_transitions.py::test_a_stale_version_is_refused_and_writes_nothing)"
        )
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


def _race(app, application_id: int, name: str, actor_for, **kwargs) -> list:
    """Runs `name` in THREADS threads released together; returns each thread's outcome ("ok" or an HTTP status)."""
    ready = threading.Barrier(THREADS)
    outcomes: list = []
    lock = threading.Lock()

    def attempt():
        with app.app_context():
            try:
                application = _db.session.get(Application, application_id)
                actor = actor_for(_db.session)
                ready.wait(timeout=30)
                try:
                    transition(application, name, actor=actor, **kwargs)
                    _db.session.commit()
                    outcome = "ok"
                except ApiError as refusal:
                    _db.session.rollback()
                    outcome = refusal.status
            except Exception as unexpected:  # reported, never swallowed: the assertion below shows it
                _db.session.rollback()
                outcome = repr(unexpected)
            finally:
                _db.session.remove()
            with lock:
                outcomes.append(outcome)

    threads = [threading.Thread(target=attempt) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


def _trail(db, application_id):
    db.session.expire_all()
    events = db.session.scalars(select(ApplicationEvent).where(ApplicationEvent.application_id == application_id))
    return db.session.get(Application, application_id), events.all()


def test_twenty_concurrent_applicants_read_the_instruction_once(wide_app, db, factories):
    user = factories.applicant(kz=True)
    factories.bureau_data(user)  # a citizen moves only once the credit bureau confirmed them (issue 22)
    application = factories.application(user=user, current_step=1)
    owner_id = application.user_id

    outcomes = _race(wide_app, application.id, "read_instruction", lambda s: Actor.applicant(s.get(User, owner_id)))

    assert sorted(outcomes, key=str) == sorted(["ok"] + [409] * (THREADS - 1), key=str), outcomes
    row, events = _trail(db, application.id)
    assert row.current_step == 2 and row.version == 2
    assert [(e.transition, e.from_step, e.to_step) for e in events] == [("read_instruction", 1, 2)]


def test_twenty_concurrent_admin_clicks_accept_once(wide_app, db, factories):
    application = factories.application(user=factories.applicant(), current_step=4, status=0)
    admin_id = factories.admin(role=ROLE_FOREIGN_ADMIN).id

    outcomes = _race(wide_app, application.id, "accept", lambda s: Actor.admin(s.get(User, admin_id)))

    assert outcomes.count("ok") == 1 and outcomes.count(409) == THREADS - 1, outcomes
    row, events = _trail(db, application.id)
    assert row.status == 1 and row.version == 2
    assert [(e.transition, e.from_status, e.to_status, e.actor_user_id) for e in events] == [("accept", 0, 1, admin_id)]
