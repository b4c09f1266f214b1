"""The official grant-holder lists. A DAO never commits."""

from __future__ import annotations

from sqlalchemy import delete, func, insert, select

from ..extensions import db
from ..models import GovGrantHolder


def holder(year: int, iin: str) -> GovGrantHolder | None:
    return db.session.scalar(select(GovGrantHolder).where(GovGrantHolder.year == year, GovGrantHolder.iin == iin))


def count_for_year(year: int) -> int:
    return db.session.scalar(select(func.count(GovGrantHolder.id)).where(GovGrantHolder.year == year)) or 0


def list_published(year: int) -> bool:
    return db.session.scalar(select(GovGrantHolder.id).where(GovGrantHolder.year == year).limit(1)) is not None


def replace_year(year: int, rows: list[dict]) -> int:
    """Deletes the year's list and inserts `rows` (in the caller's transaction); answers how many were removed."""
    removed = db.session.execute(delete(GovGrantHolder).where(GovGrantHolder.year == year)).rowcount or 0
    if rows:
        db.session.execute(insert(GovGrantHolder), rows)
    return removed
