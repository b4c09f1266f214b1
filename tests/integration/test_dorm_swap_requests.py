"""Issue 22, finding 11: room-swap requests told who lives in the dormitory and sent unthrottled mail.

A swap request now answers the same whether or not the e-mail is a resident's (status, headers, body), the request
call is rate-limited per account, and a resident gets at most one mail per requester and local day (decision 0067,
"Swap requests"). SQLite and PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import func, select

from server.dorm import bookings as dorm_bookings
from server.models import DormSwapNotice

from ..helpers import assert_envelope, assert_ok, outbox
from .dorm_support import applicant, book, genders, hall_with_rooms

API = "/api/v1"
# Headers that differ between any two responses (time, request id) or follow the body's length.
VARYING_HEADERS = {"date", "x-request-id", "content-length", "x-ratelimit-reset", "retry-after"}


def _swap_mails(client, email: str) -> list[dict]:
    """Swap-request mails only: a paid booking also mails its dormitory assignment letter (decision 0080)."""
    return [mail for mail in outbox(client, email) if "обменяться" in mail["body"]]


def resident(client, factories, hall, room_type, **kw):
    user = applicant(factories, **kw)
    booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
    dorm_bookings.confirm_booking_paid(booking["id"], f"ref-{booking['id']}")
    return user


def ask_swap(client, factories, user, email):
    return client.post(
        f"{API}/users/create-room-transfer-request",
        json={"kind": "swap", "swap_email": email},
        headers=factories.auth_headers(user),
    )


def cancel(client, factories, user, request_id):
    return assert_ok(
        client.post(
            f"{API}/users/update-room-transfer-request",
            json={"request_id": request_id, "action": "cancel"},
            headers=factories.auth_headers(user),
        )
    )


def observable(response) -> tuple:
    """What a requester can see of an answer, minus what differs between any two requests (ids, time)."""
    body = response.get_json()
    item = {k: v for k, v in (body.get("item") or {}).items() if k not in ("id", "user_id", "booking_id", "created_at")}
    headers = sorted((k, v) for k, v in response.headers.items() if k.lower() not in VARYING_HEADERS)
    return response.status_code, headers, {**body, "item": item}


def test_a_swap_request_answers_the_same_whoever_the_email_belongs_to(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=8, capacity=1)
    resident(client, factories, hall, room_type, email="resident@example.com")
    holder = applicant(factories, email="holder@example.com")
    assert_ok(book(client, factories, holder, hall, room_type))  # a held, unpaid place: not a resident
    applicant(factories, email="applicant@example.com")  # an account without a place
    factories.admin(email="staff@example.com")
    targets = [
        "resident@example.com",
        "holder@example.com",
        "applicant@example.com",
        "staff@example.com",
        "nobody@x.kz",
    ]
    requesters = [resident(client, factories, hall, room_type) for _ in targets]

    answers = [observable(ask_swap(client, factories, r, email)) for r, email in zip(requesters, targets, strict=True)]
    for answer in answers:
        assert answer == answers[0]
    assert answers[0][0] == 200 and answers[0][2]["item"]["status"] == "pending"
    assert "swap_user_id" not in answers[0][2]["item"]
    # What the requester reads back later says no more.
    states = [
        assert_ok(client.post(f"{API}/users/check-booking", json={}, headers=factories.auth_headers(r)))
        for r in requesters
    ]
    assert all("swap_user_id" not in s["transfers"][0] for s in states)
    # Only the resident is mailed (by the job, after the answer).
    assert len(_swap_mails(client, "resident@example.com")) == 1
    assert all(outbox(client, email) == [] for email in targets[1:])


def test_swap_requests_are_rate_limited_per_account(client, factories, db, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_DORM_TRANSFER_REQUEST_PER_ACCOUNT", "3 per hour")
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=3, capacity=1)
    requester = resident(client, factories, hall, room_type)
    other = resident(client, factories, hall, room_type, email="other@example.com")
    first = assert_ok(ask_swap(client, factories, requester, "other@example.com"))["item"]
    cancel(client, factories, requester, first["id"])
    for email in ("a@example.com", "b@example.com"):
        response = ask_swap(client, factories, requester, email)
        assert response.status_code in (200, 409), response.get_json()
        if response.status_code == 200:
            cancel(client, factories, requester, response.get_json()["item"]["id"])
    assert_envelope(ask_swap(client, factories, requester, "c@example.com"), 429, "errors.rate_limited")
    # Another resident is not held back by the first one's limit.
    assert_ok(ask_swap(client, factories, other, "nobody@example.com"))


def test_a_resident_gets_at_most_one_swap_mail_per_requester_and_day(client, factories, db, app, monkeypatch):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=3, capacity=1)
    resident(client, factories, hall, room_type, email="target@example.com")
    requester = resident(client, factories, hall, room_type)
    for _ in range(3):  # ask, cancel, ask again the same day
        request = assert_ok(ask_swap(client, factories, requester, "target@example.com"))["item"]
        cancel(client, factories, requester, request["id"])
    assert len(_swap_mails(client, "target@example.com")) == 1
    # Another requester is another pair.
    someone = resident(client, factories, hall, room_type)
    assert_ok(ask_swap(client, factories, someone, "target@example.com"))
    assert len(_swap_mails(client, "target@example.com")) == 2
    # The next local day the first requester may remind once more.
    monkeypatch.setitem(app.config, "LOCAL_UTC_OFFSET_MINUTES", 300 + 24 * 60)
    assert_ok(ask_swap(client, factories, requester, "target@example.com"))
    assert len(_swap_mails(client, "target@example.com")) == 3
    assert db.session.scalar(select(func.count(DormSwapNotice.id))) == 3


def test_a_swap_needs_an_email_other_than_ones_own(client, factories, db):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, rooms=1, capacity=1)
    requester = resident(client, factories, hall, room_type, email="me@example.com")
    assert_envelope(ask_swap(client, factories, requester, "ME@example.com"), 422, "dorm.swap_with_self")
    response = client.post(
        f"{API}/users/create-room-transfer-request", json={"kind": "swap"}, headers=factories.auth_headers(requester)
    )
    assert_envelope(response, 400, "dorm.transfer_target_required")
