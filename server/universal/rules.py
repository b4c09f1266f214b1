"""Cross-field rules and derived fields named by the registry (models_registry: `validators`, `derived`).

Each validator gets the values being written (create: the full row; update: only the changed fields) and the
existing row (None on create), and returns {field: [messages]} — empty when everything is fine.
"""

from __future__ import annotations

from sqlalchemy import func, select

from ..errors import LocalizedMessage
from ..extensions import db
from ..models.dormitory import RoomType, SectionRoom
from ..models.reference import Kato, kato_parent_candidates


def _merged(values: dict, row, name: str, default=None):
    if name in values:
        return values[name]
    return getattr(row, name) if row is not None else default


def reserved_places_within_capacity(values: dict, row) -> dict:
    """SectionRoom.external_reserved_places lies between 0 and the room type's capacity."""
    if "external_reserved_places" not in values and "room_type_id" not in values:
        return {}
    reserved = _merged(values, row, "external_reserved_places", 0) or 0
    room_type = db.session.get(RoomType, _merged(values, row, "room_type_id"))
    if room_type is None:
        return {}  # the parent check reports the missing room type
    if not 0 <= reserved <= room_type.capacity:
        return {
            "external_reserved_places": [
                LocalizedMessage("dormitory.reserved_over_capacity", capacity=room_type.capacity)
            ]
        }
    return {}


def room_type_capacity_covers_reservations(values: dict, row) -> dict:
    """A room type's capacity may not drop below places already reserved in its rooms."""
    if row is None or "capacity" not in values:
        return {}
    reserved = (
        db.session.scalar(
            select(func.max(SectionRoom.external_reserved_places)).where(SectionRoom.room_type_id == row.id)
        )
        or 0
    )
    if values["capacity"] < reserved:
        return {"capacity": [LocalizedMessage("dormitory.capacity_below_reserved", reserved=reserved)]}
    return {}


def kato_parent_not_self(values: dict, row) -> dict:
    """A KATO node cannot become its own ancestor."""
    parent_id = values.get("parent_id")
    if row is None or parent_id is None:
        return {}
    seen = set()
    current = parent_id
    while current is not None and current not in seen:
        if current == row.id:
            return {"parent_id": [LocalizedMessage("universal.parent_cycle")]}
        seen.add(current)
        current = db.session.scalar(select(Kato.parent_id).where(Kato.id == current))
    return {}


def kato_tree_position(values: dict, row) -> dict:
    """A KATO node's parent and level follow from its code, as in import-kato and the seed (derived, not written).

    The parent is the nearest existing ancestor by the code structure; a node without one is a region (level 1)."""
    if "code" not in values:
        return {}
    candidates = kato_parent_candidates(values["code"])
    if not candidates:
        return {"parent_id": None, "level": 1}
    stmt = select(Kato.id, Kato.code, Kato.level).where(Kato.code.in_(candidates))
    if row is not None:
        stmt = stmt.where(Kato.id != row.id)
    found = {code: (node_id, level) for node_id, code, level in db.session.execute(stmt)}
    parent = next((found[code] for code in candidates if code in found), None)
    if parent is None:
        return {"parent_id": None, "level": 1}
    return {"parent_id": parent[0], "level": parent[1] + 1}
