"""Status e-mails say the new status and what to do next (issue 23, decision 0085): every applicant-visible
transition that mails the applicant is walked from every state the transition table reaches, for both populations
and both financings (and both grant results), and its mail must carry the status in words and a next-step sentence
specific to the state it leads to, in ru, kk and en — never only "your status changed"."""

from __future__ import annotations

import pytest

from server.applications.workflow.next_steps import NEWS, news_key, news_params
from server.applications.workflow.progress import State, _probe, reachable_states
from server.applications.workflow.states import Context
from server.applications.workflow.table import (
    JOB_STATUS_CHANGED,
    JOB_STATUS_CHANGED_WITH_LETTER,
    TRANSITIONS,
)
from server.i18n import catalogue, translate
from server.populations import POPULATION_FOREIGN, POPULATION_KZ

LANGS = ("ru", "kk", "en")
STATUS_MAIL_JOBS = {JOB_STATUS_CHANGED, JOB_STATUS_CHANGED_WITH_LETTER}
GENERIC = {
    "ru": "Статус вашей заявки изменился",
    "kk": "Өтініміңіздің мәртебесі өзгерді",
    "en": "Your application status has changed",
}


def mailed_moves():
    """(transition, state before, state after, grant result) for every applicant-visible transition with a status
    mail, from every reachable state it may leave."""
    moves = []
    for population in (POPULATION_KZ, POPULATION_FOREIGN):
        for state in reachable_states(population):
            for spec in TRANSITIONS.values():
                if not (STATUS_MAIL_JOBS & set(spec.jobs)) or not spec.applicant_visible:
                    continue
                if spec.population not in (None, population) or spec.source.new:
                    continue
                if not spec.source.matches(_probe(state)):
                    continue
                ctx = Context(
                    application=_probe(state),
                    owner=None,
                    population=population,
                    role="",
                    data={"study_program_id": 2, "awarded": True, "is_exempted_from_payment": False},
                    now=None,
                )
                changes = spec.target(ctx)
                after = State(
                    population,
                    changes.get("current_step", state.current_step),
                    changes.get("status", state.status),
                    changes.get("financing", state.financing),
                )
                results = (True, False) if spec.name == "grant_result" else (None,)
                moves.extend((spec.name, state, after, awarded) for awarded in results)
    return moves


MOVES = mailed_moves()


def test_every_mailing_transition_is_walked():
    walked = {name for name, *_ in MOVES}
    mailing = {
        spec.name
        for spec in TRANSITIONS.values()
        if STATUS_MAIL_JOBS & set(spec.jobs) and spec.applicant_visible and not spec.source.new
    }
    assert walked == mailing, mailing - walked


@pytest.mark.parametrize("lang", LANGS)
def test_each_mail_says_the_status_and_a_state_specific_next_step(lang):
    for name, _before, after, awarded in MOVES:
        key = news_key(after, awarded)
        assert key in NEWS, (name, after)
        news = news_params(after, lang, awarded)
        assert news["status"].strip() and news["next_step"].strip(), (name, key, lang)
        assert not news["status"].startswith("mail.") and not news["next_step"].startswith("mail."), (key, lang)
        body = translate("mail.status_changed.body", lang, program="P", application_id=7, **news)
        subject = translate("mail.status_changed.subject", lang, **news)
        assert news["status"] in body and news["next_step"] in body and news["status"] in subject, (name, lang)
        assert "{" not in body and "{" not in subject
        assert GENERIC[lang] not in body and GENERIC[lang] != subject


@pytest.mark.parametrize("lang", LANGS)
def test_the_next_steps_differ_between_states_of_a_population(lang):
    for population in ("kz.", "foreign."):
        keys = [key for key in NEWS if key.startswith(population)]
        texts = [catalogue(lang)[f"mail.news.{key}.next"] for key in keys]
        assert len(set(texts)) == len(texts), (population, lang)
        statuses = [catalogue(lang)[f"mail.news.{key}.status"] for key in keys]
        assert len(set(statuses)) == len(statuses), (population, lang)


def test_every_key_of_the_table_has_its_words_in_three_languages():
    for lang in LANGS:
        words = catalogue(lang)
        for key in NEWS:
            assert words.get(f"mail.news.{key}.status", "").strip(), (key, lang)
            assert words.get(f"mail.news.{key}.next", "").strip(), (key, lang)
    # Kazakh is written in Kazakh, not copied from Russian
    assert all(catalogue("kk")[f"mail.news.{key}.next"] != catalogue("ru")[f"mail.news.{key}.next"] for key in NEWS)


def test_every_reachable_state_has_news():
    for population in (POPULATION_KZ, POPULATION_FOREIGN):
        for state in reachable_states(population):
            for awarded in (True, False, None):
                assert news_key(state, awarded) in NEWS, state


@pytest.mark.parametrize(
    ("state", "awarded", "key"),
    [
        (State(POPULATION_KZ, 6, None, "scholarship"), None, "kz.scholarship_result_awaiting"),
        (State(POPULATION_KZ, 7, None, "scholarship"), True, "kz.choose_educational_program.grant_awarded"),
        (State(POPULATION_KZ, 7, None, "scholarship"), False, "kz.choose_educational_program.grant_not_awarded"),
        (State(POPULATION_KZ, 7, None, "paid"), None, "kz.choose_educational_program.paid"),
        (State(POPULATION_KZ, 8, None, "paid"), None, "kz.enrolment.paid"),
        (State(POPULATION_KZ, 8, None, "scholarship"), True, "kz.enrolment.grant_pending"),
        (State(POPULATION_KZ, 10, None, "scholarship"), True, "kz.enrolment.grant"),
        (State(POPULATION_FOREIGN, 4, 1, "paid"), None, "foreign.foreign_accepted"),
        (State(POPULATION_FOREIGN, 4, 2, "paid"), None, "foreign.foreign_visa"),
        (State(POPULATION_FOREIGN, 4, -1, "paid"), None, "foreign.archived"),
    ],
)
def test_news_per_population_and_financing(state, awarded, key):
    assert news_key(state, awarded) == key
