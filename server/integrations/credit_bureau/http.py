"""The credit bureau over HTTP (PKB_PROVIDER=http): JSON to PKB_URL, authenticated with PKB_API_KEY.

The contract (docs/decisions/0064-credit-bureau.md):
  POST {PKB_URL}/consent-requests            {iin, phone, last_name, first_name, consent_code, reference}
       200/201 {"request_id": "..."}; the bureau texts consent_code to the phone registered to the IIN.
  POST {PKB_URL}/consent-requests/{id}/person {consent_code}
       200 {"iin", "last_name", "first_name", "middle_name", "date_of_birth": "YYYY-MM-DD"}
       (the gender is derived from the IIN; a missing date of birth too)
  A refusal of the subject: 404 or 422 with {"error": "not_registered" | "phone_mismatch" | "name_mismatch"}.
Anything else (timeout, connection error, redirect, 5xx, another 4xx, unreadable JSON, data of another person)
is BureauUnavailable. Requests carry `Authorization: Bearer <PKB_API_KEY>`; nothing secret is logged.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from datetime import date
from urllib.parse import quote, urlsplit

from server.iin import birth_date, gender, masked

from . import BureauUnavailable, Person, PersonRejected, Subject

log = logging.getLogger(__name__)

MAX_ANSWER_BYTES = 64 * 1024
REFUSAL_STATUSES = (404, 422)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A bureau that redirects is misconfigured (or not the bureau): never resend the body elsewhere."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _text(value, limit: int = 100) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()[:limit]


class HttpBureau:
    name = "http"

    def __init__(self, base_url: str, api_key: str, timeout: float):
        if urlsplit(base_url).scheme not in ("http", "https") or not urlsplit(base_url).netloc:
            raise BureauUnavailable("PKB_URL must be an http(s) URL")
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    @classmethod
    def from_config(cls, config) -> HttpBureau:
        url, key = config.get("PKB_URL"), config.get("PKB_API_KEY")
        if not url or not key:
            log.error("credit bureau misconfigured: PKB_PROVIDER=http needs PKB_URL and PKB_API_KEY")
            raise BureauUnavailable("PKB_URL / PKB_API_KEY not set")
        return cls(url, key, float(config.get("PKB_TIMEOUT_SECONDS", 10)))

    # ------------------------------------------------------------------------------------------------ transport

    def _post(self, path: str, body: dict, action: str) -> dict:
        request = urllib.request.Request(
            self.base_url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json",
                "Authorization": f"Bearer {self.api_key}",
            },
        )
        try:
            with _OPENER.open(request, timeout=self.timeout) as response:
                return self._json(response.read(MAX_ANSWER_BYTES + 1), action)
        except urllib.error.HTTPError as error:
            status = error.code
            answer = self._refusal(error) if status in REFUSAL_STATUSES else None
            if answer is not None:
                raise PersonRejected(answer) from None
            log.error("credit bureau refused the call", extra={"action": action, "status": status})
            raise BureauUnavailable(f"HTTP {status}") from None
        except TimeoutError as error:
            log.error("credit bureau timed out", extra={"action": action, "timeout_s": self.timeout})
            raise BureauUnavailable("timeout") from error
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            kind = "timeout" if isinstance(reason, TimeoutError) else type(reason).__name__
            log.error("credit bureau unreachable", extra={"action": action, "error": kind})
            raise BureauUnavailable(kind) from error

    @staticmethod
    def _json(raw: bytes, action: str) -> dict:
        if len(raw) > MAX_ANSWER_BYTES:
            log.error("credit bureau answer too large", extra={"action": action})
            raise BureauUnavailable("answer too large")
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            log.error("credit bureau answer is not JSON", extra={"action": action})
            raise BureauUnavailable("answer is not JSON") from None
        if not isinstance(value, dict):
            log.error("credit bureau answer is not an object", extra={"action": action})
            raise BureauUnavailable("answer is not an object")
        return value

    @staticmethod
    def _refusal(error: urllib.error.HTTPError) -> str | None:
        try:
            value = json.loads(error.read(MAX_ANSWER_BYTES).decode("utf-8"))
        except (UnicodeDecodeError, ValueError, OSError):
            return None
        reason = value.get("error") if isinstance(value, dict) else None
        return reason if reason in PersonRejected.REASONS else None

    # --------------------------------------------------------------------------------------------------- calls

    def start(self, subject: Subject, code: str, reference: str) -> str:
        answer = self._post(
            "/consent-requests",
            {
                "iin": subject.iin,
                "phone": subject.phone,
                "last_name": subject.last_name,
                "first_name": subject.first_name,
                "consent_code": code,
                "reference": reference,
            },
            "start",
        )
        request_id = answer.get("request_id")
        if not isinstance(request_id, str) or not 0 < len(request_id) <= 128:
            log.error("credit bureau answer without a request id", extra={"action": "start"})
            raise BureauUnavailable("no request_id")
        return request_id

    def fetch_person(self, provider_reference: str, subject: Subject, code: str) -> Person:
        answer = self._post(
            f"/consent-requests/{quote(provider_reference, safe='')}/person", {"consent_code": code}, "fetch_person"
        )
        if answer.get("iin") != subject.iin:
            log.error("credit bureau answered another person", extra={"iin": masked(subject.iin)})
            raise BureauUnavailable("another person")
        last_name, first_name = _text(answer.get("last_name")), _text(answer.get("first_name"))
        if last_name is None or first_name is None:
            log.error("credit bureau answer without names", extra={"iin": masked(subject.iin)})
            raise BureauUnavailable("no names")
        return Person(
            iin=subject.iin,
            last_name=last_name,
            first_name=first_name,
            middle_name=_text(answer.get("middle_name")),
            date_of_birth=_date(answer.get("date_of_birth")) or birth_date(subject.iin),
            gender=gender(subject.iin),  # req §5 / issue 11: gender follows from the IIN's 7th digit
        )


def _date(value) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None
