"""No overbooking, ever (issue 13): many applicants booking the last places at the same moment get exactly as many
bookings as there are places, the others a localized 409 dorm.no_places. Each thread has its own app context,
session and connection to the live PostgreSQL database and goes through the HTTP view."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from server import create_app
from server.extensions import db as _db
from server.extensions import limiter
from server.models import DormBooking

from ..conftest import make_config
from .dorm_support import active_bookings, applicant, genders, hall_with_rooms

THREADS = 40


@pytest.fixture
def wide_app(instance_dir, database_url, db):
    """PostgreSQL: row locks under real overlap. SQLite (the single-machine default) runs the same race: there the
    booking's first statement takes the database's write lock, so the others queue behind it (busy_timeout).

    Flask-Limiter is one object for every app of the process and takes RATELIMIT_ENABLED from the last init_app:
    the session app's limits are switched back on afterwards, or every rate-limit test run later would pass."""
    enabled = limiter.enabled
    app = create_app(
        make_config(
            instance_dir,
            database_url,
            RATELIMIT_ENABLED=False,
            SQLALCHEMY_ENGINE_OPTIONS={"pool_size": THREADS + 2, "max_overflow": 0, "hide_parameters": True},
        )
    )
    limiter.enabled = enabled
    yield app
    with app.app_context():
        _db.engine.dispose()


def _race(app, requests: list[tuple[dict, dict]]) -> list:
    ready = threading.Barrier(len(requests))
    outcomes: list = []
    lock = threading.Lock()

    def attempt(headers, body):
        client = app.test_client()
        try:
            ready.wait(timeout=60)
            response = client.post("/api/v1/users/create-booking", json=body, headers=headers)
            outcome = (response.status_code, (response.get_json() or {}).get("message_key"))
        except Exception as unexpected:  # reported by the assertion below
            outcome = repr(unexpected)
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=attempt, args=args) for args in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    return outcomes


def test_many_applicants_booking_the_last_two_places_get_exactly_two(wide_app, factories, db):
    threads = THREADS if db.engine.dialect.name == "postgresql" else 8
    genders(factories)
    hall, room_type, rooms = hall_with_rooms(factories, rooms=2, capacity=2)
    # two of the four beds are taken already: the last two are raced for
    for _ in range(2):
        user = applicant(factories)
        from server.dorm import bookings as dorm_bookings

        dorm_bookings.create_booking(user, hall.id, room_type.id)
    users = [applicant(factories) for _ in range(threads)]
    body = {"hall_id": hall.id, "room_type_id": room_type.id}
    outcomes = _race(wide_app, [(factories.auth_headers(u), body) for u in users])
    assert sorted(outcomes, key=str).count((200, None)) == 2, outcomes
    assert all(o == (200, None) or o == (409, "dorm.no_places") for o in outcomes), outcomes
    assert len(active_bookings(db)) == 4
    per_room = {r.id: len(active_bookings(db, r.id)) for r in rooms}
    assert per_room == {rooms[0].id: 2, rooms[1].id: 2}


def test_a_double_submitted_booking_makes_one_booking(wide_app, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=5, capacity=2)
    user = applicant(factories)
    headers = factories.auth_headers(user)
    body = {"hall_id": hall.id, "room_type_id": room_type.id}
    outcomes = _race(wide_app, [(headers, body)] * 10)
    assert all(o == (200, None) for o in outcomes), outcomes
    db.session.expire_all()
    rows = db.session.scalars(select(DormBooking).where(DormBooking.user_id == user.id)).all()
    assert len(rows) == 1 and rows[0].status == "held"
