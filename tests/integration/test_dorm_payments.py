"""The `dorm_booking` payment purpose (issue 13; decisions 0065, 0067): the applicant pays the held booking's price
on the sandbox card page; the verified notification confirms the booking; an expired hold or another applicant's
booking cannot be paid; a payment landing after the hold expired is kept but flagged, the booking not revived."""

from __future__ import annotations

from datetime import timedelta

from server.models import DormBooking, Payment
from server.models.base import utcnow

from ..helpers import assert_envelope, assert_ok
from .dorm_support import applicant, book, genders, hall_with_rooms
from .payments_support import SUCCESS_CARD, fields_for, notify, pay_on_sandbox_page, start

API = "/api/v1"


def held(client, factories, **kw):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, price=75000, **kw)
    user = applicant(factories)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    return user, booking, factories.auth_headers(user)


def test_paying_the_room_type_price_on_the_sandbox_confirms_the_booking(client, factories, db):
    user, booking, headers = held(client, factories)
    answer = assert_ok(start(client, headers, purpose="dorm_booking", purpose_ref_id=booking["id"]))
    assert answer["payment"]["amount"] == 75000  # the room type's price
    response = pay_on_sandbox_page(client, answer["sandbox_url"], SUCCESS_CARD)
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:300]
    state = assert_ok(client.post(f"{API}/users/check-booking", json={}, headers=headers))
    assert state["booking"]["status"] == "confirmed"
    db.session.expire_all()
    row = db.session.get(DormBooking, booking["id"])
    assert row.payment_ref and row.payment_ref.startswith("payment:")
    # paying again is refused
    assert_envelope(start(client, headers, purpose="dorm_booking", purpose_ref_id=booking["id"]), 409)


def test_another_applicants_booking_or_an_expired_hold_cannot_be_paid(client, factories, db):
    user, booking, headers = held(client, factories, capacity=2)
    stranger = applicant(factories)
    assert_envelope(
        start(client, factories.auth_headers(stranger), purpose="dorm_booking", purpose_ref_id=booking["id"]), 404
    )
    db.session.get(DormBooking, booking["id"]).hold_expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    assert_envelope(
        start(client, headers, purpose="dorm_booking", purpose_ref_id=booking["id"]), 409, "dorm.hold_expired"
    )


def test_a_payment_after_the_hold_expired_is_flagged_and_the_booking_stays_expired(client, factories, db):
    from server.dorm import bookings as dorm_bookings

    user, booking, headers = held(client, factories)
    answer = assert_ok(start(client, headers, purpose="dorm_booking", purpose_ref_id=booking["id"]))
    payment_id = answer["payment"]["id"]
    db.session.get(DormBooking, booking["id"]).hold_expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    dorm_bookings.expire_due()
    notify(client, "pay", fields_for(payment_id, user.id, amount=75000, TransactionId="late-1"))
    db.session.expire_all()
    payment = db.session.get(Payment, payment_id)
    assert payment.status == "paid" and payment.flagged
    assert db.session.get(DormBooking, booking["id"]).status == "expired"
