"""Guards: small named conditions a transition needs besides its starting state.

A guard that fails refuses the transition with 409 `workflow.illegal_transition` unless it names a more precise
refusal (status, message key and, for a bad value, the field). Guards that read `data` are skipped by
`available_transitions`, which has no data to judge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import populations
from ...forms.masks import iin_valid
from ...models.application import (
    ADMISSION_FEE_KZT,
    FINANCING_PAID,
    FINANCING_SCHOLARSHIP,
    STATUS_ENROLLED,
    STEP_GRANT_CONFIRMED,
    STEP_PAYMENT_MADE,
    STEP_SCHOLARSHIP_ENROLLED,
)
from ...models.payment import PAYMENT_PAID, PURPOSE_ADMISSION_FEE
from .. import dao as applications_dao
from .. import document_reviews_dao, events_dao, questionnaire
from .actors import APPLICANT
from .states import Context

ILLEGAL = (409, "workflow.illegal_transition")


@dataclass(frozen=True)
class Guard:
    name: str
    check: Callable[[Context], bool]
    refusal: tuple[int, str] = ILLEGAL
    field: str | None = None  # the data field a refusal points at
    reads_data: bool = False

    def __call__(self, ctx: Context) -> bool:
        return bool(self.check(ctx))


def guard(name: str, *, refusal: tuple[int, str] = ILLEGAL, field: str | None = None, reads_data: bool = False):
    def declare(fn: Callable[[Context], bool]) -> Guard:
        return Guard(name=name, check=fn, refusal=refusal, field=field, reads_data=reads_data)

    return declare


def _grant_awarded_to(application_id: int) -> bool | None:
    """The last government-scholarship result of an application: True, False, or None before any."""
    event = events_dao.latest(application_id, "grant_result")
    return None if event is None else bool((event.data or {}).get("awarded"))


def _grant_awarded(ctx: Context) -> bool | None:
    return _grant_awarded_to(ctx.application.id)


def bureau_iin(application) -> str | None:
    """The IIN the credit bureau confirmed for the application's owner (decision 0064), or None before that."""
    person = applications_dao.person_data_of(application.user_id)
    return person.iin if person is not None and iin_valid(person.iin) else None


def is_enrolled(application) -> bool:
    """Foreign: status enrolled. Citizens (§4 queues): paid at step 8 or scholarship at step 10."""
    return (
        application.status == STATUS_ENROLLED
        or application.current_step == STEP_SCHOLARSHIP_ENROLLED
        or (application.current_step == STEP_GRANT_CONFIRMED and application.financing == FINANCING_PAID)
    )


# ---------------------------------------------------------------------------------------------- the stepper


@guard("bureau data received (citizens)", refusal=(409, "workflow.bureau_data_required"))
def bureau_data_received(ctx: Context) -> bool:
    # Req §4: a citizen's journey goes on only once the credit-bureau code is confirmed. Only the client used to hold
    # that, so a citizen who never called /pkb/* could type anyone's IIN and walk on to the grant (issue 22).
    return ctx.population != populations.POPULATION_KZ or bureau_iin(ctx.application) is not None


@guard("submission window open (applicants)", refusal=(422, "applications.submission_unavailable"))
def submission_window_open(ctx: Context) -> bool:
    # Staff submitting on an applicant's behalf are not held to the window (decision 0030).
    return ctx.role != APPLICANT or applications_dao.is_window_open(ctx.application)


@guard("paid or exempted (citizens)", refusal=(422, "applications.step_not_reached"))
def paid_or_exempted(ctx: Context) -> bool:
    # Step 3 is reached only through `pay` or `skip_payment`; foreign applicants pay no admission fee here.
    return ctx.population != populations.POPULATION_KZ or ctx.application.current_step >= STEP_PAYMENT_MADE


@guard("questionnaire complete")
def questionnaire_complete(ctx: Context) -> bool:
    return not questionnaire.questionnaire_errors(ctx.application, questionnaire.STEP_TYPE_FILL)


@guard("every required document present")
def required_documents_present(ctx: Context) -> bool:
    return not questionnaire.questionnaire_errors(ctx.application, questionnaire.STEP_TYPE_DOCUMENTS)


@guard("educational program chosen")
def educational_program_chosen(ctx: Context) -> bool:
    return not questionnaire.questionnaire_errors(ctx.application, questionnaire.STEP_TYPE_STEPPER)


@guard("exempted from payment")
def exempted_from_payment(ctx: Context) -> bool:
    return bool(ctx.application.is_exempted_from_payment)


@guard("admission fee paid in full", reads_data=True, field="amount")
def admission_fee_paid(ctx: Context) -> bool:
    # The payments table is the source of truth (decision 0065): the named payment is this application's admission
    # fee, confirmed by the provider, applied (not flagged), of the amount given and at least the fee.
    payment_id = ctx.data["payment_id"]
    payment = applications_dao.get_payment(int(payment_id)) if payment_id.isdigit() and len(payment_id) < 10 else None
    return (
        payment is not None
        and payment.application_id == ctx.application.id
        and payment.purpose == PURPOSE_ADMISSION_FEE
        and payment.status == PAYMENT_PAID
        and not payment.flagged
        and payment.amount == ctx.data["amount"]
        and ctx.data["amount"] >= ADMISSION_FEE_KZT
    )


@guard("scholarship not awarded")
def scholarship_not_awarded(ctx: Context) -> bool:
    return _grant_awarded(ctx) is False


@guard(
    "grant not recorded as awarded on another application with the same IIN",
    refusal=(409, "gov_scholarship.awarded_elsewhere"),
    reads_data=True,
)
def grant_not_awarded_elsewhere(ctx: Context) -> bool:
    # One person, one state grant a year: two accounts (confirmed before duplicates were refused) or two applications
    # of one account never both take an award; the second waits at step 6 for staff, who see the shared IIN.
    if not ctx.data.get("awarded"):
        return True
    iin = bureau_iin(ctx.application)
    term = applications_dao.get_term(ctx.application.term_id)
    if iin is None or term is None:
        return False
    return not any(
        _grant_awarded_to(other.id)
        for other in applications_dao.applications_sharing_iin(iin, term.year, excluding_id=ctx.application.id)
    )


@guard("paid, or scholarship awarded")
def paid_or_scholarship_awarded(ctx: Context) -> bool:
    return ctx.application.financing == FINANCING_PAID or (
        ctx.application.financing == FINANCING_SCHOLARSHIP and _grant_awarded(ctx) is True
    )


# ------------------------------------------------------------------------------------------ status and others


@guard("was submitted")
def was_submitted(ctx: Context) -> bool:
    return ctx.application.submitted_at is not None


@guard("no document sent back", refusal=(409, "documents.returned_pending"))
def no_document_sent_back(ctx: Context) -> bool:
    # Staff declaring the documents in order while one awaits its corrected version would skip the correction
    # (decision 0074); a replaced document counts until staff judge the new version.
    return document_reviews_dao.count_returned(ctx.application.id) == 0


@guard("not enrolled")
def not_enrolled(ctx: Context) -> bool:
    return not is_enrolled(ctx.application)


@guard("exemption changes", reads_data=True, field="is_exempted_from_payment")
def exemption_changes(ctx: Context) -> bool:
    return ctx.data["is_exempted_from_payment"] != bool(ctx.application.is_exempted_from_payment)


@guard(
    "program exists and is open to applicants",
    refusal=(400, "applications.study_program_not_found"),
    field="study_program_id",
    reads_data=True,
)
def program_available(ctx: Context) -> bool:
    program = applications_dao.get_study_program(ctx.data["study_program_id"])
    return program is not None and not program.is_hidden


@guard("a different program", reads_data=True, field="study_program_id")
def program_changes(ctx: Context) -> bool:
    return ctx.data["study_program_id"] != ctx.application.study_program_id


@guard(
    "no other active application on that program",
    refusal=(409, "applications.active_exists"),
    field="study_program_id",
    reads_data=True,
)
def no_other_active_application(ctx: Context) -> bool:
    other = applications_dao.active_application_on_program(
        ctx.owner.id, ctx.data["study_program_id"], ctx.application.term_id
    )
    return other is None or other.id == ctx.application.id
