"""The transition table as data (decision 0060): the names, states, actors and jobs other code relies on, the
declared-jobs lookup by Celery name, and a static check that nothing outside server/applications/workflow writes
the fields the state machine owns."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from server.applications.workflow import SYSTEM_SOURCES, TRANSITION_NAMES, TRANSITIONS, Actor
from server.applications.workflow import jobs as workflow_jobs
from server.applications.workflow import status_transitions as workflow_status_transitions
from server.applications.workflow.engine import STATE_FIELDS
from server.applications.workflow.states import Sets
from server.models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, ApplicationEvent
from server.populations import POPULATION_FOREIGN, POPULATION_KZ

ROOT = Path(__file__).resolve().parents[2]
DECISION = ROOT / "docs" / "decisions" / "0060-application-state-machine.md"

# The shared contract (tools/HELPERS.md): name -> (from steps, from statuses, fixed target, actors, population)
CONTRACT = {
    "read_instruction": ((1,), (None,), {"current_step": 2}, {"applicant"}, POPULATION_KZ),
    "pay": ((2,), (None,), {"current_step": 3}, {"system:payment"}, POPULATION_KZ),
    "skip_payment": ((2,), (None,), {"current_step": 3}, {"applicant"}, POPULATION_KZ),
    "upload_documents": ((4,), (None,), {"current_step": 5}, {"applicant", ROLE_KZ_ADMIN}, POPULATION_KZ),
    "choose_handover": ((4,), (None,), {"current_step": 5}, {"applicant"}, POPULATION_KZ),
    "grant_result": ((6,), (None,), {"current_step": 7}, {"system:gov_scholarship"}, POPULATION_KZ),
    "choose_program": ((7,), (None,), {"current_step": 8}, {"applicant"}, POPULATION_KZ),
    "enrol_scholarship": ((8,), (None,), {"current_step": 10}, {ROLE_KZ_ADMIN}, POPULATION_KZ),
    "accept": (None, (0,), {"status": 1}, {ROLE_FOREIGN_ADMIN}, POPULATION_FOREIGN),
    "await_visa": (None, (1,), {"status": 2}, {ROLE_FOREIGN_ADMIN}, POPULATION_FOREIGN),
    "enrol": (None, (2,), {"status": 3}, {ROLE_FOREIGN_ADMIN}, POPULATION_FOREIGN),
    "archive": (None, (0, 1, 2, 3), {"status": -1}, {ROLE_FOREIGN_ADMIN}, POPULATION_FOREIGN),
    "restore": (None, (-1,), {"status": 0}, {ROLE_FOREIGN_ADMIN}, POPULATION_FOREIGN),
}
OTHERS = {"create", "submit_form", "continue_paid", "set_exemption", "change_program", "withdraw", "confirm_documents"}


def test_every_contract_name_is_declared_and_nothing_else():
    assert set(TRANSITION_NAMES) == set(CONTRACT) | OTHERS


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_fixed_transitions_follow_the_contract(name):
    steps, statuses, target, actors, population = CONTRACT[name]
    spec = TRANSITIONS[name]
    assert spec.source.steps == steps and spec.source.statuses == statuses
    assert isinstance(spec.target, Sets) and spec.target.values == target
    assert set(spec.actors) == actors and spec.population == population


def test_the_other_transitions_follow_the_contract():
    assert TRANSITIONS["create"].source.new and set(TRANSITIONS["create"].actors) == {"applicant"}
    submit = TRANSITIONS["submit_form"]
    assert set(submit.actors) == {"applicant", ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN} and submit.population is None
    assert [g.name for g in submit.guards] == [
        "submission window open (applicants)",
        "bureau data received (citizens)",
        "paid or exempted (citizens)",
        "questionnaire complete",
    ]
    assert TRANSITIONS["continue_paid"].target.values == {"financing": "paid"}
    assert TRANSITIONS["continue_paid"].source.financing == ("scholarship",)
    assert set(TRANSITIONS["set_exemption"].actors) == {ROLE_KZ_ADMIN}
    assert set(TRANSITIONS["change_program"].actors) == {ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN}
    assert set(TRANSITIONS["withdraw"].actors) == {"applicant"}
    assert TRANSITIONS["withdraw"].target.values == {"status": -1}
    # decision 0083: the grant path waits for the grant result at 6; a fee-paying application has none to wait for
    confirm = TRANSITIONS["confirm_documents"]
    assert (confirm.source.steps, confirm.source.statuses, set(confirm.actors)) == ((5,), (None,), {ROLE_KZ_ADMIN})
    ctx = lambda financing: SimpleNamespace(application=SimpleNamespace(financing=financing))  # noqa: E731
    assert confirm.target(ctx("scholarship")) == {"current_step": 6}
    assert confirm.target(ctx("paid")) == {"current_step": 7}


def test_guards_from_the_contract():
    def names(transition):
        return {g.name for g in TRANSITIONS[transition].guards}

    assert names("skip_payment") == {BUREAU, "exempted from payment"}
    assert names("pay") == {BUREAU, "admission fee paid in full"}
    assert names("upload_documents") == {BUREAU, "every required document present"}
    assert names("restore") == {"was submitted"}
    # staff cannot declare the documents in order while one awaits its correction (decision 0074)
    assert names("accept") == {"no document sent back"}
    assert names("confirm_documents") == {BUREAU, "no document sent back"}
    assert names("grant_result") == {BUREAU, "grant not recorded as awarded on another application with the same IIN"}


BUREAU = "bureau data received (citizens)"
# Creating the application comes before the credit-bureau step (req §4 application flow); staff's exemption and
# programme change, and the applicant's withdrawal, are not the applicant's progress.
NOT_PROGRESS = {"create", "set_exemption", "change_program", "withdraw"}


def test_every_citizen_progress_transition_needs_the_bureau_data_first():
    """Issue 22: the credit-bureau step was held only by the client; a citizen never moves without it."""
    citizen = {name for name, spec in TRANSITIONS.items() if spec.population in (POPULATION_KZ, None)}
    for name in citizen - NOT_PROGRESS:
        guards = [g.name for g in TRANSITIONS[name].guards]
        assert BUREAU in guards, name
        # first, except after the window check of submit_form (its applicant-facing refusal comes first)
        assert guards.index(BUREAU) == (1 if name == "submit_form" else 0), name
    for name in NOT_PROGRESS | {n for n, s in TRANSITIONS.items() if s.population == POPULATION_FOREIGN}:
        assert BUREAU not in {g.name for g in TRANSITIONS[name].guards}, name


def test_only_archive_and_restore_need_a_reason():
    assert {name for name, spec in TRANSITIONS.items() if spec.reason_required} == {"archive", "restore"}


def test_staff_toggling_of_the_exemption_is_the_only_hidden_event():
    assert {name for name, spec in TRANSITIONS.items() if not spec.applicant_visible} == {"set_exemption"}


def test_actors_are_known_roles_or_system_sources():
    known = {"applicant", ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN} | {f"system:{s}" for s in SYSTEM_SOURCES}
    for spec in TRANSITIONS.values():
        assert spec.actors and set(spec.actors) <= known, spec.name


def test_every_target_is_described_for_the_decision_record():
    for spec in TRANSITIONS.values():
        assert spec.target.describe() and spec.source.describe(), spec.name


def test_system_actor_sources_are_checked():
    assert Actor.system("payment").kind == "system"
    with pytest.raises(ValueError):
        Actor.system("bank")


# ---------------------------------------------------------------------------------------- declared jobs


def test_declared_jobs_are_dotted_task_names():
    declared = {job for spec in TRANSITIONS.values() for job in spec.jobs}
    assert declared == {"mail.status_changed", "mail.application_submitted", "letters.status_changed_with_letter"}
    assert TRANSITIONS["submit_form"].jobs == ("mail.application_submitted",)
    for name in ("await_visa", "archive", "restore", "confirm_documents"):
        assert TRANSITIONS[name].jobs == ("mail.status_changed",), name
    # decision 0080: these earn a letter, mailed with the status change
    for name in ("accept", "enrol", "enrol_scholarship", "choose_program"):
        assert TRANSITIONS[name].jobs == ("letters.status_changed_with_letter",), name
    assert TRANSITIONS["read_instruction"].jobs == () and TRANSITIONS["withdraw"].jobs == ()


def test_every_declared_job_is_a_registered_celery_task(app):
    with app.app_context():
        for spec in TRANSITIONS.values():
            for job in spec.jobs:
                assert workflow_jobs.resolve(job) is not None, f"{spec.name}: no task registered as {job}"
        assert workflow_jobs.resolve("mail.no_such_job") is None


def test_a_declared_job_without_its_task_is_logged_not_fatal(app, caplog):
    with app.app_context():
        assert workflow_jobs.enqueue(("mail.no_such_job",), ApplicationEvent(id=1, transition="accept")) is None
    assert "workflow job has no task" in caplog.text


def test_the_state_machine_finds_jobs_by_name_not_by_module():
    source = (ROOT / "server" / "applications" / "workflow" / "jobs.py").read_text()
    assert "importlib" not in source and "applications.jobs" not in source


# --------------------------------------------------------------------------------------- the only writer

_OWNED = set(STATE_FIELDS) - {"study_program_id"}  # a program is also chosen at creation (the create transition)
_APPLICATION_ATTRIBUTE = re.compile(r"application", re.IGNORECASE)


def _writes_owned_field(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and target.attr in _OWNED
                and _APPLICATION_ATTRIBUTE.search(ast.unparse(target.value))
            ):
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Application"):
            if any(keyword.arg in _OWNED for keyword in node.keywords):
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and re.match(r"update\(Application\b", ast.unparse(node)):
            lines.append(node.lineno)
    return lines


def test_nothing_outside_the_workflow_writes_application_progress():
    offenders = {}
    for path in (ROOT / "server").rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("server/applications/workflow/", "server/migrations/")):
            continue
        lines = _writes_owned_field(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            offenders[relative] = lines
    assert offenders == {}, f"application progress written outside server/applications/workflow: {offenders}"


def test_the_decision_record_lists_every_transition_guard_and_job():
    text = DECISION.read_text(encoding="utf-8")
    for spec in TRANSITIONS.values():
        assert f"`{spec.name}`" in text, spec.name
        for guard in spec.guards:
            assert guard.name in text, guard.name
        for job in spec.jobs:
            assert job in text, job


def test_the_admin_area_reads_its_moves_from_the_table():
    """The panel's status field and "send to next stage" call transitions by name from the table (decision 0076)
    instead of keeping their own status → transition maps."""
    assert workflow_status_transitions(ROLE_FOREIGN_ADMIN) == {
        1: "accept",
        2: "await_visa",
        3: "enrol",
        -1: "archive",
        0: "restore",
    }
    assert {spec.name for spec in TRANSITIONS.values() if spec.next_stage} == {
        "accept",
        "await_visa",
        "enrol",
        "confirm_documents",
        "enrol_scholarship",
    }
    assert all(
        ROLE_FOREIGN_ADMIN in spec.actors or ROLE_KZ_ADMIN in spec.actors
        for spec in TRANSITIONS.values()
        if spec.next_stage
    )
