"""Benchmark: dormitory bookings under contention (issue 13; decision 0067).

1. 200 concurrent clients (threads released together, each through the Flask test client and its own pooled
   connection) book 50 places across 10 rooms: checks exactly 50 bookings and no 5xx; prints the p50/p95 of the
   booking call and the throughput as a ratio to one client booking the same 50 places one after another.
2. GET /users/halls with 20 halls × 2,000 rooms: the number of SQL statements (bounded: the same as with 1 room)
   and its time.

    .venv/bin/python scripts/bench/dorm_booking.py [--clients 200] [--rooms-per-hall 2000] [--database-url postgresql://...]

Meant for PostgreSQL (BENCH_DATABASE_URL or --database-url; its own database is created and dropped). On SQLite the
bookings serialise on the single write lock; the numbers are printed all the same.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from _support import bench_database, quiet_app  # noqa: E402  (scripts/bench/_support.py, next to this script)

ROOMS = 10
CAPACITY = 5  # 10 rooms × 5 = 50 places


def seed_structure(db, halls: int, rooms_per_hall: int, capacity: int):
    """halls × (1 building, 1 floor, 1 section, rooms_per_hall rooms of one room type); returns (hall ids, type id)."""
    from server.models import Building, Floor, Hall, RoomType, Section, SectionRoom

    room_type = RoomType(name=f"Bench {secrets.token_hex(2)}", capacity=capacity, price=50000)
    db.session.add(room_type)
    db.session.flush()
    hall_ids = []
    for h in range(halls):
        hall = Hall(name=f"Hall {h}")
        db.session.add(hall)
        db.session.flush()
        building = Building(name="A", hall_id=hall.id)
        db.session.add(building)
        db.session.flush()
        floor = Floor(name="1", building_id=building.id)
        db.session.add(floor)
        db.session.flush()
        section = Section(name="1", floor_id=floor.id)
        db.session.add(section)
        db.session.flush()
        db.session.execute(
            SectionRoom.__table__.insert(),
            [
                {
                    "name": str(i),
                    "order": i,
                    "section_id": section.id,
                    "room_type_id": room_type.id,
                    "external_reserved_places": 0,
                    "gender_from_booking": False,
                }
                for i in range(rooms_per_hall)
            ],
        )
        hall_ids.append(hall.id)
    db.session.commit()
    return hall_ids, room_type.id


def seed_applicants(db, count: int, prefix: str) -> list[str]:
    """`count` accepted foreign applicants needing a place (male); returns their Bearer tokens."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import select

    from server.accounts.auth import start_session
    from server.applications import summary as application_summary
    from server.models import Application, Citizenship, Gender, StudyProgram, Term, User, UserData

    male = db.session.scalar(select(Gender).where(Gender.code == "male"))
    if male is None:
        db.session.add(Gender(code="male", name_ru="Мужской", name_en="Male", name_kk="Ер"))
    citizenship = Citizenship(code=f"X{prefix[:5]}", name_ru="Страна", name_en="Country", name_kk="Ел")
    program = StudyProgram(code=f"p{prefix}", degree="bachelor", kind="regular_bachelors", name_ru="П", name_en="P")
    now = datetime.now(UTC)
    term = Term(
        year=3000 + len(prefix), name=prefix, opens_at=now - timedelta(days=1), closes_at=now + timedelta(days=1)
    )
    db.session.add_all([citizenship, program, term])
    db.session.flush()
    tokens = []
    for i in range(count):
        user = User(
            email=f"{prefix}{i}@bench.local", password_hash="x", is_verified=True, citizenship_id=citizenship.id
        )
        db.session.add(user)
        db.session.flush()
        application = Application(
            user_id=user.id, term_id=term.id, study_program_id=program.id, current_step=4, status=1, financing="paid"
        )
        db.session.add(application)
        db.session.flush()
        answers = {"fillStepMainInfo": {"gender": 1}, "fillStepAdditionalInfo": {"need_dorm": "Да"}}
        for form_key, data in answers.items():
            db.session.add(
                UserData(user_id=user.id, application_id=application.id, term_id=term.id, type=form_key, data=data)
            )
        application_summary.refresh(application, answers, user)
        tokens.append(start_session(user))
    db.session.commit()
    return tokens


def book_all(app, tokens: list[str], hall_id: int, room_type_id: int, concurrent: bool):
    """Each token books once; returns (status codes, latencies in seconds, wall time)."""
    body = {"hall_id": hall_id, "room_type_id": room_type_id}
    statuses: list[int] = []
    latencies: list[float] = []
    lock = threading.Lock()

    def one(token: str, barrier=None):
        client = app.test_client()
        if barrier is not None:
            barrier.wait(timeout=120)
        started = time.perf_counter()
        response = client.post("/api/v1/users/create-booking", json=body, headers={"Authorization": f"Bearer {token}"})
        elapsed = time.perf_counter() - started
        with lock:
            statuses.append(response.status_code)
            latencies.append(elapsed)

    started = time.perf_counter()
    if concurrent:
        barrier = threading.Barrier(len(tokens))
        threads = [threading.Thread(target=one, args=(token, barrier)) for token in tokens]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
    else:
        for token in tokens:
            one(token)
    return statuses, latencies, time.perf_counter() - started


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) >= 20 else max(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--halls", type=int, default=20)
    parser.add_argument("--rooms-per-hall", type=int, default=2000)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()
    _, database_url, drop = bench_database(args.database_url)

    from sqlalchemy import event

    from server.extensions import db

    app = quiet_app(database_url, SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 40, "max_overflow": 0, "pool_timeout": 300})
    places = ROOMS * CAPACITY
    try:
        with app.app_context():
            db.create_all()
            # single client: one applicant after another takes the 50 places of their own hall
            [single_hall], single_type = seed_structure(db, 1, ROOMS, CAPACITY)
            single_tokens = seed_applicants(db, places, "single")
            [race_hall], race_type = seed_structure(db, 1, ROOMS, CAPACITY)
            race_tokens = seed_applicants(db, args.clients, "race")
        s_status, s_lat, s_wall = book_all(app, single_tokens, single_hall, single_type, concurrent=False)
        assert s_status.count(200) == places, s_status
        c_status, c_lat, c_wall = book_all(app, race_tokens, race_hall, race_type, concurrent=True)
        ok = c_status.count(200)
        server_errors = sum(1 for s in c_status if s >= 500)
        with app.app_context():
            from server.models import DormBooking

            booked = db.session.query(DormBooking).filter(DormBooking.hall_id == race_hall).count()
        single_rps = places / s_wall
        race_rps = len(c_status) / c_wall
        print(f"database: {urlsplit(database_url).scheme}; {ROOMS} rooms × {CAPACITY} = {places} places")
        print(
            f"single client: {places} bookings in {s_wall:.2f} s = {single_rps:.1f} bookings/s, "
            f"p95 {p95(s_lat) * 1000:.0f} ms"
        )
        print(
            f"{args.clients} concurrent clients: {ok} booked (in the database: {booked}), "
            f"{c_status.count(409)} × 409 no places, {server_errors} × 5xx; "
            f"p50 {statistics.median(c_lat) * 1000:.0f} ms, p95 {p95(c_lat) * 1000:.0f} ms; {race_rps:.1f} calls/s"
        )
        print(f"throughput ratio (concurrent calls/s ÷ single-client bookings/s): {race_rps / single_rps:.2f}")
        assert ok == booked == places and server_errors == 0, (ok, booked, server_errors)

        # GET /users/halls: bounded statements however many halls and rooms
        with app.app_context():
            seed_structure(db, args.halls, args.rooms_per_hall, 2)
        statements: list[str] = []

        def count(*_args):
            statements.append("x")

        client = app.test_client()
        headers = {"Authorization": f"Bearer {race_tokens[-1]}"}
        with app.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        started = time.perf_counter()
        response = client.get("/api/v1/users/halls", headers=headers)
        elapsed = time.perf_counter() - started
        event.remove(engine, "before_cursor_execute", count)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        halls = len(response.get_json()["list"])
        print(
            f"/users/halls with {args.halls} × {args.rooms_per_hall} rooms (+ {halls - args.halls} others): "
            f"{len(statements)} SQL statements, {elapsed * 1000:.0f} ms"
        )
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
