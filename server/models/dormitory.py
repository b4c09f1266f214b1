"""Dormitory hierarchy (req §3): Hall > Building > Floor > Section > SectionRoom, plus RoomType and its media.

Names admins enter are in three languages (decision 0073): `name` is the Russian one (required), `name_kk` and
`name_en` are optional and fall back to it. Room names (numbers like 101) stay in one language.

Foreign keys have no ON DELETE action: a parent with children cannot be deleted (the service answers 409 first),
so nothing is ever orphaned. RoomTypeMedia rows belong to their room type and are deleted with it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .reference import Gender

ROOM_CAPACITY_MIN = 1
ROOM_CAPACITY_MAX = 10  # req §9: room type capacity options 1 to 10


class Hall(db.Model):
    __tablename__ = "halls"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(255), default="", server_default="")

    buildings: Mapped[list[Building]] = relationship(back_populates="hall", order_by="Building.order")


class Building(db.Model):
    __tablename__ = "buildings"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(255), default="", server_default="")
    order: Mapped[int] = mapped_column(Integer, default=0)
    hall_id: Mapped[int] = mapped_column(ForeignKey("halls.id"), index=True)

    hall: Mapped[Hall] = relationship(back_populates="buildings")
    floors: Mapped[list[Floor]] = relationship(back_populates="building", order_by="Floor.order")


class Floor(db.Model):
    __tablename__ = "floors"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(255), default="", server_default="")
    order: Mapped[int] = mapped_column(Integer, default=0)
    building_id: Mapped[int] = mapped_column(ForeignKey("buildings.id"), index=True)

    building: Mapped[Building] = relationship(back_populates="floors")
    sections: Mapped[list[Section]] = relationship(back_populates="floor", order_by="Section.order")


class Section(db.Model):
    __tablename__ = "sections"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(255), default="", server_default="")
    order: Mapped[int] = mapped_column(Integer, default=0)
    floor_id: Mapped[int] = mapped_column(ForeignKey("floors.id"), index=True)

    floor: Mapped[Floor] = relationship(back_populates="sections")
    rooms: Mapped[list[SectionRoom]] = relationship(back_populates="section", order_by="SectionRoom.order")


PRICE_PERIODS = ("month", "semester", "academic_year")
PRICE_PERIOD_DEFAULT = "academic_year"  # the stay the assignment letter names (Sept 1 – June 30)
# Periods in one academic year (the stay is ten months): converts one period's price into another's.
PERIODS_PER_YEAR = {"month": 10, "semester": 2, "academic_year": 1}


class RoomType(db.Model):
    __tablename__ = "room_types"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="", server_default="")
    name_en: Mapped[str] = mapped_column(String(255), default="", server_default="")
    capacity: Mapped[int] = mapped_column(Integer)
    price: Mapped[int] = mapped_column(Integer, default=0)  # integer tenge (design §6)
    # What one `price` pays for (decision 0088): month | semester | academic_year; shown next to every price.
    price_period: Mapped[str] = mapped_column(
        String(16), default=PRICE_PERIOD_DEFAULT, server_default=PRICE_PERIOD_DEFAULT
    )

    media: Mapped[list[RoomTypeMedia]] = relationship(back_populates="room_type", order_by="RoomTypeMedia.id")


class SectionRoom(db.Model):
    __tablename__ = "section_rooms"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    order: Mapped[int] = mapped_column(Integer, default=0)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    room_type_id: Mapped[int] = mapped_column(ForeignKey("room_types.id"), index=True)
    assigned_gender_id: Mapped[int | None] = mapped_column(ForeignKey("genders.id"), index=True)
    # Places held for people outside the portal; never more than the room type's capacity.
    external_reserved_places: Mapped[int] = mapped_column(Integer, default=0)
    # Set when the gender came from the room's first booking (issue 13): the room is unassigned again once empty.
    gender_from_booking: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    section: Mapped[Section] = relationship(back_populates="rooms")
    room_type: Mapped[RoomType] = relationship()
    assigned_gender: Mapped[Gender | None] = relationship()


class RoomTypeMedia(db.Model):
    """A picture of a room type; the bytes live in storage under a server-generated key."""

    __tablename__ = "room_type_media"
    id: Mapped[int] = mapped_column(primary_key=True)
    room_type_id: Mapped[int] = mapped_column(ForeignKey("room_types.id"), index=True)
    storage_key: Mapped[str] = mapped_column(String(255), unique=True)
    file_name: Mapped[str] = mapped_column(String(255))  # the uploader's name, for display only
    content_type: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(Integer)
    uploaded_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    room_type: Mapped[RoomType] = relationship(back_populates="media")
