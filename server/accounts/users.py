"""The signed-in user's own account (req §7 Users) and the admin-role checks of §6."""

from __future__ import annotations

from sqlalchemy import select

from .. import populations
from ..database import use_case
from ..errors import Conflict, Forbidden, Invalid
from ..extensions import db
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES
from ..models import STAFF_ROLES, Application, ApplicationEvent, AuditLog, Citizenship, User
from ..models.base import utcnow
from ..security import hash_password
from . import dao as users_dao
from .passwords import check_staff_password


def language_of(user: User) -> str:
    """The language every mail and notification to this user is written in (issue 26; decision 0081): the stored
    interface language; for an account older than that column, the language its latest questionnaire was submitted
    in (what the status mails used before); Russian, the product's default, otherwise."""
    if user.language in LANGUAGES:
        return user.language
    submitted_in = db.session.scalars(
        select(ApplicationEvent.data)
        .join(Application, Application.id == ApplicationEvent.application_id)
        .where(Application.user_id == user.id, ApplicationEvent.transition == "submit_form")
        .order_by(ApplicationEvent.id.desc())
    )
    for data in submitted_in:
        if (data or {}).get("language") in LANGUAGES:
            return data["language"]
    return DEFAULT_LANGUAGE


@use_case
def set_language(user: User, language: str) -> User:
    """The language picker of a signed-in user (the client calls this when they switch)."""
    if language not in LANGUAGES:
        raise Invalid("users.language_unknown", errors={"language": ["users.language_unknown"]})
    user.language = language
    return user


@use_case
def update_citizenship(user: User, citizenship_id: int) -> User:
    citizenship = db.session.get(Citizenship, citizenship_id)
    if citizenship is None:
        raise Invalid("users.citizenship_not_found", errors={"citizenship_id": ["users.citizenship_not_found"]})
    if user.citizenship_id not in (None, citizenship_id) and user.applications_count > 0:
        # The population (foreign vs citizen) decides who reviews an application: frozen once one exists.
        raise Conflict("users.citizenship_already_set")
    user.citizenship_id = citizenship.id
    return user


@use_case
def fill_data(user: User, last_name: str, first_name: str) -> User:
    """The "fill data" modal (req §2, §7 POST /users/fill-data): an account signs up with an e-mail only, so its
    name is asked for once. A name confirmed by the credit bureau comes from the state database and stays."""
    if user.is_staff:
        # Staff names are kept by the staff managers (staff_views), with the audit trail.
        raise Forbidden("errors.forbidden")
    if user.is_pkb_data_request_completed and user.first_name and user.last_name:
        raise Conflict("users.fill_data.confirmed")
    user.last_name = last_name
    user.first_name = first_name
    return user


def has_segment_access(user: User, segment: str) -> bool:
    """GET /users/check?segment=: the same population mapping every admin call enforces (admin_scope)."""
    return populations.has_segment_access(user, segment)


@use_case
def create_admin(email: str, password: str, role: str) -> User:
    """Creates or promotes a verified admin; a role change revokes the user's existing tokens. The password must
    pass the staff policy (accounts/passwords.py); the second factor is enrolled separately (second_factor.py)."""
    if role not in STAFF_ROLES:
        raise ValueError(f"role must be one of: {', '.join(STAFF_ROLES)}")
    check_staff_password(password)
    user = users_dao.get_by_email(email)
    now = utcnow()
    if user is None:
        user = User(email=users_dao.normalise_email(email), password_hash=hash_password(password), is_verified=True)
        db.session.add(user)
    else:
        user.password_hash = hash_password(password)
        user.is_verified = True
        # The command is also the way back in for a deactivated or never-accepted staff account (decision 0079).
        user.deactivated_at = None
        user.invited_at = None
        users_dao.revoke_sessions(user.id, now)
    role_row = users_dao.get_or_create_role(role)
    if role_row not in user.roles:
        user.roles.append(role_row)
    db.session.flush()
    db.session.add(
        AuditLog(
            actor_id=None,
            action="grant_role",
            target_type="user",
            target_id=str(user.id),
            details={"role": role, "via": "cli"},
            created_at=now,
        )
    )
    return user
