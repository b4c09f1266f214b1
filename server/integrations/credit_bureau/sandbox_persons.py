"""Test persons of the sandbox credit bureau (PKB_PROVIDER=sandbox), documented in README.md "Credit bureau (PKB)".

Each IIN has a valid check digit; date of birth and gender are what the IIN encodes (server/iin.py). The bureau
delivers the consent code to the phone listed here, through the SMS dev outbox (/api/v1/dev/sms-outbox).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SandboxPerson:
    iin: str
    last_name: str
    first_name: str
    middle_name: str | None
    phone: str


PERSONS: tuple[SandboxPerson, ...] = (
    SandboxPerson("060315501232", "Ахметов", "Нурлан", "Серикович", "+77011234501"),
    SandboxPerson("051102604563", "Смагулова", "Айгерим", "Маратовна", "+77021234502"),
    SandboxPerson("990721307894", "Иванов", "Дмитрий", "Сергеевич", "+77071234503"),
    SandboxPerson("981204403213", "Жумабаева", "Әсем", None, "+77471234504"),
)

# A well-formed IIN (valid check digit) that the state e-government base does not know: 422 pkb.not_registered.
UNKNOWN_IIN = "070101599995"
# The bureau "times out" for this IIN (any phone, any name): 503 pkb.unavailable, nothing changes.
FAULT_IIN = "010101500003"

BY_IIN = {person.iin: person for person in PERSONS}
