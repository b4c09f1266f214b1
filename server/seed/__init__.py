"""Idempotent reference-data seeds. Each seeder upserts by a stable natural key and returns its row count.

Run by `make start` (flask --app server seed). Re-running changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable

from ..extensions import db
from .geography import seed_institutions, seed_kato
from .reference import seed_citizenships, seed_genders, seed_study_programs
from .select_options import seed_select_options

SEEDERS: list[tuple[str, Callable[[], int]]] = [
    ("citizenships", seed_citizenships),
    ("genders", seed_genders),
    ("study_programs", seed_study_programs),
    ("select_options", seed_select_options),  # after study_programs: options refer to their ids
    ("kato", seed_kato),
    ("educational_institutions", seed_institutions),  # after kato
]

from .terms import seed_terms  # noqa: E402

SEEDERS.append(("terms", seed_terms))


def run_all() -> dict[str, int]:
    counts = {}
    for name, seeder in SEEDERS:
        counts[name] = seeder()
    db.session.commit()
    return counts
