"""Dates as users in Kazakhstan write them (req §5, §8; issue 9 §5), in Chromium with the browser locale en-US.

In each of ru, kk and en an applicant types a date of birth into the questionnaire's date field: it is shown as
DD.MM.YYYY (not the browser's MM/DD/YYYY), an impossible date says 'Date input not valid.' in the UI language and
is not saved, and the date that is saved is the ISO date the server has always stored.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import UserData

PASSWORD = "dates-pass1"


def sign_in(page, email):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def type_date(page, box, digits):
    """Types like a person: click at the start of the field (the day), then the digits; the dots come by themselves."""
    box.click(position={"x": 4, "y": 8})
    page.keyboard.type(digits, delay=20)


def saved_main_info(db, application_id, timeout=10.0):
    """The saved answers of the main-info step (the partial save of Next runs after the click returns)."""
    deadline = time.monotonic() + timeout
    while True:
        db.session.expire_all()
        row = db.session.scalar(
            select(UserData).where(UserData.application_id == application_id, UserData.type == "fillStepMainInfo")
        )
        if (row is not None and "date_of_birth" in (row.data or {})) or time.monotonic() > deadline:
            return row.data if row is not None else None
        time.sleep(0.2)


@pytest.fixture
def en_us_page(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.mark.parametrize(
    "lang, invalid",
    [("ru", "Дата введена неверно."), ("kk", "Күн дұрыс енгізілмеген."), ("en", "Date input not valid.")],
)
def test_a_typed_date_is_shown_as_dd_mm_yyyy_and_saved_as_an_iso_date(en_us_page, factories, db, lang, invalid):
    page = en_us_page
    email = f"dates.{lang}@example.com"
    user = factories.applicant(email=email, password=PASSWORD)
    application = factories.application(user=user)
    sign_in(page, email)
    assert page.evaluate("navigator.language") == "en-US"
    page.get_by_test_id(f"lang-{lang}").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.goto(f"/apply/{application.id}")

    date = page.get_by_test_id("field-date_of_birth")
    expect(date).to_be_visible()
    # No 31 February: the field says so in the UI language once it is left, and Next does not save it.
    type_date(page, date, "31022001")
    expect(date).to_have_value("31.02.2001")
    page.get_by_test_id("field-first_name").click()
    expect(page.get_by_text(invalid, exact=True)).to_be_visible()
    page.get_by_test_id("questionnaire-next").click()
    expect(page.get_by_test_id("snackbar-error")).to_be_visible()
    page.get_by_test_id("snackbar-error").get_by_role("button").click()
    assert saved_main_info(db, application.id, timeout=1.5) is None

    # A real date: shown DD.MM.YYYY, saved as YYYY-MM-DD with what else was typed (Next keeps typed answers).
    type_date(page, date, "15032001")
    expect(date).to_have_value("15.03.2001")
    expect(page.get_by_text(invalid, exact=True)).to_have_count(0)
    page.get_by_test_id("field-first_name").fill("Aru")
    page.get_by_test_id("questionnaire-next").click()
    expect(page.get_by_test_id("snackbar-error")).to_be_visible()  # other required fields are still empty
    data = saved_main_info(db, application.id)
    assert data is not None and data["date_of_birth"] == "2001-03-15"
    assert data["first_name"] == "Aru"

    # Read back after a reload: the stored ISO date is shown as DD.MM.YYYY again.
    page.reload()
    expect(page.get_by_test_id("field-date_of_birth")).to_have_value("15.03.2001")


@pytest.mark.parametrize("lang, placeholder", [("ru", "ДД.ММ.ГГГГ"), ("kk", "КК.АА.ЖЖЖЖ")])
def test_on_a_phone_the_date_is_typed_on_digits_and_the_calendar_fits(
    browser, live_server, factories, lang, placeholder
):
    """390 px: the field is a text field asking for digits (inputmode=numeric) that shows its format once focused;
    its calendar is a dialog within the screen, picks a day and gives the focus back to its button (issue 27: the
    calendar is a chunk of its own, fetched when its button is pointed at, focused or pressed)."""
    email = f"dates.phone.{lang}@example.com"
    user = factories.applicant(email=email, password=PASSWORD)
    application = factories.application(user=user)
    phone = {"width": 390, "height": 844}
    context = browser.new_context(base_url=live_server, locale="ru-RU", viewport=phone, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    try:
        sign_in(page, email)
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto(f"/apply/{application.id}")
        date = page.get_by_test_id("field-date_of_birth")
        expect(date).to_be_visible()
        expect(date).to_have_attribute("inputmode", "numeric")
        assert not any("date-picker" in url for url in scripts), "the calendar came with the first screen"

        date.click(position={"x": 4, "y": 8})
        expect(date).to_have_value(placeholder)
        page.keyboard.type("15032001", delay=20)
        expect(date).to_have_value("15.03.2001")

        button = page.get_by_test_id("field-date_of_birth-calendar")
        button.click()
        dialog = page.get_by_role("dialog")
        expect(dialog).to_be_visible()
        assert any("date-picker" in url for url in scripts)
        box = dialog.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        dialog.get_by_role("gridcell", name="20", exact=True).click()
        expect(page.get_by_role("dialog")).to_have_count(0)
        expect(date).to_have_value("20.03.2001")
        expect(button).to_be_focused()
    finally:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
