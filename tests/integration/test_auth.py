"""Accounts, codes and sessions through the HTTP API (req §3 User, §4 sign-up/forgot-password, §5, §7 Auth, §8;
design §5, §9). Real database, Flask test client, no mocks of our own code."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask_jwt_extended import create_access_token, get_jti
from sqlalchemy import select, text, update

from server import trust_proxies
from server.accounts import second_factor
from server.accounts.users import create_admin
from server.database import unit_of_work
from server.extensions import limiter
from server.i18n import catalogue
from server.models import AuthSession, OneTimeCode, OutboxMessage, User
from server.models.base import utcnow
from server.security import verify_password

from ..helpers import (
    API,
    DEFAULT_PASSWORD,
    TEST_TOTP_SECRET,
    assert_envelope,
    assert_ok,
    bearer,
    check_otp,
    other_code,
    outbox,
    outbox_code,
    sign_in,
    sign_in_token,
    sign_up,
    sign_up_and_verify,
    staff_sign_in_token,
)
from .test_user_data_support import count_queries

pytestmark = pytest.mark.usefixtures("no_server_errors")

AUTH = f"{API}/auth"


def user_by_email(db, email: str) -> User | None:
    db.session.expire_all()
    return db.session.scalar(select(User).where(User.email == email.lower()))


def codes_of(db, user_id: int, purpose: str) -> list[OneTimeCode]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(OneTimeCode)
            .where(OneTimeCode.user_id == user_id, OneTimeCode.purpose == purpose)
            .order_by(OneTimeCode.id)
        )
    )


def reset_request(client, email: str):
    return client.post(f"{AUTH}/forgot-password-generate-code", json={"email": email})


def reset_check(client, email: str, code: str):
    return client.post(f"{AUTH}/forgot-password-check-code", json={"email": email, "code": code})


def reset_update(client, email: str, password: str, otp_id: str, repeat: str | None = None):
    body = {"email": email, "password": password, "otp_id": otp_id}
    if repeat is not None:
        body["repeat_password"] = repeat
    return client.post(f"{AUTH}/forgot-password-update-password", json=body)


def self_status(client, token: str) -> int:
    return client.get(f"{API}/users/self", headers=bearer(token)).status_code


# ============================================================================================ sign-up
class TestSignUp:
    def test_sign_up_creates_unverified_user_and_mails_a_code(self, client, db):
        response = sign_up(
            client, "New.User@Example.com", confirmation_message_subject="Код", confirmation_message_part_1="Ваш код"
        )
        body = assert_ok(response)
        assert body["message_key"] == "auth.code_sent"
        assert body["message"] == catalogue("ru")["auth.code_sent"]

        user = user_by_email(db, "new.user@example.com")
        assert user is not None and user.is_verified is False
        # The password waits, hashed, on the code mailed for this sign-up; the account has none until it is entered.
        assert not verify_password(user.password_hash, DEFAULT_PASSWORD)
        [record] = codes_of(db, user.id, "verify_email")
        assert record.pending_password_hash.startswith("$argon2id$")
        assert verify_password(record.pending_password_hash, DEFAULT_PASSWORD)
        [message] = outbox(client, "new.user@example.com")
        assert message["recipient"] == "new.user@example.com"
        assert message["subject"] == catalogue("ru")["mail.verify.subject"]
        assert len(outbox_code(client, "new.user@example.com")) == 6

    def test_mail_is_written_in_the_callers_language(self, client, db):
        client.post(
            f"{AUTH}/sign-up?lang=en",
            json={
                "user": {
                    "email": "en@example.com",
                    "password": "Qabyldau-pass-2026",
                    "repeat_password": "Qabyldau-pass-2026",
                }
            },
        )
        client.post(
            f"{AUTH}/sign-up",
            headers={"Accept-Language": "kk-KZ,kk;q=0.9"},
            json={
                "user": {
                    "email": "kk@example.com",
                    "password": "Qabyldau-pass-2026",
                    "repeat_password": "Qabyldau-pass-2026",
                }
            },
        )
        assert outbox(client, "en@example.com")[0]["subject"] == catalogue("en")["mail.verify.subject"]
        assert outbox(client, "kk@example.com")[0]["subject"] == catalogue("kk")["mail.verify.subject"]

    @pytest.mark.parametrize(
        "body, field, key",
        [
            ({}, "user", "validation.required"),
            ({"user": {}}, "user.email", "validation.required"),
            (
                {"user": {"email": "a@b.kz", "password": "Qabyldau-pass-2026"}},
                "user.repeat_password",
                "validation.required",
            ),
            (
                {"user": {"password": "Qabyldau-pass-2026", "repeat_password": "Qabyldau-pass-2026"}},
                "user.email",
                "validation.required",
            ),
            (
                {"user": {"email": "a@b.kz", "repeat_password": "Qabyldau-pass-2026"}},
                "user.password",
                "validation.required",
            ),
            (
                {
                    "user": {
                        "email": "no-at-sign.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2026",
                    }
                },
                "user.email",
                "auth.email_format",
            ),
            (
                {"user": {"email": "a@b", "password": "Qabyldau-pass-2026", "repeat_password": "Qabyldau-pass-2026"}},
                "user.email",
                "auth.email_format",
            ),
            (
                {
                    "user": {
                        "email": "a b@c.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2026",
                    }
                },
                "user.email",
                "auth.email_format",
            ),
            (
                {
                    "user": {
                        "email": "x" * 250 + "@b.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2026",
                    }
                },
                "user.email",
                "auth.email_format",
            ),
            (
                {"user": {"email": "a@b.kz", "password": "12345", "repeat_password": "12345"}},
                "user.password",
                "auth.password_length",
            ),
            # Over 128 characters has its own message (test_auth_hardening.py::TestPasswordsAreTakenAsTyped).
            (
                {
                    "user": {
                        "email": "a@b.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2027",
                    }
                },
                "user.repeat_password",
                "auth.passwords_mismatch",
            ),
            (
                {"user": {"email": None, "password": "Qabyldau-pass-2026", "repeat_password": "Qabyldau-pass-2026"}},
                "user.email",
                "validation.null",
            ),
            (
                {"user": {"email": 42, "password": "Qabyldau-pass-2026", "repeat_password": "Qabyldau-pass-2026"}},
                "user.email",
                "validation.string",
            ),
            ({"user": "a@b.kz"}, "user", "validation.invalid_type"),
            (
                {
                    "user": {
                        "email": "a@b.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2026",
                        "role": "Админ",
                    }
                },
                "user.role",
                "validation.unknown_field",
            ),
            (
                {
                    "user": {
                        "email": "a@b.kz",
                        "password": "Qabyldau-pass-2026",
                        "repeat_password": "Qabyldau-pass-2026",
                    },
                    "is_verified": True,
                },
                "is_verified",
                "validation.unknown_field",
            ),
        ],
    )
    def test_bad_input_is_a_localized_400_and_creates_nothing(self, client, db, body, field, key):
        response = client.post(f"{AUTH}/sign-up", json=body)
        envelope = assert_envelope(response, 400, key, lang="ru")
        assert field in envelope["errors"], envelope
        assert catalogue("ru")[key] in envelope["errors"][field]
        assert db.session.scalar(select(User)) is None
        assert db.session.scalar(select(OutboxMessage)) is None

    def test_spec_messages_for_the_three_sign_up_rules(self, client, db):
        """§5: the exact Russian texts for e-mail format, password length and mismatch."""
        cases = [
            (
                "bad-email",
                "Qabyldau-pass-2026",
                "Qabyldau-pass-2026",
                "Пожалуйста, введите e-mail в правильном формате",
            ),
            ("a@b.kz", "12345", "12345", "Пожалуйста, введите пароль длиной от 6 символов"),
            ("a@b.kz", "Qabyldau-pass-2026", "other123", "Пароли не совпадают"),
        ]
        for email, password, repeat, expected in cases:
            body = assert_envelope(sign_up(client, email, password, repeat), 400)
            assert body["message"] == expected

    @pytest.mark.parametrize(
        "raw, content_type, key",
        [
            ("not json", "application/json", "validation.json_body"),
            ("[1, 2]", "application/json", "validation.invalid_type"),
            ("", "application/json", None),
            ("email=a@b.kz", "application/x-www-form-urlencoded", "validation.required"),
        ],
    )
    def test_malformed_bodies_are_400(self, client, db, raw, content_type, key):
        response = client.post(f"{AUTH}/sign-up", data=raw, content_type=content_type)
        assert_envelope(response, 400, key)

    def test_text_is_trimmed_and_email_normalised(self, client, db):
        assert_ok(sign_up(client, "  Trim@Example.COM  ", "  Qabyldau-pass-2026  "))
        assert_ok(
            check_otp(client, "trim@example.com", outbox_code(client, "trim@example.com"), "  Qabyldau-pass-2026  ")
        )
        user = user_by_email(db, "trim@example.com")
        # The e-mail is trimmed; a password is taken as typed (spaces are part of it).
        assert user is not None and verify_password(user.password_hash, "  Qabyldau-pass-2026  ")

    def test_duplicate_sign_up_of_verified_account_answers_like_a_new_one(self, client, db):
        sign_up_and_verify(client, "owner@example.com")
        before = user_by_email(db, "owner@example.com").password_hash

        duplicate = sign_up(client, "OWNER@example.com", "attacker1")
        fresh = sign_up(client, "fresh@example.com", "attacker1")
        assert duplicate.status_code == fresh.status_code == 200
        assert duplicate.get_json() == fresh.get_json()

        # The account is untouched and its owner is told by mail, without a code.
        owner = user_by_email(db, "owner@example.com")
        assert owner.password_hash == before and owner.is_verified
        newest = outbox(client, "owner@example.com")[0]
        assert newest["subject"] == catalogue("ru")["mail.already_registered.subject"]
        assert "Qabyldau" in newest["body"] or newest["body"] == catalogue("ru")["mail.already_registered.body"]
        assert all(code.consumed_at is not None for code in codes_of(db, owner.id, "verify_email"))
        assert sign_in(client, "owner@example.com", "attacker1").status_code == 400
        assert sign_in(client, "owner@example.com").status_code == 200

    def test_sign_up_again_before_verifying(self, client, db):
        """Decision 0002: the same sign-up again keeps its open code; another password gets a code of its own,
        which voids the first (test_auth_takeover_and_lockout.py covers the takeover attempts)."""
        sign_up(client, "twice@example.com", "firstpass")
        first = outbox_code(client, "twice@example.com")
        assert_ok(sign_up(client, "twice@example.com", "firstpass"))
        assert len(outbox(client, "twice@example.com")) == 1
        assert_ok(sign_up(client, "twice@example.com", "secondpass"))
        assert len(outbox(client, "twice@example.com")) == 2
        second = outbox_code(client, "twice@example.com")
        if second != first:
            assert_envelope(check_otp(client, "twice@example.com", first, "firstpass"), 400, "auth.wrong_code")
        assert check_otp(client, "twice@example.com", second, "secondpass").status_code == 200
        assert sign_in(client, "twice@example.com", "secondpass").status_code == 200
        assert sign_in(client, "twice@example.com", "firstpass").status_code == 400
        assert db.session.scalar(select(text("count(*)")).select_from(User)) == 1


# ============================================================================================ codes
class TestVerificationCode:
    def test_good_code_verifies_and_signs_in(self, client, db):
        sign_up(client, "v@example.com")
        response = check_otp(client, "v@example.com", outbox_code(client, "v@example.com"))
        body = assert_ok(response)
        user = body["user"]
        assert user["email"] == "v@example.com" and user["is_verified"] is True
        assert user["token"] and user["roles"] == [] and user["citizenship_id"] is None
        assert "password" not in user and "password_hash" not in user
        assert self_status(client, user["token"]) == 200
        record = codes_of(db, user["id"], "verify_email")[-1]
        assert record.consumed_at is not None

    def test_code_is_stored_hashed(self, client, db):
        sign_up(client, "hash@example.com")
        code = outbox_code(client, "hash@example.com")
        rows = db.session.execute(text("SELECT * FROM one_time_codes")).mappings().all()
        assert len(rows) == 1
        for column, value in rows[0].items():
            assert code not in str(value), f"code visible in one_time_codes.{column}"
        assert len(rows[0]["code_hash"]) == 64

    def test_wrong_code_unknown_email_and_malformed_code(self, client, db):
        sign_up(client, "w@example.com")
        code = outbox_code(client, "w@example.com")
        assert_envelope(check_otp(client, "w@example.com", other_code(code)), 400, "auth.wrong_code")
        assert_envelope(check_otp(client, "nobody@example.com", code), 400, "auth.wrong_code")
        for bad in ("12345", "1234567", "abcdef", "12 456", ""):
            body = assert_envelope(check_otp(client, "w@example.com", bad), 400, "auth.wrong_code")
            assert "code" in body["errors"]
        assert_envelope(
            client.post(f"{AUTH}/check-otp", json={"email": "w@example.com", "code": 123456}), 400, "validation.string"
        )
        assert_envelope(client.post(f"{AUTH}/check-otp", json={"email": "w@example.com"}), 400, "validation.required")
        assert_envelope(client.post(f"{AUTH}/check-otp", json={"email": "w@", "code": code}), 400, "auth.email_format")
        # Only the one well-formed wrong try counted; the code still works.
        assert check_otp(client, "w@example.com", code).status_code == 200

    def test_reused_code_fails(self, client, db):
        sign_up(client, "reuse@example.com")
        code = outbox_code(client, "reuse@example.com")
        assert check_otp(client, "reuse@example.com", code).status_code == 200
        assert_envelope(check_otp(client, "reuse@example.com", code), 400, "auth.wrong_code")

    def test_expired_code_fails_then_a_new_one_works(self, client, db):
        sign_up(client, "exp@example.com")
        code = outbox_code(client, "exp@example.com")
        user = user_by_email(db, "exp@example.com")
        db.session.execute(
            update(OneTimeCode).where(OneTimeCode.user_id == user.id).values(expires_at=utcnow() - timedelta(seconds=1))
        )
        db.session.commit()
        assert_envelope(check_otp(client, "exp@example.com", code), 400, "auth.code_expired")
        assert user_by_email(db, "exp@example.com").is_verified is False

        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "exp@example.com"}))
        new = outbox_code(client, "exp@example.com")
        assert check_otp(client, "exp@example.com", new).status_code == 200

    def test_code_expires_after_ten_minutes(self, client, db):
        sign_up(client, "ttl@example.com")
        record = codes_of(db, user_by_email(db, "ttl@example.com").id, "verify_email")[-1]
        lifetime = record.expires_at - record.created_at
        assert timedelta(minutes=9, seconds=59) <= lifetime <= timedelta(minutes=10, seconds=1)

    def test_new_code_voids_the_old_one(self, client, db):
        sign_up(client, "void@example.com")
        first = outbox_code(client, "void@example.com")
        second = first
        for _ in range(4):
            assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "void@example.com"}))
            second = outbox_code(client, "void@example.com")
            if second != first:
                break
        assert second != first
        rows = codes_of(db, user_by_email(db, "void@example.com").id, "verify_email")
        assert all(row.consumed_at is not None for row in rows[:-1]) and rows[-1].consumed_at is None
        assert_envelope(check_otp(client, "void@example.com", first), 400, "auth.wrong_code")
        assert check_otp(client, "void@example.com", second).status_code == 200

    def test_five_wrong_tries_void_the_code(self, client, db):
        sign_up(client, "tries@example.com")
        code = outbox_code(client, "tries@example.com")
        for step in range(1, 6):
            assert_envelope(check_otp(client, "tries@example.com", other_code(code, step)), 400, "auth.wrong_code")
        record = codes_of(db, user_by_email(db, "tries@example.com").id, "verify_email")[-1]
        assert record.attempts == 5 and record.consumed_at is not None
        # The 6th try fails even with the right code.
        assert_envelope(check_otp(client, "tries@example.com", code), 400, "auth.code_attempts_exceeded", lang="ru")
        assert user_by_email(db, "tries@example.com").is_verified is False
        # A new code starts over.
        client.post(f"{AUTH}/generate-otp", json={"email": "tries@example.com"})
        assert check_otp(client, "tries@example.com", outbox_code(client, "tries@example.com")).status_code == 200

    def test_four_wrong_tries_then_the_right_code_still_works(self, client, db):
        sign_up(client, "four@example.com")
        code = outbox_code(client, "four@example.com")
        for step in range(1, 5):
            check_otp(client, "four@example.com", other_code(code, step))
        assert check_otp(client, "four@example.com", code).status_code == 200

    def test_verify_code_cannot_be_used_for_password_reset(self, client, db):
        sign_up(client, "cross@example.com")
        code = outbox_code(client, "cross@example.com")
        assert_envelope(reset_check(client, "cross@example.com", code), 400, "auth.wrong_code")


class TestGenerateOtp:
    @pytest.mark.parametrize(
        "body, key",
        [
            ({}, "validation.required"),
            ({"email": "not-an-email"}, "auth.email_format"),
            ({"email": "a@b.kz", "extra": 1}, "validation.unknown_field"),
        ],
    )
    def test_bad_input(self, client, db, body, key):
        assert_envelope(client.post(f"{AUTH}/generate-otp", json=body), 400, key)

    def test_no_enumeration(self, client, db, factories):
        factories.user(email="verified@example.com")
        sign_up(client, "pending@example.com")
        answers = [
            client.post(f"{AUTH}/generate-otp", json={"email": email})
            for email in ("verified@example.com", "pending@example.com", "unknown@example.com")
        ]
        assert {a.status_code for a in answers} == {200}
        assert answers[0].get_json() == answers[1].get_json() == answers[2].get_json()
        # Only the pending account actually gets a (second) code.
        assert len(outbox(client, "pending@example.com")) == 2
        assert outbox(client, "verified@example.com") == [] and outbox(client, "unknown@example.com") == []
        assert user_by_email(db, "unknown@example.com") is None


# ============================================================================================ sign-in
class TestSignIn:
    def test_good_credentials(self, client, db, factories):
        factories.user(email="in@example.com")
        body = assert_ok(sign_in(client, "IN@Example.com"))
        assert body["user"]["email"] == "in@example.com" and body["user"]["token"]
        assert self_status(client, body["user"]["token"]) == 200
        session = db.session.scalar(select(AuthSession))
        assert session.revoked_at is None and session.expires_at > utcnow()

    def test_unverified_user_signs_in_and_is_told_so(self, client, db, factories):
        factories.user(email="unv@example.com", verified=False)
        body = assert_ok(sign_in(client, "unv@example.com"))
        assert body["user"]["is_verified"] is False
        token = body["user"]["token"]
        assert client.get(f"{API}/users/self", headers=bearer(token)).get_json()["item"]["is_verified"] is False
        assert_envelope(
            client.post(f"{API}/users/update", json={"citizenship_id": 1}, headers=bearer(token)),
            403,
            "errors.email_not_verified",
        )

    def test_wrong_password_and_unknown_email_answer_alike(self, client, db, factories):
        factories.user(email="known@example.com")
        wrong = sign_in(client, "known@example.com", "wrong-password")
        unknown = sign_in(client, "unknown@example.com", "wrong-password")
        assert_envelope(wrong, 400, "auth.invalid_credentials", lang="ru")
        assert wrong.get_json() == unknown.get_json()
        assert db.session.scalar(select(AuthSession)) is None

    @pytest.mark.parametrize(
        "body, field, key",
        [
            ({}, "email", "validation.required"),
            ({"email": "a@b.kz"}, "password", "validation.required"),
            ({"email": "a@b.kz", "password": ""}, "password", "validation.required"),
            ({"email": "a@b.kz", "password": "x" * 129}, "password", "validation.too_long"),
            ({"email": "bad", "password": "Qabyldau-pass-2026"}, "email", "auth.email_format"),
            ({"email": "a@b.kz", "password": None}, "password", "validation.null"),
            ({"email": ["a@b.kz"], "password": "Qabyldau-pass-2026"}, "email", "validation.string"),
        ],
    )
    def test_bad_input(self, client, db, body, field, key):
        body = assert_envelope(
            client.post(f"{AUTH}/sign-in", json=body, headers={"Accept-Language": "en"}), 400, key, lang="en"
        )
        assert body["errors"][field] == [catalogue("en")[key]]

    def test_each_sign_in_is_its_own_session(self, client, db, factories):
        factories.user(email="multi@example.com")
        first = sign_in_token(client, "multi@example.com")
        second = sign_in_token(client, "multi@example.com")
        assert first != second
        assert client.post(f"{AUTH}/sign-out", headers=bearer(first)).status_code == 200
        assert self_status(client, first) == 401
        assert self_status(client, second) == 200


# ============================================================================================ sessions
class TestSessions:
    def test_sign_out_revokes_the_token(self, client, db, factories):
        user = factories.user(email="out@example.com")
        token = sign_in_token(client, "out@example.com")
        assert assert_ok(client.post(f"{AUTH}/sign-out", headers=bearer(token)))["success"] is True
        assert db.session.scalar(select(AuthSession).where(AuthSession.user_id == user.id)).revoked_at is not None
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")
        assert_envelope(client.post(f"{AUTH}/sign-out", headers=bearer(token)), 401, "errors.token_invalid")
        # Signing in again works.
        assert self_status(client, sign_in_token(client, "out@example.com")) == 200

    def test_sign_out_without_token(self, client, db):
        assert_envelope(client.post(f"{AUTH}/sign-out"), 401, "errors.unauthorized")

    @pytest.mark.parametrize(
        "header, key",
        [
            (None, "errors.unauthorized"),
            ("Basic dXNlcjpwYXNz", "errors.unauthorized"),
            ("Bearer", "errors.token_invalid"),
            ("Bearer ", "errors.token_invalid"),
            ("Bearer garbage", "errors.token_invalid"),
            ("Bearer a.b.c", "errors.token_invalid"),
            ("Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "errors.token_invalid"),
            ("Bearer " + "x" * 5000, "errors.token_invalid"),
            ("Bearer тест", "errors.token_invalid"),
        ],
    )
    def test_garbage_authorization_headers(self, client, db, header, key):
        headers = {"Authorization": header} if header is not None else {}
        assert_envelope(client.get(f"{API}/users/self", headers=headers), 401, key)

    def test_tampered_token(self, client, db, factories):
        user = factories.user()
        token = factories.token(user)
        head, payload, signature = token.split(".")
        flipped = signature[:-2] + ("A" if signature[-2] != "A" else "B") + signature[-1]
        assert_envelope(
            client.get(f"{API}/users/self", headers=bearer(f"{head}.{payload}.{flipped}")), 401, "errors.token_invalid"
        )
        # A payload swapped for another user's id keeps the old signature: rejected.
        other = factories.user()
        other_payload = factories.token(other).split(".")[1]
        assert_envelope(
            client.get(f"{API}/users/self", headers=bearer(f"{head}.{other_payload}.{signature}")),
            401,
            "errors.token_invalid",
        )
        assert self_status(client, token) == 200

    def test_token_signed_with_another_key(self, client, db, factories, app):
        import jwt as pyjwt

        user = factories.user()
        good = factories.token(user)
        claims = pyjwt.decode(good, options={"verify_signature": False})
        forged = pyjwt.encode(claims, "not-the-server-key-but-long-enough-for-hs256!", algorithm="HS256")
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(forged)), 401, "errors.token_invalid")

    def test_expired_token(self, client, db, factories, app):
        user = factories.user()
        token = create_access_token(identity=str(user.id), expires_delta=timedelta(seconds=-5))
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_expired")

    def test_validly_signed_token_without_a_session_record(self, client, db, factories):
        user = factories.user()
        token = create_access_token(identity=str(user.id))
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")

    def test_session_expired_server_side(self, client, db, factories):
        user = factories.user()
        token = factories.token(user)
        db.session.execute(update(AuthSession).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")

    def test_token_of_a_deleted_user(self, client, db, factories):
        user = factories.user()
        token = factories.token(user)
        db.session.execute(text("DELETE FROM auth_sessions"))
        db.session.delete(user)
        db.session.commit()
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")

    def test_role_change_revokes_tokens(self, client, db, factories):
        factories.user(email="promote@example.com")
        token = sign_in_token(client, "promote@example.com")
        assert self_status(client, token) == 200
        with unit_of_work():
            second_factor.enrol(create_admin("promote@example.com", "new-staff-secret1", "Админ"), TEST_TOTP_SECRET)
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(token)), 401, "errors.token_invalid")
        # Now staff: the password alone no longer signs in (decision 0078).
        assert "user" not in assert_ok(sign_in(client, "promote@example.com", "new-staff-secret1"))
        fresh = staff_sign_in_token(client, "promote@example.com", "new-staff-secret1")
        roles = client.get(f"{API}/users/self", headers=bearer(fresh)).get_json()["item"]["roles"]
        assert roles == [{"name": "Админ"}]


class TestCallerLookup:
    """A signed-in request reads its caller (session, account, citizenship, roles) in ONE statement (issue 12,
    server/access.py); it used to take three. The refusals stay those of TestSessions."""

    def caller_statements(self, client, db, token, path=f"{API}/users/self"):
        db.session.expire_all()  # nothing left in the identity map from the sign-in: a request as in production
        with count_queries(db.engine) as seen:
            response = client.get(path, headers=bearer(token))
        return response, seen

    def test_users_self_is_one_statement_with_roles_and_citizenship(self, client, db, factories):
        user = factories.admin(email="one@example.com")
        user.citizenship_id = factories.citizenship().id
        db.session.commit()
        token = factories.token(user)
        response, seen = self.caller_statements(client, db, token)
        item = assert_ok(response)["item"]
        assert item["roles"] == [{"name": "Админ"}] and item["citizenship"]["id"] == user.citizenship_id
        assert len(seen) == 1, seen
        assert "auth_sessions" in seen[0] and "roles" in seen[0]

    def test_a_role_guarded_endpoint_reads_the_caller_once(self, client, db, factories):
        token = factories.token(factories.admin())
        response, seen = self.caller_statements(client, db, token, f"{API}/admin/dashboard")
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        # Roles come with the session and the account, not from a statement of their own.
        caller = [statement for statement in seen if "auth_sessions" in statement or "user_roles" in statement]
        assert len(caller) == 1 and "auth_sessions" in caller[0] and "user_roles" in caller[0], caller

    def test_revoked_session_is_refused_after_one_statement(self, client, db, factories):
        factories.user(email="gone@example.com")
        token = sign_in_token(client, "gone@example.com")
        assert self_status(client, token) == 200
        assert_ok(client.post(f"{AUTH}/sign-out", headers=bearer(token)))
        response, seen = self.caller_statements(client, db, token)
        assert_envelope(response, 401, "errors.token_invalid")
        assert len(seen) == 1, seen

    def test_a_refused_token_does_not_leave_its_caller_to_the_next_request(self, client, db, factories):
        # The tests share one app context (so one flask.g) across requests: the hand-over must not leak.
        good = factories.token(factories.user())
        revoked = factories.token(factories.user())
        db.session.execute(update(AuthSession).where(AuthSession.jti != get_jti(good)).values(revoked_at=utcnow()))
        db.session.commit()
        assert self_status(client, good) == 200
        assert self_status(client, revoked) == 401
        assert self_status(client, good) == 200

    def test_token_whose_subject_is_not_the_sessions_account(self, client, db, factories, app):
        first, second = factories.user(), factories.user()
        token = factories.token(first)
        forged = create_access_token(identity=str(second.id), additional_claims={"jti": get_jti(token)})
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(forged)), 401, "errors.token_invalid")
        huge = create_access_token(identity=str(2**40), additional_claims={"jti": get_jti(token)})
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(huge)), 401, "errors.token_invalid")


# ============================================================================================ forgot password
class TestForgotPassword:
    def full_reset(self, client, email: str, new_password: str) -> None:
        assert_ok(reset_request(client, email))
        otp_id = assert_ok(reset_check(client, email, outbox_code(client, email)))["otp_id"]
        assert_ok(reset_update(client, email, new_password, otp_id, repeat=new_password))

    def test_full_flow_changes_password_and_revokes_sessions(self, client, db, factories):
        factories.user(email="reset@example.com")
        old_token = sign_in_token(client, "reset@example.com")

        body = assert_ok(reset_request(client, "Reset@Example.com"))
        assert body["message_key"] == "auth.reset_code_sent"
        message = outbox(client, "reset@example.com")[0]
        assert message["subject"] == catalogue("ru")["mail.reset.subject"]
        code = outbox_code(client, "reset@example.com")

        checked = assert_ok(reset_check(client, "reset@example.com", code))
        otp_id = checked["otp_id"]
        assert isinstance(otp_id, str) and len(otp_id) >= 32 and not otp_id.isdigit()
        assert self_status(client, old_token) == 200  # checking the code alone changes nothing

        done = assert_ok(reset_update(client, "reset@example.com", "brandnew1", otp_id, repeat="brandnew1"))
        assert done["message_key"] == "auth.password_updated"
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(old_token)), 401, "errors.token_invalid")
        assert_envelope(sign_in(client, "reset@example.com", DEFAULT_PASSWORD), 400, "auth.invalid_credentials")
        assert sign_in(client, "reset@example.com", "brandnew1").status_code == 200

    def test_reset_verifies_an_unverified_account(self, client, db):
        sign_up(client, "lost@example.com")
        self.full_reset(client, "lost@example.com", "another-pass-17")
        assert user_by_email(db, "lost@example.com").is_verified is True

    def test_no_enumeration(self, client, db, factories):
        factories.user(email="exists@example.com")
        known = reset_request(client, "exists@example.com")
        unknown = reset_request(client, "ghost@example.com")
        assert known.status_code == unknown.status_code == 200
        assert known.get_json() == unknown.get_json()
        assert len(outbox(client, "exists@example.com")) == 1
        assert outbox(client, "ghost@example.com") == []
        # The check step answers an unknown address like a wrong code.
        assert (
            reset_check(client, "ghost@example.com", "123456").get_json()
            == reset_check(
                client, "exists@example.com", other_code(outbox_code(client, "exists@example.com"))
            ).get_json()
        )

    def test_spec_fields_are_accepted(self, client, db, factories):
        factories.user(email="fields@example.com")
        response = client.post(
            f"{AUTH}/forgot-password-generate-code",
            json={
                "email": "fields@example.com",
                "confirmation_message_subject": "Сброс",
                "confirmation_message_part_1": "Ваш код",
            },
        )
        assert_ok(response)

    @pytest.mark.parametrize(
        "path, body, key",
        [
            ("forgot-password-generate-code", {}, "validation.required"),
            ("forgot-password-generate-code", {"email": "nope"}, "auth.email_format"),
            ("forgot-password-check-code", {"email": "a@b.kz"}, "validation.required"),
            ("forgot-password-check-code", {"email": "a@b.kz", "code": "12ab56"}, "auth.wrong_code"),
            (
                "forgot-password-update-password",
                {"email": "a@b.kz", "password": "Qabyldau-pass-2026"},
                "validation.required",
            ),
            (
                "forgot-password-update-password",
                {"email": "a@b.kz", "password": "123", "otp_id": "x"},
                "auth.password_length",
            ),
            (
                "forgot-password-update-password",
                {"email": "a@b.kz", "password": "Qabyldau-pass-2026", "otp_id": ""},
                "validation.invalid_input",
            ),
            (
                "forgot-password-update-password",
                {"email": "a@b.kz", "password": "Qabyldau-pass-2026", "otp_id": "x" * 65},
                "validation.invalid_input",
            ),
            (
                "forgot-password-update-password",
                {
                    "email": "a@b.kz",
                    "password": "Qabyldau-pass-2026",
                    "repeat_password": "Qabyldau-pass-2027",
                    "otp_id": "x",
                },
                "forgot-password-passwords-not-equal",
            ),
        ],
    )
    def test_bad_input(self, client, db, path, body, key):
        assert_envelope(client.post(f"{AUTH}/{path}", json=body), 400, key)

    def test_wrong_expired_and_exhausted_reset_codes(self, client, db, factories):
        user = factories.user(email="codes@example.com")
        reset_request(client, "codes@example.com")
        code = outbox_code(client, "codes@example.com")
        assert_envelope(reset_check(client, "codes@example.com", other_code(code)), 400, "auth.wrong_code")

        db.session.execute(
            update(OneTimeCode).where(OneTimeCode.user_id == user.id).values(expires_at=utcnow() - timedelta(minutes=1))
        )
        db.session.commit()
        assert_envelope(reset_check(client, "codes@example.com", code), 400, "auth.code_expired")

        reset_request(client, "codes@example.com")
        code = outbox_code(client, "codes@example.com")
        for step in range(1, 6):
            assert_envelope(reset_check(client, "codes@example.com", other_code(code, step)), 400, "auth.wrong_code")
        assert_envelope(reset_check(client, "codes@example.com", code), 400, "auth.code_attempts_exceeded")
        assert sign_in(client, "codes@example.com").status_code == 200  # password unchanged

    def test_reset_code_and_ticket_are_single_use(self, client, db, factories):
        factories.user(email="once@example.com")
        reset_request(client, "once@example.com")
        code = outbox_code(client, "once@example.com")
        otp_id = assert_ok(reset_check(client, "once@example.com", code))["otp_id"]
        # The same code cannot mint a second ticket.
        assert_envelope(reset_check(client, "once@example.com", code), 400, "auth.wrong_code")
        assert_ok(reset_update(client, "once@example.com", "first-new", otp_id))
        assert_envelope(
            reset_update(client, "once@example.com", "second-new", otp_id), 400, "auth.reset_ticket_invalid"
        )
        assert_envelope(reset_check(client, "once@example.com", code), 400, "auth.wrong_code")
        assert sign_in(client, "once@example.com", "first-new").status_code == 200

    def test_ticket_is_bound_to_its_account_and_expires(self, client, db, factories):
        factories.user(email="victim@example.com")
        factories.user(email="attacker@example.com")
        reset_request(client, "attacker@example.com")
        otp_id = assert_ok(reset_check(client, "attacker@example.com", outbox_code(client, "attacker@example.com")))[
            "otp_id"
        ]
        assert_envelope(
            reset_update(client, "victim@example.com", "hijacked1", otp_id), 400, "auth.reset_ticket_invalid"
        )
        assert_envelope(
            reset_update(client, "attacker@example.com", "hijacked1", "made-up-ticket"),
            400,
            "auth.reset_ticket_invalid",
        )
        assert_envelope(
            reset_update(client, "nobody@example.com", "hijacked1", otp_id), 400, "auth.reset_ticket_invalid"
        )
        db.session.execute(update(OneTimeCode).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
        assert_envelope(
            reset_update(client, "attacker@example.com", "hijacked1", otp_id), 400, "auth.reset_ticket_invalid"
        )
        assert sign_in(client, "victim@example.com").status_code == 200
        assert sign_in(client, "attacker@example.com").status_code == 200

    def test_ticket_before_code_check_is_useless(self, client, db, factories):
        """A reset code row without a verified check has no ticket: nothing to guess."""
        user = factories.user(email="early@example.com")
        reset_request(client, "early@example.com")
        [record] = codes_of(db, user.id, "reset_password")
        assert record.ticket is None and record.verified_at is None

    def test_new_reset_code_voids_old_ticket(self, client, db, factories):
        factories.user(email="renew@example.com")
        reset_request(client, "renew@example.com")
        otp_id = assert_ok(reset_check(client, "renew@example.com", outbox_code(client, "renew@example.com")))["otp_id"]
        reset_request(client, "renew@example.com")
        assert_envelope(
            reset_update(client, "renew@example.com", "new-pass-17", otp_id), 400, "auth.reset_ticket_invalid"
        )


# ============================================================================================ rate limits
class TestRateLimits:
    @pytest.fixture(autouse=True)
    def _limits_on(self, monkeypatch, db):
        monkeypatch.setattr(limiter, "enabled", True)
        limiter.reset()

    def test_sign_in_failures_per_account_and_address(self, client, db, factories):
        """Wrong passwords, not requests, are counted (issue 22, finding 10; test_auth_takeover_and_lockout.py)."""
        factories.user(email="brute@example.com")
        for _ in range(5):
            assert_envelope(sign_in(client, "brute@example.com", "wrongpass"), 400, "auth.invalid_credentials")
        for lang in ("ru", "kk", "en"):
            response = client.post(
                f"{AUTH}/sign-in?lang={lang}", json={"email": "BRUTE@example.com", "password": DEFAULT_PASSWORD}
            )
            body = assert_envelope(response, 429, "auth.sign_in_throttled", lang=lang)
            assert int(response.headers["Retry-After"]) > 0
            assert 0 < body["retry_after"] <= int(response.headers["Retry-After"]) + 1
        # Another account from the same address is not blocked, nor this one from another address.
        factories.user(email="bystander@example.com")
        assert sign_in(client, "bystander@example.com").status_code == 200
        other = client.post(
            f"{AUTH}/sign-in",
            json={"email": "brute@example.com", "password": DEFAULT_PASSWORD},
            environ_base={"REMOTE_ADDR": "10.9.8.7"},
        )
        assert other.status_code == 200

    def test_correct_sign_ins_are_not_counted(self, client, db, factories):
        factories.user(email="busy@example.com")
        assert {sign_in(client, "busy@example.com").status_code for _ in range(12)} == {200}

    def test_send_code_per_account(self, client, db):
        sign_up(client, "spam@example.com")
        for _ in range(5):
            assert client.post(f"{AUTH}/generate-otp", json={"email": "spam@example.com"}).status_code == 200
        assert_envelope(
            client.post(f"{AUTH}/generate-otp", json={"email": "spam@example.com"}), 429, "errors.rate_limited"
        )
        assert len(outbox(client, "spam@example.com")) == 6  # sign-up + 5 resends, nothing after the limit

    def test_reset_code_per_account(self, client, db, factories):
        factories.user(email="resetspam@example.com")
        for _ in range(5):
            assert reset_request(client, "resetspam@example.com").status_code == 200
        assert_envelope(reset_request(client, "resetspam@example.com"), 429, "errors.rate_limited")

    def test_check_code_per_account(self, client, db, app, monkeypatch):
        monkeypatch.setitem(app.config, "RATE_LIMIT_CHECK_CODE_PER_ACCOUNT", "3 per minute")
        sign_up(client, "guess@example.com")
        code = outbox_code(client, "guess@example.com")
        for step in range(1, 4):
            assert_envelope(check_otp(client, "guess@example.com", other_code(code, step)), 400, "auth.wrong_code")
        assert_envelope(check_otp(client, "guess@example.com", code), 429, "errors.rate_limited")

    def test_sign_up_per_account(self, client, db):
        for _ in range(5):
            assert sign_up(client, "signupspam@example.com").status_code == 200
        assert_envelope(sign_up(client, "signupspam@example.com"), 429, "errors.rate_limited")

    def test_per_address_limit_across_accounts(self, client, db, app, monkeypatch):
        monkeypatch.setitem(app.config, "RATE_LIMIT_AUTH_PER_IP", "3 per minute")
        for n in range(3):
            assert reset_request(client, f"spray{n}@example.com").status_code == 200
        body = assert_envelope(
            client.post(
                f"{AUTH}/forgot-password-generate-code",
                json={"email": "spray9@example.com"},
                headers={"Accept-Language": "kk"},
            ),
            429,
            "errors.rate_limited",
            lang="kk",
        )
        assert body["message"] == catalogue("kk")["errors.rate_limited"]
        # Another client address is not affected.
        other = client.post(
            f"{AUTH}/forgot-password-generate-code",
            json={"email": "spray9@example.com"},
            environ_base={"REMOTE_ADDR": "10.1.2.3"},
        )
        assert other.status_code == 200

    def test_per_address_limit_behind_a_trusted_proxy(self, client, db, app, monkeypatch):
        """TRUSTED_PROXY_COUNT=1: the balancer's X-Forwarded-For names the client, so applicants are not lumped
        together; without it (the default) a forged header changes nothing."""
        monkeypatch.setitem(app.config, "RATE_LIMIT_AUTH_PER_IP", "2 per minute")

        def reset_from(address):
            return client.post(
                f"{AUTH}/forgot-password-generate-code",
                json={"email": "lb@example.com"},
                headers={"X-Forwarded-For": address},
                environ_base={"REMOTE_ADDR": "10.0.0.1"},
            )

        # Default: the header is ignored, everything comes from the balancer's own address.
        assert [reset_from(f"203.0.113.{n}").status_code for n in range(3)] == [200, 200, 429]

        limiter.reset()
        monkeypatch.setattr(app, "wsgi_app", app.wsgi_app)  # restored after the test
        trust_proxies(app, 1)
        assert [reset_from("203.0.113.7").status_code for _ in range(3)] == [200, 200, 429]
        assert reset_from("198.51.100.4").status_code == 200  # another applicant behind the same balancer


# ============================================================================================ misc
class TestEnvelopeAndLanguages:
    @pytest.mark.parametrize(
        "kwargs, lang",
        [
            ({"headers": {"Accept-Language": "ru"}}, "ru"),
            ({"headers": {"Accept-Language": "kk"}}, "kk"),
            ({"headers": {"Accept-Language": "kz"}}, "kk"),
            ({"headers": {"Accept-Language": "en-US,en;q=0.9"}}, "en"),
            ({"headers": {"Accept-Language": "fr-FR, en;q=0.5"}}, "en"),
            ({"headers": {"Accept-Language": "de"}}, "ru"),
            ({}, "ru"),
            ({"query_string": {"lang": "en"}, "headers": {"Accept-Language": "kk"}}, "en"),
            ({"query_string": {"lang": "kk"}}, "kk"),
            ({"query_string": {"lang": "xx"}, "headers": {"Accept-Language": "en"}}, "en"),
        ],
    )
    def test_language_choice(self, client, db, kwargs, lang):
        response = client.post(f"{AUTH}/sign-in", json={"email": "who@example.com", "password": "whatever"}, **kwargs)
        body = assert_envelope(response, 400, "auth.invalid_credentials", lang=lang)
        assert body["message"] == catalogue(lang)["auth.invalid_credentials"]

    def test_field_errors_are_localized_too(self, client, db):
        for lang in ("ru", "kk", "en"):
            body = assert_envelope(client.post(f"{AUTH}/sign-up?lang={lang}", json={"user": {"email": "x"}}), 400)
            assert body["errors"]["user.email"] == [catalogue(lang)["auth.email_format"]]
            assert body["errors"]["user.password"] == [catalogue(lang)["validation.required"]]

    def test_wrong_method_and_unknown_api_path(self, client, db):
        assert_envelope(client.put(f"{AUTH}/sign-in", json={}), 405, "errors.method_not_allowed")
        assert_envelope(client.post(f"{API}/auth/nope", json={}), 404, "errors.not_found")
        assert_envelope(client.delete(f"{API}/nothing/here"), 404, "errors.not_found")
        assert_envelope(client.get(f"{API}/auth/nope"), 404, "errors.not_found")
        # GET on a POST-only endpoint is a 405 naming the method that works (not swallowed by the SPA fallback).
        response = client.get(f"{AUTH}/sign-in")
        assert_envelope(response, 405, "errors.method_not_allowed")
        assert "POST" in response.headers["Allow"]
        response = client.post(f"{API}/users/self")
        assert_envelope(response, 405, "errors.method_not_allowed")
        assert "GET" in response.headers["Allow"]

    def test_every_auth_endpoint_survives_hostile_bodies(self, client, db):
        paths = [
            "sign-up",
            "sign-in",
            "generate-otp",
            "check-otp",
            "forgot-password-generate-code",
            "forgot-password-check-code",
            "forgot-password-update-password",
        ]
        hostile = [
            None,
            0,
            "string",
            [],
            {"email": {"$ne": ""}},
            {"email": "a@b.kz", "code": ["123456"]},
            {"user": [], "email": "a@b.kz"},
            {"email": "a@b.kz\x00", "password": "Qabyldau-pass-2026\x00"},
            {"email": "'; DROP TABLE users; --@x.kz", "password": "Qabyldau-pass-2026"},
            {"email": "a@b.kz", "password": "secret\x00123", "code": "12345\x00"},
            {
                "user": {
                    "email": "nul\x00@b.kz",
                    "password": "Qabyldau-pass-2026",
                    "repeat_password": "Qabyldau-pass-2026",
                }
            },
        ]
        for path in paths:
            for body in hostile:
                response = client.post(f"{AUTH}/{path}", json=body)
                assert response.status_code in (200, 400), (path, body, response.get_data(as_text=True))
                if response.status_code == 400:
                    assert_envelope(response, 400)
            limiter.reset()
        assert db.session.scalar(select(text("count(*)")).select_from(User)) == 0

    @pytest.mark.parametrize(
        "raw",
        [
            '{"email": "\\ud800@b.kz", "password": "Qabyldau-pass-2026"}',
            '{"email": "a\\u0000@b.kz", "password": "Qabyldau-pass-2026"}',
            '{"email": "a@b.kz", "password": "sec\\u0000ret"}',
            '{"email": "a@b.kz", "password": "Qabyldau-pass-2026", "\\udfff": 1}',
        ],
    )
    def test_unstorable_text_is_a_400_not_a_driver_error(self, client, db, raw):
        """NUL (PostgreSQL refuses it) and lone surrogates (not UTF-8) used to reach the database: a 500."""
        response = client.post(f"{AUTH}/sign-in", data=raw, content_type="application/json")
        assert_envelope(response, 400, "validation.invalid_input")
        body = client.post(
            f"{AUTH}/sign-up",
            data='{"user": {"email": "x\\u0000@b.kz", "password": "Qab-pass-26", "repeat_password": "Qab-pass-26"}}',
            content_type="application/json",
        )
        assert_envelope(body, 400, "validation.invalid_input")
