"""Room transfers, staff actions on bookings, the occupancy board and suborganizations (issue 13; req §7 admin
transfers, update-room-transfer, list-suborganizations, users-list-suborganizations, upload-users,
/suborganizations/assign; decision 0067). SQLite and PostgreSQL."""

from __future__ import annotations

import io

from openpyxl import Workbook, load_workbook
from sqlalchemy import func, select

from server.dorm import bookings as dorm_bookings
from server.models import AuditLog, DormBookingEvent, SuborganizationMember

from ..helpers import assert_envelope, assert_ok, outbox
from .dorm_support import active_bookings, applicant, book, genders, hall_with_rooms

API = "/api/v1"


def resident(client, factories, hall, room_type, **kw):
    user = applicant(factories, **kw)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    dorm_bookings.confirm_booking_paid(booking["id"], f"ref-{booking['id']}")
    return user, booking


def post(client, factories, user, path, **body):
    return client.post(f"{API}{path}", json=body, headers=factories.auth_headers(user))


def test_a_resident_asks_to_move_and_an_admin_approves_atomically(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    other_hall, other_type, [other_room] = hall_with_rooms(factories, capacity=1, name="Второе")
    user, booking = resident(client, factories, hall, room_type, email="mover@example.com")
    # only residents (paid) may ask; a held booking may not
    holder = applicant(factories)
    assert_ok(book(client, factories, holder, hall, room_type))
    assert_envelope(
        post(
            client,
            factories,
            holder,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=other_hall.id,
            room_type_id=other_type.id,
        ),
        422,
        "dorm.transfer_needs_resident",
    )
    request = assert_ok(
        post(
            client,
            factories,
            user,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=other_hall.id,
            room_type_id=other_type.id,
            comment="ближе к факультету",
        )
    )["item"]
    assert request["status"] == "pending"
    assert_envelope(
        post(
            client,
            factories,
            user,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=other_hall.id,
            room_type_id=other_type.id,
        ),
        409,
        "dorm.transfer_pending_exists",
    )
    admin = factories.admin()
    headers = factories.auth_headers(admin)
    pending = assert_ok(client.get(f"{API}/admin/transfers?type=pending", headers=headers))
    assert [t["id"] for t in pending["list"]] == [request["id"]] and pending["total"] == 1
    assert pending["list"][0]["user_email"] == "mover@example.com"
    approved = assert_ok(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve")
    )["item"]
    assert approved["status"] == "approved"
    assert [b.id for b in active_bookings(db, other_room.id)] == [booking["id"]]
    assert len(active_bookings(db, room.id)) == 1  # the holder only
    state = assert_ok(post(client, factories, user, "/users/check-booking"))
    assert state["booking"]["room"]["id"] == other_room.id and state["transfers"][0]["status"] == "approved"
    assert outbox(client, "mover@example.com")
    assert assert_ok(client.get(f"{API}/admin/transfers?type=approved", headers=headers))["total"] == 1
    assert_envelope(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve"),
        409,
        "dorm.transfer_decided",
    )
    actions = db.session.scalars(select(DormBookingEvent.action).where(DormBookingEvent.booking_id == booking["id"]))
    assert list(actions) == ["hold", "paid", "move"]


def test_approval_rechecks_capacity_and_reject_needs_a_reason(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=2)
    full_hall, full_type, _ = hall_with_rooms(factories, capacity=1, name="Полное")
    user, booking = resident(client, factories, hall, room_type)
    request = assert_ok(
        post(
            client,
            factories,
            user,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=full_hall.id,
            room_type_id=full_type.id,
        )
    )["item"]
    resident(client, factories, full_hall, full_type)  # the target fills up before the decision
    admin = factories.admin()
    assert_envelope(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve"),
        409,
        "dorm.no_places",
    )
    assert_envelope(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="reject"),
        400,
        "dorm.reason_required",
    )
    rejected = assert_ok(
        post(
            client,
            factories,
            admin,
            "/admin/update-room-transfer",
            id=request["id"],
            action="reject",
            reason="Нет мест",
        )
    )["item"]
    assert rejected["status"] == "rejected" and rejected["decision_reason"] == "Нет мест"
    assert (
        assert_ok(client.get(f"{API}/admin/transfers?type=rejected", headers=factories.auth_headers(admin)))["total"]
        == 1
    )
    assert [b.id for b in active_bookings(db) if b.user_id == user.id] == [booking["id"]]


def test_a_swap_needs_the_named_residents_acceptance_and_checks_gender(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=1, rooms=3)
    first, first_booking = resident(client, factories, hall, room_type)
    second, second_booking = resident(client, factories, hall, room_type, email="second@example.com")
    woman, _ = resident(client, factories, hall, room_type, gender="female", email="woman@example.com")
    stranger = applicant(factories)
    # An e-mail that is no resident's is answered like a resident's (issue 22, finding 11); staff see which it was.
    nobody = assert_ok(
        post(
            client,
            factories,
            first,
            "/users/create-room-transfer-request",
            kind="swap",
            swap_email="nobody@example.com",
        )
    )["item"]
    assert nobody["status"] == "pending" and "swap_user_id" not in nobody
    listed = assert_ok(
        client.get(f"{API}/admin/transfers?type=pending", headers=factories.auth_headers(factories.admin()))
    )
    assert [(t["swap_user_email"], t["swap_user_id"]) for t in listed["list"]] == [("nobody@example.com", None)]
    assert_ok(
        post(client, factories, first, "/users/update-room-transfer-request", request_id=nobody["id"], action="cancel")
    )
    request = assert_ok(
        post(
            client,
            factories,
            first,
            "/users/create-room-transfer-request",
            kind="swap",
            swap_email="SECOND@example.com",
        )
    )["item"]
    assert outbox(client, "second@example.com")
    admin = factories.admin()
    assert_envelope(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve"),
        409,
        "dorm.swap_not_accepted",
    )
    assert_envelope(
        post(
            client,
            factories,
            stranger,
            "/users/update-room-transfer-request",
            request_id=request["id"],
            action="accept_swap",
        ),
        404,
    )
    assert_ok(
        post(
            client,
            factories,
            second,
            "/users/update-room-transfer-request",
            request_id=request["id"],
            action="accept_swap",
        )
    )
    assert_ok(post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve"))
    db.session.expire_all()
    mine = {b.user_id: b.room_id for b in active_bookings(db)}
    assert mine[first.id] == second_booking["room"]["id"] and mine[second.id] == first_booking["room"]["id"]
    # a man and a woman in single rooms of their genders: the rooms were assigned by booking and are empty of others
    other = assert_ok(
        post(
            client, factories, first, "/users/create-room-transfer-request", kind="swap", swap_email="woman@example.com"
        )
    )["item"]
    assert_ok(
        post(
            client,
            factories,
            woman,
            "/users/update-room-transfer-request",
            request_id=other["id"],
            action="decline_swap",
        )
    )
    assert assert_ok(post(client, factories, first, "/users/check-booking"))["transfers"][0]["status"] == "rejected"


def test_admin_cancels_or_moves_any_booking_with_a_reason_and_it_is_audited(client, factories, db):
    g = genders(factories)
    hall, room_type, [room, spare] = hall_with_rooms(factories, capacity=2, rooms=2)
    spare.assigned_gender_id = g["female"].id
    db.session.commit()
    user, booking = resident(client, factories, hall, room_type)
    admin = factories.admin()
    assert_envelope(
        post(
            client,
            factories,
            admin,
            "/admin/update-booking",
            booking_id=booking["id"],
            action="move",
            room_id=spare.id,
            reason="ремонт",
        ),
        409,
        "dorm.gender_mismatch",
    )
    spare.assigned_gender_id = None
    db.session.commit()
    assert_envelope(
        post(
            client, factories, admin, "/admin/update-booking", booking_id=booking["id"], action="move", room_id=spare.id
        ),
        400,
    )
    moved = assert_ok(
        post(
            client,
            factories,
            admin,
            "/admin/update-booking",
            booking_id=booking["id"],
            action="move",
            room_id=spare.id,
            reason="ремонт",
        )
    )["item"]
    assert moved["room"]["id"] == spare.id
    cancelled = assert_ok(
        post(
            client,
            factories,
            admin,
            "/admin/update-booking",
            booking_id=booking["id"],
            action="cancel",
            reason="выселен",
        )
    )["item"]
    assert cancelled["status"] == "cancelled" and cancelled["end_reason"] == "выселен"
    events = db.session.scalars(
        select(DormBookingEvent).where(DormBookingEvent.booking_id == booking["id"]).order_by(DormBookingEvent.id)
    ).all()
    assert [(e.action, e.reason) for e in events][-2:] == [("move", "ремонт"), ("cancel", "выселен")]
    assert events[-1].actor_user_id == admin.id
    assert db.session.scalar(select(func.count(AuditLog.id)).where(AuditLog.target_type == "dorm_booking")) == 2
    assert_envelope(
        post(client, factories, user, "/admin/update-booking", booking_id=booking["id"], action="cancel", reason="x"),
        403,
    )


def test_occupancy_board_and_residents_export(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=3, reserved=1)
    resident(client, factories, hall, room_type)
    holder = applicant(factories)
    assert_ok(book(client, factories, holder, hall, room_type))
    admin = factories.admin()
    headers = factories.auth_headers(admin)
    board = assert_ok(client.get(f"{API}/admin/dorm-board?hall_id={hall.id}", headers=headers))
    [listed] = board["list"]
    cell = listed["buildings"][0]["floors"][0]["sections"][0]["rooms"][0]
    assert (cell["occupied"], cell["held"], cell["reserved"], cell["free"]) == (1, 1, 1, 0)
    assert cell["gender"] == "male" and len(cell["residents"]) == 2
    assert board["totals"]["rooms"] == 1
    response = client.get(f"{API}/admin/dorm-board/export?hall_id={hall.id}", headers=headers)
    assert response.status_code == 200 and "dormitory_residents_" in response.headers["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.data)).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][0] == "Общежитие" and len(rows) == 3
    assert client.get(f"{API}/admin/dorm-board", headers=factories.auth_headers(holder)).status_code == 403


def _xlsx(rows, header=("last_name", "first_name", "middle_name", "email", "phone", "gender")) -> io.BytesIO:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(list(header))
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    return buffer


def _upload(client, headers, rows, **form):
    data = {"suborganization_code": "sport", "suborganization_name": "Сборная", **form}
    data["file"] = (_xlsx(rows), "people.xlsx")
    return client.post(f"{API}/admin/upload-users", data=data, headers=headers, content_type="multipart/form-data")


def test_suborganization_import_is_all_or_nothing_with_row_numbers(client, factories, db):
    genders(factories)
    admin = factories.admin()
    headers = factories.auth_headers(admin)
    bad = [
        ("Иванов", "Иван", "", "ivanov@example.com", "", "М"),
        ("", "Пётр", "", "petrov@example", "", "x"),
        ("Сидорова", "Анна", "", "ivanov@example.com", "", "female"),
    ]
    body = assert_envelope(_upload(client, headers, bad), 422, "dorm.upload_rows_invalid")
    assert set(body["errors"]) == {"row 3", "row 4"}
    assert db.session.scalar(select(func.count(SuborganizationMember.id))) == 0
    good = [
        ("Иванов", "Иван", "", "ivanov@example.com", "+77011234567", "М"),
        ("Сидорова", "Анна", "Петровна", "anna@example.com", "", "female"),
    ]
    result = assert_ok(_upload(client, headers, good))
    assert (result["created"], result["updated"]) == (2, 0)
    assert assert_ok(_upload(client, headers, good[:1]))["updated"] == 1
    wrong_header = client.post(
        f"{API}/admin/upload-users",
        data={"suborganization_code": "x", "file": (_xlsx(good, header=("a", "b")), "p.xlsx")},
        headers=headers,
        content_type="multipart/form-data",
    )
    assert_envelope(wrong_header, 400, "dorm.upload_bad_header")
    not_xlsx = client.post(
        f"{API}/admin/upload-users",
        data={"suborganization_code": "x", "file": (io.BytesIO(b"hello"), "p.xlsx")},
        headers=headers,
        content_type="multipart/form-data",
    )
    assert_envelope(not_xlsx, 400, "dorm.upload_not_xlsx")
    orgs = assert_ok(post(client, factories, admin, "/admin/list-suborganizations"))
    assert [(o["code"], o["members"]) for o in orgs["list"]] == [("sport", 2)]
    members = assert_ok(
        post(
            client,
            factories,
            admin,
            "/admin/users-list-suborganizations",
            suborganization_id=result["suborganization_id"],
        )
    )
    assert members["total"] == 2 and {m["gender"] for m in members["list"]} == {"male", "female"}


def test_assign_places_people_within_the_reserved_block_with_gender_rules(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=3, reserved=2)
    admin = factories.admin()
    headers = factories.auth_headers(admin)
    people = [
        ("Иванов", "Иван", "", "a@example.com", "", "male"),
        ("Петров", "Пётр", "", "b@example.com", "", "male"),
        ("Сидорова", "Анна", "", "c@example.com", "", "female"),
    ]
    org_id = assert_ok(_upload(client, headers, people))["suborganization_id"]
    assert_envelope(
        post(
            client,
            factories,
            admin,
            "/suborganizations/set-block",
            suborganization_id=org_id,
            room_id=room.id,
            places=3,
        ),
        422,
        "dorm.block_exceeds_reserved",
    )
    assert_ok(
        post(
            client,
            factories,
            admin,
            "/suborganizations/set-block",
            suborganization_id=org_id,
            room_id=room.id,
            places=2,
        )
    )
    ids = {m.email: m.id for m in db.session.scalars(select(SuborganizationMember))}
    # the woman does not fit a room that becomes male with the first man: nothing is placed (all or nothing)
    assert_envelope(
        post(
            client,
            factories,
            admin,
            "/suborganizations/assign",
            suborganization_id=org_id,
            member_ids=[ids["a@example.com"], ids["c@example.com"]],
        ),
        409,
        "dorm.suborganization_full",
    )
    assert active_bookings(db) == []
    done = assert_ok(
        post(
            client,
            factories,
            admin,
            "/suborganizations/assign",
            suborganization_id=org_id,
            member_ids=[ids["a@example.com"], ids["b@example.com"]],
        )
    )
    assert done["assigned"] == 2
    # the reserved places are used; the one free place of the room is still the applicants'
    man = applicant(factories)
    assert_ok(book(client, factories, man, hall, room_type))
    board = assert_ok(client.get(f"{API}/admin/dorm-board", headers=headers))
    cell = board["list"][0]["buildings"][0]["floors"][0]["sections"][0]["rooms"][0]
    assert (cell["occupied"], cell["held"], cell["reserved"], cell["free"]) == (2, 1, 0, 0)
    assert_envelope(
        post(client, factories, admin, "/suborganizations/assign", suborganization_id=999, member_ids=[1]), 404
    )
    orgs = assert_ok(post(client, factories, admin, "/admin/list-suborganizations"))["list"]
    assert (orgs[0]["reserved_places"], orgs[0]["placed"]) == (2, 2)
