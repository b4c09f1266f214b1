"""The rules every dormitory room keeps, whoever writes (issue 22, finding 6; decision 0067 "Invariants").

Counting a room's active bookings (offered, held, confirmed):
- *beds*: portal bookings ≤ room type capacity − `external_reserved_places` (the beds the portal may give);
- *reserved*: 0 ≤ `external_reserved_places` ≤ capacity;
- *blocks*: the places given to suborganizations ≤ `external_reserved_places`, and each suborganization's people in
  the room ≤ its block (so portal + suborganization people ≤ capacity);
- *gender* and *room type*: every occupant has the room's gender and room type, so an occupied room keeps both.

They live here, in the kernel, because two layers write rooms: the generic model API (`server/universal`, below the
dormitory in the import layers: its guards call `room_problems`) and the dormitory's use cases (`server/dorm`: every
writer calls `enforce_rooms` before it commits). On PostgreSQL the same rules are deferred constraint triggers
(`TRIGGERS_SQL`, created by create_all here and by migration b7d3c9e0f421), so a writer that bypasses both — raw SQL,
a future job — is refused at commit. SQLite relies on the service layer (its triggers cannot be deferred, and a swap
passes through states that break the rules between two statements of one transaction).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sqlalchemy import DDL, event, func, select

from ..errors import Conflict, LocalizedMessage
from ..extensions import db
from .dorm_booking import ACTIVE_BOOKING_STATUSES, DormBooking, SuborganizationBlock
from .dormitory import RoomType, SectionRoom

# The rules, by name: what `room_problems` reports and the fields each one reads.
BEDS = "beds"
RESERVED = "reserved"
BLOCKS = "blocks"
MEMBERS = "members"
GENDER = "gender"
ROOM_TYPE = "room_type"
RULE_INPUTS = {
    BEDS: ("room_type_id", "external_reserved_places"),
    RESERVED: ("room_type_id", "external_reserved_places"),
    BLOCKS: ("external_reserved_places",),
    MEMBERS: (),  # blocks change only through the suborganization screens, which hold it themselves
    GENDER: ("assigned_gender_id",),
    ROOM_TYPE: ("room_type_id",),
}


@dataclass
class Occupancy:
    """Who is in one room now: portal bookings, suborganization people (per organisation), the organisations'
    blocks, and the genders and room types the occupants were booked with."""

    portal: int = 0
    members: Counter = field(default_factory=Counter)
    blocks: dict[int, int] = field(default_factory=dict)
    genders: set[int | None] = field(default_factory=set)
    room_types: set[int] = field(default_factory=set)

    @property
    def occupied(self) -> bool:
        return self.portal > 0 or sum(self.members.values()) > 0

    @property
    def blocked(self) -> int:
        return sum(self.blocks.values())


def occupancy(room_ids) -> dict[int, Occupancy]:
    """Occupancy of each room (two grouped statements, whatever the number of rooms)."""
    ids = sorted(set(room_ids))
    found = {room_id: Occupancy() for room_id in ids}
    if not ids:
        return found
    rows = db.session.execute(
        select(
            DormBooking.room_id,
            DormBooking.suborganization_id,
            DormBooking.gender_id,
            DormBooking.room_type_id,
            func.count(DormBooking.id),
        )
        .where(DormBooking.room_id.in_(ids), DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
        .group_by(DormBooking.room_id, DormBooking.suborganization_id, DormBooking.gender_id, DormBooking.room_type_id)
    )
    for room_id, suborganization_id, gender_id, room_type_id, count in rows:
        here = found[room_id]
        if suborganization_id is None:
            here.portal += count
        else:
            here.members[suborganization_id] += count
        here.genders.add(gender_id)
        here.room_types.add(room_type_id)
    blocks = db.session.execute(
        select(
            SuborganizationBlock.room_id, SuborganizationBlock.suborganization_id, SuborganizationBlock.places
        ).where(SuborganizationBlock.room_id.in_(ids))
    )
    for room_id, suborganization_id, places in blocks:
        found[room_id].blocks[suborganization_id] = places
    return found


def room_problems(
    here: Occupancy, *, name: str, capacity: int, reserved: int, gender_id: int | None, room_type_id: int
) -> dict[str, LocalizedMessage]:
    """The rules a room with these settings would break, given who is in it: {rule: localized message}."""
    problems: dict[str, LocalizedMessage] = {}
    available = capacity - reserved
    if not 0 <= reserved <= capacity:
        problems[RESERVED] = LocalizedMessage("dormitory.reserved_over_capacity", capacity=capacity)
    if here.portal > available:
        problems[BEDS] = LocalizedMessage(
            "dormitory.occupied_over_places", room=name, taken=here.portal, available=max(available, 0)
        )
    if here.blocked > reserved:
        problems[BLOCKS] = LocalizedMessage("dormitory.reserved_below_blocks", room=name, blocked=here.blocked)
    if any(count > here.blocks.get(org, 0) for org, count in here.members.items()):
        problems[MEMBERS] = LocalizedMessage("dormitory.members_over_block", room=name)
    if here.occupied and here.genders != {gender_id}:
        problems[GENDER] = LocalizedMessage("dormitory.occupied_room_gender", room=name)
    if here.occupied and here.room_types != {room_type_id}:
        problems[ROOM_TYPE] = LocalizedMessage("dormitory.occupied_room_type", room=name)
    return problems


def enforce_rooms(room_ids) -> None:
    """Refuses (409, nothing is kept: the caller's transaction rolls back) when a room the caller changed breaks a
    rule. The dormitory's writers call it after their writes, under their room type locks, before they commit."""
    ids = sorted({room_id for room_id in room_ids if room_id is not None})
    if not ids:
        return
    db.session.flush()
    rooms = db.session.execute(
        select(SectionRoom, RoomType.capacity)
        .join(RoomType, RoomType.id == SectionRoom.room_type_id)
        .where(SectionRoom.id.in_(ids))
        .order_by(SectionRoom.id)
        .execution_options(populate_existing=True)
    ).all()
    found = occupancy(ids)
    for room, capacity in rooms:
        problems = room_problems(
            found[room.id],
            name=room.name,
            capacity=capacity,
            reserved=room.external_reserved_places,
            gender_id=room.assigned_gender_id,
            room_type_id=room.room_type_id,
        )
        if problems:
            first = next(iter(problems.values()))
            raise Conflict(str(first), **first.params)


# ------------------------------------------------------------------------------------------- PostgreSQL triggers

# The same rules as room_problems, checked at commit (DEFERRABLE INITIALLY DEFERRED: a swap or a move passes through
# states that break them between two statements). The advisory lock serialises the checks of one room across
# transactions, so two writers that each fit alone cannot both pass: the second counts after the first committed.
# No '%' anywhere (SQLAlchemy's DDL and the DB-API would read it as a placeholder).
CHECK_ROOM_FUNCTION = """
CREATE OR REPLACE FUNCTION dorm_check_room(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    room record;
    portal integer;
    strangers integer;
    blocked integer;
    over_block integer;
BEGIN
    PERFORM pg_advisory_xact_lock(6700, target);
    SELECT r.id, r.external_reserved_places AS reserved, r.assigned_gender_id AS gender_id,
           r.room_type_id, t.capacity
      INTO room
      FROM section_rooms r JOIN room_types t ON t.id = r.room_type_id
     WHERE r.id = target;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT count(*) FILTER (WHERE b.suborganization_id IS NULL),
           count(*) FILTER (WHERE b.gender_id IS DISTINCT FROM room.gender_id
                               OR b.room_type_id <> room.room_type_id)
      INTO portal, strangers
      FROM dorm_bookings b
     WHERE b.room_id = target AND b.status IN ('offered', 'held', 'confirmed');
    SELECT coalesce(sum(k.places), 0) INTO blocked FROM suborganization_blocks k WHERE k.room_id = target;
    SELECT count(*) INTO over_block FROM (
        SELECT b.suborganization_id
          FROM dorm_bookings b
          LEFT JOIN suborganization_blocks k
                 ON k.room_id = b.room_id AND k.suborganization_id = b.suborganization_id
         WHERE b.room_id = target AND b.status IN ('offered', 'held', 'confirmed')
           AND b.suborganization_id IS NOT NULL
         GROUP BY b.suborganization_id, k.places
        HAVING count(*) > coalesce(k.places, 0)
    ) AS crowded;
    IF room.reserved < 0 OR room.reserved > room.capacity THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_reserved',
            MESSAGE = 'room ' || target || ': reserved places outside 0..capacity';
    END IF;
    IF portal > room.capacity - room.reserved THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_beds',
            MESSAGE = 'room ' || target || ': more portal bookings than capacity minus reserved places';
    END IF;
    IF blocked > room.reserved OR over_block > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_blocks',
            MESSAGE = 'room ' || target || ': suborganization places beyond the reserved ones or their block';
    END IF;
    IF strangers > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_occupants',
            MESSAGE = 'room ' || target || ': an occupant of another gender or room type than the room';
    END IF;
END;
$$
"""

TRIGGER_FUNCTIONS = """
CREATE OR REPLACE FUNCTION dorm_check_booking_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dorm_check_room(NEW.room_id);
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_section_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dorm_check_room(NEW.id);
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_room_type_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    one_room integer;
BEGIN
    FOR one_room IN SELECT id FROM section_rooms WHERE room_type_id = NEW.id ORDER BY id LOOP
        PERFORM dorm_check_room(one_room);
    END LOOP;
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_block_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM dorm_check_room(OLD.room_id);
    ELSE
        PERFORM dorm_check_room(NEW.room_id);
    END IF;
    RETURN NULL;
END;
$$
"""

# A booking that leaves (cancelled, expired) frees a place and needs no check; one that is active is checked.
TRIGGERS = (
    (
        "dorm_bookings",
        "dorm_bookings_room_rules",
        "AFTER INSERT OR UPDATE ON dorm_bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW"
        " WHEN (NEW.status IN ('offered', 'held', 'confirmed')) EXECUTE FUNCTION dorm_check_booking_room()",
    ),
    (
        "section_rooms",
        "section_rooms_room_rules",
        "AFTER INSERT OR UPDATE OF room_type_id, assigned_gender_id, external_reserved_places ON section_rooms"
        " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dorm_check_section_room()",
    ),
    (
        "room_types",
        "room_types_room_rules",
        "AFTER UPDATE OF capacity ON room_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW"
        " EXECUTE FUNCTION dorm_check_room_type_rooms()",
    ),
    (
        "suborganization_blocks",
        "suborganization_blocks_room_rules",
        "AFTER INSERT OR UPDATE OR DELETE ON suborganization_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW"
        " EXECUTE FUNCTION dorm_check_block_room()",
    ),
)

# Repeatable (a second create_all on the same database): constraint triggers have no CREATE OR REPLACE.
TRIGGERS_SQL = (
    CHECK_ROOM_FUNCTION,
    TRIGGER_FUNCTIONS,
    *(
        f"DROP TRIGGER IF EXISTS {name} ON {table}; CREATE CONSTRAINT TRIGGER {name} {definition}"
        for table, name, definition in TRIGGERS
    ),
)


def _install_triggers(metadata) -> None:
    """create_all (the tests, a fresh database without migrations) makes the triggers after every table exists."""
    for statement in TRIGGERS_SQL:
        ddl = DDL(statement).execute_if(dialect="postgresql")
        event.listen(metadata, "after_create", ddl)


_install_triggers(db.metadata)
