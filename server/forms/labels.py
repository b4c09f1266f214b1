"""Label catalogue of the questionnaire (labels/{ru,kk,en}.json); Kazakh falls back to Russian when missing."""

from __future__ import annotations

import json
from functools import cache

from .paths import SHARED_FORMS_DIR

LABELS_DIR = SHARED_FORMS_DIR / "labels"
LANGUAGES = ("ru", "kk", "en")


@cache
def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((LABELS_DIR / f"{lang}.json").read_text(encoding="utf-8"))


def labels(lang: str = "ru") -> dict[str, str]:
    if lang not in LANGUAGES:
        lang = "ru"
    return dict(_catalogue(lang))


def label(key: str, lang: str = "ru") -> str:
    """The text of a label key; falls back to Russian, then to the key itself."""
    if lang not in LANGUAGES:
        lang = "ru"
    return _catalogue(lang).get(key) or _catalogue("ru").get(key) or key
