"""Property test (issue 22, finding 6; decision 0067 "Invariants"): whatever order staff edits, bookings, payments,
waitlist offers, transfers, suborganization placements and expiries come in, every room keeps its rules after every
step:

- portal bookings ≤ capacity − reserved places, 0 ≤ reserved ≤ capacity;
- suborganization blocks ≤ reserved places, each organisation's people ≤ its block (so nobody sleeps on the floor);
- every occupant has the room's gender and room type.

Hypothesis drives a state machine over one hall (two room types, four rooms), eight applicants and a suborganization
of three; every writer goes through the HTTP API (/universal, the staff and applicant endpoints) except the payment
confirmation and the expiry job, which are called as the payments module and the beat call them. No step may answer
5xx. The rules are checked with their own SQL, not with the code under test.

Runs on PostgreSQL (the deferred triggers are there too: a rule the service layer missed would surface as a 5xx)
and on SQLite (the service layer alone). Bounded and derandomized for `make test`; DORM_PROPERTY_EXAMPLES and
DORM_PROPERTY_STEPS raise the effort for a longer local run.
"""

from __future__ import annotations

import io
import os
from collections import Counter, defaultdict
from datetime import timedelta

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from openpyxl import Workbook
from sqlalchemy import select, text, update

from server.dorm import bookings as dorm_bookings
from server.errors import ApiError
from server.extensions import limiter
from server.models import DormBooking, RoomType, Section, SectionRoom, SuborganizationBlock, SuborganizationMember
from server.models.base import utcnow
from server.models.dorm_booking import ACTIVE_BOOKING_STATUSES

from .dorm_support import applicant, genders, hall_with_rooms

API = "/api/v1"
EXAMPLES = int(os.environ.get("DORM_PROPERTY_EXAMPLES", "12"))
STEPS = int(os.environ.get("DORM_PROPERTY_STEPS", "30"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    derandomize=True,  # the same examples on every run of `make test`
    database=None,  # no .hypothesis/ folder in the working tree
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    # Shrinking a failing run of HTTP calls takes minutes: the unshrunk steps are printed; DORM_PROPERTY_SHRINK=1
    # asks for the smallest one.
    phases=tuple(Phase) if os.environ.get("DORM_PROPERTY_SHRINK") else (Phase.explicit, Phase.generate),
)
APPLICANTS = ("male", "male", "male", "male", "male", "female", "female", "female")
MEMBERS = ("male", "male", "female")
ROOMS = 4
GENDER_CHOICES = ("male", "female", None)
CHANGES = st.one_of(
    st.tuples(st.just("external_reserved_places"), st.integers(0, 3)),
    st.tuples(st.just("assigned_gender_id"), st.sampled_from(GENDER_CHOICES)),
    st.tuples(st.just("room_type_id"), st.sampled_from("AB")),
)
who = st.integers(0, len(APPLICANTS) - 1)
room_index = st.integers(0, ROOMS - 1)
type_key = st.sampled_from("AB")


class World:
    """Built once per test: the hall, rooms, people and staff; `reset` empties the dormitory for each example."""

    def __init__(self, client, factories, db):
        self.client, self.factories, self.db = client, factories, db
        self.genders = {code: g.id for code, g in genders(factories).items()}
        self.hall, type_a, rooms = hall_with_rooms(factories, rooms=2, capacity=2)
        type_b = factories.room_type(name="Трёхместная", capacity=3)
        section = db.session.get(Section, rooms[0].section_id)
        rooms += [factories.section_room(section, type_b, order=10 + i) for i in range(2)]
        self.types = {"A": type_a.id, "B": type_b.id}
        self.capacities = {type_a.id: 2, type_b.id: 3}
        self.rooms = [room.id for room in rooms]
        self.room_types = {room.id: room.room_type_id for room in rooms}
        self.people = [applicant(factories, gender=g, email=f"p{i}@example.com") for i, g in enumerate(APPLICANTS)]
        self.headers = [factories.auth_headers(user) for user in self.people]
        self.emails = [user.email for user in self.people]
        admin = factories.admin()
        self.staff = factories.auth_headers(admin)
        self.org_id, self.members = self._suborganization()

    def _suborganization(self):
        workbook = Workbook()
        sheet = workbook.active
        sheet.append(["last_name", "first_name", "middle_name", "email", "phone", "gender"])
        for i, gender in enumerate(MEMBERS):
            sheet.append([f"Член{i}", "Имя", "", f"m{i}@example.com", "", gender])
        buffer = io.BytesIO()
        workbook.save(buffer)
        buffer.seek(0)
        response = self.client.post(
            f"{API}/admin/upload-users",
            data={"suborganization_code": "team", "suborganization_name": "Сборная", "file": (buffer, "m.xlsx")},
            headers=self.staff,
            content_type="multipart/form-data",
        )
        assert response.status_code == 200, response.get_json()
        members = list(self.db.session.scalars(select(SuborganizationMember.id).order_by(SuborganizationMember.id)))
        return response.get_json()["suborganization_id"], members

    def reset(self) -> None:
        session = self.db.session
        session.rollback()
        for table in (
            "dorm_booking_events",
            "dorm_swap_notices",
            "dorm_transfer_requests",
            "dorm_waitlist",
            "dorm_bookings",
            "suborganization_blocks",
        ):
            session.execute(text(f"DELETE FROM {table}"))  # noqa: S608 (fixed table names)
        for room_id, type_id in self.room_types.items():
            session.execute(
                update(SectionRoom)
                .where(SectionRoom.id == room_id)
                .values(
                    room_type_id=type_id, external_reserved_places=0, assigned_gender_id=None, gender_from_booking=False
                )
            )
        for type_id, capacity in self.capacities.items():
            session.execute(update(RoomType).where(RoomType.id == type_id).values(capacity=capacity))
        session.commit()
        session.expire_all()
        limiter.reset()

    def post(self, path: str, body: dict, headers: dict, allowed: tuple[int, ...]):
        response = self.client.post(f"{API}{path}", json=body, headers=headers)
        assert response.status_code < 500, (path, body, response.get_data(as_text=True)[:300])
        assert response.status_code in allowed, (path, body, response.status_code, response.get_json())
        self.db.session.rollback()  # the next read sees what the request committed
        return response

    def booking_of(self, index: int) -> DormBooking | None:
        self.db.session.expire_all()
        booking = self.db.session.scalar(select(DormBooking).where(DormBooking.active_user_id == self.people[index].id))
        self.db.session.rollback()
        return booking

    def member_booking(self, member_id: int) -> DormBooking | None:
        self.db.session.expire_all()
        booking = self.db.session.scalar(select(DormBooking).where(DormBooking.active_member_id == member_id))
        self.db.session.rollback()
        return booking


WORLD: World | None = None


class Dormitory(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.world = WORLD
        self.world.reset()

    @initialize(
        placed=st.lists(st.tuples(who, type_key, st.booleans()), min_size=2, max_size=len(APPLICANTS)),
        block=st.tuples(room_index, st.integers(0, 2)),
    )
    def some_are_in_already(self, placed, block):
        """Examples start from a dormitory with people in it (residents, holds) and maybe a suborganization's
        places, so the staff edits below meet occupied rooms."""
        room, places = block
        if places:
            self.edit_room(room, ("external_reserved_places", places))
            self.set_block(room, places)
            self.assign(list(range(len(MEMBERS))))
        for person, kind, paid in placed:
            self.book(person, kind, False)
            if paid:
                self.pay(person)

    # -------------------------------------------------------------------------------------------- applicants

    @rule(person=who, kind=type_key, wait=st.booleans())
    def book(self, person, kind, wait):
        w = self.world
        body = {"hall_id": w.hall.id, "room_type_id": w.types[kind], "join_waitlist": wait}
        w.post("/users/create-booking", body, w.headers[person], (200, 409))

    @rule(person=who)
    def pay(self, person):
        booking = self.world.booking_of(person)
        if booking is None or booking.status != "held":
            return
        try:
            dorm_bookings.confirm_booking_paid(booking.id, f"ref-{booking.id}-{utcnow().timestamp()}")
        except ApiError as refused:
            assert refused.status == 409, refused.key
        self.world.db.session.rollback()

    @rule(person=who)
    def cancel(self, person):
        w = self.world
        booking = w.booking_of(person)
        if booking is not None:
            body = {"action": "cancel", "booking_id": booking.id}
            w.post("/users/update-booking", body, w.headers[person], (200, 404, 409))

    @rule(person=who, kind=type_key)
    def change_room_type(self, person, kind):
        w = self.world
        booking = w.booking_of(person)
        if booking is not None:
            body = {"action": "change_room_type", "booking_id": booking.id, "hall_id": w.hall.id}
            body["room_type_id"] = w.types[kind]
            w.post("/users/update-booking", body, w.headers[person], (200, 404, 409, 422))

    @rule(person=who)
    def accept_offer(self, person):
        w = self.world
        booking = w.booking_of(person)
        if booking is not None and booking.status == "offered":
            body = {"action": "accept_offer", "booking_id": booking.id}
            w.post("/users/update-booking", body, w.headers[person], (200, 409))

    @rule(person=who)
    def expire(self, person):
        """The person's hold or offer runs out, then the beat's job runs (frees it, offers places to the waitlist)."""
        w = self.world
        booking = w.booking_of(person)
        if booking is not None and booking.status in ("held", "offered"):
            w.db.session.execute(
                update(DormBooking)
                .where(DormBooking.id == booking.id)
                .values(hold_expires_at=utcnow() - timedelta(minutes=1))
            )
            w.db.session.commit()
        dorm_bookings.expire_due()
        w.db.session.rollback()

    # -------------------------------------------------------------------------------------------- transfers

    def _decide(self, response):
        w = self.world
        if response.status_code != 200:
            return
        request_id = response.get_json()["item"]["id"]
        decided = w.post("/admin/update-room-transfer", {"id": request_id, "action": "approve"}, w.staff, (200, 409))
        if decided.status_code != 200:
            body = {"id": request_id, "action": "reject", "reason": "нет мест"}
            w.post("/admin/update-room-transfer", body, w.staff, (200, 409))

    @rule(person=who, kind=type_key)
    def transfer_move(self, person, kind):
        w = self.world
        body = {"kind": "move", "hall_id": w.hall.id, "room_type_id": w.types[kind]}
        self._decide(w.post("/users/create-room-transfer-request", body, w.headers[person], (200, 409, 422, 429)))

    @rule(person=who, other=who)
    def swap(self, person, other):
        w = self.world
        body = {"kind": "swap", "swap_email": w.emails[other]}
        response = w.post("/users/create-room-transfer-request", body, w.headers[person], (200, 409, 422, 429))
        if response.status_code == 200:
            answer = {"request_id": response.get_json()["item"]["id"], "action": "accept_swap"}
            w.post("/users/update-room-transfer-request", answer, w.headers[other], (200, 404, 409))
        self._decide(response)

    # ------------------------------------------------------------------------------------------------- staff

    @rule(room=room_index, change=CHANGES)
    def edit_room(self, room, change):
        w = self.world
        field, value = change
        if field == "assigned_gender_id" and value is not None:
            value = w.genders[value]
        elif field == "room_type_id":
            value = w.types[value]
        body = {"update": {field: value}, "filters": {"id": w.rooms[room]}}
        w.post("/universal/SectionRoom/update", body, w.staff, (200, 400, 409))

    @rule(kind=type_key, capacity=st.integers(1, 4))
    def edit_capacity(self, kind, capacity):
        w = self.world
        body = {"update": {"capacity": capacity}, "filters": {"id": w.types[kind]}}
        w.post("/universal/RoomType/update", body, w.staff, (200, 400, 409))

    @rule(room=room_index, places=st.integers(0, 3))
    def set_block(self, room, places):
        w = self.world
        body = {"suborganization_id": w.org_id, "room_id": w.rooms[room], "places": places}
        w.post("/suborganizations/set-block", body, w.staff, (200, 409, 422))

    @rule(members=st.lists(st.integers(0, len(MEMBERS) - 1), min_size=1, max_size=len(MEMBERS), unique=True))
    def assign(self, members):
        w = self.world
        body = {"suborganization_id": w.org_id, "member_ids": [w.members[i] for i in members]}
        w.post("/suborganizations/assign", body, w.staff, (200, 409))

    @rule(person=who, room=room_index)
    def staff_move(self, person, room):
        w = self.world
        booking = w.booking_of(person)
        if booking is not None:
            body = {"booking_id": booking.id, "action": "move", "room_id": w.rooms[room], "reason": "ремонт"}
            w.post("/admin/update-booking", body, w.staff, (200, 409, 422))

    @rule(member=st.integers(0, len(MEMBERS) - 1), room=room_index, cancel=st.booleans())
    def staff_member_booking(self, member, room, cancel):
        w = self.world
        booking = w.member_booking(w.members[member])
        if booking is not None:
            body = {"booking_id": booking.id, "action": "cancel" if cancel else "move", "reason": "решение"}
            if not cancel:
                body["room_id"] = w.rooms[room]
            w.post("/admin/update-booking", body, w.staff, (200, 409, 422))

    # ------------------------------------------------------------------------------------------------- rules

    @invariant()
    def every_room_keeps_its_rules(self):
        session = self.world.db.session
        session.rollback()
        rooms = session.execute(
            select(
                SectionRoom.id,
                SectionRoom.external_reserved_places,
                SectionRoom.assigned_gender_id,
                SectionRoom.room_type_id,
                RoomType.capacity,
            ).join(RoomType, RoomType.id == SectionRoom.room_type_id)
        ).all()
        occupants = defaultdict(list)
        for row in session.execute(
            select(
                DormBooking.room_id, DormBooking.suborganization_id, DormBooking.gender_id, DormBooking.room_type_id
            ).where(DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
        ):
            occupants[row.room_id].append(row)
        blocks = defaultdict(dict)
        for room_id, org_id, places in session.execute(
            select(SuborganizationBlock.room_id, SuborganizationBlock.suborganization_id, SuborganizationBlock.places)
        ):
            blocks[room_id][org_id] = places
        session.rollback()
        for room_id, reserved, gender_id, type_id, capacity in rooms:
            here = occupants[room_id]
            portal = [b for b in here if b.suborganization_id is None]
            members = Counter(b.suborganization_id for b in here if b.suborganization_id is not None)
            state = (room_id, capacity, reserved, gender_id, type_id, here, blocks[room_id])
            assert 0 <= reserved <= capacity, state
            assert len(portal) <= capacity - reserved, state
            assert sum(blocks[room_id].values()) <= reserved, state
            assert all(count <= blocks[room_id].get(org, 0) for org, count in members.items()), state
            assert len(here) <= capacity, state
            assert all(b.gender_id == gender_id for b in here), state
            assert all(b.room_type_id == type_id for b in here), state


def test_random_interleavings_keep_every_rooms_rules(client, factories, db):
    global WORLD
    WORLD = World(client, factories, db)
    try:
        run_state_machine_as_test(Dormitory, settings=SETTINGS)
    finally:
        WORLD = None
