"""The signed-in user's own account (spec §7 Users) and the admin-role checks of §6."""
from __future__ import annotations

from ..daos import users as users_dao
from ..errors import ApiError
from ..extensions import db
from ..models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, AuditLog, Citizenship, User
from ..models.base import utcnow
from ..security import hash_password

SEGMENT_ROLES = {"FOREIGN": ROLE_FOREIGN_ADMIN, "KZ": ROLE_KZ_ADMIN}


def update_citizenship(user: User, citizenship_id: int) -> User:
    citizenship = db.session.get(Citizenship, citizenship_id)
    if citizenship is None:
        raise ApiError(400, "users.citizenship_not_found", errors={"citizenship_id": ["users.citizenship_not_found"]})
    if user.citizenship_id not in (None, citizenship_id) and user.applications_count > 0:
        # The population (foreign vs citizen) decides who reviews an application: frozen once one exists.
        raise ApiError(409, "users.citizenship_already_set")
    user.citizenship_id = citizenship.id
    db.session.commit()
    return user


def has_segment_access(user: User, segment: str) -> bool:
    role = SEGMENT_ROLES.get(segment.upper())
    return role is not None and role in user.role_names


def create_admin(email: str, password: str, role: str) -> User:
    """Creates or promotes a verified admin; a role change revokes the user's existing tokens."""
    if role not in SEGMENT_ROLES.values():
        raise ValueError(f"role must be one of: {', '.join(SEGMENT_ROLES.values())}")
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
    db.session.add(AuditLog(actor_id=None, action="grant_role", target_type="user", target_id=str(user.id),
                            details={"role": role, "via": "cli"}, created_at=now))
    db.session.commit()
    return user
