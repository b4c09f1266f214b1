"""Institution picker queries (issue 10). A DAO never commits."""

from __future__ import annotations

from sqlalchemy import func, or_, select

from ..database import contains_ignoring_case
from ..extensions import db
from ..models.reference import EducationalInstitution

# Where a word of the query may appear: the name, the region, the city/district and the address.
SEARCHED = ("name", "region", "district", "address")


def search(words: list[str], page: int, size: int) -> tuple[list[EducationalInstitution], int]:
    """Institutions where every word appears (case-insensitive, any script) in one of the SEARCHED columns,
    ordered by region and name; one page and the total."""
    conditions = []
    for word in words:
        # ILIKE on PostgreSQL: each searched column's trigram index serves it (models/reference.py).
        columns = (getattr(EducationalInstitution, name) for name in SEARCHED)
        conditions.append(or_(*(contains_ignoring_case(column, word) for column in columns)))
    base = select(EducationalInstitution).where(*conditions)
    total = db.session.scalar(select(func.count()).select_from(base.subquery()))
    rows = db.session.scalars(
        base.order_by(EducationalInstitution.region, EducationalInstitution.name, EducationalInstitution.id)
        .offset((page - 1) * size)
        .limit(size)
    ).all()
    return list(rows), int(total or 0)
