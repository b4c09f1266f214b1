"""The assistant's word handling (issue 23, decision 0085): Kazakh endings cut to the stem, "when" kept as a topic
word, synonyms widening a question, and direct programme questions recognised without mistaking "programming"
(бағдарламалау) for "programme" (бағдарлама)."""

from __future__ import annotations

import pytest

from server.chat import career, retrieval


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("құжаттар", "құжат"),
        ("құжаттарды", "құжат"),
        ("құжаттардың", "құжат"),
        ("жатақханаға", "жатақ"),
        ("жатақханада", "жатақ"),
        ("бағдарламалары", "бағда"),
        ("грантты", "грант"),
        ("общежития", "общеж"),
        ("documents", "docum"),
    ],
)
def test_words_are_stemmed_across_endings(word, stem):
    assert retrieval.normalise(word) == [stem]


def test_short_kazakh_roots_keep_their_letters():
    assert retrieval.normalise("ҰБТ") == ["ұбт"]
    assert retrieval.normalise("түсу") == ["түсу"]


def test_question_words_are_dropped_but_when_is_kept():
    assert retrieval.normalise("Қандай құжаттар керек?") == ["құжат"]
    assert "when" in retrieval.normalise("When does admission open?")
    assert len(retrieval.normalise("Қашан басталады?")) == 2  # қашан (when) and басталады (opens) both count


def test_synonyms_widen_and_never_replace():
    asked = retrieval.normalise("papers")
    widened = retrieval.expand(asked)
    assert widened[0] == "paper" and {"docum", "құжат"} <= set(widened)
    [(term, synonyms)] = retrieval.groups(asked)
    assert term == "paper" and "docum" in synonyms


@pytest.mark.parametrize(
    ("text", "tags"),
    [
        ("I like maths and computers, which programme?", {"math", "it"}),
        ("Маған математика мен компьютер ұнайды, қай бағдарламаны таңдаймын?", {"math", "it"}),
        ("Бағдарламалауды ұнатамын, қандай мамандық сәйкес келеді?", {"it"}),
        ("Хочу стать юристом, на какую специальность поступать?", {"law"}),
    ],
)
def test_direct_programme_questions_name_their_interests(text, tags):
    assert set(career.asks_for_program(text)) == tags


@pytest.mark.parametrize(
    "text",
    [
        "Какие программы бакалавриата у вас есть?",
        "What majors do you offer?",
        "Магистратура бағдарламалары қандай?",
        "Which documents do foreign applicants need for a bachelor's degree?",
        "Я люблю программирование",  # an interest without a programme question: the dialogue handles it
    ],
)
def test_other_messages_are_not_direct_programme_questions(text):
    assert career.asks_for_program(text) == []
