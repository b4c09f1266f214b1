"""Idempotent reference-data seeds. Each seeder upserts by a stable natural key and returns its row count.

Run by `make start` (flask --app server seed). Re-running changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable

from ..extensions import db
from .reference import seed_citizenships, seed_genders, seed_study_programs

SEEDERS: list[tuple[str, Callable[[], int]]] = [
    ("citizenships", seed_citizenships),
    ("genders", seed_genders),
    ("study_programs", seed_study_programs),
]


def run_all() -> dict[str, int]:
    counts = {}
    for name, seeder in SEEDERS:
        counts[name] = seeder()
    db.session.commit()
    return counts
