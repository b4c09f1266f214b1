"""Cross-field rules, guards and derived fields named by the registry (models_registry: `validators`, `guards`,
`derived`).

Each validator gets the values being written (create: the full row; update: only the changed fields) and the
existing row (None on create), and returns {field: [messages]} — empty when everything is fine. Guards have the same
shape and run once the validators pass; they hold what other rows depend on (409).
"""

from __future__ import annotations

from sqlalchemy import func, select

from ..database import lock_rows
from ..errors import LocalizedMessage
from ..extensions import db
from ..models import dorm_places
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


# Which field of a SectionRoom update answers for each broken rule of the room (dorm_places.room_problems).
_ROOM_RULE_FIELD = {
    dorm_places.BEDS: "external_reserved_places",
    dorm_places.RESERVED: "external_reserved_places",
    dorm_places.BLOCKS: "external_reserved_places",
    dorm_places.GENDER: "assigned_gender_id",
    dorm_places.ROOM_TYPE: "room_type_id",
}


def occupied_room_keeps_its_places(values: dict, row) -> dict:
    """Guard of SectionRoom updates (issue 22, finding 6): a room's occupants keep their beds, gender and room type.

    The room types concerned are locked first, as every booking change locks them, so no booking slips in between
    the count and the write; the room is then read again (a booking may have given it its gender meanwhile)."""
    watched = ("room_type_id", "assigned_gender_id", "external_reserved_places")
    if row is None or not any(name in values for name in watched):
        return {}
    lock_rows(RoomType, {row.room_type_id, values.get("room_type_id", row.room_type_id)})
    db.session.refresh(row)
    changing = {name for name in watched if name in values and values[name] != getattr(row, name)}
    if not changing:
        return {}
    room_type = db.session.get(RoomType, _merged(values, row, "room_type_id"), populate_existing=True)
    problems = dorm_places.room_problems(
        dorm_places.occupancy([row.id])[row.id],
        name=row.name,
        capacity=room_type.capacity,
        reserved=_merged(values, row, "external_reserved_places", 0) or 0,
        gender_id=_merged(values, row, "assigned_gender_id"),
        room_type_id=room_type.id,
    )
    errors: dict[str, list] = {}
    for rule, message in problems.items():
        if changing & set(dorm_places.RULE_INPUTS[rule]):
            field = _ROOM_RULE_FIELD[rule]
            if rule == dorm_places.BEDS and "external_reserved_places" not in changing:
                field = "room_type_id"
            errors.setdefault(field, []).append(message)
    return errors


def room_type_capacity_covers_occupants(values: dict, row) -> dict:
    """Guard of RoomType updates (issue 22, finding 6): a smaller capacity must leave every room of the type the
    beds its portal bookings hold (capacity − reserved places ≥ bookings). The room type is locked first."""
    if row is None or "capacity" not in values:
        return {}
    lock_rows(RoomType, [row.id])
    db.session.refresh(row)
    if values["capacity"] >= row.capacity:
        return {}  # a larger room type never crowds anyone
    rooms = list(
        db.session.scalars(
            select(SectionRoom).where(SectionRoom.room_type_id == row.id).execution_options(populate_existing=True)
        )
    )
    found = dorm_places.occupancy([room.id for room in rooms])
    for room in sorted(rooms, key=lambda r: (r.name, r.id)):
        problems = dorm_places.room_problems(
            found[room.id],
            name=room.name,
            capacity=values["capacity"],
            reserved=room.external_reserved_places,
            gender_id=room.assigned_gender_id,
            room_type_id=room.room_type_id,
        )
        if dorm_places.BEDS in problems:
            return {"capacity": [problems[dorm_places.BEDS]]}
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
