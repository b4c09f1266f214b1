"""Applications: creation, reading with object-level checks, study-program flags, steps, submission windows.

Who may see an application: its applicant, and the admins of the applicant's population — 'Админ' for foreign
applicants, 'Админ (граждане КЗ)' for citizens of Kazakhstan (design §6). Everyone else gets 404, never 403,
so ids cannot be probed.
"""

from __future__ import annotations

from ..database import use_case
from ..errors import Conflict, Invalid, NotFound, Refused
from ..extensions import db
from ..forms import engine
from ..i18n import translate
from ..models import Application, StudyProgram, User
from ..models.application import FINANCING_PAID
from ..models.base import utcnow
from ..populations import POPULATION_KZ, can_read, population_of
from . import dao, prefill, render, upload_code, workflow
from . import summary as application_summary
from .dao import open_term_for
from .questionnaire import (
    PROGRAM_FLAGS,
    STEP_TYPE_ALIASES,
    STEP_TYPE_STEPPER,
    VARIANT_HOME,
    questionnaire_context,
    step_type_of,
)

# ------------------------------------------------------------------------------------------------------ terms


# ------------------------------------------------------------------------------------------------ reading


def get_readable(actor: User, application_id: int) -> Application:
    application = dao.get_application(application_id)
    if application is None or not can_read(actor, application.user):
        raise NotFound("applications.not_found")
    return application


def get_owned(actor: User, application_id: int) -> Application:
    application = dao.get_application(application_id)
    if application is None or application.user_id != actor.id:
        raise NotFound("applications.not_found")
    return application


def list_of(user: User) -> list[Application]:
    return dao.applications_of(user.id)


def detail(actor: User, application_id: int) -> Application:
    application = get_readable(actor, application_id)
    application.user_data_items = dao.user_data_of(application.id)
    application.upload_code = upload_code_of(application.user)
    application.status_history = workflow.status_history(application.id)
    application.progress = workflow.progress_of(application, population_of(application.user))
    return application


def upload_code_of(owner: User) -> str | None:
    """Citizens hand paper documents over at the desk under this 7-digit code (req §2 /upload, §5)."""
    return upload_code.encode(owner.id) if population_of(owner) == POPULATION_KZ else None


def study_program_info(program: StudyProgram) -> dict:
    info = {flag: program.kind == kind for kind, flag in PROGRAM_FLAGS.items()}
    info["studyProgramId"] = program.id
    return info


def study_program_info_by_id(program_id: int) -> dict:
    program = dao.get_study_program(program_id)
    if program is None:
        raise NotFound("applications.study_program_not_found")
    return study_program_info(program)


# ------------------------------------------------------------------------------------------------- creation


@use_case
def create(user: User, study_program_id: int, financing: str | None = None) -> Application:
    program = dao.get_study_program(study_program_id)
    if program is None or program.is_hidden:
        raise Invalid(
            "applications.study_program_not_found",
            errors={"study_program_id": ["applications.study_program_not_found"]},
        )
    term = open_term_for(program.id)
    if term is None:
        raise Refused("applications.submission_unavailable")
    dao.lock_user(user.id)
    if dao.active_application_on_program(user.id, program.id, term.id) is not None:
        raise Conflict("applications.active_exists")
    application = Application(user=user, term_id=term.id, study_program_id=program.id)
    workflow.transition(
        application,
        "create",
        actor=workflow.Actor.applicant(user),
        data={
            "financing": financing or FINANCING_PAID,
            "is_exempted_from_payment": bool(user.is_exempted_from_payment),
        },
    )
    user.study_program_id = program.id
    db.session.flush()
    # A citizen whose credit-bureau data are known starts each new application with them (decision 0064).

    prefill.prefill_main_info(application)
    application_summary.refresh(application, {}, owner=user)
    return application


# ------------------------------------------------------------------------------------------- questionnaire


def steps(actor: User, application_id: int, step_type: str) -> tuple[str, list[dict]]:
    application = get_readable(actor, application_id)
    wanted = STEP_TYPE_ALIASES.get(step_type)
    if wanted is None:
        raise Invalid("validation.one_of", errors={"type": ["validation.one_of"]})
    answers = {item.type: item.data for item in dao.user_data_of(application.id)}
    variant, ctx, keys = questionnaire_context(application, answers)
    if wanted == STEP_TYPE_STEPPER:
        keys = engine.steps_for("stepper", ctx) if variant == VARIANT_HOME else []
    out = []
    for key in keys:
        if wanted != STEP_TYPE_STEPPER and step_type_of(engine.get_step(key)) != wanted:
            continue
        step = dict(engine.resolve_step(key, ctx))
        if "document_fields" in engine.get_step(key):
            step["all_document_fields"] = _named_slots(engine.document_fields(key, ctx), ctx)
            names = {slot["field"]: slot["names"] for slot in step["all_document_fields"]}
            step["fields"] = [{**f, "names": names[f["key"]]} if f["key"] in names else f for f in step["fields"]]
        out.append(step)
    return variant, out


def _named_slots(slots: list[dict], ctx: dict) -> list[dict]:
    """Each document slot with its name in ru/kk/en, the same names the staff panel and the sent-back notice use
    (render.slot_names, decision 0083): the client shows them as they are."""
    definitions = [{"key": s["field"], "label": s["label"], "label_params": s.get("label_params") or {}} for s in slots]
    names = render.trilingual_slot_names(definitions, render.options_by_id(ctx.get("options") or {}))
    return [{**slot, "names": names[slot["field"]]} for slot in slots]


# ---------------------------------------------------------------------------------------- submission window


def submission_status(user: User, application_id: int | None = None, study_program_id: int | None = None) -> dict:
    """GET /users/submit-application (docs/decisions/0030-submit-application.md)."""
    now = utcnow()
    term = None
    result: dict = {"success": True, "term": None, "opens_at": None, "closes_at": None, "is_submitted": None}
    if application_id is not None:
        application = get_owned(user, application_id)
        term = dao.get_term(application.term_id)
        program_id = application.study_program_id
        result["is_submitted"] = application.is_submitted
        is_open = (
            term is not None
            and term.is_open_for(program_id, now)
            and application.is_active
            and not application.is_submitted
        )
    elif study_program_id is not None:
        if dao.get_study_program(study_program_id) is None:
            raise NotFound("applications.study_program_not_found")
        program_id = study_program_id
        term = open_term_for(program_id, now)
        is_open = term is not None
    else:
        program_id = None
        from sqlalchemy import select

        programs = list(db.session.scalars(select(StudyProgram).order_by(StudyProgram.order, StudyProgram.id)))
        terms = dao.active_terms()
        open_ids = [p.id for p in programs if not p.is_hidden and any(t.is_open_for(p.id, now) for t in terms)]
        result["open_study_program_ids"] = open_ids
        is_open = bool(open_ids)
        term = next((t for t in terms if any(t.is_open_for(pid, now) for pid in open_ids)), None)
    if term is not None:
        result["term"] = term
        if program_id is not None:
            result["opens_at"], result["closes_at"] = term.window_for(program_id)
    result["is_open"] = bool(is_open)
    if not is_open:
        key = "applications.already_submitted" if result["is_submitted"] else "applications.submission_unavailable"
        result["message_key"] = key
        result["message"] = translate(key)
    return result
