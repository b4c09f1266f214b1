"""Queries of the home-page assistant; never commits."""

from __future__ import annotations

from sqlalchemy import func, or_, select

from ..extensions import db
from ..models import ChatConversation, Citizenship, User
from ..models.reference import KAZAKHSTAN_CITIZENSHIP_EN


def by_public_id(public_id: str) -> ChatConversation | None:
    if not isinstance(public_id, str) or len(public_id) > 36:
        return None
    return db.session.scalar(select(ChatConversation).where(ChatConversation.public_id == public_id))


def of_user(user_id: int, limit: int = 50) -> list[ChatConversation]:
    return list(
        db.session.scalars(
            select(ChatConversation)
            .where(ChatConversation.user_id == user_id)
            .order_by(ChatConversation.updated_at.desc(), ChatConversation.id.desc())
            .limit(limit)
        )
    )


def handed_off(populations: list[str], page: int, per_page: int) -> tuple[list[ChatConversation], int]:
    """Handed-off conversations of applicants in the given populations ('kz', 'foreign'), unanswered first."""
    is_kz = Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN
    wanted = []
    if "kz" in populations:
        wanted.append(is_kz)
    if "foreign" in populations:
        wanted.append(~is_kz)
    if not wanted:
        return [], 0
    base = (
        select(ChatConversation)
        .join(User, User.id == ChatConversation.user_id)
        .join(Citizenship, Citizenship.id == User.citizenship_id)
        .where(ChatConversation.handed_off_at.is_not(None), or_(*wanted))
    )
    total = db.session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = db.session.scalars(
        base.order_by(
            ChatConversation.staff_answered_at.is_not(None),
            ChatConversation.handed_off_at.desc(),
            ChatConversation.id.desc(),
        )
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return list(rows), total
