"""An application's answers as staff read them, from the questionnaire definitions (forms/definitions): labels in
the admin's language, option names instead of ids, dates as dd.MM.yyyy, switches as yes/no, groups as rows.

Used by the application panel (`GET /admin/application/{id}`) and the xlsx export, so both show a new field as soon
as its definition has it, with no code change. Pure: no queries here; callers pass the options and institutions.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .. import forms

_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
FILE_TYPES = ("file", "image")
GROUP_TYPES = ("group", "option_groups")


@dataclass
class RenderContext:
    language: str
    options: dict[int, dict] = field(default_factory=dict)  # SelectOption id → {name_ru, name_en, name_kk, ...}
    institutions: dict[int, str] = field(default_factory=dict)  # EducationalInstitution id → name

    def label(self, key: str | None) -> str:
        return forms.label(key, self.language) if key else ""

    def name(self, item: dict | None) -> str | None:
        """name_<language> of an option-like dict (Kazakh falls back to Russian when empty)."""
        if not item:
            return None
        if self.language == "en" and item.get("name_en"):
            return item["name_en"]
        if self.language == "kk" and item.get("name_kk"):
            return item["name_kk"]
        return item.get("name_ru") or item.get("name_en")

    def yes_no(self, value: bool) -> str:
        return self.label("form.switch.yes" if value else "form.switch.no")


def options_by_id(options_by_type: dict[str, list[dict]]) -> dict[int, dict]:
    """ctx['options'] ({type: [option]}) re-keyed by id (ids are unique across types: one table)."""
    return {option["id"]: option for rows in options_by_type.values() for option in rows}


def institution_ids(value, found: set[int] | None = None) -> set[int]:
    """Ids chosen in institution pickers ({"type": "list", "selected": id}) anywhere in some answers."""
    found = set() if found is None else found
    if isinstance(value, dict):
        if value.get("type") == "list" and isinstance(value.get("selected"), int):
            found.add(value["selected"])
        for item in value.values():
            institution_ids(item, found)
    elif isinstance(value, list):
        for item in value:
            institution_ids(item, found)
    return found


def format_date(value) -> str | None:
    if not isinstance(value, str):
        return None
    match = _ISO_DATE.match(value)
    return f"{match.group(3)}.{match.group(2)}.{match.group(1)}" if match else value


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def file_refs(value) -> list[dict]:
    """The file references of a file field's value (one reference or a list of them)."""
    values = value if isinstance(value, list) else [value]
    return [ref for ref in values if isinstance(ref, dict) and isinstance(ref.get("id"), str)]


def text_of(definition: dict, value, rc: RenderContext) -> str | None:
    """A field's value as one line of text in the admin's language; None when empty."""
    if forms.is_empty(value):
        return None
    kind = definition.get("type")
    if kind == "date":
        return format_date(value)
    if kind == "switch":
        choices = definition.get("choices_labels")
        if isinstance(value, int) and not isinstance(value, bool) and choices and 1 <= value <= len(choices):
            return rc.label(choices[value - 1])
        if value in (1, 2) and not isinstance(value, bool):
            return rc.yes_no(value == 1)
        return str(value)
    if kind == "checkbox":
        return rc.yes_no(bool(value))
    if kind == "radio":
        key = f"form.choices.{value}"
        text = rc.label(key)
        return str(value) if text == key else text
    if kind == "select":
        return rc.name(rc.options.get(value)) or str(value)
    if kind == "multiselect":
        values = value if isinstance(value, list) else [value]
        return ", ".join(rc.name(rc.options.get(v)) or str(v) for v in values)
    if kind == "institution":
        if isinstance(value, dict):
            selected = value.get("selected")
            if value.get("type") == "list" and isinstance(selected, int):
                return rc.institutions.get(selected) or str(selected)
            return str(selected) if selected not in (None, "") else None
        return str(value)
    if kind in FILE_TYPES:
        return ", ".join(ref.get("name") or ref["id"] for ref in file_refs(value)) or None
    if kind in ("number", "integer", "year"):
        return _number(value)
    if isinstance(value, (dict, list)):
        return None
    return str(value)


def label_of(definition: dict, rc: RenderContext, numbered: bool = False) -> str:
    """The field's label. A self-upload document slot has one name wherever it shows — the applicant's upload page,
    /upload, the staff panel, the sent-back notice and its e-mail (decision 0083): the document, then in
    parentheses what tells it apart (the row's chosen type, the social category, the supporting document), or the
    row's number when nothing else does: "Медицинская справка (Форма 075/у)", "Документ о награде 2". `numbered`
    keeps the number with the parentheses (two rows of the same type)."""
    text = rc.label(definition.get("label"))
    params = definition.get("label_params") or {}
    if numbered and params.get("n") is not None:
        text = f"{text} {params['n']}"
    qualifiers = []
    if params.get("option_id") is not None:
        qualifiers.append(rc.name(rc.options.get(params["option_id"])))
    if any(params.get(k) for k in ("name_ru", "name_en", "name_kk")):
        qualifiers.append(rc.name(params))
    qualifiers = [q for q in qualifiers if q]
    if qualifiers:
        return f"{text} ({' — '.join(qualifiers)})"
    if params.get("n") is not None and not numbered:
        return f"{text} {params['n']}"
    return text


def slot_names(definitions: list[dict], rc: RenderContext) -> dict[str, str]:
    """field key → its name, unique among the fields given: two rows of the same type are told apart by number."""
    names = {d["key"]: label_of(d, rc) for d in definitions}
    counts = Counter(names.values())
    return {
        d["key"]: label_of(d, rc, numbered=True) if counts[names[d["key"]]] > 1 else names[d["key"]]
        for d in definitions
    }


def trilingual_slot_names(definitions: list[dict], options: dict[int, dict]) -> dict[str, dict[str, str]]:
    """field key → {ru, kk, en} names (slot_names in each language), for the client to show as they are."""
    by_language = {lang: slot_names(definitions, RenderContext(lang, options)) for lang in ("ru", "kk", "en")}
    return {d["key"]: {lang: by_language[lang][d["key"]] for lang in by_language} for d in definitions}


def _field(definition: dict, value, path: str, rc: RenderContext) -> dict:
    out = {
        "key": definition["key"],
        "path": path,
        "type": definition["type"],
        "label_key": definition.get("label"),
        "label": label_of(definition, rc),
        "value": value,
        "text": text_of(definition, value, rc),
    }
    if definition["type"] in FILE_TYPES:
        out["files"] = file_refs(value)
    return out


def _rows(definition: dict, value, data: dict, path: str, visible: set[str], rc: RenderContext) -> list[dict]:
    """A group's rows ([{title, fields}]); an option group has one row per chosen option, titled by its name."""
    sub_fields = [f for f in definition.get("fields", []) if f.get("render") is not False]
    if definition["type"] == "group":
        rows = [(str(i), row, f"{rc.label(definition.get('label'))} {i + 1}") for i, row in enumerate(value or [])]
    else:
        chosen = data.get(definition.get("source")) or []
        value = value if isinstance(value, dict) else {}
        rows = [
            (str(option_id), value.get(str(option_id)), rc.name(rc.options.get(option_id)) or str(option_id))
            for option_id in (chosen if isinstance(chosen, list) else [])
            if any(f"{path}.{option_id}.{sub['key']}" in visible for sub in sub_fields)
        ]
    out = []
    for segment, row, title in rows:
        row = row if isinstance(row, dict) else {}
        fields = [
            _field(sub, row.get(sub["key"]), f"{path}.{segment}.{sub['key']}", rc)
            for sub in sub_fields
            if f"{path}.{segment}.{sub['key']}" in visible
        ]
        out.append({"title": title, "fields": fields})
    return out


def section(form_key: str, data: dict, ctx: dict, rc: RenderContext) -> dict:
    """One questionnaire step as the panel shows it: the fields the applicant sees for these answers, in order."""
    definition = forms.resolve_step(form_key, ctx)
    data = data if isinstance(data, dict) else {}
    visible = set(forms.visible_fields(definition, data, ctx))
    named = slot_names([d for d in definition["fields"] if "label_params" in d], rc)
    fields = []
    for field_definition in definition["fields"]:
        key = field_definition["key"]
        if field_definition.get("render") is False or key not in visible:
            continue
        value = data.get(key)
        if field_definition["type"] in GROUP_TYPES:
            entry = _field(field_definition, None, key, rc)
            entry["text"] = None
            entry["rows"] = _rows(field_definition, value, data, key, visible, rc)
            fields.append(entry)
        else:
            fields.append(_field(field_definition, value, key, rc))
            if key in named:
                fields[-1]["label"] = named[key]
    return {
        "key": form_key,
        "title_key": definition.get("title"),
        "title": rc.label(definition.get("title")) if definition.get("title") else form_key,
        "fields": fields,
    }


def documents(sections: list[dict]) -> list[dict]:
    """Every uploaded file of the rendered sections, with the section and field it belongs to."""
    out = []

    def visit(section_entry: dict, fields: list[dict], row_title: str | None):
        for entry in fields:
            for ref in entry.get("files", []):
                out.append(
                    {
                        **ref,
                        "form_key": section_entry["key"],
                        "section": section_entry["title"],
                        "field": entry["path"],
                        "label": f"{entry['label']} ({row_title})" if row_title else entry["label"],
                    }
                )
            for row in entry.get("rows", []):
                visit(section_entry, row["fields"], row["title"])

    for section_entry in sections:
        visit(section_entry, section_entry["fields"], None)
    return out
