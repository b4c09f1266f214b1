"""Staff changes of an application, all through the state machine (server/workflow): update-application (foreign
stage moves), update-application-custom, update-user-is-exempted-from-payment and the bulk transition; illegal
moves 409 with nothing changed; population separation 404; applicants 403; anonymous 401; the audit trail."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.models import Application, ApplicationEvent

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _post(client, headers, path, **body):
    return client.post(f"{API}/admin/{path}", headers=headers, json=body)


def _fresh(db, application) -> Application:
    db.session.expire_all()
    return db.session.get(Application, application.id)


def _events(db, application) -> list[str]:
    rows = db.session.scalars(
        select(ApplicationEvent).where(ApplicationEvent.application_id == application.id).order_by(ApplicationEvent.id)
    )
    return [row.transition for row in rows]


# ------------------------------------------------------------------------------------------ foreign stages


def test_foreign_applicant_moves_through_every_stage(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    headers = factories.auth_headers(admin)
    application = applicant_application(factories, status=0)
    for status in (1, 2, 3):
        body = assert_ok(
            _post(
                client,
                headers,
                "update-application",
                user_id=application.user_id,
                term_id=application.term_id,
                status=status,
                comment=f"to {status}",
            )
        )
        assert body["message_key"] == "common.success" and body["message"] == "Успешно"
        assert body["item"]["status"] == status and body["item"]["id"] == application.id
        assert body["event"]["to_status"] == status and body["event"]["actor"]["email"] == admin.email
    assert _fresh(db, application).status == 3
    assert _events(db, application) == ["accept", "await_visa", "enrol"]
    # enrolled has no further step
    response = _post(client, headers, "update-application", user_id=application.user_id, status=3)
    assert_envelope(response, 409, "workflow.illegal_transition")

    panel = assert_ok(client.get(f"{API}/admin/application/{application.id}", headers=headers))["item"]
    assert [(e["transition"], e["actor"]["email"], e["actor_role"]) for e in panel["history"]] == [
        ("accept", admin.email, FOREIGN_ADMIN),
        ("await_visa", admin.email, FOREIGN_ADMIN),
        ("enrol", admin.email, FOREIGN_ADMIN),
    ]
    assert panel["history"][0]["comment"] == "to 1"
    assert "archive" in panel["available_transitions"] and "accept" not in panel["available_transitions"]
    # the applicant sees the same moves as their status history
    mine = client.get(f"{API}/users/application/{application.id}", headers=factories.auth_headers(application.user))
    assert [h["to_status"] for h in mine.get_json()["item"]["status_history"]][-3:] == [1, 2, 3]


def test_illegal_moves_are_409_and_change_nothing(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    for status in (2, 3, 0):
        response = _post(client, headers, "update-application", user_id=application.user_id, status=status)
        assert_envelope(response, 409, "workflow.illegal_transition")
    not_submitted = applicant_application(factories)
    assert_envelope(_post(client, headers, "update-application", user_id=not_submitted.user_id, status=1), 409)
    assert _fresh(db, application).status == 0 and _events(db, application) == []


def test_archive_and_restore_need_a_reason(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    application = applicant_application(factories, status=1)
    response = _post(client, headers, "update-application", user_id=application.user_id, status=-1)
    assert_envelope(response, 400, "validation.required")
    assert_envelope(
        _post(client, headers, "update-application", user_id=application.user_id, status=-1, reason="  "), 400
    )
    body = assert_ok(
        _post(client, headers, "update-application", user_id=application.user_id, status=-1, reason="Дубликат")
    )
    assert body["item"]["status"] == -1 and body["event"]["reason"] == "Дубликат"
    assert_envelope(_post(client, headers, "update-application", user_id=application.user_id, status=0), 400)
    body = assert_ok(
        _post(client, headers, "update-application", user_id=application.user_id, status=0, reason="Ошибка")
    )
    assert body["item"]["status"] == 0
    assert _events(db, application) == ["archive", "restore"]


def test_update_application_targets_the_term_and_application(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    old_term, new_term = factories.term(year=2023), factories.term(year=2024)
    old = applicant_application(factories, status=0, term=old_term)
    new = applicant_application(factories, status=0, term=new_term, user=old.user)
    assert_ok(_post(client, headers, "update-application", user_id=old.user_id, term_id=old_term.id, status=1))
    assert (_fresh(db, old).status, _fresh(db, new).status) == (1, 0)
    assert_ok(_post(client, headers, "update-application", user_id=old.user_id, application_id=new.id, status=1))
    assert _fresh(db, new).status == 1
    other = factories.term(year=2022)
    assert_envelope(_post(client, headers, "update-application", user_id=old.user_id, term_id=other.id, status=2), 404)
    assert_envelope(
        _post(
            client,
            headers,
            "update-application",
            user_id=old.user_id,
            term_id=old_term.id,
            application_id=new.id,
            status=2,
        ),
        404,
    )
    stranger = applicant_application(factories, status=0)
    assert_envelope(
        _post(client, headers, "update-application", user_id=old.user_id, application_id=stranger.id, status=1), 404
    )


@pytest.mark.parametrize(
    "body",
    [
        {"status": 4},
        {"status": "1"},
        {"status": None},
        {},
        {"status": 1, "user_id": "x"},
        {"status": 1, "term_id": 0},
        {"status": 1, "extra": True},
        {"status": -1, "reason": "x" * 1001},
    ],
)
def test_update_application_bad_bodies(client, factories, body):
    application = applicant_application(factories, status=0)
    body = {"user_id": application.user_id, **body}
    assert_envelope(_post(client, staff(factories, FOREIGN_ADMIN), "update-application", **body), 400)


def test_population_separation_on_every_action(client, factories, db):
    foreign = applicant_application(factories, status=0)
    citizen = applicant_application(factories, kz=True, current_step=5)
    foreign_headers, kz_headers = staff(factories, FOREIGN_ADMIN), staff(factories, KZ_ADMIN)
    calls = [
        ("update-application", {"status": 1}),
        ("update-application-custom", {"updateBody": {"confirm_documents": True}}),
    ]
    for path, extra in calls:
        assert_envelope(_post(client, kz_headers, path, user_id=foreign.user_id, **extra), 404)
        assert_envelope(_post(client, foreign_headers, path, user_id=citizen.user_id, **extra), 404)
        assert_envelope(
            _post(client, factories.auth_headers(foreign.user), path, user_id=foreign.user_id, **extra), 403
        )
        assert_envelope(client.post(f"{API}/admin/{path}", json={"user_id": foreign.user_id, **extra}), 401)
    exemption = {"is_exempted_from_payment": 1}
    assert_envelope(
        _post(client, foreign_headers, "update-user-is-exempted-from-payment", id=citizen.user_id, **exemption), 403
    )
    assert_envelope(
        _post(client, kz_headers, "update-user-is-exempted-from-payment", id=foreign.user_id, **exemption), 404
    )
    # the citizens' admin cannot use the foreign status (the state machine refuses the population)
    assert_envelope(_post(client, kz_headers, "update-application", user_id=citizen.user_id, status=1), 409)
    assert _events(db, foreign) == [] and _events(db, citizen) == []
    assert (_fresh(db, foreign).status, _fresh(db, citizen).current_step) == (0, 5)


# ---------------------------------------------------------------------------------------- custom actions


def test_confirm_documents_and_enrol_scholarship(client, factories, db):
    headers = staff(factories, KZ_ADMIN)
    handed_over = applicant_application(factories, kz=True, current_step=5, financing="scholarship")
    body = assert_ok(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=handed_over.user_id,
            updateBody={"confirm_documents": True},
        )
    )
    assert body["item"]["current_step"] == 6 and body["event"]["from_step"] == 5
    assert_envelope(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=handed_over.user_id,
            updateBody={"confirm_documents": True},
        ),
        409,
        "workflow.illegal_transition",
    )
    holder = applicant_application(factories, kz=True, current_step=8, financing="scholarship")
    body = assert_ok(
        _post(
            client, headers, "update-application-custom", user_id=holder.user_id, updateBody={"enrol_scholarship": True}
        )
    )
    assert body["item"]["current_step"] == 10
    payer = applicant_application(factories, kz=True, current_step=8, financing="paid")
    assert_envelope(
        _post(
            client, headers, "update-application-custom", user_id=payer.user_id, updateBody={"enrol_scholarship": True}
        ),
        409,
    )
    missing_documents = applicant_application(factories, kz=True, current_step=4)
    assert_envelope(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=missing_documents.user_id,
            updateBody={"upload_documents": True},
        ),
        409,
    )
    assert _fresh(db, missing_documents).current_step == 4


def test_change_program(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    other = factories.study_program()
    hidden = factories.study_program(additional_data={"is_hidden": True})
    before = application.study_program_id
    body = assert_ok(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=application.user_id,
            updateBody={"study_program_id": other.id},
            reason="Перевод",
        )
    )
    assert body["item"]["study_program_id"] == other.id
    assert body["event"]["changes"]["study_program_id"] == {"from": before, "to": other.id}
    assert_envelope(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=application.user_id,
            updateBody={"study_program_id": hidden.id},
        ),
        400,
        "applications.study_program_not_found",
    )
    assert_envelope(
        _post(
            client,
            headers,
            "update-application-custom",
            user_id=application.user_id,
            updateBody={"study_program_id": other.id},
        ),
        409,
    )  # no change
    assert _fresh(db, application).study_program_id == other.id


@pytest.mark.parametrize(
    "update_body",
    [
        {},
        {"confirm_documents": True, "enrol_scholarship": True},
        {"confirm_documents": False},
        {"confirm_documents": "yes"},
        {"confirm_documents": 1},
        {"study_program_id": "5"},
        {"study_program_id": 0},
        {"current_step": 6},
        {"status": 1},
        None,
        [],
    ],
)
def test_custom_bad_bodies(client, factories, db, update_body):
    application = applicant_application(factories, kz=True, current_step=5)
    response = _post(
        client,
        staff(factories, KZ_ADMIN),
        "update-application-custom",
        user_id=application.user_id,
        updateBody=update_body,
    )
    assert_envelope(response, 400)
    assert _fresh(db, application).current_step == 5


def test_one_action_key_is_named(client, factories):
    application = applicant_application(factories, kz=True, current_step=5)
    response = _post(
        client,
        staff(factories, KZ_ADMIN),
        "update-application-custom",
        user_id=application.user_id,
        updateBody={"confirm_documents": True, "enrol_scholarship": True},
    )
    assert_envelope(response, 400, "admin.one_action")


# ---------------------------------------------------------------------------------------------- exemption


def test_exemption_toggles_the_application_and_the_account(client, factories, db):
    headers = staff(factories, KZ_ADMIN)
    application = applicant_application(factories, kz=True, current_step=2)
    path = "update-user-is-exempted-from-payment"
    body = assert_ok(_post(client, headers, path, id=application.user_id, is_exempted_from_payment=1))
    assert body["item"]["is_exempted_from_payment"] is True
    fresh = _fresh(db, application)
    assert fresh.is_exempted_from_payment is True and fresh.user.is_exempted_from_payment is True
    assert_envelope(_post(client, headers, path, id=application.user_id, is_exempted_from_payment=1), 409)
    body = assert_ok(_post(client, headers, path, id=application.user_id, is_exempted_from_payment=0))
    assert body["item"]["is_exempted_from_payment"] is False
    assert _fresh(db, application).user.is_exempted_from_payment is False
    assert _events(db, application) == ["set_exemption", "set_exemption"]
    # after the payment step it no longer changes anything
    paid = applicant_application(factories, kz=True, current_step=4)
    assert_envelope(_post(client, headers, path, id=paid.user_id, is_exempted_from_payment=1), 409)
    assert _fresh(db, paid).is_exempted_from_payment is False


@pytest.mark.parametrize(
    "body",
    [
        {"is_exempted_from_payment": 2},
        {"is_exempted_from_payment": "1"},
        {"is_exempted_from_payment": None},
        {},
        {"is_exempted_from_payment": 1, "user_id": 5},
    ],
)
def test_exemption_bad_bodies(client, factories, body):
    application = applicant_application(factories, kz=True, current_step=2)
    response = _post(
        client, staff(factories, KZ_ADMIN), "update-user-is-exempted-from-payment", id=application.user_id, **body
    )
    assert_envelope(response, 400)


def test_exemption_without_an_active_application(client, factories):
    user = factories.applicant(kz=True)
    response = _post(
        client,
        staff(factories, KZ_ADMIN),
        "update-user-is-exempted-from-payment",
        id=user.id,
        is_exempted_from_payment=1,
    )
    assert_envelope(response, 404, "applications.not_found")


# -------------------------------------------------------------------------------------------------- bulk


def test_bulk_moves_each_row_on_its_own(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    applied = [applicant_application(factories, status=0) for _ in range(3)]
    accepted = applicant_application(factories, status=1)
    citizen = applicant_application(factories, kz=True, current_step=5)
    ids = [a.id for a in applied] + [accepted.id, citizen.id, 10**7, applied[0].id]
    response = _post(client, headers, "applications/bulk-transition", ids=ids, transition="accept")
    assert response.status_code == 200
    body = response.get_json()
    assert body["success"] is False and body["message_key"] == "admin.action_failed"
    assert body["message"] == "Произошла ошибка"
    results = {r["id"]: r for r in body["results"]}
    assert body["succeeded"] == 3 and body["failed"] == 3 and len(body["results"]) == 6  # duplicates once
    for application in applied:
        assert results[application.id]["success"] is True and results[application.id]["status"] == 1
        assert _fresh(db, application).status == 1
    assert (
        results[accepted.id]["http_status"] == 409
        and results[accepted.id]["message_key"] == "workflow.illegal_transition"
    )
    assert results[citizen.id]["http_status"] == 404 and results[10**7]["http_status"] == 404
    assert _fresh(db, accepted).status == 1 and _events(db, accepted) == []


def test_bulk_next_stage(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    rows = [applicant_application(factories, status=s) for s in (0, 1, 2, 3, -1)]
    body = client.post(
        f"{API}/admin/applications/bulk-transition",
        headers=headers,
        json={"ids": [r.id for r in rows], "transition": "next"},
    ).get_json()
    assert [r["success"] for r in body["results"]] == [True, True, True, False, False]
    assert [r.get("transition") for r in body["results"][:3]] == ["accept", "await_visa", "enrol"]
    assert [_fresh(db, r).status for r in rows] == [1, 2, 3, 3, -1]
    kz_headers = staff(factories, KZ_ADMIN)
    documents = applicant_application(factories, kz=True, current_step=5)
    holder = applicant_application(factories, kz=True, current_step=8, financing="scholarship")
    early = applicant_application(factories, kz=True, current_step=3)
    body = assert_ok(
        _post(client, kz_headers, "applications/bulk-transition", ids=[documents.id, holder.id], transition="next")
    )
    assert body["succeeded"] == 2 and body["message_key"] == "common.success"
    # a fee-paying application goes on to the programme choice (decision 0083)
    assert (_fresh(db, documents).current_step, _fresh(db, holder).current_step) == (7, 10)
    body = _post(client, kz_headers, "applications/bulk-transition", ids=[early.id], transition="next").get_json()
    assert body["failed"] == 1 and body["results"][0]["http_status"] == 409


def test_bulk_archive_needs_a_reason_per_row(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    rows = [applicant_application(factories, status=0) for _ in range(2)]
    body = _post(
        client, headers, "applications/bulk-transition", ids=[r.id for r in rows], transition="archive"
    ).get_json()
    assert body["failed"] == 2 and body["results"][0]["message_key"] == "validation.required"
    body = assert_ok(
        _post(
            client,
            headers,
            "applications/bulk-transition",
            ids=[r.id for r in rows],
            transition="archive",
            reason="Не прошли отбор",
        )
    )
    assert body["succeeded"] == 2 and all(_fresh(db, r).status == -1 for r in rows)


@pytest.mark.parametrize(
    "body",
    [
        {"ids": [], "transition": "accept"},
        {"ids": list(range(1, 202)), "transition": "accept"},
        {"ids": [1], "transition": "withdraw"},
        {"ids": [1], "transition": "set_exemption"},
        {"ids": ["1"], "transition": "accept"},
        {"ids": [0], "transition": "accept"},
        {"ids": 1, "transition": "accept"},
        {"transition": "accept"},
        {"ids": [1]},
    ],
)
def test_bulk_bad_bodies(client, factories, body):
    assert_envelope(_post(client, staff(factories), "applications/bulk-transition", **body), 400)


def test_bulk_access(client, factories):
    applicant = factories.applicant()
    assert_envelope(
        client.post(f"{API}/admin/applications/bulk-transition", json={"ids": [1], "transition": "next"}), 401
    )
    assert_envelope(
        _post(client, factories.auth_headers(applicant), "applications/bulk-transition", ids=[1], transition="next"),
        403,
    )
