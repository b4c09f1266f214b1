"""Input masks and check digits of the questionnaire (req §5, design §6).

Every mask has two halves, mirrored one-to-one in client/src/forms-engine/engine.js:
  apply_mask(mask, raw)  -> what the input shows while the applicant types (never raises)
  mask_valid(mask, value) -> whether a stored value is complete and well formed
"""

from __future__ import annotations

import re

MASK_PATTERNS: dict[str, str] = {
    "decimal2": r"^\d+(\.\d{1,2})?$",  # digits with up to 2 decimals
    "test_doc_number": r"^\d-\d{4}-\d{9}-\d{2}-\d$",  # groups 1-4-9-2-1 joined by dashes
    "test_code": r"^\d{1,9}$",  # digits only, at most 9
    "phone_kz": r"^\+7\d{10}$",  # +7 and 10 digits = 12 characters
    "phone_intl": r"^\+\d{7,15}$",  # E.164
    "iin": r"^\d{12}$",
    "digits": r"^\d+$",
}
_COMPILED = {name: re.compile(pattern) for name, pattern in MASK_PATTERNS.items()}
TEST_DOC_GROUPS = (1, 4, 9, 2, 1)
PHONE_MAX = 12
TEST_CODE_MAX = 9

IIN_WEIGHTS_1 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
IIN_WEIGHTS_2 = (3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2)


def _digits(value: str) -> str:
    return "".join(ch for ch in value if "0" <= ch <= "9")


# The masks whose stored value is the masked text: prepare() applies them on save, like the input does.
NORMALISED_MASKS = ("phone_kz", "phone_intl", "iin", "test_doc_number")


def _phone_kz(text: str) -> str:
    """+7 and 10 digits, whichever way the number arrives (decision 0083): typed key by key, pasted whole or set by
    the browser's autofill, the same rule. A + typed or pasted after the +7 the field shows starts the number again
    (+7+7701… is +7701…). A leading + means the country code was typed and is kept (another country's number stays
    visibly wrong); +78… is the trunk 8 typed after the shown +7 (no Kazakh number starts with 8); a leading 8 is
    the trunk prefix (8 701… = +7 701…); ten digits without either are a national number (701…); anything else gets
    the country code 7 in front. Digits past the twelfth character are dropped."""
    trimmed = text.strip()
    restart = trimmed.rfind("+")
    if restart > 0:
        trimmed = trimmed[restart:]
    digits = _digits(trimmed)
    if not digits:
        return ""
    if trimmed.startswith("+"):
        if digits.startswith("78"):
            digits = "7" + digits[2:]
    elif digits.startswith("8"):
        digits = "7" + digits[1:]
    elif len(digits) == 10 or not digits.startswith("7"):
        digits = "7" + digits
    return ("+" + digits)[:PHONE_MAX]


def apply_mask(mask: str, raw) -> str:
    """Formats raw keyboard input the way the input field shows it."""
    text = "" if raw is None else str(raw)
    if mask == "decimal2":
        out, seen_dot, decimals = [], False, 0
        for ch in text.replace(",", "."):
            if "0" <= ch <= "9":
                if seen_dot:
                    if decimals == 2:
                        continue
                    decimals += 1
                out.append(ch)
            elif ch == "." and not seen_dot and out:
                seen_dot = True
                out.append(ch)
        return "".join(out)
    if mask == "test_doc_number":
        digits = _digits(text)[: sum(TEST_DOC_GROUPS)]
        parts, pos = [], 0
        for size in TEST_DOC_GROUPS:
            if pos >= len(digits):
                break
            parts.append(digits[pos : pos + size])
            pos += size
        return "-".join(parts)
    if mask == "test_code":
        return _digits(text)[:TEST_CODE_MAX]
    if mask == "phone_kz":
        return _phone_kz(text)
    if mask == "phone_intl":
        return ("+" + _digits(text))[:16]
    if mask == "iin":
        return _digits(text)[:12]
    if mask == "digits":
        return _digits(text)
    raise KeyError(f"unknown mask {mask!r}")


def mask_valid(mask: str, value) -> bool:
    if mask not in _COMPILED:
        raise KeyError(f"unknown mask {mask!r}")
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        value = _number_text(value)
    if not isinstance(value, str) or _COMPILED[mask].fullmatch(value) is None:
        return False
    if mask == "iin":
        return iin_valid(value)
    return True


def _number_text(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def iin_check_digit(first11: str) -> int | None:
    """The 12th digit of an IIN, or None when both passes give 10 (no valid IIN has these 11 digits)."""
    digits = [int(ch) for ch in first11]
    total = sum(d * w for d, w in zip(digits, IIN_WEIGHTS_1, strict=True)) % 11
    if total == 10:
        total = sum(d * w for d, w in zip(digits, IIN_WEIGHTS_2, strict=True)) % 11
        if total == 10:
            return None
    return total


def iin_valid(value) -> bool:
    if not isinstance(value, str) or len(value) != 12 or not value.isascii() or not value.isdigit():
        return False
    check = iin_check_digit(value[:11])
    return check is not None and check == int(value[11])
