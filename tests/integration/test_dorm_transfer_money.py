"""Money of a room move (issue 23; decision 0088): a move approved into a dearer room asks the resident for the
difference through the `dorm_transfer_difference` payment purpose and completes only when it is paid; a move into
a cheaper room completes at once and leaves a refund due that staff see; prices carry their period, and the
booking answers names in the three languages."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.dorm import transfers as dorm_transfers
from server.models import DormBooking, DormRefund, DormTransferRequest, Payment

from ..helpers import assert_envelope, assert_ok, outbox
from .dorm_support import active_bookings, applicant, book, genders, hall_with_rooms
from .payments_support import SUCCESS_CARD, pay_on_sandbox_page, start
from .test_dorm_admin import post, resident

API = "/api/v1"


def two_halls(factories, cheap=60000, dear=90000, dear_period="academic_year"):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2, price=cheap)
    dear_type = factories.room_type(name="Одноместная", capacity=1, price=dear)
    dear_type.name_kk, dear_type.name_en, dear_type.price_period = "Бір орындық", "Single", dear_period
    other_hall, _, [other_room] = hall_with_rooms(factories, name="Второе", room_type=dear_type)
    factories.db.session.commit()
    return hall, room_type, room, other_hall, dear_type, other_room


def ask_move(client, factories, user, hall, room_type):
    return assert_ok(
        post(
            client,
            factories,
            user,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=hall.id,
            room_type_id=room_type.id,
        )
    )["item"]


def test_a_dearer_move_asks_for_the_difference_and_moves_when_it_is_paid(client, factories, db):
    hall, room_type, room, other_hall, dear_type, other_room = two_halls(factories)
    user, booking = resident(client, factories, hall, room_type, email="dearer@example.com")
    headers = factories.auth_headers(user)
    request = ask_move(client, factories, user, other_hall, dear_type)
    admin = factories.admin()
    approved = assert_ok(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve")
    )["item"]
    assert approved["status"] == "awaiting_payment" and approved["price_difference"] == 30000
    # nothing moved yet
    assert [b.id for b in active_bookings(db, room.id)] == [booking["id"]]
    assert outbox(client, "dearer@example.com")
    state = assert_ok(client.post(f"{API}/users/check-booking", json={}, headers=headers))
    assert state["transfers"][0]["status"] == "awaiting_payment"
    assert state["transfers"][0]["target_room_type"]["name_en"] == "Single"
    # a stranger cannot pay it; a second request while one waits for payment is refused
    stranger = applicant(factories)
    assert_envelope(
        start(
            client, factories.auth_headers(stranger), purpose="dorm_transfer_difference", purpose_ref_id=request["id"]
        ),
        404,
        "dorm.transfer_not_found",
    )
    assert_envelope(
        post(
            client,
            factories,
            user,
            "/users/create-room-transfer-request",
            kind="move",
            hall_id=hall.id,
            room_type_id=room_type.id,
        ),
        409,
        "dorm.transfer_pending_exists",
    )
    answer = assert_ok(start(client, headers, purpose="dorm_transfer_difference", purpose_ref_id=request["id"]))
    assert answer["payment"]["amount"] == 30000
    response = pay_on_sandbox_page(client, answer["sandbox_url"], SUCCESS_CARD)
    assert response.status_code in (200, 302, 303)
    db.session.expire_all()
    assert db.session.get(DormTransferRequest, request["id"]).status == "approved"
    assert [b.id for b in active_bookings(db, other_room.id)] == [booking["id"]]
    moved = db.session.get(DormBooking, booking["id"])
    assert moved.price == 90000 and moved.room_type_id == dear_type.id
    payment = db.session.scalar(select(Payment).where(Payment.purpose == "dorm_transfer_difference"))
    assert payment.status == "paid" and not payment.flagged
    # the receipt is among the applicant's receipts
    receipts = assert_ok(client.get(f"{API}/users/payments", headers=headers))["list"]
    assert [r["purpose"] for r in receipts if r["payment_id"] == payment.id] == ["dorm_transfer_difference"]
    # paying again is refused
    assert_envelope(
        start(client, headers, purpose="dorm_transfer_difference", purpose_ref_id=request["id"]),
        409,
        "payments.already_paid",
    )


def test_the_difference_converts_the_target_price_into_the_bookings_period(client, factories, db):
    # 20 000 a month is 100 000 a semester of five months... the stay is ten months: 200 000 a year
    hall, room_type, _, other_hall, dear_type, _ = two_halls(factories, cheap=150000, dear=20000, dear_period="month")
    user, booking = resident(client, factories, hall, room_type)
    request = ask_move(client, factories, user, other_hall, dear_type)
    approved = assert_ok(
        post(client, factories, factories.admin(), "/admin/update-room-transfer", id=request["id"], action="approve")
    )["item"]
    assert approved["price_difference"] == 200000 - 150000


def test_a_cheaper_move_completes_at_once_and_leaves_a_refund_staff_see(client, factories, db):
    hall, room_type, room, other_hall, dear_type, other_room = two_halls(factories)
    # the resident lives in the dear room and moves to the cheap one
    user, booking = resident(client, factories, other_hall, dear_type)
    request = ask_move(client, factories, user, hall, room_type)
    admin = factories.admin()
    approved = assert_ok(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve")
    )["item"]
    assert approved["status"] == "approved" and approved["price_difference"] == -30000
    assert approved["refund"]["amount"] == 30000 and approved["refund"]["status"] == "due"
    assert [b.id for b in active_bookings(db, room.id)] == [booking["id"]]
    refund = db.session.scalar(select(DormRefund).where(DormRefund.transfer_id == request["id"]))
    assert refund.amount == 30000 and refund.reason == "transfer_cheaper" and refund.user_id == user.id
    listed = assert_ok(client.get(f"{API}/admin/transfers?type=approved", headers=factories.auth_headers(admin)))
    assert listed["list"][0]["refund"]["amount"] == 30000
    assert listed["list"][0]["user_name"] == "Фамилия Имя"


def test_a_move_waiting_for_payment_can_be_cancelled_and_then_cannot_be_paid(client, factories, db):
    hall, room_type, _, other_hall, dear_type, _ = two_halls(factories)
    user, _ = resident(client, factories, hall, room_type)
    headers = factories.auth_headers(user)
    request = ask_move(client, factories, user, other_hall, dear_type)
    post(client, factories, factories.admin(), "/admin/update-room-transfer", id=request["id"], action="approve")
    cancelled = assert_ok(
        post(client, factories, user, "/users/update-room-transfer-request", request_id=request["id"], action="cancel")
    )["item"]
    assert cancelled["status"] == "cancelled"
    assert_envelope(
        start(client, headers, purpose="dorm_transfer_difference", purpose_ref_id=request["id"]),
        409,
        "dorm.transfer_not_payable",
    )


def test_a_paid_difference_whose_bed_went_meanwhile_is_flagged_not_lost(client, factories, db):
    hall, room_type, _, other_hall, dear_type, other_room = two_halls(factories)
    user, _ = resident(client, factories, hall, room_type)
    headers = factories.auth_headers(user)
    request = ask_move(client, factories, user, other_hall, dear_type)
    post(client, factories, factories.admin(), "/admin/update-room-transfer", id=request["id"], action="approve")
    answer = assert_ok(start(client, headers, purpose="dorm_transfer_difference", purpose_ref_id=request["id"]))
    # someone else takes the only bed of the dear room before the payment lands
    rival = applicant(factories)
    assert_ok(book(client, factories, rival, other_hall, dear_type))
    pay_on_sandbox_page(client, answer["sandbox_url"], SUCCESS_CARD)
    db.session.expire_all()
    payment = db.session.get(Payment, answer["payment"]["id"])
    assert payment.status == "paid" and payment.flagged
    assert db.session.get(DormTransferRequest, request["id"]).status == "awaiting_payment"
    assert dorm_transfers.price_in_period(dear_type, "academic_year") == 90000


def test_the_halls_and_the_booking_carry_the_price_period_and_translated_names(client, factories, db):
    hall, room_type, _, other_hall, dear_type, _ = two_halls(factories, dear_period="month")
    user = applicant(factories)
    headers = factories.auth_headers(user)
    halls = assert_ok(client.get(f"{API}/users/halls", headers=headers))["list"]
    offered = {t["id"]: t for h in halls for t in h["room_types"]}
    assert offered[dear_type.id]["price_period"] == "month" and offered[dear_type.id]["name_kk"] == "Бір орындық"
    assert offered[room_type.id]["price_period"] == "academic_year"
    booking = assert_ok(book(client, factories, user, other_hall, dear_type))["booking"]
    assert booking["price_period"] == "month" and booking["room_type"]["name_en"] == "Single"


def test_the_residents_export_and_the_board_speak_the_readers_language_and_name_people(client, factories, db):
    import io

    from openpyxl import load_workbook

    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    hall.name_en, room_type.name_en, room_type.name_kk = "Hall One", "Double", "Екі орындық"
    db.session.commit()
    user, _ = resident(client, factories, hall, room_type, email="named@example.com")
    headers = {**factories.auth_headers(factories.admin()), "Accept-Language": "en"}
    board = assert_ok(client.get(f"{API}/admin/dorm-board?hall_id={hall.id}", headers=headers))
    cell = board["list"][0]["buildings"][0]["floors"][0]["sections"][0]["rooms"][0]
    assert board["list"][0]["name_en"] == "Hall One" and cell["room_type"]["name_kk"] == "Екі орындық"
    assert [p["name"] for p in cell["residents"]] == ["Фамилия Имя"]
    response = client.get(f"{API}/admin/dorm-board/export?hall_id={hall.id}&lang=en", headers=headers)
    rows = list(load_workbook(io.BytesIO(response.data)).worksheets[0].iter_rows(values_only=True))
    assert rows[0][0] == "Hall"
    assert rows[1][0] == "Hall One" and rows[1][5] == "Double" and rows[1][6] == "Male"
    assert rows[1][7] == "Фамилия Имя" and "named@example.com" not in rows[1]


@pytest.mark.parametrize(
    "lang, words", [("ru", "бронирования мест в общежитии: 1"), ("en", "dormitory bookings: 1"), ("kk", "брондары: 1")]
)
def test_a_refused_delete_names_the_bookings_that_block_it(client, factories, db, lang, words):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2)
    resident(client, factories, hall, room_type)
    headers = factories.auth_headers(factories.admin())
    response = client.post(
        f"{API}/universal/SectionRoom/delete?lang={lang}", json={"filters": {"id": room.id}}, headers=headers
    )
    assert response.status_code == 409
    body = response.get_json()
    assert body["message_key"] == "universal.delete_has_children" and words in body["message"]


def test_staff_mark_a_refund_paid_back_once_audited_and_applicants_cannot(client, factories, db):
    from server.models import AuditLog

    hall, room_type, _, other_hall, dear_type, _ = two_halls(factories)
    user, _ = resident(client, factories, other_hall, dear_type)
    request = ask_move(client, factories, user, hall, room_type)
    admin = factories.admin()
    approved = assert_ok(
        post(client, factories, admin, "/admin/update-room-transfer", id=request["id"], action="approve")
    )["item"]
    refund_id = approved["refund"]["id"]
    assert post(client, factories, user, "/admin/settle-dorm-refund", id=refund_id).status_code == 403
    settled = assert_ok(post(client, factories, admin, "/admin/settle-dorm-refund", id=refund_id))["item"]
    assert settled["status"] == "refunded" and settled["amount"] == 30000
    assert_envelope(
        post(client, factories, admin, "/admin/settle-dorm-refund", id=refund_id), 409, "dorm.refund_already_settled"
    )
    assert_envelope(
        post(client, factories, admin, "/admin/settle-dorm-refund", id=999999), 404, "dorm.refund_not_found"
    )
    actions = set(db.session.scalars(select(AuditLog.action)))
    assert {"dorm_refund_settled", "dorm_transfer_approve"} <= actions
    refund = db.session.get(DormRefund, refund_id)
    db.session.refresh(refund)
    assert refund.settled_by_id == admin.id and refund.settled_at is not None
