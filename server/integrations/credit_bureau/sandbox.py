"""The sandbox credit bureau: a real code path over a registry of test persons (sandbox_persons.py).

It checks the subject the way the bureau does (IIN known, phone registered to it, names as in the base) and
"sends" the consent code as a text message through the SMS adapter (the dev outbox).
"""

from __future__ import annotations

import logging
import secrets

from server.i18n import translate
from server.iin import birth_date, gender, masked

from ..sms import SmsSender
from . import BureauUnavailable, Person, PersonRejected, Subject
from .sandbox_persons import BY_IIN, FAULT_IIN

log = logging.getLogger(__name__)


def _same_name(a: str | None, b: str | None) -> bool:
    return (a or "").strip().casefold() == (b or "").strip().casefold()


class SandboxBureau:
    name = "sandbox"

    def __init__(self, sms: SmsSender):
        self.sms = sms

    def _person(self, subject: Subject):
        if subject.iin == FAULT_IIN:
            log.warning("sandbox credit bureau: simulated timeout", extra={"iin": masked(subject.iin)})
            raise BureauUnavailable("sandbox: simulated timeout")
        person = BY_IIN.get(subject.iin)
        if person is None:
            raise PersonRejected(PersonRejected.NOT_REGISTERED)
        return person

    def start(self, subject: Subject, code: str, reference: str) -> str:
        person = self._person(subject)
        if person.phone != subject.phone:
            raise PersonRejected(PersonRejected.PHONE_MISMATCH)
        if not (_same_name(person.last_name, subject.last_name) and _same_name(person.first_name, subject.first_name)):
            raise PersonRejected(PersonRejected.NAME_MISMATCH)
        self.sms.send(person.phone, translate("sms.pkb_code", code=code))
        return f"sandbox-{secrets.token_hex(8)}"

    def fetch_person(self, provider_reference: str, subject: Subject, code: str) -> Person:
        person = self._person(subject)
        return Person(
            iin=person.iin,
            last_name=person.last_name,
            first_name=person.first_name,
            middle_name=person.middle_name,
            date_of_birth=birth_date(person.iin),
            gender=gender(person.iin),
        )
