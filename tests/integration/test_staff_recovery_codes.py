"""A signed-in staff member replaces their own recovery codes (decision 0091; decision 0078's codes).

The caller proves the factor again with a current code of the authenticator app: the old codes stop working, the
ten new ones work once each, are stored only as keyed hashes and are answered once (no-store); a wrong or replayed
code changes nothing and is counted by the sign-in limits that count wrong sign-in codes; the trail has one entry
without the codes. Real database, real TOTP codes (pyotp), no mocks of our own code.
"""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import select

from server.accounts import second_factor
from server.database import unit_of_work
from server.models import AuditLog, StaffRecoveryCode

from ..helpers import (
    API,
    DEFAULT_PASSWORD,
    TEST_TOTP_SECRET,
    assert_envelope,
    assert_ok,
    bearer,
    fresh_totp,
    other_code,
    sign_in,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")

AUTH = f"{API}/auth"
STAFF = "codes.staff@university.kz"
CODE_SHAPE = re.compile(r"^[a-z2-9]{5}-[a-z2-9]{5}$")


def enrolled(factories, email: str = STAFF):
    """A staff account enrolled with the test secret, its first ten recovery codes and a session token."""
    admin = factories.admin(email=email, totp_secret=None)
    with unit_of_work():
        codes = second_factor.enrol(admin, TEST_TOTP_SECRET).recovery_codes
    return admin, codes, factories.token(admin)


def regenerate(client, token: str, code: str, address: str = "127.0.0.1"):
    return client.post(
        f"{AUTH}/second-factor/recovery-codes",
        json={"code": code},
        headers=bearer(token),
        environ_base={"REMOTE_ADDR": address},
    )


def sign_in_with(client, email: str, code: str):
    """Both sign-in steps, the second with `code` (a TOTP or a recovery code)."""
    body = assert_ok(sign_in(client, email))
    return client.post(f"{AUTH}/sign-in/second-factor", json={"challenge": body["challenge"], "code": code})


def stored_hashes(db, user_id: int) -> set[str]:
    db.session.expire_all()
    return set(db.session.scalars(select(StaffRecoveryCode.code_hash).where(StaffRecoveryCode.user_id == user_id)))


class TestRegenerate:
    def test_the_old_codes_stop_working_and_the_new_ones_work_once(self, client, db, factories):
        admin, old, token = enrolled(factories)
        before = stored_hashes(db, admin.id)
        response = regenerate(client, token, fresh_totp(STAFF))
        body = assert_ok(response)
        assert response.headers["Cache-Control"] == "no-store"
        assert body["message_key"] == "auth.recovery_codes_regenerated"
        new = body["recovery_codes"]
        assert len(set(new)) == 10 and all(CODE_SHAPE.match(code) for code in new), new
        assert not set(new) & set(old)
        # Stored only as keyed hashes, the earlier ones gone.
        after = stored_hashes(db, admin.id)
        assert len(after) == 10 and not after & before
        assert not {code.replace("-", "") for code in new} & after
        # An old code no longer signs in; a new one does, once.
        assert_envelope(sign_in_with(client, STAFF, old[0]), 400, "auth.second_factor_wrong_code")
        assert_ok(sign_in_with(client, STAFF, new[0]))
        assert_envelope(sign_in_with(client, STAFF, new[0]), 400, "auth.second_factor_wrong_code")
        assert_ok(sign_in_with(client, STAFF, new[1].replace("-", "").upper()))
        assert second_factor.unused_recovery_codes(admin) == 8

    def test_the_status_counts_the_codes_left(self, client, db, factories):
        admin, codes, token = enrolled(factories)
        status = assert_ok(client.get(f"{AUTH}/second-factor", headers=bearer(token)))
        assert status == {"success": True, "enrolled": True, "recovery_codes_left": 10}
        assert_ok(sign_in_with(client, STAFF, codes[0]))
        status = assert_ok(client.get(f"{AUTH}/second-factor", headers=bearer(token)))
        assert status["recovery_codes_left"] == 9
        assert_ok(regenerate(client, token, fresh_totp(STAFF)))
        assert assert_ok(client.get(f"{AUTH}/second-factor", headers=bearer(token)))["recovery_codes_left"] == 10

    def test_one_audit_entry_without_the_codes(self, client, db, factories):
        admin, _old, token = enrolled(factories)
        new = assert_ok(regenerate(client, token, fresh_totp(STAFF)))["recovery_codes"]
        rows = db.session.scalars(select(AuditLog).where(AuditLog.action == "staff.recovery_codes_regenerated")).all()
        assert len(rows) == 1
        row = rows[0]
        assert (row.actor_id, row.target_type, row.target_id) == (admin.id, "user", str(admin.id))
        assert row.details == {"codes_issued": 10, "unused_replaced": 10}
        stored = json.dumps(row.details)
        assert not any(code in stored or code.replace("-", "") in stored for code in new)


class TestRefusals:
    def test_a_wrong_code_changes_nothing(self, client, db, factories):
        admin, old, token = enrolled(factories)
        before = stored_hashes(db, admin.id)
        good = fresh_totp(STAFF)
        assert_envelope(regenerate(client, token, other_code(good)), 400, "auth.second_factor_wrong_code")
        assert_envelope(regenerate(client, token, "not a code"), 400, "auth.second_factor_wrong_code")
        assert stored_hashes(db, admin.id) == before
        assert not db.session.scalars(
            select(AuditLog).where(AuditLog.action == "staff.recovery_codes_regenerated")
        ).all()
        # The right code still works afterwards (two wrong tries are below every limit).
        assert_ok(regenerate(client, token, good))

    def test_a_recovery_code_is_not_enough(self, client, db, factories):
        """Proving the factor takes the app: a leaked recovery code must not buy a new set. It stays unused."""
        admin, old, token = enrolled(factories)
        assert_envelope(regenerate(client, token, old[0]), 400, "auth.second_factor_wrong_code")
        assert second_factor.unused_recovery_codes(admin) == 10

    def test_a_code_already_used_is_refused(self, client, db, factories):
        _admin, _old, token = enrolled(factories)
        code = fresh_totp(STAFF)
        assert_ok(regenerate(client, token, code))
        assert_envelope(regenerate(client, token, code), 400, "auth.second_factor_code_used")

    def test_wrong_codes_count_against_the_address_like_wrong_sign_in_codes(self, client, db, factories):
        _admin, _old, token = enrolled(factories)
        good = fresh_totp(STAFF)
        for _ in range(5):
            assert_envelope(regenerate(client, token, other_code(good, 3), "10.0.2.1"), 400)
        # The sign-in guard of this (account, address) now holds both calls back, before any code is looked at.
        assert_envelope(regenerate(client, token, good, "10.0.2.1"), 429, "auth.sign_in_throttled")
        assert_envelope(sign_in_from(client, STAFF, "10.0.2.1"), 429, "auth.sign_in_throttled")

    def test_wrong_codes_are_limited_per_account_across_addresses(self, client, db, factories):
        _admin, _old, token = enrolled(factories)
        good = fresh_totp(STAFF)
        for address in ("10.0.3.1", "10.0.3.2"):
            for _ in range(5):
                assert regenerate(client, token, other_code(good, 5), address).status_code == 400
        throttled = assert_envelope(regenerate(client, token, good, "10.0.3.3"), 429)
        assert throttled["message_key"] == "auth.second_factor_throttled"

    def test_only_signed_in_staff(self, client, db, factories):
        applicant = factories.user(email="applicant.codes@example.com")
        assert_envelope(regenerate(client, factories.token(applicant), "123456"), 403, "errors.forbidden")
        assert_envelope(client.get(f"{AUTH}/second-factor", headers=factories.auth_headers(applicant)), 403)
        assert_envelope(client.post(f"{AUTH}/second-factor/recovery-codes", json={"code": "123456"}), 401)

    def test_a_body_without_a_code_is_refused(self, client, db, factories):
        _admin, _old, token = enrolled(factories)
        assert_envelope(client.post(f"{AUTH}/second-factor/recovery-codes", json={}, headers=bearer(token)), 400)


def sign_in_from(client, email: str, address: str):
    return client.post(
        f"{AUTH}/sign-in", json={"email": email, "password": DEFAULT_PASSWORD}, environ_base={"REMOTE_ADDR": address}
    )
