"""Dormitory places (issue 13; decision 0067): bookings, the priority waitlist, room transfers, suborganizations
and the audit trail of every booking change.

A booking is one bed in one SectionRoom. Its `status` is one of BOOKING_STATUSES; the *active* ones (offered, held,
confirmed) occupy a place. `active_user_id` equals `user_id` while the booking is active and is NULL otherwise: its
unique index makes "one active booking per applicant" a database rule on SQLite and PostgreSQL alike, so no race can
ever give an applicant two places. The same trick (`active_user_id`) keeps one waiting entry per applicant.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Date, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .dormitory import Hall, RoomType, SectionRoom
from .user import User

BOOKING_OFFERED = "offered"  # a waitlist offer: the bed is kept for the applicant until offer_expires_at
BOOKING_HELD = "held"  # chosen, waiting for payment until hold_expires_at
BOOKING_CONFIRMED = "confirmed"  # paid (or placed by staff / a suborganization)
BOOKING_CANCELLED = "cancelled"
BOOKING_EXPIRED = "expired"
BOOKING_STATUSES = (BOOKING_OFFERED, BOOKING_HELD, BOOKING_CONFIRMED, BOOKING_CANCELLED, BOOKING_EXPIRED)
ACTIVE_BOOKING_STATUSES = (BOOKING_OFFERED, BOOKING_HELD, BOOKING_CONFIRMED)

WAIT_WAITING = "waiting"
WAIT_OFFERED = "offered"
WAIT_ACCEPTED = "accepted"
WAIT_LAPSED = "lapsed"  # the offer was not answered in time
WAIT_DECLINED = "declined"
WAIT_LEFT = "left"  # the applicant left the list (or booked elsewhere)
WAIT_STATUSES = (WAIT_WAITING, WAIT_OFFERED, WAIT_ACCEPTED, WAIT_LAPSED, WAIT_DECLINED, WAIT_LEFT)
ACTIVE_WAIT_STATUSES = (WAIT_WAITING, WAIT_OFFERED)

TRANSFER_PENDING = "pending"
TRANSFER_APPROVED = "approved"
TRANSFER_REJECTED = "rejected"
TRANSFER_CANCELLED = "cancelled"
# Approved into a dearer room: the move happens when the difference is paid (decision 0088).
TRANSFER_AWAITING_PAYMENT = "awaiting_payment"
TRANSFER_STATUSES = (
    TRANSFER_PENDING,
    TRANSFER_AWAITING_PAYMENT,
    TRANSFER_APPROVED,
    TRANSFER_REJECTED,
    TRANSFER_CANCELLED,
)
TRANSFER_MOVE = "move"
TRANSFER_SWAP = "swap"


class Suborganization(db.Model):
    """An organisation holding a block of places (a faculty, a partner, a sports team)."""

    __tablename__ = "suborganizations"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    blocks: Mapped[list[SuborganizationBlock]] = relationship(back_populates="suborganization")


class SuborganizationBlock(db.Model):
    """`places` of a room's external_reserved_places belong to a suborganization (the sum never exceeds them)."""

    __tablename__ = "suborganization_blocks"
    __table_args__ = (UniqueConstraint("suborganization_id", "room_id", name="uq_suborganization_blocks_room"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    suborganization_id: Mapped[int] = mapped_column(ForeignKey("suborganizations.id", ondelete="CASCADE"), index=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("section_rooms.id"), index=True)
    places: Mapped[int] = mapped_column(Integer)

    suborganization: Mapped[Suborganization] = relationship(back_populates="blocks")
    room: Mapped[SectionRoom] = relationship()


class SuborganizationMember(db.Model):
    """A person of a suborganization, imported from its xlsx list; may or may not have a portal account."""

    __tablename__ = "suborganization_members"
    __table_args__ = (UniqueConstraint("suborganization_id", "email", name="uq_suborganization_members_email"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    suborganization_id: Mapped[int] = mapped_column(ForeignKey("suborganizations.id", ondelete="CASCADE"), index=True)
    last_name: Mapped[str] = mapped_column(String(100))
    first_name: Mapped[str] = mapped_column(String(100))
    middle_name: Mapped[str | None] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    phone: Mapped[str | None] = mapped_column(String(32))
    gender_id: Mapped[int] = mapped_column(ForeignKey("genders.id"))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    suborganization: Mapped[Suborganization] = relationship()

    @property
    def full_name(self) -> str:
        return " ".join(p for p in (self.last_name, self.first_name, self.middle_name) if p)


class DormBooking(db.Model):
    __tablename__ = "dorm_bookings"
    __table_args__ = (
        Index("ix_dorm_bookings_room_status", "room_id", "status"),
        Index("ix_dorm_bookings_status_deadline", "status", "hold_expires_at"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("suborganization_members.id", ondelete="CASCADE"))
    # One active booking per applicant and per suborganization member (see the module docstring).
    active_user_id: Mapped[int | None] = mapped_column(Integer, unique=True)
    active_member_id: Mapped[int | None] = mapped_column(Integer, unique=True)
    application_id: Mapped[int | None] = mapped_column(ForeignKey("applications.id", ondelete="SET NULL"))
    suborganization_id: Mapped[int | None] = mapped_column(ForeignKey("suborganizations.id"), index=True)
    hall_id: Mapped[int] = mapped_column(ForeignKey("halls.id"), index=True)
    room_type_id: Mapped[int] = mapped_column(ForeignKey("room_types.id"), index=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("section_rooms.id"))
    gender_id: Mapped[int] = mapped_column(ForeignKey("genders.id"))
    status: Mapped[str] = mapped_column(String(16))
    price: Mapped[int] = mapped_column(Integer, default=0)  # integer tenge, the room type's price when held
    hold_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    payment_ref: Mapped[str | None] = mapped_column(String(128), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    end_reason: Mapped[str | None] = mapped_column(Text)

    user: Mapped[User | None] = relationship(foreign_keys=[user_id])
    member: Mapped[SuborganizationMember | None] = relationship()
    hall: Mapped[Hall] = relationship()
    room_type: Mapped[RoomType] = relationship()
    room: Mapped[SectionRoom] = relationship()

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_BOOKING_STATUSES


class DormBookingEvent(db.Model):
    """Audit trail: one row per change of a booking (who, what, from which room to which, why)."""

    __tablename__ = "dorm_booking_events"
    id: Mapped[int] = mapped_column(primary_key=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("dorm_bookings.id", ondelete="CASCADE"), index=True)
    action: Mapped[str] = mapped_column(String(32))
    actor_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    actor_role: Mapped[str] = mapped_column(String(64))  # applicant | an admin role | system:<source>
    from_status: Mapped[str | None] = mapped_column(String(16))
    to_status: Mapped[str | None] = mapped_column(String(16))
    from_room_id: Mapped[int | None] = mapped_column(Integer)
    to_room_id: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str | None] = mapped_column(Text)
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class DormWaitlistEntry(db.Model):
    __tablename__ = "dorm_waitlist"
    __table_args__ = (Index("ix_dorm_waitlist_queue", "hall_id", "room_type_id", "status", "priority", "created_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    active_user_id: Mapped[int | None] = mapped_column(Integer, unique=True)
    application_id: Mapped[int | None] = mapped_column(ForeignKey("applications.id", ondelete="SET NULL"))
    hall_id: Mapped[int] = mapped_column(ForeignKey("halls.id"))
    room_type_id: Mapped[int] = mapped_column(ForeignKey("room_types.id"))
    gender_id: Mapped[int] = mapped_column(ForeignKey("genders.id"))
    priority: Mapped[int] = mapped_column(Integer)  # 0 is the first category of DORM_PRIORITY_CATEGORIES
    category_code: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))
    booking_id: Mapped[int | None] = mapped_column(ForeignKey("dorm_bookings.id", ondelete="SET NULL"))
    offer_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    hall: Mapped[Hall] = relationship()
    room_type: Mapped[RoomType] = relationship()


class DormTransferRequest(db.Model):
    __tablename__ = "dorm_transfer_requests"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("dorm_bookings.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(8))  # move | swap
    target_hall_id: Mapped[int | None] = mapped_column(ForeignKey("halls.id"))
    target_room_type_id: Mapped[int | None] = mapped_column(ForeignKey("room_types.id"))
    # The resident named for a swap, when the e-mail typed was a resident's at the time; the e-mail itself is kept
    # for staff either way (the requester is answered the same whether or not it was: issue 22, finding 11).
    swap_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    swap_email: Mapped[str | None] = mapped_column(String(254))
    swap_accepted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    comment: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), index=True)
    decision_reason: Mapped[str | None] = mapped_column(Text)
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Set when staff approve a move (decision 0088): the target's price for the booking's period less what the
    # booking cost; > 0 is asked through the `dorm_transfer_difference` payment, < 0 becomes a DormRefund.
    price_difference: Mapped[int | None] = mapped_column(Integer)

    user: Mapped[User] = relationship(foreign_keys=[user_id])
    swap_user: Mapped[User | None] = relationship(foreign_keys=[swap_user_id])
    booking: Mapped[DormBooking] = relationship()
    target_hall: Mapped[Hall | None] = relationship()
    target_room_type: Mapped[RoomType | None] = relationship()
    refund: Mapped[DormRefund | None] = relationship(uselist=False, viewonly=True)


REFUND_DUE = "due"
REFUND_PAID = "refunded"
REFUND_STATUSES = (REFUND_DUE, REFUND_PAID)


class DormRefund(db.Model):
    """Money the university owes a resident (decision 0088): a move into a cheaper room leaves the difference of
    the period already paid. Staff see it on the transfer and mark it refunded once the money went back."""

    __tablename__ = "dorm_refunds"
    __table_args__ = (UniqueConstraint("transfer_id", name="uq_dorm_refunds_transfer"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    booking_id: Mapped[int] = mapped_column(ForeignKey("dorm_bookings.id", ondelete="CASCADE"))
    transfer_id: Mapped[int | None] = mapped_column(ForeignKey("dorm_transfer_requests.id", ondelete="SET NULL"))
    amount: Mapped[int] = mapped_column(Integer)  # integer tenge, > 0
    reason: Mapped[str] = mapped_column(String(32))  # transfer_cheaper
    status: Mapped[str] = mapped_column(String(16), default=REFUND_DUE, index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    settled_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class DormSwapNotice(db.Model):
    """One swap-request mail sent to `target_user_id` on behalf of `requester_id` on a local day: the unique key keeps
    it to at most one per pair and day, however often the requester asks (issue 22, finding 11)."""

    __tablename__ = "dorm_swap_notices"
    __table_args__ = (UniqueConstraint("requester_id", "target_user_id", "day", name="uq_dorm_swap_notices_pair_day"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    requester_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    target_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    day: Mapped[date] = mapped_column(Date)  # the university's local day (LOCAL_UTC_OFFSET_MINUTES)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
