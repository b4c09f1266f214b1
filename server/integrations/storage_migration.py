"""`flask storage migrate --to URL` (issue 25; decision 0082): copies every object of the app's storage to another
store under the same key, verified by checksum, resumable.

For each object of the source: its sha256 is computed from the source; an object the target already holds with
that checksum (kept with the object by put(), or read back from a local file) is skipped; anything else is
written with the checksum recorded, then read back from the target and hashed. A mismatch deletes the copy and
counts as failed. Progress is derived from the target, so a run stopped half-way (Ctrl-C, a lost connection)
is resumed by running the same command again. Nothing in the source is changed or removed: switch STORAGE_URL
to the target when a run reports no failures, then retire the old store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .storage import Storage, StorageError, hash_stream


@dataclass
class MigrationReport:
    total: int = 0
    copied: int = 0
    skipped: int = 0  # already in the target, checksum verified
    failed: list[str] = field(default_factory=list)
    bytes_copied: int = 0

    def line(self) -> str:
        return (
            f"objects: {self.total}, copied: {self.copied}, already there: {self.skipped}, "
            f"failed: {len(self.failed)}, bytes copied: {self.bytes_copied}"
        )


def migrate(source: Storage, target: Storage, progress: Callable[[str, str], None] | None = None) -> MigrationReport:
    """Copies every object of `source` to `target`; progress(key, outcome) after each."""
    report = MigrationReport()
    for item in source.list():
        report.total += 1
        outcome = _copy_one(source, target, item.key, report)
        if progress is not None:
            progress(item.key, outcome)
    return report


def _copy_one(source: Storage, target: Storage, key: str, report: MigrationReport) -> str:
    try:
        wanted, size = hash_stream(source.open(key))
        there = target.info(key)
        if there is not None and there.size == size:
            have = target.recorded_sha256(key) or hash_stream(target.open(key))[0]
            if have == wanted:
                report.skipped += 1
                return "skipped"
        with source.open(key) as stream:
            target.put(key, stream, sha256=wanted)
        copied, copied_size = hash_stream(target.open(key))  # read back: the target holds what the source did
        if (copied, copied_size) != (wanted, size):
            target.delete(key)
            report.failed.append(key)
            return "checksum mismatch"
    except (OSError, StorageError, Exception) as error:  # noqa: BLE001 - one object's failure never ends the run
        report.failed.append(key)
        return f"failed ({type(error).__name__})"
    report.copied += 1
    report.bytes_copied += size
    return "copied"
