"""The password policy (issue 22; decision 0078).

Everyone: no password from the common-password list that ships with the project (the 30,000 most common passwords
of zxcvbn's lists, server/accounts/data/common_passwords.txt.gz, built by scripts/build_common_passwords.py;
compared case-insensitively, nothing is fetched at run time). Applicants keep the spec's length rule (6 to 128
characters, accounts/schemas.py); staff passwords are at least STAFF_MIN_LENGTH characters (OWASP ASVS 5.0 L2).

`common_password_rule` is a marshmallow validator for the request schemas; `check_staff_password` and
`check_password` raise the domain's Invalid for use cases that set a password (create-admin, reset, staff tools).
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path

from marshmallow import ValidationError

from ..errors import Invalid, LocalizedMessage

STAFF_MIN_LENGTH = 12
MAX_LENGTH = 128
COMMON_PASSWORDS_FILE = Path(__file__).resolve().parent / "data" / "common_passwords.txt.gz"


@lru_cache(maxsize=1)
def _common_passwords() -> frozenset[str]:
    # Read once per process (about 30,000 short strings, well under 2 MB).
    with gzip.open(COMMON_PASSWORDS_FILE, "rt", encoding="utf-8") as lines:
        return frozenset(line.rstrip("\n") for line in lines if line.strip())


def is_common(password: str) -> bool:
    return password.strip().lower() in _common_passwords()


def problem(password: str, *, staff: bool) -> LocalizedMessage | None:
    """The catalogue key of what is wrong with a new password, or None when the policy accepts it. Length first:
    the shortest passwords are also the most common ones, and the length is the actionable part."""
    if staff and len(password) < STAFF_MIN_LENGTH:
        return LocalizedMessage("auth.staff_password_length", min=STAFF_MIN_LENGTH)
    if len(password) > MAX_LENGTH:
        return LocalizedMessage("auth.password_too_long", max=MAX_LENGTH)
    if is_common(password):
        return LocalizedMessage("auth.password_common")
    return None


def common_password_rule(value: str) -> None:
    """marshmallow validator: refuses a password on the common list (sign-up, reset)."""
    if isinstance(value, str) and is_common(value):
        raise ValidationError(LocalizedMessage("auth.password_common"))


def check_password(password: str, *, staff: bool, field: str = "password") -> None:
    """Raises Invalid (400, the field named) unless the policy accepts `password` for this kind of account."""
    message = problem(password, staff=staff)
    if message is not None:
        raise Invalid(str(message), errors={field: [message]}, **message.params)


def check_staff_password(password: str, field: str = "password") -> None:
    check_password(password, staff=True, field=field)
