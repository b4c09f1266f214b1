"""Server-side message catalogue (ru default, kk, en).

Errors carry a key (sent to the client as message_key) and the text in the caller's language.
The language comes from ?lang=, then Accept-Language; Russian is the default (req §1).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from flask import has_request_context, request

LANGUAGES = ("ru", "kk", "en")
DEFAULT_LANGUAGE = "ru"
_ALIASES = {"kz": "kk"}


@cache
def catalogue(lang: str) -> dict[str, str]:
    path = Path(__file__).with_name(f"{lang}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def language_of(tag: str | None) -> str | None:
    """The supported language a tag names ("kk", "en-US", the early "kz"), or None."""
    if not tag:
        return None
    primary = tag.strip().split(";")[0].split("-")[0].split("_")[0].lower()
    primary = _ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def current_language() -> str:
    if not has_request_context():
        return DEFAULT_LANGUAGE
    explicit = language_of(request.args.get("lang"))
    if explicit:
        return explicit
    for part in (request.headers.get("Accept-Language") or "").split(","):
        lang = language_of(part)
        if lang:
            return lang
    return DEFAULT_LANGUAGE


def has_key(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)


def translate(key: str, lang: str | None = None, **params) -> str:
    lang = lang or current_language()
    text = catalogue(lang).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError):
        return text
