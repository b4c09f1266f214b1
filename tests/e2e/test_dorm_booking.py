"""Dormitory places in Chromium (issue 13; decisions 0065, 0067).

An applicant books a bed at /dormitory, pays the room type's price on the sandbox card page (the `dorm_booking`
payment purpose) and sees the room; an applicant of the
other gender cannot take a bed in that room; a full room type puts a third applicant on the waitlist, a cancellation
makes them an offer they accept; a resident's transfer request is approved by an admin, who sees the board change.
The page in kk and en shows no untranslated key, and axe-core finds no serious violation at phone width.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from ..helpers import API
from ..integration.dorm_support import applicant, genders, hall_with_rooms
from .test_accessibility import ANIMATIONS_DONE, NO_TRANSITIONS, RUN_AXE
from .test_payments import POLL_WAIT_MS, pay_on_card_page

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def sign_in_as(page, factories, user, lang="ru"):
    stored = {
        "id": user.id,
        "email": user.email,
        "token": factories.token(user),
        "is_verified": user.is_verified,
        "citizenship_id": user.citizenship_id,
        "roles": [{"name": r.name} for r in user.roles],
    }
    page.goto(f"{API}/health")
    page.evaluate("(user) => window.localStorage.setItem('dorm_user', user)", json.dumps(stored))
    page.evaluate("(lang) => window.localStorage.setItem('qabyldau_lang', lang)", lang)


def book_via_api(client, factories, user, hall, room_type):
    response = client.post(
        f"{API}/users/create-booking",
        json={"hall_id": hall.id, "room_type_id": room_type.id},
        headers=factories.auth_headers(user),
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["booking"]


def test_book_pay_gender_waitlist_offer_and_transfer(page, browser, live_server, factories, db, client):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2, price=60000)
    other_hall, other_type, [other_room] = hall_with_rooms(factories, capacity=1, name="Общежитие №2")
    first = applicant(factories, "male", email="first@example.com")

    # 1. the first applicant books through the page and sees the hold deadline, then pays and sees the room
    sign_in_as(page, factories, first)
    page.goto("/dormitory")
    card = page.get_by_test_id(f"room-type-{hall.id}-{room_type.id}")
    expect(card).to_contain_text("60 000 ₸")
    expect(page.get_by_test_id(f"free-{hall.id}-{room_type.id}")).to_contain_text("2")
    page.get_by_test_id(f"details-{hall.id}-{room_type.id}").click()
    expect(page.get_by_test_id("modal-capacity")).to_contain_text("2")
    page.get_by_test_id("modal-book").click()
    expect(page.get_by_test_id("hold-deadline")).to_contain_text("Место удерживается до")
    page.get_by_test_id("pay-booking").click()
    panel = page.get_by_test_id("dorm-payment")
    panel.get_by_test_id("payment-consent").check()
    with page.expect_popup() as popup_info:
        panel.get_by_test_id("payment-proceed").click()
    card_page = popup_info.value
    expect(card_page.get_by_test_id("sandbox-amount")).to_have_text(re.compile(r"60\s000 ₸"))
    pay_on_card_page(card_page, "4242 4242 4242 4242")
    expect(card_page.get_by_test_id("sandbox-result")).to_have_text("Оплата прошла успешно")
    card_page.close()
    expect(page.get_by_test_id("booking-status")).to_have_text("Оплачено", timeout=POLL_WAIT_MS)
    expect(page.get_by_test_id("booking-room")).to_contain_text(f"комната {room.name}")

    # 2. a woman: the man's room is not hers — no free place of this type for her, only the waitlist
    woman = applicant(factories, "female", email="woman@example.com")
    sign_in_as(page, factories, woman)
    page.goto("/dormitory")
    expect(page.get_by_test_id(f"free-{hall.id}-{room_type.id}")).to_contain_text("0")
    expect(page.get_by_test_id(f"book-{hall.id}-{room_type.id}")).to_have_text("Встать в лист ожидания")

    # 3. the last bed goes to a second man; a third joins the waitlist and gets the place after a cancellation
    second = applicant(factories, "male")
    second_booking = book_via_api(client, factories, second, hall, room_type)
    third = applicant(factories, "male", email="third@example.com")
    sign_in_as(page, factories, third)
    page.goto("/dormitory")
    page.get_by_test_id(f"book-{hall.id}-{room_type.id}").click()
    expect(page.get_by_test_id("waitlist-position")).to_contain_text("1-й из 1")
    response = client.post(
        f"{API}/users/update-booking",
        json={"action": "cancel", "booking_id": second_booking["id"]},
        headers=factories.auth_headers(second),
    )
    assert response.status_code == 200
    page.reload()
    expect(page.get_by_test_id("offer-deadline")).to_be_visible()
    page.get_by_test_id("accept-offer").click()
    expect(page.get_by_test_id("hold-deadline")).to_be_visible()
    mails = client.get(f"{API}/dev/outbox", query_string={"email": "third@example.com"}).get_json()["list"]
    assert mails and "24" in mails[0]["body"]

    # 4. the resident asks to move to the other hall; an admin approves and the board shows the move
    response = client.post(
        f"{API}/users/create-room-transfer-request",
        json={"kind": "move", "hall_id": other_hall.id, "room_type_id": other_type.id},
        headers=factories.auth_headers(first),
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    request_id = response.get_json()["item"]["id"]
    admin = factories.admin(email="dorm.staff@university.kz")
    admin.citizenship_id = factories.citizenship().id
    db.session.commit()
    sign_in_as(page, factories, admin)
    page.goto("/admin/dorm-board")
    expect(page.get_by_test_id(f"board-room-{room.id}")).to_contain_text("Фамилия Имя")
    expect(page.get_by_test_id(f"board-room-{other_room.id}")).not_to_contain_text("Фамилия")
    page.goto("/admin/dorm-transfers")
    page.get_by_test_id(f"approve-{request_id}").click()
    expect(page.get_by_test_id(f"admin-transfer-{request_id}")).to_have_count(0)
    page.goto("/admin/dorm-board")
    expect(page.get_by_test_id(f"board-room-{other_room.id}")).to_contain_text("Оплачено")

    # 5. the resident sees the outcome
    sign_in_as(page, factories, first)
    page.goto("/dormitory")
    expect(page.get_by_test_id(f"transfer-status-{request_id}")).to_have_text("одобрена")
    expect(page.get_by_test_id("booking-room")).to_contain_text(f"комната {other_room.name}")


def test_dormitory_page_in_kk_and_en_at_phone_width_has_no_raw_keys_and_no_serious_axe_violation(
    browser, live_server, factories, db
):
    genders(factories)
    hall, room_type, _ = hall_with_rooms(factories, capacity=2)
    user = applicant(factories, "male")
    for lang, word in (("kk", "Жатақхана"), ("en", "Dormitory")):
        context = browser.new_context(base_url=live_server, bypass_csp=True, viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        page = context.new_page()
        try:
            sign_in_as(page, factories, user, lang)
            page.goto("/dormitory")
            expect(page.get_by_role("heading", level=1)).to_have_text(word)
            page.get_by_test_id(f"details-{hall.id}-{room_type.id}").click()
            expect(page.get_by_test_id("modal-capacity")).to_be_visible()
            text = page.inner_text("body")
            assert not re.search(r"\bdorm(_admin)?\.[a-z_.]+", text), text
            page.wait_for_load_state("networkidle")
            page.add_style_tag(content=NO_TRANSITIONS)
            page.add_script_tag(path=str(AXE_JS))
            page.wait_for_function(ANIMATIONS_DONE)
            blocking = [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]
            assert not blocking, blocking
        finally:
            context.close()
