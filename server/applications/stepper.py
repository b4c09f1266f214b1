"""The citizens' stepper actions (req §2 Stepper, §4; issue 11 item 3; decision 0068).

`POST /users/application-proceed {application_id, type?}` means "Next" on the applicant's current step. This
service picks the one transition of the state machine (server/workflow, decision 0060) that Next means at that
step, checks what the applicant can fix first (so the answer names the missing field, not only "illegal"),
runs the transition as the applicant and commits. It never changes the application itself.

    step 1 instruction            -> read_instruction
    step 2 payment                -> skip_payment when exempted; otherwise 409 stepper.payment_required
                                     (the `pay` transition belongs to the payments module, on a verified notification)
    step 3 form                   -> submit_form (every fill step complete)
    step 4 documents  type=files  -> upload_documents (every non-optional DocumentsSelfUpload document present)
                      type=handover -> choose_handover (staff receive the papers under the upload code)
    step 7 scholarship result     -> choose_program (educational program chosen; paid, or scholarship awarded)
                      type=paid   -> continue_paid (not awarded: continue on a paid basis, recorded)
    anything else                 -> 409 workflow.illegal_transition (staff or the system act at 5, 6 and 8)
"""

from __future__ import annotations

import logging

from .. import populations
from ..database import unit_of_work
from ..errors import ApiError, Conflict, Invalid
from ..models import Application, ApplicationEvent, User
from ..models.application import (
    FINANCING_SCHOLARSHIP,
    STEP_FORM_FILLED,
    STEP_GRANT_RESULTS,
    STEP_INSTRUCTION_READ,
    STEP_PAYMENT_MADE,
    STEP_PROGRAM_CHOSEN,
)
from ..models.base import utcnow
from . import answers as user_data_service
from . import events_dao, questionnaire, signals, workflow
from . import operations as applications_service

log = logging.getLogger(__name__)

TYPE_FILES = "files"
TYPE_HANDOVER = "handover"
TYPE_PAID = "paid"
PROCEED_TYPES = (TYPE_FILES, TYPE_HANDOVER, TYPE_PAID)

# current_step -> {type: transition}; None is "no type given"
_BY_STEP: dict[int, dict[str | None, str]] = {
    STEP_PROGRAM_CHOSEN: {None: "read_instruction"},
    STEP_INSTRUCTION_READ: {None: "skip_payment"},
    STEP_PAYMENT_MADE: {None: "submit_form"},
    STEP_FORM_FILLED: {TYPE_FILES: "upload_documents", TYPE_HANDOVER: "choose_handover"},
    STEP_GRANT_RESULTS: {None: "choose_program", TYPE_PAID: "continue_paid"},
}

# What the applicant can still fix before a transition: the step type whose stored answers must be complete.
_COMPLETE_BEFORE = {
    "submit_form": questionnaire.STEP_TYPE_FILL,
    "upload_documents": questionnaire.STEP_TYPE_DOCUMENTS,
    "choose_program": questionnaire.STEP_TYPE_STEPPER,
}


def _illegal() -> ApiError:
    return Conflict("workflow.illegal_transition")


def transition_for(application: Application, proceed_type: str | None) -> str:
    """The transition Next means for this application now (or a localized refusal)."""
    choices = _BY_STEP.get(application.current_step)
    if choices is None:
        raise _illegal()
    if application.current_step == STEP_FORM_FILLED and proceed_type is None:
        raise Invalid("stepper.type_required", errors={"type": ["stepper.type_required"]})
    name = choices.get(proceed_type)
    if name is None:
        raise _illegal()
    if name == "skip_payment" and not application.is_exempted_from_payment:
        raise Conflict("stepper.payment_required")
    return name


def _check_completeness(application: Application, name: str) -> None:
    step_type = _COMPLETE_BEFORE.get(name)
    if step_type is None:
        return
    if name == "choose_program" and application.financing == FINANCING_SCHOLARSHIP:
        # not awarded: the program is chosen only after continuing on a paid basis (continue_paid)
        event = events_dao.latest(application.id, "grant_result")
        if event is None or not (event.data or {}).get("awarded"):
            raise _illegal()
    errors = questionnaire.questionnaire_errors(application, step_type)
    if errors:
        raise user_data_service.validation_error(errors, status=422 if name == "upload_documents" else 400)


def proceed(user: User, application_id: int, proceed_type: str | None = None) -> tuple[Application, ApplicationEvent]:
    """Next on the applicant's current step, through the state machine; one commit."""
    application = applications_service.get_owned(user, application_id)  # a stranger's id: 404
    if populations.population_of(user) != populations.POPULATION_KZ:
        raise _illegal()  # the stepper is the citizens' journey; foreign applicants submit the questionnaire
    if not application.is_active:
        raise Conflict("applications.archived")
    name = transition_for(application, proceed_type)
    _check_completeness(application, name)
    with unit_of_work():
        event = workflow.transition(application, name, actor=workflow.Actor.applicant(user))
        if name == "submit_form":
            user_data_service.snapshot_answers(application, user, utcnow(), reason="submission")
    signals.progress_changed.send(application)
    log.info("stepper proceed", extra={"application_id": application.id, "transition": name})
    return application, event
