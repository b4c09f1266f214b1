"""The state machine seen through the API (decision 0060): creating and submitting applications record events,
the applicant's application answer carries the applicant-visible status history (one query, no staff identities),
refusals use the localized 409, and the request id ties an event to its request."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from server.applications.workflow import Actor, transition
from server.models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, Application, ApplicationEvent

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import API, complete_answers, count_queries, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")

HISTORY_KEYS = {"transition", "from_step", "to_step", "from_status", "to_status", "createdAt"}


def _events(db, application_id):
    return db.session.scalars(
        select(ApplicationEvent).where(ApplicationEvent.application_id == application_id).order_by(ApplicationEvent.id)
    ).all()


def _create(client, headers, program_id, **extra):
    return assert_ok(
        client.post(f"{API}/users/create-application", headers=headers, json={"study_program_id": program_id, **extra})
    )


def _history(client, headers, application_id) -> list[dict]:
    body = assert_ok(client.get(f"{API}/users/application/{application_id}", headers=headers))
    return body["item"]["status_history"]


def _submit(client, headers, application, factories, kz, **extra):
    answers, files = complete_answers(application, factories, kz)
    return post_bulk(client, headers, application.id, answers, files, is_submit="true", **extra)


def test_creating_an_application_records_the_create_event(client, db, factories):
    user = factories.applicant()
    user.is_exempted_from_payment = True
    db.session.commit()
    program = factories.study_program()
    factories.term()
    headers = factories.auth_headers(user)

    body = _create(client, headers, program.id, financing="scholarship")

    [event] = _events(db, body["application_id"])
    assert (event.transition, event.from_step, event.to_step, event.from_status, event.to_status) == (
        "create",
        None,
        1,
        None,
        None,
    )
    assert event.actor_user_id == user.id and event.actor_role == "applicant" and event.applicant_visible
    assert event.changes == {
        "financing": {"from": None, "to": "scholarship"},
        "is_exempted_from_payment": {"from": None, "to": True},
        "study_program_id": {"from": None, "to": program.id},
    }
    application = db.session.get(Application, body["application_id"])
    assert application.version == 1 and application.financing == "scholarship" and application.is_exempted_from_payment

    [entry] = _history(client, headers, body["application_id"])
    assert set(entry) == HISTORY_KEYS
    assert (entry["transition"], entry["from_step"], entry["to_step"]) == ("create", None, 1)


def test_a_refused_creation_records_nothing(client, db, factories):
    user = factories.applicant()
    program = factories.study_program()
    factories.term()
    headers = factories.auth_headers(user)
    _create(client, headers, program.id)
    response = client.post(f"{API}/users/create-application", headers=headers, json={"study_program_id": program.id})
    assert_envelope(response, 409, "applications.active_exists")
    assert len(db.session.scalars(select(ApplicationEvent)).all()) == 1


def test_foreign_submission_records_submit_form_and_shows_in_the_history(client, db, factories):
    user = factories.applicant()
    program = factories.study_program()
    factories.term()
    headers = factories.auth_headers(user)
    application = db.session.get(Application, _create(client, headers, program.id)["application_id"])

    assert_ok(_submit(client, headers, application, factories, kz=False))

    create, submit = _events(db, application.id)
    assert (submit.transition, submit.from_step, submit.to_step, submit.from_status, submit.to_status) == (
        "submit_form",
        1,
        4,
        None,
        0,
    )
    assert submit.actor_role == "applicant" and set(submit.changes) == {"submitted_at"}
    db.session.refresh(application)
    assert submit.changes["submitted_at"]["to"] == application.submitted_at.isoformat()
    history = _history(client, headers, application.id)
    assert [(h["transition"], h["to_step"], h["to_status"]) for h in history] == [
        ("create", 1, None),
        ("submit_form", 4, 0),
    ]
    assert history[0]["createdAt"] <= history[1]["createdAt"]


def _citizen(factories):
    """A citizen the credit bureau confirmed (every citizen transition needs it, issue 22)."""
    user = factories.applicant(kz=True)
    factories.bureau_data(user)
    return user


def test_home_submission_moves_from_step_3_to_4_without_status(client, db, factories):
    application = factories.application(user=_citizen(factories), current_step=3)
    headers = factories.auth_headers(application.user)
    assert_ok(_submit(client, headers, application, factories, kz=True))
    [event] = _events(db, application.id)
    assert (event.transition, event.from_step, event.to_step, event.to_status) == ("submit_form", 3, 4, None)


def test_a_refused_submission_records_nothing_and_keeps_the_answers(client, db, factories):
    application = factories.application(user=factories.applicant())
    headers = factories.auth_headers(application.user)

    def drop_passport(answers, files):
        files.pop(("fillStepDocumentsFiles", "passport"))

    answers, files = complete_answers(application, factories, kz=False)
    drop_passport(answers, files)
    response = post_bulk(client, headers, application.id, answers, files, is_submit="true")
    assert_envelope(response, 400)
    assert _events(db, application.id) == []
    db.session.expire_all()
    assert db.session.get(Application, application.id).current_step == 1


def test_admin_submission_on_behalf_is_recorded_with_the_admin_but_shown_without(client, db, factories):
    application = factories.application(user=factories.applicant())
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    response = _submit(
        client,
        factories.auth_headers(admin),
        application,
        factories,
        kz=False,
        from_admin="true",
        admin_selected_user_id=application.user_id,
    )
    assert_ok(response)
    [event] = _events(db, application.id)
    assert event.actor_user_id == admin.id and event.actor_role == ROLE_FOREIGN_ADMIN

    history = _history(client, factories.auth_headers(application.user), application.id)
    assert [set(h) for h in history] == [HISTORY_KEYS]
    assert admin.email not in str(history)


def test_admin_submit_of_an_archived_application_is_the_localized_409(client, db, factories):
    application = factories.application(user=factories.applicant(), status=-1)
    admin_headers = factories.auth_headers(factories.admin(role=ROLE_FOREIGN_ADMIN))
    answers, files = complete_answers(application, factories, kz=False)
    texts = {}
    for lang in ("ru", "kk", "en"):
        response = post_bulk(
            client,
            {**admin_headers, "Accept-Language": lang},
            application.id,
            answers,
            files,
            is_submit="true",
            from_admin="true",
            admin_selected_user_id=application.user_id,
        )
        texts[lang] = assert_envelope(response, 409, "workflow.illegal_transition")["message"]
    assert texts["ru"] == "Это действие сейчас недоступно для заявки"
    assert len(set(texts.values())) == 3
    assert _events(db, application.id) == []


def test_history_hides_internal_events_and_staff_comments(client, db, factories):
    application = factories.application(user=_citizen(factories), current_step=2)
    admin = factories.admin(role=ROLE_KZ_ADMIN)
    transition(
        application,
        "set_exemption",
        actor=Actor.admin(admin),
        data={"is_exempted_from_payment": True},
        comment="internal: certificate №5",
    )
    transition(application, "skip_payment", actor=Actor.applicant(application.user), comment="internal note")
    db.session.commit()

    history = _history(client, factories.auth_headers(application.user), application.id)
    assert [(h["transition"], h["from_step"], h["to_step"]) for h in history] == [("skip_payment", 2, 3)]
    assert "internal" not in str(history)


def test_status_history_is_loaded_in_one_query_whatever_its_length(client, db, factories):
    def statements_for(application):
        headers = factories.auth_headers(application.user)
        with count_queries(db.engine) as statements:
            assert_ok(client.get(f"{API}/users/application/{application.id}", headers=headers))
        return len(statements)

    short = factories.application(user=factories.applicant(), current_step=4, status=0)
    long = factories.application(user=factories.applicant(), current_step=4, status=0)
    admin = Actor.admin(factories.admin(role=ROLE_FOREIGN_ADMIN))
    for _ in range(3):
        for name, reason in (("accept", None), ("archive", "paused"), ("restore", "resumed")):
            long = db.session.get(Application, long.id)
            long.submitted_at = long.submitted_at or long.created_at
            db.session.commit()
            transition(long, name, actor=admin, reason=reason)
            db.session.commit()
    assert len(_history(client, factories.auth_headers(long.user), long.id)) == 9
    assert statements_for(long) == statements_for(short)


def test_request_id_is_echoed_and_recorded(client, db, factories):
    user = factories.applicant()
    program, other = factories.study_program(), factories.study_program()
    factories.term()
    headers = factories.auth_headers(user)

    response = client.post(
        f"{API}/users/create-application",
        headers={**headers, "X-Request-ID": "trace-123.abc"},
        json={"study_program_id": program.id},
    )
    assert response.headers["X-Request-ID"] == "trace-123.abc"
    assert _events(db, response.get_json()["application_id"])[0].request_id == "trace-123.abc"

    forged = client.post(
        f"{API}/users/create-application",
        headers={**headers, "X-Request-ID": "not an id; " + "x" * 80},
        json={"study_program_id": other.id},
    )
    generated = forged.headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", generated)
    assert _events(db, forged.get_json()["application_id"])[0].request_id == generated
