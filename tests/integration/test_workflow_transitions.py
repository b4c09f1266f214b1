"""Every transition of the state machine against the real database (decision 0060): the legal ones change exactly
what the table says and write one event; illegal ones answer 409 (or 404 / 400) and change nothing; guards,
actor kinds and the admin populations are enforced; available_transitions agrees with transition()."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from server.applications.workflow import Actor, available_transitions, check, events_for_admin, transition
from server.applications.workflow import engine as workflow_engine
from server.errors import ApiError
from server.models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, Application, ApplicationEvent, Term

from .payments_support import paid_admission_fee
from .test_user_data_support import PDF, engine_ctx, post_bulk, valid_data

SUBMITTED = datetime(2026, 3, 1, tzinfo=UTC)


def _application(factories, kz=False, bureau=True, **state):
    """A citizen's application has passed the credit-bureau step (every citizen transition needs it, issue 22),
    unless bureau=False."""
    user = factories.applicant(kz=kz)
    if kz and bureau:
        factories.bureau_data(user)
    return factories.application(user=user, **state)


def _actor(factories, kind, application):
    if kind == "applicant":
        return Actor.applicant(application.user)
    if kind in (ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN):
        return Actor.admin(factories.admin(role=kind))
    return Actor.system(kind.removeprefix("system:"))


def _events(db, application_id=None):
    query = select(ApplicationEvent).order_by(ApplicationEvent.id)
    if application_id is not None:
        query = query.where(ApplicationEvent.application_id == application_id)
    return db.session.scalars(query).all()


def _state(db, application_id):
    db.session.expire_all()
    row = db.session.get(Application, application_id)
    return {
        "current_step": row.current_step,
        "status": row.status,
        "financing": row.financing,
        "is_exempted_from_payment": row.is_exempted_from_payment,
        "study_program_id": row.study_program_id,
        "submitted_at": row.submitted_at,
        "version": row.version,
    }


def _refused(db, factories, application, name, actor, status, key, **kwargs):
    """The transition is refused with (status, key) and neither the application nor the trail changes."""
    before = _state(db, application.id)
    application = db.session.get(Application, application.id)
    with pytest.raises(ApiError) as refusal:
        transition(application, name, actor=actor, **kwargs)
    db.session.commit()
    assert (refusal.value.status, refusal.value.key) == (status, key)
    assert _state(db, application.id) == before
    assert _events(db, application.id) == []
    return refusal.value


# ------------------------------------------------------------------------------------------- legal moves

LEGAL = [
    # name, kz, state before, actor, data, reason, expected changes
    ("read_instruction", True, {"current_step": 1}, "applicant", None, None, {"current_step": 2}),
    (
        "pay",
        True,
        {"current_step": 2},
        "system:payment",
        {"payment_id": "sandbox-42", "amount": 10000},
        None,
        {"current_step": 3},
    ),
    (
        "skip_payment",
        True,
        {"current_step": 2, "is_exempted_from_payment": True},
        "applicant",
        None,
        None,
        {"current_step": 3},
    ),
    ("choose_handover", True, {"current_step": 4}, "applicant", None, None, {"current_step": 5}),
    (
        "confirm_documents",
        True,
        {"current_step": 5, "financing": "scholarship"},
        ROLE_KZ_ADMIN,
        None,
        None,
        {"current_step": 6},
    ),
    # decision 0083: a fee-paying application has no grant result to wait for
    (
        "confirm_documents",
        True,
        {"current_step": 5, "financing": "paid"},
        ROLE_KZ_ADMIN,
        None,
        None,
        {"current_step": 7},
    ),
    ("grant_result", True, {"current_step": 6}, "system:gov_scholarship", {"awarded": True}, None, {"current_step": 7}),
    (
        "enrol_scholarship",
        True,
        {"current_step": 8, "financing": "scholarship"},
        ROLE_KZ_ADMIN,
        None,
        None,
        {"current_step": 10},
    ),
    ("accept", False, {"current_step": 4, "status": 0}, ROLE_FOREIGN_ADMIN, None, None, {"status": 1}),
    ("await_visa", False, {"current_step": 4, "status": 1}, ROLE_FOREIGN_ADMIN, None, None, {"status": 2}),
    ("enrol", False, {"current_step": 4, "status": 2}, ROLE_FOREIGN_ADMIN, None, None, {"status": 3}),
    ("archive", False, {"current_step": 4, "status": 3}, ROLE_FOREIGN_ADMIN, None, "left", {"status": -1}),
    (
        "restore",
        False,
        {"current_step": 4, "status": -1, "submitted_at": SUBMITTED},
        ROLE_FOREIGN_ADMIN,
        None,
        "came back",
        {"status": 0},
    ),
    (
        "set_exemption",
        True,
        {"current_step": 2},
        ROLE_KZ_ADMIN,
        {"is_exempted_from_payment": True},
        None,
        {"is_exempted_from_payment": True},
    ),
    ("withdraw", False, {"current_step": 1}, "applicant", None, None, {"status": -1}),
    ("withdraw", True, {"current_step": 5}, "applicant", None, None, {"status": -1}),
]


@pytest.mark.parametrize("name, kz, before, actor_kind, data, reason, expected", LEGAL)
def test_legal_transition_changes_what_the_table_says_and_writes_one_event(
    db, factories, name, kz, before, actor_kind, data, reason, expected
):
    application = _application(factories, kz=kz, **before)
    if name == "pay":  # the guard reads the payments table: the provider-confirmed payment must exist (0065)
        data = {**data, "payment_id": str(paid_admission_fee(db, application, amount=data["amount"]).id)}
    actor = _actor(factories, actor_kind, application)
    start = _state(db, application.id)
    application = db.session.get(Application, application.id)

    event = transition(application, name, actor=actor, reason=reason, comment="  checked by phone  ", data=data)
    db.session.commit()

    after = _state(db, application.id)
    assert after == {**start, **expected, "version": start["version"] + 1}
    [stored] = _events(db, application.id)
    assert stored.id == event.id and stored.transition == name
    assert (stored.from_step, stored.to_step) == (start["current_step"], after["current_step"])
    assert (stored.from_status, stored.to_status) == (start["status"], after["status"])
    assert stored.actor_user_id == (actor.user.id if actor.user else None)
    assert stored.actor_role == (actor_kind if actor_kind != "applicant" else "applicant")
    assert stored.reason == reason and stored.comment == "checked by phone"
    assert stored.data == (data or {})
    assert stored.request_id and stored.created_at is not None
    changed = {k: v for k, v in expected.items() if k not in ("current_step", "status")}
    assert stored.changes == {k: {"from": start[k], "to": v} for k, v in changed.items()}


def test_change_program_records_the_program_before_and_after(db, factories):
    application = _application(factories, current_step=4, status=0)
    other = factories.study_program()
    admin = factories.admin(role=ROLE_FOREIGN_ADMIN)
    old_program = application.study_program_id

    transition(application, "change_program", actor=Actor.admin(admin), data={"study_program_id": other.id})
    db.session.commit()

    db.session.expire_all()
    application = db.session.get(Application, application.id)
    assert application.study_program_id == other.id and application.study_program.id == other.id
    [event] = _events(db, application.id)
    assert event.changes == {"study_program_id": {"from": old_program, "to": other.id}}
    assert event.actor_role == ROLE_FOREIGN_ADMIN


def test_citizens_scholarship_path_grant_not_awarded_then_continue_paid_then_program(db, factories):
    application = _application(factories, kz=True, current_step=6, financing="scholarship")
    owner = Actor.applicant(application.user)
    transition(application, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": False})
    db.session.commit()

    # not awarded: the program cannot be confirmed on a scholarship that does not exist
    with pytest.raises(ApiError) as refusal:
        transition(application, "choose_program", actor=owner)
    assert refusal.value.status == 409

    event = transition(application, "continue_paid", actor=owner)
    db.session.commit()
    assert event.changes == {"financing": {"from": "scholarship", "to": "paid"}}

    ctx = engine_ctx(application.study_program.kind, kz=True, program_id=application.study_program_id)
    factories.user_data(application, "chooseEducationalProgram", valid_data("chooseEducationalProgram", ctx, factories))
    transition(application, "choose_program", actor=owner)
    db.session.commit()
    assert _state(db, application.id)["current_step"] == 8
    assert [e.transition for e in _events(db, application.id)] == ["grant_result", "continue_paid", "choose_program"]


def test_scholarship_awarded_goes_to_the_scholarship_queue(client, db, factories):
    application = _application(factories, kz=True, current_step=6, financing="scholarship")
    owner = Actor.applicant(application.user)
    transition(application, "grant_result", actor=Actor.system("gov_scholarship"), data={"awarded": True})
    db.session.commit()
    with pytest.raises(ApiError) as refusal:  # awarded: nothing to continue on a paid basis
        transition(application, "continue_paid", actor=owner)
    assert refusal.value.status == 409
    with pytest.raises(ApiError):  # the educational program is not chosen yet
        transition(application, "choose_program", actor=owner)
    ctx = engine_ctx(application.study_program.kind, kz=True, program_id=application.study_program_id)
    factories.user_data(application, "chooseEducationalProgram", valid_data("chooseEducationalProgram", ctx, factories))
    with pytest.raises(ApiError):  # a scholarship holder also gives the grant supporting document (decision 0068)
        transition(application, "choose_program", actor=owner)
    db.session.rollback()
    grant_docs = {("grantSupportingDocuments", "grant_certificate"): (PDF, "grant.pdf")}
    headers = factories.auth_headers(application.user)
    assert post_bulk(client, headers, application.id, {}, grant_docs).status_code == 200
    application = db.session.get(Application, application.id)
    transition(application, "choose_program", actor=owner)
    transition(application, "enrol_scholarship", actor=Actor.admin(factories.admin(role=ROLE_KZ_ADMIN)))
    db.session.commit()
    assert _state(db, application.id)["current_step"] == 10


def test_upload_documents_needs_every_required_document(client, db, factories):
    application = _application(factories, kz=True, current_step=4, submitted_at=SUBMITTED)
    owner = Actor.applicant(application.user)
    _refused(db, factories, application, "upload_documents", owner, 409, "workflow.illegal_transition")

    headers = factories.auth_headers(application.user)
    files = {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")}
    assert post_bulk(client, headers, application.id, {}, files).status_code == 200
    files = {("documentsSelfUpload", "unt_document"): (PDF, "unt.pdf")}
    assert post_bulk(client, headers, application.id, {}, files).status_code == 200

    application = db.session.get(Application, application.id)
    kz_admin = Actor.admin(factories.admin(role=ROLE_KZ_ADMIN))
    transition(application, "upload_documents", actor=kz_admin)
    db.session.commit()
    assert _state(db, application.id)["current_step"] == 5


# ----------------------------------------------------------------------------------------- illegal moves

ILLEGAL = [
    # wrong starting state
    ("read_instruction", True, {"current_step": 2}, "applicant", {}),
    ("confirm_documents", True, {"current_step": 4}, ROLE_KZ_ADMIN, {}),
    ("accept", False, {"current_step": 4, "status": 1}, ROLE_FOREIGN_ADMIN, {}),
    ("archive", False, {"current_step": 4, "status": -1}, ROLE_FOREIGN_ADMIN, {"reason": "again"}),
    ("enrol_scholarship", True, {"current_step": 8, "financing": "paid"}, ROLE_KZ_ADMIN, {}),
    ("read_instruction", True, {"current_step": 1, "status": -1}, "applicant", {}),  # withdrawn
    ("set_exemption", True, {"current_step": 3}, ROLE_KZ_ADMIN, {"data": {"is_exempted_from_payment": True}}),
    # wrong population for the transition
    ("read_instruction", False, {"current_step": 1}, "applicant", {}),
    ("accept", True, {"current_step": 4, "status": 0}, ROLE_KZ_ADMIN, {}),
    # wrong actor kind
    ("accept", False, {"current_step": 4, "status": 0}, "applicant", {}),
    ("pay", True, {"current_step": 2}, "applicant", {"data": {"payment_id": "x", "amount": 10000}}),
    ("read_instruction", True, {"current_step": 1}, "system:scheduler", {}),
    ("confirm_documents", True, {"current_step": 5}, "applicant", {}),
    # a guard
    ("skip_payment", True, {"current_step": 2}, "applicant", {}),
    ("pay", True, {"current_step": 2}, "system:payment", {"data": {"payment_id": "x", "amount": 5000}}),
    ("restore", False, {"current_step": 1, "status": -1}, ROLE_FOREIGN_ADMIN, {"reason": "never applied"}),
    ("set_exemption", True, {"current_step": 2}, ROLE_KZ_ADMIN, {"data": {"is_exempted_from_payment": False}}),
    ("withdraw", False, {"current_step": 4, "status": 3}, "applicant", {}),
    ("withdraw", True, {"current_step": 8, "financing": "paid"}, "applicant", {}),
    ("submit_form", False, {"current_step": 1}, "applicant", {}),  # questionnaire incomplete
]


@pytest.mark.parametrize("name, kz, before, actor_kind, kwargs", ILLEGAL)
def test_illegal_transition_is_409_and_changes_nothing(db, factories, name, kz, before, actor_kind, kwargs):
    application = _application(factories, kz=kz, **before)
    actor = _actor(factories, actor_kind, application)
    _refused(db, factories, application, name, actor, 409, "workflow.illegal_transition", **kwargs)


@pytest.mark.parametrize(
    "kz, state, name, wrong_role",
    [
        (False, {"current_step": 4, "status": 0}, "accept", ROLE_KZ_ADMIN),
        (False, {"current_step": 4, "status": 0}, "change_program", ROLE_KZ_ADMIN),
        (True, {"current_step": 5}, "confirm_documents", ROLE_FOREIGN_ADMIN),
        (True, {"current_step": 2}, "set_exemption", ROLE_FOREIGN_ADMIN),
    ],
)
def test_an_admin_of_the_other_population_gets_404(db, factories, kz, state, name, wrong_role):
    application = _application(factories, kz=kz, **state)
    actor = Actor.admin(factories.admin(role=wrong_role))
    _refused(db, factories, application, name, actor, 404, "applications.not_found")
    assert available_transitions(application, actor) == []


def test_a_plain_user_as_admin_and_another_applicant_get_404(db, factories):
    application = _application(factories, kz=True, current_step=1)
    stranger = factories.applicant(kz=True)
    _refused(db, factories, application, "read_instruction", Actor.applicant(stranger), 404, "applications.not_found")
    _refused(db, factories, application, "read_instruction", Actor.admin(stranger), 404, "applications.not_found")


def test_an_applicant_without_citizenship_belongs_to_no_admin(db, factories):
    application = factories.application(user=factories.user(), current_step=4, status=0)
    admin = Actor.admin(factories.admin(role=ROLE_FOREIGN_ADMIN))
    _refused(db, factories, application, "accept", admin, 404, "applications.not_found")


def test_reason_and_data_are_validated(db, factories):
    application = _application(factories, current_step=4, status=0)
    admin = Actor.admin(factories.admin(role=ROLE_FOREIGN_ADMIN))
    refusal = _refused(db, factories, application, "archive", admin, 400, "validation.required", reason="   ")
    assert refusal.errors == {"reason": ["validation.required"]}
    _refused(db, factories, application, "archive", admin, 400, "validation.too_long", reason="x" * 2001)
    _refused(db, factories, application, "accept", admin, 400, "validation.unknown_field", data={"status": 1})

    kz_application = _application(factories, kz=True, current_step=2)
    payment = Actor.system("payment")
    for data in (None, {"payment_id": "p"}, {"payment_id": "p", "amount": "10000"}, {"amount": 1, "extra": 1}):
        refusal = _refused(db, factories, kz_application, "pay", payment, 400, "errors.validation", data=data)
        assert refusal.errors
    kz_admin = Actor.admin(factories.admin(role=ROLE_KZ_ADMIN))
    _refused(
        db,
        factories,
        kz_application,
        "set_exemption",
        kz_admin,
        400,
        "errors.validation",
        data={"is_exempted_from_payment": "yes"},
    )


def test_change_program_guards(db, factories):
    application = _application(factories, current_step=4, status=0)
    admin = Actor.admin(factories.admin(role=ROLE_FOREIGN_ADMIN))
    hidden = factories.study_program(additional_data={"is_hidden": True})
    refusal = _refused(
        db,
        factories,
        application,
        "change_program",
        admin,
        400,
        "applications.study_program_not_found",
        data={"study_program_id": hidden.id},
    )
    assert refusal.errors == {"study_program_id": ["applications.study_program_not_found"]}
    _refused(
        db,
        factories,
        application,
        "change_program",
        admin,
        400,
        "applications.study_program_not_found",
        data={"study_program_id": 2**31 - 1},
    )
    _refused(
        db,
        factories,
        application,
        "change_program",
        admin,
        409,
        "workflow.illegal_transition",
        data={"study_program_id": application.study_program_id},
    )


def test_change_program_refuses_a_program_with_another_active_application(db, factories):
    application = _application(factories, current_step=4, status=0)
    other_program = factories.study_program()
    factories.application(user=application.user, program=other_program, term=db.session.get(Term, application.term_id))
    admin = Actor.admin(factories.admin(role=ROLE_FOREIGN_ADMIN))
    _refused(
        db,
        factories,
        application,
        "change_program",
        admin,
        409,
        "applications.active_exists",
        data={"study_program_id": other_program.id},
    )


def test_unknown_transition_name_is_a_programming_error(db, factories):
    application = _application(factories)
    with pytest.raises(LookupError):
        transition(application, "teleport", actor=Actor.applicant(application.user))


def test_a_stale_version_is_refused_and_writes_nothing(db, factories):
    """The conditional UPDATE: a state read before another transaction's transition must not be written."""
    from sqlalchemy.orm.attributes import set_committed_value

    application = _application(factories, kz=True, current_step=1)
    application = db.session.get(Application, application.id)
    set_committed_value(application, "version", application.version - 1)
    with pytest.raises(ApiError) as refusal:
        workflow_engine._write(application, {"current_step": 2}, datetime.now(UTC))
    db.session.rollback()
    assert refusal.value.status == 409
    assert _state(db, application.id)["current_step"] == 1


# ---------------------------------------------------------------------------------- check / availability


def test_check_raises_what_transition_would_without_changing_anything(db, factories):
    application = _application(factories, kz=True, current_step=1)
    owner = Actor.applicant(application.user)
    check(application, "read_instruction", actor=owner)
    with pytest.raises(ApiError) as refusal:
        check(application, "skip_payment", actor=owner)
    assert refusal.value.status == 409
    assert db.session.scalar(select(func.count(ApplicationEvent.id))) == 0
    assert _state(db, application.id)["current_step"] == 1


@pytest.mark.parametrize(
    "kz, state, actor_kind, expected",
    [
        (True, {"current_step": 1}, "applicant", ["read_instruction", "withdraw"]),
        (True, {"current_step": 2}, "applicant", ["withdraw"]),
        (True, {"current_step": 2, "is_exempted_from_payment": True}, "applicant", ["skip_payment", "withdraw"]),
        (True, {"current_step": 2}, "system:payment", ["pay"]),
        (True, {"current_step": 2}, ROLE_KZ_ADMIN, ["set_exemption", "change_program"]),
        (True, {"current_step": 4}, "applicant", ["choose_handover", "withdraw"]),
        (True, {"current_step": 5}, ROLE_KZ_ADMIN, ["confirm_documents", "change_program"]),
        (False, {"current_step": 4, "status": 0}, ROLE_FOREIGN_ADMIN, ["accept", "archive", "change_program"]),
        (False, {"current_step": 4, "status": 3}, ROLE_FOREIGN_ADMIN, ["archive"]),
        (False, {"current_step": 4, "status": -1}, "applicant", []),
    ],
)
def test_available_transitions_for_the_stepper_and_admin_panel(db, factories, kz, state, actor_kind, expected):
    application = _application(factories, kz=kz, **state)
    assert available_transitions(application, _actor(factories, actor_kind, application)) == expected


def test_events_for_admin_is_the_full_trail_with_actors(db, factories):
    application = _application(factories, kz=True, current_step=2)
    admin = factories.admin(role=ROLE_KZ_ADMIN)
    transition(
        application,
        "set_exemption",
        actor=Actor.admin(admin),
        data={"is_exempted_from_payment": True},
        comment="orphan certificate seen",
    )
    transition(application, "skip_payment", actor=Actor.applicant(application.user))
    db.session.commit()
    db.session.expire_all()
    trail = events_for_admin(application.id)
    assert [e.transition for e in trail] == ["set_exemption", "skip_payment"]
    assert trail[0].actor.email == admin.email and trail[0].comment == "orphan certificate seen"
    assert trail[0].applicant_visible is False and trail[1].actor_role == "applicant"
