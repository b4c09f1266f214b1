"""axe-core on the payment screens (design §9), desktop and phone: the home-page message modal with its Pay panel,
the sandbox card page (form, validation errors, declined, paid) and the receipt. Same audit as
test_accessibility.py (its context runs with bypass_csp so axe can be injected)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from server.payments import home_messages

from .test_accessibility import Audit, browser_context  # noqa: F401  (the two-width, axe-ready context)
from .test_payments import pay_on_card_page, sign_in


def test_payment_screens_have_no_serious_violations(page, request, db, factories):
    width = request.node.callspec.params["browser_context"]
    user = factories.applicant(kz=True)
    home_messages.create(
        type="payment", is_permanent=True, amount=9990, title_ru="Доплата", text_ru="Пожалуйста, доплатите остаток"
    )
    audit = Audit(page, width)
    sign_in(page, user.email)
    modal = page.get_by_test_id("home-message-modal")
    expect(modal).to_be_visible()
    audit("home message modal")
    modal.get_by_test_id("payment-consent").check()
    with page.expect_popup() as popup_info:
        modal.get_by_test_id("payment-proceed").click()
    card_page = popup_info.value
    card_page.wait_for_load_state()
    card_audit = Audit(card_page, width)
    card_audit("sandbox card page")

    card_page.get_by_role("button", name=re.compile("^Оплатить")).click()  # empty form: field errors
    expect(card_page.locator("#card_number_error")).to_be_visible()
    card_audit("sandbox card page with errors")
    pay_on_card_page(card_page, "4000 0000 0000 0002")
    expect(card_page.get_by_test_id("sandbox-result")).to_be_visible()
    card_audit("sandbox card page declined")
    pay_on_card_page(card_page, "4242 4242 4242 4242")
    expect(card_page.get_by_test_id("sandbox-result")).to_have_text("Оплата прошла успешно")
    card_audit("sandbox card page paid")

    expect(modal.get_by_test_id("payment-receipt")).to_be_visible(timeout=15_000)
    audit("home message modal with the receipt")
    card_page.close()
    audit.check()
    card_audit.check()
