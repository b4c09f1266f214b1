"""The applicant's progress steps, derived from the state machine's state in one place (issue 23, decision 0083).

A state is what the transition table reads and writes: (population, current_step, status, financing). For each
state this module answers which steps the applicant's stepper lists and the one step that is current; the client
draws what it is given (client/src/features/stepper). `reachable_states()` walks the transition table itself, so a
row added to table.py is walked by the tests of the stepper and of the staff queues without anybody listing it.

Citizens (req §2 Stepper, §4): the step index follows current_step, except that the documents are submitted at 4
(document_submission) and then awaited at 5 (physical_documents_awaiting), in that order, and the grant result is
awaited at 6 only on the grant path: fee-paying applications skip it (confirm_documents takes them 5 → 7) and never
list it. Foreign applicants (req §4 foreign status): the questionnaire, then the admin statuses.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...models import Application
from ...models.application import (
    FINANCING_PAID,
    FINANCING_SCHOLARSHIP,
    FINANCINGS,
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
from .states import Context
from .table import TRANSITIONS

DONE = "done"
CURRENT = "current"
UPCOMING = "upcoming"
HIDDEN = "hidden"


@dataclass(frozen=True)
class State:
    population: str
    current_step: int
    status: int | None
    financing: str | None

    @property
    def archived(self) -> bool:
        return self.status == STATUS_ARCHIVED

    @classmethod
    def of(cls, application: Application, population: str) -> State:
        return cls(population, application.current_step, application.status, application.financing)


@dataclass(frozen=True)
class ProgressStep:
    key: str
    grant_only: bool = False  # listed only on the grant path (financing scholarship)

    @property
    def label_key(self) -> str:
        return f"stepper.steps.{self.key}.title"


CITIZEN_STEPS = (
    ProgressStep("choose_study_program"),
    ProgressStep("instruction"),
    ProgressStep("payment"),
    ProgressStep("form"),
    ProgressStep("document_submission"),
    ProgressStep("physical_documents_awaiting"),
    ProgressStep("scholarship_result_awaiting", grant_only=True),
    ProgressStep("choose_educational_program"),
    ProgressStep("enrolment"),
)

# current_step → the citizens' step that is current there (the card the stepper shows has the same key)
_CITIZEN_CURRENT = {
    STEP_NOT_INITIALISED: "choose_study_program",
    STEP_PROGRAM_CHOSEN: "instruction",
    STEP_INSTRUCTION_READ: "payment",
    STEP_PAYMENT_MADE: "form",
    STEP_FORM_FILLED: "document_submission",
    STEP_DOCUMENTS_UPLOADED: "physical_documents_awaiting",
    STEP_PHYSICAL_DOCUMENTS: "scholarship_result_awaiting",
    STEP_GRANT_RESULTS: "choose_educational_program",
    STEP_GRANT_CONFIRMED: "enrolment",
    STEP_SCHOLARSHIP_ENROLLED: "enrolment",
}

FOREIGN_STEPS = (
    ProgressStep("foreign_form"),
    ProgressStep("foreign_review"),
    ProgressStep("foreign_accepted"),
    ProgressStep("foreign_visa"),
    ProgressStep("foreign_enrolled"),
)
_FOREIGN_CURRENT = {
    None: "foreign_form",
    STATUS_APPLIED: "foreign_review",
    STATUS_ACCEPTED: "foreign_accepted",
    STATUS_AWAITING_VISA: "foreign_visa",
    STATUS_ENROLLED: "foreign_enrolled",
}


def steps_of(population: str | None) -> tuple[ProgressStep, ...]:
    return CITIZEN_STEPS if population == POPULATION_KZ else FOREIGN_STEPS


def _listed(step: ProgressStep, state: State) -> bool:
    return not step.grant_only or state.financing == FINANCING_SCHOLARSHIP


def current_key(state: State) -> str:
    """The one current step of a state. A withdrawn application stays on the step where it stopped (a foreign one:
    on the questionnaire when it was never submitted, else on the review)."""
    if state.population == POPULATION_KZ:
        key = _CITIZEN_CURRENT.get(state.current_step, "choose_study_program")
        if key == "scholarship_result_awaiting" and state.financing != FINANCING_SCHOLARSHIP:
            key = "choose_educational_program"  # fee-paying at 6: none left after migration c23a00000004
        return key
    if state.archived:
        return "foreign_form" if state.current_step < STEP_FORM_FILLED else "foreign_review"
    return _FOREIGN_CURRENT.get(state.status, "foreign_form")


def completed(state: State) -> bool:
    """Enrolled: nothing is left for anybody to do."""
    if state.population == POPULATION_KZ:
        return (state.financing == FINANCING_PAID and state.current_step == STEP_GRANT_CONFIRMED) or (
            state.current_step == STEP_SCHOLARSHIP_ENROLLED
        )
    return state.status == STATUS_ENROLLED


def progress(state: State) -> dict:
    """{current, archived, completed, steps: [{key, label_key, state}]} with exactly one step `current`; a step
    the application's path skips is `hidden` (the client leaves it out; it is sent so the numbering is stable)."""
    current = current_key(state)
    listed = steps_of(state.population)
    keys = [step.key for step in listed]
    position = keys.index(current)
    steps = []
    for index, step in enumerate(listed):
        if not _listed(step, state):
            mark = HIDDEN
        elif index < position:
            mark = DONE
        elif index == position:
            mark = CURRENT
        else:
            mark = UPCOMING
        steps.append({"key": step.key, "label_key": step.label_key, "state": mark})
    return {"current": current, "archived": state.archived, "completed": completed(state), "steps": steps}


def of_application(application: Application, population: str | None) -> dict:
    return progress(State.of(application, population or POPULATION_FOREIGN))


# ------------------------------------------------------------------------------------------ reachable states


def reachable_states(population: str) -> list[State]:
    """Every state the transition table can reach for a population, from `create`, ignoring guards (a guard
    decides whether a move may happen now, never where it leads). Ordered by discovery."""

    def targets(state: State | None):
        for spec in TRANSITIONS.values():
            if spec.population not in (None, population):
                continue
            if state is None:
                if not spec.source.new:
                    continue
            elif spec.source.new or not spec.source.matches(_probe(state)):
                continue
            for financing in FINANCINGS if state is None else (state.financing,):
                application = _probe(state) if state is not None else Application(current_step=STEP_NOT_INITIALISED)
                ctx = Context(
                    application=application,
                    owner=None,
                    population=population,
                    role="",
                    data={"financing": financing, "is_exempted_from_payment": False, "study_program_id": 1},
                    now=None,
                )
                changes = spec.target(ctx)
                yield State(
                    population,
                    changes.get("current_step", application.current_step),
                    changes.get("status", application.status),
                    changes.get("financing", financing if state is None else state.financing),
                )

    seen: list[State] = []
    frontier = list(dict.fromkeys(targets(None)))
    while frontier:
        state = frontier.pop(0)
        if state in seen:
            continue
        seen.append(state)
        frontier.extend(s for s in targets(state) if s not in seen)
    return seen


def _probe(state: State) -> Application:
    """A transient row carrying only the state (id set, so From treats it as stored)."""
    return Application(id=-1, current_step=state.current_step, status=state.status, financing=state.financing)
