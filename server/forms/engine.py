"""Interpreter of the questionnaire rule language (docs/decisions/0020-questionnaire-rule-language.md).

Pure functions over JSON data: no Flask, no database. The JavaScript twin is client/src/forms-engine/engine.js;
both are run against forms/rule_vectors/*.json, so a change here needs the same change there.

Vocabulary
  step  a step definition (dict) or a form key (str, loaded from forms/definitions/)
  data  the step's field map as saved in UserData.data
  ctx   {isRegularBachelors, ..., financing, isKazakhstanCitizen, studyProgramId, degree,
         answers: {formKey: data of other steps}, options: {optionType: [SelectOption dicts]}}
  path  "field", "group.0.field" (repeatable group row) or "group.<optionId>.field" (option groups)
"""

from __future__ import annotations

import copy
import json
import re
from datetime import date
from functools import cache

from .masks import NORMALISED_MASKS, apply_mask, iin_valid, mask_valid
from .paths import SHARED_FORMS_DIR

DEFINITIONS_DIR = SHARED_FORMS_DIR / "definitions"
VARIANTS_FILE = "_variants.json"

TEXT_TYPES = {"text", "textarea", "email", "phone", "iin", "kato"}
DEFAULT_MAX_LENGTH = {"text": 255, "textarea": 2000, "email": 255, "kato": 500}
ACCEPT = {
    "pdf": {"types": ["application/pdf"], "extensions": [".pdf"]},
    "image": {"types": ["image/webp", "image/jpeg", "image/png"], "extensions": [".webp", ".jpeg", ".jpg", ".png"]},
}
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_YEAR_RE = re.compile(r"^\d{4}$")
_EMAIL_RE = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")
_MISSING = object()


# ---------------------------------------------------------------------------------------------- definitions


@cache
def _load_all() -> dict[str, dict]:
    steps = {}
    for path in sorted(DEFINITIONS_DIR.glob("*.json")):
        if path.name.startswith("_"):
            continue
        definition = json.loads(path.read_text(encoding="utf-8"))
        steps[definition["key"]] = definition
    return steps


@cache
def _load_variants() -> dict[str, list]:
    return json.loads((DEFINITIONS_DIR / VARIANTS_FILE).read_text(encoding="utf-8"))


def definitions() -> dict[str, dict]:
    """Every step definition by form key (deep copies: callers may not mutate the cache)."""
    return copy.deepcopy(_load_all())


def variants() -> dict[str, list]:
    return copy.deepcopy(_load_variants())


def get_step(step) -> dict:
    if isinstance(step, dict):
        return step
    try:
        return _load_all()[step]
    except KeyError:
        raise KeyError(f"unknown form key {step!r}") from None


def steps_for(variant: str, ctx: dict | None = None) -> list[str]:
    """Form keys of a questionnaire variant ('foreign' or 'home') in order, for this study program."""
    ctx = ctx or {}
    entries = _load_variants()[variant]
    return [e["step"] for e in entries if e.get("if") is None or _cond(e["if"], _Scope({}, [], None), ctx)]


# ------------------------------------------------------------------------------------------------- helpers


def is_empty(value) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _has_value(value) -> bool:
    return not is_empty(value)


def _is_int(value) -> bool:
    """Integers as JavaScript sees them (Number.isInteger): 3 and 3.0 alike, never booleans."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _option_type(step_key: str, field: dict) -> str:
    return field.get("options") or f"{step_key}_{field['key']}"


def _option_attr(option: dict, attr: str):
    if attr in option:
        return option[attr]
    return (option.get("additional_data") or {}).get(attr, _MISSING)


def _find_option(ctx: dict, option_type: str, option_id):
    for option in (ctx.get("options") or {}).get(option_type) or []:
        if _eq(option.get("id"), option_id):
            return option
    return None


def _option_by_code(ctx: dict, option_type: str, code):
    for option in (ctx.get("options") or {}).get(option_type) or []:
        if _option_attr(option, "code") == code:
            return option
    return None


class _Scope:
    """Where a {"field": ...} reference is looked up: the current row first, then the step's top level."""

    def __init__(
        self,
        root: dict,
        root_fields: list,
        step_key: str | None,
        row: dict | None = None,
        row_fields: list | None = None,
        row_option=None,
        row_option_type: str | None = None,
    ):
        self.root, self.root_fields, self.step_key = root, root_fields, step_key
        self.row, self.row_fields = row, row_fields or []
        self.row_option, self.row_option_type = row_option, row_option_type

    def lookup(self, key: str):
        """(value, field definition or None)."""
        if key == "$option":
            return self.row_option, {"key": "$option", "options": self.row_option_type}
        if self.row is not None:
            for f in self.row_fields:
                if f["key"] == key:
                    return self.row.get(key), f
            if key in self.row:
                return self.row[key], None
        for f in self.root_fields:
            if f["key"] == key:
                return self.root.get(key), f
        return self.root.get(key), None


# ---------------------------------------------------------------------------------------------- conditions


def _eq(a, b) -> bool:
    """Strict equality as JavaScript's ===: booleans never equal numbers, strings never equal numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return a is None and b is None


def _compare(cond: dict, value) -> bool:
    """Applies the condition's operator to a looked-up value (_MISSING when absent or null)."""
    missing = value is _MISSING
    if "eq" in cond:
        return not missing and _eq(value, cond["eq"])
    if "ne" in cond:
        return missing or not _eq(value, cond["ne"])
    if "in" in cond:
        return not missing and any(_eq(value, item) for item in cond["in"])
    if "not_in" in cond:
        return missing or not any(_eq(value, item) for item in cond["not_in"])
    if "filled" in cond:
        return (not missing and _has_value(value)) == bool(cond["filled"])
    # no operator: truthy (filled and not false/0)
    return not missing and _has_value(value) and value is not False and value != 0


def _cond(cond, scope: _Scope, ctx: dict) -> bool:
    if cond is True or cond is False:
        return cond
    if cond is None:
        return True
    if "all" in cond:
        return all(_cond(c, scope, ctx) for c in cond["all"])
    if "any" in cond:
        return any(_cond(c, scope, ctx) for c in cond["any"])
    if "not" in cond:
        return not _cond(cond["not"], scope, ctx)
    if "ctx" in cond:
        value = ctx.get(cond["ctx"])
        return _compare(cond, _MISSING if value is None else value)
    if "field" in cond:
        if "step" in cond:
            value = ((ctx.get("answers") or {}).get(cond["step"]) or {}).get(cond["field"])
            field_def = None
            option_type = cond.get("options") or f"{cond['step']}_{cond['field']}"
        else:
            value, field_def = scope.lookup(cond["field"])
            option_type = cond.get("options") or (
                field_def.get("options")
                if field_def and field_def.get("options")
                else f"{scope.step_key}_{cond['field']}"
            )
        if "option" in cond:
            option = _find_option(ctx, option_type, value) if value is not None else None
            value = _MISSING if option is None else _option_attr(option, cond["option"])
        elif value is None:
            value = _MISSING
        return _compare(cond, value)
    raise ValueError(f"unknown condition {cond!r}")


def evaluate(cond, data: dict | None = None, ctx: dict | None = None, step=None) -> bool:
    """Evaluates a condition against a step's data (public for tests and services)."""
    definition = get_step(step) if step is not None else {"key": None, "fields": []}
    return _cond(cond, _Scope(data or {}, definition.get("fields", []), definition.get("key")), ctx or {})


def _value(expr, scope: _Scope, ctx: dict):
    if isinstance(expr, dict) and "if" in expr:
        return _value(expr["then"] if _cond(expr["if"], scope, ctx) else expr.get("else"), scope, ctx)
    return expr


# ------------------------------------------------------------------------------------------ dynamic steps


def resolve_step(step, ctx: dict | None = None) -> dict:
    """The step with its context-dependent parts made concrete (self-upload document fields)."""
    definition = get_step(step)
    if "document_fields" not in definition:
        return definition
    resolved = {k: v for k, v in definition.items() if k != "document_fields"}
    resolved["fields"] = [
        {
            "key": d["field"],
            "type": "file",
            "accept": "pdf",
            "label": d["label"],
            "required": not d["optional"],
            **({"label_params": d["label_params"]} if d.get("label_params") else {}),
        }
        for d in document_fields(definition, ctx)
    ] + list(definition.get("fields", []))
    return resolved


def document_fields(step, ctx: dict | None = None) -> list[dict]:
    """all_document_fields of a self-upload step: [{field, label, optional, label_params?}] for this applicant."""
    ctx = ctx or {}
    definition = get_step(step)
    out: list[dict] = []
    empty = _Scope({}, [], definition.get("key"))
    for entry in definition.get("document_fields", []):
        if "for_each" not in entry:
            if not _cond(entry.get("visible_if"), empty, ctx):
                continue
            optional = bool(entry.get("optional")) or (
                "optional_if" in entry and _cond(entry["optional_if"], empty, ctx)
            )
            out.append({"field": entry["field"], "label": entry["label"], "optional": optional})
            continue
        spec = entry["for_each"]
        answers = ctx.get("answers") or {}
        source_step = next(
            (s for s in spec["steps"] if isinstance(answers.get(s), dict) and spec["field"] in answers[s]), None
        )
        if source_step is None:
            continue
        source = answers[source_step][spec["field"]]
        if spec.get("each") == "option":
            option_type = spec.get("options") or f"{source_step}_{spec['field']}"
            for option_id in source if isinstance(source, list) else []:
                option = _find_option(ctx, option_type, option_id)
                if (
                    option is not None
                    and spec.get("skip_code") is not None
                    and _option_attr(option, "code") == spec["skip_code"]
                ):
                    continue
                docs = _option_attr(option, "documents") if option is not None and entry.get("documents") else None
                if isinstance(docs, list) and docs:
                    # one upload per supporting document the option lists (additional_data.documents)
                    for doc in docs:
                        if not isinstance(doc, dict) or not isinstance(doc.get("code"), str):
                            continue
                        out.append(
                            {
                                "field": entry["documents"].format(id=option_id, code=doc["code"]),
                                "label": entry["label"],
                                "optional": bool(doc.get("optional")),
                                "label_params": {
                                    "option_id": option_id,
                                    "document": doc["code"],
                                    **{
                                        k: doc[k]
                                        for k in ("name_ru", "name_kk", "name_en")
                                        if isinstance(doc.get(k), str)
                                    },
                                },
                            }
                        )
                    continue
                out.append(
                    {
                        "field": entry["field"].format(id=option_id),
                        "label": entry["label"],
                        "optional": bool(entry.get("optional")),
                        "label_params": {"option_id": option_id},
                    }
                )
        else:
            rows = source if isinstance(source, list) else []
            for index, row in enumerate(rows):
                row = row if isinstance(row, dict) else {}
                scope = _Scope({}, [], source_step, row, [])
                if "if" in spec and not _cond(spec["if"], scope, ctx):
                    continue
                params = {"n": index + 1}
                # the row's chosen option names the slot ("Medical certificate (form 075/у)"), decision 0083
                if spec.get("label_option") and _is_int(row.get(spec["label_option"])):
                    params["option_id"] = int(row[spec["label_option"]])
                out.append(
                    {
                        "field": entry["field"].format(index=index),
                        "label": entry["label"],
                        "optional": bool(entry.get("optional")),
                        "label_params": params,
                    }
                )
    return out


# ------------------------------------------------------------------------------------------------ options


def field_options(
    step, field_key: str, data: dict | None = None, ctx: dict | None = None, row: dict | None = None
) -> list[dict] | None:
    """The options of a select field after its filters; None when ctx carries no options of its type."""
    ctx = ctx or {}
    definition = resolve_step(step, ctx)
    field, row_fields = _find_field(definition["fields"], field_key)
    if field is None:
        raise KeyError(field_key)
    scope = _Scope(data or {}, definition["fields"], definition["key"], row, row_fields)
    return _filtered_options(definition["key"], field, scope, ctx)


def _find_field(fields: list, key: str):
    for f in fields:
        if f["key"] == key:
            return f, None
        for sub in f.get("fields", []):
            if sub["key"] == key:
                return sub, f.get("fields", [])
    return None, None


def _filtered_options(step_key: str, field: dict, scope: _Scope, ctx: dict):
    options = (ctx.get("options") or {}).get(_option_type(step_key, field))
    if options is None:
        return None
    flt = field.get("filter") or {}
    out = []
    program = ctx.get("studyProgramId")
    for option in options:
        extra = option.get("additional_data") or {}
        if flt.get("exclude_disabled") and extra.get("disabled"):
            continue
        if "parent_field" in flt:
            parent, _ = scope.lookup(flt["parent_field"])
            if parent is None or not _eq(extra.get("parent_id"), parent):
                continue
        if "same_attr" in flt:
            # e.g. programs whose additional_data.degree equals the degree of the option chosen in field "degree"
            spec = flt["same_attr"]
            chosen_id, chosen_def = scope.lookup(spec["field"])
            chosen = None
            if chosen_id is not None:
                chosen_type = _option_type(step_key, chosen_def) if chosen_def else f"{step_key}_{spec['field']}"
                chosen = _find_option(ctx, chosen_type, chosen_id)
            wanted = _MISSING if chosen is None else _option_attr(chosen, spec["attr"])
            if wanted is _MISSING or not _eq(_option_attr(option, spec["attr"]), wanted):
                continue
        if "ctx_attr" in flt:
            # e.g. degrees whose additional_data.degree equals the study program's degree (ctx.degree); unknown: all
            spec = flt["ctx_attr"]
            wanted = ctx.get(spec["ctx"])
            if wanted is not None and not _eq(_option_attr(option, spec["attr"]), wanted):
                continue
        if flt.get("study_program"):
            own = extra.get("study_program_id")
            many = extra.get("study_programs")
            if own is not None or many:
                if program is None or not (own == program or (isinstance(many, list) and program in many)):
                    continue
            hide = extra.get("study_programs_to_hide_in")
            if isinstance(hide, list) and program in hide:
                continue
        out.append(option)
    return out


# ----------------------------------------------------------------------------------------------- visibility


def _visible(field: dict, scope: _Scope, ctx: dict) -> bool:
    return "visible_if" not in field or _cond(field["visible_if"], scope, ctx)


def _required(field: dict, scope: _Scope, ctx: dict) -> bool:
    if field.get("required") is True:
        base = True
    elif "required_if" in field:
        base = _cond(field["required_if"], scope, ctx)
    else:
        base = False
    if base and "required_unless" in field:
        base = not _cond(field["required_unless"], scope, ctx)
    return base


def _rows(field: dict, value, scope: _Scope, ctx: dict, step_key: str):
    """(path segment, row dict, row option id) for every row of a group or option group."""
    if field["type"] == "group":
        rows = value if isinstance(value, list) else []
        return [(str(i), row if isinstance(row, dict) else {}, None) for i, row in enumerate(rows)]
    source_value, source_def = scope.lookup(field["source"])
    ids = source_value if isinstance(source_value, list) else []
    option_type = _option_type(step_key, source_def) if source_def else f"{step_key}_{field['source']}"
    exclusive = source_def.get("exclusive_code") if source_def else None
    value = value if isinstance(value, dict) else {}
    out = []
    for option_id in ids:
        if exclusive is not None:
            option = _find_option(ctx, option_type, option_id)
            if option is not None and _option_attr(option, "code") == exclusive:
                continue
        row = value.get(str(option_id))
        out.append((str(option_id), row if isinstance(row, dict) else {}, option_id))
    return out


def _row_scope(scope: _Scope, field: dict, row: dict, option_id, step_key: str) -> _Scope:
    option_type = None
    if field["type"] == "option_groups":
        _, source_def = scope.lookup(field["source"])
        option_type = _option_type(step_key, source_def) if source_def else f"{step_key}_{field['source']}"
    return _Scope(scope.root, scope.root_fields, step_key, row, field.get("fields", []), option_id, option_type)


def _walk(definition: dict, data: dict, ctx: dict, include_hidden: bool = False):
    """Yields (path, field, value, scope) for every visible field (or every field), rows included, in order."""
    step_key = definition["key"]
    root = _Scope(data, definition["fields"], step_key)
    for field in definition["fields"]:
        if not include_hidden and not _visible(field, root, ctx):
            continue
        value = data.get(field["key"])
        yield field["key"], field, value, root
        if field["type"] in ("group", "option_groups"):
            for segment, row, option_id in _rows(field, value, root, ctx, step_key):
                scope = _row_scope(root, field, row, option_id, step_key)
                for sub in field.get("fields", []):
                    if include_hidden or _visible(sub, scope, ctx):
                        yield f"{field['key']}.{segment}.{sub['key']}", sub, row.get(sub["key"]), scope


def visible_fields(step, data: dict | None = None, ctx: dict | None = None) -> list[str]:
    """Paths of the fields shown for these answers (hidden ones are skipped by validation)."""
    ctx = ctx or {}
    definition = resolve_step(step, ctx)
    return [path for path, *_ in _walk(definition, data or {}, ctx)]


# ---------------------------------------------------------------------------------------------- preparation


def trim(value):
    """Spaces trimmed from every text value, at any depth (req §5)."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list):
        return [trim(v) for v in value]
    if isinstance(value, dict):
        return {k: trim(v) for k, v in value.items()}
    return value


def prepare(step, data: dict | None = None, ctx: dict | None = None) -> dict:
    """What is saved: trimmed text, exclusive options and one-of-group flags normalised, derived values set."""
    ctx = ctx or {}
    definition = resolve_step(step, ctx)
    out = trim(copy.deepcopy(data or {}))
    if not isinstance(out, dict):
        return out
    _normalise(definition, definition["fields"], out, _Scope(out, definition["fields"], definition["key"]), ctx)
    return out


def normalising_mask(field: dict) -> str | None:
    """The one normalisation rule of a masked text field (phone, IIN, UNT certificate number), or None."""
    if field.get("type") not in TEXT_TYPES:
        return None
    mask = field.get("mask") or {"phone": "phone_kz", "iin": "iin"}.get(field["type"])
    return mask if mask in NORMALISED_MASKS else None


def _normalise(definition: dict, fields: list, target: dict, scope: _Scope, ctx: dict):
    step_key = definition["key"]
    for field in fields:
        key = field["key"]
        value = target.get(key)
        mask = normalising_mask(field)
        if mask and isinstance(value, str) and value:
            # the stored value is what the input shows; text without a single digit stays as sent (a format error)
            value = target[key] = apply_mask(mask, value) or value
        if field["type"] == "multiselect" and field.get("exclusive_code") is not None and isinstance(value, list):
            target[key] = _exclusive(value, _exclusive_ids(step_key, field, ctx))
        if field["type"] == "group" and isinstance(value, list):
            for sub in field.get("fields", []):
                if sub.get("one_of_group"):
                    seen = False
                    for row in value:
                        if isinstance(row, dict) and row.get(sub["key"]) is True:
                            if seen:
                                row[sub["key"]] = False
                            seen = True
            for row in value:
                if isinstance(row, dict):
                    _normalise(
                        definition,
                        field.get("fields", []),
                        row,
                        _Scope(scope.root, scope.root_fields, step_key, row, field.get("fields", [])),
                        ctx,
                    )
        if "derive" in field:
            for case in field["derive"]:
                if _cond(case.get("if"), scope, ctx):
                    if "option_code" in case:
                        option = _option_by_code(ctx, _option_type(step_key, field), case["option_code"])
                        if option is not None:
                            target[key] = option["id"]
                    else:
                        target[key] = case["value"]
                    break
        if field.get("auto_first"):
            options = _filtered_options(step_key, field, scope, ctx)
            if options is not None:
                ids = [o["id"] for o in options]
                if not any(_eq(i, target.get(key)) for i in ids):
                    target[key] = ids[0] if ids else None


def _exclusive_ids(step_key: str, field: dict, ctx: dict) -> set:
    return {
        o["id"]
        for o in (ctx.get("options") or {}).get(_option_type(step_key, field)) or []
        if _option_attr(o, "code") == field["exclusive_code"]
    }


def _exclusive(values: list, exclusive_ids: set) -> list:
    """'None of the above' chosen last clears the others; anything chosen after a leading one removes it."""
    if not values or not exclusive_ids:
        return values
    if values[-1] in exclusive_ids:
        return [values[-1]]
    return [v for v in values if v not in exclusive_ids]


def set_value(step, data: dict | None, path: str, value, ctx: dict | None = None) -> dict:
    """Applies one edit by the applicant and the rules it triggers (one-of-group flag, exclusive option, derived)."""
    ctx = ctx or {}
    definition = resolve_step(step, ctx)
    out = copy.deepcopy(data or {})
    parts = path.split(".")
    if len(parts) == 1:
        out[parts[0]] = value
    else:
        group_key, segment, sub_key = parts
        group_def, _ = _find_field(definition["fields"], group_key)
        if group_def is None:
            raise KeyError(group_key)
        if group_def["type"] == "group":
            rows = out.setdefault(group_key, [])
            index = int(segment)
            while len(rows) <= index:
                rows.append({})
            rows[index][sub_key] = value
            sub_def = next((f for f in group_def.get("fields", []) if f["key"] == sub_key), {})
            if sub_def.get("one_of_group") and value is True:
                for i, row in enumerate(rows):
                    if i != index and isinstance(row, dict) and row.get(sub_key) is True:
                        row[sub_key] = False
        else:
            out.setdefault(group_key, {}).setdefault(segment, {})[sub_key] = value
    return prepare(definition, out, ctx)


# ----------------------------------------------------------------------------------------------- validation


def _error(path: str, key: str, field: dict, **extra) -> dict:
    err = {"field": path, "key": key, "label": field.get("label")}
    err.update(extra)
    return err


def _date(value):
    if not isinstance(value, str) or not _DATE_RE.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def _year(value):
    if _is_int(value):
        year = int(value)
    elif isinstance(value, str) and _YEAR_RE.fullmatch(value):
        year = int(value)
    else:
        return None
    return year if 1900 <= year <= 2100 else None


def _file_ok(ref, accept: str) -> bool | None:
    """True, False (wrong type) or None (not a file reference)."""
    if isinstance(ref, str) or _is_int(ref):
        return True if ref != "" else None
    if not isinstance(ref, dict) or is_empty(ref.get("id")):
        return None
    rules = ACCEPT[accept]
    content_type = ref.get("content_type")
    if content_type is not None and content_type not in rules["types"]:
        return False
    name = ref.get("name")
    if isinstance(name, str) and name and not any(name.lower().endswith(ext) for ext in rules["extensions"]):
        return False
    return True


def _shape_errors(path: str, field: dict, value, scope: _Scope, ctx: dict, step_key: str) -> list[dict]:
    """Type, shape and mask errors of one non-empty value (save mode)."""
    kind = field["type"]
    err = lambda key, **extra: [_error(path, key, field, **extra)]  # noqa: E731
    if kind in TEXT_TYPES:
        if not isinstance(value, str):
            return err("invalid_type")
        limit = field.get("max_length", DEFAULT_MAX_LENGTH.get(kind))
        if limit is not None and len(value) > limit:
            return err("too_long", params={"max": limit})
        if kind == "email" and not _EMAIL_RE.fullmatch(value):
            return err("invalid_email")
        if kind == "iin" and not iin_valid(value):
            return err("invalid_iin")
        mask = field.get("mask")
        if mask and kind != "iin" and not mask_valid(mask, value):
            return err("invalid_format", params={"mask": mask})
        if field.get("pattern") and re.fullmatch(field["pattern"], value) is None:
            return err("invalid_format", params={"pattern": field["pattern"]})
        return []
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return err("invalid_type")
        if not mask_valid(field.get("mask", "decimal2"), value):
            return err("invalid_format", params={"mask": field.get("mask", "decimal2")})
        number = float(value)
        if "min" in field and number < field["min"]:
            return err("out_of_range", params={"min": field["min"]})
        if "max" in field and number > field["max"]:
            return err("out_of_range", params={"max": field["max"]})
        return []
    if kind == "integer":
        return [] if _is_int(value) else err("invalid_type")
    if kind == "date":
        return [] if _date(value) else err("invalid_date")
    if kind == "year":
        return [] if _year(value) is not None else err("invalid_year")
    if kind == "switch":
        return [] if _is_int(value) and value in (1, 2) else err("invalid_option")
    if kind == "checkbox":
        return [] if isinstance(value, bool) else err("invalid_type")
    if kind == "radio":
        ok = not isinstance(value, bool) and any(_eq(c, value) for c in field.get("choices", []))
        return [] if ok else err("invalid_option")
    if kind in ("select", "multiselect"):
        values = value if kind == "multiselect" else [value]
        if kind == "multiselect" and not isinstance(value, list):
            return err("invalid_type")
        if not all(_is_int(v) for v in values):
            return err("invalid_type")
        if kind == "multiselect" and len(set(values)) != len(values):
            return err("invalid_option")
        options = _filtered_options(step_key, field, scope, ctx)
        if options is not None:
            ids = {o["id"] for o in options}
            if any(v not in ids for v in values):
                return err("invalid_option")
        return []
    if kind == "institution":
        if not isinstance(value, dict) or set(value) - {"type", "selected"}:
            return err("invalid_type")
        if value.get("type") == "list" and _is_int(value.get("selected")):
            return []
        if value.get("type") == "other" and isinstance(value.get("selected"), str) and value["selected"]:
            return [] if len(value["selected"]) <= 500 else err("too_long", params={"max": 500})
        return err("invalid_type")
    if kind in ("file", "image"):
        accept = "image" if kind == "image" else field.get("accept", "pdf")
        refs = value if field.get("multiple") else [value]
        if field.get("multiple") and not isinstance(value, list):
            return err("invalid_type")
        if field.get("multiple") and len(value) > field.get("max_files", 10):
            return err("max_items", params={"max": field.get("max_files", 10)})
        for ref in refs:
            ok = _file_ok(ref, accept)
            if ok is None:
                return err("invalid_type")
            if ok is False:
                return err("invalid_file_type", params={"accept": accept})
        return []
    if kind == "group":
        return [] if isinstance(value, list) and all(isinstance(r, dict) for r in value) else err("invalid_type")
    if kind == "option_groups":
        return (
            [] if isinstance(value, dict) and all(isinstance(r, dict) for r in value.values()) else err("invalid_type")
        )
    raise ValueError(f"unknown field type {kind!r}")


def _comparable(field: dict, value):
    return _year(value) if field["type"] == "year" else _date(value)


def validate_step(step, data: dict | None = None, ctx: dict | None = None, mode: str = "save") -> list[dict]:
    """Errors [{field, key, label, params?, labels?}] in definition order.

    save:   types, shapes, masks, options, max_items, unknown fields (partial answers are fine)
    submit: also required fields, min_items, date comparisons and step rules (hidden fields are skipped)
    """
    if mode not in ("save", "submit"):
        raise ValueError("mode must be 'save' or 'submit'")
    ctx = ctx or {}
    definition = resolve_step(step, ctx)
    step_key = definition["key"]
    data = data if isinstance(data, dict) else {}
    errors: list[dict] = []
    submit = mode == "submit"

    if not definition.get("allow_unknown"):
        known = {f["key"] for f in definition["fields"]}
        errors += [{"field": k, "key": "unknown_field", "label": None} for k in data if k not in known]

    visible_paths = set()
    walked = list(_walk(definition, data, ctx))
    for path, _, _, _ in walked:
        visible_paths.add(path)
    for path, field, value, scope in walked:
        if field["type"] in ("group", "option_groups") and not is_empty(value):
            shape = _shape_errors(path, field, value, scope, ctx, step_key)
            if shape:
                errors += shape
                continue
        if is_empty(value):
            if submit and _required(field, scope, ctx):
                errors.append(_error(path, "fill_required", field))
            if field["type"] != "group":
                continue
        if field["type"] == "group":
            rows = value if isinstance(value, list) else []
            limit = _value(field.get("max_items"), scope, ctx)
            if _is_int(limit) and len(rows) > limit:
                errors.append(_error(path, "max_items", field, params={"max": limit}))
            minimum = _value(field.get("min_items"), scope, ctx)
            if (
                submit
                and _is_int(minimum)
                and len(rows) < minimum
                and not (is_empty(value) and _required(field, scope, ctx))
            ):
                errors.append(_error(path, "min_items", field, params={"min": minimum}))
            if not definition.get("allow_unknown"):
                known = {f["key"] for f in field.get("fields", [])}
                for i, row in enumerate(rows):
                    errors += [
                        {"field": f"{path}.{i}.{k}", "key": "unknown_field", "label": None}
                        for k in row
                        if k not in known
                    ]
            continue
        if field["type"] == "option_groups":
            continue
        shape = _shape_errors(path, field, value, scope, ctx, step_key)
        errors += shape
        if shape or not submit:
            continue
        for relation, strict in (("before", True), ("not_after", False)):
            other_key = field.get(relation)
            if not other_key:
                continue
            other_value, other_def = scope.lookup(other_key)
            other_path = path.rsplit(".", 1)[0] + "." + other_key if "." in path else other_key
            if other_def is None or other_path not in visible_paths or is_empty(other_value):
                continue
            mine, theirs = _comparable(field, value), _comparable(other_def, other_value)
            if mine is None or theirs is None:
                continue
            if (mine >= theirs) if strict else (mine > theirs):
                errors.append(_error(path, "check_dates", field, labels=[field.get("label"), other_def.get("label")]))

    # Hidden answers are kept (flipping a switch back restores them) but must still be well-formed.
    for path, field, value, scope in _walk(definition, data, ctx, include_hidden=True):
        if path in visible_paths or is_empty(value) or field["type"] == "option_groups":
            continue
        errors += _shape_errors(path, field, value, scope, ctx, step_key)

    if submit:
        root = _Scope(data, definition["fields"], step_key)
        for rule in definition.get("rules", []):
            if not _cond(rule.get("if"), root, ctx):
                continue
            if rule["type"] == "require_one":
                group_def, _ = _find_field(definition["fields"], rule["group"])
                if group_def is None or rule["group"] not in visible_paths:
                    continue
                rows = data.get(rule["group"]) if isinstance(data.get(rule["group"]), list) else []
                wanted = rule.get("value", True)
                if not any(isinstance(r, dict) and _eq(r.get(rule["field"]), wanted) for r in rows):
                    errors.append({"field": rule["group"], "key": rule["error"], "label": group_def.get("label")})
            else:
                raise ValueError(f"unknown rule type {rule['type']!r}")
    return errors


def first_missing_required(step, data: dict | None = None, ctx: dict | None = None) -> dict | None:
    """The first empty required visible field ({field, label}) for the 'fill_required' snackbar, or None."""
    for err in validate_step(step, data, ctx, mode="submit"):
        if err["key"] in ("fill_required", "min_items"):
            return {"field": err["field"], "label": err["label"]}
    return None


def accept_for(field: dict) -> dict:
    """MIME types and extensions an upload input accepts."""
    return ACCEPT["image" if field["type"] == "image" else field.get("accept", "pdf")]


__all__ = [
    "ACCEPT",
    "accept_for",
    "apply_mask",
    "definitions",
    "document_fields",
    "evaluate",
    "field_options",
    "first_missing_required",
    "get_step",
    "is_empty",
    "prepare",
    "resolve_step",
    "set_value",
    "steps_for",
    "trim",
    "validate_step",
    "variants",
    "visible_fields",
]
