"""The credit-bureau field rules (req §5) and what an IIN says (server/iin.py)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from server.iin import birth_date, gender, masked
from server.integrations.credit_bureau.sandbox_persons import FAULT_IIN, PERSONS, UNKNOWN_IIN
from server.pkb.schemas import iin_problem, name_problem, phone_problem

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "forms" / "pkb_request_rules.json").read_text("utf-8"))
RULES = {"name": name_problem, "iin": iin_problem, "phone": phone_problem}


@pytest.mark.parametrize(
    "rule, value, problem",
    [pytest.param(rule, value, problem, id=f"{rule}:{value!r}") for rule in RULES for value, problem in VECTORS[rule]],
)
def test_shared_vectors(rule, value, problem):
    """The same vectors run through client/src/features/apply/pkbValidation.js (jest)."""
    assert RULES[rule](value) == problem


def test_iin_facts():
    assert (birth_date("060315501232"), gender("060315501232")) == (date(2006, 3, 15), 1)
    assert (birth_date("051102604563"), gender("051102604563")) == (date(2005, 11, 2), 2)
    assert (birth_date("990721307894"), gender("990721307894")) == (date(1999, 7, 21), 1)
    assert (birth_date("981204403213"), gender("981204403213")) == (date(1998, 12, 4), 2)
    assert birth_date("060315501233") is None and gender("060315501233") is None  # bad check digit


def test_iin_without_birth_facts():
    from server.forms.masks import iin_check_digit

    no_century = "0603150" + "0123"
    iin = no_century + str(iin_check_digit(no_century))
    assert gender(iin) is None and birth_date(iin) is None
    feb30 = "0602305" + "0123"
    iin = feb30 + str(iin_check_digit(feb30))
    assert birth_date(iin) is None and gender(iin) == 1


def test_masked_keeps_only_the_last_four():
    assert masked("060315501232") == "********1232"
    assert masked(None) == "" and masked("12") == "12"


def test_sandbox_persons_are_valid_and_distinct():
    iins = [person.iin for person in PERSONS] + [UNKNOWN_IIN, FAULT_IIN]
    assert len(set(iins)) == len(iins)
    assert all(iin_problem(iin) is None for iin in iins)
    assert all(birth_date(p.iin) and gender(p.iin) for p in PERSONS)
    assert all(phone_problem(p.phone) is None for p in PERSONS)
    assert all(name_problem(p.last_name) is None and name_problem(p.first_name) is None for p in PERSONS)
    assert len({p.phone for p in PERSONS}) == len(PERSONS)
