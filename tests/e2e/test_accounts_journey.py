"""Issue 2's user story through the browser (Russian), with codes read from a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from server.accounts.dao import revoke_sessions
from server.models.base import utcnow

from ..helpers import TEST_TOTP_SECRET, extract_code, messages_for
from .second_factor import pass_second_factor

PASSWORD = "first-pass1"
NEW_PASSWORD = "second-pass2"


@pytest.fixture
def citizenships(factories):
    return factories.kazakhstan(), factories.citizenship(
        code="DE", name_ru="Германия", name_en="Germany", name_kk="Германия"
    )


def stored_user(page):
    raw = page.evaluate("() => window.localStorage.getItem('dorm_user')")
    return json.loads(raw) if raw else None


def fill_code(page, test_id, code):
    # The code field submits itself at 6 characters (req §5): no button press.
    page.get_by_test_id(test_id).fill(code)


def sign_in(page, email, password):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(password)
    page.get_by_test_id("signin-submit").click()


def test_sign_up_verify_choose_flow_sign_out_sign_in_and_reset(page, smtp, citizenships, app):
    email = "aigerim.applicant@example.com"

    # 1. The home page, in Russian by default, then in Kazakh and English.
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_test_id("card-paid")).to_be_visible()
    expect(page.get_by_test_id("sign-in-link")).to_have_text("Войти")
    page.get_by_test_id("lang-kk").click()
    expect(page.locator("html")).to_have_attribute("lang", "kk")
    expect(page.get_by_test_id("sign-in-link")).to_have_text("Кіру")
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_test_id("sign-in-link")).to_have_text("Sign in")
    page.get_by_test_id("lang-ru").click()
    expect(page.get_by_test_id("sign-in-link")).to_have_text("Войти")

    # 2. Sign-up: client validation with the exact §5 texts, then the code from the SMTP server.
    page.get_by_test_id("sign-in-link").click()
    expect(page).to_have_url(re.compile(r"/auth$"))
    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill("not-an-email")
    page.get_by_test_id("signup-password").fill("123")
    page.get_by_test_id("signup-repeat-password").fill("321")
    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_text("Пожалуйста, введите e-mail в правильном формате")).to_be_visible()
    expect(page.get_by_text("Пожалуйста, введите пароль длиной от 6 символов")).to_be_visible()
    expect(page.get_by_text("Пароли не совпадают")).to_be_visible()
    assert messages_for(smtp, email) == []

    page.get_by_test_id("signup-email").fill(email)
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-repeat-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Код подтверждения отправлен на e-mail")
    code = extract_code(smtp, email, timeout=10)

    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    fill_code(page, "otp-code", wrong)
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Неверный код")
    fill_code(page, "otp-code", code)

    # 3. Verified and without a citizenship: /choose-flow, Kazakhstan first, then home.
    expect(page).to_have_url(re.compile(r"/choose-flow$"))
    kazakhstan, germany = citizenships
    radios = page.get_by_role("radio")
    expect(radios.first).to_have_accessible_name("Гражданин Республики Казахстан")
    page.get_by_test_id(f"citizenship-{germany.id}").check()
    page.get_by_test_id("choose-flow-continue").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("user-chip")).to_have_text(email)
    assert stored_user(page)["citizenship_id"] == germany.id
    # /choose-flow is closed to a user who already has a citizenship.
    page.goto("/choose-flow")
    expect(page).to_have_url(re.compile(r"/$"))

    # 4. Sign out (token revoked server-side, store emptied), then sign in again.
    token = stored_user(page)["token"]
    page.get_by_test_id("logout").click()
    expect(page).to_have_url(re.compile(r"/auth$"))
    assert not stored_user(page)
    assert page.request.get("/api/v1/users/self", headers={"Authorization": f"Bearer {token}"}).status == 401

    sign_in(page, email, "wrong-password")
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Неверный e-mail или пароль")
    sign_in(page, email, PASSWORD)
    expect(page).to_have_url(re.compile(r"/$"))
    page.get_by_test_id("logout").click()

    # 5. Forgot password: e-mail → code → new password (modes email, check, finalize).
    page.get_by_test_id("forgot-password-link").click()
    expect(page.get_by_test_id("forgot-mode-email")).to_be_visible()
    page.get_by_test_id("forgot-email").fill(email)
    page.get_by_test_id("forgot-send-code").click()
    expect(page.get_by_test_id("forgot-mode-check")).to_be_visible()
    reset_code = extract_code(smtp, email, timeout=10)
    assert reset_code != code
    fill_code(page, "forgot-code", reset_code)
    expect(page.get_by_test_id("forgot-mode-finalize")).to_be_visible()
    page.get_by_test_id("forgot-new-password").fill(NEW_PASSWORD)
    page.get_by_test_id("forgot-repeat-password").fill(NEW_PASSWORD + "x")
    page.get_by_test_id("forgot-save-password").click()
    expect(page.get_by_text("Пароли не совпадают")).to_be_visible()
    page.get_by_test_id("forgot-repeat-password").fill(NEW_PASSWORD)
    page.get_by_test_id("forgot-save-password").click()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Пароль изменён")

    sign_in(page, email, PASSWORD)
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Неверный e-mail или пароль")
    sign_in(page, email, NEW_PASSWORD)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("user-chip")).to_have_text(email)


def test_admin_created_by_cli_sees_the_admin_link(page, app, citizenships):
    result = app.test_cli_runner().invoke(
        args=[
            "create-admin",
            "staff@university.kz",
            "--password",
            "staff-pass-2026",
            "--role",
            "Админ",
            "--totp-secret",
            TEST_TOTP_SECRET,
        ]
    )
    assert result.exit_code == 0, result.output
    sign_in(page, "staff@university.kz", "staff-pass-2026")
    pass_second_factor(page, "staff@university.kz")
    # Staff are not applicants (issue 12): sign-in takes them to their shell, never to /choose-flow …
    expect(page).to_have_url(re.compile(r"/admin$"))
    expect(page.get_by_test_id("admin-shell-foreign")).to_be_visible()
    page.goto("/choose-flow")
    expect(page).to_have_url(re.compile(r"/admin$"))
    # … and the header's admin link is there from the first sign-in.
    page.goto("/")
    expect(page.get_by_test_id("admin-link")).to_have_attribute("href", "/admin")


def test_a_401_clears_the_store_and_returns_to_auth(page, factories, db, citizenships):
    user = factories.user(email="dana@example.com", citizenship=citizenships[1])
    # The header's unread count is read once the home page's own reads have answered (api/firstScreen.js): after it
    # the page asks for nothing more. Revoking the session while it still reads would let that page meet the 401
    # first, sign out and clear the store, and the reload below would then open the public home page, not /auth.
    with page.expect_response("**/api/v1/notifications/unread-count"):
        sign_in(page, "dana@example.com", "Qabyldau-pass-2026")
    expect(page.get_by_test_id("user-chip")).to_have_text("dana@example.com")
    page.wait_for_load_state("networkidle")
    assert stored_user(page)["token"]

    revoke_sessions(user.id, utcnow())  # e.g. a password reset on another device
    db.session.commit()
    page.reload()
    # the reloaded home page loads its chunks and catalogues before its first call meets the 401: more than the
    # default 5 s on a loaded CI machine
    expect(page).to_have_url(re.compile(r"/auth$"), timeout=15_000)
    assert not stored_user(page)


def test_unverified_user_is_sent_to_the_code_step(page, factories, smtp, citizenships):
    factories.user(email="new@example.com", verified=False)
    sign_in(page, "new@example.com", "Qabyldau-pass-2026")
    expect(page).to_have_url(re.compile(r"/auth\?verify-otp=true$"))
    code = extract_code(smtp, "new@example.com", timeout=10)  # a fresh code is sent on arrival
    fill_code(page, "otp-code", code)
    expect(page).to_have_url(re.compile(r"/choose-flow$"))


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("kk", {"tab-sign-in": "Кіру", "tab-sign-up": "Тіркелу", "forgot-password-link": "Құпиясөзді ұмыттыңыз ба?"}),
        ("en", {"tab-sign-in": "Sign in", "tab-sign-up": "Sign up", "forgot-password-link": "Forgot your password?"}),
    ],
)
def test_auth_page_is_translated(page, lang, texts):
    page.goto("/auth")
    page.get_by_test_id(f"lang-{lang}").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for test_id, text in texts.items():
        expect(page.get_by_test_id(test_id)).to_have_text(text)
    # The choice persists across a reload.
    page.reload()
    expect(page.get_by_test_id("tab-sign-in")).to_have_text(texts["tab-sign-in"])
    # Client validation speaks the chosen language too.
    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill("nope")
    page.get_by_test_id("signup-submit").click()
    expected = {"kk": "E-mail дұрыс форматта енгізіңіз", "en": "Please enter the e-mail in a valid format"}[lang]
    expect(page.get_by_text(expected)).to_be_visible()
