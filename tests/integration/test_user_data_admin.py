"""Admins writing on an applicant's behalf (req §6: selected user id + from_admin): only the admin role that owns
the applicant's population, audited, and traceable against the submission snapshot."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.models import ApplicationSnapshot, AuditLog, StoredFile

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import API, PDF, complete_answers, fill_items, post_bulk, step_of

pytestmark = pytest.mark.usefixtures("no_server_errors")

FOREIGN_ADMIN = "Админ"
KZ_ADMIN = "Админ (граждане КЗ)"


def _application(factories, kz=False, **kw):
    return factories.application(user=factories.applicant(kz=kz), **kw)


def _on_behalf(client, headers, application, forms_data, files=None, user_id=None, **extra):
    return post_bulk(
        client,
        headers,
        application.id,
        forms_data,
        files,
        from_admin="true",
        admin_selected_user_id=user_id or application.user_id,
        **extra,
    )


@pytest.mark.parametrize(
    "kz, role, allowed",
    [
        (False, FOREIGN_ADMIN, True),
        (False, KZ_ADMIN, False),
        (True, KZ_ADMIN, True),
        (True, FOREIGN_ADMIN, False),
    ],
)
def test_on_behalf_writes_need_the_population_role(client, factories, db, kz, role, allowed):
    application = _application(factories, kz=kz)
    admin = factories.admin(role=role)
    form = step_of(kz, "regular_bachelors", "phone_number")
    response = _on_behalf(client, factories.auth_headers(admin), application, {form: {"phone_number": "+77011234567"}})
    if allowed:
        assert_ok(response)
        owner_items = fill_items(client, factories.auth_headers(application.user), application.id)
        assert owner_items[form]["data"]["phone_number"] == "+77011234567"
        audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "user_data.admin_update")).one()
        assert audit.actor_id == admin.id and audit.target_id == str(application.id)
        assert audit.details["changes"][form]["phone_number"]["to"] == "+77011234567"
    else:
        assert_envelope(response, 404)
        assert db.session.scalars(select(AuditLog).where(AuditLog.action == "user_data.admin_update")).all() == []


def test_applicant_cannot_pretend_to_be_an_admin(client, factories):
    victim = _application(factories)
    attacker = factories.applicant()
    response = _on_behalf(client, factories.auth_headers(attacker), victim, {"fillStepMainInfo": {"last_name": "X"}})
    assert_envelope(response, 404)
    own = _application(factories)
    response = _on_behalf(client, factories.auth_headers(own.user), own, {"fillStepMainInfo": {"last_name": "X"}})
    assert_envelope(response, 404)


def test_admin_without_from_admin_cannot_write_someone_elses_application(client, factories):
    application = _application(factories)
    response = post_bulk(
        client,
        factories.auth_headers(factories.admin(role=FOREIGN_ADMIN)),
        application.id,
        {"fillStepMainInfo": {"last_name": "X"}},
    )
    assert_envelope(response, 404)


def test_selected_user_must_own_the_application(client, factories):
    application = _application(factories)
    other = factories.applicant()
    headers = factories.auth_headers(factories.admin(role=FOREIGN_ADMIN))
    assert_envelope(
        _on_behalf(client, headers, application, {"fillStepMainInfo": {"last_name": "X"}}, user_id=other.id), 404
    )
    assert_envelope(
        _on_behalf(client, headers, application, {"fillStepMainInfo": {"last_name": "X"}}, user_id=987654), 404
    )
    response = post_bulk(client, headers, application.id, {"fillStepMainInfo": {"last_name": "X"}}, from_admin="true")
    assert_envelope(response, 404)


def test_admin_uploads_belong_to_the_applicant(client, factories, db):
    application = _application(factories, kz=True)
    admin = factories.admin(role=KZ_ADMIN)
    response = _on_behalf(
        client,
        factories.auth_headers(admin),
        application,
        {},
        {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")},
    )
    assert_ok(response)
    row = db.session.scalars(select(StoredFile)).one()
    assert row.owner_id == application.user_id and row.uploaded_by_id == admin.id
    assert client.get(f"{API}/files/{row.id}", headers=factories.auth_headers(application.user)).data == PDF


def test_admin_edits_after_submission_are_audited_and_the_snapshot_stays(client, factories, db):
    application = _application(factories)
    owner = factories.auth_headers(application.user)
    answers, files = complete_answers(application, factories, kz=False)
    assert_ok(post_bulk(client, owner, application.id, answers, files, is_submit="true"))
    snapshot = db.session.scalars(
        select(ApplicationSnapshot).where(ApplicationSnapshot.type == "fillStepMainInfo")
    ).one()
    assert snapshot.data["last_name"] == "Пример"

    admin = factories.admin(role=FOREIGN_ADMIN)
    assert_ok(
        _on_behalf(
            client, factories.auth_headers(admin), application, {"fillStepMainInfo": {"last_name": " Исправлено "}}
        )
    )

    assert fill_items(client, owner, application.id)["fillStepMainInfo"]["data"]["last_name"] == "Исправлено"
    db.session.expire_all()
    assert db.session.get(ApplicationSnapshot, snapshot.id).data["last_name"] == "Пример"
    audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "user_data.admin_update")).one()
    assert audit.details["after_submission"] is True
    assert audit.details["changes"]["fillStepMainInfo"]["last_name"] == {"from": "Пример", "to": "Исправлено"}
    # the applicant is still locked out
    assert_envelope(
        post_bulk(client, owner, application.id, {"fillStepMainInfo": {"last_name": "Я"}}),
        409,
        "applications.submitted_read_only",
    )


def test_admin_can_submit_on_behalf_even_after_the_window(client, factories, db):
    application = _application(factories, term=factories.closed_term())
    answers, files = complete_answers(application, factories, kz=False)
    admin = factories.admin(role=FOREIGN_ADMIN)
    body = assert_ok(_on_behalf(client, factories.auth_headers(admin), application, answers, files, is_submit="true"))
    assert body["message_key"] == "questionnary_submitted"
    assert body["application"]["status"] == 0 and body["application"]["submittedAt"]
    snapshots = db.session.scalars(select(ApplicationSnapshot)).all()
    assert snapshots and all(s.taken_by_id == admin.id for s in snapshots)


def test_admin_submit_still_validates(client, factories):
    application = _application(factories)
    body = assert_envelope(
        _on_behalf(
            client, factories.auth_headers(factories.admin(role=FOREIGN_ADMIN)), application, {}, is_submit="true"
        ),
        400,
        "fill_required",
    )
    assert body["errors"]
