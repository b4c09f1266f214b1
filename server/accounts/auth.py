"""Accounts, codes and sessions (req §3 User, §4 sign-up verification, §5, §8; design §9).

Each public function is one use case and owns its transaction. Nothing here tells a caller whether an
e-mail is registered: sign-up, resend and reset answer the same either way (decision 0002). The one exception is a
resend within OTP_RESEND_INTERVAL_SECONDS of a pending account's last code (429; decision 0002). Mail is queued
before the commit and goes out after it (server/jobs/mail.py), off the request path when a worker runs.

An account's password is never one chosen by someone who has not read its mailbox (issue 22, finding 5): a sign-up's
password waits on the code mailed for it and applies only when that code is entered together with that password.
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

from ..database import unit_of_work, use_case
from ..errors import Forbidden, Invalid, TooMany
from ..extensions import db
from ..i18n import current_language
from ..jobs import enqueue_after_commit
from ..jobs.mail import queue_mail
from ..models import AuthSession, OneTimeCode, User
from ..models.base import utcnow
from ..security import burn_password_check, hash_password, needs_rehash, verify_password
from . import codes, passwords, second_factor
from . import dao as users_dao
from .sign_in_guard import SignInGuard
from .users import language_of

PURPOSE_VERIFY = "verify_email"
PURPOSE_RESET = "reset_password"
# users.password_hash of an account whose address nobody has proved yet: matches no password (the password of its
# latest sign-up waits on the verification code, see sign_up).
NO_PASSWORD_YET = "!"


@dataclass
class SignedIn:
    user: User
    token: str


@dataclass
class SecondFactorStep:
    """A staff password was right, and no session yet: the challenge goes with a code to
    POST /auth/sign-in/second-factor, or, while `enrolment_required`, to the enrolment calls (decision 0078)."""

    challenge: str
    enrolment_required: bool


def _session_or_second_factor(user: User) -> SignedIn | SecondFactorStep:
    """Every path that proves a password ends here: applicants get their session, staff a second-factor challenge.
    Joins the caller's unit of work."""
    refuse_deactivated(user)
    if second_factor.required(user):
        return SecondFactorStep(second_factor.issue_challenge(user), not second_factor.is_enrolled(user))
    return SignedIn(user, start_session(user))


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


def _queue_mail(user: User, template: str, **params) -> None:
    """Mail in the user's stored language (issue 26), sent once the use case commits. Whether delivery works is
    not the caller's business: every outcome answers the same (decision 0061)."""
    queue_mail(user.email, template, language_of(user), **params)


def _check_code(user: User | None, purpose: str, code: str) -> OneTimeCode:
    """Validates a code; a wrong try is counted and committed before the error is raised."""
    record = users_dao.latest_code(user.id, purpose) if user is not None else None
    codes.check(record, code)
    return record


def refuse_deactivated(user: User) -> None:
    """A staff account a manager deactivated cannot sign in, whatever it proves (decision 0079)."""
    if user.deactivated_at is not None:
        raise Forbidden("auth.account_deactivated")


def start_session(user: User) -> str:
    refuse_deactivated(user)
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
    """Inserts a new unverified account and its first code, which carries the password; None when a concurrent
    sign-up of the same address inserted it first (the unique e-mail refused ours): the caller goes on as for an
    existing account."""
    # The interface language the applicant signs up in is the one their mail will be written in (issue 26).
    user = User(email=users_dao.normalise_email(email), password_hash=NO_PASSWORD_YET, language=current_language())
    try:
        with unit_of_work():  # inside the try: the unit rolls the refused insert back before we return
            db.session.add(user)
            db.session.flush()
            _mail_verification_code(user, password_hash)  # joins this unit: the account and its code together
    except IntegrityError:
        return None
    return user


@use_case
def _mail_verification_code(user: User, pending_password_hash: str | None) -> None:
    code = _issue_code(user, PURPOSE_VERIFY, pending_password_hash=pending_password_hash)
    _queue_mail(user, "verify", code=code)


def sign_up(email: str, password: str) -> None:
    """Every outcome answers the same (decision 0002), and every path spends one argon2 hash and one argon2 check,
    so the time taken does not tell them apart either."""
    password_hash = hash_password(password)
    user = users_dao.get_by_email(email)
    if user is None:
        burn_password_check(password)  # the check a pending account's sign-up makes below
        if _create_account(email, password_hash) is not None:
            return
        user = users_dao.get_by_email(email)
        if user is None:  # the competing insert was rolled back too: nothing to do, nothing to tell
            return
    if user.is_verified:
        burn_password_check(password)
        # The owner learns about the attempt by mail; the caller learns nothing (no enumeration).
        with unit_of_work():  # nothing changes but the queued mail, which leaves on commit
            _queue_mail(user, "already_registered")
        return
    if _repeats_open_sign_up(user, password):
        return
    # A pending account: this sign-up's password waits on a new code, which voids the older codes and the passwords
    # waiting on them. Whoever enters the new code must also know this password, so an owner who signs up after an
    # attacker gets a code of their own, and an attacker who signs up after the owner only spoils the owner's code.
    _mail_verification_code(user, password_hash)


def _repeats_open_sign_up(user: User, password: str) -> bool:
    """The same sign-up again (a double click, a second tab) while its code is open: that code stays, nothing is
    mailed. Only the same password counts, so no one else can keep a code of theirs in place this way."""
    record = users_dao.latest_code(user.id, PURPOSE_VERIFY)
    if record is None or record.consumed_at is not None or record.expires_at <= utcnow():
        record = None
    if record is None or record.pending_password_hash is None:
        burn_password_check(password)
        return False
    return verify_password(record.pending_password_hash, password)


def resend_verification(email: str) -> None:
    """A resent code carries the password of the code it replaces (the latest sign-up's): it is verified with that
    password as the sign-up's own code would have been."""
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
            raise TooMany("auth.resend_too_soon", seconds=seconds, headers={"Retry-After": str(seconds)})
    _mail_verification_code(user, latest.pending_password_hash if latest is not None else None)


@use_case
def verify_email(email: str, code: str, password: str) -> SignedIn | SecondFactorStep:
    """The code proves the mailbox, the password proves the sign-up the code was mailed for: the account gets the
    password of that sign-up only if whoever read the mailbox knows it (issue 22, finding 5)."""
    user = users_dao.get_by_email(email)
    record = _check_code(user, PURPOSE_VERIFY, code)
    if not verify_password(_password_to_prove(user, record), password):
        # Not that sign-up's password (an attacker's sign-up, or a newer one of someone else): a wrong try.
        codes.count_wrong_try(record)
        raise Invalid("auth.code_password_mismatch")
    now = utcnow()
    record.consumed_at = now
    user.password_hash = _password_to_prove(user, record)
    record.pending_password_hash = None
    user.is_verified = True
    # Tokens handed out before the address was proved (sign-in of an unverified account) end here; the prover gets
    # a fresh one.
    users_dao.revoke_sessions(user.id, now)
    return _session_or_second_factor(user)


def _password_to_prove(user: User, record: OneTimeCode | None) -> str:
    """The password hash a verification code applies: the one waiting on it, else (an account created by an older
    version or a staff tool, whose code carries none) the account's own."""
    if record is not None and record.pending_password_hash is not None:
        return record.pending_password_hash
    return user.password_hash


def _password_matches(user: User | None, password: str) -> bool:
    """Spends the same argon2 time whether or not the account exists or has a password yet (no enumeration). An
    account whose address is not proved signs in with the password of its latest sign-up (to reach the code
    step): it can only read its own profile, and verifying ends that session."""
    stored = None
    if user is not None:
        latest = None if user.is_verified else users_dao.latest_code(user.id, PURPOSE_VERIFY)
        stored = _password_to_prove(user, latest)
    if stored is None or stored == NO_PASSWORD_YET:
        burn_password_check(password)
        return False
    return verify_password(stored, password)


def sign_in(email: str, password: str, address: str) -> SignedIn | SecondFactorStep:
    """Throttle, then password, then session (staff: a second-factor challenge instead, decision 0078). A wrong
    password is counted against the address (and, while the account is flooded, the owner of a staff account is
    mailed); a correct one from an address that has not failed is never refused (decision 0002)."""
    guard = SignInGuard(users_dao.normalise_email(email), address)
    guard.check()
    user = users_dao.get_by_email(email)
    if not _password_matches(user, password):
        _sign_in_failed(guard, user)
        raise Invalid("auth.invalid_credentials")
    guard.succeeded()
    with unit_of_work():
        _rehash_if_outdated(user, password)
        return _session_or_second_factor(user)


def _rehash_if_outdated(user: User, password: str) -> None:
    """A hash made with older argon2 parameters is replaced by one of today's, now that the password is proven
    (decision 0082). An unproved sign-up's password waits on its code and is hashed anew with the next sign-up."""
    if user.is_verified and user.password_hash not in (None, NO_PASSWORD_YET) and needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)


def sign_in_second_factor(challenge: str, code: str, address: str) -> SignedIn:
    """The second step of a staff sign-in: the challenge and a TOTP or recovery code make the session."""
    with unit_of_work(keep_on=(second_factor.WrongCode,)):
        user = second_factor.verify(challenge, code, address)
        return SignedIn(user, start_session(user))


@dataclass
class Enrolled:
    signed_in: SignedIn
    recovery_codes: list[str]


def confirm_second_factor_enrolment(challenge: str, code: str, address: str) -> Enrolled:
    """The first code of a new authenticator confirms it: the session and the recovery codes (shown once)."""
    with unit_of_work(keep_on=(second_factor.WrongCode,)):
        user, recovery_codes = second_factor.confirm_enrolment(challenge, code, address)
        return Enrolled(SignedIn(user, start_session(user)), recovery_codes)


def _sign_in_failed(guard: SignInGuard, user: User | None) -> None:
    if guard.failed() and user is not None and user.is_admin and guard.claim_alert():
        # In the staff member's stored language (Russian unless they chose another). Sent after this commit.
        with unit_of_work():
            queue_mail(user.email, "sign_in_attack", language_of(user), minutes=guard.alert_window_minutes())


@use_case
def sign_out(jti: str) -> None:
    session = users_dao.session_by_jti(jti)
    if session is not None and session.revoked_at is None:
        session.revoked_at = utcnow()


@use_case
def request_password_reset(email: str) -> None:
    """The same work whatever the address: one job, which looks it up, issues the code and mails it. With a worker
    the response time no longer tells whether the address is registered (decisions 0002, 0061)."""

    enqueue_after_commit("auth.send_reset_code", email, current_language())


@use_case
def send_reset_code(email: str, lang: str) -> None:
    """The job behind request_password_reset: a code and its mail for a registered address, nothing otherwise."""
    user = users_dao.get_by_email(email)
    if user is None:
        return
    code = _issue_code(user, PURPOSE_RESET)
    # `lang` (the request's) is kept for jobs queued before issue 26; the mail follows the stored language.
    _queue_mail(user, "reset", code=code)


@use_case
def confirm_reset_code(email: str, code: str) -> str:
    user = users_dao.get_by_email(email)
    record = _check_code(user, PURPOSE_RESET, code)
    if record.verified_at is not None:
        # Single use: a code already exchanged for a ticket cannot mint another one (nor extend its own life).
        raise Invalid("auth.wrong_code")
    record.verified_at = utcnow()
    record.ticket = secrets.token_urlsafe(32)
    # The ticket lives as long as a fresh code would: enough to type a new password.
    record.expires_at = utcnow() + timedelta(seconds=current_app.config["OTP_TTL_SECONDS"])
    return record.ticket


@use_case
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
        raise Invalid("auth.reset_ticket_invalid")
    if user.is_staff:
        passwords.check_staff_password(password)
    now = utcnow()
    record.consumed_at = now
    user.password_hash = hash_password(password)
    # Whoever could read the mailbox now owns the account: the reset also proves the address, and an open
    # sign-up code (with the password it carries) can no longer change it.
    user.is_verified = True
    _void_codes(user.id, PURPOSE_VERIFY, now)
    users_dao.revoke_sessions(user.id, now)


@dataclass
class PurgedRecords:
    codes: int
    sessions: int
    challenges: int = 0


@use_case
def purge_expired_records(retention: timedelta) -> PurgedRecords:
    """Deletes codes and second-factor challenges that expired, and sessions that were revoked or expired, more
    than `retention` ago: none of them can be used again (a periodic job, accounts/jobs.py)."""
    cutoff = utcnow() - retention
    purged = PurgedRecords(
        codes=users_dao.delete_codes_expired_before(cutoff),
        sessions=users_dao.delete_sessions_ended_before(cutoff),
        challenges=second_factor.purge_challenges_ended_before(cutoff),
    )
    return purged
