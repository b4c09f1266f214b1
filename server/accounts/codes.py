"""One-time codes shared by the account flows and the credit-bureau request (decision 0002, design §9).

6 digits from `secrets`, stored only as a keyed hash, valid OTP_TTL_SECONDS, single use; the OTP_MAX_ATTEMPTS-th
wrong try voids the code. Callers decide which older codes a new one voids and when a good code is consumed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from flask import current_app

from ..errors import Invalid
from ..extensions import db
from ..models import OneTimeCode
from ..models.base import utcnow
from ..security import codes_match, hash_code, new_code


@dataclass(frozen=True)
class CodeMessages:
    """Catalogue keys of the three ways a code can be refused."""

    wrong: str = "auth.wrong_code"
    expired: str = "auth.code_expired"
    exhausted: str = "auth.code_attempts_exceeded"


DEFAULT_MESSAGES = CodeMessages()


def issue(user_id: int, purpose: str, **extra) -> tuple[OneTimeCode, str]:
    """A new code row (added to the session, not committed) and the plain code to deliver."""
    now = utcnow()
    code = new_code()
    record = OneTimeCode(
        user_id=user_id,
        purpose=purpose,
        code_hash=hash_code(code, purpose, user_id),
        created_at=now,
        expires_at=now + timedelta(seconds=current_app.config["OTP_TTL_SECONDS"]),
        **extra,
    )
    db.session.add(record)
    return record, code


def check(record: OneTimeCode | None, code: str, messages: CodeMessages = DEFAULT_MESSAGES) -> None:
    """Raises ApiError(400) unless `code` is the live code of `record`. A wrong try is counted and committed
    before the error is raised, so attempts add up across requests."""
    max_attempts = current_app.config["OTP_MAX_ATTEMPTS"]
    if record is None:
        raise Invalid(messages.wrong)
    if record.consumed_at is not None:
        raise Invalid(messages.exhausted if record.attempts >= max_attempts else messages.wrong)
    if record.expires_at <= utcnow():
        raise Invalid(messages.expired)
    if not codes_match(record.code_hash, code, record.purpose, record.user_id):
        count_wrong_try(record)
        raise Invalid(messages.wrong)


def count_wrong_try(record: OneTimeCode) -> None:
    """Counts a failed try of `record` and commits it (the caller raises next); the OTP_MAX_ATTEMPTS-th voids it."""
    record.attempts += 1
    if record.attempts >= current_app.config["OTP_MAX_ATTEMPTS"]:
        record.consumed_at = utcnow()
    # Committed here, on its own, even inside a use case's unit of work: the caller raises next and its rollback
    # must not give the guesser the try back.
    db.session.commit()
