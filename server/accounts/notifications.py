"""The notification centre and the notification settings of a signed-in user (issue 26; decision 0081).

`notify()` (server/notification_centre.py) records an entry with its event; here a user reads their own entries
(paged, newest first, each rendered in the reader's language), marks them read, and turns reminder kinds off and
on. Each reminder mail carries a signed unsubscribe link (`unsubscribe_token`): it names the user and the kind,
works without signing in and never expires, and a changed character makes it worthless.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from ..database import unit_of_work, use_case
from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import translate
from ..models import Notification, NotificationOptOut, User
from ..models.base import utcnow
from ..models.notification import REMINDER_KINDS
from ..notification_centre import notify  # noqa: F401  (re-exported: the accounts domain's way to notify)
from .users import language_of

PAGE_SIZE_DEFAULT = 20
PAGE_SIZE_MAX = 50
UNSUBSCRIBE_SALT = "qabyldau.reminders.unsubscribe"


# ------------------------------------------------------------------------------------------------ the bell


def render(notification: Notification, lang: str) -> dict:
    params = {
        name: (value.get(lang) or value.get("ru") or "") if isinstance(value, dict) else value
        for name, value in (notification.params or {}).items()
    }
    return {
        "id": notification.id,
        "kind": notification.kind,
        "title": translate(f"notifications.{notification.kind}.title", lang, **params),
        "body": translate(f"notifications.{notification.kind}.body", lang, **params),
        "link": notification.link,
        "created_at": notification.created_at,
        "read": notification.read_at is not None,
    }


def unread_count(user: User) -> int:
    return db.session.scalar(
        select(func.count(Notification.id)).where(Notification.user_id == user.id, Notification.read_at.is_(None))
    )


@dataclass
class Page:
    items: list[dict]
    total: int
    unread: int
    page: int
    per_page: int


def list_for(user: User, lang: str, page: int = 1, per_page: int = PAGE_SIZE_DEFAULT) -> Page:
    per_page = max(1, min(per_page, PAGE_SIZE_MAX))
    page = max(1, page)
    own = Notification.user_id == user.id
    rows = db.session.scalars(
        select(Notification).where(own).order_by(Notification.id.desc()).limit(per_page).offset((page - 1) * per_page)
    )
    total = db.session.scalar(select(func.count(Notification.id)).where(own))
    return Page([render(row, lang) for row in rows], total, unread_count(user), page, per_page)


@use_case
def mark_read(user: User, notification_id: int) -> int:
    """Marks one of the user's own entries read (someone else's is "not found", never "forbidden")."""
    notification = db.session.get(Notification, notification_id)
    if notification is None or notification.user_id != user.id:
        raise NotFound("notifications.not_found")
    if notification.read_at is None:
        notification.read_at = utcnow()
    db.session.flush()
    return unread_count(user)


@use_case
def mark_all_read(user: User) -> int:
    db.session.execute(
        update(Notification)
        .where(Notification.user_id == user.id, Notification.read_at.is_(None))
        .values(read_at=utcnow())
    )
    return 0


# ------------------------------------------------------------------------------------------------ settings


def is_enabled(user_id: int, kind: str) -> bool:
    return (
        db.session.scalar(
            select(NotificationOptOut.id).where(NotificationOptOut.user_id == user_id, NotificationOptOut.kind == kind)
        )
        is None
    )


def settings_of(user: User) -> list[dict]:
    off = set(db.session.scalars(select(NotificationOptOut.kind).where(NotificationOptOut.user_id == user.id)))
    return [{"kind": kind, "enabled": kind not in off} for kind in REMINDER_KINDS]


def _require_kind(kind: str) -> None:
    if kind not in REMINDER_KINDS:
        raise Invalid("notifications.kind_unknown", errors={"kind": ["notifications.kind_unknown"]})


def set_enabled(user_id: int, kind: str, enabled: bool) -> None:
    """Idempotent either way; a concurrent second opt-out of the same kind is the same outcome, not an error."""
    _require_kind(kind)
    if enabled:
        with unit_of_work():
            db.session.execute(
                NotificationOptOut.__table__.delete().where(
                    NotificationOptOut.user_id == user_id, NotificationOptOut.kind == kind
                )
            )
        return
    if not is_enabled(user_id, kind):
        return
    try:
        with unit_of_work():
            db.session.add(NotificationOptOut(user_id=user_id, kind=kind, created_at=utcnow()))
    except IntegrityError:
        pass  # the other request turned it off first


def update_settings(user: User, changes: dict[str, bool]) -> list[dict]:
    for kind in changes:
        _require_kind(kind)
    for kind, enabled in changes.items():
        set_enabled(user.id, kind, enabled)
    return settings_of(user)


# --------------------------------------------------------------------------------------------- unsubscribe


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=UNSUBSCRIBE_SALT)


def unsubscribe_token(user_id: int, kind: str) -> str:
    return _serializer().dumps({"u": user_id, "k": kind})


def unsubscribe_url(user_id: int, kind: str) -> str:
    return f"{current_app.config['APP_BASE_URL']}/unsubscribe/{unsubscribe_token(user_id, kind)}"


@dataclass
class Unsubscribe:
    user_id: int
    kind: str
    language: str
    enabled: bool


def read_token(token: str) -> Unsubscribe:
    """What an unsubscribe link names, or 400 notifications.link_invalid (tampered, truncated, or a deleted user)."""
    try:
        data = _serializer().loads(token)
    except BadSignature:
        raise Invalid("notifications.link_invalid") from None
    user_id, kind = (data.get("u"), data.get("k")) if isinstance(data, dict) else (None, None)
    user = db.session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None or kind not in REMINDER_KINDS:
        raise Invalid("notifications.link_invalid")
    return Unsubscribe(user.id, kind, language_of(user), is_enabled(user.id, kind))


def unsubscribe(token: str) -> Unsubscribe:
    link = read_token(token)
    set_enabled(link.user_id, link.kind, False)
    link.enabled = False
    return link
