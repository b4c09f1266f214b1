"""Applications: creation, reading with object-level checks, study-program flags, steps, submission windows.

Who may see an application: its applicant, and the admins of the applicant's population — 'Админ' for foreign
applicants, 'Админ (граждане КЗ)' for citizens of Kazakhstan (DESIGN §6). Everyone else gets 404, never 403,
so ids cannot be probed.
"""

from __future__ import annotations

from datetime import datetime

from .. import forms
from ..daos import applications as dao
from ..errors import ApiError
from ..extensions import db
from ..forms import engine
from ..models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, Application, SelectOption, StudyProgram, Term, User
from ..models.application import FINANCING_PAID
from ..models.base import utcnow
from . import application_summary, upload_code

POPULATION_FOREIGN = "foreign"
POPULATION_KZ = "kz"
POPULATION_ROLES = {POPULATION_FOREIGN: ROLE_FOREIGN_ADMIN, POPULATION_KZ: ROLE_KZ_ADMIN}

VARIANT_FOREIGN = "foreign"
VARIANT_HOME = "home"

# StudyProgram.kind → the §3 study-program info flag that is true for it (shared with the rule engine).
PROGRAM_FLAGS = forms.PROGRAM_FLAGS

STEP_TYPE_FILL = "fill"
STEP_TYPE_DOCUMENTS = "documents"
STEP_TYPE_STEPPER = "stepper"
STEP_TYPE_ALIASES = {
    "fill": STEP_TYPE_FILL,
    "form": STEP_TYPE_FILL,
    "documents": STEP_TYPE_DOCUMENTS,
    "files": STEP_TYPE_DOCUMENTS,
    "documents_upload": STEP_TYPE_DOCUMENTS,
    "stepper": STEP_TYPE_STEPPER,
    "choose_educational_program": STEP_TYPE_STEPPER,
}


# ------------------------------------------------------------------------------------------------- populations


def population_of(user: User) -> str | None:
    """'kz' for citizens of Kazakhstan, 'foreign' for other citizenships, None before a citizenship is chosen."""
    if user.citizenship is None:
        return None
    return POPULATION_KZ if user.citizenship.is_kazakhstan else POPULATION_FOREIGN


def is_admin_of(actor: User, owner: User) -> bool:
    population = population_of(owner)
    return population is not None and POPULATION_ROLES[population] in actor.role_names


def can_read(actor: User, owner: User) -> bool:
    return actor.id == owner.id or is_admin_of(actor, owner)


def variant_for(owner: User) -> str:
    population = population_of(owner)
    if population is None:
        raise ApiError(422, "applications.citizenship_required")
    return VARIANT_HOME if population == POPULATION_KZ else VARIANT_FOREIGN


# ------------------------------------------------------------------------------------------------------ terms


def open_term_for(study_program_id: int, now: datetime | None = None) -> Term | None:
    """The newest active term whose window for this program contains now."""
    now = now or utcnow()
    for term in dao.active_terms():
        if term.is_open_for(study_program_id, now):
            return term
    return None


def is_window_open(application: Application, now: datetime | None = None) -> bool:
    term = dao.get_term(application.term_id)
    return term is not None and term.is_open_for(application.study_program_id, now or utcnow())


# ------------------------------------------------------------------------------------------------ reading


def get_readable(actor: User, application_id: int) -> Application:
    application = dao.get_application(application_id)
    if application is None or not can_read(actor, application.user):
        raise ApiError(404, "applications.not_found")
    return application


def get_owned(actor: User, application_id: int) -> Application:
    application = dao.get_application(application_id)
    if application is None or application.user_id != actor.id:
        raise ApiError(404, "applications.not_found")
    return application


def list_of(user: User) -> list[Application]:
    return dao.applications_of(user.id)


def detail(actor: User, application_id: int) -> Application:
    from .. import workflow  # see create()

    application = get_readable(actor, application_id)
    application.user_data_items = dao.user_data_of(application.id)
    application.upload_code = upload_code_of(application.user)
    application.status_history = workflow.status_history(application.id)
    return application


def upload_code_of(owner: User) -> str | None:
    """Citizens hand paper documents over at the desk under this 7-digit code (spec §2 /upload, §5)."""
    return upload_code.encode(owner.id) if population_of(owner) == POPULATION_KZ else None


def study_program_info(program: StudyProgram) -> dict:
    info = {flag: program.kind == kind for kind, flag in PROGRAM_FLAGS.items()}
    info["studyProgramId"] = program.id
    return info


def study_program_info_by_id(program_id: int) -> dict:
    program = dao.get_study_program(program_id)
    if program is None:
        raise ApiError(404, "applications.study_program_not_found")
    return study_program_info(program)


# ------------------------------------------------------------------------------------------------- creation


def create(user: User, study_program_id: int, financing: str | None = None) -> Application:
    program = dao.get_study_program(study_program_id)
    if program is None or (program.additional_data or {}).get("is_hidden"):
        raise ApiError(
            400,
            "applications.study_program_not_found",
            errors={"study_program_id": ["applications.study_program_not_found"]},
        )
    term = open_term_for(program.id)
    if term is None:
        raise ApiError(422, "applications.submission_unavailable")
    dao.lock_user(user.id)
    if dao.active_application_on_program(user.id, program.id, term.id) is not None:
        raise ApiError(409, "applications.active_exists")
    from .. import workflow  # the state machine builds on this module (populations): imported when used

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
    from . import pkb as pkb_service  # imported here: pkb reads applications through this module

    pkb_service.prefill_main_info(application)
    application_summary.refresh(application, {}, owner=user)
    db.session.commit()
    return application


# ------------------------------------------------------------------------------------------- questionnaire


def step_type_of(definition: dict) -> str:
    explicit = definition.get("step_type") or definition.get("type")
    if explicit in STEP_TYPE_ALIASES:
        return STEP_TYPE_ALIASES[explicit]
    return STEP_TYPE_DOCUMENTS if "document_fields" in definition else STEP_TYPE_FILL


def _option_types(definitions: list[dict]) -> set[str]:
    """Every SelectOption type a step's fields, conditions or document lists may consult."""
    types: set[str] = set()

    def visit(node, step_key):
        if isinstance(node, dict):
            if isinstance(node.get("options"), str):
                types.add(node["options"])
            if "key" in node and isinstance(node["key"], str):
                types.add(f"{step_key}_{node['key']}")
            if "step" in node and "field" in node and isinstance(node["step"], str):
                types.add(f"{node['step']}_{node['field']}")
            if isinstance(node.get("steps"), list) and isinstance(node.get("field"), str):
                types.update(f"{s}_{node['field']}" for s in node["steps"] if isinstance(s, str))
            for value in node.values():
                visit(value, step_key)
        elif isinstance(node, list):
            for value in node:
                visit(value, step_key)

    for definition in definitions:
        visit(definition, definition.get("key"))
    return types


def load_options(types: set[str]) -> dict[str, list[dict]]:
    """The select options of these types, as the rule engine expects them (one query)."""
    from sqlalchemy import select

    if not types:
        return {}
    # Only types that have rows: a list nobody has seeded yet is not checked (rather than refusing every value).
    options: dict[str, list[dict]] = {}
    rows = db.session.scalars(
        select(SelectOption)
        .where(SelectOption.type.in_(sorted(types)))
        .order_by(SelectOption.type, SelectOption.order, SelectOption.id)
    )
    for row in rows:
        options.setdefault(row.type, []).append(
            {
                "id": row.id,
                "code": row.code,
                "name_ru": row.name_ru,
                "name_en": row.name_en,
                "name_kk": row.name_kk,
                "additional_data": row.additional_data or {},
                "additional_count": row.additional_count,
            }
        )
    return options


def options_for_steps(definitions: list[dict]) -> dict[str, list[dict]]:
    """Every select option the given step definitions may show or consult, by type (one query)."""
    return load_options(_option_types(definitions))


def base_context(application: Application) -> dict:
    program = application.study_program
    kind = program.kind if program.kind in PROGRAM_FLAGS else None
    return forms.build_ctx(
        kind,
        study_program_id=program.id,
        financing=application.financing,
        is_kazakhstan_citizen=population_of(application.user) == POPULATION_KZ,
    )


def all_step_definitions(variant: str) -> list[dict]:
    """Every step a variant may show (conditions ignored), for collecting option types."""
    keys = [entry["step"] for entry in engine.variants()[variant]]
    return [engine.get_step(key) for key in dict.fromkeys(keys)]


def questionnaire_context(application: Application, answers: dict[str, dict]) -> tuple[str, dict, list[str]]:
    """(variant, ctx with answers and options, form keys of the variant for this application)."""
    variant = variant_for(application.user)
    ctx = base_context(application)
    ctx["answers"] = answers
    ctx["options"] = load_options(_option_types(all_step_definitions(variant)))
    return variant, ctx, engine.steps_for(variant, ctx)


def steps(actor: User, application_id: int, step_type: str) -> tuple[str, list[dict]]:
    application = get_readable(actor, application_id)
    wanted = STEP_TYPE_ALIASES.get(step_type)
    if wanted is None:
        raise ApiError(400, "validation.one_of", errors={"type": ["validation.one_of"]})
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
            step["all_document_fields"] = engine.document_fields(key, ctx)
        out.append(step)
    return variant, out


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
            raise ApiError(404, "applications.study_program_not_found")
        program_id = study_program_id
        term = open_term_for(program_id, now)
        is_open = term is not None
    else:
        program_id = None
        from sqlalchemy import select

        programs = list(db.session.scalars(select(StudyProgram).order_by(StudyProgram.order, StudyProgram.id)))
        terms = dao.active_terms()
        open_ids = [
            p.id
            for p in programs
            if not (p.additional_data or {}).get("is_hidden") and any(t.is_open_for(p.id, now) for t in terms)
        ]
        result["open_study_program_ids"] = open_ids
        is_open = bool(open_ids)
        term = next((t for t in terms if any(t.is_open_for(pid, now) for pid in open_ids)), None)
    if term is not None:
        result["term"] = term
        if program_id is not None:
            result["opens_at"], result["closes_at"] = term.window_for(program_id)
    result["is_open"] = bool(is_open)
    if not is_open:
        from ..i18n import translate

        key = "applications.already_submitted" if result["is_submitted"] else "applications.submission_unavailable"
        result["message_key"] = key
        result["message"] = translate(key)
    return result
