"""`flask storage migrate --to s3://…` (issue 25; decision 0082): every object of a file:// store copied to a real
S3-protocol server (moto's standalone server) with a checksum check, resumable, with counts."""

from __future__ import annotations

import hashlib
import io

import pytest

from server.integrations.storage import EXTENSION_KEY, LocalStorage, usable_storage

from .storage_support import s3_environment, s3_server, s3_storage_url

__all__ = ["s3_environment", "s3_server", "s3_storage_url"]  # fixtures used below


@pytest.fixture
def source(app, tmp_path, monkeypatch):
    """The app's current store: a directory with a document, a photo and an export."""
    storage = LocalStorage(tmp_path / "files")
    monkeypatch.setitem(app.extensions, EXTENSION_KEY, storage)
    monkeypatch.setitem(app.config, "STORAGE_URL", storage.url)
    contents = {
        storage.save(b"%PDF-1.4 passport", prefix="uploads", extension="pdf"): b"%PDF-1.4 passport",
        storage.save(b"\x89PNG photo", prefix="room-type-media", extension="png"): b"\x89PNG photo",
        storage.save(b"PK" + bytes(range(256)) * 4096, prefix="admin-exports", extension="xlsx"): b"PK"
        + bytes(range(256)) * 4096,
    }
    return storage, contents


def _migrate(app, target_url: str, *extra: str):
    return app.test_cli_runner().invoke(args=["storage", "migrate", "--to", target_url, *extra])


def test_migrate_copies_everything_verified_and_resumes(app, source, s3_storage_url):
    storage, contents = source
    first = _migrate(app, s3_storage_url)
    assert first.exit_code == 0, first.output
    assert "objects: 3, copied: 3, already there: 0, failed: 0" in first.output

    target = usable_storage(s3_storage_url)
    for key, data in contents.items():
        with target.open(key) as stream:
            assert stream.read() == data
        assert target.recorded_sha256(key) == hashlib.sha256(data).hexdigest()
        with storage.open(key) as stream:  # the source is untouched
            assert stream.read() == data

    # A run stopped half-way: one object never arrived, one arrived damaged (same size, other bytes).
    missing, damaged, intact = sorted(contents)
    target.delete(missing)
    target.put(damaged, io.BytesIO(b"X" * len(contents[damaged])))
    again = _migrate(app, s3_storage_url, "--verbose")
    assert again.exit_code == 0, again.output
    assert "objects: 3, copied: 2, already there: 1, failed: 0" in again.output
    assert f"{intact}: skipped" in again.output and f"{missing}: copied" in again.output
    for key, data in contents.items():
        with target.open(key) as stream:
            assert stream.read() == data

    done = _migrate(app, s3_storage_url)
    assert "objects: 3, copied: 0, already there: 3, failed: 0" in done.output


def test_migrate_refuses_a_target_it_cannot_use(app, source, s3_environment):
    result = _migrate(app, "s3://no-such-bucket-for-migrate/x")
    assert result.exit_code != 0 and "does not exist" in result.output
    result = _migrate(app, source[0].url)
    assert result.exit_code != 0 and "current STORAGE_URL" in result.output


def test_migrate_into_a_directory_too(app, source, tmp_path):
    storage, contents = source
    result = _migrate(app, f"file://{tmp_path / 'copy'}")
    assert result.exit_code == 0 and "copied: 3" in result.output
    copy = LocalStorage(tmp_path / "copy")
    assert sorted(item.key for item in copy.list()) == sorted(contents)
    assert "already there: 3" in _migrate(app, f"file://{tmp_path / 'copy'}").output
