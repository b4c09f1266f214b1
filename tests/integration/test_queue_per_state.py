"""Every state of the transition table lands in exactly one staff queue (issue 23, decision 0083).

The states are not listed here: server/applications/workflow/progress.reachable_states walks the transition table
from `create` for each population, so a new row of the table is walked here too. One application per state, then
one request per queue; each application must be listed by exactly the queue EXPECTED names ("users" for a foreign
application not yet submitted, which has no stage: it is listed with its account only).
"""

from __future__ import annotations

import pytest

from server.applications.workflow.progress import State, reachable_states
from server.populations import POPULATION_FOREIGN, POPULATION_KZ
from server.review.dao import QUEUE_USERS, QUEUES

from .admin_support import FOREIGN_ADMIN, KZ_ADMIN, applicant_application, ids_of, queue, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")


def expected_queue(state: State) -> str:
    """The one queue of a state, as staff need it: where its next staff action (or its wait) is."""
    if state.status == -1:
        return "archived"
    if state.population == POPULATION_FOREIGN:
        return {None: QUEUE_USERS, 0: "applied", 1: "accepted", 2: "awaiting-visa", 3: "enrolled"}[state.status]
    step, grant = state.current_step, state.financing == "scholarship"
    if step <= 6:
        return "scholarship" if grant else "paid"
    if step == 7:
        return "awaiting"
    if step == 8:
        return "scholarship" if grant else "enrolled"  # a grant holder who chose a programme waits for "Enrol"
    return "enrolled"


def test_the_walk_covers_both_populations_and_both_financings():
    kz, foreign = reachable_states(POPULATION_KZ), reachable_states(POPULATION_FOREIGN)
    assert {(s.current_step, s.financing) for s in kz if s.status is None} >= {
        (step, "scholarship") for step in (1, 2, 3, 4, 5, 6, 7, 8, 10)
    } | {(step, "paid") for step in (1, 2, 3, 4, 5, 7, 8)}
    assert (6, "paid") not in {(s.current_step, s.financing) for s in kz}  # fee-paying skips the grant wait
    assert (10, "paid") not in {(s.current_step, s.financing) for s in kz}
    assert {s.status for s in foreign} == {None, 0, 1, 2, 3, -1}
    assert any(s.status == -1 for s in kz)


@pytest.mark.parametrize(
    "population, role", [(POPULATION_KZ, KZ_ADMIN), (POPULATION_FOREIGN, FOREIGN_ADMIN)], ids=["kz", "foreign"]
)
def test_every_state_is_in_exactly_one_queue(client, factories, population, role):
    headers = staff(factories, role)
    kz = population == POPULATION_KZ
    placed = {}
    for state in reachable_states(population):
        application = applicant_application(
            factories,
            kz=kz,
            current_step=state.current_step,
            status=state.status,
            financing=state.financing,
        )
        placed[application.id] = state
    listed: dict[int, list[str]] = {application_id: [] for application_id in placed}
    stage_queues = [key for key in QUEUES[population] if key != QUEUE_USERS]
    for key in stage_queues:
        for application_id in ids_of(queue(client, headers, key, is_local=kz, size=100)):
            listed[application_id].append(key)
    users = set(ids_of(queue(client, headers, QUEUE_USERS, is_local=kz, size=100)))

    wrong = {}
    for application_id, state in placed.items():
        expected = expected_queue(state)
        found = listed[application_id] or [QUEUE_USERS]
        if found != [expected]:
            wrong[str(state)] = found
        assert application_id in users  # every account is listed under "users" as well
    assert wrong == {}
