"""Idempotent, insert-only reference-data seeds; each seeder returns its row count.

Run by `make start` (flask --app server seed) on every start. A seed inserts a row the first time its natural key is
seen (recorded in seed_marks, see server/seed/marks.py) and never updates it afterwards, so admin edits survive and
rows an admin deleted stay deleted (decision 0010). Re-running changes nothing.
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


from .chat_knowledge import seed_chat_knowledge  # noqa: E402

SEEDERS.append(("chat_knowledge", seed_chat_knowledge))
