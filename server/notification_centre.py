"""notify(): one entry in a user's notification centre, the header bell (issue 26; decision 0081).

A kernel module so that every domain, the state machine included, can record the bell entry of an event in the
transaction of the event itself: the entry exists exactly when the event committed. The text is not stored: `kind`
names `notifications.<kind>.title` / `.body` in server/i18n, rendered with `params` in the reader's language when
the list is read (accounts/notifications.py), so a user who switches language reads the whole list in the new one.
A param may be a {"ru": …, "kk": …, "en": …} mapping (a programme's name): the reader's language is picked from it.
"""

from __future__ import annotations

from .extensions import db
from .models import Notification, User
from .models.base import utcnow

LINK_MAX = 255


def notify(user: User | int, kind: str, params: dict | None = None, link: str = "/") -> Notification:
    """Adds the entry to the current transaction (the caller commits it with its event). `link` is a client path
    where the user acts on it ("/my-applications", "/dormitory")."""
    if not link.startswith("/") or link.startswith("//"):
        raise ValueError("a notification links to a path of the portal")
    user_id = user if isinstance(user, int) else user.id
    notification = Notification(
        user_id=user_id, kind=kind, params=dict(params or {}), link=link[:LINK_MAX], created_at=utcnow()
    )
    db.session.add(notification)
    return notification


def trilingual(row, attribute: str = "name") -> dict[str, str]:
    """A reference row's name in the three languages, for a param (falls back to Russian where one is empty)."""
    russian = getattr(row, f"{attribute}_ru", "") or ""
    return {lang: (getattr(row, f"{attribute}_{lang}", "") or russian) for lang in ("ru", "kk", "en")}
