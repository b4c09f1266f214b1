"""The notification centre, unsubscribe links and notification settings in Chromium (issue 26; decision 0081).

A staff message lights the header bell of the applicant; opening the entry goes where to act and marks it read. A
reminder's unsubscribe link works without signing in (a changed one is refused). The settings page has no serious
axe-core violation in ru, kk and en, and a language switch in the shell is stored on the account.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from server.accounts import notifications as notification_service
from server.models import User

from ..helpers import API
from ..integration.admin_support import FOREIGN_ADMIN
from .test_accessibility import ANIMATIONS_DONE, NO_TRANSITIONS, RUN_AXE
from .test_dorm_booking import AXE_JS, sign_in_as

OUTER_HTML = """(t) => document.querySelector(t).outerHTML.replace(/class="[^"]*"/g, '').slice(0, 900)"""
TITLES = {"ru": "Настройки уведомлений", "kk": "Хабарландыру баптаулары", "en": "Notification settings"}


def _axe_blocking(page):
    page.wait_for_load_state("networkidle")
    page.add_style_tag(content=NO_TRANSITIONS)
    page.add_script_tag(path=str(AXE_JS))
    page.wait_for_function(ANIMATIONS_DONE)
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]


def _context(browser, live_server, width=1280):
    context = browser.new_context(base_url=live_server, bypass_csp=True, viewport={"width": width, "height": 900})
    context.set_default_timeout(10_000)
    return context


def test_bell_unsubscribe_and_settings(browser, live_server, factories, db, client):
    user = factories.applicant(email="bell-e2e@example.com", language="ru")
    factories.application(user=user)
    admin = factories.admin(role=FOREIGN_ADMIN)
    response = client.post(
        f"{API}/admin/send-application-message",
        headers=factories.auth_headers(admin),
        json={"user_id": user.id, "content": "Принесите оригинал аттестата"},
    )
    assert response.status_code == 200, response.get_data(as_text=True)

    context = _context(browser, live_server)
    page = context.new_page()
    try:
        sign_in_as(page, factories, user, "ru")
        page.goto("/my-applications")
        bell = page.get_by_test_id("notification-bell")
        expect(bell).to_have_attribute("aria-label", "Уведомления, непрочитанных: 1")
        bell.click()
        item = page.get_by_test_id("notification-item").first
        expect(item).to_contain_text("Новое сообщение от приёмной комиссии")
        expect(item).to_have_attribute("data-read", "false")
        item.get_by_role("link").click()
        # A staff message's bell entry opens the application's thread, which marks it read (decision 0084).
        expect(page).to_have_url(re.compile(r"/my-applications/\d+/messages$"))
        expect(bell).to_have_attribute("aria-label", "Уведомления")

        # the settings page, in each language, without serious axe violations
        for lang, title in TITLES.items():
            page.evaluate("(lang) => window.localStorage.setItem('qabyldau_lang', lang)", lang)
            page.goto("/settings/notifications")
            expect(page.get_by_role("heading", level=1)).to_have_text(title)
            expect(page.get_by_test_id("setting-fee_unpaid").locator("input")).to_be_checked()
            blocking = _axe_blocking(page)
            assert not blocking, (
                lang,
                [(v["id"], page.evaluate(OUTER_HTML, n["target"])) for v in blocking for n in v["targets"]],
            )

        # a language switch in the shell is stored on the account (the language of its mail)
        page.get_by_test_id("lang-kk").click()
        deadline = time.monotonic() + 10
        while db.session.get(User, user.id).language != "kk" and time.monotonic() < deadline:
            db.session.expire_all()
            time.sleep(0.2)
        assert db.session.get(User, user.id).language == "kk"
    finally:
        context.close()

    # the unsubscribe link of a reminder works without signing in; a changed one is refused
    token = notification_service.unsubscribe_token(user.id, "fee_unpaid")
    context = _context(browser, live_server, width=390)
    page = context.new_page()
    try:
        page.goto(f"/unsubscribe/{token[:-3]}abc")
        expect(page.get_by_role("alert")).to_be_visible()
        page.goto(f"/unsubscribe/{token}")
        page.get_by_test_id("unsubscribe-confirm").click()
        expect(page.get_by_test_id("unsubscribe-done")).to_be_visible()
    finally:
        context.close()
    db.session.expire_all()
    assert notification_service.is_enabled(user.id, "fee_unpaid") is False
