"""POST /users/application-proceed: Next on every step of the citizens' stepper goes through the state machine
(req §2 Stepper, §4 steps 1-8, §5 self-upload; issue 11 item 3; decision 0068). Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server import forms
from server.models import ROLE_KZ_ADMIN, Application, ApplicationEvent, ApplicationSnapshot

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import (
    API,
    PDF,
    PNG,
    complete_answers,
    engine_ctx,
    fill_items,
    post_bulk,
    valid_data,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")


def proceed(client, headers, application_id, type_=None, **extra):
    body = {"application_id": application_id, **extra}
    if type_ is not None:
        body["type"] = type_
    return client.post(f"{API}/users/application-proceed", headers=headers, json=body)


def state(db, application) -> Application:
    db.session.expire_all()
    return db.session.get(Application, application.id)


def events(db, application) -> list[str]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(ApplicationEvent.transition)
            .where(ApplicationEvent.application_id == application.id)
            .order_by(ApplicationEvent.id)
        )
    )


@pytest.fixture
def citizen(factories):
    """A citizen's application (regular bachelors, scholarship) and the applicant's headers, at a given step; the
    credit bureau confirmed the applicant unless bureau=False."""

    def make(step=1, financing="scholarship", exempted=False, kind="regular_bachelors", bureau=True):
        user = factories.applicant(kz=True)
        if bureau:  # the credit bureau confirmed the citizen: every step needs it (issue 22)
            factories.bureau_data(user)
        program = factories.study_program(kind=kind)
        application = factories.application(
            user=user, program=program, current_step=step, financing=financing, is_exempted_from_payment=exempted
        )
        return application, factories.auth_headers(user)

    return make


def _self_upload_fields(client, headers, application_id) -> list[dict]:
    body = assert_ok(
        client.post(f"{API}/users/steps", headers=headers, json={"application_id": application_id, "type": "documents"})
    )
    [step] = body["steps"]
    assert step["key"] == "documentsSelfUpload"
    return step["all_document_fields"]


# --------------------------------------------------------------------------------------------- access


def test_a_strangers_application_is_404_and_unchanged(client, db, factories, citizen):
    application, _ = citizen(step=1)
    stranger = factories.auth_headers(factories.applicant(kz=True))
    assert_envelope(proceed(client, stranger, application.id), 404, "applications.not_found")
    assert_envelope(proceed(client, stranger, 2**31 - 1), 404, "applications.not_found")
    assert state(db, application).current_step == 1


def test_staff_cannot_proceed_on_the_applicants_behalf(client, db, factories, citizen):
    application, _ = citizen(step=1)
    staff = factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))
    assert_envelope(proceed(client, staff, application.id), 404, "applications.not_found")


def test_bad_bodies_are_400(client, citizen):
    application, headers = citizen(step=1)
    assert_envelope(proceed(client, headers, application.id, "cash"), 400)
    assert_envelope(client.post(f"{API}/users/application-proceed", headers=headers, json={}), 400)
    assert_envelope(proceed(client, headers, "1"), 400)
    assert_envelope(proceed(client, headers, application.id, extra_field=1), 400)


def test_unauthenticated_is_401(client, citizen):
    application, _ = citizen(step=1)
    assert proceed(client, {}, application.id).status_code == 401


def test_a_foreign_applicants_application_has_no_stepper(client, db, factories):
    user = factories.applicant()
    application = factories.application(user=user, current_step=1)
    assert_envelope(proceed(client, factories.auth_headers(user), application.id), 409, "workflow.illegal_transition")


# ---------------------------------------------------------------------------------------- steps 1 and 2


def test_instruction_read_moves_1_to_2_and_is_recorded(client, db, citizen):
    application, headers = citizen(step=1)
    body = assert_ok(proceed(client, headers, application.id))
    assert body["transition"] == "read_instruction"
    assert body["application"]["current_step"] == 2
    assert state(db, application).current_step == 2
    assert events(db, application) == ["read_instruction"]
    history = assert_ok(client.get(f"{API}/users/application/{application.id}", headers=headers))["item"]
    assert [h["transition"] for h in history["status_history"]] == ["read_instruction"]


def test_proceed_before_paying_is_409_payment_required_and_changes_nothing(client, db, citizen):
    application, headers = citizen(step=2)
    for lang, text in (("ru", "вступительный взнос"), ("en", "admission fee"), ("kk", "түсу жарнасын")):
        body = assert_envelope(
            client.post(
                f"{API}/users/application-proceed?lang={lang}",
                headers=headers,
                json={"application_id": application.id},
            ),
            409,
            "stepper.payment_required",
        )
        assert text in body["message"]
    assert state(db, application).current_step == 2
    assert events(db, application) == []


def test_an_exempted_application_skips_the_payment(client, db, citizen):
    application, headers = citizen(step=2, exempted=True)
    body = assert_ok(proceed(client, headers, application.id))
    assert (body["transition"], body["application"]["current_step"]) == ("skip_payment", 3)
    assert events(db, application) == ["skip_payment"]


def test_exemption_by_staff_then_proceed_skips(client, db, factories, citizen):
    application, headers = citizen(step=2)
    staff = factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))
    assert_envelope(proceed(client, headers, application.id), 409, "stepper.payment_required")
    assert_ok(
        client.post(
            f"{API}/admin/update-user-is-exempted-from-payment",
            headers=staff,
            json={"id": application.user_id, "is_exempted_from_payment": 1, "application_id": application.id},
        )
    )
    assert assert_ok(proceed(client, headers, application.id))["application"]["current_step"] == 3


def test_proceed_twice_advances_once(client, db, citizen):
    application, headers = citizen(step=1)
    assert_ok(proceed(client, headers, application.id))
    assert_envelope(proceed(client, headers, application.id), 409, "stepper.payment_required")
    assert events(db, application) == ["read_instruction"]


# ------------------------------------------------------------------------------------------------ step 3


def test_form_step_refuses_an_incomplete_questionnaire_then_submits(client, db, factories, citizen):
    application, headers = citizen(step=3)
    refused = assert_envelope(proceed(client, headers, application.id), 400)
    assert refused["errors"]  # names the missing fields
    assert state(db, application).current_step == 3

    answers, files = complete_answers(state(db, application), factories, kz=True)
    assert_ok(post_bulk(client, headers, application.id, answers, files))
    body = assert_ok(proceed(client, headers, application.id))
    assert (body["transition"], body["application"]["current_step"]) == ("submit_form", 4)
    assert body["application"]["submittedAt"] is not None
    db.session.expire_all()
    snapshots = db.session.scalars(
        select(ApplicationSnapshot).where(ApplicationSnapshot.application_id == application.id)
    ).all()
    assert {s.type for s in snapshots} >= set(answers)


def test_form_step_before_the_payment_step_is_refused(client, db, factories, citizen):
    application, headers = citizen(step=1)
    answers, files = complete_answers(state(db, application), factories, kz=True)
    assert_ok(post_bulk(client, headers, application.id, answers, files))
    assert assert_ok(proceed(client, headers, application.id))["transition"] == "read_instruction"
    assert_envelope(proceed(client, headers, application.id), 409, "stepper.payment_required")


# ------------------------------------------------------------------------------------------------ step 4


def test_documents_step_needs_a_type(client, citizen):
    application, headers = citizen(step=4)
    body = assert_envelope(proceed(client, headers, application.id), 400, "stepper.type_required")
    assert "type" in body["errors"]


def test_self_upload_with_missing_documents_is_422_then_every_pdf_proceeds(client, db, citizen):
    application, headers = citizen(step=4)
    required = [f["field"] for f in _self_upload_fields(client, headers, application.id) if not f["optional"]]
    assert required  # regular bachelors: at least the education and test documents

    body = assert_envelope(proceed(client, headers, application.id, "files"), 422)
    assert any(key.startswith("documentsSelfUpload.") for key in body["errors"])

    # PDF only: an image in a document field is refused and nothing is stored for it
    refused = post_bulk(client, headers, application.id, {}, {("documentsSelfUpload", required[0]): (PNG, "x.pdf")})
    assert refused.status_code in (400, 415, 422), refused.status_code
    first_only = {("documentsSelfUpload", required[0]): (PDF, f"{required[0]}.pdf")}
    assert_ok(post_bulk(client, headers, application.id, {}, first_only))
    if len(required) > 1:
        assert_envelope(proceed(client, headers, application.id, "files"), 422)
    rest = {("documentsSelfUpload", f): (PDF, f"{f}.pdf") for f in required[1:]}
    if rest:
        assert_ok(post_bulk(client, headers, application.id, {}, rest))
    assert set(fill_items(client, headers, application.id)["documentsSelfUpload"]["data"]) >= set(required)

    body = assert_ok(proceed(client, headers, application.id, "files"))
    assert (body["transition"], body["application"]["current_step"]) == ("upload_documents", 5)
    # step 5: the documents are frozen and Next does nothing until staff confirm
    late = post_bulk(client, headers, application.id, {}, {("documentsSelfUpload", required[0]): (PDF, "b.pdf")})
    assert late.status_code == 409
    assert_envelope(proceed(client, headers, application.id, "files"), 409, "workflow.illegal_transition")


def test_handover_moves_4_to_5_without_files(client, db, citizen):
    application, headers = citizen(step=4)
    body = assert_ok(proceed(client, headers, application.id, "handover"))
    assert (body["transition"], body["application"]["current_step"]) == ("choose_handover", 5)
    detail = assert_ok(client.get(f"{API}/users/application/{application.id}", headers=headers))["item"]
    assert len(detail["upload_code"]) == 7 and detail["upload_code"].isdigit()


def test_a_type_that_does_not_belong_to_the_step_is_409(client, db, citizen):
    application, headers = citizen(step=1)
    assert_envelope(proceed(client, headers, application.id, "files"), 409, "workflow.illegal_transition")
    assert state(db, application).current_step == 1


@pytest.mark.parametrize("step", [5, 6, 8, 10])
def test_steps_where_staff_or_the_system_act_are_409(client, db, citizen, step):
    application, headers = citizen(step=step)
    assert_envelope(proceed(client, headers, application.id), 409, "workflow.illegal_transition")
    assert state(db, application).current_step == step


def test_staff_confirmation_moves_5_to_6(client, db, factories, citizen):
    application, headers = citizen(step=4)
    assert_ok(proceed(client, headers, application.id, "handover"))
    staff = factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))
    assert_ok(
        client.post(
            f"{API}/admin/update-application-custom",
            headers=staff,
            json={
                "user_id": application.user_id,
                "application_id": application.id,
                "updateBody": {"confirm_documents": True},
            },
        )
    )
    assert state(db, application).current_step == 6


# ------------------------------------------------------------------------------------------------ step 7


def _grant_result(db, application, awarded: bool):
    from server.applications.workflow import Actor, transition

    app_row = state(db, application)
    transition(app_row, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": awarded})
    db.session.commit()


def _choose_program(client, headers, application, factories):
    program = state(factories.db, application).study_program
    ctx = engine_ctx(program.kind, kz=True, financing="paid", program_id=program.id)
    option = factories.questionnaire_option(
        "fillStepAdditionalInfo_educational_program", additional_data={"study_program_id": program.id}
    )
    ctx["options"]["fillStepAdditionalInfo_educational_program"] = [
        {"id": option.id, "code": option.code, "additional_data": {"study_program_id": program.id}}
    ]
    data = valid_data("chooseEducationalProgram", ctx, factories)
    assert data["educational_program"] == option.id
    assert_ok(post_bulk(client, headers, application.id, {"chooseEducationalProgram": data}))


def test_not_awarded_continues_on_a_paid_basis_then_chooses_a_program(client, db, factories, citizen):
    application, headers = citizen(step=6)
    _grant_result(db, application, awarded=False)
    _choose_program(client, headers, application, factories)

    assert_envelope(proceed(client, headers, application.id), 409, "workflow.illegal_transition")
    body = assert_ok(proceed(client, headers, application.id, "paid"))
    assert body["transition"] == "continue_paid"
    assert (body["application"]["financing"], body["application"]["current_step"]) == ("paid", 7)
    assert_envelope(proceed(client, headers, application.id, "paid"), 409, "workflow.illegal_transition")

    body = assert_ok(proceed(client, headers, application.id))
    assert (body["transition"], body["application"]["current_step"]) == ("choose_program", 8)
    assert events(db, application) == ["grant_result", "continue_paid", "choose_program"]


def test_awarded_cannot_switch_to_paid_and_chooses_a_program(client, db, factories, citizen):
    application, headers = citizen(step=6)
    _grant_result(db, application, awarded=True)
    assert_envelope(proceed(client, headers, application.id, "paid"), 409, "workflow.illegal_transition")
    assert_envelope(proceed(client, headers, application.id), 400)  # no program chosen yet
    _choose_program(client, headers, application, factories)
    # a scholarship holder also gives the grant supporting documents (PDF) before the program is confirmed
    missing = assert_envelope(proceed(client, headers, application.id), 400)
    assert "grantSupportingDocuments.grant_certificate" in missing["errors"]
    grant_docs = {("grantSupportingDocuments", "grant_certificate"): (PDF, "grant.pdf")}
    assert_ok(post_bulk(client, headers, application.id, {}, grant_docs))
    body = assert_ok(proceed(client, headers, application.id))
    assert (body["application"]["current_step"], body["application"]["financing"]) == (8, "scholarship")


def test_a_paid_application_at_step_7_chooses_a_program(client, db, factories, citizen):
    application, headers = citizen(step=6, financing="paid")
    _grant_result(db, application, awarded=False)
    assert_envelope(proceed(client, headers, application.id, "paid"), 409, "workflow.illegal_transition")
    _choose_program(client, headers, application, factories)
    assert assert_ok(proceed(client, headers, application.id))["application"]["current_step"] == 8


def test_an_archived_application_is_refused(client, db, citizen):
    application, headers = citizen(step=1)
    row = state(db, application)
    row.status = -1
    db.session.commit()
    assert_envelope(proceed(client, headers, application.id), 409, "applications.archived")


def test_forms_know_the_self_upload_and_program_steps():
    ctx = engine_ctx("regular_bachelors", kz=True)
    assert "documentsSelfUpload" in forms.steps_for("home", ctx)
    assert forms.steps_for("stepper", ctx) == ["chooseEducationalProgram"]
    scholarship = engine_ctx("regular_bachelors", kz=True, financing="scholarship")
    assert forms.steps_for("stepper", scholarship) == ["grantSupportingDocuments", "chooseEducationalProgram"]


@pytest.mark.parametrize(
    "body",
    [
        {"application_id": 10**20},
        {"application_id": -1},
        {"application_id": 0},
        {"application_id": None},
        {"application_id": 1.5},
        {"application_id": [1]},
        {"application_id": True},
        {"application_id": 2**31 - 1, "type": None},
        {"application_id": 2**31 - 1, "type": 5},
        {"application_id": 2**31 - 1, "type": "FILES"},
        {"application_id": 2**31 - 1, "type": "x" * 10_000},
        [],
        "text",
    ],
)
def test_odd_bodies_get_the_error_envelope_never_a_500(client, citizen, body):
    _application, headers = citizen(step=1)
    response = client.post(f"{API}/users/application-proceed", headers=headers, json=body)
    assert response.status_code in (400, 404, 409), (body, response.status_code)
    assert response.get_json()["success"] is False


def test_a_body_that_is_not_json_is_400(client, db, citizen):
    application, headers = citizen(step=1)
    response = client.post(
        f"{API}/users/application-proceed", headers=headers, data="application_id=1", content_type="text/plain"
    )
    assert response.status_code in (400, 415)
    assert state(db, application).current_step == 1
