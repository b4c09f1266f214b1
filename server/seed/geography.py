"""Seeds the KATO tree (regions and districts) and the sample of educational institutions."""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..models import EducationalInstitution, Kato
from ..reference.imports import apply_institution_rows, apply_kato_rows
from .data.institutions import INSTITUTIONS
from .data.kato import kato_rows, region_code
from .marks import SeedMarks, natural_key


def seed_kato() -> int:
    """Insert-only (decision 0010): names of existing nodes (seeded, imported or edited) are kept, and a node an
    admin deleted is not re-created. The tree (parent, level) is still derived from the codes."""
    rows = kato_rows()
    marks = SeedMarks("kato")
    existing = set(db.session.scalars(select(Kato.code)))
    wanted = [
        row
        for row in rows
        if marks.should_insert(natural_key(row["code"]), row["code"] in existing) or row["code"] in existing
    ]
    apply_kato_rows(wanted, update_existing=False)  # never prunes: nodes loaded by import-kato stay
    return len(rows)


def seed_institutions() -> int:
    nodes = {node.code: node for node in db.session.scalars(select(Kato))}
    existing = set(db.session.execute(select(EducationalInstitution.name, EducationalInstitution.region)).all())
    marks = SeedMarks("educational_institutions")
    rows = []
    for ab, kato_code, name, address, kind in INSTITUTIONS:
        district, region = nodes.get(kato_code), nodes.get(region_code(ab))
        if district is None or region is None:
            continue  # an admin deleted the node: the sample institution is not seeded there
        if not marks.should_insert(natural_key(ab, name), (name, region.name_ru) in existing):
            continue
        rows.append(
            {
                "name": name,
                "region": region.name_ru,
                "district": district.name_ru,
                "address": address,
                "type": kind,
                "kato_id": district.id,
            }
        )
    apply_institution_rows(rows)
    return len(INSTITUTIONS)
