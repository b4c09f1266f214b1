"""A move into a dearer room asks for the difference (issue 23; decision 0088), in Chromium.

A resident of a 60 000 ₸ room asks on /dormitory to move to a 90 000 ₸ one; a staff member approves it on the
transfers screen, which then lists it under "Awaiting payment" with the 30 000 ₸ asked; the resident's page says to
pay the difference, they pay it on the sandbox card page (the `dorm_transfer_difference` payment purpose), the move
completes and the receipt is on the page. The page with the difference asked is checked with axe-core in ru, kk and
en at phone width (390 px), and a screenshot is kept for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from ..integration.dorm_support import applicant, genders, hall_with_rooms
from .test_accessibility import ANIMATIONS_DONE, NO_TRANSITIONS, RUN_AXE
from .test_dorm_booking import AXE_JS, sign_in_as
from .test_payments import POLL_WAIT_MS, pay_on_card_page

API = "/api/v1"
SCREENSHOT = Path("/tmp/dorm_transfer_difference_390.png")


def _resident(client, factories, user, hall, room_type):
    from server.dorm import bookings as dorm_bookings

    response = client.post(
        f"{API}/users/create-booking",
        json={"hall_id": hall.id, "room_type_id": room_type.id},
        headers=factories.auth_headers(user),
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    booking = response.get_json()["booking"]
    dorm_bookings.confirm_booking_paid(booking["id"], f"ref-{booking['id']}")
    return booking


def _axe_clean(page):
    page.wait_for_load_state("networkidle")
    page.add_style_tag(content=NO_TRANSITIONS)
    page.add_script_tag(path=str(AXE_JS))
    page.wait_for_function(ANIMATIONS_DONE)
    blocking = [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]
    assert not blocking, blocking


def test_a_dearer_move_asks_for_the_difference_and_completes_once_paid(
    page, browser, live_server, factories, db, client
):
    genders(factories)
    hall, room_type, [room] = hall_with_rooms(factories, capacity=2, price=60000)
    dear = factories.room_type(name="Одноместная", capacity=1, price=90000)
    dear.name_kk, dear.name_en, dear.price_period = "Бір орындық", "Single room", "semester"
    room_type.price_period = "semester"
    db.session.commit()
    other_hall, _, [dear_room] = hall_with_rooms(factories, name="Общежитие №2", room_type=dear)
    resident = applicant(factories, "male", email="mover@example.com")
    _resident(client, factories, resident, hall, room_type)

    # 1. the resident asks to move into the dearer room; the choice shows its price and period
    sign_in_as(page, factories, resident)
    page.goto("/dormitory")
    expect(page.get_by_test_id("booking-price")).to_contain_text("за семестр")
    page.get_by_test_id("open-transfer").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("combobox").click()
    page.get_by_role("option", name=re.compile("Одноместная")).click()
    dialog.get_by_test_id("transfer-submit").click()
    expect(page.get_by_test_id("transfers")).to_contain_text("Одноместная")
    request_id = client.get(
        f"{API}/admin/transfers?type=pending", headers=factories.auth_headers(factories.admin())
    ).get_json()["list"][0]["id"]

    # 2. staff approve; the request waits for the difference and says so
    staff = factories.admin(email="dorm.money@university.kz")
    staff.citizenship_id = factories.citizenship().id
    db.session.commit()
    sign_in_as(page, factories, staff)
    page.goto("/admin/dorm-transfers")
    expect(page.get_by_test_id(f"admin-transfer-{request_id}")).to_contain_text("Фамилия Имя")
    expect(page.get_by_test_id(f"admin-transfer-{request_id}")).not_to_contain_text("mover@example.com")
    page.get_by_test_id(f"approve-{request_id}").click()
    expect(page.get_by_test_id(f"admin-transfer-{request_id}")).to_have_count(0)
    page.get_by_test_id("transfers-tab-awaiting_payment").click()
    expect(page.get_by_test_id(f"admin-transfer-difference-{request_id}")).to_contain_text(re.compile(r"30\s000\s₸"))

    # 3. the resident's page asks for the difference, in three languages, axe-clean at phone width
    for lang, words in (("ru", "оплатите разницу"), ("kk", "айырманы төлеңіз"), ("en", "pay the difference")):
        context = browser.new_context(base_url=live_server, bypass_csp=True, viewport={"width": 390, "height": 844})
        context.set_default_timeout(10_000)
        phone = context.new_page()
        try:
            sign_in_as(phone, factories, resident, lang)
            phone.goto("/dormitory")
            expect(phone.get_by_test_id(f"transfer-difference-{request_id}")).to_contain_text(words)
            text = phone.inner_text("body")
            assert not re.search(r"\bdorm(_admin)?\.[a-z_.]+", text), text
            _axe_clean(phone)
            if lang == "en":
                expect(phone.get_by_test_id(f"transfer-{request_id}")).to_contain_text("Single room")
                phone.get_by_test_id(f"transfer-difference-{request_id}").scroll_into_view_if_needed()
                phone.screenshot(path=str(SCREENSHOT), full_page=True)
                width = phone.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, width  # nothing scrolls sideways on a phone
        finally:
            context.close()

    # 4. the resident pays the difference on the sandbox card page; the move completes, the receipt shows
    sign_in_as(page, factories, resident)
    page.goto("/dormitory")
    page.get_by_test_id(f"pay-difference-{request_id}").click()
    panel = page.get_by_test_id("transfer-payment")
    panel.get_by_test_id("payment-consent").check()
    with page.expect_popup() as popup_info:
        panel.get_by_test_id("payment-proceed").click()
    card_page = popup_info.value
    expect(card_page.get_by_test_id("sandbox-amount")).to_have_text(re.compile(r"30\s000\s₸"))
    pay_on_card_page(card_page, "4242 4242 4242 4242")
    expect(card_page.get_by_test_id("sandbox-result")).to_have_text("Оплата прошла успешно")
    card_page.close()
    expect(page.get_by_test_id(f"transfer-status-{request_id}")).to_have_text("одобрена", timeout=POLL_WAIT_MS)
    expect(page.get_by_test_id("booking-room")).to_contain_text(f"комната {dear_room.name}")
    expect(page.get_by_test_id("dorm-receipts")).to_contain_text("Доплата за переселение")
    expect(page.get_by_test_id("dorm-receipts")).to_contain_text(re.compile(r"30\s000\s₸"))
