"""The transition table: every way an application's progress may change (req §4, design §6, decision 0060).

Read a row as: `name` may be taken from `source` by `actors` (on applications of `population`) when every guard
holds; it writes `target`, records an application_events row (shown to the applicant when `applicant_visible`) and
enqueues `jobs` after the commit. Actors are 'applicant', an admin role name (an admin acts only on their own
population), or 'system:<source>'.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from marshmallow import Schema

from ...models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN
from ...models.application import (
    FINANCING_PAID,
    FINANCING_SCHOLARSHIP,
    STATUS_ACCEPTED,
    STATUS_APPLIED,
    STATUS_ARCHIVED,
    STATUS_AWAITING_VISA,
    STATUS_ENROLLED,
    STEP_DOCUMENTS_UPLOADED,
    STEP_FORM_FILLED,
    STEP_GRANT_CONFIRMED,
    STEP_GRANT_RESULTS,
    STEP_INSTRUCTION_READ,
    STEP_NOT_INITIALISED,
    STEP_PAYMENT_MADE,
    STEP_PHYSICAL_DOCUMENTS,
    STEP_PROGRAM_CHOSEN,
    STEP_SCHOLARSHIP_ENROLLED,
)
from ...populations import POPULATION_FOREIGN, POPULATION_KZ
from . import guards as g
from .actors import APPLICANT, SYSTEM_GOV_SCHOLARSHIP, SYSTEM_PAYMENT, system_role
from .schemas import (
    CreationData,
    ExemptionData,
    GrantResultData,
    PaymentConfirmationData,
    ProgramChangeData,
    SubmissionData,
)
from .states import From, Sets, computed

JOB_STATUS_CHANGED = "mail.status_changed"
JOB_APPLICATION_SUBMITTED = "mail.application_submitted"
# The transitions that earn an official letter (decision 0080): the letters domain issues it and sends the status
# mail with the letter attached, so the applicant gets one mail, not two.
JOB_STATUS_CHANGED_WITH_LETTER = "letters.status_changed_with_letter"

ADMINS = (ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN)
NOT_ARCHIVED = (None,)  # citizens' applications keep status null until withdrawn; foreign ones until submitted
SUBMITTED_ACTIVE = (STATUS_APPLIED, STATUS_ACCEPTED, STATUS_AWAITING_VISA, STATUS_ENROLLED)
OPEN = (None, STATUS_APPLIED, STATUS_ACCEPTED, STATUS_AWAITING_VISA)  # not archived, not enrolled (foreign)


@dataclass(frozen=True)
class Transition:
    name: str
    source: From
    target: object  # Sets(...) or a @computed function: Context -> {field: value}
    actors: tuple[str, ...]
    population: str | None = None  # POPULATION_KZ / POPULATION_FOREIGN; None: both
    guards: tuple[g.Guard, ...] = ()
    jobs: tuple[str, ...] = ()
    reason_required: bool = False
    applicant_visible: bool = True
    data_schema: type[Schema] | None = None
    # Staff's "send to next stage" (the panel's button and the bulk move) means this transition wherever its
    # source matches: the admin area asks the table instead of keeping its own status/step map.
    next_stage: bool = False


# -------------------------------------------------------------------------------------- computed targets


@computed("step 1; financing and exemption as given")
def _created(ctx) -> dict:
    return {
        "current_step": STEP_PROGRAM_CHOSEN,
        "financing": ctx.data["financing"],
        "is_exempted_from_payment": ctx.data["is_exempted_from_payment"],
    }


@computed("step 4, submitted_at now; foreign applicants: status 0 (applied)")
def _submitted(ctx) -> dict:
    changes = {"current_step": STEP_FORM_FILLED, "submitted_at": ctx.now}
    if ctx.population != POPULATION_KZ:
        changes["status"] = STATUS_APPLIED
    return changes


@computed("is_exempted_from_payment as given")
def _exemption(ctx) -> dict:
    return {"is_exempted_from_payment": ctx.data["is_exempted_from_payment"]}


@computed("study_program_id as given")
def _program(ctx) -> dict:
    return {"study_program_id": ctx.data["study_program_id"]}


@computed("grant path: step 6 (the grant result is awaited); fee-paying: step 7 (the programme is chosen next)")
def _documents_confirmed(ctx) -> dict:
    # A fee-paying application has no grant result to wait for (decision 0083): it goes on to the programme choice.
    if ctx.application.financing == FINANCING_PAID:
        return {"current_step": STEP_GRANT_RESULTS}
    return {"current_step": STEP_PHYSICAL_DOCUMENTS}


def _step(step: int) -> Sets:
    return Sets({"current_step": step})


def _status(status: int) -> Sets:
    return Sets({"status": status})


# ------------------------------------------------------------------------------------------------ the table

_ROWS = (
    # creation (services/applications.create): the initial state, recorded like any other change
    Transition(
        "create",
        From(new=True),
        _created,
        actors=(APPLICANT,),
        data_schema=CreationData,
    ),
    # the citizens' stepper (current_step, req §4); every step needs the credit bureau's data first (issue 22)
    Transition(
        "read_instruction",
        From(steps=(STEP_PROGRAM_CHOSEN,), statuses=NOT_ARCHIVED),
        _step(STEP_INSTRUCTION_READ),
        actors=(APPLICANT,),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received,),
    ),
    Transition(
        "pay",
        From(steps=(STEP_INSTRUCTION_READ,), statuses=NOT_ARCHIVED),
        _step(STEP_PAYMENT_MADE),
        actors=(system_role(SYSTEM_PAYMENT),),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received, g.admission_fee_paid),
        data_schema=PaymentConfirmationData,
    ),
    Transition(
        "skip_payment",
        From(steps=(STEP_INSTRUCTION_READ,), statuses=NOT_ARCHIVED),
        _step(STEP_PAYMENT_MADE),
        actors=(APPLICANT,),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received, g.exempted_from_payment),
    ),
    Transition(
        "submit_form",
        From(
            steps=(STEP_NOT_INITIALISED, STEP_PROGRAM_CHOSEN, STEP_INSTRUCTION_READ, STEP_PAYMENT_MADE),
            statuses=NOT_ARCHIVED,
        ),
        _submitted,
        actors=(APPLICANT, *ADMINS),  # admins submit on the applicant's behalf (decision 0031)
        guards=(g.submission_window_open, g.bureau_data_received, g.paid_or_exempted, g.questionnaire_complete),
        jobs=(JOB_APPLICATION_SUBMITTED,),
        data_schema=SubmissionData,
    ),
    Transition(
        "upload_documents",
        From(steps=(STEP_FORM_FILLED,), statuses=NOT_ARCHIVED),
        _step(STEP_DOCUMENTS_UPLOADED),
        actors=(APPLICANT, ROLE_KZ_ADMIN),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received, g.required_documents_present),
    ),
    Transition(
        "choose_handover",
        From(steps=(STEP_FORM_FILLED,), statuses=NOT_ARCHIVED),
        _step(STEP_DOCUMENTS_UPLOADED),
        actors=(APPLICANT,),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received,),
    ),
    Transition(
        "confirm_documents",
        From(steps=(STEP_DOCUMENTS_UPLOADED,), statuses=NOT_ARCHIVED),
        _documents_confirmed,
        actors=(ROLE_KZ_ADMIN,),
        guards=(g.bureau_data_received, g.no_document_sent_back),
        population=POPULATION_KZ,
        jobs=(JOB_STATUS_CHANGED,),
        next_stage=True,
    ),
    Transition(
        "grant_result",
        From(steps=(STEP_PHYSICAL_DOCUMENTS,), statuses=NOT_ARCHIVED),
        _step(STEP_GRANT_RESULTS),
        actors=(system_role(SYSTEM_GOV_SCHOLARSHIP),),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received, g.grant_not_awarded_elsewhere),
        jobs=(JOB_STATUS_CHANGED,),
        data_schema=GrantResultData,
    ),
    Transition(
        "continue_paid",
        From(steps=(STEP_GRANT_RESULTS,), statuses=NOT_ARCHIVED, financing=(FINANCING_SCHOLARSHIP,)),
        Sets({"financing": FINANCING_PAID}),
        actors=(APPLICANT, system_role(SYSTEM_GOV_SCHOLARSHIP)),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received, g.scholarship_not_awarded),
    ),
    Transition(
        "choose_program",
        From(steps=(STEP_GRANT_RESULTS,), statuses=NOT_ARCHIVED),
        _step(STEP_GRANT_CONFIRMED),
        actors=(APPLICANT,),
        population=POPULATION_KZ,
        jobs=(JOB_STATUS_CHANGED_WITH_LETTER,),
        guards=(g.bureau_data_received, g.paid_or_scholarship_awarded, g.educational_program_chosen),
    ),
    Transition(
        "enrol_scholarship",
        From(steps=(STEP_GRANT_CONFIRMED,), statuses=NOT_ARCHIVED, financing=(FINANCING_SCHOLARSHIP,)),
        _step(STEP_SCHOLARSHIP_ENROLLED),
        actors=(ROLE_KZ_ADMIN,),
        population=POPULATION_KZ,
        guards=(g.bureau_data_received,),
        jobs=(JOB_STATUS_CHANGED_WITH_LETTER,),
        next_stage=True,
    ),
    # the foreign admin status (req §4: forward sets the next value, cancel sets -1)
    Transition(
        "accept",
        From(statuses=(STATUS_APPLIED,)),
        _status(STATUS_ACCEPTED),
        actors=(ROLE_FOREIGN_ADMIN,),
        guards=(g.no_document_sent_back,),
        population=POPULATION_FOREIGN,
        jobs=(JOB_STATUS_CHANGED_WITH_LETTER,),
        next_stage=True,
    ),
    Transition(
        "await_visa",
        From(statuses=(STATUS_ACCEPTED,)),
        _status(STATUS_AWAITING_VISA),
        actors=(ROLE_FOREIGN_ADMIN,),
        population=POPULATION_FOREIGN,
        jobs=(JOB_STATUS_CHANGED,),
        next_stage=True,
    ),
    Transition(
        "enrol",
        From(statuses=(STATUS_AWAITING_VISA,)),
        _status(STATUS_ENROLLED),
        actors=(ROLE_FOREIGN_ADMIN,),
        population=POPULATION_FOREIGN,
        jobs=(JOB_STATUS_CHANGED_WITH_LETTER,),
        next_stage=True,
    ),
    Transition(
        "archive",
        From(statuses=SUBMITTED_ACTIVE),
        _status(STATUS_ARCHIVED),
        actors=(ROLE_FOREIGN_ADMIN,),
        population=POPULATION_FOREIGN,
        jobs=(JOB_STATUS_CHANGED,),
        reason_required=True,
    ),
    Transition(
        "restore",
        From(statuses=(STATUS_ARCHIVED,)),
        _status(STATUS_APPLIED),
        actors=(ROLE_FOREIGN_ADMIN,),
        population=POPULATION_FOREIGN,
        guards=(g.was_submitted,),
        jobs=(JOB_STATUS_CHANGED,),
        reason_required=True,
    ),
    # others
    Transition(
        "set_exemption",
        From(steps=(STEP_NOT_INITIALISED, STEP_PROGRAM_CHOSEN, STEP_INSTRUCTION_READ), statuses=NOT_ARCHIVED),
        _exemption,
        actors=(ROLE_KZ_ADMIN,),
        population=POPULATION_KZ,
        guards=(g.exemption_changes,),
        applicant_visible=False,  # the applicant sees its effect on the payment step, not the staff toggling
        data_schema=ExemptionData,
    ),
    Transition(
        "change_program",
        From(statuses=OPEN),
        _program,
        actors=ADMINS,
        guards=(g.not_enrolled, g.program_available, g.program_changes, g.no_other_active_application),
        jobs=(JOB_STATUS_CHANGED,),
        data_schema=ProgramChangeData,
    ),
    Transition(
        "withdraw",
        From(statuses=OPEN),
        _status(STATUS_ARCHIVED),
        actors=(APPLICANT,),
        guards=(g.not_enrolled,),
    ),
)

TRANSITIONS: MappingProxyType[str, Transition] = MappingProxyType({row.name: row for row in _ROWS})
TRANSITION_NAMES: tuple[str, ...] = tuple(TRANSITIONS)
if len(TRANSITIONS) != len(_ROWS):
    raise ValueError("transition names must be unique")


def status_transitions(role: str) -> dict[int, str]:
    """target status → the transition that sets it, for the transitions `role` may take whose only effect is the
    status (the foreign admin's status field: forward, archive, restore)."""
    out = {}
    for spec in TRANSITIONS.values():
        if role in spec.actors and isinstance(spec.target, Sets) and set(spec.target.values) == {"status"}:
            out[spec.target.values["status"]] = spec.name
    return out
