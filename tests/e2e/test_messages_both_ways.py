"""Messages both ways in Chromium (issue 23, decision 0084).

A foreign admin writes to an applicant from the application panel. The applicant sees the unread count in the
header (and in the phone menu), the newest message on the application's card, opens the thread (which marks it
read) and replies. Staff see the reply as unread on the queue row and in the menu's "Applicants' replies" badge,
open the panel (which marks it read) and answer. The applicant's thread passes axe in ru, kk and en; the staff
screens in ru; the thread holds at 390 px without sideways scrolling.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import ApplicationMessage

from ..factories import DEFAULT_PASSWORD
from ..integration.admin_support import applicant_application, main_info
from .contexts import ARTIFACTS, browser_context_for
from .second_factor import pass_second_factor
from .test_accessibility import Audit

STAFF_PASSWORD = "staff-pass-2026"
STAFF_EMAIL = "messages.admin@university.kz"


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(browser, live_server, request, bypass_csp=True) as context:
        yield context


@pytest.fixture
def applicant_page(browser, live_server, db, request):
    """The applicant's own browser, next to the admin's `page`."""
    with browser_context_for(browser, live_server, request, bypass_csp=True) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        assert not errors, f"uncaught errors in the applicant's page: {errors}"


@pytest.fixture(autouse=True)
def patient_expectations():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def sign_in(page, email, password, staff):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(password)
    page.get_by_test_id("signin-submit").click()
    if staff:
        pass_second_factor(page, email)
    else:
        expect(page).not_to_have_url(re.compile(r"/auth"))


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_a_staff_message_is_seen_and_answered_and_the_reply_is_seen_by_staff(page, applicant_page, factories, db):
    factories.admin(role="Админ", email=STAFF_EMAIL, password=STAFF_PASSWORD)
    application = applicant_application(factories, status=0, answers=main_info(False, last="Сагинтаева", first="Айнур"))
    applicant_email = application.user.email
    staff_audit = Audit(page, "desktop")
    audit = Audit(applicant_page, "desktop")

    # Staff write from the panel.
    sign_in(page, STAFF_EMAIL, STAFF_PASSWORD, staff=True)
    expect(page.get_by_test_id("admin-dashboard")).to_be_visible()
    page.goto(f"/admin/applied?application={application.id}")
    panel = page.get_by_test_id("application-panel")
    panel.get_by_test_id("message-input").fill("Пожалуйста, загрузите скан паспорта")
    panel.get_by_test_id("message-send").click()
    expect(panel.get_by_test_id("panel-messages")).to_contain_text("Пожалуйста, загрузите скан паспорта")
    expect(panel.get_by_test_id("panel-messages")).to_contain_text("Абитуриент ещё не прочитал")
    panel.get_by_test_id("panel-close").click()

    # The applicant: the header count, the card, the phone menu.
    applicant = applicant_page
    sign_in(applicant, applicant_email, DEFAULT_PASSWORD, staff=False)
    applicant.goto("/my-applications")
    expect(applicant.get_by_test_id("header-unread-messages")).to_have_text("1")
    expect(applicant.get_by_test_id("my-applications-link")).to_have_accessible_name(
        re.compile("непрочитанных сообщений: 1")
    )
    expect(applicant.get_by_test_id(f"application-unread-{application.id}")).to_have_text("Новых сообщений: 1")
    expect(applicant.get_by_test_id(f"application-latest-message-{application.id}")).to_contain_text(
        "Приёмная комиссия: Пожалуйста, загрузите скан паспорта"
    )
    audit("/my-applications with an unread message")
    applicant.set_viewport_size({"width": 390, "height": 844})
    applicant.get_by_test_id("mobile-menu-button").click()
    expect(applicant.get_by_test_id("mobile-unread-messages")).to_have_text("1")
    applicant.keyboard.press("Escape")
    expect(applicant.get_by_test_id("mobile-menu")).to_be_hidden()

    # The thread at phone width: opening it marks the message read (the header count goes).
    applicant.get_by_test_id(f"open-messages-{application.id}").click()
    expect(applicant).to_have_url(re.compile(rf"/my-applications/{application.id}/messages$"))
    thread = applicant.get_by_test_id("thread-list")
    expect(thread.locator("[data-side=staff]")).to_contain_text("Пожалуйста, загрузите скан паспорта")
    expect(thread.get_by_test_id("thread-message-new")).to_be_visible()
    expect(applicant.get_by_test_id("notification-badge")).to_have_count(0)  # the bell's entry is read with it
    applicant.get_by_test_id("mobile-menu-button").click()
    expect(applicant.get_by_test_id("mobile-my-applications-link")).to_be_visible()
    expect(applicant.get_by_test_id("mobile-unread-messages")).to_have_count(0)
    applicant.keyboard.press("Escape")
    no_sideways_scroll(applicant)
    audit("/my-applications/:id/messages at 390 px")

    # The reply.
    applicant.get_by_test_id("thread-reply-input").fill("Загрузила скан, проверьте, пожалуйста")
    applicant.get_by_test_id("thread-reply-send").click()
    newest = thread.get_by_role("listitem").first
    expect(newest).to_have_attribute("data-side", "applicant")
    expect(newest).to_contain_text("Загрузила скан, проверьте, пожалуйста")
    expect(newest).to_contain_text("Не прочитано")
    expect(applicant.get_by_test_id("thread-reply-input")).to_have_value("")
    expect(applicant.get_by_test_id("thread-reply-input")).to_be_focused()
    no_sideways_scroll(applicant)
    ARTIFACTS.mkdir(exist_ok=True)
    applicant.screenshot(path=str(ARTIFACTS / "messages-thread-390.png"), full_page=True)

    # Kazakh and English, back at desktop width.
    applicant.set_viewport_size({"width": 1280, "height": 900})
    applicant.get_by_test_id("lang-kk").click()
    expect(applicant.get_by_role("heading", name="Өтініш бойынша хабарламалар")).to_be_visible()
    expect(newest).to_contain_text("Сіз")
    audit("/my-applications/:id/messages in kk")
    applicant.get_by_test_id("lang-en").click()
    expect(applicant.get_by_role("heading", name="Messages about the application")).to_be_visible()
    expect(thread.locator("[data-side=staff]")).to_contain_text("Admissions office")
    audit("/my-applications/:id/messages in en")
    applicant.get_by_test_id("thread-back").click()
    expect(applicant.get_by_test_id(f"application-latest-message-{application.id}")).to_contain_text(
        "You: Загрузила скан"
    )
    expect(applicant.get_by_test_id(f"application-unread-{application.id}")).to_have_count(0)
    audit("/my-applications in en")

    # Staff: the unread reply on the queue row and in the menu badge; the menu entry lists it.
    page.goto("/admin/applied")
    expect(page.get_by_test_id(f"row-unread-{application.id}")).to_have_text("Непрочитанных ответов: 1")
    menu = page.get_by_test_id("admin-menu")
    expect(menu.get_by_test_id("admin-count-replies")).to_have_text("1")
    staff_audit("/admin/applied with an unread reply")
    menu.get_by_test_id("admin-menu-replies").click()
    expect(page).to_have_url(re.compile(r"/admin/users\?unread=true$"))
    expect(page.get_by_test_id("queue-grid")).to_contain_text("Сагинтаева")

    # The panel shows both sides; opening it marks the reply read; staff answer.
    page.get_by_test_id(f"open-{application.id}").click()
    panel = page.get_by_test_id("application-panel")
    reply = panel.locator("[data-side=applicant]")
    expect(reply).to_contain_text("Загрузила скан, проверьте, пожалуйста")
    expect(reply).to_contain_text("Новый ответ")
    expect(panel.locator("[data-side=staff]")).to_contain_text("Прочитано абитуриентом")
    expect(menu.get_by_test_id("admin-count-replies")).to_have_text("0")
    staff_audit("/admin/users?unread=true with the panel open")
    panel.get_by_test_id("message-input").fill("Спасибо, скан принят")
    panel.get_by_test_id("message-send").click()
    expect(panel.get_by_test_id("panel-messages")).to_contain_text("Спасибо, скан принят")

    # The applicant is told again.
    applicant.reload()
    expect(applicant.get_by_test_id("header-unread-messages")).to_have_text("1")

    db.session.expire_all()
    rows = db.session.scalars(select(ApplicationMessage).order_by(ApplicationMessage.id)).all()
    assert [(m.author_side, m.read_at is not None) for m in rows] == [
        ("staff", True),
        ("applicant", True),
        ("staff", False),
    ]
    audit.check()
    staff_audit.check()
