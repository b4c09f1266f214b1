"""Issue 22, findings 5 and 10, reproduced through the HTTP API (decision 0002).

5. Pre-registration takeover: an attacker signs up someone else's address; the owner verifies with the code from
   their own mailbox; the attacker signs in with the attacker's password. Confirming a sign-up code now also proves
   the password of the sign-up that produced it, so an account's password is never one chosen by someone who has not
   read the mailbox.
10. Lock-out: wrong passwords from many addresses used to make the owner's correct password answer 429. Failures
   are now counted per (account, address) and per address; a flood against one account slows the addresses that
   fail, never a correct password from an address that has not failed; staff are mailed about the flood.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from server.extensions import limiter
from server.i18n import catalogue
from server.models import OneTimeCode, User
from server.models.base import utcnow

from ..helpers import API, DEFAULT_PASSWORD, assert_envelope, assert_ok, outbox, outbox_code, sign_up

AUTH = f"{API}/auth"
VICTIM_PASSWORD = "victim-pass1"
ATTACKER_PASSWORD = "attacker-pass2"


def verify(client, email: str, code: str, password: str | None = VICTIM_PASSWORD, **kwargs):
    body = {"email": email, "code": code}
    if password is not None:
        body["password"] = password
    return client.post(f"{AUTH}/check-otp", json=body, **kwargs)


def sign_in_from(client, email: str, password: str, address: str, **kwargs):
    return client.post(
        f"{AUTH}/sign-in", json={"email": email, "password": password}, environ_base={"REMOTE_ADDR": address}, **kwargs
    )


def expire_codes(db, email: str) -> None:
    user = db.session.scalar(select(User).where(User.email == email))
    db.session.execute(
        update(OneTimeCode).where(OneTimeCode.user_id == user.id).values(expires_at=utcnow() - timedelta(seconds=1))
    )
    db.session.commit()


# ============================================================================================ finding 5
@pytest.mark.usefixtures("no_server_errors")
class TestPreRegistrationTakeover:
    def test_the_owner_entering_the_attackers_code_does_not_hand_over_the_account(self, client, db):
        """The finding as reported: the attacker signs up first, the owner enters the code from their mailbox."""
        assert_ok(sign_up(client, "owner@example.com", ATTACKER_PASSWORD))
        attackers_code = outbox_code(client, "owner@example.com")

        # The code alone, as the client used to send it: refused (it proves the mailbox, not the password).
        response = verify(client, "owner@example.com", attackers_code, password=None)
        assert_envelope(response, 400, "validation.required")
        assert "password" in response.get_json()["errors"]
        # With the owner's own password: refused too. Nothing is verified and the attacker cannot get in.
        assert_envelope(verify(client, "owner@example.com", attackers_code), 400, "auth.code_password_mismatch")
        attacker = sign_in_from(client, "owner@example.com", ATTACKER_PASSWORD, "198.51.100.66").get_json()
        assert attacker.get("user", {}).get("is_verified") is not True

        # The owner signs up themselves: a code of their own that carries their password.
        assert_ok(sign_up(client, "owner@example.com", VICTIM_PASSWORD))
        assert_envelope(verify(client, "owner@example.com", attackers_code), 400, "auth.wrong_code")  # voided
        verified = assert_ok(verify(client, "owner@example.com", outbox_code(client, "owner@example.com")))
        assert verified["user"]["is_verified"] is True
        assert_envelope(
            sign_in_from(client, "owner@example.com", ATTACKER_PASSWORD, "198.51.100.66"),
            400,
            "auth.invalid_credentials",
        )
        assert sign_in_from(client, "owner@example.com", VICTIM_PASSWORD, "203.0.113.5").status_code == 200

    def test_the_attackers_password_never_signs_in_to_the_pending_account(self, client, db):
        """Before the fix the pending account held the first sign-up's password and the owner's plain code
        (no password) verified it."""
        sign_up(client, "pending@example.com", ATTACKER_PASSWORD)
        code = outbox_code(client, "pending@example.com")
        client.post(f"{AUTH}/check-otp", json={"email": "pending@example.com", "code": code})
        answer = sign_in_from(client, "pending@example.com", ATTACKER_PASSWORD, "198.51.100.66").get_json()
        assert answer.get("user", {}).get("is_verified") is not True

    def test_a_sign_up_slipped_in_after_the_owners_cannot_take_over(self, client, db):
        """The owner signs up, the attacker signs up the same address a moment later: the newest mail carries the
        attacker's code. Entering it (with the owner's password) verifies nothing. (Before the fix a re-sign-up
        while the owner's code was open was ignored, which closed this race, but also left an owner who signed up
        after an attacker with only the attacker's code: the first test.)"""
        assert_ok(sign_up(client, "race@example.com", VICTIM_PASSWORD))
        owners_code = outbox_code(client, "race@example.com")
        assert_ok(sign_up(client, "race@example.com", ATTACKER_PASSWORD))
        newest = outbox_code(client, "race@example.com")
        assert len(outbox(client, "race@example.com")) == 2

        assert_envelope(verify(client, "race@example.com", newest), 400, "auth.code_password_mismatch")
        if owners_code != newest:
            assert_envelope(verify(client, "race@example.com", owners_code), 400, "auth.wrong_code")
        assert (
            sign_in_from(client, "race@example.com", ATTACKER_PASSWORD, "198.51.100.66")
            .get_json()
            .get("user", {})
            .get("is_verified")
            is not True
        )
        # The owner signs up again and wins.
        sign_up(client, "race@example.com", VICTIM_PASSWORD)
        assert_ok(verify(client, "race@example.com", outbox_code(client, "race@example.com")))
        assert_envelope(
            sign_in_from(client, "race@example.com", ATTACKER_PASSWORD, "198.51.100.66"),
            400,
            "auth.invalid_credentials",
        )

    def test_a_re_sign_up_after_the_owners_code_expired_cannot_take_over(self, client, db):
        """Today's code already refused a re-sign-up while the owner's code was open; once it had expired the
        attacker's re-sign-up mailed the owner a code carrying the attacker's password."""
        sign_up(client, "slow@example.com", VICTIM_PASSWORD)
        expire_codes(db, "slow@example.com")
        assert_ok(sign_up(client, "slow@example.com", ATTACKER_PASSWORD))
        assert_envelope(
            verify(client, "slow@example.com", outbox_code(client, "slow@example.com")),
            400,
            "auth.code_password_mismatch",
        )
        assert (
            sign_in_from(client, "slow@example.com", ATTACKER_PASSWORD, "198.51.100.66")
            .get_json()
            .get("user", {})
            .get("is_verified")
            is not True
        )

    def test_a_resent_code_carries_the_password_of_the_sign_up(self, client, db):
        """The attacker signs up; the owner, on the code step, asks for a new code and enters it: the resent code
        still needs the attacker's password, which the owner does not have."""
        sign_up(client, "resend@example.com", ATTACKER_PASSWORD)
        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "resend@example.com"}))
        resent = outbox_code(client, "resend@example.com")
        assert_envelope(verify(client, "resend@example.com", resent), 400, "auth.code_password_mismatch")
        assert (
            sign_in_from(client, "resend@example.com", ATTACKER_PASSWORD, "198.51.100.66")
            .get_json()
            .get("user", {})
            .get("is_verified")
            is not True
        )

    def test_a_wrong_password_with_the_right_code_counts_as_a_wrong_try(self, client, db):
        sign_up(client, "tries@example.com", ATTACKER_PASSWORD)
        code = outbox_code(client, "tries@example.com")
        for _ in range(4):
            assert_envelope(verify(client, "tries@example.com", code), 400, "auth.code_password_mismatch")
        assert_envelope(verify(client, "tries@example.com", code), 400, "auth.code_password_mismatch")
        # The fifth wrong try voided the code: not even the right password opens it now.
        assert_envelope(
            verify(client, "tries@example.com", code, password=ATTACKER_PASSWORD), 400, "auth.code_attempts_exceeded"
        )

    @pytest.mark.parametrize("lang", ["ru", "kk", "en"])
    def test_the_mismatch_is_told_in_the_callers_language(self, client, db, lang):
        sign_up(client, "lang@example.com", ATTACKER_PASSWORD)
        response = verify(
            client, "lang@example.com", outbox_code(client, "lang@example.com"), headers={"Accept-Language": lang}
        )
        body = assert_envelope(response, 400, "auth.code_password_mismatch", lang=lang)
        assert body["message"] == catalogue(lang)["auth.code_password_mismatch"]


# ============================================================================================ finding 10
@pytest.mark.usefixtures("no_server_errors")
class TestNoLockOut:
    @pytest.fixture(autouse=True)
    def _limits_on(self, monkeypatch, db):
        monkeypatch.setattr(limiter, "enabled", True)
        limiter.reset()

    def test_failures_from_many_addresses_never_refuse_the_owner(self, client, db, factories):
        """The finding as reported: about 20 wrong passwords from different addresses, then the owner's correct
        password from an address of their own."""
        factories.user(email="locked@example.com")
        for n in range(24):
            response = sign_in_from(client, "locked@example.com", f"guess-{n}", f"198.51.100.{n % 12}")
            assert response.status_code in (400, 429)
        owner = sign_in_from(client, "locked@example.com", DEFAULT_PASSWORD, "203.0.113.9")
        assert owner.status_code == 200, owner.get_json()

    def test_one_address_is_throttled_for_one_account(self, client, db, factories):
        factories.user(email="target@example.com")
        factories.user(email="bystander@example.com")
        for _ in range(5):
            assert_envelope(
                sign_in_from(client, "target@example.com", "wrong-pass", "198.51.100.1"),
                400,
                "auth.invalid_credentials",
            )
        for lang in ("ru", "kk", "en"):
            response = sign_in_from(
                client, "TARGET@example.com", DEFAULT_PASSWORD, "198.51.100.1", headers={"Accept-Language": lang}
            )
            body = assert_envelope(response, 429, "auth.sign_in_throttled", lang=lang)
            retry = int(response.headers["Retry-After"])
            assert 0 < retry <= 600 and body["retry_after"] == retry
        # The same address may still sign in to another account, and the owner from elsewhere is let in.
        assert sign_in_from(client, "bystander@example.com", DEFAULT_PASSWORD, "198.51.100.1").status_code == 200
        assert sign_in_from(client, "target@example.com", DEFAULT_PASSWORD, "203.0.113.9").status_code == 200

    def test_an_unknown_address_is_throttled_exactly_like_a_registered_one(self, client, db, factories):
        """No enumeration: failures are counted for e-mails without an account too."""
        factories.user(email="known@example.com")
        for email in ("known@example.com", "unknown@example.com"):
            statuses = [sign_in_from(client, email, "wrong-pass", "198.51.100.2").status_code for _ in range(6)]
            assert statuses == [400] * 5 + [429]

    def test_per_address_failures_across_accounts(self, client, db, factories, app, monkeypatch):
        monkeypatch.setitem(app.config, "RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS", "4 per 10 minutes")
        factories.user(email="sprayed@example.com")
        for n in range(4):
            sign_in_from(client, f"spray{n}@example.com", "wrong-pass", "198.51.100.3")
        assert_envelope(
            sign_in_from(client, "sprayed@example.com", DEFAULT_PASSWORD, "198.51.100.3"), 429, "auth.sign_in_throttled"
        )
        assert sign_in_from(client, "sprayed@example.com", DEFAULT_PASSWORD, "198.51.100.4").status_code == 200

    def test_a_flood_slows_the_addresses_that_failed_but_not_a_new_one(self, client, db, factories):
        factories.user(email="flooded@example.com")
        for n in range(10):  # ten addresses, one failure each: the account is under attack
            assert sign_in_from(client, "flooded@example.com", "guess", f"198.51.100.{n}").status_code == 400
        # An address that has failed once waits now (normally it would have 5 tries)…
        slowed = sign_in_from(client, "flooded@example.com", "guess-2", "198.51.100.0")
        assert_envelope(slowed, 429, "auth.sign_in_throttled")
        # … even with the right password, but the owner from an address that has not failed is let in.
        assert sign_in_from(client, "flooded@example.com", DEFAULT_PASSWORD, "198.51.100.1").status_code == 429
        assert sign_in_from(client, "flooded@example.com", DEFAULT_PASSWORD, "203.0.113.20").status_code == 200
        # A new attacker address gets one guess, then waits.
        assert sign_in_from(client, "flooded@example.com", "guess", "198.51.100.50").status_code == 400
        assert sign_in_from(client, "flooded@example.com", "guess", "198.51.100.50").status_code == 429

    def test_the_wait_grows(self, client, db, factories, app, monkeypatch):
        """Tiers: a short window first, then a longer one once more failures add up."""
        monkeypatch.setitem(
            app.config, "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS", "2 per 2 seconds; 3 per hour"
        )
        factories.user(email="grow@example.com")
        assert [sign_in_from(client, "grow@example.com", "x-wrong", "198.51.100.5").status_code for _ in range(3)] == [
            400,
            400,
            429,
        ]
        first_wait = int(sign_in_from(client, "grow@example.com", "x-wrong", "198.51.100.5").headers["Retry-After"])
        assert first_wait <= 3  # Redis keeps whole seconds
        time.sleep(2.2)
        assert sign_in_from(client, "grow@example.com", "x-wrong", "198.51.100.5").status_code == 400
        refused = sign_in_from(client, "grow@example.com", DEFAULT_PASSWORD, "198.51.100.5")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60

    def test_a_success_clears_the_failures_of_that_address(self, client, db, factories):
        factories.user(email="typo@example.com")
        for _ in range(2):
            for _ in range(4):
                assert sign_in_from(client, "typo@example.com", "typo-pass", "198.51.100.6").status_code == 400
            assert sign_in_from(client, "typo@example.com", DEFAULT_PASSWORD, "198.51.100.6").status_code == 200

    def test_staff_are_mailed_once_about_a_flood(self, client, db, factories):
        admin = factories.admin(email="staff@example.com")
        factories.user(email="applicant@example.com")
        for n in range(14):
            sign_in_from(client, admin.email, "guess", f"198.51.100.{n}")
            sign_in_from(client, "applicant@example.com", "guess", f"198.51.100.{n}")
        alerts = outbox(client, admin.email)
        assert len(alerts) == 1
        assert alerts[0]["subject"] == catalogue("ru")["mail.sign_in_attack.subject"]
        assert "198.51.100" not in alerts[0]["body"]
        assert outbox(client, "applicant@example.com") == []  # applicants are not staff
        # Within the hour a second flood sends nothing more.
        for n in range(20, 34):
            sign_in_from(client, admin.email, "guess", f"198.51.100.{n}")
        assert len(outbox(client, admin.email)) == 1

    def test_failures_from_one_address_alone_mail_nobody(self, client, db, factories):
        admin = factories.admin(email="calm@example.com")
        for _ in range(8):
            sign_in_from(client, admin.email, "guess", "198.51.100.7")
        assert outbox(client, admin.email) == []
