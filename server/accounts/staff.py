"""Staff accounts managed from the UI by the staff-management role (issue 22, decision 0079), and the audit trail
read back per object.

Every change to a staff account ends all of its sessions (the account signs in again, with its second factor, under
its new rights) and is one audit row naming the manager, the account and the change. `flask create-admin` stays
for the first account. A manager never reaches an applicant's account: every id here must name a staff account.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import quote

from flask import current_app
from sqlalchemy import func, select

from .. import audit
from ..database import contains_ignoring_case, lock_rows, use_case
from ..errors import Conflict, Invalid, NotFound
from ..extensions import db
from ..i18n import LANGUAGES
from ..jobs.mail import queue_mail
from ..models import ROLE_STAFF_MANAGER, STAFF_ROLES, AuditLog, OneTimeCode, Role, StaffTotp, User
from ..models.base import is_row_id, utcnow
from ..models.user import user_roles
from ..security import hash_password
from . import dao as users_dao
from . import passwords, second_factor
from .auth import NO_PASSWORD_YET

PURPOSE_INVITE = "staff_invite"
# An invitation link stays usable three days: long enough for a weekend, short enough not to linger in a mailbox.
INVITE_TTL = timedelta(days=3)
MAX_PER_PAGE = 100


@dataclass
class Page:
    items: list
    total: int


# ------------------------------------------------------------------------------------------------ reading


def _staff_ids():
    return (
        select(user_roles.c.user_id)
        .join(Role, Role.id == user_roles.c.role_id)
        .where(Role.name.in_(STAFF_ROLES))
        .distinct()
    )


def list_staff(search: str | None, page: int, per_page: int) -> Page:
    """Staff accounts (any staff role, or invited), by e-mail, with whether each has a second factor."""
    condition = User.id.in_(_staff_ids())
    statement = select(User).where(condition)
    if search:
        statement = statement.where(
            contains_ignoring_case(User.email, search)
            | contains_ignoring_case(User.first_name, search)
            | contains_ignoring_case(User.last_name, search)
        )
    total = db.session.scalar(select(func.count()).select_from(statement.order_by(None).subquery()))
    users = list(db.session.scalars(statement.order_by(User.email).offset((page - 1) * per_page).limit(per_page)))
    enrolled = set(
        db.session.scalars(
            select(StaffTotp.user_id).where(
                StaffTotp.user_id.in_([u.id for u in users]), StaffTotp.confirmed_at.is_not(None)
            )
        )
    )
    return Page([_item(user, user.id in enrolled) for user in users], total or 0)


def _item(user: User, has_second_factor: bool) -> dict:
    return {
        "id": user.id,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "roles": sorted(r for r in user.role_names if r in STAFF_ROLES),
        "is_active": user.deactivated_at is None,
        "deactivated_at": user.deactivated_at,
        "invitation_pending": user.invited_at is not None,
        "has_second_factor": has_second_factor,
        "created_at": user.created_at,
    }


def staff_item(user: User) -> dict:
    return _item(user, second_factor.is_enrolled(user))


def get_staff(user_id: int) -> User:
    user = db.session.get(User, user_id) if is_row_id(user_id) else None
    if user is None or not (user.is_staff or user.invited_at is not None):
        raise NotFound("staff.not_found")
    return user


def audit_trail(target_type: str | None, target_id: str | None, actor_id: int | None, page: int, per_page: int) -> Page:
    """The trail newest first, of one object (target_type and target_id), of one actor, or both."""
    statement = select(AuditLog)
    if target_type:
        statement = statement.where(AuditLog.target_type == target_type)
    if target_id:
        statement = statement.where(AuditLog.target_id == target_id)
    if actor_id is not None:
        statement = statement.where(AuditLog.actor_id == actor_id)
    total = db.session.scalar(select(func.count()).select_from(statement.subquery()))
    rows = list(
        db.session.scalars(statement.order_by(AuditLog.id.desc()).offset((page - 1) * per_page).limit(per_page))
    )
    actor_ids = {row.actor_id for row in rows if row.actor_id is not None}
    emails = dict(db.session.execute(select(User.id, User.email).where(User.id.in_(actor_ids))).tuples().all())
    items = [
        {
            "id": row.id,
            "created_at": row.created_at,
            "actor_id": row.actor_id,
            "actor_email": emails.get(row.actor_id),
            "action": row.action,
            "target_type": row.target_type,
            "target_id": row.target_id,
            "details": row.details or {},
        }
        for row in rows
    ]
    return Page(items, total or 0)


# ------------------------------------------------------------------------------------------------ changes


def _check_roles(roles: list[str]) -> list[str]:
    chosen = sorted(set(roles))
    if not chosen or any(role not in STAFF_ROLES for role in chosen):
        raise Invalid("staff.roles_invalid", errors={"roles": ["staff.roles_invalid"]})
    return chosen


def _role_rows(names: list[str]) -> list[Role]:
    return [users_dao.get_or_create_role(name) for name in names]


def _keep_a_manager(user: User, *, loses_manager: bool) -> None:
    """No change may leave the portal without an active staff manager: the managers' rows are locked first, so two
    managers demoting each other at once cannot both pass."""
    if not loses_manager:
        return
    managers = list(
        db.session.scalars(
            select(User.id)
            .join(user_roles, user_roles.c.user_id == User.id)
            .join(Role, Role.id == user_roles.c.role_id)
            .where(Role.name == ROLE_STAFF_MANAGER, User.deactivated_at.is_(None))
        )
    )
    lock_rows(User, managers)
    if not [m for m in managers if m != user.id]:
        raise Conflict("staff.last_manager")


def _is_active_manager(user: User) -> bool:
    return user.is_staff_manager and user.deactivated_at is None


def _sign_out(user: User) -> None:
    users_dao.revoke_sessions(user.id, utcnow())


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _invite_link(token: str) -> str:
    # The token rides in the fragment: browsers do not send it, so no server or proxy log ever holds it.
    return f"{current_app.config['APP_BASE_URL'].rstrip('/')}/staff-invitation#token={quote(token)}"


def _mail_invitation(user: User, language: str) -> None:
    now = utcnow()
    users_dao.void_codes(user.id, PURPOSE_INVITE, now)
    token = secrets.token_urlsafe(32)
    db.session.add(
        OneTimeCode(
            user_id=user.id,
            purpose=PURPOSE_INVITE,
            code_hash=_token_hash(token),
            ticket=_token_hash(token),
            created_at=now,
            expires_at=now + INVITE_TTL,
        )
    )
    days = INVITE_TTL.days
    queue_mail(user.email, "staff_invite", language, link=_invite_link(token), days=days)


@use_case
def invite(email: str, roles: list[str], language: str, first_name: str | None, last_name: str | None) -> User:
    """A new staff account without a password, and a mail in `language` with a link to choose one. An address that
    already has an account (an applicant's, or staff) is refused: roles of an existing account change in place."""
    roles = _check_roles(roles)
    if language not in LANGUAGES:
        raise Invalid("staff.language_invalid", errors={"language": ["staff.language_invalid"]})
    if users_dao.get_by_email(email) is not None:
        raise Conflict("staff.email_taken")
    now = utcnow()
    user = User(
        email=users_dao.normalise_email(email),
        password_hash=NO_PASSWORD_YET,
        is_verified=False,
        first_name=first_name or None,
        last_name=last_name or None,
        invited_at=now,
        language=language,
    )
    user.roles = _role_rows(roles)
    db.session.add(user)
    db.session.flush()
    _mail_invitation(user, language)
    audit.record("staff.invite", user, {"email": user.email, "roles": roles, "language": language})
    return user


@use_case
def invite_again(user_id: int) -> User:
    """A new link for an invitation not yet accepted (the old link stops working)."""
    user = get_staff(user_id)
    if user.invited_at is None:
        raise Conflict("staff.invitation_accepted")
    language = user.language if user.language in LANGUAGES else "ru"
    _mail_invitation(user, language)
    audit.record("staff.invite_again", user, {"email": user.email})
    return user


@use_case
def accept_invitation(token: str, password: str) -> User:
    """The invitee chooses a password (the staff policy); the second factor is enrolled at the first sign-in."""
    record = db.session.scalar(
        select(OneTimeCode).where(OneTimeCode.ticket == _token_hash(token), OneTimeCode.purpose == PURPOSE_INVITE)
    )
    now = utcnow()
    if record is None or record.consumed_at is not None or record.expires_at <= now:
        raise Invalid("staff.invitation_invalid")
    user = db.session.get(User, record.user_id)
    if user is None or user.invited_at is None or user.deactivated_at is not None:
        raise Invalid("staff.invitation_invalid")
    passwords.check_staff_password(password)
    record.consumed_at = now
    user.password_hash = hash_password(password)
    user.is_verified = True
    user.invited_at = None
    _sign_out(user)
    audit.record("staff.invitation_accepted", user, {}, actor=user)
    return user


@use_case
def set_roles(actor: User, user_id: int, roles: list[str]) -> User:
    user = get_staff(user_id)
    roles = _check_roles(roles)
    before = sorted(r for r in user.role_names if r in STAFF_ROLES)
    if before == roles:
        return user
    _keep_a_manager(user, loses_manager=_is_active_manager(user) and ROLE_STAFF_MANAGER not in roles)
    others = [r for r in user.roles if r.name not in STAFF_ROLES]
    user.roles = others + _role_rows(roles)
    _sign_out(user)
    audit.record("staff.roles", user, {"roles_before": before, "roles_after": roles, "signed_out": True})
    return user


@use_case
def set_active(actor: User, user_id: int, active: bool) -> User:
    user = get_staff(user_id)
    if (user.deactivated_at is None) == active:
        return user
    if not active:
        _keep_a_manager(user, loses_manager=_is_active_manager(user))
        user.deactivated_at = utcnow()
    else:
        user.deactivated_at = None
    _sign_out(user)
    audit.record("staff.reactivate" if active else "staff.deactivate", user, {"signed_out": True})
    return user


@use_case
def reset_second_factor(actor: User, user_id: int) -> User:
    user = get_staff(user_id)
    had = second_factor.is_enrolled(user)
    second_factor.reset(user)  # also ends every session of the account
    audit.record("staff.second_factor_reset", user, {"had_second_factor": had, "signed_out": True})
    return user


@use_case
def sign_out_everywhere(actor: User, user_id: int) -> User:
    user = get_staff(user_id)
    _sign_out(user)
    audit.record("staff.sign_out_everywhere", user, {"signed_out": True})
    return user
