"""The storage contract (issue 25; decision 0082): the same behaviour from `file://` and from `s3://` against a real
S3-protocol server process (moto's standalone server, boto3 over HTTP).

Upload (streamed, multipart above 8 MiB), download, replace, delete, a missing object, and failures half-way: an
upload that dies mid-stream leaves no object; a database write that fails after the object was written leaves no
row and no object; an object left by a crash between the two is removed by the orphan sweep after its grace
period, while every object a row names stays. Over HTTP, an applicant's PDF and a room photo are stored in and
served from the bucket with the same object-level answers (404 to a stranger) as from a directory. A STORAGE_URL
the app cannot serve stops it at start with one line naming the variable.
"""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import event, func, select

from server import create_app
from server.config import SettingsRefused
from server.extensions import db as _db
from server.integrations.storage import (
    EXTENSION_KEY,
    MULTIPART_BYTES,
    Download,
    LocalStorage,
    S3Storage,
    StorageError,
    usable_storage,
)
from server.jobs.storage_sweep import sweep_orphans
from server.models import AdminExport, RoomTypeMedia, StoredFile

from ..conftest import make_config
from ..helpers import API, assert_envelope, assert_ok
from .storage_support import AWS_ENVIRONMENT, s3_client, s3_environment, s3_server, s3_storage_url, start_moto, stop
from .test_user_data_support import PDF, PNG, fill_items, post_bulk, step_of

__all__ = ["s3_environment", "s3_server", "s3_storage_url"]  # fixtures used below

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = ["file", "s3"]


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path):
    if request.param == "file":
        return f"file://{tmp_path / 'files'}"
    return request.getfixturevalue("s3_storage_url")


@pytest.fixture
def storage(store_url):
    return usable_storage(store_url)


@pytest.fixture
def app_storage(app, db, storage, monkeypatch):
    """The session app serving from `storage`, as create_app() builds it from that STORAGE_URL."""
    monkeypatch.setitem(app.extensions, EXTENSION_KEY, storage)
    monkeypatch.setitem(app.config, "STORAGE_URL", storage.url)
    return storage


class ChunkedSource(io.RawIOBase):
    """A request body of `size` bytes handed out in reads; records the largest read and can fail at `fail_at`."""

    def __init__(self, size: int, fail_at: int | None = None):
        super().__init__()
        self.size, self.position, self.fail_at, self.largest_read = size, 0, fail_at, 0
        self.digest = hashlib.sha256()

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        n = self.size - self.position if n is None or n < 0 else min(n, self.size - self.position)
        if self.fail_at is not None and self.position + n > self.fail_at:
            raise ConnectionResetError("the client went away half-way")
        self.largest_read = max(self.largest_read, n)
        chunk = bytes((self.position + i) % 251 for i in range(n))
        self.position += n
        self.digest.update(chunk)
        return chunk

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _read_all(storage, key: str) -> bytes:
    with storage.open(key) as stream:
        return stream.read()


def _keys(storage) -> list[str]:
    return sorted(item.key for item in storage.list())


# ------------------------------------------------------------------------------------------------ the contract


def test_upload_streams_and_download_returns_the_same_bytes(storage):
    size = MULTIPART_BYTES + 3 * 1024 * 1024 + 17  # above the multipart threshold on S3
    source = ChunkedSource(size)

    key = storage.save_stream(source, prefix="uploads", extension="pdf")

    assert key.startswith("uploads/") and key.endswith(".pdf")
    assert source.largest_read <= MULTIPART_BYTES  # read in chunks, never the whole body at once
    with storage.open(key) as stream:
        assert isinstance(stream, Download) and stream.size == size
        digest, total = hashlib.sha256(), 0
        while chunk := stream.read(1024 * 1024):
            digest.update(chunk)
            total += len(chunk)
    assert (total, digest.hexdigest()) == (size, source.digest.hexdigest())
    assert _keys(storage) == [key]
    info = storage.info(key)
    assert info.size == size and abs(info.modified - datetime.now(UTC)) < timedelta(minutes=5)
    assert storage.save(b"small", prefix="uploads", extension="pdf") != key  # every save names a new object


def test_replace_overwrites_the_whole_object(storage):
    key = storage.save(b"first version, longer than the second", prefix="letters", extension="pdf")
    storage.put(key, io.BytesIO(b"second"), sha256=hashlib.sha256(b"second").hexdigest())
    assert _read_all(storage, key) == b"second"
    assert storage.info(key).size == len(b"second") and _keys(storage) == [key]


def test_delete_removes_and_is_idempotent(storage):
    key = storage.save(b"%PDF-1.4 gone", prefix="uploads", extension="pdf")
    storage.delete(key)
    with pytest.raises(FileNotFoundError):
        storage.open(key)
    storage.delete(key)  # a missing object is not an error
    assert _keys(storage) == []


def test_a_missing_object_and_a_foreign_key(storage):
    with pytest.raises(FileNotFoundError):
        storage.open("uploads/" + "0" * 32 + ".pdf")
    assert storage.info("uploads/" + "0" * 32 + ".pdf") is None
    for bad in ("../etc/passwd", "uploads/../../x.pdf", "UPLOADS/" + "0" * 32 + ".pdf", ""):
        with pytest.raises(StorageError):
            storage.open(bad)


def test_an_upload_that_fails_half_way_leaves_nothing(storage, request):
    source = ChunkedSource(MULTIPART_BYTES * 2, fail_at=MULTIPART_BYTES + 1024)  # after the first part went up
    with pytest.raises(ConnectionResetError):
        storage.save_stream(source, prefix="uploads", extension="pdf")
    assert _keys(storage) == []
    if isinstance(storage, S3Storage):  # the multipart upload was aborted, not left to accumulate parts
        endpoint = request.getfixturevalue("s3_server")
        assert s3_client(endpoint).list_multipart_uploads(Bucket=storage.bucket).get("Uploads", []) == []
    else:
        assert [p for p in storage.root.rglob("*") if p.is_file()] == []  # no temporary file either


def test_a_database_write_that_fails_after_the_object_leaves_no_row_and_no_object(app_storage, factories, db):
    from server.dorm import room_media

    admin, room_type = factories.admin(), factories.room_type()

    def database_goes_away(session, _context, _instances):
        if any(isinstance(obj, RoomTypeMedia) for obj in session.new):
            raise ConnectionError("the database went away")

    event.listen(_db.session, "before_flush", database_goes_away)
    try:
        with pytest.raises(ConnectionError):
            room_media.upload(admin, room_type.id, "room.png", io.BytesIO(PNG))
    finally:
        event.remove(_db.session, "before_flush", database_goes_away)
    db.session.rollback()
    assert db.session.scalar(select(func.count()).select_from(RoomTypeMedia)) == 0
    assert _keys(app_storage) == []  # the object written before the row was removed again

    media = room_media.upload(admin, room_type.id, "room.png", io.BytesIO(PNG))  # and the next one works
    assert _read_all(app_storage, media.storage_key) == PNG


def test_the_sweep_removes_old_orphans_and_keeps_every_referenced_object(app_storage, factories, db):
    admin, room_type = factories.admin(), factories.room_type()
    from server.dorm import room_media

    photo = room_media.upload(admin, room_type.id, "room.png", io.BytesIO(PNG)).storage_key
    export_key = app_storage.save(b"PK workbook", prefix="admin-exports", extension="xlsx")
    db.session.add(
        AdminExport(
            actor_id=admin.id, population="all", params={}, status="done", storage_key=export_key, file_name="x"
        )
    )
    db.session.commit()
    # A crash between the object and its row (or a failed compensating delete) leaves this one behind:
    orphan = app_storage.save(PDF, prefix="uploads", extension="pdf")

    now = datetime.now(UTC)
    young = sweep_orphans(now=now, grace=timedelta(hours=24))
    assert (young.scanned, young.removed) == (3, 0)  # within the grace period: it may be an upload in flight
    assert orphan in _keys(app_storage)

    later = sweep_orphans(now=now + timedelta(hours=25), grace=timedelta(hours=24))
    assert (later.scanned, later.removed) == (3, 1)
    assert _keys(app_storage) == sorted([photo, export_key])
    assert _read_all(app_storage, photo) == PNG


def test_the_sweep_is_on_the_beat_schedule(app):
    schedule = app.extensions["celery"].conf.beat_schedule
    assert schedule["sweep-orphan-objects"]["task"] == "housekeeping.sweep_orphan_objects"
    assert "housekeeping.sweep_orphan_objects" in app.extensions["celery"].tasks


# ------------------------------------------------------------------------------------------------ over HTTP


@pytest.fixture
def served_app(store_url, instance_dir, database_url, db):
    """An app built by create_app() from STORAGE_URL (file:// or s3:// with boto3's AWS_* environment)."""
    return create_app(make_config(instance_dir, database_url, STORAGE_URL=store_url))


def _documents_form():
    return step_of(False, "regular_bachelors", "passport")


def test_an_applicants_pdf_is_stored_in_and_served_from_the_store(served_app, factories, db, store_url):
    storage = served_app.extensions[EXTENSION_KEY]
    client = served_app.test_client()
    application = factories.application(user=factories.applicant())
    headers = factories.auth_headers(application.user)

    assert_ok(post_bulk(client, headers, application.id, {}, {(_documents_form(), "passport"): (PDF, "passport.pdf")}))

    row = db.session.scalars(select(StoredFile)).one()
    assert _keys(storage) == [row.storage_key] and _read_all(storage, row.storage_key) == PDF
    if store_url.startswith("s3://"):
        bucket, prefix = store_url.removeprefix("s3://").split("/", 1)
        listed = s3_client(os.environ["AWS_ENDPOINT_URL_S3"]).list_objects_v2(Bucket=bucket)["Contents"]
        assert [item["Key"] for item in listed] == [f"{prefix}/{row.storage_key}"]
    response = client.get(f"{API}/files/{row.id}", headers=headers)
    assert response.status_code == 200 and response.data == PDF
    assert response.mimetype == "application/pdf" and response.headers["X-Content-Type-Options"] == "nosniff"
    assert "no-store" in response.headers["Cache-Control"]
    saved = fill_items(client, headers, application.id)[_documents_form()]["data"]["passport"]
    assert client.get(saved["url"]).data == PDF  # the signed link of the answers

    stranger = factories.applicant()
    assert_envelope(client.get(f"{API}/files/{row.id}", headers=factories.auth_headers(stranger)), 404)
    assert_envelope(client.get(f"{API}/files/{row.id}"), 401)

    # Replaced by a new upload: the answer names a new object; the earlier one keeps its row (the history).
    new_pdf = PDF.replace(b"1.4", b"1.7")
    assert_ok(
        post_bulk(client, headers, application.id, {}, {(_documents_form(), "passport"): (new_pdf, "passport.pdf")})
    )
    db.session.expire_all()
    current_id = fill_items(client, headers, application.id)[_documents_form()]["data"]["passport"]["id"]
    current = db.session.get(StoredFile, current_id)
    assert current.id != row.id
    assert _keys(storage) == sorted(r.storage_key for r in db.session.scalars(select(StoredFile)))
    assert client.get(f"{API}/files/{current.id}", headers=headers).data == new_pdf

    # The object lost from the store (an operator's mistake): 404, never a 500.
    storage.delete(current.storage_key)
    assert_envelope(client.get(f"{API}/files/{current.id}", headers=headers), 404, "files.not_found")


def test_a_room_photo_is_stored_in_and_served_from_the_store(served_app, factories, db):
    from ..e2e.test_dormitory_admin import png_bytes

    storage = served_app.extensions[EXTENSION_KEY]
    client = served_app.test_client()
    admin, room_type = factories.admin(), factories.room_type()
    admin_headers = factories.auth_headers(admin)
    image = png_bytes()
    uploaded = assert_ok(
        client.post(
            f"{API}/admin/upload-room-type-media",
            data={"room_type_id": str(room_type.id), "file": (io.BytesIO(image), "room.png")},
            headers=admin_headers,
            content_type="multipart/form-data",
        )
    )
    media_id = uploaded["item"]["id"]
    media = db.session.get(RoomTypeMedia, media_id)
    assert _keys(storage) == [media.storage_key]

    response = client.get(f"{API}/admin/room-type-media/{media_id}", headers=admin_headers)
    assert response.status_code == 200 and response.data == image and response.mimetype == "image/png"
    assert response.headers["Cache-Control"] == "private, no-store"
    applicant_headers = factories.auth_headers(factories.applicant())
    assert client.get(f"{API}/users/room-type-media/{media_id}", headers=applicant_headers).data == image
    assert client.get(f"{API}/admin/room-type-media/{media_id}", headers=applicant_headers).status_code in (403, 404)
    assert_envelope(client.get(f"{API}/users/room-type-media/{media_id}"), 401)
    assert_envelope(client.get(f"{API}/admin/room-type-media/{media_id + 1000}", headers=admin_headers), 404)

    assert_ok(client.post(f"{API}/admin/delete-room-type-media", json={"id": media_id}, headers=admin_headers))
    assert _keys(storage) == []
    assert_envelope(client.get(f"{API}/admin/room-type-media/{media_id}", headers=admin_headers), 404)


# ------------------------------------------------------------------------------------------------ start-up


def _refusal(url: str, instance_dir, database_url, capsys) -> str:
    with pytest.raises(SettingsRefused) as refused:
        create_app(make_config(instance_dir, database_url, STORAGE_URL=url))
    lines = [line for line in capsys.readouterr().err.splitlines() if "refuses to start" in line]
    assert lines == [str(refused.value)]
    assert f"STORAGE_URL={url}" in lines[0]
    return lines[0]


def test_an_unknown_scheme_or_no_bucket_stops_the_start(instance_dir, database_url, capsys):
    assert "unknown" in _refusal("ftp://files.example.kz/x", instance_dir, database_url, capsys)
    assert "names no bucket" in _refusal("s3:///prefix", instance_dir, database_url, capsys)


def test_a_missing_bucket_stops_the_start(s3_environment, instance_dir, database_url, capsys):
    line = _refusal("s3://no-such-bucket-here/p", instance_dir, database_url, capsys)
    assert "'no-such-bucket-here' does not exist" in line


def test_an_unreachable_endpoint_stops_the_start(s3_environment, monkeypatch, instance_dir, database_url, capsys):
    from ..helpers import free_port

    monkeypatch.setenv("AWS_ENDPOINT_URL_S3", f"http://127.0.0.1:{free_port()}")
    line = _refusal("s3://bucket/p", instance_dir, database_url, capsys)
    assert "cannot reach" in line and "AWS_ENDPOINT_URL_S3" in line


def test_missing_or_refused_credentials_stop_the_start(s3_environment, monkeypatch, instance_dir, database_url, capsys):
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(name)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(instance_dir / "no-credentials-file"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(instance_dir / "no-config-file"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    assert "no credentials" in _refusal("s3://bucket/p", instance_dir, database_url, capsys)

    # A server that checks signatures (moto with its IAM checks on) refuses keys it does not know.
    process, endpoint = start_moto(INITIAL_NO_AUTH_ACTION_COUNT="0")
    try:
        monkeypatch.setenv("AWS_ENDPOINT_URL_S3", endpoint)
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIAUNKNOWNKEY000000")
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "not-a-real-secret")
        line = _refusal("s3://bucket/p", instance_dir, database_url, capsys)
    finally:
        stop(process)
    assert "refused" in line and "AWS_SECRET_ACCESS_KEY" in line and "not-a-real-secret" not in line


def test_the_process_stops_with_one_line(s3_server, tmp_path):
    """The real entry point: `python` building the app exits 4 (gunicorn: "App failed to load") with one line."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
        "APP_ENV": "development",
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'start.sqlite3'}",
        "SECRET_KEY": "start-up-test-secret-key-long-enough-for-hmac-sha256",
        "STORAGE_URL": "s3://missing-bucket/campaign",
        "AWS_ENDPOINT_URL_S3": s3_server,
        **AWS_ENVIRONMENT,
    }
    result = subprocess.run(
        [sys.executable, "-c", "from server import create_app; create_app()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == SettingsRefused.EXIT_STATUS, result.stderr[-2000:]
    lines = [line for line in result.stderr.splitlines() if "refuses to start" in line]
    assert len(lines) == 1 and "STORAGE_URL=s3://missing-bucket/campaign" in lines[0], result.stderr[-2000:]
    assert "Traceback" not in result.stderr


def test_a_usable_store_starts(s3_storage_url, instance_dir, database_url, tmp_path):
    assert isinstance(
        create_app(make_config(instance_dir, database_url, STORAGE_URL=s3_storage_url)).extensions[EXTENSION_KEY],
        S3Storage,
    )
    local = create_app(make_config(instance_dir, database_url, STORAGE_URL=f"file://{tmp_path / 'new' / 'files'}"))
    assert isinstance(local.extensions[EXTENSION_KEY], LocalStorage) and (tmp_path / "new" / "files").is_dir()


def test_an_export_is_kept_in_and_downloaded_from_the_store(app_storage, app, client, factories, db, monkeypatch):
    from server.jobs import wait_for_background_jobs

    from .admin_support import FOREIGN_ADMIN, applicant_application, staff

    monkeypatch.setitem(app.config, "ADMIN_EXPORT_SYNC_MAX_ROWS", 0)  # every export goes to the job
    headers = staff(factories, FOREIGN_ADMIN)
    applicant_application(factories, status=0)
    export_id = assert_ok(client.post(f"{API}/admin/exports", headers=headers, json={"queue": "applied"}), 202)["id"]
    assert wait_for_background_jobs(60)
    assert client.get(f"{API}/admin/exports/{export_id}", headers=headers).get_json()["status"] == "done"
    key = db.session.get(AdminExport, export_id).storage_key
    assert _keys(app_storage) == [key]
    response = client.get(f"{API}/admin/exports/{export_id}/file", headers=headers)
    assert response.status_code == 200 and response.data == _read_all(app_storage, key)
    assert response.data.startswith(b"PK")  # an xlsx workbook
    other = staff(factories, FOREIGN_ADMIN)
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file", headers=other), 404)


def test_a_store_that_stops_answering_is_a_503_never_a_500(s3_storage_url, instance_dir, database_url, factories, db):
    from ..helpers import free_port

    served = create_app(make_config(instance_dir, database_url, STORAGE_URL=s3_storage_url))
    client = served.test_client()
    application = factories.application(user=factories.applicant())
    headers = factories.auth_headers(application.user)
    assert_ok(post_bulk(client, headers, application.id, {}, {(_documents_form(), "passport"): (PDF, "passport.pdf")}))
    [row] = db.session.scalars(select(StoredFile)).all()

    os.environ["AWS_ENDPOINT_URL_S3"] = f"http://127.0.0.1:{free_port()}"  # restored by s3_environment's monkeypatch
    bucket, prefix = s3_storage_url.removeprefix("s3://").split("/", 1)
    served.extensions[EXTENSION_KEY] = S3Storage(bucket, prefix)  # the same bucket, its endpoint gone
    assert_envelope(client.get(f"{API}/files/{row.id}", headers=headers), 503, "files.storage_unavailable")
    response = post_bulk(client, headers, application.id, {}, {(_documents_form(), "passport"): (PDF, "new.pdf")})
    assert_envelope(response, 503, "files.storage_unavailable")
    db.session.expire_all()
    assert db.session.scalars(select(StoredFile)).all() == [row]  # no row for the upload that could not be stored
