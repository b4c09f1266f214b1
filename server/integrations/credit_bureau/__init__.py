"""Credit bureau (PKB): the applicant's consent request and the person's data (req §3, §5; design §8).

The consent code is ours (server/pkb/requests.py: 6 digits, hashed, single use, attempt-limited). A bureau
  1. `start`: checks that the person is registered in the state e-government base under this IIN, phone and name,
     and delivers our code to that phone; answers its own reference for the request;
  2. `fetch_person`: once the applicant has typed the code, hands over the person's data for that reference,
     the code being the proof of consent.
Adapters (PKB_PROVIDER): `sandbox` (the default with APP_ENV=development, and only there; a registry of documented
test persons, codes through the SMS dev outbox), `http` (JSON over HTTP to PKB_URL with PKB_API_KEY) and `disabled`
(503 `pkb.disabled`, "temporarily unavailable"). Every failure of the bureau itself is BureauUnavailable: the caller
changes nothing and answers 503 "try later".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from flask import current_app

from ...config import DISABLED, SANDBOX, is_development
from ...errors import Unavailable


@dataclass(frozen=True)
class Subject:
    """Who the applicant says they are (the create-request answers)."""

    iin: str
    phone: str
    last_name: str
    first_name: str


@dataclass(frozen=True)
class Person:
    """The person as the bureau knows them."""

    iin: str
    last_name: str
    first_name: str
    middle_name: str | None
    date_of_birth: date | None
    gender: int | None  # 1 male, 2 female


class BureauError(Exception):
    """Base of the adapters' failures."""


class BureauUnavailable(BureauError):
    """Timeout, connection failure, 5xx, or an answer we cannot read: nothing happened, try again later."""


class PersonRejected(BureauError):
    """The bureau refuses this subject; `reason` names why (a catalogue key suffix under pkb.)."""

    NOT_REGISTERED = "not_registered"  # no such IIN in the state e-government base (req §5)
    PHONE_MISMATCH = "phone_mismatch"  # the phone is not the one registered to this IIN
    NAME_MISMATCH = "name_mismatch"  # the last or first name differs from the base
    REASONS = (NOT_REGISTERED, PHONE_MISMATCH, NAME_MISMATCH)

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason if reason in self.REASONS else self.NOT_REGISTERED


class CreditBureau(Protocol):
    name: str

    def start(self, subject: Subject, code: str, reference: str) -> str:
        """Delivers `code` to the subject's phone; answers the bureau's reference of the request."""

    def fetch_person(self, provider_reference: str, subject: Subject, code: str) -> Person:
        """The person's data once the applicant has confirmed the code."""


PROVIDERS = ("sandbox", "http")


def get_credit_bureau() -> CreditBureau:
    provider = current_app.config.get("PKB_PROVIDER")
    if provider == DISABLED:
        raise Unavailable("pkb.disabled")
    if provider == "http":
        from .http import HttpBureau

        return HttpBureau.from_config(current_app.config)
    if provider == SANDBOX:
        # Anyone could "confirm" a test person: never outside development.
        if not is_development(current_app.config):
            raise BureauUnavailable("the sandbox runs only with APP_ENV=development")
        from ..sms import get_sms_sender
        from .sandbox import SandboxBureau

        return SandboxBureau(get_sms_sender())
    raise ValueError(f"PKB_PROVIDER must be one of {', '.join(PROVIDERS)}, not {provider!r}")
