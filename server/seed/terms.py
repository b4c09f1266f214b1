"""The default admission term: the current year, open all year, so a fresh install can take applications.

Idempotent: an existing term of the year is left as staff configured it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from ..extensions import db
from ..models import Term


def default_term_bounds(year: int) -> tuple[datetime, datetime]:
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def seed_terms(now: datetime | None = None) -> int:
    year = (now or datetime.now(UTC)).year
    if db.session.scalar(select(Term).where(Term.year == year)) is None:
        opens_at, closes_at = default_term_bounds(year)
        db.session.add(Term(year=year, name=f"{year}", opens_at=opens_at, closes_at=closes_at, is_active=True))
    return 1
