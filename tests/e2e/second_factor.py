"""Staff sign-in in the browser: the second-factor step after the password (decision 0078)."""

from __future__ import annotations

from playwright.sync_api import expect

from ..helpers import TEST_TOTP_SECRET, fresh_totp


def pass_second_factor(page, email: str, secret: str = TEST_TOTP_SECRET) -> None:
    """Types the current code of the staff member's authenticator (factories.admin enrols TEST_TOTP_SECRET) when the
    step after the password appears, and sends it."""
    code = page.get_by_test_id("second-factor-code")
    expect(code).to_be_visible()
    code.fill(fresh_totp(email, secret))
    page.get_by_test_id("second-factor-submit").click()
