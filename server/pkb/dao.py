"""Credit-bureau requests and the data the bureau answered. A DAO never commits."""

from __future__ import annotations

import hashlib

from sqlalchemy import select, text, update

from ..extensions import db
from ..models import PkbPersonData, PkbRequest, UserData


def latest_request(user_id: int) -> PkbRequest | None:
    return db.session.scalar(
        select(PkbRequest).where(PkbRequest.user_id == user_id).order_by(PkbRequest.id.desc()).limit(1)
    )


def request_by_public_id(public_id: str) -> PkbRequest | None:
    return db.session.scalar(select(PkbRequest).where(PkbRequest.public_id == public_id))


def person_of(user_id: int) -> PkbPersonData | None:
    return db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == user_id))


def user_data_item(application_id: int, form_key: str) -> UserData | None:
    return db.session.scalar(
        select(UserData).where(UserData.application_id == application_id, UserData.type == form_key)
    )


def person_with_iin_of_another(iin: str, user_id: int) -> PkbPersonData | None:
    """Another account's bureau data with this IIN: one person is one account (issue 22)."""
    return db.session.scalar(
        select(PkbPersonData).where(PkbPersonData.iin == iin, PkbPersonData.user_id != user_id).limit(1)
    )


def lock_iin(iin: str) -> None:
    """Serialises, until the transaction ends, everything decided about one IIN (its confirmation by an account, a
    grant awarded to it). PostgreSQL: a transaction-scoped advisory lock keyed by the IIN, as there may be no row
    to lock yet. SQLite: an UPDATE, even one matching no row, takes the database's single write lock."""
    if db.engine.dialect.name == "sqlite":
        db.session.execute(update(PkbPersonData).where(PkbPersonData.iin == iin).values(iin=PkbPersonData.iin))
        return
    key = int.from_bytes(hashlib.sha256(f"pkb_person_data.iin:{iin}".encode()).digest()[:8], "big", signed=True)
    db.session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
