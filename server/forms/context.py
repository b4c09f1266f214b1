"""Builds the rule context (ctx) from plain values; callers pass model attributes, not models.

What ctx holds is defined once, as data, in forms/context.json (read by the client's engine too): the study-program
flags per program kind, the degree each kind implies, and the names of the other keys. Its `examples` are run
through both builders, so the two contexts cannot drift.
"""

from __future__ import annotations

import json

from .paths import SHARED_FORMS_DIR

RULE_CONTEXT: dict = json.loads((SHARED_FORMS_DIR / "context.json").read_text(encoding="utf-8"))

# StudyProgram.kind -> the §3 study-program info flag that is true for it.
PROGRAM_FLAGS: dict[str, str] = {kind: spec["flag"] for kind, spec in RULE_CONTEXT["program_kinds"].items()}
# StudyProgram.kind -> the degree it implies (bachelor, master, doctoral).
DEGREE_OF_KIND: dict[str, str] = {kind: spec["degree"] for kind, spec in RULE_CONTEXT["program_kinds"].items()}
KEYS: dict[str, str] = RULE_CONTEXT["keys"]
# Every name a {"ctx": name} condition may test (answers and options are read by other rules).
CONDITION_NAMES: frozenset[str] = frozenset(PROGRAM_FLAGS.values()) | {
    name for key, name in KEYS.items() if key not in ("answers", "options")
}


def build_ctx(
    program_kind: str | None = None,
    *,
    study_program_id: int | None = None,
    financing: str | None = None,
    is_kazakhstan_citizen: bool = False,
    answers: dict | None = None,
    options: dict | None = None,
) -> dict:
    """ctx for the engine: every program flag (exactly one true), financing, citizenship, other steps' answers
    ({formKey: data}) and select options ({optionType: [SelectOption as dict]})."""
    if program_kind is not None and program_kind not in PROGRAM_FLAGS:
        raise ValueError(f"unknown program kind {program_kind!r}")
    ctx: dict = {flag: kind == program_kind for kind, flag in PROGRAM_FLAGS.items()}
    ctx.update(
        {
            KEYS["study_program_id"]: study_program_id,
            KEYS["degree"]: DEGREE_OF_KIND.get(program_kind),
            KEYS["financing"]: financing,
            KEYS["kazakhstan_citizen"]: bool(is_kazakhstan_citizen),
            KEYS["answers"]: answers or {},
            KEYS["options"]: options or {},
        }
    )
    return ctx
