"""Paying from the home page in Chromium (req §1, §2 '/', §7, §8, §9; issue 11 item 4; decision 0065): the first
permanent message opens in a modal with the server's amount (the 9 990 ₸ remainder); its Pay button (after the
consent box) opens the sandbox card page in a new tab; a declined card first (the modal learns it from the 5-second
poll), then the success card; the modal shows the receipt, and the payment row agrees."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from sqlalchemy import select

from server.models.payment import Payment
from server.payments import home_messages

from ..factories import DEFAULT_PASSWORD

POLL_WAIT_MS = 15_000  # the panel polls every 5 s


def sign_in(page, email):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(DEFAULT_PASSWORD)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def pay_on_card_page(card_page, card):
    card_page.get_by_label(re.compile("Номер карты")).fill(card)
    card_page.get_by_label(re.compile("Срок действия")).fill("12/30")
    card_page.get_by_label("CVC").fill("123")
    card_page.get_by_role("button", name=re.compile("^Оплатить")).click()


def test_home_message_pay_button_declined_card_then_success_shows_the_receipt(page, db, factories):
    user = factories.applicant(kz=True)
    message = home_messages.create(
        type="payment",
        is_permanent=True,
        amount=9990,
        title_ru="Доплата вступительного взноса",
        text_ru="Пожалуйста, доплатите остаток вступительного взноса",
        title_en="Admission fee remainder",
        text_en="Please pay the rest of the admission fee",
    )
    sign_in(page, user.email)

    modal = page.get_by_test_id("home-message-modal")
    expect(modal).to_be_visible()
    expect(modal.get_by_role("heading", name="Доплата вступительного взноса")).to_be_visible()
    expect(modal.get_by_test_id("home-message-amount")).to_have_text(re.compile(r"К оплате: 9\s990\s₸"))
    pay = modal.get_by_test_id("payment-proceed")
    expect(pay).to_be_disabled()
    modal.get_by_test_id("payment-consent").check()

    with page.expect_popup() as popup_info:
        pay.click()
    card_page = popup_info.value
    card_page.wait_for_load_state()
    expect(card_page).to_have_url(re.compile(r"/payments/sandbox/\d+\?t="))
    expect(card_page.get_by_test_id("sandbox-amount")).to_have_text(re.compile(r"9\s990\s₸"))

    pay_on_card_page(card_page, "4000 0000 0000 0002")
    expect(card_page.get_by_test_id("sandbox-result")).to_contain_text("Банк отклонил оплату")
    expect(modal.get_by_test_id("payment-declined")).to_be_visible(timeout=POLL_WAIT_MS)

    pay_on_card_page(card_page, "4242 4242 4242 4242")
    expect(card_page.get_by_test_id("sandbox-result")).to_have_text("Оплата прошла успешно")

    receipt = modal.get_by_test_id("payment-receipt")
    expect(receipt).to_be_visible(timeout=POLL_WAIT_MS)
    expect(modal.get_by_test_id("payment-paid")).to_have_text("Оплата подтверждена")
    expect(receipt.get_by_test_id("receipt-amount")).to_have_text(re.compile(r"9\s990\s₸"))
    db.session.expire_all()
    payment = db.session.scalar(select(Payment).where(Payment.purpose_ref_id == message.id))
    assert payment.status == "paid" and payment.amount == 9990 and not payment.flagged
    expect(receipt.get_by_test_id("receipt-transaction")).to_have_text(payment.provider_transaction_id)
    expect(receipt.get_by_test_id("receipt-date")).to_have_text(re.compile(r"^\d{2}\.\d{2}\.\d{4}"))

    # paid: the message has left the home page once the modal is closed
    modal.get_by_test_id("home-message-close").click()
    expect(page.get_by_test_id(f"home-message-{message.id}")).to_have_count(0)
    card_page.close()
