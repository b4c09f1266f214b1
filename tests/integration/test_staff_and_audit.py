"""Staff management and the audit trail of every staff write (issue 22; decision 0079).

Each kind of staff write (a dormitory edit through the dorm API and through /universal, an application transition,
a message, an export, a grant-list import, an account change) leaves exactly one audit row naming the actor, the
object and what changed; secrets never enter it; only the staff-management role reads it, per object or per actor.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from server.accounts import staff as staff_service
from server.models import (
    ROLE_FOREIGN_ADMIN,
    ROLE_KZ_ADMIN,
    ROLE_STAFF_MANAGER,
    AuditLog,
    AuthSession,
    Suborganization,
    User,
)
from tests.helpers import (
    API,
    DEFAULT_PASSWORD,
    assert_envelope,
    assert_ok,
    outbox,
    sign_in,
    staff_sign_in,
)
from tests.integration.admin_support import applicant_application
from tests.integration.dorm_support import hall_with_rooms
from tests.integration.test_gov_grants import AHMETOV, xlsx
from tests.integration.test_gov_grants import upload as upload_grants

pytestmark = pytest.mark.usefixtures("no_server_errors")

STAFF = f"{API}/admin/staff"
AUDIT = f"{API}/admin/audit"
NEW_PASSWORD = "Invited-staff-pass-2026"


def audit_rows(db, **where) -> list[AuditLog]:
    db.session.expire_all()
    statement = select(AuditLog).order_by(AuditLog.id)
    for name, value in where.items():
        statement = statement.where(getattr(AuditLog, name) == value)
    return list(db.session.scalars(statement))


def only_new_row(db, before: int) -> AuditLog:
    """The one audit row written since `before` (the id of the last row then)."""
    db.session.expire_all()
    rows = list(db.session.scalars(select(AuditLog).where(AuditLog.id > before).order_by(AuditLog.id)))
    assert len(rows) == 1, [(r.action, r.target_type, r.target_id) for r in rows]
    return rows[0]


def last_id(db) -> int:
    return db.session.scalar(select(func.coalesce(func.max(AuditLog.id), 0)))


@pytest.fixture
def manager(factories):
    return factories.admin(role=ROLE_STAFF_MANAGER)


@pytest.fixture
def manager_headers(factories, manager):
    return factories.auth_headers(manager)


def sessions_open(db, user_id: int) -> int:
    db.session.expire_all()
    return db.session.scalar(
        select(func.count()).where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
    )


# ----------------------------------------------------------------------------------------- one row per write


def test_a_dormitory_edit_through_universal_is_one_row_with_before_and_after(client, db, factories):
    admin = factories.admin(role=ROLE_KZ_ADMIN)
    _hall, _type, [room] = hall_with_rooms(factories, capacity=3, reserved=0)
    old_name = room.name
    before = last_id(db)
    response = client.post(
        f"{API}/universal/SectionRoom/update",
        headers=factories.auth_headers(admin),
        json={"update": {"name": "Комната 101"}, "filters": {"id": room.id}},
    )
    assert_ok(response)
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        admin.id,
        "universal.update",
        "section_room",
        str(room.id),
    )
    assert row.details["before"] == {"name": old_name} and row.details["after"] == {"name": "Комната 101"}
    assert row.created_at is not None


def test_a_dormitory_edit_through_the_dorm_api_is_one_row(client, db, factories):
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    _hall, _type, [room] = hall_with_rooms(factories, capacity=3, reserved=2)
    org = Suborganization(code="sport", name="Спортклуб")
    db.session.add(org)
    db.session.commit()
    before = last_id(db)
    body = {"suborganization_id": org.id, "room_id": room.id, "places": 2}
    assert_ok(client.post(f"{API}/suborganizations/set-block", headers=factories.auth_headers(admin), json=body))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        admin.id,
        "suborganization_block",
        "section_room",
        str(room.id),
    )
    # the block row it created is named with its values
    [created] = row.details["rows"]
    assert created["type"] == "suborganization_block" and created["op"] == "create"
    assert created["after"]["places"] == 2 and created["after"]["room_id"] == room.id


def test_an_application_transition_is_one_row_with_the_event(client, db, factories):
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    before = last_id(db)
    body = {"user_id": application.user_id, "term_id": application.term_id, "status": 1, "comment": "ok"}
    assert_ok(client.post(f"{API}/admin/update-application", headers=factories.auth_headers(admin), json=body))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        admin.id,
        "application.accept",
        "application",
        str(application.id),
    )
    assert (row.details["from_status"], row.details["to_status"]) == (0, 1) and row.details["comment"] == "ok"
    # the workflow event it wrote (history.py keeps it as it is) is referenced with its values
    [event] = [c for c in row.details["rows"] if c["type"] == "application_event"]
    assert event["op"] == "create" and event["after"]["transition"] == "accept" and event["after"]["to_status"] == 1


def test_a_message_to_an_applicant_is_one_row(client, db, factories):
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    before = last_id(db)
    body = {"user_id": application.user_id, "content": "Загрузите паспорт"}
    assert_ok(client.post(f"{API}/admin/send-application-message", headers=factories.auth_headers(admin), json=body))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        admin.id,
        "application.message",
        "application",
        str(application.id),
    )
    [message] = [c for c in row.details["rows"] if c["type"] == "application_message"]
    assert message["op"] == "create" and message["after"]["content"] == "Загрузите паспорт"


def test_an_export_is_one_row(client, db, factories):
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    applicant_application(factories, status=0)
    before = last_id(db)
    response = client.get(
        f"{API}/admin/export", headers=factories.auth_headers(admin), query_string={"queue": "applied"}
    )
    assert response.status_code == 200
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        admin.id,
        "applications.export",
        "queue",
        "foreign:applied",
    )
    assert row.details["filename"].endswith(".xlsx")


def test_a_grant_list_import_is_one_row_and_holds_no_iin(client, db, factories):
    admin = factories.admin(role=ROLE_KZ_ADMIN)
    before = last_id(db)
    assert_ok(upload_grants(client, factories.auth_headers(admin), xlsx([AHMETOV])))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type) == (admin.id, "gov_grants.import", "gov_grant_list")
    assert row.details["imported"] == 1
    assert AHMETOV[0] not in str(row.details)


def test_a_reference_import_is_one_row_with_its_counts(app, db, tmp_path):
    from server.reference.imports import import_institutions, import_kato
    from tests.integration.test_reference_import import _institutions_csv, _kato_file

    import_kato(_kato_file(tmp_path))
    before = last_id(db)
    import_institutions(_institutions_csv(tmp_path / "institutions.csv"))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type) == (
        None,
        "reference.import_institutions",
        "educational_institution",
    )
    assert row.details == {"file": "institutions.csv", "created": 3, "updated": 0, "unchanged": 0, "pruned": 0}


def test_an_account_change_is_one_row_and_hides_secrets(client, db, factories, manager, manager_headers):
    colleague = factories.admin(role=ROLE_FOREIGN_ADMIN)
    before = last_id(db)
    body = {"roles": [ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN]}
    assert_ok(client.put(f"{STAFF}/{colleague.id}/roles", headers=manager_headers, json=body))
    row = only_new_row(db, before)
    assert (row.actor_id, row.action, row.target_type, row.target_id) == (
        manager.id,
        "staff.roles",
        "user",
        str(colleague.id),
    )
    assert row.details["roles_before"] == [ROLE_FOREIGN_ADMIN]
    assert row.details["roles_after"] == sorted([ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN])
    assert row.details["before"]["roles"] == [] and row.details["after"]["roles"] == [ROLE_KZ_ADMIN]  # link rows


def test_secrets_and_iins_are_masked_by_column_and_key(app, db, factories):
    """The hook's values: a password hash never enters the trail, an IIN keeps its last four digits."""
    from server.audit import HIDDEN, _column_changes, _masked

    assert _masked("password_hash", "$argon2id$v=19$...") == HIDDEN
    assert _masked("secret_encrypted", "abc") == HIDDEN
    assert _masked("iin", "060315501232") == "********1232"
    assert _masked("data", {"iin": "060315501232", "nested": {"token": "t"}}) == {
        "iin": "********1232",
        "nested": {"token": HIDDEN},
    }
    user = factories.user()
    user.password_hash = "new-hash"
    user.first_name = "Аня"
    from sqlalchemy import inspect

    before, after = _column_changes(inspect(user), "update")
    assert before["password_hash"] == HIDDEN and after["password_hash"] == HIDDEN
    assert after["first_name"] == "Аня"
    db.session.rollback()


def test_applicant_writes_are_not_staff_writes(client, db, factories):
    """The hook records staff callers only; an applicant's own save is the workflow's business."""
    user = factories.user()
    before = last_id(db)
    assert_ok(client.post(f"{API}/users/language", headers=factories.auth_headers(user), json={"language": "kk"}))
    assert last_id(db) == before


# ----------------------------------------------------------------------------------------- the read API


def test_the_trail_is_read_per_object_and_per_actor_by_managers_only(client, db, factories, manager, manager_headers):
    admin = factories.admin(role=ROLE_KZ_ADMIN)
    admin_headers = factories.auth_headers(admin)
    _hall, _type, [room, other] = hall_with_rooms(factories, rooms=2)
    for target, name in ((room, "A-1"), (other, "B-1"), (room, "A-2")):
        body = {"update": {"name": name}, "filters": {"id": target.id}}
        assert_ok(client.post(f"{API}/universal/SectionRoom/update", headers=admin_headers, json=body))

    query = {"target_type": "section_room", "target_id": str(room.id)}
    page = assert_ok(client.get(AUDIT, headers=manager_headers, query_string=query))
    assert page["total"] == 2
    assert [e["details"]["after"]["name"] for e in page["list"]] == ["A-2", "A-1"]  # newest first
    entry = page["list"][0]
    assert entry["actor_email"] == admin.email and entry["action"] == "universal.update"
    assert entry["target_type"] == "section_room" and entry["target_id"] == str(room.id)

    paged = assert_ok(client.get(AUDIT, headers=manager_headers, query_string={**query, "per_page": 1, "page": 2}))
    assert paged["total"] == 2 and [e["details"]["after"]["name"] for e in paged["list"]] == ["A-1"]

    by_actor = assert_ok(client.get(AUDIT, headers=manager_headers, query_string={"actor_id": admin.id}))
    assert by_actor["total"] == 3 and {e["actor_id"] for e in by_actor["list"]} == {admin.id}

    assert_envelope(client.get(AUDIT, headers=admin_headers, query_string=query), 403, "errors.forbidden")
    applicant = factories.auth_headers(factories.user())
    assert_envelope(client.get(AUDIT, headers=applicant, query_string=query), 403, "errors.forbidden")
    assert_envelope(client.get(AUDIT, query_string=query), 401)
    assert_envelope(client.get(STAFF, headers=admin_headers), 403, "errors.forbidden")
    assert_envelope(client.get(AUDIT, headers=manager_headers, query_string={"per_page": 1000}), 400)


# ----------------------------------------------------------------------------------------- staff management


def _invitation_token(client, email: str) -> str:
    [mail] = outbox(client, email)
    match = re.search(r"/staff-invitation#token=([A-Za-z0-9_\-]+)", mail["body"])
    assert match, mail["body"]
    return match.group(1)


def test_invite_set_password_then_sign_in_asks_for_the_second_factor(client, db, factories, manager_headers):
    body = {"email": "New.Staff@example.com", "roles": [ROLE_KZ_ADMIN], "language": "kk", "first_name": "Айгерім"}
    item = assert_ok(client.post(STAFF, headers=manager_headers, json=body), 201)["item"]
    assert item["email"] == "new.staff@example.com" and item["roles"] == [ROLE_KZ_ADMIN]
    assert item["invitation_pending"] is True and item["is_active"] is True and item["has_second_factor"] is False
    [mail] = outbox(client, "new.staff@example.com")
    assert "Qabyldau" in mail["subject"] and "шақыр" in mail["body"].lower()  # in the language chosen
    token = _invitation_token(client, "new.staff@example.com")

    # no password yet: signing in fails like any wrong password
    assert_envelope(sign_in(client, "new.staff@example.com", NEW_PASSWORD), 400, "auth.invalid_credentials")
    # the staff policy applies
    short = client.post(f"{API}/auth/staff-invitation", json={"token": token, "password": "short-pass"})
    assert_envelope(short, 400, "auth.staff_password_length")
    assert_envelope(
        client.post(f"{API}/auth/staff-invitation", json={"token": "x" * 40, "password": NEW_PASSWORD}),
        400,
        "staff.invitation_invalid",
    )
    accepted = assert_ok(client.post(f"{API}/auth/staff-invitation", json={"token": token, "password": NEW_PASSWORD}))
    assert accepted["email"] == "new.staff@example.com"
    # single use
    again = client.post(f"{API}/auth/staff-invitation", json={"token": token, "password": NEW_PASSWORD})
    assert_envelope(again, 400, "staff.invitation_invalid")

    first = sign_in(client, "new.staff@example.com", NEW_PASSWORD)
    assert first.status_code == 200, first.get_json()
    assert first.get_json()["second_factor_required"] is True and first.get_json()["enrolment_required"] is True

    invited = db.session.scalar(select(User).where(User.email == "new.staff@example.com"))
    actions = [r.action for r in audit_rows(db, target_type="user", target_id=str(invited.id))]
    assert actions == ["staff.invite", "staff.invitation_accepted"]
    assert "Invited-staff" not in str(audit_rows(db, target_id=str(invited.id))[-1].details)

    taken = client.post(STAFF, headers=manager_headers, json={**body, "email": "new.staff@example.com"})
    assert_envelope(taken, 409, "staff.email_taken")


def test_staff_list_is_paged_and_searchable_and_shows_no_applicant(client, factories, manager, manager_headers):
    for n in range(3):
        factories.admin(role=ROLE_FOREIGN_ADMIN, email=f"reviewer{n}@example.com")
    factories.user(email="applicant@example.com")
    page = assert_ok(client.get(STAFF, headers=manager_headers, query_string={"per_page": 2}))
    assert page["total"] == 4 and len(page["list"]) == 2
    emails = [
        e["email"]
        for p in (1, 2)
        for e in client.get(STAFF, headers=manager_headers, query_string={"per_page": 2, "page": p}).get_json()["list"]
    ]
    assert "applicant@example.com" not in emails and manager.email in emails
    found = assert_ok(client.get(STAFF, headers=manager_headers, query_string={"search": "REVIEWER1"}))
    assert [e["email"] for e in found["list"]] == ["reviewer1@example.com"]
    assert found["list"][0]["has_second_factor"] is True
    applicant = found_user = factories.user()
    assert_envelope(client.put(f"{STAFF}/{applicant.id}/active", headers=manager_headers, json={"active": False}), 404)
    assert found_user.deactivated_at is None


def test_deactivation_revokes_sessions_and_refuses_sign_in(client, db, factories, manager_headers):
    colleague = factories.admin(role=ROLE_FOREIGN_ADMIN)
    colleague_headers = factories.auth_headers(colleague)
    assert_ok(client.get(f"{API}/users/self", headers=colleague_headers))
    item = assert_ok(client.put(f"{STAFF}/{colleague.id}/active", headers=manager_headers, json={"active": False}))[
        "item"
    ]
    assert item["is_active"] is False and sessions_open(db, colleague.id) == 0
    assert_envelope(client.get(f"{API}/users/self", headers=colleague_headers), 401)
    assert_envelope(sign_in(client, colleague.email, DEFAULT_PASSWORD), 403, "auth.account_deactivated")

    assert_ok(client.put(f"{STAFF}/{colleague.id}/active", headers=manager_headers, json={"active": True}))
    assert staff_sign_in(client, colleague.email).status_code == 200
    actions = [r.action for r in audit_rows(db, target_type="user", target_id=str(colleague.id))]
    assert actions[-2:] == ["staff.deactivate", "staff.reactivate"]


def test_role_change_reset_and_sign_out_everywhere_end_every_session(client, db, factories, manager_headers):
    colleague = factories.admin(role=ROLE_FOREIGN_ADMIN)
    headers = factories.auth_headers(colleague)
    factories.auth_headers(colleague)
    assert sessions_open(db, colleague.id) == 2
    assert_ok(client.put(f"{STAFF}/{colleague.id}/roles", headers=manager_headers, json={"roles": [ROLE_KZ_ADMIN]}))
    assert sessions_open(db, colleague.id) == 0
    assert_envelope(client.get(f"{API}/users/self", headers=headers), 401)

    factories.auth_headers(colleague)
    assert_ok(client.post(f"{STAFF}/{colleague.id}/sign-out", headers=manager_headers))
    assert sessions_open(db, colleague.id) == 0

    factories.auth_headers(colleague)
    item = assert_ok(client.post(f"{STAFF}/{colleague.id}/second-factor/reset", headers=manager_headers))["item"]
    assert item["has_second_factor"] is False and sessions_open(db, colleague.id) == 0
    first = sign_in(client, colleague.email, DEFAULT_PASSWORD).get_json()
    assert first["enrolment_required"] is True
    actions = [r.action for r in audit_rows(db, target_type="user", target_id=str(colleague.id))]
    assert actions[-3:] == ["staff.roles", "staff.sign_out_everywhere", "staff.second_factor_reset"]
    assert_envelope(
        client.put(f"{STAFF}/{colleague.id}/roles", headers=manager_headers, json={"roles": ["Студент"]}), 400
    )


def test_the_last_active_manager_cannot_be_removed(client, db, factories, manager, manager_headers):
    assert_envelope(
        client.put(f"{STAFF}/{manager.id}/active", headers=manager_headers, json={"active": False}),
        409,
        "staff.last_manager",
    )
    demote = {"roles": [ROLE_FOREIGN_ADMIN]}
    assert_envelope(client.put(f"{STAFF}/{manager.id}/roles", headers=manager_headers, json=demote), 409)
    second = factories.admin(role=ROLE_STAFF_MANAGER)
    # with a second manager the first may step down; then the second is the last one
    assert_ok(client.put(f"{STAFF}/{manager.id}/roles", headers=manager_headers, json=demote))
    second_headers = factories.auth_headers(second)
    assert_envelope(
        client.put(f"{STAFF}/{second.id}/active", headers=second_headers, json={"active": False}),
        409,
        "staff.last_manager",
    )
    db.session.expire_all()
    assert staff_service.get_staff(second.id).deactivated_at is None
