"""KATO picker queries (issue 10). A DAO never commits."""

from __future__ import annotations

from sqlalchemy import func, or_, select

from ..database import contains_ignoring_case
from ..extensions import db
from ..models.reference import Kato


def children(parent_id: int | None) -> list[Kato]:
    condition = Kato.parent_id.is_(None) if parent_id is None else Kato.parent_id == parent_id
    return list(db.session.scalars(select(Kato).where(condition).order_by(Kato.name_ru, Kato.id)))


def with_children(ids: list[int]) -> set[int]:
    """The ids among `ids` that have at least one child (one query)."""
    if not ids:
        return set()
    return set(db.session.scalars(select(Kato.parent_id).where(Kato.parent_id.in_(ids)).distinct()))


def search(words: list[str], limit: int) -> tuple[list[Kato], int]:
    """Nodes whose name in any language contains every word (case-insensitive); upper levels first."""
    conditions = []
    for word in words:
        # ILIKE on PostgreSQL: each name's trigram index serves it (models/reference.py).
        names = (Kato.name_ru, Kato.name_kk, Kato.name_en)
        conditions.append(or_(*(contains_ignoring_case(name, word) for name in names)))
    base = select(Kato).where(*conditions)
    total = db.session.scalar(select(func.count()).select_from(base.subquery()))
    rows = db.session.scalars(base.order_by(Kato.level, Kato.name_ru, Kato.id).limit(limit)).all()
    return list(rows), int(total or 0)


def by_ids(ids: set[int]) -> dict[int, Kato]:
    if not ids:
        return {}
    return {node.id: node for node in db.session.scalars(select(Kato).where(Kato.id.in_(ids)))}
