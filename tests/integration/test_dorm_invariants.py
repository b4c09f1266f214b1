"""Issue 22, finding 6: staff edits could break the dormitory's rules (decision 0067, "Invariants").

Each bypass the security test named, replayed through the HTTP API: a suborganization's people on top of reserved
places (4 people in a 3-bed room), an occupied male room switched to female through /universal/SectionRoom/update,
an occupied room's type changed and a room type's capacity lowered under its occupants. Each is now a localized 409
and nothing changes. On PostgreSQL the same rules are database triggers: raw SQL that breaks them is refused at commit.
SQLite and PostgreSQL.
"""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from server.dorm import bookings as dorm_bookings
from server.models import SectionRoom, SuborganizationMember

from ..helpers import assert_envelope, assert_ok
from .dorm_support import active_bookings, applicant, book, genders, hall_with_rooms

API = "/api/v1"


@pytest.fixture
def staff(factories):
    return factories.auth_headers(factories.admin())


def universal_update(client, headers, model, row_id, lang="ru", **values):
    return client.post(
        f"{API}/universal/{model}/update?lang={lang}",
        json={"update": values, "filters": {"id": row_id}},
        headers=headers,
    )


def staff_post(client, headers, path, **body):
    return client.post(f"{API}{path}", json=body, headers=headers)


def _members_xlsx(rows) -> io.BytesIO:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["last_name", "first_name", "middle_name", "email", "phone", "gender"])
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    return buffer


def suborganization_with_men(client, headers, db, count: int) -> tuple[int, list[int]]:
    rows = [(f"Фамилия{i}", "Иван", "", f"member{i}@example.com", "", "male") for i in range(count)]
    response = client.post(
        f"{API}/admin/upload-users",
        data={
            "suborganization_code": "team",
            "suborganization_name": "Сборная",
            "file": (_members_xlsx(rows), "p.xlsx"),
        },
        headers=headers,
        content_type="multipart/form-data",
    )
    org_id = assert_ok(response)["suborganization_id"]
    ids = list(db.session.scalars(select(SuborganizationMember.id).order_by(SuborganizationMember.id)))
    return org_id, ids


def test_reserved_places_and_a_suborganization_never_put_four_people_in_a_three_bed_room(client, factories, db, staff):
    """The finding's first bypass: two applicants hold the room's two bookable beds (capacity 3, 1 reserved); staff
    raise the reserve to 2 through /universal, give a suborganization a block of 2 and assign two people."""
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=3, reserved=1)
    for _ in range(2):
        assert_ok(book(client, factories, applicant(factories), hall, room_type))
    org_id, members = suborganization_with_men(client, staff, db, 2)

    body = assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, external_reserved_places=2),
        409,
        "dormitory.occupied_over_places",
    )
    assert list(body["errors"]) == ["update.external_reserved_places"]
    assert_envelope(
        staff_post(client, staff, "/suborganizations/set-block", suborganization_id=org_id, room_id=room.id, places=2),
        422,
        "dorm.block_exceeds_reserved",
    )
    assert_ok(
        staff_post(client, staff, "/suborganizations/set-block", suborganization_id=org_id, room_id=room.id, places=1)
    )
    assert_envelope(
        staff_post(client, staff, "/suborganizations/assign", suborganization_id=org_id, member_ids=members),
        409,
        "dorm.suborganization_full",
    )
    assert_ok(staff_post(client, staff, "/suborganizations/assign", suborganization_id=org_id, member_ids=members[:1]))
    # The other way round: the reserve may not drop under the suborganization's block, which would free a bed for
    # a third applicant on top of the member.
    assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, external_reserved_places=0),
        409,
        "dormitory.reserved_below_blocks",
    )
    assert_envelope(book(client, factories, applicant(factories), hall, room_type), 409, "dorm.no_places")
    assert len(active_bookings(db, room.id)) == 3
    db.session.expire_all()
    assert db.session.get(SectionRoom, room.id).external_reserved_places == 1


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
def test_an_occupied_male_room_cannot_be_switched_to_female_through_universal(client, factories, db, staff, lang):
    g = genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    assert_ok(book(client, factories, applicant(factories), hall, room_type))
    body = assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, lang=lang, assigned_gender_id=g["female"].id),
        409,
        "dormitory.occupied_room_gender",
        lang=lang,
    )
    assert list(body["errors"]) == ["update.assigned_gender_id"] and room.name in body["message"]
    # Clearing the gender would let anyone in just the same.
    assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, assigned_gender_id=None),
        409,
        "dormitory.occupied_room_gender",
    )
    woman = applicant(factories, gender="female")
    assert_envelope(book(client, factories, woman, hall, room_type), 409, "dorm.no_places")
    assert {b.gender_id for b in active_bookings(db, room.id)} == {g["male"].id}
    db.session.expire_all()
    assert db.session.get(SectionRoom, room.id).assigned_gender_id == g["male"].id


def test_an_occupied_rooms_type_cannot_change_through_universal(client, factories, db, staff):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    assert_ok(book(client, factories, applicant(factories), hall, room_type))
    for capacity in (1, 4):  # a smaller type would overfill it; any other type leaves a booking of the wrong type
        other = factories.room_type(capacity=capacity, name=f"Тип на {capacity}")
        body = assert_envelope(
            universal_update(client, staff, "SectionRoom", room.id, room_type_id=other.id),
            409,
            "dormitory.occupied_room_type",
        )
        assert "update.room_type_id" in body["errors"]
    db.session.expire_all()
    assert db.session.get(SectionRoom, room.id).room_type_id == room_type.id


def test_a_room_types_capacity_cannot_drop_below_its_occupants(client, factories, db, staff):
    genders(factories)
    hall, room_type, [room, other] = hall_with_rooms(factories, rooms=2, capacity=3, reserved=0)
    for _ in range(2):
        assert_ok(book(client, factories, applicant(factories), hall, room_type))  # both in the first room
    assert len(active_bookings(db, room.id)) == 2
    body = assert_envelope(
        universal_update(client, staff, "RoomType", room_type.id, lang="en", capacity=1),
        409,
        "dormitory.occupied_over_places",
    )
    assert list(body["errors"]) == ["update.capacity"] and "2 people" in body["message"]
    assert_ok(universal_update(client, staff, "RoomType", room_type.id, capacity=2))
    assert_ok(universal_update(client, staff, "RoomType", room_type.id, capacity=4))


def test_reserved_places_cannot_take_beds_already_booked(client, factories, db, staff):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=3)
    for _ in range(2):
        assert_ok(book(client, factories, applicant(factories), hall, room_type))
    assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, external_reserved_places=2),
        409,
        "dormitory.occupied_over_places",
    )
    assert_ok(universal_update(client, staff, "SectionRoom", room.id, external_reserved_places=1))
    assert_envelope(book(client, factories, applicant(factories), hall, room_type), 409, "dorm.no_places")


def test_empty_rooms_stay_editable_and_an_emptied_room_may_change(client, factories, db, staff):
    g = genders(factories)
    hall, room_type, [room, empty] = hall_with_rooms(factories, rooms=2, capacity=2)
    user = applicant(factories)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    bigger = factories.room_type(capacity=4)
    assert_ok(
        universal_update(
            client,
            staff,
            "SectionRoom",
            empty.id,
            assigned_gender_id=g["female"].id,
            room_type_id=bigger.id,
            external_reserved_places=4,
        )
    )
    assert_ok(universal_update(client, staff, "SectionRoom", room.id, name="101А"))  # no rule touched
    dorm_bookings.cancel_booking(user, booking["id"])
    assert_ok(universal_update(client, staff, "SectionRoom", room.id, assigned_gender_id=g["female"].id))
    assert_ok(universal_update(client, staff, "SectionRoom", room.id, room_type_id=bigger.id))


def test_a_suborganization_member_keeps_the_rules_of_the_room_too(client, factories, db, staff):
    """Staff screens: a member assigned to a room makes it occupied (gender, type) like any booking."""
    g = genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2, reserved=1)
    org_id, members = suborganization_with_men(client, staff, db, 1)
    assert_ok(
        staff_post(client, staff, "/suborganizations/set-block", suborganization_id=org_id, room_id=room.id, places=1)
    )
    assert_ok(staff_post(client, staff, "/suborganizations/assign", suborganization_id=org_id, member_ids=members))
    assert_envelope(
        universal_update(client, staff, "SectionRoom", room.id, assigned_gender_id=g["female"].id),
        409,
        "dormitory.occupied_room_gender",
    )
    assert_envelope(
        staff_post(client, staff, "/suborganizations/set-block", suborganization_id=org_id, room_id=room.id, places=0),
        422,
        "dorm.block_below_used",
    )


# ---------------------------------------------------------------------------------------- the database's word


def _refused_at_commit(db, *statements: str, **params) -> bool:
    """Runs the statements as one raw transaction (no service layer): True when the database refused it."""
    with db.engine.connect() as conn:
        try:
            for statement in statements:
                conn.execute(text(statement), params)
            conn.commit()
        except IntegrityError:
            conn.rollback()
            return True
    return False


def test_the_database_refuses_raw_writes_that_break_the_rules(client, factories, db):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite relies on the service layer: its triggers cannot be deferred (decision 0067)")
    g = genders(factories)
    hall, room_type, [room, spare] = hall_with_rooms(factories, rooms=2, capacity=2)
    men = [applicant(factories) for _ in range(2)]
    for man in men:
        assert_ok(book(client, factories, man, hall, room_type))
    woman = applicant(factories, gender="female")
    woman_booking = assert_ok(book(client, factories, woman, hall, room_type))["booking"]
    assert woman_booking["room"]["id"] == spare.id
    other_type = factories.room_type(capacity=3)
    db.session.commit()
    ids = {"room": room.id, "spare": spare.id, "type": room_type.id, "female": g["female"].id, "other": other_type.id}

    assert _refused_at_commit(db, "UPDATE section_rooms SET assigned_gender_id = :female WHERE id = :room", **ids)
    assert _refused_at_commit(db, "UPDATE section_rooms SET assigned_gender_id = NULL WHERE id = :room", **ids)
    assert _refused_at_commit(db, "UPDATE section_rooms SET room_type_id = :other WHERE id = :room", **ids)
    assert _refused_at_commit(db, "UPDATE section_rooms SET external_reserved_places = 1 WHERE id = :room", **ids)
    assert _refused_at_commit(db, "UPDATE section_rooms SET external_reserved_places = 3 WHERE id = :spare", **ids)
    assert _refused_at_commit(db, "UPDATE room_types SET capacity = 1 WHERE id = :type", **ids)
    assert _refused_at_commit(
        db, "UPDATE dorm_bookings SET room_id = :room WHERE id = :booking", room=room.id, booking=woman_booking["id"]
    )
    org = _refused_at_commit(
        db,
        "INSERT INTO suborganizations (code, name, created_at) VALUES ('raw', 'Raw', now())",
        "INSERT INTO suborganization_blocks (suborganization_id, room_id, places)"
        " SELECT id, :room, 1 FROM suborganizations WHERE code = 'raw'",
        **ids,
    )
    assert org  # a block with no reserved places behind it
    # Deferred to the commit: a transaction may pass through a broken state on its way (a swap does).
    assert not _refused_at_commit(
        db,
        "UPDATE section_rooms SET assigned_gender_id = :female WHERE id = :room",
        "UPDATE section_rooms SET assigned_gender_id = (SELECT gender_id FROM dorm_bookings"
        " WHERE room_id = :room AND status = 'held' LIMIT 1) WHERE id = :room",
        **ids,
    )
    assert len(active_bookings(db, room.id)) == 2 and len(active_bookings(db, spare.id)) == 1
