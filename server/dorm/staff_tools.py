"""Staff side of the dormitory (issue 13; decision 0067): the occupancy board and its xlsx export, cancelling or
moving any booking with a reason, and suborganizations (lists, the xlsx import of their people, blocks of
reserved places and the assignment of people within them)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from openpyxl import Workbook, load_workbook
from sqlalchemy import func, select

from .. import audit
from ..database import use_case
from ..errors import Conflict, Invalid, NotFound, Refused
from ..extensions import db
from ..i18n import translate
from ..integrations import xlsx
from ..models import (
    Building,
    DormBooking,
    Floor,
    Gender,
    Hall,
    RoomType,
    Section,
    SectionRoom,
    Suborganization,
    SuborganizationBlock,
    SuborganizationMember,
    User,
)
from ..models.base import utcnow
from ..models.dorm_booking import ACTIVE_BOOKING_STATUSES, BOOKING_CONFIRMED, BOOKING_HELD, BOOKING_OFFERED
from ..models.dorm_places import enforce_rooms
from . import dao
from .places import Actor, cancel, lock_for_change, move, record, release_room, take_room

UPLOAD_MAX_ROWS = 5000
# The import template (README "Dormitory"): first sheet, first row headers, in this order.
TEMPLATE_COLUMNS = ("last_name", "first_name", "middle_name", "email", "phone", "gender")
GENDER_WORDS = {
    "male": "male",
    "m": "male",
    "м": "male",
    "мужской": "male",
    "ер": "male",
    "female": "female",
    "f": "female",
    "ж": "female",
    "женский": "female",
    "әйел": "female",
}


def actor_of(admin: User) -> Actor:
    return Actor(admin, sorted(admin.role_names)[0])


# -------------------------------------------------------------------------------------------------------- board


def board(hall_id: int | None = None, building_id: int | None = None, gender_id: int | None = None) -> dict:
    """hall → building → floor → section → room with beds occupied (confirmed), held (held or offered), reserved
    (external places not used by a suborganization) and free; residents' names. Four queries."""
    query = (
        select(SectionRoom, Section, Floor, Building, Hall, RoomType)
        .join(Section, Section.id == SectionRoom.section_id)
        .join(Floor, Floor.id == Section.floor_id)
        .join(Building, Building.id == Floor.building_id)
        .join(Hall, Hall.id == Building.hall_id)
        .join(RoomType, RoomType.id == SectionRoom.room_type_id)
        .order_by(Hall.name, Hall.id, Building.order, Building.id, Floor.order, Floor.id, Section.order, Section.id)
        .order_by(SectionRoom.order, SectionRoom.id)
    )
    if hall_id:
        query = query.where(Hall.id == hall_id)
    if building_id:
        query = query.where(Building.id == building_id)
    if gender_id:
        query = query.where(SectionRoom.assigned_gender_id == gender_id)
    rows = list(db.session.execute(query))
    room_ids = [r[0].id for r in rows]
    bookings: dict[int, list] = {}
    if room_ids:
        for booking, user, member in db.session.execute(
            select(DormBooking, User, SuborganizationMember)
            .outerjoin(User, User.id == DormBooking.user_id)
            .outerjoin(SuborganizationMember, SuborganizationMember.id == DormBooking.member_id)
            .where(DormBooking.room_id.in_(room_ids), DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
            .order_by(DormBooking.id)
        ):
            bookings.setdefault(booking.room_id, []).append((booking, user, member))
    genders = {g.id: g.code for g in db.session.scalars(select(Gender))}
    halls: dict[int, dict] = {}
    for room, section, floor, building, hall, room_type in rows:
        h = halls.setdefault(hall.id, {**_names(hall), "buildings": {}})
        b = h["buildings"].setdefault(building.id, {**_names(building), "floors": {}})
        f = b["floors"].setdefault(floor.id, {**_names(floor), "sections": {}})
        s = f["sections"].setdefault(section.id, {**_names(section), "rooms": []})
        here = bookings.get(room.id, [])
        portal = [x for x in here if x[0].suborganization_id is None]
        suborg = [x for x in here if x[0].suborganization_id is not None]
        occupied = sum(1 for x in portal if x[0].status == BOOKING_CONFIRMED) + len(suborg)
        held = sum(1 for x in portal if x[0].status in (BOOKING_HELD, BOOKING_OFFERED))
        reserved = max(room.external_reserved_places - len(suborg), 0)
        free = max(room_type.capacity - room.external_reserved_places - len(portal), 0)
        s["rooms"].append(
            {
                "id": room.id,
                "name": room.name,
                "room_type": _names(room_type),
                "capacity": room_type.capacity,
                "gender": genders.get(room.assigned_gender_id),
                "occupied": occupied,
                "held": held,
                "reserved": reserved,
                "free": free,
                "residents": [_resident(b_, u, m) for b_, u, m in here],
            }
        )
    tree = []
    for h in halls.values():
        buildings = []
        for b in h["buildings"].values():
            floors = [{**f, "sections": list(f["sections"].values())} for f in b["floors"].values()]
            buildings.append({**b, "floors": floors})
        tree.append({**h, "buildings": buildings})
    totals = {"rooms": len(rows)}
    for key in ("occupied", "held", "reserved", "free"):
        totals[key] = sum(
            r[key] for h in tree for b in h["buildings"] for f in b["floors"] for s in f["sections"] for r in s["rooms"]
        )
    return {"list": tree, "totals": totals}


def _names(row) -> dict:
    """id and the name in the three languages ('' = not given; decision 0073): screens and exports pick theirs."""
    return {"id": row.id, "name": row.name, "name_kk": row.name_kk or "", "name_en": row.name_en or ""}


def _in(names: dict, lang: str) -> str:
    return (names.get(f"name_{lang}") if lang != "ru" else None) or names["name"]


def _resident(booking: DormBooking, user: User | None, member: SuborganizationMember | None) -> dict:
    if member is not None:
        name = member.full_name
    else:
        name = " ".join(p for p in (user.last_name, user.first_name) if p) if user else ""
        name = name or (user.email if user else "")
    return {
        "booking_id": booking.id,
        "name": name,
        "status": booking.status,
        "suborganization_id": booking.suborganization_id,
        "hold_expires_at": booking.hold_expires_at,
    }


def export_residents(lang: str, hall_id: int | None = None) -> bytes:
    data = board(hall_id=hall_id)
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(translate("dorm.export.sheet", lang))
    headers = ("hall", "building", "floor", "section", "room", "room_type", "gender", "name", "status")
    sheet.append(xlsx.row(sheet, [translate(f"dorm.export.{h}", lang) for h in headers]))
    for h in data["list"]:
        for b in h["buildings"]:
            for f in b["floors"]:
                for s in f["sections"]:
                    for r in s["rooms"]:
                        for person in r["residents"]:
                            # Names typed by applicants, staff or a partner's list: data, never formulas.
                            sheet.append(
                                xlsx.row(
                                    sheet,
                                    [
                                        _in(h, lang),
                                        _in(b, lang),
                                        _in(f, lang),
                                        _in(s, lang),
                                        r["name"],
                                        _in(r["room_type"], lang),
                                        translate(f"dorm.gender.{r['gender']}", lang) if r["gender"] else "",
                                        person["name"],
                                        translate(f"dorm.status.{person['status']}", lang),
                                    ],
                                )
                            )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# ------------------------------------------------------------------------------------------- admin on bookings


@use_case
def admin_update_booking(admin: User, booking_id: int, action: str, reason: str, room_id: int | None) -> DormBooking:
    actor = actor_of(admin)
    booking = dao.get_booking(booking_id)
    if booking is None:
        raise NotFound("dorm.booking_not_found")
    target = None
    types = [booking.room_type_id]
    if action == "move":
        target = db.session.get(SectionRoom, room_id) if room_id else None
        if target is None:
            raise NotFound("dorm.room_not_found")
        types.append(target.room_type_id)
    lock_for_change(None, types)
    booking = dao.lock_booking(booking_id)
    if booking.status not in ACTIVE_BOOKING_STATUSES:
        raise Conflict("dorm.booking_not_active")
    if action == "cancel":
        cancel(booking, actor, reason)
    else:
        if target.id == booking.room_id:
            raise Refused("dorm.transfer_same_place")
        if target.assigned_gender_id not in (None, booking.gender_id):
            raise Conflict("dorm.gender_mismatch")
        if booking.suborganization_id is None:
            free = target.room_type.capacity - target.external_reserved_places - dao.room_used(target.id)
            if free <= 0:
                raise Conflict("dorm.no_places", can_join_waitlist=False)
            move(booking, dao.room_hall_id(target.id), target.room_type_id, actor, reason, room=target)
        else:
            _move_member(booking, target, actor, reason)
    audit.record(
        f"dorm_booking_{action}", ("dorm_booking", str(booking.id)), {"reason": reason, "room_id": room_id}, actor=admin
    )
    return booking


def _move_member(booking: DormBooking, target: SectionRoom, actor: Actor, reason: str) -> None:
    if _block_free(booking.suborganization_id, target) <= 0:
        raise Conflict("dorm.no_places", can_join_waitlist=False)
    old_room = booking.room_id
    take_room(target, booking.gender_id)
    booking.room_id, booking.room_type_id, booking.hall_id = target.id, target.room_type_id, dao.room_hall_id(target.id)
    record(booking, "move", actor, from_status=booking.status, from_room=old_room, reason=reason)
    release_room(old_room)
    enforce_rooms([target.id])


# ------------------------------------------------------------------------------------------------ suborganizations


def list_suborganizations() -> list[dict]:
    orgs = list(db.session.scalars(select(Suborganization).order_by(Suborganization.name, Suborganization.id)))
    places = dict(
        db.session.execute(
            select(SuborganizationBlock.suborganization_id, func.sum(SuborganizationBlock.places)).group_by(
                SuborganizationBlock.suborganization_id
            )
        ).all()
    )
    members = dict(
        db.session.execute(
            select(SuborganizationMember.suborganization_id, func.count(SuborganizationMember.id)).group_by(
                SuborganizationMember.suborganization_id
            )
        ).all()
    )
    placed = dict(
        db.session.execute(
            select(DormBooking.suborganization_id, func.count(DormBooking.id))
            .where(DormBooking.suborganization_id.is_not(None), DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
            .group_by(DormBooking.suborganization_id)
        ).all()
    )
    return [
        {
            "id": o.id,
            "code": o.code,
            "name": o.name,
            "reserved_places": int(places.get(o.id) or 0),
            "members": int(members.get(o.id) or 0),
            "placed": int(placed.get(o.id) or 0),
        }
        for o in orgs
    ]


def members_of(suborganization_id: int, page: int, per_page: int) -> tuple[list[dict], int]:
    if db.session.get(Suborganization, suborganization_id) is None:
        raise NotFound("dorm.suborganization_not_found")
    per_page = min(per_page, 100)
    base = select(SuborganizationMember).where(SuborganizationMember.suborganization_id == suborganization_id)
    total = db.session.scalar(select(func.count()).select_from(base.subquery()))
    members = list(
        db.session.scalars(
            base.order_by(SuborganizationMember.last_name, SuborganizationMember.id)
            .offset((page - 1) * per_page)
            .limit(per_page)
        )
    )
    active = {
        b.member_id: b
        for b in db.session.scalars(
            select(DormBooking).where(DormBooking.active_member_id.in_([m.id for m in members]))
        )
    }
    genders = {g.id: g.code for g in db.session.scalars(select(Gender))}
    return [
        {
            "id": m.id,
            "last_name": m.last_name,
            "first_name": m.first_name,
            "middle_name": m.middle_name,
            "email": m.email,
            "phone": m.phone,
            "gender": genders.get(m.gender_id),
            "booking_id": active[m.id].id if m.id in active else None,
            "room_id": active[m.id].room_id if m.id in active else None,
        }
        for m in members
    ], total


@dataclass
class RowError:
    row: int
    column: str
    key: str


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _person_row(number: int, values: list[str], genders: dict[str, int], seen: set[str]) -> tuple[dict, list[RowError]]:
    """One sheet row as a member's fields, and what is wrong with it (the row number as the sheet shows it)."""
    last, first, middle, email, phone, gender = values
    email = email.lower()
    errors = [
        RowError(number, column, "dorm.upload_required")
        for column, value in (("last_name", last), ("first_name", first), ("email", email), ("gender", gender))
        if not value
    ]
    if email and ("@" not in email or "." not in email.rsplit("@", 1)[-1] or len(email) > 254):
        errors.append(RowError(number, "email", "dorm.upload_bad_email"))
    if email and email in seen:
        errors.append(RowError(number, "email", "dorm.upload_duplicate"))
    seen.add(email)
    gender_code = GENDER_WORDS.get(gender.lower()) if gender else None
    if gender and gender_code not in genders:
        errors.append(RowError(number, "gender", "dorm.upload_bad_gender"))
    if len(last) > 100 or len(first) > 100 or len(middle) > 100 or len(phone) > 32:
        errors.append(RowError(number, "last_name", "dorm.upload_too_long"))
    person = {
        "last_name": last,
        "first_name": first,
        "middle_name": middle or None,
        "email": email,
        "phone": phone or None,
        "gender_id": genders.get(gender_code),
    }
    return person, errors


@use_case
def upload_users(admin: User, code: str, name: str | None, stream) -> dict:
    """Imports an organisation's people (all rows or none). Errors name the row number of the sheet."""
    try:
        workbook = load_workbook(stream, read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 (any unreadable file is the same answer)
        raise Invalid("dorm.upload_not_xlsx") from None
    sheet = workbook.worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = [(_cell(v)).lower() for v in next(rows, ())]
    if tuple(header[: len(TEMPLATE_COLUMNS)]) != TEMPLATE_COLUMNS:
        raise Invalid("dorm.upload_bad_header", columns=", ".join(TEMPLATE_COLUMNS))
    genders = {g.code: g.id for g in db.session.scalars(select(Gender))}
    errors: list[RowError] = []
    people: list[dict] = []
    seen: set[str] = set()
    for number, values in enumerate(rows, start=2):
        values = [(_cell(v)) for v in (list(values) + [None] * 6)[:6]]
        if not any(values):
            continue
        if len(people) >= UPLOAD_MAX_ROWS:
            raise Invalid("dorm.upload_too_many_rows", max=UPLOAD_MAX_ROWS)
        person, row_errors = _person_row(number, values, genders, seen)
        errors += row_errors
        people.append(person)
    if errors:
        raise Refused(
            "dorm.upload_rows_invalid",
            {f"row {e.row}": [translate(e.key) + f" ({e.column})"] for e in errors},
            count=len({e.row for e in errors}),
        )
    if not people:
        raise Invalid("dorm.upload_empty")
    org = db.session.scalar(select(Suborganization).where(Suborganization.code == code))
    if org is None:
        if not name:
            raise Invalid("dorm.suborganization_name_required")
        org = Suborganization(code=code, name=name, created_at=utcnow())
        db.session.add(org)
        db.session.flush()
    existing = {
        m.email: m
        for m in db.session.scalars(
            select(SuborganizationMember).where(SuborganizationMember.suborganization_id == org.id)
        )
    }
    users = {
        u.email.lower(): u.id
        for u in db.session.scalars(select(User).where(func.lower(User.email).in_([p["email"] for p in people])))
    }
    created = updated = 0
    for person in people:
        member = existing.get(person["email"])
        if member is None:
            member = SuborganizationMember(suborganization_id=org.id, created_at=utcnow())
            db.session.add(member)
            created += 1
        else:
            updated += 1
        for key, value in person.items():
            setattr(member, key, value)
        member.user_id = users.get(person["email"])
    audit.record(
        "suborganization_upload_users",
        ("suborganization", str(org.id)),
        {"created": created, "updated": updated},
        actor=admin,
    )
    return {"suborganization_id": org.id, "created": created, "updated": updated}


@use_case
def set_block(admin: User, suborganization_id: int, room_id: int, places: int) -> SuborganizationBlock:
    room = db.session.get(SectionRoom, room_id)
    if db.session.get(Suborganization, suborganization_id) is None:
        raise NotFound("dorm.suborganization_not_found")
    if room is None:
        raise NotFound("dorm.room_not_found")
    lock_for_change(None, [room.room_type_id])
    blocks = list(db.session.scalars(select(SuborganizationBlock).where(SuborganizationBlock.room_id == room_id)))
    mine = next((b for b in blocks if b.suborganization_id == suborganization_id), None)
    others = sum(b.places for b in blocks if b is not mine)
    if others + places > room.external_reserved_places:
        raise Refused("dorm.block_exceeds_reserved", max=room.external_reserved_places - others)
    used = _block_used(suborganization_id, room_id)
    if places < used:
        raise Refused("dorm.block_below_used", used=used)
    if mine is None:
        mine = SuborganizationBlock(suborganization_id=suborganization_id, room_id=room_id, places=places)
        db.session.add(mine)
    else:
        mine.places = places
    enforce_rooms([room_id])
    audit.record(
        "suborganization_block",
        ("section_room", str(room_id)),
        {"suborganization_id": suborganization_id, "places": places},
        actor=admin,
    )
    return mine


def _block_used(suborganization_id: int, room_id: int) -> int:
    return db.session.scalar(
        select(func.count(DormBooking.id)).where(
            DormBooking.suborganization_id == suborganization_id,
            DormBooking.room_id == room_id,
            DormBooking.status.in_(ACTIVE_BOOKING_STATUSES),
        )
    )


def _block_free(suborganization_id: int, room: SectionRoom) -> int:
    block = db.session.scalar(
        select(SuborganizationBlock).where(
            SuborganizationBlock.suborganization_id == suborganization_id, SuborganizationBlock.room_id == room.id
        )
    )
    if block is None:
        return 0
    return block.places - _block_used(suborganization_id, room.id)


@use_case
def assign(admin: User, suborganization_id: int, member_ids: list[int]) -> dict:
    """Places the members in the organisation's blocks (gender rules as for applicants); all or nothing."""
    actor = actor_of(admin)
    if db.session.get(Suborganization, suborganization_id) is None:
        raise NotFound("dorm.suborganization_not_found")
    blocks = list(
        db.session.scalars(
            select(SuborganizationBlock)
            .where(SuborganizationBlock.suborganization_id == suborganization_id)
            .order_by(SuborganizationBlock.id)
        )
    )
    rooms = {
        r.id: r for r in db.session.scalars(select(SectionRoom).where(SectionRoom.id.in_([b.room_id for b in blocks])))
    }
    if rooms:
        lock_for_change(None, {r.room_type_id for r in rooms.values()})
    members = {
        m.id: m
        for m in db.session.scalars(
            select(SuborganizationMember).where(
                SuborganizationMember.id.in_(member_ids),
                SuborganizationMember.suborganization_id == suborganization_id,
            )
        )
    }
    missing = [i for i in member_ids if i not in members]
    if missing:
        raise NotFound("dorm.member_not_found", errors={"member_ids": [str(i) for i in missing]})
    placed = []
    for member_id in dict.fromkeys(member_ids):
        member = members[member_id]
        current = db.session.scalar(select(DormBooking).where(DormBooking.active_member_id == member.id))
        if current is not None:
            placed.append(current)
            continue
        room = None
        for block in blocks:
            candidate = rooms[block.room_id]
            if candidate.assigned_gender_id not in (None, member.gender_id):
                continue
            if _block_free(suborganization_id, candidate) > 0:
                room = candidate
                break
        if room is None:
            raise Conflict("dorm.suborganization_full", name=member.full_name)
        take_room(room, member.gender_id)
        booking = DormBooking(
            user_id=member.user_id,
            member_id=member.id,
            active_member_id=member.id,
            suborganization_id=suborganization_id,
            hall_id=dao.room_hall_id(room.id),
            room_type_id=room.room_type_id,
            room_id=room.id,
            gender_id=member.gender_id,
            status=BOOKING_CONFIRMED,
            price=0,
            confirmed_at=utcnow(),
            created_at=utcnow(),
        )
        db.session.add(booking)
        db.session.flush()
        record(booking, "assign", actor, suborganization=suborganization_id)
        placed.append(booking)
    enforce_rooms({b.room_id for b in placed})
    return {"assigned": len(placed), "booking_ids": [b.id for b in placed]}
