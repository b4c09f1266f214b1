"""POST /api/v1/admin/upload-room-type-media: images by content, size-limited, atomic storage, authorised download."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from sqlalchemy import select

from server.models import AuditLog
from server.models.dormitory import RoomTypeMedia

from .universal_support import BASE

UPLOAD = "/api/v1/admin/upload-room-type-media"


def png_bytes(width: int = 2, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\x00" * 64 + b"\xff\xd9"
WEBP = b"RIFF" + struct.pack("<I", 30) + b"WEBPVP8 " + b"\x00" * 22
PDF = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture
def admin(factories):
    return factories.auth_headers(factories.admin())


def upload(client, headers, room_type_id, data: bytes, name: str, lang="ru"):
    return client.post(
        f"{UPLOAD}?lang={lang}",
        headers=headers,
        content_type="multipart/form-data",
        data={"room_type_id": str(room_type_id), "file": (io.BytesIO(data), name)},
    )


def storage_root(app) -> Path:
    return Path(app.config["STORAGE_URL"].removeprefix("file://"))


def test_png_upload_is_listed_downloadable_and_audited(app, client, db, factories, admin):
    room_type = factories.room_type()
    data = png_bytes()
    response = upload(client, admin, room_type.id, data, "комната 1.PNG")
    assert response.status_code == 200, response.get_json()
    item = response.get_json()["item"]
    assert item["content_type"] == "image/png" and item["size"] == len(data)
    assert item["file_name"] == "комната 1.PNG" and item["room_type_id"] == room_type.id

    media = db.session.get(RoomTypeMedia, item["id"])
    assert media.storage_key.startswith("room-type-media/") and media.storage_key.endswith(".png")
    assert "комната" not in media.storage_key  # the server names files
    stored = storage_root(app) / media.storage_key
    assert stored.read_bytes() == data
    assert not [p for p in stored.parent.iterdir() if p.name.startswith(".upload-")]  # no temp files left

    download = client.get(item["url"], headers=admin)
    assert download.status_code == 200 and download.data == data and download.mimetype == "image/png"
    assert client.get(item["url"]).status_code == 401
    assert client.get(item["url"], headers=factories.auth_headers(factories.user())).status_code == 403

    body = {"filters": {"id": room_type.id}, "params": {"include": ["media"]}}
    rows = client.post(f"{BASE}/RoomType/find", json=body, headers=admin).get_json()["list"]
    assert [m["id"] for m in rows[0]["media"]] == [item["id"]]
    assert set(rows[0]["media"][0]) == {"id", "file_name", "content_type", "size", "created_at"}
    assert db.session.scalars(select(AuditLog).where(AuditLog.action == "room_type_media.upload")).all()


@pytest.mark.parametrize("data, name", [(JPEG, "a.jpg"), (JPEG, "a.jpeg"), (WEBP, "a.webp"), (png_bytes(), "a.png")])
def test_each_allowed_type(client, db, factories, admin, data, name):
    assert upload(client, admin, factories.room_type().id, data, name).status_code == 200


@pytest.mark.parametrize(
    "data, name",
    [
        (PDF, "scan.png"),  # a PDF renamed .png
        (PDF, "scan.pdf"),
        (png_bytes(), "image.gif"),  # extension not allowed
        (png_bytes(), "image"),
        (b"GIF89a" + b"\x00" * 20, "a.png"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "a.png"),
        (b"RIFF\x00\x00\x00\x00WAVEfmt ", "a.webp"),
    ],
)
def test_non_images_are_refused(app, client, db, factories, admin, data, name):
    before = set(storage_root(app).rglob("*")) if storage_root(app).exists() else set()
    response = upload(client, admin, factories.room_type().id, data, name, lang="en")
    assert response.status_code == 400
    assert response.get_json()["message_key"] == "media.unsupported_type"
    assert "file" in response.get_json()["errors"]
    assert db.session.scalars(select(RoomTypeMedia)).all() == []
    after = set(storage_root(app).rglob("*")) if storage_root(app).exists() else set()
    assert after == before


def test_oversized_is_refused(app, client, db, factories, admin, monkeypatch):
    monkeypatch.setitem(app.config, "ROOM_TYPE_MEDIA_MAX_BYTES", 1024)
    big = png_bytes() + b"\x00" * 2048
    response = upload(client, admin, factories.room_type().id, big, "big.png")
    assert response.status_code == 413
    assert response.get_json()["message_key"] == "media.too_large"
    assert db.session.scalars(select(RoomTypeMedia)).all() == []


def test_zero_byte_is_refused(client, db, factories, admin):
    response = upload(client, admin, factories.room_type().id, b"", "empty.png")
    assert response.status_code == 400 and response.get_json()["message_key"] == "media.empty"


@pytest.mark.parametrize("form", [{}, {"room_type_id": "abc"}, {"room_type_id": "1"}])
def test_bad_forms(client, db, factories, admin, form):
    response = client.post(UPLOAD, headers=admin, content_type="multipart/form-data", data=form)
    assert response.status_code == 400


def test_unknown_room_type_and_roles(client, db, factories, admin):
    assert upload(client, admin, 999999, png_bytes(), "a.png").status_code == 404
    room_type = factories.room_type()
    assert upload(client, {}, room_type.id, png_bytes(), "a.png").status_code == 401
    applicant = factories.auth_headers(factories.user())
    assert upload(client, applicant, room_type.id, png_bytes(), "a.png").status_code == 403


def test_deleting_media_and_room_type_removes_files(app, client, db, factories, admin):
    room_type = factories.room_type()
    first = upload(client, admin, room_type.id, png_bytes(), "1.png").get_json()["item"]
    second = upload(client, admin, room_type.id, JPEG, "2.jpg").get_json()["item"]
    keys = {m.id: m.storage_key for m in db.session.scalars(select(RoomTypeMedia))}
    response = client.post("/api/v1/admin/delete-room-type-media", json={"id": first["id"]}, headers=admin)
    assert response.status_code == 200
    assert not (storage_root(app) / keys[first["id"]]).exists()
    assert client.get(first["url"], headers=admin).status_code == 404
    # The room type owns its pictures: deleting it deletes them (rows and files), it is not blocked by them.
    response = client.post(f"{BASE}/RoomType/delete", json={"filters": {"id": room_type.id}}, headers=admin)
    assert response.status_code == 200
    assert db.session.scalars(select(RoomTypeMedia)).all() == []
    assert not (storage_root(app) / keys[second["id"]]).exists()


def test_storage_refuses_foreign_keys(app, db):
    from server.integrations.storage import LocalStorage, StorageError

    storage = LocalStorage(storage_root(app))
    for key in ("../secret", "/etc/passwd", "room-type-media/../../x.png", "room-type-media/abc.png"):
        with pytest.raises(StorageError):
            storage.open(key)
