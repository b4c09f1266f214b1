"""Dormitory bookings (issue 13; req §3 dormitory rules, §7 users/halls, create/update/check-booking; decision 0067).
Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import io
from datetime import timedelta

from click.testing import CliRunner
from sqlalchemy import select

from server.dorm import bookings as dorm_bookings
from server.models import DormBooking, DormBookingEvent, DormWaitlistEntry, SectionRoom
from server.models.base import utcnow
from server.seed.data.select_options import SOCIAL_CATEGORY

from ..helpers import assert_envelope, assert_ok, outbox
from .dorm_support import active_bookings, applicant, book, genders, hall_with_rooms
from .test_user_data_support import count_queries

API = "/api/v1"


def check(client, factories, user):
    return assert_ok(client.post(f"{API}/users/check-booking", json={}, headers=factories.auth_headers(user)))


def update(client, factories, user, **body):
    return client.post(f"{API}/users/update-booking", json=body, headers=factories.auth_headers(user))


def test_halls_show_room_types_price_capacity_and_free_places_for_the_callers_gender(client, factories, db):
    g = genders(factories)
    hall, room_type, rooms = hall_with_rooms(factories, rooms=2, capacity=3, price=70000, reserved=1)
    rooms[1].assigned_gender_id = g["female"].id
    db.session.commit()
    man = applicant(factories, "male")
    body = assert_ok(client.get(f"{API}/users/halls", headers=factories.auth_headers(man)))
    assert body["eligible"] is True and body["gender"]["code"] == "male" and body["hold_hours"] == 48
    [listed] = [h for h in body["list"] if h["id"] == hall.id]
    [offer] = listed["room_types"]
    # §3: places free = capacity − external reserved − occupied/held; the women's room does not count for him
    assert offer == {
        "id": room_type.id,
        "name": "Двухместная",
        "name_kk": "",
        "name_en": "",
        "capacity": 3,
        "price": 70000,
        "price_period": "academic_year",
        "free_places": 2,
        "media": [],
    }
    woman = applicant(factories, "female")
    body = assert_ok(client.get(f"{API}/users/halls", headers=factories.auth_headers(woman)))
    assert [h for h in body["list"] if h["id"] == hall.id][0]["room_types"][0]["free_places"] == 4


def test_halls_answer_with_a_bounded_number_of_queries(client, factories, db):
    genders(factories)
    man = applicant(factories, "male")
    headers = factories.auth_headers(man)
    hall_with_rooms(factories, rooms=2)
    with count_queries(db.engine) as few:
        assert_ok(client.get(f"{API}/users/halls", headers=headers))
    for i in range(6):
        hall_with_rooms(factories, rooms=5, name=f"Hall {i}")
    with count_queries(db.engine) as many:
        assert_ok(client.get(f"{API}/users/halls", headers=headers))
    assert len(many) == len(few) <= 15


def test_eligibility_needs_need_dorm_and_the_configured_stage(client, factories, app):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories)
    no_need = applicant(factories, need_dorm=False)
    assert_envelope(book(client, factories, no_need, hall, room_type), 422, "dorm.no_need")
    early = applicant(factories, stage_ok=False)
    assert_envelope(book(client, factories, early, hall, room_type), 422, "dorm.stage_not_reached")
    early_citizen = applicant(factories, kz=True, stage_ok=False)
    assert_envelope(book(client, factories, early_citizen, hall, room_type), 422, "dorm.stage_not_reached")
    no_gender = applicant(factories, gender=None)
    assert_envelope(book(client, factories, no_gender, hall, room_type), 422, "dorm.gender_unknown")
    citizen = applicant(factories, kz=True)  # documents confirmed (current_step 6)
    assert_ok(book(client, factories, citizen, hall, room_type))
    # configurable: citizens from step 7 only
    app.config["DORM_ELIGIBLE_KZ_MIN_STEP"] = 7
    try:
        later = applicant(factories, kz=True)
        assert_envelope(book(client, factories, later, hall, room_type), 422, "dorm.stage_not_reached")
    finally:
        app.config["DORM_ELIGIBLE_KZ_MIN_STEP"] = 6
    admin = factories.admin()
    assert_envelope(book(client, factories, admin, hall, room_type), 422, "dorm.not_applicant")


def test_booking_holds_a_bed_with_a_deadline_and_the_room_takes_the_applicants_gender(client, factories, db):
    g = genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    man = applicant(factories, "male")
    body = assert_ok(book(client, factories, man, hall, room_type))
    booking = body["booking"]
    assert body["created"] is True and booking["status"] == "held" and booking["price"] == 60000
    assert booking["room"]["id"] == room.id and booking["hall"]["id"] == hall.id
    db.session.expire_all()
    assert db.session.get(SectionRoom, room.id).assigned_gender_id == g["male"].id
    state = check(client, factories, man)
    assert state["booking"]["id"] == booking["id"] and state["booking"]["hold_expires_at"]
    row = db.session.get(DormBooking, booking["id"])
    assert timedelta(hours=47) < row.hold_expires_at - utcnow() <= timedelta(hours=48)
    # §3 gender: a woman cannot take the other bed of his room
    woman = applicant(factories, "female")
    body = assert_envelope(book(client, factories, woman, hall, room_type), 409, "dorm.no_places")
    assert len(active_bookings(db, room.id)) == 1
    del body


def test_an_unassigned_room_becomes_the_gender_of_its_first_occupant_and_is_released_when_empty(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    woman = applicant(factories, "female")
    booking = assert_ok(book(client, factories, woman, hall, room_type))["booking"]
    assert_ok(update(client, factories, woman, action="cancel", booking_id=booking["id"]))
    db.session.expire_all()
    assert db.session.get(SectionRoom, room.id).assigned_gender_id is None
    man = applicant(factories, "male")
    assert assert_ok(book(client, factories, man, hall, room_type))["booking"]["room"]["id"] == room.id


def test_capacity_and_external_reserved_places_limit_the_bookings(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=3, reserved=1)
    first, second, third = (applicant(factories) for _ in range(3))
    assert_ok(book(client, factories, first, hall, room_type))
    assert_ok(book(client, factories, second, hall, room_type))
    body = assert_envelope(book(client, factories, third, hall, room_type), 409, "dorm.no_places")
    assert "waitlist" in body["message"].lower() or body["message_key"] == "dorm.no_places"
    assert len(active_bookings(db, room.id)) == 2


def test_one_active_booking_per_applicant_and_a_double_submit_makes_one_booking(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=2)
    other_type_hall, other_type, _ = hall_with_rooms(factories, name="Второе")
    man = applicant(factories)
    first = assert_ok(book(client, factories, man, hall, room_type))
    again = assert_ok(book(client, factories, man, hall, room_type))
    assert again["created"] is False and again["booking"]["id"] == first["booking"]["id"]
    assert_envelope(book(client, factories, man, other_type_hall, other_type), 409, "dorm.booking_exists")
    assert len([b for b in active_bookings(db) if b.user_id == man.id]) == 1


def test_cancel_returns_the_place_at_once(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=1)
    first, second = applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, first, hall, room_type))["booking"]
    assert_envelope(book(client, factories, second, hall, room_type), 409, "dorm.no_places")
    cancelled = assert_ok(update(client, factories, first, action="cancel", booking_id=booking["id"]))
    assert cancelled["booking"]["status"] == "cancelled"
    assert_ok(book(client, factories, second, hall, room_type))
    assert_envelope(update(client, factories, first, action="cancel", booking_id=booking["id"]), 409)


def test_another_applicants_booking_id_is_404(client, factories):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories)
    owner, stranger = applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, owner, hall, room_type))["booking"]
    for action in ("cancel", "accept_offer"):
        assert_envelope(update(client, factories, stranger, action=action, booking_id=booking["id"]), 404)
    assert_envelope(
        update(
            client,
            factories,
            stranger,
            action="change_room_type",
            booking_id=booking["id"],
            hall_id=hall.id,
            room_type_id=room_type.id,
        ),
        404,
    )


def test_change_room_type_is_atomic(client, factories, db):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    single = factories.room_type(name="Одноместная", capacity=1, price=90000)
    section = room.section
    single_room = factories.section_room(section, single)
    man, other = applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, man, hall, room_type))["booking"]
    moved = assert_ok(
        update(
            client,
            factories,
            man,
            action="change_room_type",
            booking_id=booking["id"],
            hall_id=hall.id,
            room_type_id=single.id,
        )
    )["booking"]
    assert moved["id"] == booking["id"] and moved["room"]["id"] == single_room.id and moved["price"] == 90000
    assert active_bookings(db, room.id) == []
    # the single room is taken now: a change back and forth fails without losing the current place
    other_booking = assert_ok(book(client, factories, other, hall, room_type))["booking"]
    assert_envelope(
        update(
            client,
            factories,
            other,
            action="change_room_type",
            booking_id=other_booking["id"],
            hall_id=hall.id,
            room_type_id=single.id,
        ),
        409,
        "dorm.no_places",
    )
    assert [b.id for b in active_bookings(db, room.id)] == [other_booking["id"]]
    actions = db.session.scalars(
        select(DormBookingEvent.action)
        .where(DormBookingEvent.booking_id == booking["id"])
        .order_by(DormBookingEvent.id)
    ).all()
    assert actions == ["hold", "change_room_type"]


def test_hold_expires_through_the_periodic_job_and_the_place_returns(client, factories, db, app):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=1)
    first, second = applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, first, hall, room_type))["booking"]
    assert_envelope(book(client, factories, second, hall, room_type), 409, "dorm.no_places")
    row = db.session.get(DormBooking, booking["id"])
    row.hold_expires_at = utcnow() - timedelta(minutes=1)
    db.session.commit()
    assert "dorm-expire-holds" in app.extensions["celery"].conf.beat_schedule
    app.extensions["celery"].tasks["dorm.expire_holds"].apply().get()
    db.session.expire_all()
    assert db.session.get(DormBooking, booking["id"]).status == "expired"
    assert check(client, factories, first)["booking"]["status"] == "expired"
    assert_ok(book(client, factories, second, hall, room_type))
    events = db.session.scalars(select(DormBookingEvent).where(DormBookingEvent.booking_id == booking["id"])).all()
    assert [(e.action, e.actor_role) for e in events] == [("hold", "applicant"), ("expire", "system:scheduler")]


def test_flask_dorm_expire_runs_the_same_expiry(factories, db, app, client):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=1)
    user = applicant(factories)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    db.session.get(DormBooking, booking["id"]).hold_expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    result = CliRunner().invoke(app.cli, ["dorm-expire"], obj=None, catch_exceptions=False)
    assert "holds expired: 1" in result.output, result.output
    db.session.expire_all()
    assert db.session.get(DormBooking, booking["id"]).status == "expired"


def test_confirm_booking_paid_confirms_once_and_refuses_an_expired_hold(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=2)
    user, late = applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    confirmed = dorm_bookings.confirm_booking_paid(booking["id"], "pay-1")
    assert confirmed.status == "confirmed" and confirmed.payment_ref == "pay-1" and confirmed.hold_expires_at is None
    assert dorm_bookings.confirm_booking_paid(booking["id"], "pay-1").status == "confirmed"  # the same notice again
    assert check(client, factories, user)["booking"]["status"] == "confirmed"
    late_booking = assert_ok(book(client, factories, late, hall, room_type))["booking"]
    db.session.get(DormBooking, late_booking["id"]).hold_expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    dorm_bookings.expire_due()
    try:
        dorm_bookings.confirm_booking_paid(late_booking["id"], "pay-2")
        raise AssertionError("an expired hold was confirmed")
    except Exception as error:  # noqa: BLE001
        assert getattr(error, "key", None) == "dorm.hold_expired"
    db.session.rollback()


def test_full_room_type_offers_the_waitlist_in_priority_order_then_time(client, factories, db):
    genders(factories)
    orphans = factories.select_option(type=SOCIAL_CATEGORY, code="orphans")
    hall, room_type, [room] = hall_with_rooms(factories, capacity=1)
    resident = applicant(factories)
    early = applicant(factories, email="early@example.com")
    orphan = applicant(factories, categories=[orphans], email="orphan@example.com")
    booking = assert_ok(book(client, factories, resident, hall, room_type))["booking"]
    assert_envelope(book(client, factories, early, hall, room_type), 409, "dorm.no_places")
    joined = assert_ok(book(client, factories, early, hall, room_type, join_waitlist=True))
    assert joined["booking"] is None and joined["waitlist"]["status"] == "waiting"
    assert check(client, factories, early)["waitlist"]["position"] == 1
    assert_ok(book(client, factories, orphan, hall, room_type, join_waitlist=True))
    # the orphan came later but has the first priority category
    assert check(client, factories, orphan)["waitlist"]["position"] == 1
    state = check(client, factories, early)["waitlist"]
    assert (state["position"], state["total"]) == (2, 2)

    assert_ok(update(client, factories, resident, action="cancel", booking_id=booking["id"]))
    offered = check(client, factories, orphan)
    assert offered["booking"]["status"] == "offered" and offered["booking"]["room"]["id"] == room.id
    assert offered["waitlist"]["entry"]["status"] == "offered"
    mail = outbox(client, "orphan@example.com")
    assert mail and "24" in mail[0]["body"]
    assert_ok(update(client, factories, orphan, action="accept_offer", booking_id=offered["booking"]["id"]))
    assert check(client, factories, orphan)["booking"]["status"] == "held"
    assert check(client, factories, early)["waitlist"]["position"] == 1


def test_an_unanswered_offer_lapses_and_passes_to_the_next(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=1)
    resident, first, second = applicant(factories), applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, resident, hall, room_type))["booking"]
    assert_ok(book(client, factories, first, hall, room_type, join_waitlist=True))
    assert_ok(book(client, factories, second, hall, room_type, join_waitlist=True))
    assert_ok(update(client, factories, resident, action="cancel", booking_id=booking["id"]))
    offer = check(client, factories, first)["booking"]
    assert offer["status"] == "offered"
    db.session.get(DormBooking, offer["id"]).hold_expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    counts = dorm_bookings.expire_due()
    assert counts["offers"] == 1 and counts["offered"] == 1
    assert check(client, factories, first)["booking"]["status"] == "expired"
    entry = db.session.scalar(select(DormWaitlistEntry).where(DormWaitlistEntry.user_id == first.id))
    assert entry.status == "lapsed"
    assert check(client, factories, second)["booking"]["status"] == "offered"
    assert_envelope(update(client, factories, first, action="accept_offer", booking_id=offer["id"]), 409)


def test_declining_an_offer_passes_it_on_and_leaving_the_waitlist(client, factories):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=1)
    resident, first, second = applicant(factories), applicant(factories), applicant(factories)
    booking = assert_ok(book(client, factories, resident, hall, room_type))["booking"]
    assert_ok(book(client, factories, first, hall, room_type, join_waitlist=True))
    assert_ok(book(client, factories, second, hall, room_type, join_waitlist=True))
    assert_ok(update(client, factories, second, action="leave_waitlist"))
    assert check(client, factories, second)["waitlist"] is None
    assert_ok(book(client, factories, second, hall, room_type, join_waitlist=True))
    assert_ok(update(client, factories, resident, action="cancel", booking_id=booking["id"]))
    offer = check(client, factories, first)["booking"]
    assert_ok(update(client, factories, first, action="decline_offer", booking_id=offer["id"]))
    assert check(client, factories, second)["booking"]["status"] == "offered"


def test_bad_input_is_a_localized_4xx(client, factories, no_server_errors):
    genders(factories)
    user = applicant(factories)
    headers = factories.auth_headers(user)
    for body in ({}, {"hall_id": "x", "room_type_id": 1}, {"hall_id": 1, "room_type_id": 2**40}, {"hall_id": 1}):
        assert_envelope(client.post(f"{API}/users/create-booking", json=body, headers=headers), 400)
    assert_envelope(
        client.post(f"{API}/users/create-booking", json={"hall_id": 99, "room_type_id": 99}, headers=headers),
        404,
        "dorm.room_type_not_found",
    )
    genders(factories)
    hall, _, _ = hall_with_rooms(factories)
    not_here = factories.room_type(name="Нет в этом общежитии")
    assert_envelope(book(client, factories, user, hall, not_here), 404, "dorm.room_type_not_found")
    assert_envelope(book(client, factories, user, hall, not_here, join_waitlist=True), 404)
    assert_envelope(client.post(f"{API}/users/update-booking", json={"action": "explode"}, headers=headers), 400)
    assert_envelope(client.post(f"{API}/users/update-booking", json={"action": "cancel"}, headers=headers), 400)
    assert_envelope(client.post(f"{API}/users/update-booking", json={"action": "leave_waitlist"}, headers=headers), 404)
    assert_envelope(client.post(f"{API}/users/check-booking", json={"x": 1}, headers=headers), 400)
    assert_envelope(client.post(f"{API}/users/create-booking", json={"hall_id": 1, "room_type_id": 1}), 401)
    body = assert_envelope(
        client.post(f"{API}/users/create-booking?lang=en", json={"hall_id": 99, "room_type_id": 99}, headers=headers),
        404,
    )
    assert body["message"] == "Hall or room type not found"


def test_room_type_photos_are_listed_and_downloadable_by_signed_in_applicants(client, factories):
    from ..e2e.test_dormitory_admin import png_bytes

    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories)
    admin = factories.admin()
    uploaded = client.post(
        f"{API}/admin/upload-room-type-media",
        data={"room_type_id": str(room_type.id), "file": (io.BytesIO(png_bytes()), "room.png")},
        headers=factories.auth_headers(admin),
        content_type="multipart/form-data",
    )
    assert_ok(uploaded)
    user = applicant(factories)
    body = assert_ok(client.get(f"{API}/users/halls", headers=factories.auth_headers(user)))
    [media] = [h for h in body["list"] if h["id"] == hall.id][0]["room_types"][0]["media"]
    image = client.get(media["url"], headers=factories.auth_headers(user))
    assert image.status_code == 200 and image.data.startswith(b"\x89PNG")
    assert client.get(media["url"]).status_code == 401
    assert_envelope(client.get(f"{API}/users/room-type-media/999999", headers=factories.auth_headers(user)), 404)
