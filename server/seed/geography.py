"""Seeds the KATO tree (regions and districts) and the sample of educational institutions."""
from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..models import Kato
from ..services.reference_import import apply_institution_rows, apply_kato_rows
from .data.institutions import INSTITUTIONS
from .data.kato import kato_rows, region_code


def seed_kato() -> int:
    rows = kato_rows()
    apply_kato_rows(rows)  # never prunes: nodes loaded by import-kato stay
    return len(rows)


def seed_institutions() -> int:
    nodes = {node.code: node for node in db.session.scalars(select(Kato))}
    rows = []
    for ab, kato_code, name, address, kind in INSTITUTIONS:
        district = nodes[kato_code]
        rows.append({
            "name": name, "region": nodes[region_code(ab)].name_ru, "district": district.name_ru,
            "address": address, "type": kind, "kato_id": district.id,
        })
    apply_institution_rows(rows)
    return len(rows)
