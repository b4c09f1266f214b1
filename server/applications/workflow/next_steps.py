"""What a status e-mail tells the applicant (issue 23, decision 0085): the new status in words and the next step, for
every state the transition table can reach, per population and financing — one table, next to progress.py.

A state's news key is derived from the same (population, current_step, status, financing) that progress.py reads,
plus the grant result on the grant path (step 7 means "choose your programme" when the grant was awarded and "decide
whether to continue on a fee-paying basis" when it was not). The texts are server/i18n `mail.news.<key>.status` and
`mail.news.<key>.next`, in ru/kk/en; tests/unit/test_status_mail_next_steps.py walks every applicant-visible
transition that mails and checks its mail carries a state-specific next step in all three languages.
"""

from __future__ import annotations

from ...i18n import translate
from ...models.application import (
    FINANCING_PAID,
    FINANCING_SCHOLARSHIP,
    STEP_GRANT_CONFIRMED,
    STEP_SCHOLARSHIP_ENROLLED,
)
from ...populations import POPULATION_KZ
from .progress import State, current_key

# news key -> what the applicant does next (a reading aid; the words are in server/i18n mail.news.<key>.*)
NEWS: dict[str, str] = {
    # citizens of Kazakhstan (req §2 Stepper, §4)
    "kz.choose_study_program": "choose a study programme",
    "kz.instruction": "read the instruction and accept the terms",
    "kz.payment": "pay the admission fee (unless exempted)",
    "kz.form": "fill in and submit the questionnaire",
    "kz.document_submission": "upload the documents or bring them in person with the upload code",
    "kz.physical_documents_awaiting": "bring the originals to the admissions office, wait for the check",
    "kz.scholarship_result_awaiting": "nothing: the grant contest results are awaited",
    "kz.choose_educational_program.grant_awarded": "choose the educational programme",
    "kz.choose_educational_program.grant_not_awarded": "decide whether to continue on a fee-paying basis",
    "kz.choose_educational_program.paid": "choose the educational programme",
    "kz.enrolment.grant_pending": "nothing: the office enrols on the grant",
    "kz.enrolment.grant": "enrolled on the grant: book a dormitory place if needed",
    "kz.enrolment.paid": "enrolled, fee-paying: book a dormitory place if needed",
    "kz.archived": "contact the admissions office if this is a mistake",
    # foreign applicants (req §4 foreign status)
    "foreign.foreign_form": "fill in and submit the questionnaire",
    "foreign.foreign_review": "nothing: the application is reviewed",
    "foreign.foreign_accepted": "keep the acceptance letter; the visa stage follows",
    "foreign.foreign_visa": "obtain the student visa at an embassy of Kazakhstan",
    "foreign.foreign_enrolled": "enrolled: book a dormitory place if needed",
    "foreign.archived": "see the reason; contact the office if this is a mistake",
}


def news_key(state: State, grant_awarded: bool | None = None) -> str:
    """The key of NEWS for a state (and, at step 7 on the grant path, the grant result)."""
    if state.population == POPULATION_KZ:
        if state.archived:
            return "kz.archived"
        key = current_key(state)
        if key == "choose_educational_program":
            if state.financing == FINANCING_SCHOLARSHIP:
                return f"kz.{key}.grant_awarded" if grant_awarded else f"kz.{key}.grant_not_awarded"
            return f"kz.{key}.paid"
        if key == "enrolment":
            if state.current_step == STEP_SCHOLARSHIP_ENROLLED:
                return "kz.enrolment.grant"
            if state.current_step == STEP_GRANT_CONFIRMED and state.financing == FINANCING_PAID:
                return "kz.enrolment.paid"
            return "kz.enrolment.grant_pending"
        return f"kz.{key}"
    if state.archived:
        return "foreign.archived"
    return f"foreign.{current_key(state)}"


def news_params(state: State, lang: str, grant_awarded: bool | None = None) -> dict[str, str]:
    """{status, next_step} for the status mail, in `lang`."""
    key = news_key(state, grant_awarded)
    return {"status": translate(f"mail.news.{key}.status", lang), "next_step": translate(f"mail.news.{key}.next", lang)}
