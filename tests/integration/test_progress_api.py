"""GET /users/application/{id} carries the stepper's progress (issue 23, decision 0083): for every state the
transition table reaches, in both populations and on both financings, the owner reads exactly one current step,
the one server/applications/workflow/progress.py derives, with no grant step on a fee-paying path."""

from __future__ import annotations

import pytest

from server.applications.workflow.progress import progress, reachable_states
from server.populations import POPULATION_FOREIGN, POPULATION_KZ

from ..helpers import assert_ok
from .admin_support import API, applicant_application

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.mark.parametrize("population", [POPULATION_KZ, POPULATION_FOREIGN])
def test_every_state_answers_one_current_step(client, factories, population):
    for state in reachable_states(population):
        application = applicant_application(
            factories,
            kz=population == POPULATION_KZ,
            current_step=state.current_step,
            status=state.status,
            financing=state.financing,
        )
        headers = factories.auth_headers(application.user)
        item = assert_ok(client.get(f"{API}/users/application/{application.id}", headers=headers))["item"]
        answer = item["progress"]
        assert answer == progress(state), state
        assert [s["key"] for s in answer["steps"] if s["state"] == "current"] == [answer["current"]], state
        if state.financing == "paid":
            listed = {s["key"] for s in answer["steps"] if s["state"] != "hidden"}
            assert "scholarship_result_awaiting" not in listed, state
