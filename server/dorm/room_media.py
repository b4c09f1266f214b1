"""Room type pictures (req §7 admin upload-room-type-media): checked by content, stored atomically, audited."""

from __future__ import annotations

import logging
import re
import unicodedata
from contextlib import closing

from flask import current_app
from sqlalchemy import select

from .. import audit
from ..database import unit_of_work
from ..errors import Invalid, LocalizedMessage, NotFound, TooLarge
from ..extensions import db
from ..integrations.storage import get_storage, spool
from ..models import RoomType, RoomTypeMedia, User
from ..models.base import is_row_id

log = logging.getLogger(__name__)

ALLOWED_EXTENSIONS = ("webp", "jpeg", "jpg", "png")  # req §5: images accept webp, jpeg, jpg, png
DEFAULT_MAX_BYTES = 5 * 1024 * 1024
STORAGE_PREFIX = "room-type-media"


def _is_id(value: int) -> bool:
    """Whether value can name a row at all; anything else is treated as an id that does not exist."""
    return is_row_id(value)


def sniff_image(head: bytes) -> tuple[str, str] | None:
    """(extension, content type) from the magic bytes, or None when the bytes are not a supported image."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png", "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpg", "image/jpeg"
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp", "image/webp"
    return None


def display_name(name: str | None, extension: str) -> str:
    """The uploader's file name, reduced to something safe to show and to send back in a header."""
    base = re.split(r"[\\/]", name or "")[-1]
    base = "".join(ch for ch in unicodedata.normalize("NFC", base) if unicodedata.category(ch)[0] != "C").strip()
    return (base or f"image.{extension}")[:255]


def max_bytes() -> int:
    return int(current_app.config.get("ROOM_TYPE_MEDIA_MAX_BYTES", DEFAULT_MAX_BYTES))


def upload(actor: User, room_type_id: int, file_name: str | None, stream) -> RoomTypeMedia:
    if not _is_id(room_type_id) or db.session.get(RoomType, room_type_id) is None:
        raise NotFound(
            "dormitory.room_type_not_found",
            errors={"room_type_id": [LocalizedMessage("dormitory.room_type_not_found")]},
        )
    extension = (file_name or "").rsplit(".", 1)[-1].lower() if "." in (file_name or "") else ""
    if extension not in ALLOWED_EXTENSIONS:
        raise Invalid("media.unsupported_type", errors={"file": [LocalizedMessage("media.unsupported_type")]})
    limit = max_bytes()
    spooled = spool(stream, limit)  # on disk beyond a little, never whole in memory
    if spooled is None:
        mb = round(limit / (1024 * 1024), 1)
        raise TooLarge("media.too_large", errors={"file": [LocalizedMessage("media.too_large", max_mb=mb)]}, max_mb=mb)
    with closing(spooled):
        if not spooled.size:
            raise Invalid("media.empty", errors={"file": [LocalizedMessage("media.empty")]})
        sniffed = sniff_image(spooled.head[:16])
        if sniffed is None:
            raise Invalid("media.unsupported_type", errors={"file": [LocalizedMessage("media.unsupported_type")]})
        stored_extension, content_type = sniffed
        storage = get_storage()
        # The object first, the row after: a row never names a missing object. If the row is not written the
        # object is deleted below, and should that fail too the orphan sweep removes it later.
        key = storage.save_stream(spooled.file, prefix=STORAGE_PREFIX, extension=stored_extension)
    size = spooled.size
    try:
        with unit_of_work():  # a refused row rolls back; the file goes too
            media = RoomTypeMedia(
                room_type_id=room_type_id,
                storage_key=key,
                file_name=display_name(file_name, stored_extension),
                content_type=content_type,
                size=size,
                uploaded_by_id=actor.id,
            )
            db.session.add(media)
            db.session.flush()
            audit.record(
                "room_type_media.upload",
                ("room_type", str(room_type_id)),
                {"media_id": media.id, "size": size, "content_type": content_type},
                actor=actor,
            )
    except Exception:
        try:
            storage.delete(key)  # no row points at it: do not keep the bytes
        except Exception:  # noqa: BLE001 - the sweep removes it; the caller sees the first error
            log.warning("could not remove an unreferenced upload", extra={"storage_key": key})
        raise
    return media


def get_media(media_id: int) -> RoomTypeMedia:
    media = db.session.get(RoomTypeMedia, media_id) if _is_id(media_id) else None
    if media is None:
        raise NotFound("errors.not_found")
    return media


def list_media(room_type_id: int) -> list[RoomTypeMedia]:
    if not _is_id(room_type_id):
        return []
    return list(
        db.session.scalars(
            select(RoomTypeMedia).where(RoomTypeMedia.room_type_id == room_type_id).order_by(RoomTypeMedia.id)
        )
    )


def delete(actor: User, media_id: int) -> None:
    media = get_media(media_id)
    key = media.storage_key
    with unit_of_work():
        db.session.delete(media)
        audit.record(
            "room_type_media.delete", ("room_type", str(media.room_type_id)), {"media_id": media_id}, actor=actor
        )
    try:
        get_storage().delete(key)
    except Exception:  # noqa: BLE001 - the row is gone; an unreferenced file is harmless
        log.warning("could not delete stored file", extra={"storage_key": key})
