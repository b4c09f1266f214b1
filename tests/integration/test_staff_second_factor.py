"""Staff second factor and the password policy through the HTTP API (issue 22, "Staff accounts"; decision 0078).

A staff password answers with a challenge and no token; the challenge and a TOTP or recovery code make the session;
a staff member without a factor enrols with the challenge. Applicants sign in as before. Real database, real TOTP
codes (pyotp), no mocks of our own code.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import select, update

from server.accounts import dao as users_dao
from server.accounts import second_factor
from server.database import unit_of_work
from server.i18n import catalogue
from server.models import ROLE_STAFF_MANAGER, AuthSession, SecondFactorChallenge, StaffRecoveryCode, StaffTotp, User
from server.models.base import utcnow

from ..helpers import (
    API,
    DEFAULT_PASSWORD,
    TEST_TOTP_SECRET,
    assert_envelope,
    assert_ok,
    bearer,
    fresh_totp,
    outbox_code,
    sign_in,
    sign_up,
    staff_sign_in,
    totp_now,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")

AUTH = f"{API}/auth"
STAFF = "staff@university.kz"


def challenge_of(response) -> str:
    body = assert_ok(response)
    assert body["second_factor_required"] is True and "user" not in body, body
    return body["challenge"]


def second_factor_call(client, challenge: str, code: str, address: str = "127.0.0.1"):
    return client.post(
        f"{AUTH}/sign-in/second-factor",
        json={"challenge": challenge, "code": code},
        environ_base={"REMOTE_ADDR": address},
    )


def sign_in_from(client, email: str, address: str, password: str = DEFAULT_PASSWORD):
    return client.post(
        f"{AUTH}/sign-in", json={"email": email, "password": password}, environ_base={"REMOTE_ADDR": address}
    )


def can_review_foreign(client, token: str) -> bool:
    return client.get(f"{API}/users/check?segment=FOREIGN", headers=bearer(token)).status_code == 200


def totp_row(db, email: str) -> StaffTotp:
    db.session.expire_all()
    user = db.session.scalar(select(User).where(User.email == email))
    return db.session.get(StaffTotp, user.id)


# ============================================================================================ sign-in
class TestStaffSignIn:
    def test_the_password_alone_gives_a_challenge_and_no_session(self, client, db, factories):
        admin = factories.admin(email=STAFF)
        response = client.post(f"{AUTH}/sign-in?lang=en", json={"email": STAFF, "password": DEFAULT_PASSWORD})
        body = assert_ok(response)
        assert set(body) == {
            "success",
            "second_factor_required",
            "enrolment_required",
            "challenge",
            "message",
            "message_key",
        }
        assert body["enrolment_required"] is False
        assert body["message_key"] == "auth.second_factor_required"
        assert body["message"] == catalogue("en")["auth.second_factor_required"]
        assert "token" not in response.get_data(as_text=True)
        assert db.session.scalar(select(AuthSession).where(AuthSession.user_id == admin.id)) is None
        # The challenge is no bearer token.
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(body["challenge"])), 401)

    def test_the_code_completes_the_sign_in_for_the_admin_shell(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        body = assert_ok(second_factor_call(client, challenge, fresh_totp(STAFF)))
        assert body["user"]["email"] == STAFF and body["user"]["roles"] == [{"name": "Админ"}]
        assert can_review_foreign(client, body["user"]["token"])

    def test_the_staff_management_role_needs_it_too(self, client, db, factories):
        admin = factories.admin(email=STAFF)
        with unit_of_work():
            admin.roles = [users_dao.get_or_create_role(ROLE_STAFF_MANAGER)]
        assert not admin.is_admin and second_factor.required(admin)
        challenge_of(sign_in(client, STAFF))

    def test_applicants_sign_in_unchanged(self, client, db, factories):
        factories.user(email="applicant@example.com")
        body = assert_ok(sign_in(client, "applicant@example.com"))
        assert body["user"]["token"] and "challenge" not in body and "second_factor_required" not in body

    def test_a_wrong_code_is_refused_and_counted(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        good = fresh_totp(STAFF)
        bad = f"{(int(good) + 1) % 10**6:06d}"
        assert_envelope(second_factor_call(client, challenge, bad), 400, "auth.second_factor_wrong_code")
        assert_envelope(second_factor_call(client, challenge, "not a code"), 400, "auth.second_factor_wrong_code")
        row = db.session.scalar(select(SecondFactorChallenge))
        db.session.refresh(row)
        assert row.attempts == 2
        assert_ok(second_factor_call(client, challenge, good))

    def test_a_replayed_code_is_refused(self, client, db, factories):
        factories.admin(email=STAFF)
        code = fresh_totp(STAFF)
        assert_ok(second_factor_call(client, challenge_of(sign_in(client, STAFF)), code))
        replay = second_factor_call(client, challenge_of(sign_in(client, STAFF)), code)
        assert_envelope(replay, 400, "auth.second_factor_code_used")
        # A code of an earlier step than the one used is refused as well.
        used = totp_row(db, STAFF).last_used_step
        older = pyotp.TOTP(TEST_TOTP_SECRET).generate_otp(used - 1)
        assert second_factor_call(client, challenge_of(sign_in(client, STAFF)), older).status_code == 400

    def test_the_challenge_is_single_use(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        assert_ok(second_factor_call(client, challenge, fresh_totp(STAFF)))
        assert_envelope(second_factor_call(client, challenge, fresh_totp(STAFF)), 400, "auth.challenge_invalid")

    def test_an_expired_challenge_is_refused(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        db.session.execute(update(SecondFactorChallenge).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
        assert_envelope(second_factor_call(client, challenge, fresh_totp(STAFF)), 400, "auth.challenge_invalid")

    def test_a_challenge_expires_within_minutes(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge_of(sign_in(client, STAFF))
        row = db.session.scalar(select(SecondFactorChallenge))
        assert timedelta(minutes=1) < row.expires_at - row.created_at <= timedelta(minutes=10)

    def test_unknown_or_forged_challenges(self, client, db, factories):
        factories.admin(email=STAFF)
        code = fresh_totp(STAFF)
        for challenge in ("x", "A" * 43, "a" * 128):
            assert_envelope(second_factor_call(client, challenge, code), 400, "auth.challenge_invalid")
        assert_envelope(second_factor_call(client, "a" * 129, code), 400)
        assert_envelope(client.post(f"{AUTH}/sign-in/second-factor", json={"challenge": "x"}), 400)

    def test_a_role_taken_away_or_a_deactivation_ends_the_challenge(self, client, db, factories):
        admin = factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        admin.deactivated_at = utcnow()
        db.session.commit()
        assert_envelope(second_factor_call(client, challenge, fresh_totp(STAFF)), 400, "auth.challenge_invalid")
        admin.deactivated_at = None
        db.session.commit()
        challenge = challenge_of(sign_in(client, STAFF))
        with unit_of_work():
            admin.roles = []
        assert_envelope(second_factor_call(client, challenge, fresh_totp(STAFF)), 400, "auth.challenge_invalid")

    def test_a_newer_challenge_ends_the_older_one(self, client, db, factories):
        factories.admin(email=STAFF)
        first = challenge_of(sign_in(client, STAFF))
        second = challenge_of(sign_in(client, STAFF))
        assert_envelope(second_factor_call(client, first, fresh_totp(STAFF)), 400, "auth.challenge_invalid")
        assert_ok(second_factor_call(client, second, fresh_totp(STAFF)))

    def test_attempts_per_challenge_are_limited(self, client, db, factories):
        factories.admin(email=STAFF)
        challenge = challenge_of(sign_in(client, STAFF))
        good = fresh_totp(STAFF)
        bad = f"{(int(good) + 7) % 10**6:06d}"
        for _ in range(4):
            assert_envelope(second_factor_call(client, challenge, bad), 400, "auth.second_factor_wrong_code")
        assert_envelope(second_factor_call(client, challenge, bad), 400, "auth.challenge_attempts_exceeded")
        # The right code no longer helps: sign in again.
        assert_envelope(second_factor_call(client, challenge, good), 400, "auth.challenge_invalid")

    def test_wrong_codes_are_limited_per_account_across_addresses(self, client, db, factories):
        factories.admin(email=STAFF)
        good = fresh_totp(STAFF)
        bad = f"{(int(good) + 3) % 10**6:06d}"
        for address in ("10.0.0.1", "10.0.0.2"):
            challenge = challenge_of(sign_in_from(client, STAFF, address))
            for _ in range(5):
                assert second_factor_call(client, challenge, bad, address).status_code == 400
        challenge = challenge_of(sign_in_from(client, STAFF, "10.0.0.3"))
        throttled = assert_envelope(second_factor_call(client, challenge, good, "10.0.0.3"), 429)
        assert throttled["message_key"] == "auth.second_factor_throttled"

    def test_wrong_codes_count_against_the_address_like_wrong_passwords(self, client, db, factories):
        factories.admin(email=STAFF)
        good = fresh_totp(STAFF)
        bad = f"{(int(good) + 5) % 10**6:06d}"
        challenge = challenge_of(sign_in_from(client, STAFF, "10.0.1.1"))
        for _ in range(5):
            second_factor_call(client, challenge, bad, "10.0.1.1")
        # The sign-in guard now holds this (account, address) back; another address is still served.
        assert_envelope(sign_in_from(client, STAFF, "10.0.1.1"), 429, "auth.sign_in_throttled")
        challenge_of(sign_in_from(client, STAFF, "10.0.1.2"))


# ============================================================================================ recovery codes
class TestRecoveryCodes:
    def test_a_recovery_code_signs_in_once(self, client, db, factories):
        admin = factories.admin(email=STAFF, totp_secret=None)
        with unit_of_work():
            codes = second_factor.enrol(admin, TEST_TOTP_SECRET).recovery_codes
        assert len(set(codes)) == 10
        body = assert_ok(second_factor_call(client, challenge_of(sign_in(client, STAFF)), codes[3]))
        assert can_review_foreign(client, body["user"]["token"])
        again = second_factor_call(client, challenge_of(sign_in(client, STAFF)), codes[3])
        assert_envelope(again, 400, "auth.second_factor_wrong_code")
        # Typed in capitals, without the dash: still the code.
        assert_ok(second_factor_call(client, challenge_of(sign_in(client, STAFF)), codes[4].replace("-", "").upper()))
        assert second_factor.unused_recovery_codes(admin) == 8

    def test_stored_only_as_hashes_and_the_secret_encrypted(self, client, db, factories):
        admin = factories.admin(email=STAFF, totp_secret=None)
        with unit_of_work():
            codes = second_factor.enrol(admin, TEST_TOTP_SECRET).recovery_codes
        stored = db.session.scalars(select(StaffRecoveryCode.code_hash)).all()
        assert len(stored) == 10 and not {code.replace("-", "") for code in codes} & set(stored)
        row = totp_row(db, STAFF)
        assert TEST_TOTP_SECRET not in row.secret_encrypted and row.secret_encrypted.startswith("v1:")
        # Bound to its account: moved to another account, the sealed secret does not open.
        other = factories.admin(email="other@university.kz", totp_secret=TEST_TOTP_SECRET)
        with unit_of_work():
            db.session.get(StaffTotp, other.id).secret_encrypted = row.secret_encrypted
        challenge = challenge_of(sign_in(client, "other@university.kz"))
        assert_envelope(second_factor_call(client, challenge, totp_now()), 503, "auth.second_factor_unreadable")


# ============================================================================================ enrolment
class TestEnrolment:
    def test_a_staff_member_without_a_factor_enrols_with_the_challenge(self, client, db, factories):
        factories.admin(email=STAFF, totp_secret=None)
        body = assert_ok(client.post(f"{AUTH}/sign-in?lang=kk", json={"email": STAFF, "password": DEFAULT_PASSWORD}))
        assert body["second_factor_required"] is True and body["enrolment_required"] is True and "user" not in body
        assert body["message"] == catalogue("kk")["auth.second_factor_enrolment_required"]
        challenge = body["challenge"]
        # No factor yet: the sign-in call cannot be used to skip enrolment.
        assert_envelope(second_factor_call(client, challenge, "123456"), 409, "auth.second_factor_not_enrolled")
        assert_envelope(
            client.post(f"{AUTH}/second-factor/enrolment/confirm", json={"challenge": challenge, "code": "123456"}),
            409,
            "auth.second_factor_enrolment_not_started",
        )

        response = client.post(f"{AUTH}/second-factor/enrolment", json={"challenge": challenge})
        enrolment = assert_ok(response)
        assert response.headers["Cache-Control"] == "no-store"
        secret = enrolment["secret"]
        assert re.fullmatch(r"[A-Z2-7]{32}", secret)
        assert enrolment["otpauth_uri"] == pyotp.TOTP(secret).provisioning_uri(name=STAFF, issuer_name="Qabyldau")
        assert enrolment["qr_svg"].startswith("<svg") and "<script" not in enrolment["qr_svg"]

        confirm = f"{AUTH}/second-factor/enrolment/confirm"
        wrong = f"{(int(totp_now(secret)) + 1) % 10**6:06d}"
        assert_envelope(
            client.post(confirm, json={"challenge": challenge, "code": wrong}), 400, "auth.second_factor_wrong_code"
        )
        response = client.post(confirm, json={"challenge": challenge, "code": totp_now(secret)})
        body = assert_ok(response)
        assert response.headers["Cache-Control"] == "no-store"
        assert len(set(body["recovery_codes"])) == 10
        assert can_review_foreign(client, body["user"]["token"])

        # From now on the sign-in asks for the code, and enrolment is closed.
        challenge = challenge_of(sign_in(client, STAFF))
        assert_envelope(
            client.post(f"{AUTH}/second-factor/enrolment", json={"challenge": challenge}),
            409,
            "auth.second_factor_already_enrolled",
        )
        assert_ok(second_factor_call(client, challenge, body["recovery_codes"][0]))

    def test_enrolment_needs_a_live_challenge(self, client, db, factories):
        factories.admin(email=STAFF, totp_secret=None)
        assert_envelope(client.post(f"{AUTH}/second-factor/enrolment", json={"challenge": "x"}), 400)
        assert_envelope(client.post(f"{AUTH}/second-factor/enrolment", json={}), 400)

    def test_reset_removes_the_factor_and_ends_the_sessions(self, client, db, factories):
        admin = factories.admin(email=STAFF)
        token = assert_ok(staff_sign_in(client, STAFF))["user"]["token"]
        second_factor.reset(admin)
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")
        assert assert_ok(sign_in(client, STAFF))["enrolment_required"] is True
        assert db.session.scalar(select(StaffRecoveryCode)) is None

    def test_reset_second_factor_cli(self, client, db, app, factories):
        factories.admin(email=STAFF)
        result = app.test_cli_runner().invoke(args=["reset-second-factor", STAFF])
        assert result.exit_code == 0, result.output
        assert assert_ok(sign_in(client, STAFF))["enrolment_required"] is True
        assert app.test_cli_runner().invoke(args=["reset-second-factor", "nobody@x.kz"]).exit_code == 2


# ============================================================================================ other paths
class TestNoOtherPathSkipsIt:
    def test_check_otp_of_a_staff_account_gives_a_challenge(self, client, db, factories):
        admin = factories.admin(email=STAFF)
        admin.is_verified = False
        db.session.commit()
        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": STAFF}))
        body = client.post(
            f"{AUTH}/check-otp", json={"email": STAFF, "code": outbox_code(client, STAFF), "password": DEFAULT_PASSWORD}
        )
        challenge_of(body)
        assert db.session.scalar(select(AuthSession).where(AuthSession.user_id == admin.id)) is None

    def test_a_password_reset_keeps_the_second_factor(self, client, db, factories):
        factories.admin(email=STAFF)
        assert_ok(client.post(f"{AUTH}/forgot-password-generate-code", json={"email": STAFF}))
        ticket = assert_ok(
            client.post(f"{AUTH}/forgot-password-check-code", json={"email": STAFF, "code": outbox_code(client, STAFF)})
        )["otp_id"]
        update_url = f"{AUTH}/forgot-password-update-password"
        # Staff: at least 12 characters and none of the common passwords.
        for password, key in (("Short-pass1", "auth.staff_password_length"), ("password1234", "auth.password_common")):
            body = assert_envelope(
                client.post(update_url, json={"email": STAFF, "password": password, "otp_id": ticket}), 400, key
            )
            assert "password" in body["errors"]
        assert_ok(client.post(update_url, json={"email": STAFF, "password": "a-new-staff-pass", "otp_id": ticket}))
        challenge_of(sign_in(client, STAFF, "a-new-staff-pass"))


# ============================================================================================ password policy
class TestPasswordPolicy:
    @pytest.mark.parametrize("password", ["password1", "qwerty123", "Iloveyou", "123456789", "Dragon"])
    @pytest.mark.parametrize("lang", ["ru", "kk", "en"])
    def test_applicants_cannot_sign_up_with_a_common_password(self, client, db, password, lang):
        response = client.post(
            f"{AUTH}/sign-up?lang={lang}",
            json={"user": {"email": "a@example.com", "password": password, "repeat_password": password}},
        )
        body = assert_envelope(response, 400, lang=lang)
        assert body["errors"]["user.password"] == [catalogue(lang)["auth.password_common"]]

    def test_applicants_keep_the_spec_length_rule(self, client, db):
        assert_ok(sign_up(client, "six@example.com", "zq8#kx"))  # 6 characters, not common: accepted
        body = assert_envelope(sign_up(client, "five@example.com", "zq8#k"), 400)
        assert body["errors"]["user.password"] == [catalogue("ru")["auth.password_length"]]

    def test_applicants_reset_to_a_common_password_is_refused(self, client, db, factories):
        factories.user(email="app@example.com")
        assert_ok(client.post(f"{AUTH}/forgot-password-generate-code", json={"email": "app@example.com"}))
        code = outbox_code(client, "app@example.com")
        ticket = assert_ok(
            client.post(f"{AUTH}/forgot-password-check-code", json={"email": "app@example.com", "code": code})
        )["otp_id"]
        url = f"{AUTH}/forgot-password-update-password"
        body = assert_envelope(
            client.post(url, json={"email": "app@example.com", "password": "football", "otp_id": ticket}), 400
        )
        assert body["errors"]["password"] == [catalogue("ru")["auth.password_common"]]
        # Applicants need no 12 characters.
        assert_ok(client.post(url, json={"email": "app@example.com", "password": "zq8#kx-7", "otp_id": ticket}))

    def test_the_staff_policy(self, app):
        from server.accounts.passwords import problem

        assert problem("eleven-char", staff=True) == "auth.staff_password_length"
        assert problem("password1234", staff=True) == "auth.password_common"
        assert problem("PASSWORD1234", staff=True) == "auth.password_common"  # case does not help
        assert problem("a-long-unusual-pass", staff=True) is None
        assert problem("eleven-char", staff=False) is None
