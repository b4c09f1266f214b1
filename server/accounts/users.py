"""The signed-in user's own account (req §7 Users) and the admin-role checks of §6."""

from __future__ import annotations

from .. import populations
from ..database import use_case
from ..errors import Conflict, Invalid
from ..extensions import db
from ..models import ADMIN_ROLES, AuditLog, Citizenship, User
from ..models.base import utcnow
from ..security import hash_password
from . import dao as users_dao


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


def has_segment_access(user: User, segment: str) -> bool:
    """GET /users/check?segment=: the same population mapping every admin call enforces (admin_scope)."""
    return populations.has_segment_access(user, segment)


@use_case
def create_admin(email: str, password: str, role: str) -> User:
    """Creates or promotes a verified admin; a role change revokes the user's existing tokens."""
    if role not in ADMIN_ROLES:
        raise ValueError(f"role must be one of: {', '.join(ADMIN_ROLES)}")
    user = users_dao.get_by_email(email)
    now = utcnow()
    if user is None:
        user = User(email=users_dao.normalise_email(email), password_hash=hash_password(password), is_verified=True)
        db.session.add(user)
    else:
        user.password_hash = hash_password(password)
        user.is_verified = True
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
