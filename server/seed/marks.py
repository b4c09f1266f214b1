"""Insert-once bookkeeping for the seeds (decision 0010).

A seed row is identified by (kind, natural key). The first time a seed sees a key it inserts the row (unless it is
already there) and records the key in seed_marks. Afterwards the row belongs to the admins: re-running the seed
never updates it, and if it is gone (an admin deleted it, or renamed its key) the seed does not re-create it.
"""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..models import SeedMark

KEY_SEPARATOR = "|"


def natural_key(*parts) -> str:
    return KEY_SEPARATOR.join(str(part) for part in parts)[:255]


class SeedMarks:
    def __init__(self, kind: str):
        self.kind = kind
        self.seen = set(db.session.scalars(select(SeedMark.natural_key).where(SeedMark.kind == kind)))

    def mark(self, key: str) -> None:
        if key not in self.seen:
            self.seen.add(key)
            db.session.add(SeedMark(kind=self.kind, natural_key=key))

    def should_insert(self, key: str, exists: bool) -> bool:
        """True when the row is missing and the seed never inserted it; marks the key either way."""
        first_time = key not in self.seen
        self.mark(key)
        return first_time and not exists
