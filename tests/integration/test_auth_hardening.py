"""Account hardening after the audit of issue 2 (decision 0002; design §9): the dev outbox answers on loopback only,
a sign-up cannot set the password of somebody else's pending account, concurrent sign-ups are no 500, logs carry no
SQL parameters or secrets from tracebacks, resends are spaced, and passwords are taken as typed."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, text, update

from server import create_app, trust_proxies
from server.accounts import auth as accounts
from server.accounts import dao as users_dao
from server.i18n import catalogue
from server.models import OneTimeCode, User
from server.models.base import utcnow
from server.security import hash_password, verify_password

from ..conftest import make_config
from ..helpers import (
    API,
    assert_envelope,
    assert_ok,
    bearer,
    check_otp,
    outbox,
    outbox_code,
    sign_in,
    sign_up,
)

AUTH = f"{API}/auth"
ROOT = Path(__file__).resolve().parents[2]


def user_by_email(db, email: str) -> User | None:
    db.session.expire_all()
    return db.session.scalar(select(User).where(User.email == email.lower()))


def verify_codes(db, email: str) -> list[OneTimeCode]:
    db.session.expire_all()
    user = user_by_email(db, email)
    return list(
        db.session.scalars(
            select(OneTimeCode)
            .where(OneTimeCode.user_id == user.id, OneTimeCode.purpose == "verify_email")
            .order_by(OneTimeCode.id)
        )
    )


def expire_codes(db, email: str) -> None:
    user = user_by_email(db, email)
    db.session.execute(
        update(OneTimeCode).where(OneTimeCode.user_id == user.id).values(expires_at=utcnow() - timedelta(seconds=1))
    )
    db.session.commit()


def read_outbox(client, email: str, remote_addr: str):
    return client.get(f"{API}/dev/outbox", query_string={"email": email}, environ_base={"REMOTE_ADDR": remote_addr})


# ============================================================================================ 1. dev outbox
@pytest.mark.usefixtures("no_server_errors")
class TestDevOutboxIsLocalOnly:
    @pytest.mark.parametrize("address", ["203.0.113.7", "10.0.0.5", "192.168.1.20", "2001:db8::1", "::ffff:10.0.0.1"])
    def test_other_addresses_get_a_404_like_an_unknown_route(self, client, db, address):
        assert_ok(sign_up(client, "target@example.com"))
        body = assert_envelope(read_outbox(client, "target@example.com", address), 404, "errors.not_found")
        assert not re.search(r"\d{6}", str(body))
        unknown = client.get(f"{API}/no/such/route", environ_base={"REMOTE_ADDR": address})
        assert body == unknown.get_json()

    @pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
    def test_loopback_reads_it(self, client, db, address):
        sign_up(client, "local@example.com")
        response = read_outbox(client, "local@example.com", address)
        assert response.status_code == 200
        [message] = response.get_json()["list"]
        assert re.search(r"\d{6}", message["body"])

    def test_behind_a_trusted_proxy_nobody_reads_it(self, client, db, app, monkeypatch):
        """A proxy on this machine forwards a remote visitor: ProxyFix makes remote_addr the visitor's, refused; and
        since issue 22 (finding 4) a proxied request is refused even when the proxy calls its client local."""
        sign_up(client, "proxied@example.com")
        query = {"email": "proxied@example.com"}
        # Without trusted proxies a forged header changes nothing: a remote socket stays remote.
        forged = client.get(
            f"{API}/dev/outbox",
            query_string=query,
            headers={"X-Forwarded-For": "127.0.0.1"},
            environ_base={"REMOTE_ADDR": "203.0.113.7"},
        )
        assert_envelope(forged, 404, "errors.not_found")

        monkeypatch.setattr(app, "wsgi_app", app.wsgi_app)  # restored after the test
        trust_proxies(app, 1)
        remote = client.get(
            f"{API}/dev/outbox",
            query_string=query,
            headers={"X-Forwarded-For": "198.51.100.4"},
            environ_base={"REMOTE_ADDR": "127.0.0.1"},
        )
        assert_envelope(remote, 404, "errors.not_found")
        local = client.get(
            f"{API}/dev/outbox",
            query_string=query,
            headers={"X-Forwarded-For": "127.0.0.1"},
            environ_base={"REMOTE_ADDR": "127.0.0.1"},
        )
        assert_envelope(local, 404, "errors.not_found")

    def test_disabled_outbox_is_a_404_even_on_loopback(self, instance_dir, database_url):
        config = make_config(instance_dir, database_url, DEV_OUTBOX_ENABLED=False)
        del config.DEV_OUTBOX_READABLE  # let create_app derive it
        app = create_app(config)
        assert app.config["DEV_OUTBOX_READABLE"] is False
        with app.app_context():
            response = app.test_client().get(f"{API}/dev/outbox", query_string={"email": "a@example.com"})
            assert_envelope(response, 404, "errors.not_found")

    def test_the_docker_image_turns_it_off(self):
        dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
        runtime = dockerfile[dockerfile.index("AS runtime") :]
        assert re.search(r"^ENV\s+(?:.*\s)?DEV_OUTBOX_ENABLED=0(?:\s|$)", runtime, re.MULTILINE), runtime


# ============================================================================================ 2. pending accounts
@pytest.mark.usefixtures("no_server_errors")
class TestPendingAccountCannotBeTakenOver:
    """Decision 0002 as revised by issue 22 (finding 5): a sign-up's password waits on its own code and applies only
    when that code is entered with that password; the attacks themselves are in test_auth_takeover_and_lockout.py."""

    def test_no_chosen_password_is_stored_on_the_account_before_verification(self, client, db):
        assert_ok(sign_up(client, "victim@example.com", "victim-pass1"))
        assert_ok(sign_up(client, "VICTIM@example.com", "attacker-pass2"))
        user = user_by_email(db, "victim@example.com")
        assert user.password_hash == accounts.NO_PASSWORD_YET
        first, second = verify_codes(db, "victim@example.com")
        # The replaced code is void and its password dropped; the newest carries the newest sign-up's.
        assert first.consumed_at is not None and first.pending_password_hash is None
        assert second.consumed_at is None and verify_password(second.pending_password_hash, "attacker-pass2")

    def test_the_same_sign_up_twice_keeps_its_code(self, client, db):
        sign_up(client, "double@example.com", "victim-pass1")
        code = outbox_code(client, "double@example.com")
        fresh = sign_up(client, "someone-new@example.com", "victim-pass1")
        again = sign_up(client, "double@example.com", "victim-pass1")
        assert again.status_code == 200 and again.get_json() == fresh.get_json()
        assert len(outbox(client, "double@example.com")) == 1
        assert check_otp(client, "double@example.com", code, "victim-pass1").status_code == 200

    def test_burning_the_owners_code_gains_nothing(self, client, db):
        """Five wrong tries void the owner's code; the attacker's sign-up that follows mails the owner a code that
        only the attacker's password opens."""
        sign_up(client, "burnt@example.com", "victim-pass1")
        code = outbox_code(client, "burnt@example.com")
        for step in range(1, 6):
            check_otp(client, "burnt@example.com", f"{(int(code) + step) % 10**6:06d}", "victim-pass1")
        assert verify_codes(db, "burnt@example.com")[-1].consumed_at is not None
        assert_ok(sign_up(client, "burnt@example.com", "attacker-pass2"))
        newest = outbox_code(client, "burnt@example.com")
        assert_envelope(
            check_otp(client, "burnt@example.com", newest, "victim-pass1"), 400, "auth.code_password_mismatch"
        )
        assert user_by_email(db, "burnt@example.com").is_verified is False

    def test_a_resent_code_carries_the_password_of_the_code_it_replaces(self, client, db):
        sign_up(client, "resent@example.com", "victim-pass1")
        expire_codes(db, "resent@example.com")
        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "resent@example.com"}))
        rows = verify_codes(db, "resent@example.com")
        assert rows[0].pending_password_hash is None and verify_password(rows[-1].pending_password_hash, "victim-pass1")
        resent = outbox_code(client, "resent@example.com")
        assert_envelope(
            check_otp(client, "resent@example.com", resent, "other-pass3"), 400, "auth.code_password_mismatch"
        )
        assert check_otp(client, "resent@example.com", resent, "victim-pass1").status_code == 200
        assert sign_in(client, "resent@example.com", "victim-pass1").status_code == 200

    def test_re_sign_up_after_expiry_applies_its_password_only_through_its_own_code(self, client, db):
        sign_up(client, "later@example.com", "first-pass1")
        first_code = outbox_code(client, "later@example.com")
        expire_codes(db, "later@example.com")

        assert_ok(sign_up(client, "later@example.com", "second-pass2"))
        second_code = outbox_code(client, "later@example.com")
        assert len(outbox(client, "later@example.com")) == 2
        # Before the code, the latest sign-up's password reaches the code step only (an unverified session).
        assert sign_in(client, "later@example.com", "second-pass2").get_json()["user"]["is_verified"] is False
        assert sign_in(client, "later@example.com", "first-pass1").status_code == 400

        assert_envelope(check_otp(client, "later@example.com", first_code, "first-pass1"), 400, "auth.wrong_code")
        assert check_otp(client, "later@example.com", second_code, "second-pass2").status_code == 200
        assert sign_in(client, "later@example.com", "second-pass2").get_json()["user"]["is_verified"] is True
        assert sign_in(client, "later@example.com", "first-pass1").status_code == 400
        assert verify_codes(db, "later@example.com")[-1].pending_password_hash is None  # not kept once applied

    def test_verification_ends_sessions_started_before_it(self, client, db):
        """An unverified account can sign in; once the address is proved, tokens from before are revoked."""
        sign_up(client, "early-token@example.com", "first-pass1")
        early = sign_in(client, "early-token@example.com", "first-pass1").get_json()["user"]["token"]
        verified = check_otp(
            client, "early-token@example.com", outbox_code(client, "early-token@example.com"), "first-pass1"
        )
        token = verified.get_json()["user"]["token"]
        assert_envelope(client.get(f"{API}/users/self", headers=bearer(early)), 401, "errors.token_invalid")
        assert client.get(f"{API}/users/self", headers=bearer(token)).status_code == 200

    def test_password_reset_voids_an_open_sign_up_code_and_its_password(self, client, db):
        sign_up(client, "reset-pending@example.com", "second-pass2")
        pending_code = outbox_code(client, "reset-pending@example.com")

        client.post(f"{AUTH}/forgot-password-generate-code", json={"email": "reset-pending@example.com"})
        reset_code = outbox_code(client, "reset-pending@example.com")
        otp_id = client.post(
            f"{AUTH}/forgot-password-check-code", json={"email": "reset-pending@example.com", "code": reset_code}
        ).get_json()["otp_id"]
        assert_ok(
            client.post(
                f"{AUTH}/forgot-password-update-password",
                json={"email": "reset-pending@example.com", "password": "third-pass3", "otp_id": otp_id},
            )
        )
        assert all(
            row.pending_password_hash is None and row.consumed_at is not None
            for row in verify_codes(db, "reset-pending@example.com")
        )
        assert check_otp(client, "reset-pending@example.com", pending_code, "second-pass2").status_code == 400
        assert sign_in(client, "reset-pending@example.com", "third-pass3").status_code == 200
        assert sign_in(client, "reset-pending@example.com", "second-pass2").status_code == 400

    def test_pending_account_without_any_code_gets_one_carrying_the_password(self, client, db, factories):
        factories.user(email="nocode@example.com", verified=False)  # e.g. created by a staff tool
        assert_ok(sign_up(client, "nocode@example.com", "chosen-pass1"))
        code = outbox_code(client, "nocode@example.com")
        # The staff tool's password no longer opens the code step; the sign-up's does.
        assert sign_in(client, "nocode@example.com").status_code == 400
        assert sign_in(client, "nocode@example.com", "chosen-pass1").get_json()["user"]["is_verified"] is False
        assert_envelope(check_otp(client, "nocode@example.com", code), 400, "auth.code_password_mismatch")
        assert check_otp(client, "nocode@example.com", code, "chosen-pass1").status_code == 200
        assert sign_in(client, "nocode@example.com", "chosen-pass1").get_json()["user"]["is_verified"] is True

    def test_an_account_from_before_the_fix_verifies_with_its_own_password_only(self, client, db, factories):
        """Pending accounts stored by the earlier version hold the first sign-up's password on the row, and a resent
        code carries none: the code then applies that password, so it must be proved like any other."""
        factories.user(email="legacy@example.com", password="first-pass1", verified=False)
        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "legacy@example.com"}))
        code = outbox_code(client, "legacy@example.com")
        assert_envelope(
            check_otp(client, "legacy@example.com", code, "owner-pass2"), 400, "auth.code_password_mismatch"
        )
        assert check_otp(client, "legacy@example.com", code, "first-pass1").status_code == 200


# ============================================================================================ 3. concurrency
@pytest.mark.usefixtures("no_server_errors")
class TestConcurrentSignUps:
    def test_account_inserted_between_the_check_and_the_insert(self, client, db, monkeypatch):
        """Another request creates the account after our lookup found nothing: our INSERT hits the unique e-mail.
        The sign-up goes on as for an existing account: 200, one row, no 500."""
        real_lookup = users_dao.get_by_email
        calls = []

        def racing_lookup(email):
            calls.append(email)
            if len(calls) == 1:
                with db.engine.begin() as conn:
                    conn.execute(
                        User.__table__.insert().values(
                            email="race@example.com",
                            password_hash=hash_password("winner-pass1"),
                            is_verified=False,
                            is_pkb_data_request_completed=False,
                            is_exempted_from_payment=False,
                            created_at=utcnow(),
                        )
                    )
                return None
            return real_lookup(email)

        monkeypatch.setattr(users_dao, "get_by_email", racing_lookup)
        assert_ok(sign_up(client, "race@example.com", "loser-pass2"))
        monkeypatch.setattr(users_dao, "get_by_email", real_lookup)

        assert len(calls) >= 2
        assert db.session.scalar(select(text("count(*)")).select_from(User)) == 1
        user = user_by_email(db, "race@example.com")
        assert verify_password(user.password_hash, "winner-pass1")  # never overwritten by the loser

    def test_parallel_sign_ups_of_one_address(self, app, client, db):
        barrier = threading.Barrier(4)
        statuses: list[int] = []

        def one():
            local = app.test_client()
            barrier.wait()
            statuses.append(sign_up(local, "twice-clicked@example.com", "same-pass1").status_code)

        threads = [threading.Thread(target=one) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert statuses == [200] * 4
        assert db.session.scalar(select(text("count(*)")).select_from(User)) == 1
        assert len(outbox(client, "twice-clicked@example.com")) == 1
        code = outbox_code(client, "twice-clicked@example.com")
        assert check_otp(client, "twice-clicked@example.com", code, "same-pass1").status_code == 200


# ============================================================================================ 4. logs
ARGON2_HASH = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4"
FULL_IIN = "980101300123"


class TestNoSecretsInLogs:
    def test_engine_hides_sql_parameters(self, app, db):
        assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["hide_parameters"] is True
        assert db.engine.hide_parameters is True

    def test_database_error_log_quotes_no_parameter(self, client, db, monkeypatch, captured_log):
        marker = "bound-value-7f3a9c@example.com"

        def failing_sign_up(email, password):
            db.session.execute(
                text("SELECT :email, :password_hash, :iin FROM table_that_does_not_exist"),
                {"email": marker, "password_hash": ARGON2_HASH, "iin": FULL_IIN},
            )

        monkeypatch.setattr(accounts, "sign_up", failing_sign_up)
        assert_envelope(sign_up(client, "logs@example.com"), 500, "errors.generic")
        logged = captured_log.getvalue()
        assert "unhandled error" in logged and "table_that_does_not_exist" in logged  # the traceback is there
        assert marker not in logged
        assert "$argon2" not in logged and FULL_IIN not in logged

    def test_unexpected_exception_traceback_is_redacted(self, client, db, monkeypatch, captured_log):
        def failing_sign_up(email, password):
            raise RuntimeError(f"cannot store {ARGON2_HASH} for IIN {FULL_IIN}")

        monkeypatch.setattr(accounts, "sign_up", failing_sign_up)
        assert_envelope(sign_up(client, "logs@example.com"), 500, "errors.generic")
        logged = captured_log.getvalue()
        assert "unhandled error" in logged and "RuntimeError: cannot store" in logged
        assert "$argon2" not in logged and FULL_IIN not in logged
        assert "9801********" in logged


# ============================================================================================ 5. resend interval
@pytest.mark.usefixtures("no_server_errors")
class TestResendInterval:
    @pytest.fixture(autouse=True)
    def _one_minute(self, app, monkeypatch):
        monkeypatch.setitem(app.config, "OTP_RESEND_INTERVAL_SECONDS", 60)

    def test_default_is_a_minute(self, monkeypatch, instance_dir):
        from server.config import Config

        monkeypatch.delenv("OTP_RESEND_INTERVAL_SECONDS", raising=False)
        monkeypatch.setenv("INSTANCE_PATH", str(instance_dir))
        assert Config().OTP_RESEND_INTERVAL_SECONDS == 60

    @pytest.mark.parametrize("lang", ["ru", "kk", "en"])
    def test_resend_within_the_interval_is_a_localized_429(self, client, db, lang):
        sign_up(client, "soon@example.com")
        first = outbox_code(client, "soon@example.com")
        response = client.post(f"{AUTH}/generate-otp?lang={lang}", json={"email": "soon@example.com"})
        body = assert_envelope(response, 429, "auth.resend_too_soon")
        assert body["message"] in {catalogue(lang)["auth.resend_too_soon"].format(seconds=n) for n in (59, 60)}
        assert body["retry_after"] in (59, 60)  # issue 10: the client's countdown starts here
        assert response.headers["Retry-After"] == str(body["retry_after"])
        assert len(outbox(client, "soon@example.com")) == 1
        assert check_otp(client, "soon@example.com", first).status_code == 200  # the sent code still works

    def test_resend_after_the_interval_works(self, client, db):
        sign_up(client, "wait@example.com")
        user = user_by_email(db, "wait@example.com")
        db.session.execute(
            update(OneTimeCode)
            .where(OneTimeCode.user_id == user.id)
            .values(created_at=utcnow() - timedelta(seconds=61))
        )
        db.session.commit()
        assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": "wait@example.com"}))
        assert len(outbox(client, "wait@example.com")) == 2
        assert_envelope(
            client.post(f"{AUTH}/generate-otp", json={"email": "wait@example.com"}), 429, "auth.resend_too_soon"
        )

    def test_unknown_and_verified_addresses_still_answer_success(self, client, db, factories):
        factories.user(email="done@example.com")
        for email in ("done@example.com", "ghost@example.com"):
            for _ in range(2):
                assert_ok(client.post(f"{AUTH}/generate-otp", json={"email": email}))


# ============================================================================================ 6. passwords
@pytest.mark.usefixtures("no_server_errors")
class TestPasswordsAreTakenAsTyped:
    def test_sign_up_and_sign_in_keep_spaces(self, client, db):
        assert_ok(sign_up(client, "  spaces@example.com ", "  qabyl-sec12  "))
        code = outbox_code(client, "spaces@example.com")
        assert_envelope(
            check_otp(client, "spaces@example.com", code, "qabyl-sec12"), 400, "auth.code_password_mismatch"
        )
        assert check_otp(client, "spaces@example.com", code, "  qabyl-sec12  ").status_code == 200
        user = user_by_email(db, "spaces@example.com")
        assert verify_password(user.password_hash, "  qabyl-sec12  ")
        assert not verify_password(user.password_hash, "qabyl-sec12")
        assert sign_in(client, "spaces@example.com", "  qabyl-sec12  ").status_code == 200
        assert_envelope(sign_in(client, "spaces@example.com", "qabyl-sec12"), 400, "auth.invalid_credentials")

    def test_spaces_count_towards_the_length(self, client, db):
        """'     a' passes the client's length check (6 characters): the server agrees."""
        assert_ok(sign_up(client, "short@example.com", "     a"))
        assert_envelope(sign_up(client, "short2@example.com", "  a  "), 400, "auth.password_length")

    def test_password_reset_keeps_spaces(self, client, db, factories):
        factories.user(email="reset-spaces@example.com")
        client.post(f"{AUTH}/forgot-password-generate-code", json={"email": "reset-spaces@example.com"})
        otp_id = client.post(
            f"{AUTH}/forgot-password-check-code",
            json={"email": "reset-spaces@example.com", "code": outbox_code(client, "reset-spaces@example.com")},
        ).get_json()["otp_id"]
        assert_ok(
            client.post(
                f"{AUTH}/forgot-password-update-password",
                json={
                    "email": "reset-spaces@example.com",
                    "password": " new-pass ",
                    "repeat_password": " new-pass ",
                    "otp_id": otp_id,
                },
            )
        )
        assert sign_in(client, "reset-spaces@example.com", " new-pass ").status_code == 200
        assert sign_in(client, "reset-spaces@example.com", "new-pass").status_code == 400

    def test_repeat_must_match_exactly(self, client, db):
        assert_envelope(
            sign_up(client, "mismatch@example.com", "qabyl-sec12 ", "qabyl-sec12"), 400, "auth.passwords_mismatch"
        )

    @pytest.mark.parametrize("lang", ["ru", "kk", "en"])
    def test_too_long_password_has_its_own_message(self, client, db, lang):
        long = "x" * 129
        response = client.post(
            f"{AUTH}/sign-up?lang={lang}",
            json={"user": {"email": "long@example.com", "password": long, "repeat_password": long}},
        )
        body = assert_envelope(response, 400, "auth.password_too_long")
        expected = catalogue(lang)["auth.password_too_long"].format(max=128)
        assert "128" in expected and body["message"] == expected
        assert body["errors"]["user.password"] == [expected]
        assert_ok(sign_up(client, "max@example.com", "x" * 128))

        response = client.post(
            f"{AUTH}/forgot-password-update-password?lang={lang}",
            json={"email": "a@b.kz", "password": long, "otp_id": "x"},
        )
        assert assert_envelope(response, 400, "auth.password_too_long")["message"] == expected
