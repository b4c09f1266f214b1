"""A staff member enrols in the second factor and signs in with it, in Chromium, in ru, kk and en, with axe
(issue 22, "Staff accounts"; decision 0078)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyotp
import pytest
from playwright.sync_api import expect

from server.i18n import catalogue

from ..helpers import API, DEFAULT_PASSWORD, fresh_totp
from .contexts import browser_context_for
from .test_accessibility import Audit

CLIENT_TEXTS = Path(__file__).resolve().parents[2] / "client" / "src" / "i18n" / "secondFactor"


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged (the QR
    code is an <img> of a data: URL, which the app's CSP allows)."""
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": 1280, "height": 900}
    ) as context:
        yield context


@pytest.fixture(autouse=True)
def patient_expectations():
    """The lazily loaded step brings the larger catalogues with it: more than 5 s on a loaded 2-core machine."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def texts(lang: str) -> dict:
    return json.loads((CLIENT_TEXTS / f"{lang}.json").read_text(encoding="utf-8"))["second_factor"]


def open_auth(page, lang: str) -> None:
    page.goto(f"{API}/health")
    page.context.add_cookies([{"name": "qabyldau_lang", "value": lang, "url": page.url}])
    page.evaluate(
        "(lng) => { localStorage.removeItem('dorm_user'); localStorage.setItem('qabyldau_lang', lng); }", lang
    )
    page.goto("/auth")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    # The lazily loaded pieces of /auth have arrived: what is typed next goes into the form the app keeps.
    page.wait_for_load_state("networkidle")


def submit_password(page, email: str) -> None:
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(DEFAULT_PASSWORD)
    page.get_by_test_id("signin-submit").click()


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
def test_staff_member_enrols_and_signs_in_with_the_second_factor(page, factories, db, lang):
    email = f"second.factor.{lang}@university.kz"
    factories.admin(email=email, totp_secret=None)
    words = texts(lang)
    audit = Audit(page, "desktop")
    heading = page.locator("#second-factor-heading")

    # 1. The password is right, and no factor yet: enrolment, its heading focused.
    open_auth(page, lang)
    submit_password(page, email)
    expect(page.get_by_test_id("enrolment-step")).to_be_visible()
    expect(heading).to_have_text(words["enrol_title"])
    expect(heading).to_be_focused()
    expect(page.get_by_test_id("enrolment-qr")).to_have_attribute("alt", words["qr_alt"])
    secret = page.get_by_test_id("enrolment-secret").get_attribute("data-secret")
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    assert page.evaluate("() => localStorage.getItem('dorm_user')") is None  # no session yet
    audit(f"/auth enrolment ({lang})")

    # 2. The authenticator's first code: the recovery codes, once, behind "I saved them".
    page.get_by_test_id("second-factor-code").fill(pyotp.TOTP(secret).now())
    page.get_by_test_id("second-factor-submit").click()
    expect(page.get_by_test_id("recovery-codes-step")).to_be_visible()
    expect(heading).to_have_text(words["codes_title"])
    expect(heading).to_be_focused()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    expect(codes).to_have_count(10)
    recovery_code = codes.first.inner_text()
    continue_button = page.get_by_test_id("recovery-codes-continue")
    expect(continue_button).to_be_disabled()
    with page.expect_download() as download:
        page.get_by_test_id("recovery-codes-download").click()
    assert recovery_code in Path(download.value.path()).read_text()
    audit(f"/auth recovery codes ({lang})")
    page.get_by_test_id("recovery-codes-saved").check()
    continue_button.click()
    expect(page).to_have_url(re.compile(r"/admin$"))

    # 3. Signing in again: the code step; a wrong code is refused in the page's language, the right one signs in.
    open_auth(page, lang)
    submit_password(page, email)
    expect(page.get_by_test_id("second-factor-step")).to_be_visible()
    expect(heading).to_have_text(words["title"])
    expect(heading).to_be_focused()
    audit(f"/auth second factor ({lang})")
    good = fresh_totp(email, secret)
    page.get_by_test_id("second-factor-code").fill(f"{(int(good) + 1) % 10**6:06d}")
    page.get_by_test_id("second-factor-submit").click()
    expect(page.get_by_test_id("snackbar-error")).to_contain_text(catalogue(lang)["auth.second_factor_wrong_code"])
    if lang == "en":
        # Without the phone: a recovery code (the toggle moves the focus to the new heading).
        page.get_by_test_id("second-factor-toggle-recovery").click()
        expect(heading).to_have_text(words["recovery_title"])
        expect(heading).to_be_focused()
        page.get_by_test_id("second-factor-code").fill(recovery_code)
    else:
        page.get_by_test_id("second-factor-code").fill(fresh_totp(email, secret))
    page.get_by_test_id("second-factor-submit").click()
    expect(page).to_have_url(re.compile(r"/admin$"))
    expect(page.get_by_test_id("admin-shell-foreign")).to_be_visible()
    audit.check()
