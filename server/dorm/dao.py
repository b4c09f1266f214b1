"""Dormitory booking queries (decision 0067). A DAO never commits.

Places of a room: capacity − external_reserved_places − active portal bookings (offered, held, confirmed) in it.
Bookings of suborganization members sit inside the reserved places (their blocks), not in the free ones.
"""

from __future__ import annotations

from sqlalchemy import and_, case, func, or_, select

from ..database import lock_rows
from ..extensions import db
from ..models import (
    Building,
    DormBooking,
    DormTransferRequest,
    DormWaitlistEntry,
    Floor,
    Gender,
    Hall,
    RoomType,
    RoomTypeMedia,
    Section,
    SectionRoom,
    User,
)
from ..models.dorm_booking import ACTIVE_BOOKING_STATUSES, ACTIVE_WAIT_STATUSES, BOOKING_CONFIRMED, WAIT_WAITING


def lock_room_types(room_type_ids) -> None:
    """Serialises every booking change of these room types (database.lock_rows)."""
    lock_rows(RoomType, room_type_ids)


def used_places_subquery():
    """room_id → number of active portal bookings (not suborganization ones)."""
    return (
        select(DormBooking.room_id.label("room_id"), func.count(DormBooking.id).label("used"))
        .where(DormBooking.status.in_(ACTIVE_BOOKING_STATUSES), DormBooking.suborganization_id.is_(None))
        .group_by(DormBooking.room_id)
        .subquery()
    )


def _free_expression(used):
    raw = RoomType.capacity - SectionRoom.external_reserved_places - func.coalesce(used.c.used, 0)
    return case((raw > 0, raw), else_=0)


def free_by_hall_type_gender(hall_ids=None):
    """[(hall_id, room_type_id, assigned_gender_id or None, free places)] in one aggregate query."""
    used = used_places_subquery()
    free = _free_expression(used)
    query = (
        select(Building.hall_id, SectionRoom.room_type_id, SectionRoom.assigned_gender_id, func.sum(free))
        .select_from(SectionRoom)
        .join(RoomType, RoomType.id == SectionRoom.room_type_id)
        .join(Section, Section.id == SectionRoom.section_id)
        .join(Floor, Floor.id == Section.floor_id)
        .join(Building, Building.id == Floor.building_id)
        .outerjoin(used, used.c.room_id == SectionRoom.id)
        .group_by(Building.hall_id, SectionRoom.room_type_id, SectionRoom.assigned_gender_id)
    )
    if hall_ids is not None:
        query = query.where(Building.hall_id.in_(hall_ids))
    return list(db.session.execute(query))


def candidate_rooms(hall_id: int, room_type_id: int, gender_id: int, exclude_room_id: int | None = None):
    """Rooms of the type in the hall that take this gender and have a free place: rooms already of this gender
    first (they fill before a new room is opened), then in the order of the building, floor, section and room."""
    used = used_places_subquery()
    free = _free_expression(used)
    query = (
        select(SectionRoom, free.label("free"))
        .join(RoomType, RoomType.id == SectionRoom.room_type_id)
        .join(Section, Section.id == SectionRoom.section_id)
        .join(Floor, Floor.id == Section.floor_id)
        .join(Building, Building.id == Floor.building_id)
        .outerjoin(used, used.c.room_id == SectionRoom.id)
        .where(
            Building.hall_id == hall_id,
            SectionRoom.room_type_id == room_type_id,
            or_(SectionRoom.assigned_gender_id == gender_id, SectionRoom.assigned_gender_id.is_(None)),
            free > 0,
        )
        .order_by(
            case((SectionRoom.assigned_gender_id.is_(None), 1), else_=0),
            Building.order,
            Floor.order,
            Section.order,
            SectionRoom.order,
            SectionRoom.id,
        )
    )
    if exclude_room_id is not None:
        query = query.where(SectionRoom.id != exclude_room_id)
    return list(db.session.execute(query.limit(1)))


def hall_offers_room_type(hall_id: int, room_type_id: int) -> bool:
    return (
        db.session.scalar(
            select(SectionRoom.id)
            .join(Section, Section.id == SectionRoom.section_id)
            .join(Floor, Floor.id == Section.floor_id)
            .join(Building, Building.id == Floor.building_id)
            .where(Building.hall_id == hall_id, SectionRoom.room_type_id == room_type_id)
            .limit(1)
        )
        is not None
    )


def room_hall_id(room_id: int) -> int | None:
    return db.session.scalar(
        select(Building.hall_id)
        .select_from(SectionRoom)
        .join(Section, Section.id == SectionRoom.section_id)
        .join(Floor, Floor.id == Section.floor_id)
        .join(Building, Building.id == Floor.building_id)
        .where(SectionRoom.id == room_id)
    )


def room_active_bookings(room_id: int, *, portal_only: bool = False) -> list[DormBooking]:
    query = select(DormBooking).where(DormBooking.room_id == room_id, DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
    if portal_only:
        query = query.where(DormBooking.suborganization_id.is_(None))
    return list(db.session.scalars(query))


def room_used(room_id: int) -> int:
    return db.session.scalar(
        select(func.count(DormBooking.id)).where(
            DormBooking.room_id == room_id,
            DormBooking.status.in_(ACTIVE_BOOKING_STATUSES),
            DormBooking.suborganization_id.is_(None),
        )
    )


def active_booking_of(user_id: int) -> DormBooking | None:
    return db.session.scalar(select(DormBooking).where(DormBooking.active_user_id == user_id))


def resident_id_by_email(email: str) -> int | None:
    """The user id of the resident (a paid portal booking) with this e-mail, or None: one statement either way."""
    return db.session.scalar(
        select(User.id)
        .join(DormBooking, DormBooking.active_user_id == User.id)
        .where(func.lower(User.email) == email.lower(), DormBooking.status == BOOKING_CONFIRMED)
    )


def latest_booking_of(user_id: int) -> DormBooking | None:
    return db.session.scalar(
        select(DormBooking).where(DormBooking.user_id == user_id).order_by(DormBooking.id.desc()).limit(1)
    )


def get_booking(booking_id: int) -> DormBooking | None:
    return db.session.get(DormBooking, booking_id)


def lock_booking(booking_id: int) -> DormBooking | None:
    return db.session.scalar(
        select(DormBooking)
        .where(DormBooking.id == booking_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


def active_wait_entry_of(user_id: int) -> DormWaitlistEntry | None:
    return db.session.scalar(select(DormWaitlistEntry).where(DormWaitlistEntry.active_user_id == user_id))


def wait_position(entry: DormWaitlistEntry) -> tuple[int, int]:
    """(1-based position, number waiting) in the entry's queue: priority first, then time."""
    same_queue = and_(
        DormWaitlistEntry.hall_id == entry.hall_id,
        DormWaitlistEntry.room_type_id == entry.room_type_id,
        DormWaitlistEntry.status == WAIT_WAITING,
    )
    ahead = db.session.scalar(
        select(func.count(DormWaitlistEntry.id)).where(
            same_queue,
            or_(
                DormWaitlistEntry.priority < entry.priority,
                and_(
                    DormWaitlistEntry.priority == entry.priority,
                    or_(
                        DormWaitlistEntry.created_at < entry.created_at,
                        and_(DormWaitlistEntry.created_at == entry.created_at, DormWaitlistEntry.id < entry.id),
                    ),
                ),
            ),
        )
    )
    total = db.session.scalar(select(func.count(DormWaitlistEntry.id)).where(same_queue))
    return ahead + 1, total


def waiting_queue(hall_id: int, room_type_id: int, limit: int = 50) -> list[DormWaitlistEntry]:
    return list(
        db.session.scalars(
            select(DormWaitlistEntry)
            .where(
                DormWaitlistEntry.hall_id == hall_id,
                DormWaitlistEntry.room_type_id == room_type_id,
                DormWaitlistEntry.status == WAIT_WAITING,
            )
            .order_by(DormWaitlistEntry.priority, DormWaitlistEntry.created_at, DormWaitlistEntry.id)
            .limit(limit)
        )
    )


def queues_with_waiting() -> list[tuple[int, int]]:
    return list(
        db.session.execute(
            select(DormWaitlistEntry.hall_id, DormWaitlistEntry.room_type_id)
            .where(DormWaitlistEntry.status == WAIT_WAITING)
            .distinct()
        )
    )


def wait_entry_by_booking(booking_id: int) -> DormWaitlistEntry | None:
    return db.session.scalar(
        select(DormWaitlistEntry).where(
            DormWaitlistEntry.booking_id == booking_id, DormWaitlistEntry.status.in_(ACTIVE_WAIT_STATUSES)
        )
    )


def halls(hall_ids=None) -> list[Hall]:
    query = select(Hall).order_by(Hall.name, Hall.id)
    if hall_ids is not None:
        query = query.where(Hall.id.in_(hall_ids))
    return list(db.session.scalars(query))


def buildings_of(hall_ids) -> list[Building]:
    return list(
        db.session.scalars(select(Building).where(Building.hall_id.in_(hall_ids)).order_by(Building.order, Building.id))
    )


def room_types(ids) -> list[RoomType]:
    return list(db.session.scalars(select(RoomType).where(RoomType.id.in_(ids)).order_by(RoomType.id)))


def media_of(room_type_ids) -> list[RoomTypeMedia]:
    return list(
        db.session.scalars(
            select(RoomTypeMedia).where(RoomTypeMedia.room_type_id.in_(room_type_ids)).order_by(RoomTypeMedia.id)
        )
    )


def gender_by_code(code: str) -> Gender | None:
    return db.session.scalar(select(Gender).where(Gender.code == code))


def transfers_of(user_id: int, limit: int = 20) -> list[DormTransferRequest]:
    return list(
        db.session.scalars(
            select(DormTransferRequest)
            .where(or_(DormTransferRequest.user_id == user_id, DormTransferRequest.swap_user_id == user_id))
            .order_by(DormTransferRequest.id.desc())
            .limit(limit)
        )
    )
