"""Accounts, codes and sessions (spec §3 User, §4 sign-up verification, §5, §8; DESIGN §9).

Each public function is one use case and owns its transaction. Nothing here tells a caller whether an
e-mail is registered: sign-up, resend and reset answer the same either way (decision 0002).
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from flask_jwt_extended import create_access_token, get_jti

from ..daos import users as users_dao
from ..errors import ApiError
from ..extensions import db
from ..i18n import current_language, translate
from ..integrations.mail import get_mail_sender
from ..models import AuthSession, OneTimeCode, User
from ..models.base import utcnow
from ..security import burn_password_check, codes_match, hash_code, hash_password, new_code, verify_password

log = logging.getLogger(__name__)

PURPOSE_VERIFY = "verify_email"
PURPOSE_RESET = "reset_password"


@dataclass
class SignedIn:
    user: User
    token: str


def _issue_code(user: User, purpose: str) -> str:
    """A new code voids the previous one of the same purpose."""
    now = utcnow()
    users_dao.void_codes(user.id, purpose, now)
    code = new_code()
    db.session.add(OneTimeCode(
        user_id=user.id, purpose=purpose, code_hash=hash_code(code, purpose, user.id),
        created_at=now, expires_at=now + timedelta(seconds=current_app.config["OTP_TTL_SECONDS"]),
    ))
    return code


def _send_mail(recipient: str, template: str, **params) -> None:
    lang = current_language()
    try:
        get_mail_sender().send(recipient, translate(f"mail.{template}.subject", lang),
                               translate(f"mail.{template}.body", lang, **params))
    except (OSError, ValueError) as error:  # smtplib errors are OSErrors
        log.error("mail delivery failed", extra={"template": template, "error": type(error).__name__})
        raise ApiError(503, "errors.mail_failed") from error


def _check_code(user: User | None, purpose: str, code: str) -> OneTimeCode:
    """Validates a code; a wrong try is counted and committed before the error is raised."""
    if user is None:
        raise ApiError(400, "auth.wrong_code")
    record = users_dao.latest_code(user.id, purpose)
    max_attempts = current_app.config["OTP_MAX_ATTEMPTS"]
    if record is None:
        raise ApiError(400, "auth.wrong_code")
    if record.consumed_at is not None:
        key = "auth.code_attempts_exceeded" if record.attempts >= max_attempts else "auth.wrong_code"
        raise ApiError(400, key)
    if record.expires_at <= utcnow():
        raise ApiError(400, "auth.code_expired")
    if not codes_match(record.code_hash, code, purpose, user.id):
        record.attempts += 1
        if record.attempts >= max_attempts:
            record.consumed_at = utcnow()
        db.session.commit()
        raise ApiError(400, "auth.wrong_code")
    return record


def start_session(user: User) -> str:
    token = create_access_token(identity=str(user.id))
    db.session.add(AuthSession(
        jti=get_jti(token), user_id=user.id, created_at=utcnow(),
        expires_at=utcnow() + current_app.config["JWT_ACCESS_TOKEN_EXPIRES"],
    ))
    return token


def sign_up(email: str, password: str) -> None:
    user = users_dao.get_by_email(email)
    if user is not None and user.is_verified:
        # The owner learns about the attempt by mail; the caller learns nothing (no enumeration).
        _send_mail(user.email, "already_registered")
        return
    if user is None:
        user = User(email=users_dao.normalise_email(email), password_hash=hash_password(password))
        db.session.add(user)
        db.session.flush()
    else:
        # An unverified account belongs to whoever proves the mailbox: the latest sign-up sets the password.
        user.password_hash = hash_password(password)
    code = _issue_code(user, PURPOSE_VERIFY)
    db.session.commit()
    _send_mail(user.email, "verify", code=code)


def resend_verification(email: str) -> None:
    user = users_dao.get_by_email(email)
    if user is None or user.is_verified:
        return
    code = _issue_code(user, PURPOSE_VERIFY)
    db.session.commit()
    _send_mail(user.email, "verify", code=code)


def verify_email(email: str, code: str) -> SignedIn:
    user = users_dao.get_by_email(email)
    record = _check_code(user, PURPOSE_VERIFY, code)
    record.consumed_at = utcnow()
    user.is_verified = True
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
    user = users_dao.get_by_email(email)
    if user is None:
        return
    code = _issue_code(user, PURPOSE_RESET)
    db.session.commit()
    _send_mail(user.email, "reset", code=code)


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
    if (user is None or record is None or record.user_id != user.id or record.purpose != PURPOSE_RESET
            or record.verified_at is None or record.consumed_at is not None or record.expires_at <= utcnow()):
        raise ApiError(400, "auth.reset_ticket_invalid")
    now = utcnow()
    record.consumed_at = now
    user.password_hash = hash_password(password)
    # Whoever could read the mailbox now owns the account: the reset also proves the address.
    user.is_verified = True
    users_dao.revoke_sessions(user.id, now)
    db.session.commit()


def is_session_active(jti: str) -> bool:
    session = users_dao.session_by_jti(jti)
    return session is not None and session.revoked_at is None and session.expires_at > utcnow()
