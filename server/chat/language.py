"""Which of ru, kk, en a message is written in: Kazakh-specific letters → kk, other Cyrillic → ru, Latin → en."""

from __future__ import annotations

import re

KAZAKH_LETTERS = set("әғқңөұүһіӘҒҚҢӨҰҮҺІ")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LATIN = re.compile(r"[A-Za-z]")
# Common Kazakh words that may be typed without the specific letters (on a Russian keyboard).
_KAZAKH_WORDS = {"сәлем", "салем", "рахмет", "керек", "қалай", "калай", "кандай", "канша", "бар", "жок", "иә", "ия"}


def detect(text: str, fallback: str = "ru") -> str:
    if any(ch in KAZAKH_LETTERS for ch in text):
        return "kk"
    cyrillic = len(_CYRILLIC.findall(text))
    latin = len(_LATIN.findall(text))
    if cyrillic == 0 and latin == 0:
        return fallback
    if cyrillic >= latin:
        words = set(re.findall(r"\w+", text.lower()))
        return "kk" if words & _KAZAKH_WORDS and fallback == "kk" else "ru"
    return "en"
