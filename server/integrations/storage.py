"""Object storage (design §8; decision 0082): one interface, a local-directory adapter and an S3 adapter.

STORAGE_URL chooses the adapter:
- `file:///srv/qabyldau/files` (default `instance/files`): a directory on this machine or a shared volume;
- `s3://BUCKET/PREFIX`: any S3-protocol store (AWS, MinIO, Ceph…) through boto3 and boto3's own environment:
  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_DEFAULT_REGION and, for a non-AWS endpoint, AWS_ENDPOINT_URL_S3.
create_app() builds the adapter once and probes it (install_storage): a STORAGE_URL the app cannot serve (unknown
scheme, no bucket, unreachable endpoint, refused credentials) stops the process at start with one line naming it.

How to store something (uploads, generated PDFs, exports):

    from server.integrations.storage import get_storage
    storage = get_storage()
    key = storage.save_stream(handle, prefix="letters", extension="pdf")   # or save(data, …) for small bytes
    # …then write the row that keeps `key`, in a column named `storage_key` (the orphan sweep finds every such
    # column; an object no such column names is removed once older than STORAGE_ORPHAN_GRACE_HOURS).
    # If that row is not written (the transaction fails), delete the object again: storage.delete(key).
    with storage.open(key) as stream: ...       # FileNotFoundError for an unknown key; stream.size is its length
    storage.delete(key)                         # after the row is gone; a missing object is not an error

- Keys are generated here (`<prefix>/<random hex>.<ext>`); a caller's file name is never a path. The prefix names
  the kind of thing ("uploads", "room-type-media", "admin-exports"…): lower-case letters, digits and dashes.
- Writes are whole or nothing: a local file is written to a temporary name, flushed and renamed; an S3 object is
  one PUT or a multipart upload that is aborted on failure. A reader never sees half an object.
- Bytes are streamed in chunks both ways; nothing holds a whole file in memory (spool() keeps a request's upload
  on disk while it is checked).
- Objects are never public: they are served only by authorised endpoints, which stream them through the app with
  their own headers (decision 0082 tells why not presigned URLs).
- The storage failing (endpoint down, credentials revoked) raises StorageUnavailable, a 503 the client can retry.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO, Protocol
from urllib.parse import unquote, urlsplit

from flask import Flask, current_app

from ..errors import Unavailable

_KEY = re.compile(r"^[a-z0-9-]{1,40}/[0-9a-f]{32}\.[a-z0-9]{1,8}$")
_PREFIX = re.compile(r"^[a-z0-9-]{1,40}$")
_EXTENSION = re.compile(r"^[a-z0-9]{1,8}$")
COPY_CHUNK = 1024 * 1024
# Uploads being checked stay in memory up to this size, then go to a temporary file.
SPOOL_IN_MEMORY_BYTES = 512 * 1024
# S3: one PUT up to this size, a multipart upload of parts of this size above it (5 MiB is S3's smallest part).
MULTIPART_BYTES = 8 * 1024 * 1024
EXTENSION_KEY = "qabyldau_storage"


class StorageError(Exception):
    pass


class StorageUnavailable(Unavailable):
    """The store did not answer or refused us: 503 with a localized message, never a 500."""

    def __init__(self, key: str = "files.storage_unavailable", **kwargs):
        super().__init__(key, **kwargs)


@dataclass(frozen=True)
class ObjectInfo:
    key: str
    size: int
    modified: datetime  # aware, UTC


class Download(io.RawIOBase):
    """A readable stream of one stored object that knows its length (send_file sets Content-Length from it)."""

    def __init__(self, raw, size: int):
        super().__init__()
        self._raw = raw
        self.size = size

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        return self._raw.read() if size is None or size < 0 else self._raw.read(size)

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            try:
                self._raw.close()
            finally:
                super().close()


class Storage(Protocol):
    url: str

    def save(self, data: bytes, *, prefix: str, extension: str) -> str:
        """Stores the bytes under a new server-generated key and returns it."""

    def save_stream(self, stream: BinaryIO, *, prefix: str, extension: str) -> str:
        """Like save, reading the bytes from a stream in chunks (large files never sit in memory)."""

    def put(self, key: str, stream: BinaryIO, *, sha256: str | None = None) -> None:
        """Writes under a given key (a copy between stores, `flask storage migrate`); sha256 is kept with it."""

    def open(self, key: str) -> Download:
        """A readable binary stream; raises FileNotFoundError for an unknown key."""

    def delete(self, key: str) -> None:
        """Removes the object; a missing object is not an error."""

    def info(self, key: str) -> ObjectInfo | None:
        """Size and time of one object, or None."""

    def recorded_sha256(self, key: str) -> str | None:
        """The checksum kept with the object by put(), or None (computed by checksum() then)."""

    def list(self) -> Iterator[ObjectInfo]:
        """Every object of this store (in pages; fine for millions)."""

    def probe(self) -> None:
        """Raises StorageError with a phrase for the operator when this store cannot be used."""


def new_key(prefix: str, extension: str) -> str:
    if not _PREFIX.match(prefix) or not _EXTENSION.match(extension):
        raise StorageError("invalid prefix or extension")
    return f"{prefix}/{secrets.token_hex(16)}.{extension}"


def check_key(key: str) -> str:
    """Keys are only ever ones we generated: this refuses anything that could walk out of the store."""
    if not isinstance(key, str) or not _KEY.match(key):
        raise StorageError("invalid storage key")
    return key


def is_key(key: str) -> bool:
    return isinstance(key, str) and bool(_KEY.match(key))


def hash_stream(stream: BinaryIO) -> tuple[str, int]:
    """(sha256 hex, size) of a stream read to its end in chunks; the stream is closed."""
    digest, size = hashlib.sha256(), 0
    with stream:
        while chunk := stream.read(COPY_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def checksum(storage: Storage, key: str) -> str:
    return storage.recorded_sha256(key) or hash_stream(storage.open(key))[0]


@dataclass
class Spooled:
    """An upload copied off the request in chunks: on disk beyond SPOOL_IN_MEMORY_BYTES, with its size, sha256 and
    first bytes (for sniffing). `file` is positioned at the start; close() it when done."""

    file: tempfile.SpooledTemporaryFile
    size: int
    sha256: str
    head: bytes

    def close(self) -> None:
        self.file.close()


def spool(stream: BinaryIO, limit: int) -> Spooled | None:
    """Copies a request's upload into a spooled temporary file; None (and nothing kept) once it passes `limit`."""
    target = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY_BYTES)
    digest, size, head = hashlib.sha256(), 0, b""
    while chunk := stream.read(64 * 1024):
        size += len(chunk)
        if size > limit:
            target.close()
            return None
        if len(head) < 2048:
            head += chunk[: 2048 - len(head)]
        digest.update(chunk)
        target.write(chunk)
    target.seek(0)
    return Spooled(file=target, size=size, sha256=digest.hexdigest(), head=head)


# ------------------------------------------------------------------------------------------------ file://


class LocalStorage:
    """Files under one directory (STORAGE_URL=file:///path; default instance/files)."""

    def __init__(self, root: str | os.PathLike, url: str = ""):
        self.root = Path(root).resolve()
        self.url = url or f"file://{self.root}"

    def _path(self, key: str) -> Path:
        return self.root / check_key(key)

    def save(self, data: bytes, *, prefix: str, extension: str) -> str:
        return self.save_stream(io.BytesIO(data), prefix=prefix, extension=extension)

    def save_stream(self, stream: BinaryIO, *, prefix: str, extension: str) -> str:
        key = new_key(prefix, extension)
        self.put(key, stream)
        return key

    def put(self, key: str, stream: BinaryIO, *, sha256: str | None = None) -> None:
        target = self._path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".upload-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                shutil.copyfileobj(stream, handle, COPY_CHUNK)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)  # atomic on one filesystem
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise

    def open(self, key: str) -> Download:
        handle = open(self._path(key), "rb")
        return Download(handle, os.fstat(handle.fileno()).st_size)

    def delete(self, key: str) -> None:
        try:
            self._path(key).unlink()
        except FileNotFoundError:
            pass

    def info(self, key: str) -> ObjectInfo | None:
        try:
            stat = self._path(key).stat()
        except FileNotFoundError:
            return None
        return ObjectInfo(key, stat.st_size, datetime.fromtimestamp(stat.st_mtime, UTC))

    def recorded_sha256(self, key: str) -> str | None:
        return None  # a local file is read back instead

    def list(self) -> Iterator[ObjectInfo]:
        if not self.root.is_dir():
            return
        for folder in sorted(p for p in self.root.iterdir() if p.is_dir()):
            for path in sorted(folder.iterdir()):
                key = f"{folder.name}/{path.name}"
                if is_key(key) and path.is_file():
                    stat = path.stat()
                    yield ObjectInfo(key, stat.st_size, datetime.fromtimestamp(stat.st_mtime, UTC))

    def probe(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot create the directory {self.root} ({error.strerror})") from None
        if not os.access(self.root, os.W_OK | os.X_OK):
            raise StorageError(f"the directory {self.root} is not writable by this user")


# ------------------------------------------------------------------------------------------------ s3://


class S3Storage:
    """Objects in one bucket under an optional prefix (STORAGE_URL=s3://BUCKET/PREFIX), through boto3.

    The client reads boto3's standard environment (credentials, region, AWS_ENDPOINT_URL_S3). A custom endpoint
    (MinIO and the like) is addressed path-style (http://host:9000/BUCKET/KEY): those servers seldom have a DNS
    name per bucket. One client serves every thread of the process (boto3 clients are thread-safe)."""

    def __init__(self, bucket: str, prefix: str = "", url: str = ""):
        import boto3
        from boto3.s3.transfer import TransferConfig
        from botocore.config import Config as BotoConfig

        self.bucket = bucket
        self.prefix = prefix.strip("/")
        self.url = url or f"s3://{bucket}/{self.prefix}"
        custom_endpoint = os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL")
        config = BotoConfig(
            signature_version="s3v4",
            connect_timeout=5,
            read_timeout=60,
            retries={"max_attempts": 3, "mode": "standard"},
            s3={"addressing_style": "path" if custom_endpoint else "auto"},
        )
        self.client = boto3.session.Session().client("s3", config=config)
        # One part in flight at a time: an upload holds at most one part in memory, and a request thread does not
        # start threads of its own.
        self.transfer = TransferConfig(
            multipart_threshold=MULTIPART_BYTES, multipart_chunksize=MULTIPART_BYTES, use_threads=False
        )

    def _name(self, key: str) -> str:
        check_key(key)
        return f"{self.prefix}/{key}" if self.prefix else key

    def _key(self, name: str) -> str | None:
        key = name[len(self.prefix) + 1 :] if self.prefix else name
        return key if (not self.prefix or name.startswith(self.prefix + "/")) and is_key(key) else None

    def save(self, data: bytes, *, prefix: str, extension: str) -> str:
        return self.save_stream(io.BytesIO(data), prefix=prefix, extension=extension)

    def save_stream(self, stream: BinaryIO, *, prefix: str, extension: str) -> str:
        key = new_key(prefix, extension)
        self.put(key, stream)
        return key

    def put(self, key: str, stream: BinaryIO, *, sha256: str | None = None) -> None:
        extra = {"Metadata": {"sha256": sha256}} if sha256 else None
        with _translated_errors():
            # A single PUT, or a multipart upload that s3transfer aborts when a part fails: never half an object.
            self.client.upload_fileobj(stream, self.bucket, self._name(key), ExtraArgs=extra, Config=self.transfer)

    def open(self, key: str) -> Download:
        with _translated_errors(missing=FileNotFoundError):
            answer = self.client.get_object(Bucket=self.bucket, Key=self._name(key))
        return Download(answer["Body"], int(answer["ContentLength"]))

    def delete(self, key: str) -> None:
        with _translated_errors():
            self.client.delete_object(Bucket=self.bucket, Key=self._name(key))

    def _head(self, key: str) -> dict | None:
        try:
            with _translated_errors(missing=FileNotFoundError):
                return self.client.head_object(Bucket=self.bucket, Key=self._name(key))
        except FileNotFoundError:
            return None

    def info(self, key: str) -> ObjectInfo | None:
        head = self._head(key)
        return None if head is None else ObjectInfo(key, int(head["ContentLength"]), head["LastModified"])

    def recorded_sha256(self, key: str) -> str | None:
        head = self._head(key)
        return None if head is None else head.get("Metadata", {}).get("sha256")

    def list(self) -> Iterator[ObjectInfo]:
        paginator = self.client.get_paginator("list_objects_v2")
        options = {"Bucket": self.bucket, **({"Prefix": self.prefix + "/"} if self.prefix else {})}
        with _translated_errors():
            for page in paginator.paginate(**options):
                for item in page.get("Contents", ()):
                    key = self._key(item["Key"])
                    if key is not None:
                        yield ObjectInfo(key, int(item["Size"]), item["LastModified"])

    def probe(self) -> None:
        from botocore.exceptions import BotoCoreError, ClientError, NoCredentialsError

        endpoint = self.client.meta.endpoint_url
        try:
            self.client.head_bucket(Bucket=self.bucket)
        except NoCredentialsError:
            raise StorageError("no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY") from None
        except ClientError as error:
            code = str(error.response.get("Error", {}).get("Code", ""))
            status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if code in ("404", "NoSuchBucket") or status == 404:
                raise StorageError(f"bucket {self.bucket!r} does not exist at {endpoint}") from None
            if code in ("403", "AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch") or status == 403:
                raise StorageError(
                    f"access to bucket {self.bucket!r} at {endpoint} refused: check AWS_ACCESS_KEY_ID and "
                    "AWS_SECRET_ACCESS_KEY"
                ) from None
            raise StorageError(f"bucket {self.bucket!r} at {endpoint} answered {code or status}") from None
        except BotoCoreError as error:
            raise StorageError(f"cannot reach {endpoint} ({type(error).__name__}): check AWS_ENDPOINT_URL_S3") from None


class _translated_errors:
    """boto3's errors as ours: a missing object as `missing` (FileNotFoundError) when asked, everything else that
    means "the store is not answering" as StorageUnavailable (503)."""

    def __init__(self, missing: type[Exception] | None = None):
        self.missing = missing

    def __enter__(self):
        return self

    def __exit__(self, kind, error, _traceback):
        if error is None:
            return False
        from botocore.exceptions import BotoCoreError, ClientError

        if isinstance(error, ClientError):
            code = str(error.response.get("Error", {}).get("Code", ""))
            if self.missing is not None and code in ("404", "NoSuchKey", "NotFound"):
                raise self.missing(code) from None
            raise StorageUnavailable() from error
        if isinstance(error, BotoCoreError):
            raise StorageUnavailable() from error
        return False


# ------------------------------------------------------------------------------------------------ the app's


def storage_from_url(url: str) -> Storage:
    parts = urlsplit(url or "")
    if parts.scheme == "file":
        path = unquote(parts.netloc + parts.path)
        if not path:
            raise StorageError("file:// names no directory")
        return LocalStorage(path, url)
    if parts.scheme == "s3":
        if not parts.netloc:
            raise StorageError("s3:// names no bucket: use s3://BUCKET/PREFIX")
        try:
            return S3Storage(parts.netloc, unquote(parts.path), url)
        except ImportError:
            raise StorageError("s3:// needs boto3 (pip install -r requirements.txt)") from None
    raise StorageError(f"scheme {parts.scheme or '(none)'!r} is unknown: use file:///DIRECTORY or s3://BUCKET/PREFIX")


def usable_storage(url: str) -> Storage:
    """The adapter for a URL, probed; StorageError (a phrase for the operator) when it cannot be used."""
    storage = storage_from_url(url)
    storage.probe()
    return storage


def install_storage(app: Flask) -> None:
    """Builds and probes the app's storage at start; refuses to start (one line naming STORAGE_URL) if unusable."""
    from ..config import refuse

    url = app.config["STORAGE_URL"]
    try:
        app.extensions[EXTENSION_KEY] = usable_storage(url)
    except StorageError as error:
        refuse(app.config, [f"STORAGE_URL={url} cannot be used: {error}"])


def get_storage() -> Storage:
    """The app's storage, built from STORAGE_URL at start and kept in app.extensions."""
    app = current_app._get_current_object()
    storage = app.extensions.get(EXTENSION_KEY)
    if storage is None:
        storage = storage_from_url(app.config["STORAGE_URL"])
        app.extensions[EXTENSION_KEY] = storage
    return storage
