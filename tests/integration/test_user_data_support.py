"""Shared helpers of the application-journey tests (no tests here): payload builders, valid answers generated
from the step definitions, tiny valid files, and a SQL statement counter."""

from __future__ import annotations

import io
import json
from contextlib import contextmanager

from sqlalchemy import event, select

from server import forms
from server.forms.masks import MASK_PATTERNS  # noqa: F401  (documents which masks the samples satisfy)

API = "/api/v1"

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 32
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 32

MASK_SAMPLES = {
    "decimal2": "4.5",
    "test_doc_number": "1-2345-678901234-56-7",
    "test_code": "123456",
    "phone_kz": "+77011234567",
    "phone_intl": "+77011234567",
    "iin": "900101300017",
    "digits": "12345",
}


def file_part(content: bytes, name: str):
    return (io.BytesIO(content), name)


def multipart(application_id, forms_data: dict | None = None, files: dict | None = None, **extra) -> dict:
    """form___{key}___data_stringified for each form, form___{key}___{field} for each file ((bytes, name))."""
    body = {"hidden_application_id": str(application_id)}
    for key, data in (forms_data or {}).items():
        body[f"form___{key}___data_stringified"] = json.dumps(data, ensure_ascii=False)
    for (key, field), (content, name) in (files or {}).items():
        body[f"form___{key}___{field}"] = file_part(content, name)
    body.update({k: str(v) for k, v in extra.items()})
    return body


def post_bulk(client, headers, application_id, forms_data=None, files=None, **extra):
    return client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        data=multipart(application_id, forms_data, files, **extra),
        content_type="multipart/form-data",
    )


def fill_items(client, headers, application_id, **query) -> dict:
    response = client.get(f"{API}/users/fill-items/{application_id}", headers=headers, query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return {item["type"]: item for item in response.get_json()["fill_items"]}


# ------------------------------------------------------------------------------------ valid answers by type


def _option_id(ctx: dict, option_type: str, factories):
    options = ctx["options"].get(option_type)
    if options:
        return options[0]["id"]
    option = factories.questionnaire_option(option_type)
    ctx["options"][option_type] = [{"id": option.id, "code": option.code, "additional_data": {}, "additional_count": 0}]
    return option.id


def sample_value(step_key: str, field: dict, ctx: dict, factories, *, early: bool = False):
    kind = field["type"]
    if kind in ("text", "textarea", "kato"):
        if field.get("mask"):
            return MASK_SAMPLES[field["mask"]]
        return "  Пример  "  # surrounded by spaces: the server trims
    if kind == "email":
        return "applicant@example.kz"
    if kind == "phone":
        return MASK_SAMPLES[field.get("mask", "phone_kz")]
    if kind == "iin":
        return MASK_SAMPLES["iin"]
    if kind == "number":
        return MASK_SAMPLES[field.get("mask", "decimal2")]
    if kind == "integer":
        return 1
    if kind == "date":
        return "2001-02-03" if early else "2020-06-15"
    if kind == "year":
        return 2005 if early else 2015
    if kind == "switch":
        return 2
    if kind == "checkbox":
        return True
    if kind == "radio":
        return field["choices"][0]
    if kind == "select":
        return _option_id(ctx, field.get("options") or f"{step_key}_{field['key']}", factories)
    if kind == "multiselect":
        return [_option_id(ctx, field.get("options") or f"{step_key}_{field['key']}", factories)]
    if kind == "institution":
        return {"type": "other", "selected": "Школа №1"}
    return None  # file, image and option groups are not generated


def _filtered_option(ctx, option_type, parent_value, factories):
    """An option whose parent is the value chosen in the parent field (filter.parent_field)."""
    for option in ctx["options"].get(option_type) or []:
        if (option.get("additional_data") or {}).get("parent_id") == parent_value:
            return option["id"]
    option = factories.questionnaire_option(option_type, additional_data={"parent_id": parent_value})
    ctx["options"].setdefault(option_type, []).append(
        {"id": option.id, "code": option.code, "additional_data": {"parent_id": parent_value}, "additional_count": 0}
    )
    return option.id


def _ctx_option(ctx, option_type, attr, wanted, factories):
    """An option whose attribute matches the context (filter.ctx_attr, e.g. the program's degree); its code is the
    wanted value too, so `derive` by option_code finds it."""
    for option in ctx["options"].get(option_type) or []:
        if (option.get("additional_data") or {}).get(attr) == wanted:
            return option["id"]
    from server.models import SelectOption

    # an earlier application of the same test may have made it (codes are unique per type)
    option = factories.db.session.scalar(
        select(SelectOption).where(SelectOption.type == option_type, SelectOption.code == wanted)
    ) or factories.questionnaire_option(option_type, code=wanted, additional_data={attr: wanted})
    ctx["options"].setdefault(option_type, []).append(
        {"id": option.id, "code": option.code, "additional_data": {attr: wanted}, "additional_count": 0}
    )
    return option.id


def _fill(step_key, fields, target, ctx, factories, befores, root=None):
    for field in fields:
        parent = (field.get("filter") or {}).get("parent_field")
        option_type = field.get("options") or f"{step_key}_{field['key']}"
        if field["type"] in ("select", "multiselect") and ctx["options"].get(option_type) and not parent:
            allowed = (
                forms.field_options(
                    step_key,
                    field["key"],
                    root if root is not None else target,
                    ctx,
                    row=target if root is not None else None,
                )
                or []
            )
            if allowed:
                target[field["key"]] = allowed[0]["id"] if field["type"] == "select" else [allowed[0]["id"]]
                continue
        by_ctx = (field.get("filter") or {}).get("ctx_attr")
        if field["type"] == "select" and by_ctx and ctx.get(by_ctx["ctx"]) is not None:
            target[field["key"]] = _ctx_option(ctx, option_type, by_ctx["attr"], ctx[by_ctx["ctx"]], factories)
            continue
        if field["type"] == "select" and parent and parent in target:
            target[field["key"]] = _filtered_option(
                ctx, field.get("options") or f"{step_key}_{field['key']}", target[parent], factories
            )
            continue
        value = sample_value(
            step_key,
            field,
            ctx,
            factories,
            early=bool(field.get("before") or field.get("not_after")) and field["key"] not in befores,
        )
        if value is not None:
            target[field["key"]] = value


def _limit(expr, ctx, default):
    if isinstance(expr, dict) and "if" in expr:
        return _limit(expr["then"] if forms.evaluate(expr["if"], {}, ctx) else expr.get("else"), ctx, default)
    return expr if isinstance(expr, int) else default


def valid_data(step_key: str, ctx: dict, factories, rows: int = 2) -> dict:
    """A full set of answers for a step (every field, hidden ones too: validation skips hidden fields)."""
    definition = forms.resolve_step(step_key, ctx)
    befores = {f.get("before") or f.get("not_after") for f in definition["fields"]} - {None}
    data = {}
    plain = [f for f in definition["fields"] if f["type"] != "group"]
    _fill(step_key, plain, data, ctx, factories, befores)
    for field in definition["fields"]:
        if field["type"] not in ("group", "option_groups"):
            continue
        sub_fields = field.get("fields", [])
        sub_befores = {s.get("before") or s.get("not_after") for s in sub_fields} - {None}
        if field["type"] == "option_groups":
            chosen = data.get(field["source"]) or []
            groups = {}
            for option_id in chosen:
                row = {}
                _fill(step_key, sub_fields, row, ctx, factories, sub_befores, root=data)
                groups[str(option_id)] = row
            data[field["key"]] = groups
            continue
        count = min(rows, _limit(field.get("max_items"), ctx, 10))
        count = max(count, _limit(field.get("min_items"), ctx, 0))
        group_rows = []
        for _ in range(count):
            row = {}
            _fill(step_key, sub_fields, row, ctx, factories, sub_befores, root=data)
            group_rows.append(row)
        data[field["key"]] = group_rows
    return {f["key"]: data[f["key"]] for f in definition["fields"] if f["key"] in data}


KINDS = [
    "regular_bachelors",
    "masters_scientific_pedagogical",
    "masters_specialized",
    "masters_joint_nbk",
    "masters_mba",
    "masters_emba",
    "doctoral_phd",
    "doctoral_dba",
]


def form_cases() -> list[tuple[bool, str, str]]:
    """(is citizen, form key, a program kind under which that form is one of the application's steps)."""
    out = []
    for variant, kz in (("foreign", False), ("home", True)):
        for entry in forms.variants()[variant]:
            key = entry["step"]
            kind = next((k for k in KINDS if key in forms.steps_for(variant, engine_ctx(k, kz=kz))), None)
            if kind:
                out.append((kz, key, kind))
    out += [(True, entry["step"], "regular_bachelors") for entry in forms.variants().get("stepper", [])]
    return out


def step_of(kz: bool, kind: str, field: str) -> str:
    """The form key of the step holding a top-level field, for this population and program."""
    ctx = engine_ctx(kind, kz=kz)
    for key in forms.steps_for("home" if kz else "foreign", ctx):
        if any(f["key"] == field for f in forms.resolve_step(key, ctx)["fields"]):
            return key
    raise KeyError(field)


def engine_ctx(kind="regular_bachelors", kz=False, financing="paid", program_id=None, options=None):
    return forms.build_ctx(
        kind, study_program_id=program_id, financing=financing, is_kazakhstan_citizen=kz, options=options or {}
    )


# ---------------------------------------------------------------------------------------------- SQL counter


@contextmanager
def count_queries(engine):
    statements: list[str] = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", listener)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", listener)


# ----------------------------------------------------------------------------------- complete questionnaires

FOREIGN_FILES = {"profile_image": (PNG, "photo.png")}


def file_fields_of(step_key: str, ctx: dict) -> list[dict]:
    return [f for f in forms.resolve_step(step_key, ctx)["fields"] if f["type"] in ("file", "image")]


def bureau_answers(application) -> dict:
    """The main-info answers the credit bureau confirmed for the owner: read-only for the applicant (issue 22)."""
    from server.applications.prefill import bureau_values
    from server.extensions import db
    from server.models import PkbPersonData

    person = db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == application.user_id))
    return bureau_values(person) if person is not None else {}


def complete_answers(application, factories, kz: bool) -> tuple[dict, dict]:
    """(answers by form key, files {(form key, field): (bytes, name)}) that pass submission; a citizen's main-info
    answers carry the credit bureau's values when the bureau confirmed the owner."""
    program = application.study_program
    ctx = engine_ctx(program.kind, kz=kz, financing=application.financing, program_id=program.id)
    variant = "home" if kz else "foreign"
    answers, files = {}, {}
    for key in forms.steps_for(variant, ctx):
        if key == "documentsSelfUpload":
            continue
        answers[key] = valid_data(key, ctx, factories)
        if key == forms.MAIN_INFO_LOCAL:
            answers[key].update(bureau_answers(application))
        ctx["answers"][key] = answers[key]
        for f in file_fields_of(key, ctx):
            files[(key, f["key"])] = (PNG, "photo.png") if f["type"] == "image" else (PDF, f"{f['key']}.pdf")
    return answers, files
