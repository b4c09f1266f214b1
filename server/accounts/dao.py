"""User queries. A DAO never commits: the calling service owns the transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, or_, select, update

from ..extensions import db
from ..models import AuthSession, OneTimeCode, Role, User


def normalise_email(email: str) -> str:
    return email.strip().lower()


def get_user(user_id: int) -> User | None:
    return db.session.get(User, user_id)


def get_by_email(email: str) -> User | None:
    return db.session.scalar(select(User).where(User.email == normalise_email(email)))


def get_or_create_role(name: str) -> Role:
    role = db.session.scalar(select(Role).where(Role.name == name))
    if role is None:
        role = Role(name=name)
        db.session.add(role)
    return role


def latest_code(user_id: int, purpose: str) -> OneTimeCode | None:
    """The newest code of a purpose, used or not: issuing a code voids the older ones anyway."""
    return db.session.scalar(
        select(OneTimeCode)
        .where(OneTimeCode.user_id == user_id, OneTimeCode.purpose == purpose)
        .order_by(OneTimeCode.id.desc())
        .limit(1)
    )


def void_codes(user_id: int, purpose: str, now: datetime) -> None:
    db.session.execute(
        update(OneTimeCode)
        .where(OneTimeCode.user_id == user_id, OneTimeCode.purpose == purpose, OneTimeCode.consumed_at.is_(None))
        .values(consumed_at=now)
    )


def code_by_ticket(ticket: str) -> OneTimeCode | None:
    return db.session.scalar(select(OneTimeCode).where(OneTimeCode.ticket == ticket))


def session_by_jti(jti: str) -> AuthSession | None:
    return db.session.scalar(select(AuthSession).where(AuthSession.jti == jti))


def revoke_sessions(user_id: int, now: datetime) -> None:
    db.session.execute(
        update(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
        .values(revoked_at=now)
    )


def delete_codes_expired_before(cutoff: datetime) -> int:
    return db.session.execute(delete(OneTimeCode).where(OneTimeCode.expires_at < cutoff)).rowcount


def delete_sessions_ended_before(cutoff: datetime) -> int:
    """Sessions revoked, or expired, before the cutoff: neither can ever be accepted again."""
    return db.session.execute(
        delete(AuthSession).where(or_(AuthSession.revoked_at < cutoff, AuthSession.expires_at < cutoff))
    ).rowcount
