"""Dormitory places for applicants (issue 13; req §2 room-type modal, §3 dormitory rules, §7 users/*; decision 0067).

Eligibility, the halls overview, bookings (offered → held → confirmed; cancelled; expired), the priority waitlist
with timed offers, and `confirm_booking_paid` for the payments module. Every change of a booking writes a
DormBookingEvent in the same transaction. Each public use case owns its transaction (one commit point).

Never overbooking: every change that takes or moves a place first locks the room type(s) concerned
(places.lock_for_change: the account, then the room types; database.lock_rows), then counts and writes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from .. import populations
from ..database import unit_of_work, use_case
from ..errors import Conflict, NotFound, Refused
from ..extensions import db
from ..forms import MAIN_INFO_FORMS
from ..models import (
    Application,
    ApplicationSummary,
    DormBooking,
    DormWaitlistEntry,
    Gender,
    Hall,
    RoomType,
    SectionRoom,
    SelectOption,
    User,
    UserData,
)
from ..models.application import STATUS_ARCHIVED
from ..models.base import utcnow
from ..models.dorm_booking import (
    ACTIVE_BOOKING_STATUSES,
    BOOKING_CONFIRMED,
    BOOKING_EXPIRED,
    BOOKING_HELD,
    BOOKING_OFFERED,
    WAIT_ACCEPTED,
    WAIT_DECLINED,
    WAIT_LAPSED,
    WAIT_LEFT,
    WAIT_WAITING,
)
from ..models.dorm_places import enforce_rooms
from . import dao, places, signals
from . import transfers as dorm_transfers
from .places import (
    SYSTEM_PAYMENT,
    SYSTEM_SCHEDULER,
    Actor,
    applicant,
    find_room,
    hold_hours,
    lock_for_change,
    offer_free_places,
    record,
    release_room,
    take_room,
)

log = logging.getLogger(__name__)

# The gender switch of the main-info steps: option 1 is male, option 2 female (req §4).
GENDER_SWITCH = {1: "male", 2: "female"}


# ---------------------------------------------------------------------------------------------------- eligibility


@dataclass
class Eligibility:
    eligible: bool
    reason: str | None = None
    application: Application | None = None
    gender: Gender | None = None
    priority: int = 0
    category_code: str | None = None


def _config_statuses() -> set[int]:
    return set(current_app.config["DORM_ELIGIBLE_FOREIGN_STATUSES"])


def _applicant_gender(application: Application) -> Gender | None:
    items = db.session.scalars(
        select(UserData).where(UserData.application_id == application.id, UserData.type.in_(MAIN_INFO_FORMS))
    )
    for item in items:
        code = GENDER_SWITCH.get((item.data or {}).get("gender"))
        if code:
            return dao.gender_by_code(code)
    return None


def _priority(summary: ApplicationSummary | None) -> tuple[int, str | None]:
    """Priority category from the applicant's social categories (0 = the first configured category)."""
    order = current_app.config["DORM_PRIORITY_CATEGORIES"]
    ids = [int(i) for i in (summary.social_category_ids if summary else "").strip(",").split(",") if i]
    if not ids:
        return len(order), None
    codes = set(db.session.scalars(select(SelectOption.code).where(SelectOption.id.in_(ids))))
    for index, code in enumerate(order):
        if code in codes:
            return index, code
    return len(order), None


def eligibility(user: User) -> Eligibility:
    """Who may book (decision 0067): an active application with need_dorm 'Да' that has reached the configured stage
    (foreign: status in DORM_ELIGIBLE_FOREIGN_STATUSES; citizens: current_step ≥ DORM_ELIGIBLE_KZ_MIN_STEP)."""
    if user.is_admin:
        return Eligibility(False, "dorm.not_applicant")
    population = populations.population_of(user)
    applications = db.session.scalars(
        select(Application)
        .where(
            Application.user_id == user.id,
            (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
        )
        .order_by(Application.id.desc())
    ).all()
    if population is None or not applications:
        return Eligibility(False, "dorm.no_application")
    summaries = {
        s.application_id: s
        for s in db.session.scalars(
            select(ApplicationSummary).where(ApplicationSummary.application_id.in_([a.id for a in applications]))
        )
    }
    wanting = [a for a in applications if summaries.get(a.id) and summaries[a.id].need_dorm]
    if not wanting:
        return Eligibility(False, "dorm.no_need")
    if population == populations.POPULATION_KZ:
        min_step = current_app.config["DORM_ELIGIBLE_KZ_MIN_STEP"]
        ready = [a for a in wanting if a.current_step >= min_step]
    else:
        statuses = _config_statuses()
        ready = [a for a in wanting if a.status in statuses]
    if not ready:
        return Eligibility(False, "dorm.stage_not_reached")
    application = ready[0]
    gender = _applicant_gender(application)
    if gender is None:
        return Eligibility(False, "dorm.gender_unknown", application)
    priority, code = _priority(summaries.get(application.id))
    return Eligibility(True, None, application, gender, priority, code)


def require_eligible(user: User) -> Eligibility:
    result = eligibility(user)
    if not result.eligible:
        raise Refused(result.reason)
    return result


# -------------------------------------------------------------------------------------------------- events/helpers


def _check_room_type_in_hall(hall_id: int, room_type_id: int) -> RoomType:
    room_type = db.session.get(RoomType, room_type_id)
    if (
        room_type is None
        or db.session.get(Hall, hall_id) is None
        or not dao.hall_offers_room_type(hall_id, room_type_id)
    ):
        raise NotFound("dorm.room_type_not_found")
    return room_type


def _leave_waitlist(user_id: int) -> None:
    entry = dao.active_wait_entry_of(user_id)
    if entry is not None and entry.status == WAIT_WAITING:
        entry.status = WAIT_LEFT
        entry.active_user_id = None


# ---------------------------------------------------------------------------------------------------- overview


def halls_overview(user: User) -> dict:
    """Halls with buildings and the room types on offer, free places for the applicant's gender (a fixed number of
    queries whatever the number of halls and rooms: halls, buildings, one aggregate, room types, media)."""
    result = eligibility(user)
    gender_id = result.gender.id if result.gender else None
    free_rows = dao.free_by_hall_type_gender()
    offer: dict[int, dict[int, int]] = {}
    for hall_id, room_type_id, assigned_gender_id, free in free_rows:
        places = offer.setdefault(hall_id, {}).setdefault(room_type_id, 0)
        if gender_id is not None and assigned_gender_id in (None, gender_id):
            offer[hall_id][room_type_id] = places + int(free or 0)
    halls = dao.halls()
    hall_ids = [h.id for h in halls]
    buildings: dict[int, list] = {}
    for building in dao.buildings_of(hall_ids) if hall_ids else []:
        buildings.setdefault(building.hall_id, []).append(
            {"id": building.id, "name": building.name, "name_kk": building.name_kk, "name_en": building.name_en}
        )
    type_ids = sorted({t for per_hall in offer.values() for t in per_hall})
    types = {t.id: t for t in dao.room_types(type_ids)} if type_ids else {}
    media: dict[int, list] = {}
    for item in dao.media_of(type_ids) if type_ids else []:
        media.setdefault(item.room_type_id, []).append(
            {"id": item.id, "url": f"/api/v1/users/room-type-media/{item.id}", "file_name": item.file_name}
        )
    listing = []
    for hall in halls:
        room_types = [
            {
                "id": type_id,
                "name": types[type_id].name,
                "name_kk": types[type_id].name_kk,
                "name_en": types[type_id].name_en,
                "capacity": types[type_id].capacity,
                "price": types[type_id].price,
                "price_period": types[type_id].price_period,
                "free_places": offer[hall.id][type_id],
                "media": media.get(type_id, []),
            }
            for type_id in sorted(offer.get(hall.id, {}))
        ]
        listing.append(
            {
                "id": hall.id,
                "name": hall.name,
                "name_kk": hall.name_kk,
                "name_en": hall.name_en,
                "buildings": buildings.get(hall.id, []),
                "room_types": room_types,
            }
        )
    return {
        "list": listing,
        "total": len(listing),
        "eligible": result.eligible,
        "reason_key": result.reason,
        "gender": {"id": result.gender.id, "code": result.gender.code} if result.gender else None,
        "hold_hours": hold_hours(),
    }


# --------------------------------------------------------------------------------------------------- bookings


def _hold(user: User, elig: Eligibility, hall_id: int, room_type_id: int, room: SectionRoom, status: str, hours: int):
    room_type = db.session.get(RoomType, room_type_id)
    take_room(room, elig.gender.id)
    booking = DormBooking(
        user_id=user.id,
        active_user_id=user.id,
        application_id=elig.application.id if elig.application else None,
        hall_id=hall_id,
        room_type_id=room_type_id,
        room_id=room.id,
        gender_id=elig.gender.id,
        status=status,
        price=room_type.price,
        hold_expires_at=utcnow() + timedelta(hours=hours),
        created_at=utcnow(),
    )
    db.session.add(booking)
    db.session.flush()
    return booking


class _Unchanged(Exception):
    """Ends a use case's unit with a rollback and hands back `result`: the request changes nothing (a repeat, or a
    row another transaction changed first)."""

    def __init__(self, result=None) -> None:
        super().__init__()
        self.result = result


def create_booking(user: User, hall_id: int, room_type_id: int, join_waitlist: bool = False) -> dict:
    """Holds a bed of the chosen type in the chosen hall. A second identical request answers the same booking
    (idempotent double submit); a different one while a booking is active is 409. When nothing is free: 409
    dorm.no_places, or (join_waitlist) a place on the waitlist."""
    try:
        with unit_of_work():
            result = _create_booking(user, hall_id, room_type_id, join_waitlist)
    except _Unchanged as unchanged:
        return unchanged.result
    except IntegrityError:  # a concurrent request of the same applicant won (SQLite has no row lock to wait on)
        existing = dao.active_booking_of(user.id)
        if existing is None:
            raise
        return {"booking": existing, "created": False, "waitlist": None}
    if result["created"]:
        booking = result["booking"]
        log.info("dorm place held", extra={"booking": booking.id, "room": booking.room_id})
    return result


def _create_booking(user: User, hall_id: int, room_type_id: int, join_waitlist: bool) -> dict:
    elig = require_eligible(user)
    _check_room_type_in_hall(hall_id, room_type_id)
    lock_for_change(user.id, ())
    existing = dao.active_booking_of(user.id)
    if existing is not None:
        if existing.hall_id == hall_id and existing.room_type_id == room_type_id:
            raise _Unchanged({"booking": existing, "created": False, "waitlist": None})
        raise Conflict("dorm.booking_exists")
    lock_for_change(None, [room_type_id])
    room = find_room(hall_id, room_type_id, elig.gender.id)
    if room is None:
        if not join_waitlist:
            raise Conflict("dorm.no_places", can_join_waitlist=True)
        entry = _join_waitlist(user, elig, hall_id, room_type_id)
        return {"booking": None, "created": False, "waitlist": entry}
    booking = _hold(user, elig, hall_id, room_type_id, room, BOOKING_HELD, hold_hours())
    _leave_waitlist(user.id)
    record(booking, "hold", applicant(user))
    enforce_rooms([room.id])
    return {"booking": booking, "created": True, "waitlist": None}


def _join_waitlist(user: User, elig: Eligibility, hall_id: int, room_type_id: int) -> DormWaitlistEntry:
    entry = dao.active_wait_entry_of(user.id)
    if entry is not None:
        if entry.hall_id == hall_id and entry.room_type_id == room_type_id:
            return entry
        entry.status = WAIT_LEFT
        entry.active_user_id = None
        db.session.flush()
    entry = DormWaitlistEntry(
        user_id=user.id,
        active_user_id=user.id,
        application_id=elig.application.id,
        hall_id=hall_id,
        room_type_id=room_type_id,
        gender_id=elig.gender.id,
        priority=elig.priority,
        category_code=elig.category_code,
        status=WAIT_WAITING,
        created_at=utcnow(),
    )
    db.session.add(entry)
    db.session.flush()
    return entry


def _own_booking(user: User, booking_id: int) -> DormBooking:
    booking = dao.lock_booking(booking_id)
    if booking is None or booking.user_id != user.id:
        raise NotFound("dorm.booking_not_found")
    return booking


@use_case
def cancel_booking(user: User, booking_id: int, reason: str | None = None) -> DormBooking:
    lock_for_change(user.id, ())
    booking = dao.get_booking(booking_id)
    if booking is None or booking.user_id != user.id:
        raise NotFound("dorm.booking_not_found")
    lock_for_change(None, [booking.room_type_id])
    booking = _own_booking(user, booking_id)
    if booking.status not in ACTIVE_BOOKING_STATUSES:
        raise Conflict("dorm.booking_not_active")
    places.cancel(booking, applicant(user), reason, WAIT_DECLINED)
    return booking


def change_room_type(user: User, booking_id: int, hall_id: int, room_type_id: int) -> DormBooking:
    """Atomic: the new place is held in the same transaction that gives up the old one; if no place is free the old
    booking stays as it was."""
    try:
        with unit_of_work():
            return _change_room_type(user, booking_id, hall_id, room_type_id)
    except _Unchanged as unchanged:
        return unchanged.result


def _change_room_type(user: User, booking_id: int, hall_id: int, room_type_id: int) -> DormBooking:
    require_eligible(user)
    _check_room_type_in_hall(hall_id, room_type_id)
    lock_for_change(user.id, ())
    booking = dao.get_booking(booking_id)
    if booking is None or booking.user_id != user.id:
        raise NotFound("dorm.booking_not_found")
    lock_for_change(None, [booking.room_type_id, room_type_id])
    booking = _own_booking(user, booking_id)
    if booking.status != BOOKING_HELD:
        raise Conflict("dorm.change_needs_hold")
    if booking.hall_id == hall_id and booking.room_type_id == room_type_id:
        raise _Unchanged(booking)
    room = find_room(hall_id, room_type_id, booking.gender_id)
    if room is None:
        raise Conflict("dorm.no_places", can_join_waitlist=False)
    old_room, old_hall, old_type = booking.room_id, booking.hall_id, booking.room_type_id
    take_room(room, booking.gender_id)
    booking.room_id, booking.hall_id, booking.room_type_id = room.id, hall_id, room_type_id
    booking.price = db.session.get(RoomType, room_type_id).price
    booking.hold_expires_at = utcnow() + timedelta(hours=hold_hours())
    record(booking, "change_room_type", applicant(user), from_status=BOOKING_HELD, from_room=old_room)
    release_room(old_room)
    offer_free_places(old_hall, old_type)
    enforce_rooms([room.id])
    return booking


def apply_booking_payment(booking_id: int, payment_ref: str) -> DormBooking:
    """Confirms a held booking for a settled payment, in the caller's transaction (does not commit): the payments
    module's `dorm_booking` purpose calls it from its notification transaction (dorm/payments.py).
    Idempotent by payment_ref; a hold that expired first is 409 dorm.hold_expired (the payment is then flagged for
    staff by the payments module)."""
    booking = dao.lock_booking(booking_id)
    if booking is None:
        raise NotFound("dorm.booking_not_found")
    if booking.status == BOOKING_CONFIRMED and booking.payment_ref == payment_ref:
        return booking
    if booking.status != BOOKING_HELD:
        raise Conflict("dorm.hold_expired" if booking.status == BOOKING_EXPIRED else "dorm.booking_not_active")
    now = utcnow()
    done = db.session.execute(
        update(DormBooking)
        .where(DormBooking.id == booking_id, DormBooking.status == BOOKING_HELD)
        .values(status=BOOKING_CONFIRMED, payment_ref=payment_ref, confirmed_at=now, hold_expires_at=None)
        .execution_options(synchronize_session=False)
    ).rowcount
    if not done:
        raise Conflict("dorm.booking_not_active")
    db.session.refresh(booking)
    record(booking, "paid", Actor(None, SYSTEM_PAYMENT), from_status=BOOKING_HELD, payment_ref=payment_ref)
    signals.booking_paid.send(booking)
    return booking


@use_case
def confirm_booking_paid(booking_id: int, payment_ref: str) -> DormBooking:
    """apply_booking_payment in a transaction of its own (commits): for callers outside the payments module's
    notification (staff tools, tests)."""
    return apply_booking_payment(booking_id, payment_ref)


def check_booking(user: User) -> dict:
    booking = dao.active_booking_of(user.id) or dao.latest_booking_of(user.id)
    entry = dao.active_wait_entry_of(user.id)
    waitlist = None
    if entry is not None:
        position, total = dao.wait_position(entry) if entry.status == WAIT_WAITING else (None, None)
        waitlist = {"entry": entry, "position": position, "total": total}

    result = eligibility(user)
    return {
        "booking": booking,
        "waitlist": waitlist,
        "transfers": dorm_transfers.transfers_for(user),
        "eligible": result.eligible,
        "reason_key": result.reason,
    }


# --------------------------------------------------------------------------------------------------- waitlist


@use_case
def leave_waitlist(user: User) -> None:
    lock_for_change(user.id, ())
    entry = dao.active_wait_entry_of(user.id)
    if entry is None or entry.status != WAIT_WAITING:
        raise NotFound("dorm.waitlist_not_found")
    _leave_waitlist(user.id)


@use_case
def accept_offer(user: User, booking_id: int) -> DormBooking:
    lock_for_change(user.id, ())
    booking = _own_booking(user, booking_id)
    if booking.status != BOOKING_OFFERED:
        raise Conflict("dorm.no_offer")
    if booking.hold_expires_at <= utcnow():
        raise Conflict("dorm.offer_expired")
    entry = dao.wait_entry_by_booking(booking.id)
    booking.status = BOOKING_HELD
    booking.hold_expires_at = utcnow() + timedelta(hours=hold_hours())
    if entry is not None:
        entry.status = WAIT_ACCEPTED
        entry.active_user_id = None
    record(booking, "accept_offer", applicant(user), from_status=BOOKING_OFFERED)
    return booking


# ------------------------------------------------------------------------------------------------ expiry job


def _due(status: str, now: datetime, batch: int) -> list[tuple[int, int]]:
    return list(
        db.session.execute(
            select(DormBooking.id, DormBooking.room_type_id)
            .where(DormBooking.status == status, DormBooking.hold_expires_at < now)
            .order_by(DormBooking.id)
            .limit(batch)
        )
    )


def expire_due(now: datetime | None = None, batch: int = 500) -> dict:
    """Ends unpaid holds past BOOKING_HOLD_HOURS and unanswered offers past DORM_OFFER_HOURS, then offers the
    freed places (and any other free place of a queue with waiting applicants) to the waitlists.
    Each expiry is its own short transaction (a conditional UPDATE, so a payment landing at the same moment
    either confirms first or finds the hold gone), offers another; run by the beat task and `flask dorm-expire`."""
    now = now or utcnow()
    scheduler = Actor(None, SYSTEM_SCHEDULER)
    counts = {"holds": 0, "offers": 0, "offered": 0}
    queues: set[tuple[int, int]] = set()
    for status, key in ((BOOKING_HELD, "holds"), (BOOKING_OFFERED, "offers")):
        due = _due(status, now, batch)
        db.session.rollback()  # ends the read: each expiry below is a short unit of its own, begun afresh
        for booking_id, room_type_id in due:
            try:
                with unit_of_work():
                    queues.add(_expire(booking_id, room_type_id, status, now, scheduler))
            except _Unchanged:
                continue
            counts[key] += 1
    queues.update(dao.queues_with_waiting())
    db.session.rollback()  # ends the read, as above
    for hall_id, room_type_id in sorted(queues):
        with unit_of_work():
            lock_for_change(None, [room_type_id])
            counts["offered"] += offer_free_places(hall_id, room_type_id)
    return counts


def _expire(booking_id: int, room_type_id: int, status: str, now: datetime, scheduler: Actor) -> tuple[int, int]:
    """One expiry of expire_due, inside its unit: the queue it frees a place in; _Unchanged when a payment or a
    staff change got there first."""
    # The room type first, as every other change does (no crosswise waits), then the conditional update.
    lock_for_change(None, [room_type_id])
    done = db.session.execute(
        update(DormBooking)
        .where(
            DormBooking.id == booking_id,
            DormBooking.room_type_id == room_type_id,
            DormBooking.status == status,
            DormBooking.hold_expires_at < now,
        )
        .values(
            status=BOOKING_EXPIRED,
            active_user_id=None,
            ended_at=now,
            end_reason="hold_expired" if status == BOOKING_HELD else "offer_expired",
        )
        .execution_options(synchronize_session=False)
    ).rowcount
    if not done:
        raise _Unchanged()
    booking = db.session.get(DormBooking, booking_id)
    db.session.refresh(booking)
    entry = dao.wait_entry_by_booking(booking_id)
    if entry is not None:
        entry.status = WAIT_LAPSED
        entry.active_user_id = None
    record(booking, "expire", scheduler, from_status=status)
    release_room(booking.room_id)
    return booking.hall_id, booking.room_type_id
