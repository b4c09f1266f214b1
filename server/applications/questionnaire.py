"""The questionnaire as the application's read model: which variant and steps an application has, the rule
context (answers and option lists), and whether the stored answers of a kind of step are complete.

Use cases (operations.py, answers.py) and the state machine's completeness guards both read it; it writes nothing
and imports no use case, so the state machine can build on it (decision 0076).
"""

from __future__ import annotations

import copy
from functools import cache

from .. import forms
from ..errors import Refused
from ..forms import engine
from ..models import Application, User, UserData
from ..populations import POPULATION_KZ, population_of
from ..reference import option_lists
from . import dao

VARIANT_FOREIGN = "foreign"


VARIANT_HOME = "home"


# StudyProgram.kind → the §3 study-program info flag that is true for it (shared with the rule engine).
PROGRAM_FLAGS = forms.PROGRAM_FLAGS


STEP_TYPE_FILL = "fill"


STEP_TYPE_DOCUMENTS = "documents"


STEP_TYPE_STEPPER = "stepper"


STEP_TYPE_ALIASES = {
    "fill": STEP_TYPE_FILL,
    "form": STEP_TYPE_FILL,
    "documents": STEP_TYPE_DOCUMENTS,
    "files": STEP_TYPE_DOCUMENTS,
    "documents_upload": STEP_TYPE_DOCUMENTS,
    "stepper": STEP_TYPE_STEPPER,
    "choose_educational_program": STEP_TYPE_STEPPER,
}


def variant_for(owner: User) -> str:
    population = population_of(owner)
    if population is None:
        raise Refused("applications.citizenship_required")
    return VARIANT_HOME if population == POPULATION_KZ else VARIANT_FOREIGN


def step_type_of(definition: dict) -> str:
    explicit = definition.get("step_type") or definition.get("type")
    if explicit in STEP_TYPE_ALIASES:
        return STEP_TYPE_ALIASES[explicit]
    return STEP_TYPE_DOCUMENTS if "document_fields" in definition else STEP_TYPE_FILL


def _option_types(definitions: list[dict]) -> set[str]:
    """Every SelectOption type a step's fields, conditions or document lists may consult."""
    types: set[str] = set()

    def visit(node, step_key):
        if isinstance(node, dict):
            if isinstance(node.get("options"), str):
                types.add(node["options"])
            if "key" in node and isinstance(node["key"], str):
                types.add(f"{step_key}_{node['key']}")
            if "step" in node and "field" in node and isinstance(node["step"], str):
                types.add(f"{node['step']}_{node['field']}")
            if isinstance(node.get("steps"), list) and isinstance(node.get("field"), str):
                types.update(f"{s}_{node['field']}" for s in node["steps"] if isinstance(s, str))
            for value in node.values():
                visit(value, step_key)
        elif isinstance(node, list):
            for value in node:
                visit(value, step_key)

    for definition in definitions:
        visit(definition, definition.get("key"))
    return types


def load_options(types: set[str]) -> dict[str, list[dict]]:
    """The select options of these types, as the rule engine expects them (read-only; cached per process)."""
    # Only types that have rows are present: a list nobody has seeded yet is not checked (rather than refusing
    # every value).
    return option_lists.option_lists(types)


def options_for_steps(definitions: list[dict]) -> dict[str, list[dict]]:
    """Every select option the given step definitions may show or consult, by type (one query)."""
    return load_options(_option_types(definitions))


def base_context(application: Application) -> dict:
    program = application.study_program
    kind = program.kind if program.kind in PROGRAM_FLAGS else None
    return forms.build_ctx(
        kind,
        study_program_id=program.id,
        financing=application.financing,
        is_kazakhstan_citizen=population_of(application.user) == POPULATION_KZ,
    )


def all_step_definitions(variant: str) -> list[dict]:
    """Every step a variant may show (conditions ignored), for collecting option types."""
    keys = [entry["step"] for entry in engine.variants()[variant]]
    return [engine.get_step(key) for key in dict.fromkeys(keys)]


@cache
def variant_option_types(variant: str) -> frozenset[str]:
    """Every option type a variant's steps may consult (the definitions are read once per process)."""
    return frozenset(_option_types(all_step_definitions(variant)))


def questionnaire_context(application: Application, answers: dict[str, dict]) -> tuple[str, dict, list[str]]:
    """(variant, ctx with answers and options, form keys of the variant for this application)."""
    variant = variant_for(application.user)
    ctx = base_context(application)
    ctx["answers"] = answers
    ctx["options"] = load_options(variant_option_types(variant))
    return variant, ctx, engine.steps_for(variant, ctx)


def step_types(application: Application, ctx: dict) -> dict[str, str]:
    """form key → 'fill' | 'documents' | 'stepper' for every step this application may write."""
    variant = variant_for(application.user)
    out = {}
    for key in forms.steps_for(variant, ctx):
        out[key] = step_type_of(forms.get_step(key))
    if variant == VARIANT_HOME:
        for key in forms.steps_for("stepper", ctx):
            out.setdefault(key, STEP_TYPE_STEPPER)
    return out


def stored_questionnaire(application: Application) -> tuple[dict[str, UserData], str, dict]:
    """(saved items by form key, variant, rule context holding a copy of the saved answers)."""
    items = {item.type: item for item in dao.user_data_of(application.id)}
    answers = {key: copy.deepcopy(item.data or {}) for key, item in items.items()}
    variant, ctx, _ = questionnaire_context(application, answers)
    return items, variant, ctx


def validate_all(application: Application, ctx: dict, step_type: str = STEP_TYPE_FILL) -> list[tuple[str, dict]]:
    """Submit-mode errors of every step of this type, in step order (ctx['answers'] holds the saved answers)."""
    errors = []
    for key, kind in step_types(application, ctx).items():
        if kind != step_type:
            continue
        data = ctx["answers"].get(key, {})
        errors += [(key, err) for err in forms.validate_step(key, data, ctx, mode="submit")]
    return errors


def questionnaire_errors(application: Application, step_type: str = STEP_TYPE_FILL) -> list[tuple[str, dict]]:
    """Submit-mode errors of the stored answers of every step of this type (the workflow's completeness guards)."""
    _, _, ctx = stored_questionnaire(application)
    return validate_all(application, ctx, step_type)
