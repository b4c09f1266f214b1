"""Questionnaire definitions (declarative JSON in definitions/) and the rule interpreter (design §7).

No Flask here: services call these pure functions; the client receives the same JSON and runs
client/src/forms-engine/engine.js. Both interpreters pass forms/rule_vectors/*.json.

    from server.forms import steps_for, validate_step, prepare, first_missing_required
    steps = steps_for("home", ctx)                          # form keys in order
    data = prepare("fillStepEducationBachelors", raw, ctx)    # trimmed, normalised, derived values set
    errors = validate_step("fillStepEducationBachelors", data, ctx, mode="submit")
"""

from __future__ import annotations

from .context import PROGRAM_FLAGS, build_ctx
from .engine import (
    ACCEPT,
    accept_for,
    definitions,
    document_fields,
    evaluate,
    field_options,
    first_missing_required,
    get_step,
    is_empty,
    prepare,
    resolve_step,
    set_value,
    steps_for,
    trim,
    validate_step,
    variants,
    visible_fields,
)
from .labels import label, labels
from .masks import apply_mask, iin_check_digit, iin_valid, mask_valid

# The main-info step's form keys: foreigners fill the first, citizens the second (the credit bureau prefills it).
MAIN_INFO_FOREIGN = "fillStepMainInfo"
MAIN_INFO_LOCAL = "fillStepMainInfoLocal"
MAIN_INFO_FORMS = (MAIN_INFO_FOREIGN, MAIN_INFO_LOCAL)

__all__ = [
    "MAIN_INFO_FOREIGN",
    "MAIN_INFO_FORMS",
    "MAIN_INFO_LOCAL",
    "ACCEPT",
    "PROGRAM_FLAGS",
    "accept_for",
    "apply_mask",
    "build_ctx",
    "definitions",
    "document_fields",
    "evaluate",
    "field_options",
    "first_missing_required",
    "get_step",
    "iin_check_digit",
    "iin_valid",
    "is_empty",
    "label",
    "labels",
    "mask_valid",
    "prepare",
    "resolve_step",
    "set_value",
    "steps_for",
    "trim",
    "validate_step",
    "variants",
    "visible_fields",
]
