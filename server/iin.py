"""What an IIN (individual identification number of Kazakhstan) says about its holder, and how to log one.

Layout: YYMMDD, then the century-and-gender digit (7th), then a 4-digit serial and the check digit
(server/forms/masks.py: iin_valid). The 7th digit is odd for men and even for women: 1/2 born in the 19th century,
3/4 in the 20th, 5/6 in the 21st. Other values (0, 7, 8, 9) carry no birth facts.
"""

from __future__ import annotations

from datetime import date

from .forms.masks import iin_valid

# Gender switch values of the questionnaire (form.switch.gender_1 = male, gender_2 = female).
GENDER_MALE = 1
GENDER_FEMALE = 2

_CENTURIES = {1: 1800, 2: 1800, 3: 1900, 4: 1900, 5: 2000, 6: 2000}


def gender(iin: str) -> int | None:
    """GENDER_MALE / GENDER_FEMALE from the 7th digit, None when the IIN carries no such fact."""
    if not iin_valid(iin):
        return None
    digit = int(iin[6])
    if digit not in _CENTURIES:
        return None
    return GENDER_MALE if digit % 2 else GENDER_FEMALE


def birth_date(iin: str) -> date | None:
    """The date of birth encoded in the first six digits and the century digit, None when it is not a real date."""
    if not iin_valid(iin):
        return None
    century = _CENTURIES.get(int(iin[6]))
    if century is None:
        return None
    try:
        return date(century + int(iin[0:2]), int(iin[2:4]), int(iin[4:6]))
    except ValueError:
        return None


def masked(iin: str | None) -> str:
    """For logs (design §9: no full IIN): every character but the last four replaced, e.g. ********0017."""
    text = str(iin or "")
    return "*" * max(len(text) - 4, 0) + text[-4:]
