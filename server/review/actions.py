"""One application in staff hands (req §2 detail side panel, §4 staff actions, §6; decision 0066): the panel,
messages to the applicant, and the upload-code look-ups of the staff document intake (/upload).

Every function starts from admin_scope, so the other population's ids answer 404 and applicants never get here.
"""

from __future__ import annotations

from .. import audit, populations
from ..accounts.users import language_of
from ..applications import dao as applications_dao
from ..applications import events_dao, upload_code, workflow
from ..applications import render as application_render
from ..applications.operations import upload_code_of
from ..applications.questionnaire import VARIANT_HOME
from ..applications.sections import render_sections
from ..database import unit_of_work, use_case
from ..errors import ApiError, Invalid, NotFound
from ..extensions import db
from ..forms import MAIN_INFO_FORMS
from ..i18n import translate
from ..jobs.mail import queue_mail
from ..messages import dao as messages_dao
from ..messages import service as messages_service
from ..models import (
    ROLE_FOREIGN_ADMIN,
    Application,
    ApplicationEvent,
    ApplicationMessage,
    ApplicationSummary,
    User,
)
from ..models.application import MESSAGE_SIDE_STAFF
from ..models.base import utcnow
from ..notification_centre import notify, trilingual
from ..populations import POPULATION_KZ, is_admin_of, population_of
from . import dao as queues_dao
from . import documents as review_documents
from . import queues as admin_queues
from . import scope as admin_scope


def _names(row) -> dict | None:
    if row is None:
        return None
    return {"id": row.id, "code": row.code, "name_ru": row.name_ru, "name_en": row.name_en, "name_kk": row.name_kk}


def detail(actor: User, application_id: int) -> dict:
    application = admin_scope.application_for(actor, application_id)
    owner = application.user
    answers = {item.type: item.data or {} for item in applications_dao.user_data_of(application.id)}
    sections = render_sections(application, answers)
    photo = next(
        (
            entry["files"][0]
            for section in sections
            if section["key"] in MAIN_INFO_FORMS
            for entry in section["fields"]
            if entry["type"] == "image" and entry.get("files")
        ),
        None,
    )
    messages = list(application.messages)
    authors = queues_dao.user_emails(m.author_id for m in messages)
    term = applications_dao.get_term(application.term_id)
    population = population_of(owner)
    summary = db.session.get(ApplicationSummary, application.id)
    return {
        "id": application.id,
        # The panel is titled with the applicant's name: a foreigner's is only in the questionnaire (the summary);
        # the e-mail stays a fallback of the client for an application without a name yet (issue 23).
        "user": {
            "id": owner.id,
            "email": owner.email,
            "first_name": (summary.first_name if summary else None) or owner.first_name,
            "last_name": (summary.last_name if summary else None) or owner.last_name,
            "middle_name": summary.middle_name if summary else None,
            "citizenship": _names(owner.citizenship),
        },
        "segment": populations.POPULATION_SEGMENTS[population],
        "variant": VARIANT_HOME if population == POPULATION_KZ else "foreign",
        "study_program_id": application.study_program_id,
        "study_program": _names(application.study_program),
        "term": {"id": term.id, "year": term.year, "name": term.name} if term else None,
        "current_step": application.current_step,
        "status": application.status,
        "financing": application.financing,
        "is_exempted_from_payment": application.is_exempted_from_payment,
        "createdAt": application.created_at,
        "submittedAt": application.submitted_at,
        "updatedAt": application.updated_at,
        "upload_code": upload_code_of(owner),
        "photo": photo,
        "sections": sections,
        "documents": application_render.documents(sections),
        "documents_review": review_documents.panel_documents(application, sections),
        "history": history(application),
        "available_transitions": workflow.available_transitions(application, workflow.Actor.admin(actor)),
        "bureau": bureau_check(application) if population == POPULATION_KZ else None,
        "application_messages": [
            {
                "id": m.id,
                "content": m.content,
                "createdAt": m.created_at,
                "author": {"id": m.author_id, "email": authors.get(m.author_id)} if m.author_id else None,
                "author_side": m.author_side,
                "readAt": m.read_at,
            }
            for m in messages
        ],
    }


# ------------------------------------------------------------------------------------------------ messages


@use_case
def send_message(actor: User, user_id: int, content: str, application_id: int | None = None) -> ApplicationMessage:
    """Stores a message on the applicant's application (the latest unless one is named); the applicant sees it on
    /my-applications and the home page (application_messages) and is told by e-mail."""
    owner = admin_scope.user_for(actor, user_id)
    if application_id is not None:
        application = applications_dao.get_application(application_id)
        if application is None or application.user_id != owner.id:
            raise NotFound("applications.not_found")
    else:
        application = applications_dao.latest_application_of(owner.id)
        if application is None:
            raise NotFound("applications.not_found")
    now = utcnow()
    message = ApplicationMessage(
        application_id=application.id,
        author_id=actor.id,
        author_side=MESSAGE_SIDE_STAFF,
        content=content,
        created_at=now,
    )
    db.session.add(message)
    # Answering is reading: the applicant's replies before this answer have been seen (decision 0084).
    messages_dao.mark_read(application.id, MESSAGE_SIDE_STAFF, now)
    audit.record(
        "application.message",
        ("application", str(application.id)),
        {"user_id": owner.id, "length": len(content)},
        actor=actor,
    )
    # The letter leaves through the job queue once this transaction commits (decision 0061), in the applicant's
    # stored language (issue 26). The text itself is in the letter: the applicant may read mail long before they
    # sign in again. The bell entry is written with the message.
    program = trilingual(application.study_program)
    notify(
        owner,
        "application_message",
        {"application_id": application.id, "program": program},
        messages_service.thread_path(application.id),  # the thread; opening it reads this entry (decision 0084)
    )
    language = language_of(owner)
    queue_mail(
        owner.email,
        "application_message",
        language,
        application_id=application.id,
        program=program[language],
        content=content,
    )
    return message


def mark_messages_read(actor: User, application_id: int) -> int:
    """The panel's thread was opened: the applicant's replies are read by staff (the menu badge and the queue row
    lose them). Reading is not audited: it changes no decision about the applicant."""
    application = admin_scope.application_for(actor, application_id)
    return messages_service.mark_read_by_staff(application)


# ------------------------------------------------------------------------------------ staff document intake


def upload_application(actor: User, user_id: int) -> Application:
    """get-upload-application: the citizen's application staff attach handed-over documents to (the latest one
    that is not withdrawn)."""
    populations.require_population(actor, POPULATION_KZ)
    owner = admin_scope.user_for(actor, user_id)
    application = applications_dao.latest_active_application(owner.id)
    if application is None:
        raise NotFound("applications.not_found")
    return application


def find_by_upload_code(actor: User, code: str) -> dict:
    """The applicant a 7-digit upload code names (citizens' admins only). A code that is not seven digits is 400;
    a well-formed code that names no citizen is 404 (admin.upload_code_not_found) — the same answer whether the
    account does not exist or belongs to the other population."""
    populations.require_population(actor, POPULATION_KZ)
    try:
        user_id = upload_code.decode(code)
    except upload_code.InvalidUploadCode:
        raise Invalid("admin.upload_code_format", errors={"code": ["admin.upload_code_format"]}) from None
    owner = applications_dao.get_user(user_id)
    if owner is None or not is_admin_of(actor, owner):
        raise NotFound("admin.upload_code_not_found")
    application = applications_dao.latest_active_application(owner.id)
    # The name from the questionnaire, so staff can check it against the papers in front of them.
    summary = db.session.get(ApplicationSummary, application.id) if application else None
    return {
        "success": True,
        "user_id": owner.id,
        "application_id": application.id if application else None,
        "upload_code": code,
        "user": {
            "id": owner.id,
            "email": owner.email,
            "first_name": (summary.first_name if summary else None) or owner.first_name,
            "last_name": (summary.last_name if summary else None) or owner.last_name,
            "middle_name": summary.middle_name if summary else None,
        },
    }


# ------------------------------------------------------------------------------------------- stage moves

# What a foreign admin's `status` means as a transition of the state machine (req §4, design §6): the transition
# that sets that status, from the table. Whether it is allowed from the current status is the state machine's
# decision (409 workflow.illegal_transition otherwise).
STATUS_TRANSITIONS = workflow.status_transitions(ROLE_FOREIGN_ADMIN)
# update-application-custom's updateBody: one key per call, each one a transition (decision 0066).
CUSTOM_ACTIONS = {
    "study_program_id": "change_program",
    "upload_documents": "upload_documents",
    "confirm_documents": "confirm_documents",
    "enrol_scholarship": "enrol_scholarship",
}
BULK_TRANSITIONS = (
    "next",
    "accept",
    "await_visa",
    "enrol",
    "archive",
    "restore",
    "upload_documents",
    "confirm_documents",
    "enrol_scholarship",
)


def run_transition(
    actor: User,
    application: Application,
    name: str,
    *,
    reason: str | None = None,
    comment: str | None = None,
    data: dict | None = None,
) -> ApplicationEvent:
    """The admin area's one door to the state machine (server/workflow): every staff change of an application's
    progress, status, exemption or program goes through here, as the signed-in admin. Does not commit. The audit
    row names the transition; the application's before/after and the workflow event it wrote join it."""
    event = workflow.transition(
        application, name, actor=workflow.Actor.admin(actor), reason=reason, comment=comment, data=data
    )
    audit.record(
        f"application.{name}",
        application,
        {
            "from_status": event.from_status,
            "to_status": event.to_status,
            "from_step": event.from_step,
            "to_step": event.to_step,
            "reason": reason,
            "comment": comment,
        },
        actor=actor,
    )
    return event


def _target_application(owner: User, term_id: int | None, application_id: int | None) -> Application:
    """The application an action names: by id (it must be the user's, and in the term if one is given), else the
    user's latest application in the term (or at all)."""
    if application_id is not None:
        application = applications_dao.get_application(application_id)
        if application is None or application.user_id != owner.id:
            raise NotFound("applications.not_found")
        if term_id is not None and application.term_id != term_id:
            raise NotFound("applications.not_found")
        return application
    application = applications_dao.latest_application_of(owner.id, term_id)
    if application is None:
        raise NotFound("applications.not_found")
    return application


def _committed(actor: User, application: Application, name: str, **kwargs) -> ApplicationEvent:
    with unit_of_work():
        event = run_transition(actor, application, name, **kwargs)
    admin_queues.forget_counts()
    return event


def update_status(actor: User, body: dict) -> tuple[Application, ApplicationEvent]:
    """update-application {user_id, term_id, status}: a foreign stage move (req §4)."""
    owner = admin_scope.user_for(actor, body["user_id"])
    application = _target_application(owner, body.get("term_id"), body.get("application_id"))
    name = STATUS_TRANSITIONS[body["status"]]
    event = _committed(actor, application, name, reason=body.get("reason"), comment=body.get("comment"))
    return application, event


def update_custom(actor: User, body: dict) -> tuple[Application, ApplicationEvent]:
    """update-application-custom {user_id, term_id, updateBody}: one named action of CUSTOM_ACTIONS."""
    owner = admin_scope.user_for(actor, body["user_id"])
    application = _target_application(owner, body.get("term_id"), body.get("application_id"))
    ((key, value),) = body["updateBody"].items()
    data = {"study_program_id": value} if key == "study_program_id" else None
    event = _committed(
        actor, application, CUSTOM_ACTIONS[key], reason=body.get("reason"), comment=body.get("comment"), data=data
    )
    return application, event


def set_exemption(actor: User, body: dict) -> tuple[Application, ApplicationEvent]:
    """update-user-is-exempted-from-payment {id, is_exempted_from_payment}: the citizen's application switches
    between free and paid (req §4; the payment step follows), and the account keeps the flag so a later
    application starts the same way."""
    populations.require_population(actor, POPULATION_KZ)
    owner = admin_scope.user_for(actor, body["id"])
    exempted = bool(body["is_exempted_from_payment"])
    if body.get("application_id") is not None:
        application = _target_application(owner, None, body["application_id"])
    else:
        application = applications_dao.latest_active_application(owner.id)
        if application is None:
            raise NotFound("applications.not_found")
    with unit_of_work():
        event = run_transition(
            actor,
            application,
            "set_exemption",
            comment=body.get("comment"),
            data={"is_exempted_from_payment": exempted},
        )
        owner.is_exempted_from_payment = exempted
    admin_queues.forget_counts()
    return application, event


def bulk_transition(actor: User, body: dict) -> dict:
    """Each row through the state machine in its own transaction: a refused row changes nothing and does not stop
    the others; the answer says which rows moved and why the others did not."""
    results = []
    for application_id in dict.fromkeys(body["ids"]):
        try:
            with unit_of_work():  # one unit per row: a refusal rolls back this row only
                application = admin_scope.application_for(actor, application_id)
                name = (
                    workflow.next_stage(application, workflow.Actor.admin(actor))
                    if body["transition"] == "next"
                    else body["transition"]
                )
                run_transition(actor, application, name, reason=body.get("reason"), comment=body.get("comment"))
            results.append(
                {
                    "id": application_id,
                    "success": True,
                    "transition": name,
                    "status": application.status,
                    "current_step": application.current_step,
                }
            )
        except ApiError as refused:
            results.append(
                {
                    "id": application_id,
                    "success": False,
                    "http_status": refused.status,
                    "message_key": refused.key,
                    "message": translate(refused.key, **refused.params),
                }
            )
    admin_queues.forget_counts()
    failed = sum(1 for r in results if not r["success"])
    key = "admin.action_failed" if failed else "common.success"
    return {
        "success": failed == 0,
        "message": translate(key),
        "message_key": key,
        "succeeded": len(results) - failed,
        "failed": failed,
        "results": results,
    }


def bureau_check(application: Application) -> dict:
    """What staff need about the credit-bureau confirmation (issue 22): whether it was received, the IIN the bureau
    confirmed, and every other active application of the same admission year under that IIN — another account
    (confirmed before duplicates were refused) or the applicant's other programmes — with its grant result. The
    state machine gives one award per IIN and year; a second application waits at step 6 until staff resolve it."""
    person = applications_dao.person_data_of(application.user_id)
    if person is None:
        return {"received": False, "iin": None, "received_at": None, "iin_shared_with": []}
    term = applications_dao.get_term(application.term_id)
    others = applications_dao.applications_sharing_iin(person.iin, term.year, excluding_id=application.id)
    shared = []
    for other in others:
        result = events_dao.latest(other.id, "grant_result")
        shared.append(
            {
                "application_id": other.id,
                "user_id": other.user_id,
                "email": other.user.email,
                "same_account": other.user_id == application.user_id,
                "current_step": other.current_step,
                "grant_awarded": None if result is None else bool((result.data or {}).get("awarded")),
            }
        )
    return {"received": True, "iin": person.iin, "received_at": person.received_at, "iin_shared_with": shared}


def history(application: Application) -> list[dict]:
    """The full audit trail of the application for staff: who (account and role), when, what changed, why."""
    return [history_entry(event) for event in workflow.events_for_admin(application.id)]


def history_entry(event: ApplicationEvent) -> dict:
    return {
        "id": event.id,
        "transition": event.transition,
        "actor": {"id": event.actor.id, "email": event.actor.email} if event.actor is not None else None,
        "actor_role": event.actor_role,
        "from_step": event.from_step,
        "to_step": event.to_step,
        "from_status": event.from_status,
        "to_status": event.to_status,
        "changes": event.changes or {},
        "data": event.data or {},
        "reason": event.reason,
        "comment": event.comment,
        "createdAt": event.created_at,
    }
