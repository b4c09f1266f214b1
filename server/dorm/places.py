"""The dormitory's place-keeping core (decision 0076): who acts, the lock order, and taking, releasing, moving and
offering a place. Bookings, transfers and the staff tools all build on it; it imports none of them.

The lock order, the same for every writer so two transactions never wait on each other crosswise: first the
account whose booking changes (applications.dao.lock_user), then the room types involved, in id order
(dao.lock_room_types); then rows are counted and written. The room rules every writer keeps are in
models/dorm_places.py (checked with enforce_rooms before the commit).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from flask import current_app

from ..accounts.users import language_of
from ..applications import dao as applications_dao
from ..errors import Conflict
from ..extensions import db
from ..jobs.mail import queue_mail
from ..models import DormBooking, DormBookingEvent, DormWaitlistEntry, RoomType, SectionRoom, User
from ..models.base import utcnow
from ..models.dorm_booking import BOOKING_CANCELLED, BOOKING_OFFERED, WAIT_LEFT, WAIT_OFFERED
from ..models.dorm_places import enforce_rooms
from ..notification_centre import notify
from . import dao


def lock_for_change(user_id: int | None, room_type_ids) -> None:
    """Takes the locks of one booking change in the one order (see above): every dormitory writer locks through
    here, the account first (None: a staff or scheduled change of nobody's account), then the room types."""
    if user_id is not None:
        applications_dao.lock_user(user_id)
    if room_type_ids:
        dao.lock_room_types(room_type_ids)


APPLICANT = "applicant"


SYSTEM_SCHEDULER = "system:scheduler"


SYSTEM_PAYMENT = "system:payment"


@dataclass(frozen=True)
class Actor:
    user: User | None
    role: str

    @property
    def user_id(self) -> int | None:
        return self.user.id if self.user is not None else None


def applicant(user: User) -> Actor:
    return Actor(user, APPLICANT)


def record(booking: DormBooking, action: str, actor: Actor, *, from_status=None, from_room=None, reason=None, **data):
    db.session.add(
        DormBookingEvent(
            booking_id=booking.id,
            action=action,
            actor_user_id=actor.user_id,
            actor_role=actor.role,
            from_status=from_status,
            to_status=booking.status,
            from_room_id=from_room,
            to_room_id=booking.room_id,
            reason=reason,
            data=data,
            created_at=utcnow(),
        )
    )


def hold_hours() -> int:
    return current_app.config["BOOKING_HOLD_HOURS"]


def offer_hours() -> int:
    return current_app.config["DORM_OFFER_HOURS"]


def take_room(room: SectionRoom, gender_id: int) -> None:
    """An unassigned room becomes the gender of its first occupant (and is released again when it empties)."""
    if room.assigned_gender_id is None:
        room.assigned_gender_id = gender_id
        room.gender_from_booking = True


def release_room(room_id: int) -> None:
    """Called after a place of the room was given up (in the same transaction, flushed)."""
    db.session.flush()
    room = db.session.get(SectionRoom, room_id)
    if room is not None and room.gender_from_booking and not dao.room_active_bookings(room_id):
        room.assigned_gender_id = None
        room.gender_from_booking = False


def find_room(hall_id: int, room_type_id: int, gender_id: int, exclude_room_id: int | None = None):
    rows = dao.candidate_rooms(hall_id, room_type_id, gender_id, exclude_room_id)
    return rows[0][0] if rows else None


def end_booking(booking: DormBooking, status: str, reason: str | None = None) -> None:
    booking.status = status
    booking.active_user_id = None
    booking.active_member_id = None
    booking.ended_at = utcnow()
    booking.end_reason = reason


def cancel(booking: DormBooking, actor: Actor, reason: str | None, wait_status: str = WAIT_LEFT) -> None:
    """Ends an active booking (room types already locked by the caller) and offers the place to the waitlist."""
    previous = booking.status
    entry = dao.wait_entry_by_booking(booking.id) if previous == BOOKING_OFFERED else None
    end_booking(booking, BOOKING_CANCELLED, reason)
    if entry is not None:
        entry.status = wait_status
        entry.active_user_id = None
    record(booking, "cancel", actor, from_status=previous, reason=reason)
    release_room(booking.room_id)
    offer_free_places(booking.hall_id, booking.room_type_id)


def offer_free_places(hall_id: int, room_type_id: int, limit: int = 20) -> int:
    """Gives free places of a queue to its first waiting applicants whose gender has a room (the room type is
    locked by the caller). Each offer keeps a bed for DORM_OFFER_HOURS and is mailed. Returns offers made."""
    made = 0
    skipped: set[int] = set()
    while made < limit:
        queue = [e for e in dao.waiting_queue(hall_id, room_type_id) if e.id not in skipped]
        if not queue:
            return made
        offered = False
        for entry in queue:
            room = find_room(hall_id, room_type_id, entry.gender_id)
            if room is None or dao.active_booking_of(entry.user_id) is not None:
                skipped.add(entry.id)
                continue
            _offer(entry, room)
            made += 1
            offered = True
            break
        if not offered:
            return made
    return made


def _offer(entry: DormWaitlistEntry, room: SectionRoom) -> None:
    take_room(room, entry.gender_id)
    room_type = db.session.get(RoomType, entry.room_type_id)
    deadline = utcnow() + timedelta(hours=offer_hours())
    booking = DormBooking(
        user_id=entry.user_id,
        active_user_id=entry.user_id,
        application_id=entry.application_id,
        hall_id=entry.hall_id,
        room_type_id=entry.room_type_id,
        room_id=room.id,
        gender_id=entry.gender_id,
        status=BOOKING_OFFERED,
        price=room_type.price,
        hold_expires_at=deadline,
        created_at=utcnow(),
    )
    db.session.add(booking)
    db.session.flush()
    entry.status = WAIT_OFFERED
    entry.booking_id = booking.id
    entry.offer_expires_at = deadline
    record(booking, "offer", Actor(None, SYSTEM_SCHEDULER), waitlist_entry=entry.id)
    enforce_rooms([room.id])
    user = db.session.get(User, entry.user_id)
    # In the applicant's stored language (issue 26; issue 13 had to send these in Russian), with its bell entry.
    hall, room_type_name = named(entry.hall), named(room_type)
    notify(user, "dorm_offer", {"hall": hall, "room_type": room_type_name, "hours": offer_hours()}, "/dormitory")
    language = language_of(user)
    queue_mail(
        user.email,
        "dorm_offer",
        language,
        hall=hall[language],
        room_type=room_type_name[language],
        hours=offer_hours(),
        url=f"{current_app.config['APP_BASE_URL']}/dormitory",
    )


def named(row) -> dict[str, str]:
    """A hall's or room type's name in the three languages (`name` is the Russian one; decision 0073)."""
    return {"ru": row.name, "kk": row.name_kk or row.name, "en": row.name_en or row.name}


def move(booking: DormBooking, hall_id: int, room_type_id: int, actor: Actor, reason, request_id=None, room=None):
    """Moves an active booking to a free bed of the target (room types locked by the caller)."""
    room = room or find_room(hall_id, room_type_id, booking.gender_id, exclude_room_id=booking.room_id)
    if room is None:
        raise Conflict("dorm.no_places", can_join_waitlist=False)
    old_room, old_hall, old_type = booking.room_id, booking.hall_id, booking.room_type_id
    take_room(room, booking.gender_id)
    booking.room_id, booking.hall_id, booking.room_type_id = room.id, hall_id, room_type_id
    record(booking, "move", actor, from_status=booking.status, from_room=old_room, reason=reason, transfer=request_id)
    release_room(old_room)
    offer_free_places(old_hall, old_type)
    enforce_rooms([room.id])
