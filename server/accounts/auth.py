"""Accounts, codes and sessions (req §3 User, §4 sign-up verification, §5, §8; design §9).

Each public function is one use case and owns its transaction. Nothing here tells a caller whether an
e-mail is registered: sign-up, resend and reset answer the same either way (decision 0002). The one exception is a
resend within OTP_RESEND_INTERVAL_SECONDS of a pending account's last code (429; decision 0002). Mail is queued
before the commit and goes out after it (server/jobs/mail.py), off the request path when a worker runs.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from flask_jwt_extended import create_access_token, get_jti
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from ..errors import ApiError
from ..extensions import db
from ..i18n import current_language
from ..jobs import enqueue_after_commit
from ..jobs.mail import queue_mail
from ..models import AuthSession, OneTimeCode, User
from ..models.base import utcnow
from ..security import burn_password_check, hash_password, verify_password
from . import codes
from . import dao as users_dao

PURPOSE_VERIFY = "verify_email"
PURPOSE_RESET = "reset_password"


@dataclass
class SignedIn:
    user: User
    token: str


def _void_codes(user_id: int, purpose: str, now) -> None:
    """Voids every open code of a purpose and drops the password hashes waiting on them (they can never apply)."""
    users_dao.void_codes(user_id, purpose, now)
    db.session.execute(
        update(OneTimeCode)
        .where(
            OneTimeCode.user_id == user_id,
            OneTimeCode.purpose == purpose,
            OneTimeCode.pending_password_hash.is_not(None),
        )
        .values(pending_password_hash=None)
    )


def _issue_code(user: User, purpose: str, pending_password_hash: str | None = None) -> str:
    """A new code voids the previous one of the same purpose. `pending_password_hash` (sign-up of an unverified
    account only) becomes the account's password when, and only when, this code is verified."""
    _void_codes(user.id, purpose, utcnow())
    _record, code = codes.issue(user.id, purpose, pending_password_hash=pending_password_hash)
    return code


def _open_verification_code(user: User) -> OneTimeCode | None:
    """The newest verification code while it has not expired. A code burnt by wrong tries still counts until its
    expiry, or an attacker could burn the owner's code and then sign up again with a password of their own."""
    record = users_dao.latest_code(user.id, PURPOSE_VERIFY)
    return record if record is not None and record.expires_at > utcnow() else None


def _queue_mail(recipient: str, template: str, **params) -> None:
    """Mail in the caller's language, sent once the use case commits. Whether delivery works is not the caller's
    business: every outcome answers the same (decision 0061)."""
    queue_mail(recipient, template, current_language(), **params)


def _check_code(user: User | None, purpose: str, code: str) -> OneTimeCode:
    """Validates a code; a wrong try is counted and committed before the error is raised."""
    record = users_dao.latest_code(user.id, purpose) if user is not None else None
    codes.check(record, code)
    return record


def start_session(user: User) -> str:
    token = create_access_token(identity=str(user.id))
    db.session.add(
        AuthSession(
            jti=get_jti(token),
            user_id=user.id,
            created_at=utcnow(),
            expires_at=utcnow() + current_app.config["JWT_ACCESS_TOKEN_EXPIRES"],
        )
    )
    return token


def _create_account(email: str, password_hash: str) -> User | None:
    """Inserts a new unverified account and its first code; None when a concurrent sign-up of the same address
    inserted it first (the unique e-mail refused ours): the caller goes on as for an existing account."""
    user = User(email=users_dao.normalise_email(email), password_hash=password_hash)
    db.session.add(user)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return None
    code = _issue_code(user, PURPOSE_VERIFY)
    _queue_mail(user.email, "verify", code=code)
    db.session.commit()
    return user


def sign_up(email: str, password: str) -> None:
    """Every outcome answers the same (decision 0002). Hashing first also spends the same argon2 time on each path."""
    password_hash = hash_password(password)
    user = users_dao.get_by_email(email)
    if user is None:
        if _create_account(email, password_hash) is not None:
            return
        user = users_dao.get_by_email(email)
        if user is None:  # the competing insert was rolled back too: nothing to do, nothing to tell
            return
    if user.is_verified:
        # The owner learns about the attempt by mail; the caller learns nothing (no enumeration).
        _queue_mail(user.email, "already_registered")
        db.session.commit()  # nothing changed but the queued mail, which leaves on commit
        return
    if _open_verification_code(user) is not None:
        # A code of an earlier sign-up (or resend) is still open: keep it. Replacing it would mail the owner a
        # fresh code that carries this caller's password (decision 0002). The owner can resend with generate-otp.
        return
    # Never users.password_hash directly: the new password waits on this code and applies only if it is verified.
    code = _issue_code(user, PURPOSE_VERIFY, pending_password_hash=password_hash)
    _queue_mail(user.email, "verify", code=code)
    db.session.commit()


def resend_verification(email: str) -> None:
    """A resent code carries no password: verifying it keeps the account's password as it is."""
    user = users_dao.get_by_email(email)
    if user is None or user.is_verified:
        return
    interval = current_app.config["OTP_RESEND_INTERVAL_SECONDS"]
    latest = users_dao.latest_code(user.id, PURPOSE_VERIFY)
    if latest is not None and interval > 0:
        wait = (latest.created_at + timedelta(seconds=interval) - utcnow()).total_seconds()
        if wait > 0:
            # The code sent moments ago is still valid; say when a new one can be asked for.
            seconds = math.ceil(wait)
            raise ApiError(429, "auth.resend_too_soon", seconds=seconds, headers={"Retry-After": str(seconds)})
    code = _issue_code(user, PURPOSE_VERIFY)
    _queue_mail(user.email, "verify", code=code)
    db.session.commit()


def verify_email(email: str, code: str) -> SignedIn:
    user = users_dao.get_by_email(email)
    record = _check_code(user, PURPOSE_VERIFY, code)
    now = utcnow()
    record.consumed_at = now
    if record.pending_password_hash is not None:
        # The sign-up that asked for this very code chose the password; the mailbox owner just confirmed it.
        user.password_hash = record.pending_password_hash
        record.pending_password_hash = None
    user.is_verified = True
    # Tokens handed out before the address was proved (sign-in of an unverified account, possibly with a
    # password that has just been replaced) end here; the prover gets a fresh one.
    users_dao.revoke_sessions(user.id, now)
    token = start_session(user)
    db.session.commit()
    return SignedIn(user, token)


def sign_in(email: str, password: str) -> SignedIn:
    user = users_dao.get_by_email(email)
    if user is None:
        burn_password_check(password)
        raise ApiError(400, "auth.invalid_credentials")
    if not verify_password(user.password_hash, password):
        raise ApiError(400, "auth.invalid_credentials")
    token = start_session(user)
    db.session.commit()
    return SignedIn(user, token)


def sign_out(jti: str) -> None:
    session = users_dao.session_by_jti(jti)
    if session is not None and session.revoked_at is None:
        session.revoked_at = utcnow()
        db.session.commit()


def request_password_reset(email: str) -> None:
    """The same work whatever the address: one job, which looks it up, issues the code and mails it. With a worker
    the response time no longer tells whether the address is registered (decisions 0002, 0061)."""

    enqueue_after_commit("auth.send_reset_code", email, current_language())
    db.session.commit()


def send_reset_code(email: str, lang: str) -> None:
    """The job behind request_password_reset: a code and its mail for a registered address, nothing otherwise."""
    user = users_dao.get_by_email(email)
    if user is None:
        return
    code = _issue_code(user, PURPOSE_RESET)
    queue_mail(user.email, "reset", lang, code=code)
    db.session.commit()


def confirm_reset_code(email: str, code: str) -> str:
    user = users_dao.get_by_email(email)
    record = _check_code(user, PURPOSE_RESET, code)
    if record.verified_at is not None:
        # Single use: a code already exchanged for a ticket cannot mint another one (nor extend its own life).
        raise ApiError(400, "auth.wrong_code")
    record.verified_at = utcnow()
    record.ticket = secrets.token_urlsafe(32)
    # The ticket lives as long as a fresh code would: enough to type a new password.
    record.expires_at = utcnow() + timedelta(seconds=current_app.config["OTP_TTL_SECONDS"])
    db.session.commit()
    return record.ticket


def reset_password(email: str, password: str, ticket: str) -> None:
    user = users_dao.get_by_email(email)
    record = users_dao.code_by_ticket(ticket)
    if (
        user is None
        or record is None
        or record.user_id != user.id
        or record.purpose != PURPOSE_RESET
        or record.verified_at is None
        or record.consumed_at is not None
        or record.expires_at <= utcnow()
    ):
        raise ApiError(400, "auth.reset_ticket_invalid")
    now = utcnow()
    record.consumed_at = now
    user.password_hash = hash_password(password)
    # Whoever could read the mailbox now owns the account: the reset also proves the address, and an open
    # sign-up code (with the password it carries) can no longer change it.
    user.is_verified = True
    _void_codes(user.id, PURPOSE_VERIFY, now)
    users_dao.revoke_sessions(user.id, now)
    db.session.commit()


@dataclass
class PurgedRecords:
    codes: int
    sessions: int


def purge_expired_records(retention: timedelta) -> PurgedRecords:
    """Deletes codes that expired, and sessions that were revoked or expired, more than `retention` ago: none of
    them can be used again (a periodic job, accounts/jobs.py)."""
    cutoff = utcnow() - retention
    purged = PurgedRecords(
        codes=users_dao.delete_codes_expired_before(cutoff), sessions=users_dao.delete_sessions_ended_before(cutoff)
    )
    db.session.commit()
    return purged
