"""Queries of the message threads. Every count is one statement (grouped where it covers several applications),
served by ix_application_messages_unread (author_side, read_at, application_id)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import func, select, update

from ..extensions import db
from ..models import Application, ApplicationMessage, Notification, User
from ..models.application import MESSAGE_SIDE_APPLICANT, MESSAGE_SIDE_STAFF
from ..models.user import Role

# Who reads what: a message is unread for the side that did not write it.
RECIPIENT_OF = {MESSAGE_SIDE_STAFF: MESSAGE_SIDE_APPLICANT, MESSAGE_SIDE_APPLICANT: MESSAGE_SIDE_STAFF}


def _author_for_reader(reader_side: str) -> str:
    """The side whose messages the reader receives."""
    return RECIPIENT_OF[reader_side]


def thread_page(application_id: int, offset: int, limit: int) -> tuple[list[ApplicationMessage], int]:
    """One page of the thread, newest first, and the thread's length."""
    rows = list(
        db.session.scalars(
            select(ApplicationMessage)
            .where(ApplicationMessage.application_id == application_id)
            .order_by(ApplicationMessage.created_at.desc(), ApplicationMessage.id.desc())
            .limit(limit)
            .offset(offset)
        )
    )
    total = db.session.scalar(
        select(func.count(ApplicationMessage.id)).where(ApplicationMessage.application_id == application_id)
    )
    return rows, int(total or 0)


def unread_for_applicant(user_id: int) -> int:
    """Staff messages the applicant has not opened, over all their applications (the header badge)."""
    stmt = (
        select(func.count(ApplicationMessage.id))
        .join(Application, Application.id == ApplicationMessage.application_id)
        .where(
            Application.user_id == user_id,
            ApplicationMessage.author_side == MESSAGE_SIDE_STAFF,
            ApplicationMessage.read_at.is_(None),
        )
    )
    return int(db.session.scalar(stmt) or 0)


def unread_counts(application_ids: Iterable[int], reader_side: str) -> dict[int, int]:
    """{application id: messages unread by `reader_side`} for a page of applications, one grouped statement."""
    ids = list(set(application_ids))
    if not ids:
        return {}
    stmt = (
        select(ApplicationMessage.application_id, func.count(ApplicationMessage.id))
        .where(
            ApplicationMessage.author_side == _author_for_reader(reader_side),
            ApplicationMessage.read_at.is_(None),
            ApplicationMessage.application_id.in_(ids),
        )
        .group_by(ApplicationMessage.application_id)
    )
    return {application_id: int(count) for application_id, count in db.session.execute(stmt)}


def mark_read(application_id: int, reader_side: str, now: datetime) -> int:
    """Marks every message the reader received in this thread as read; returns how many changed."""
    result = db.session.execute(
        update(ApplicationMessage)
        .where(
            ApplicationMessage.application_id == application_id,
            ApplicationMessage.author_side == _author_for_reader(reader_side),
            ApplicationMessage.read_at.is_(None),
        )
        .values(read_at=now)
        .execution_options(synchronize_session="fetch")
    )
    return int(result.rowcount or 0)


def last_staff_author(application_id: int) -> User | None:
    """The staff member who wrote last in the thread (None when staff never wrote or the account is gone)."""
    author_id = db.session.scalar(
        select(ApplicationMessage.author_id)
        .where(
            ApplicationMessage.application_id == application_id,
            ApplicationMessage.author_side == MESSAGE_SIDE_STAFF,
            ApplicationMessage.author_id.is_not(None),
        )
        .order_by(ApplicationMessage.id.desc())
        .limit(1)
    )
    return db.session.get(User, author_id) if author_id is not None else None


def active_admins(role_name: str) -> list[User]:
    """Active accounts holding the role (the population's admins), by id."""
    return list(
        db.session.scalars(
            select(User).where(User.roles.any(Role.name == role_name), User.deactivated_at.is_(None)).order_by(User.id)
        )
    )


def mark_bell_read(user_id: int, link: str, now: datetime) -> None:
    """The bell entries announcing staff messages of this thread (they link to it) are read with the thread."""
    db.session.execute(
        update(Notification)
        .where(
            Notification.user_id == user_id,
            Notification.kind == "application_message",
            Notification.link == link,
            Notification.read_at.is_(None),
        )
        .values(read_at=now)
        .execution_options(synchronize_session=False)
    )
