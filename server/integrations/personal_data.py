"""Masking personal data out of free text before it leaves the portal (issue 22, finding 9): the assistant's
question is sent to an external model only through `mask` (integrations/chat_model.py).

What is masked, however it is written:
- e-mail addresses: `@` or `＠` with or without spaces around it, and the spelled forms "at", "(at)", "[at]",
  "{at}", "собака", "айқұлақ" with "dot", "(dot)", "точка", "нүкте" for the dots → `[email]`;
- IINs (12 digits), phone numbers (+7 / 8 / none, then 10 digits; local 7-digit numbers), ID cards (9 digits),
  bank cards and any other run of 9 or more digits, in any grouping, with spaces, dots, dashes, slashes or
  brackets between the groups → `[number]`;
- passports (N or Н and 8 digits) and any number of 5 or more digits written right after №, "ИИН", "паспорт",
  "телефон"… → `[number]`;
- 6 to 8 digits written in one piece (upload codes, halves of an IIN) and 5 to 8 digits in several pieces that are
  neither a date nor an amount (`250-12-34`, `9001 0130`) → `[number]`.

What the assistant needs is left as typed: numbers of up to 4 digits (years, scores, rooms), programme codes such
as 6B06102, dates (15.03.2026, 2026-03-15) and their ranges, amounts grouped by thousands (9 990, 1 500 000) or
followed by a currency (150000 тенге), and year ranges (2025-2026). The corpus both ways is
tests/integration/chat_masking_corpus.json.
"""

from __future__ import annotations

import re

EMAIL = "[email]"
NUMBER = "[number]"

# --------------------------------------------------------------------------------------------------- e-mail

_LABEL = r"[\w+\-]+"
# A match starts at the beginning of a word: trying every character of a long word would be quadratic.
_START = r"(?<![\w+\-.])"
_OPEN, _CLOSE = r"[(\[{<]", r"[)\]}>]"
_AT_WORDS = r"(?:at|собака|айқұлақ)"
_DOT_WORDS = r"(?:dot|точка|нүкте)"
_SPELLED_AT = rf"(?:\s*{_OPEN}\s*(?:{_AT_WORDS}|@)\s*{_CLOSE}\s*|\s+{_AT_WORDS}\s+)"
_SPELLED_DOT = rf"(?:\s*{_OPEN}\s*{_DOT_WORDS}\s*{_CLOSE}\s*|\s+{_DOT_WORDS}\s+)"
# A literal dot takes spaces on both sides or none ("Привет. ivan@…" keeps its greeting); after the "@" a space
# may also follow it when a lower-case top-level domain comes next ("mail. kz"), not a new sentence.
_DOT = rf"(?:\.|\s\.\s|{_SPELLED_DOT})"
_DOMAIN_DOT = rf"(?:\s?\.(?:\s(?=(?-i:[a-z]{{2,6}})\b))?|{_SPELLED_DOT})"
# A written "@" is an address even without a top-level domain ("ivan@gmail").
_WRITTEN_AT = re.compile(
    rf"{_START}{_LABEL}(?:{_DOT}{_LABEL})*\s*[@＠]\s*{_LABEL}(?:{_DOMAIN_DOT}{_LABEL})*", re.IGNORECASE
)
# A spelled "at" needs a domain with a dot and a top-level domain of letters, or "I study at home" would be masked.
_SPELLED = re.compile(
    rf"{_START}{_LABEL}(?:{_DOT}{_LABEL})*{_SPELLED_AT}{_LABEL}(?:{_DOT}{_LABEL})*{_DOT}[^\W\d_]{{2,24}}\b",
    re.IGNORECASE,
)

# -------------------------------------------------------------------------------------------------- numbers

# Kazakh passports: N and 8 digits (people typing in Russian write a Cyrillic Н).
_PASSPORT = re.compile(r"(?<![^\W\d_])[NНnн]\s?№?\s?\d(?:[\s\-]?\d){7}(?!\d)")
# Digit groups joined by up to 4 separator characters; a leading + or bracket belongs to a phone.
_SEPARATORS = r"[^\S\n\r]|[.\-‐‑–—/\\_()]"
_CLUSTER = re.compile(rf"(?:\+\s?)?\(?\d(?:(?:{_SEPARATORS}){{0,4}}\d)*")
# Words right before a number that make it personal whatever its shape.
_CONTEXT = re.compile(
    r"(?<!\w)(?:иин|iin|жсн|паспорт\w*|passport|төлқұжат\w*|удостоверени\w*|куәлі\w*|телефон\w*|тел|phone|tel|"
    r"моб\w*|whatsapp|ватсап|номер\w*|нөмір\w*|№|#)[\s:.\-–=№#]*$",
    re.IGNORECASE,
)
_CURRENCY = re.compile(r"\s?(?:тенге|теңге|тг\b|₸|kzt|tenge|%)", re.IGNORECASE)
_AMOUNT = re.compile(r"\d{1,3}(?:[ \u00a0\u202f.]\d{3})+")
_DMY = re.compile(r"(\d{1,2})[./\-](\d{1,2})[./\-](\d{4}|\d{2})")
_YMD = re.compile(r"(\d{4})[./\-](\d{1,2})[./\-](\d{1,2})")
_RANGE_SPLITS = (re.compile(r"\s*[–—]\s*"), re.compile(r"\s+[-‐‑]\s+"), re.compile(r"[-‐‑]"), re.compile(r"/"))


def _is_date(text: str) -> bool:
    if match := _DMY.fullmatch(text):
        day, month, year = (int(part) for part in match.groups())
        return 1 <= day <= 31 and 1 <= month <= 12 and (len(match.group(3)) == 2 or 1900 <= year <= 2100)
    if match := _YMD.fullmatch(text):
        year, month, day = (int(part) for part in match.groups())
        return 1900 <= year <= 2100 and 1 <= month <= 12 and 1 <= day <= 31
    return False


def _is_small(text: str) -> bool:
    """An amount grouped by thousands, or a number of up to 4 digits (a year)."""
    return bool(_AMOUNT.fullmatch(text) or re.fullmatch(r"\d{1,4}", text))


def _is_pair(text: str, check) -> bool:
    """Two parts joined by a dash or a slash, both passing `check` (a range of dates, years or amounts)."""
    for split in _RANGE_SPLITS:
        parts = split.split(text)
        if len(parts) == 2 and all(check(part.strip("() ")) for part in parts):
            return True
    return False


def _keeps(text: str, before: str, after: str) -> bool:
    """Whether a run of digits is something the assistant needs rather than personal data."""
    digits = sum(char.isdigit() for char in text)
    if text.startswith("+"):
        return digits < 5
    if digits < 5:
        return True
    if _CONTEXT.search(before[-40:]):
        return False
    if _is_date(text) or _is_pair(text, _is_date):
        return True
    if digits <= 10 and _CURRENCY.match(after):
        return True
    if digits <= 8 and (_AMOUNT.fullmatch(text) or _is_pair(text, _is_small)):
        return True
    if digits >= 9:
        return False
    # 5 digits in one piece stay (an amount without its currency); longer pieces and odd groupings are identifiers.
    return digits < 6 and text.isdigit()


def _number(match: re.Match) -> str:
    text = match.group()
    whole = match.string
    return text if _keeps(text, whole[: match.start()], whole[match.end() :]) else NUMBER


def mask(text: str) -> str:
    """`text` with e-mail addresses, identity and document numbers, phones and card numbers masked."""
    text = _WRITTEN_AT.sub(EMAIL, text)
    text = _SPELLED.sub(EMAIL, text)
    text = _PASSPORT.sub(NUMBER, text)
    return _CLUSTER.sub(_number, text)
