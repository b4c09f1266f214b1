"""The stepper's truth (issue 23, decision 0083): for every state the transition table reaches, in both populations
and on both financings, exactly one step is current, it is the step whose card the applicant is shown, the grant
steps are never listed to a fee-paying applicant, and every label exists in ru/kk/en."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.applications.workflow.progress import CURRENT, HIDDEN, State, progress, reachable_states
from server.populations import POPULATION_FOREIGN, POPULATION_KZ

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {lang: ROOT / "client" / "src" / "i18n" / "questionnaire" / f"{lang}.json" for lang in ("ru", "kk", "en")}
GRANT_STEPS = {"scholarship_result_awaiting"}

# current_step → the card the stepper shows there (req §4 meanings; documents are submitted at 4, awaited at 5)
CITIZEN_CARD = {
    1: "instruction",
    2: "payment",
    3: "form",
    4: "document_submission",
    5: "physical_documents_awaiting",
    6: "scholarship_result_awaiting",
    7: "choose_educational_program",
    8: "enrolment",
    10: "enrolment",
}
FOREIGN_CARD = {
    None: "foreign_form",
    0: "foreign_review",
    1: "foreign_accepted",
    2: "foreign_visa",
    3: "foreign_enrolled",
}

ALL_STATES = [state for population in (POPULATION_KZ, POPULATION_FOREIGN) for state in reachable_states(population)]


def _expected_current(state: State) -> str:
    if state.population == POPULATION_KZ:
        return CITIZEN_CARD[state.current_step]
    if state.status == -1:
        return "foreign_form" if state.current_step < 4 else "foreign_review"
    return FOREIGN_CARD[state.status]


@pytest.mark.parametrize("state", ALL_STATES, ids=str)
def test_exactly_one_current_step_with_the_label_of_the_card(state):
    answer = progress(state)
    current = [step for step in answer["steps"] if step["state"] == CURRENT]
    assert len(current) == 1
    assert current[0]["key"] == answer["current"] == _expected_current(state)
    assert current[0]["label_key"] == f"stepper.steps.{answer['current']}.title"
    listed = [step for step in answer["steps"] if step["state"] != HIDDEN]
    position = [step["key"] for step in listed].index(answer["current"])
    assert all(step["state"] == "done" for step in listed[:position])
    assert all(step["state"] == "upcoming" for step in listed[position + 1 :])
    assert answer["archived"] is (state.status == -1)


@pytest.mark.parametrize("state", [s for s in ALL_STATES if s.financing == "paid"], ids=str)
def test_fee_paying_applicants_never_see_grant_steps(state):
    answer = progress(state)
    assert {step["key"] for step in answer["steps"] if step["state"] != HIDDEN}.isdisjoint(GRANT_STEPS)
    assert answer["current"] not in GRANT_STEPS


def test_both_populations_and_financings_are_walked():
    seen = {(s.population, s.financing) for s in ALL_STATES}
    assert seen == {(p, f) for p in (POPULATION_KZ, POPULATION_FOREIGN) for f in ("scholarship", "paid")}
    assert {s.current_step for s in ALL_STATES if s.population == POPULATION_KZ} == set(CITIZEN_CARD)


def test_documents_are_submitted_before_they_are_awaited():
    keys = [step["key"] for step in progress(State(POPULATION_KZ, 1, None, "scholarship"))["steps"]]
    assert keys.index("document_submission") < keys.index("physical_documents_awaiting")


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_step_label_is_translated(lang):
    catalogue = json.loads(CATALOGUES[lang].read_text(encoding="utf-8"))
    for state in ALL_STATES:
        for step in progress(state)["steps"]:
            node = catalogue
            for part in step["label_key"].split("."):
                node = node[part]
            assert isinstance(node, str) and node.strip(), (lang, step["label_key"])
            assert catalogue["stepper"]["steps"][step["key"]]["description"].strip()


def test_the_client_vectors_are_the_server_answers():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "progress_vectors.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
