"""Queries of the application audit trail (application_events). A DAO never commits."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import ApplicationEvent

_IN_ORDER = (ApplicationEvent.created_at, ApplicationEvent.id)


def applicant_visible(application_id: int) -> list[ApplicationEvent]:
    return list(
        db.session.scalars(
            select(ApplicationEvent)
            .where(ApplicationEvent.application_id == application_id, ApplicationEvent.applicant_visible.is_(True))
            .order_by(*_IN_ORDER)
        )
    )


def full_trail(application_id: int) -> list[ApplicationEvent]:
    """Every event with its acting user, in one query."""
    return list(
        db.session.scalars(
            select(ApplicationEvent)
            .options(joinedload(ApplicationEvent.actor))
            .where(ApplicationEvent.application_id == application_id)
            .order_by(*_IN_ORDER)
        )
    )


def latest(application_id: int, transition: str) -> ApplicationEvent | None:
    return db.session.scalar(
        select(ApplicationEvent)
        .where(ApplicationEvent.application_id == application_id, ApplicationEvent.transition == transition)
        .order_by(ApplicationEvent.id.desc())
        .limit(1)
    )
