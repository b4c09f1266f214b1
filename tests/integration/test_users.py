"""The signed-in user (req §3 User, §6 roles, §7 Users: self, update, check), the Citizenship list behind
/choose-flow, and the `flask create-admin` command (design §4)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from server.accounts import second_factor
from server.accounts.users import create_admin
from server.database import unit_of_work
from server.i18n import catalogue
from server.models import AuditLog, AuthSession, User
from server.security import verify_password

from ..helpers import (
    API,
    TEST_TOTP_SECRET,
    assert_envelope,
    assert_ok,
    bearer,
    sign_in,
    sign_in_token,
    sign_up_and_verify,
    staff_sign_in,
    staff_sign_in_token,
    totp_now,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")

USERS = f"{API}/users"
FOREIGN = "Админ"
KZ = "Админ (граждане КЗ)"


def get_user(db, email: str) -> User | None:
    db.session.expire_all()
    return db.session.scalar(select(User).where(User.email == email))


# ============================================================================================ /users/self
class TestSelf:
    def test_self_returns_the_spec_user_shape(self, client, db, factories):
        country = factories.citizenship(name_en="Uzbekistan", name_ru="Узбекистан")
        user = factories.user(email="me@example.com", citizenship=country, first_name="Aigerim")
        body = assert_ok(client.get(f"{USERS}/self", headers=factories.auth_headers(user)))
        item = body["item"]
        assert item["id"] == user.id and item["email"] == "me@example.com"
        assert item["first_name"] == "Aigerim" and item["last_name"] is None
        assert item["citizenship_id"] == country.id
        assert item["citizenship"]["name_en"] == "Uzbekistan" and item["citizenship"]["id"] == country.id
        assert item["roles"] == [] and item["is_verified"] is True
        assert item["is_pkb_data_request_completed"] is False and item["is_exempted_from_payment"] is False
        assert item["applications_count"] == 0 and item["study_program_id"] is None
        assert not {"password", "password_hash", "repeat_password"} & set(item)

    def test_self_after_api_sign_up(self, client, db):
        user = sign_up_and_verify(client, "flow@example.com")
        item = assert_ok(client.get(f"{USERS}/self", headers=bearer(user["token"])))["item"]
        assert item["email"] == "flow@example.com" and item["citizenship"] is None and item["citizenship_id"] is None

    def test_unverified_user_may_read_self(self, client, db, factories):
        user = factories.user(verified=False)
        item = assert_ok(client.get(f"{USERS}/self", headers=factories.auth_headers(user)))["item"]
        assert item["is_verified"] is False

    def test_needs_a_token(self, client, db):
        assert_envelope(client.get(f"{USERS}/self"), 401, "errors.unauthorized")
        assert_envelope(client.get(f"{USERS}/self", headers=bearer("nonsense")), 401, "errors.token_invalid")


# ============================================================================================ /users/update
class TestUpdateCitizenship:
    def test_sets_citizenship(self, client, db, factories):
        kz = factories.kazakhstan()
        user = factories.user(email="choose@example.com")
        headers = factories.auth_headers(user)
        item = assert_ok(client.post(f"{USERS}/update", json={"citizenship_id": kz.id}, headers=headers))["item"]
        assert item["citizenship_id"] == kz.id
        assert item["citizenship"]["name_en"] == "Citizen of the Republic of Kazakhstan"
        assert get_user(db, "choose@example.com").citizenship_id == kz.id
        assert client.get(f"{USERS}/self", headers=headers).get_json()["item"]["citizenship_id"] == kz.id

    def test_can_change_while_no_application_exists(self, client, db, factories):
        first, second = factories.citizenship(), factories.citizenship()
        user = factories.user(email="change@example.com", citizenship=first)
        assert_ok(
            client.post(f"{USERS}/update", json={"citizenship_id": second.id}, headers=factories.auth_headers(user))
        )
        assert get_user(db, "change@example.com").citizenship_id == second.id

    @pytest.mark.parametrize(
        "body, key",
        [
            ({}, "validation.required"),
            ({"citizenship_id": None}, "validation.null"),
            ({"citizenship_id": "1"}, "validation.integer"),
            ({"citizenship_id": "abc"}, "validation.integer"),
            ({"citizenship_id": 1.5}, "validation.integer"),
            ({"citizenship_id": True}, "validation.integer"),
            ({"citizenship_id": [1]}, "validation.integer"),
            ({"citizenship_id": 999999}, "users.citizenship_not_found"),
            ({"citizenship_id": 0}, "users.citizenship_not_found"),
            ({"citizenship_id": -5}, "users.citizenship_not_found"),
            ({"citizenship_id": 10**20}, "users.citizenship_not_found"),  # was a driver overflow → 500
            ({"citizenship_id": 2**31}, "users.citizenship_not_found"),
            ({"citizenship_id": 1, "is_verified": True}, "validation.unknown_field"),
            ({"citizenship_id": 1, "roles": [{"name": "Админ"}]}, "validation.unknown_field"),
        ],
    )
    def test_bad_input(self, client, db, factories, body, key):
        country = factories.citizenship()
        user = factories.user(email="bad@example.com", citizenship=country)
        envelope = assert_envelope(
            client.post(f"{USERS}/update", json=body, headers=factories.auth_headers(user)), 400, key
        )
        assert envelope["errors"], envelope
        refreshed = get_user(db, "bad@example.com")
        assert refreshed.citizenship_id == country.id and refreshed.is_verified and refreshed.role_names == set()

    def test_citizenship_not_found_names_the_field(self, client, db, factories):
        user = factories.user()
        body = assert_envelope(
            client.post(
                f"{USERS}/update?lang=en", json={"citizenship_id": 424242}, headers=factories.auth_headers(user)
            ),
            400,
            "users.citizenship_not_found",
        )
        assert body["errors"] == {"citizenship_id": [catalogue("en")["users.citizenship_not_found"]]}

    def test_requires_a_verified_signed_in_user(self, client, db, factories):
        country = factories.citizenship()
        assert_envelope(client.post(f"{USERS}/update", json={"citizenship_id": country.id}), 401, "errors.unauthorized")
        unverified = factories.user(email="unverified@example.com", verified=False)
        assert_envelope(
            client.post(
                f"{USERS}/update", json={"citizenship_id": country.id}, headers=factories.auth_headers(unverified)
            ),
            403,
            "errors.email_not_verified",
        )
        assert get_user(db, "unverified@example.com").citizenship_id is None

    def test_malformed_json(self, client, db, factories):
        user = factories.user()
        response = client.post(
            f"{USERS}/update", data="{", content_type="application/json", headers=factories.auth_headers(user)
        )
        assert_envelope(response, 400, "validation.json_body")


# ============================================================================================ /users/check
class TestSegmentCheck:
    @pytest.mark.parametrize(
        "roles, foreign, kz",
        [
            ((), 403, 403),
            ((FOREIGN,), 200, 403),
            ((KZ,), 403, 200),
            ((FOREIGN, KZ), 200, 200),
        ],
    )
    def test_access_per_role(self, client, db, factories, roles, foreign, kz):
        user = factories.user(email="seg@example.com")
        for role in roles:
            with unit_of_work():
                second_factor.enrol(create_admin("seg@example.com", "Qabyldau-pass-2026", role), TEST_TOTP_SECRET)
        sign_in_as = staff_sign_in_token if roles else sign_in_token
        headers = bearer(sign_in_as(client, "seg@example.com"))
        for segment, expected in (("FOREIGN", foreign), ("KZ", kz)):
            response = client.get(f"{USERS}/check", query_string={"segment": segment}, headers=headers)
            if expected == 200:
                assert assert_ok(response) == {"success": True}
            else:
                assert_envelope(response, 403, "errors.forbidden")
        assert user.id

    @pytest.mark.parametrize(
        "query, key",
        [
            ({}, "validation.required"),
            ({"segment": ""}, "validation.one_of"),
            ({"segment": "ADMIN"}, "validation.one_of"),
            ({"segment": "foreign"}, "validation.one_of"),
        ],
    )
    def test_bad_segment(self, client, db, factories, query, key):
        admin = factories.admin(FOREIGN)
        response = client.get(f"{USERS}/check", query_string=query, headers=factories.auth_headers(admin))
        assert_envelope(response, 400, key)

    def test_other_query_parameters_such_as_lang_are_ignored(self, client, db, factories):
        """?lang= is accepted on every endpoint (design §5 localization), so query strings are not strict."""
        headers = factories.auth_headers(factories.admin(FOREIGN))
        assert_ok(client.get(f"{USERS}/check?segment=FOREIGN&lang=en&_=123", headers=headers))
        body = assert_envelope(
            client.get(f"{USERS}/check?segment=KZ&lang=kk", headers=headers), 403, "errors.forbidden", lang="kk"
        )
        assert body["message"] == catalogue("kk")["errors.forbidden"]

    def test_needs_a_token(self, client, db):
        assert_envelope(client.get(f"{USERS}/check?segment=FOREIGN"), 401, "errors.unauthorized")


# ============================================================================================ Citizenship list
class TestCitizenshipList:
    def test_lists_every_citizenship_in_order_without_a_token(self, client, db, factories):
        factories.citizenship(code="UZ", name_ru="Узбекистан", name_en="Uzbekistan", order=10)
        factories.citizenship(code="AF", name_ru="Афганистан", name_en="Afghanistan", order=10)
        kz = factories.kazakhstan()
        response = client.get(f"{API}/universal/Citizenship/all")
        assert response.status_code == 200
        body = response.get_json()
        assert body["total"] == 3
        assert [row["code"] for row in body["list"]] == ["KZ", "AF", "UZ"]  # order, then Russian name
        first = body["list"][0]
        assert first["id"] == kz.id and first["name_en"] == "Citizen of the Republic of Kazakhstan"
        assert {"id", "code", "name_ru", "name_en", "name_kk"} <= set(first)

    def test_unknown_model(self, client, db):
        assert_envelope(client.get(f"{API}/universal/NoSuchModel/all"), 404, "universal.model_not_found")
        assert_envelope(client.get(f"{API}/universal/User/all"), 404, "universal.model_not_found")


# ============================================================================================ admins
class TestCreateAdminCli:
    def invoke(self, app, *args):
        return app.test_cli_runner().invoke(args=["create-admin", *args])

    def test_creates_a_verified_admin_who_can_sign_in(self, client, db, app):
        result = self.invoke(app, "Boss@Example.com", "--password", "admin-pass-2026", "--role", FOREIGN)
        assert result.exit_code == 0, result.output
        assert "boss@example.com" in result.output
        # No --totp-secret: a new secret, its otpauth URI and ten recovery codes, printed once (decision 0078).
        secret = re.search(r"TOTP secret: ([A-Z2-7]+)", result.output).group(1)
        assert f"otpauth://totp/Qabyldau:boss%40example.com?secret={secret}" in result.output
        recovery = re.findall(r"^  ([a-z2-9]{5}-[a-z2-9]{5})$", result.output, re.M)
        assert len(set(recovery)) == 10

        admin = get_user(db, "boss@example.com")
        assert admin.is_verified and admin.role_names == {FOREIGN}
        assert verify_password(admin.password_hash, "admin-pass-2026")
        audit = db.session.scalar(select(AuditLog).where(AuditLog.target_id == str(admin.id)))
        assert audit.action == "grant_role" and audit.details["role"] == FOREIGN

        # The password alone is not enough; the printed secret's code is.
        challenge = assert_ok(sign_in(client, "boss@example.com", "admin-pass-2026"))
        assert challenge["second_factor_required"] is True and "user" not in challenge
        response = staff_sign_in(client, "boss@example.com", "admin-pass-2026", code=totp_now(secret))
        headers = bearer(assert_ok(response)["user"]["token"])
        item = assert_ok(client.get(f"{USERS}/self", headers=headers))["item"]
        assert item["roles"] == [{"name": FOREIGN}]
        assert_ok(client.get(f"{USERS}/check?segment=FOREIGN", headers=headers))
        assert_envelope(client.get(f"{USERS}/check?segment=KZ", headers=headers), 403, "errors.forbidden")

    def test_citizens_admin(self, client, db, app):
        result = self.invoke(
            app,
            "kz-admin@example.com",
            "--password",
            "admin-pass-2026",
            "--role",
            KZ,
            "--totp-secret",
            TEST_TOTP_SECRET,
        )
        assert result.exit_code == 0, result.output
        assert TEST_TOTP_SECRET not in result.output  # the caller has it; it is not echoed into logs
        headers = bearer(staff_sign_in_token(client, "kz-admin@example.com", "admin-pass-2026"))
        assert client.get(f"{USERS}/self", headers=headers).get_json()["item"]["roles"] == [{"name": KZ}]
        assert_ok(client.get(f"{USERS}/check?segment=KZ", headers=headers))
        assert_envelope(client.get(f"{USERS}/check?segment=FOREIGN", headers=headers), 403, "errors.forbidden")

    def test_promoting_an_applicant_keeps_the_account_and_revokes_its_tokens(self, client, db, app):
        applicant = sign_up_and_verify(client, "grow@example.com")
        assert client.get(f"{USERS}/self", headers=bearer(applicant["token"])).status_code == 200
        result = self.invoke(app, "grow@example.com", "--password", "new-admin-pass-2026", "--role", FOREIGN)
        assert result.exit_code == 0, result.output
        assert get_user(db, "grow@example.com").id == applicant["id"]
        assert_envelope(client.get(f"{USERS}/self", headers=bearer(applicant["token"])), 401, "errors.token_invalid")
        sessions = db.session.scalars(select(AuthSession).where(AuthSession.user_id == applicant["id"])).all()
        assert sessions and all(s.revoked_at is not None for s in sessions)
        # Adding the second role keeps the first.
        self.invoke(app, "grow@example.com", "--password", "new-admin-pass-2026", "--role", KZ)
        assert get_user(db, "grow@example.com").role_names == {FOREIGN, KZ}

    @pytest.mark.parametrize(
        "args, fragment",
        [
            (["x@example.com", "--password", "admin-pass-2026", "--role", "Superuser"], "--role"),
            (["x@example.com", "--password", "admin-pass-2026", "--role", "админ"], "--role"),
            (["x@example.com", "--password", "12345", "--role", FOREIGN], "--password"),
            # Staff passwords: at least 12 characters, none from the common list (decision 0078).
            (["x@example.com", "--password", "short-pass1", "--role", FOREIGN], "at least 12 characters"),
            (["x@example.com", "--password", "password1234", "--role", FOREIGN], "too common"),
            (["x@example.com", "--password", "admin-pass-2026", "--role", FOREIGN, "--totp-secret", "abc"], "base32"),
            (["x@example.com", "--password", "admin-pass-2026", "--role", FOREIGN, "--totp-secret", "A1!"], "base32"),
            (["not-an-email", "--password", "admin-pass-2026", "--role", FOREIGN], "EMAIL"),
            (["x@", "--password", "admin-pass-2026", "--role", FOREIGN], "EMAIL"),
            (["x@example.com", "--role", FOREIGN], "--password"),
            (["x@example.com", "--password", "admin-pass-2026"], "--role"),
        ],
    )
    def test_bad_input_creates_nothing(self, db, app, args, fragment):
        result = self.invoke(app, *args)
        assert result.exit_code == 2, result.output
        assert fragment in result.output
        assert db.session.scalar(select(User)) is None

    def test_service_rejects_unknown_role(self, db):
        with pytest.raises(ValueError):
            create_admin("svc@example.com", "admin-pass-2026", "Root")
        assert db.session.scalar(select(User)) is None
