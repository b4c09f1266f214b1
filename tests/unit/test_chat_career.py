"""The rule-based career guidance (issue 14) on fixed profiles, and the language detection of the assistant."""

from __future__ import annotations

import pytest

from server.chat import career, language
from server.seed.data.select_options import EDUCATIONAL_PROGRAMS

# The seeded catalogue's bachelor programs (disabled ones are never offered).
BACHELOR = [
    career.Program(code, {"ru": ru, "kk": kk, "en": en}, data)
    for code, ru, kk, en, data in EDUCATIONAL_PROGRAMS
    if data["degree"] == "bachelor" and not data.get("disabled")
]
IT, LAW, BUSINESS, TRAVEL = ("6B061",), ("6B042", "6B031"), ("6B041",), ("6B111", "6B031")


def profile(interests: str, subjects: str, plans: str) -> dict:
    return {
        "interests": career.tags_of(interests),
        "subjects": career.tags_of(subjects),
        "plans": career.tags_of(plans),
    }


@pytest.mark.parametrize(
    ("answers", "expected_first", "allowed_prefixes"),
    [
        (("Люблю программирование и компьютерные игры", "Математика, информатика", "Работать в IT"), None, ("6B061",)),
        (
            ("Право и справедливость, хочу быть юристом", "История, основы права", "Работать в суде"),
            "6B04201",
            ("6B042", "6B031"),
        ),
        (("Маған қаржы мен банк ұнайды", "Математика және география", "Банкте жұмыс істеу"), "6B04102", ("6B041",)),
        (
            ("I love travelling and hotels", "Geography and English", "Work in tourism abroad"),
            "6B11102",
            ("6B111", "6B031"),
        ),
        (("Data, statistics and AI", "Maths", "Become a data analyst"), "6B06103", ("6B061", "6B041")),
        (
            ("Международные отношения, дипломатия", "Всемирная история, английский", "Работать за рубежом"),
            "6B03102",
            None,
        ),
    ],
)
def test_fixed_profiles(answers, expected_first, allowed_prefixes):
    found = career.recommend(profile(*answers), BACHELOR)
    assert 1 <= len(found) <= 3
    if expected_first:
        assert found[0].program.code == expected_first, [r.program.code for r in found]
    if allowed_prefixes:
        assert all(r.program.code.startswith(allowed_prefixes) for r in found), [r.program.code for r in found]
    assert all(r.matched for r in found)


def test_rendered_recommendation_has_reason_unt_subjects_and_apply_link():
    found = career.recommend(profile("программирование", "математика и информатика", "IT"), BACHELOR)
    item = found[0].render("kk", 7)
    assert item["reason"].startswith("Сәйкес келеді") and "ақпараттық технологиялар" in item["reason"]
    assert item["unt_subjects"] == ["Математика", "Информатика"]
    assert item["apply_url"] == f"/apply?study_program_id=7&educational_program={item['code']}"
    assert found[0].render("en", None)["apply_url"] == f"/apply?educational_program={item['code']}"


def test_unt_subjects_where_known_and_catalogue_override():
    assert career.unt_subjects("6B04201") == ["world_history", "law_basics"]
    assert career.unt_subjects("6B03101") == []  # not known: none invented
    assert career.unt_subjects("6B03101", {"unt_subjects": ["math", "geography"]}) == ["math", "geography"]
    assert career.unt_subjects("6B04101", {"unt_subjects": ["astrology"]}) == ["math", "geography"]


def test_no_match_recommends_nothing():
    assert career.recommend(profile("не знаю", "не знаю", "пока не решил"), BACHELOR) == []
    assert career.recommend({}, BACHELOR) == []


def test_interests_weigh_more_than_plans():
    found = career.recommend({"interests": ["law"], "subjects": [], "plans": ["it"]}, BACHELOR)
    assert found[0].program.code.startswith("6B042")


@pytest.mark.parametrize(
    ("text", "fallback", "expected"),
    [
        ("Сколько стоит общежитие?", "en", "ru"),
        ("Жатақхана қанша тұрады?", "ru", "kk"),
        ("How much is the dorm?", "ru", "en"),
        ("12345", "kk", "kk"),
        ("ок", "ru", "ru"),
        ("Рахмет", "kk", "kk"),
        ("Рахмет", "ru", "ru"),
        ("IT компания", "ru", "ru"),
    ],
)
def test_language_detection(text, fallback, expected):
    assert language.detect(text, fallback) == expected
