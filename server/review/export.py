"""The xlsx export of a queue (req §7, §9; decision 0066): the rows of the queue with its search and filters,
the fixed table columns, then one column per questionnaire field taken from the definitions, so a new field is
exported without a code change. Repeated groups get one set of columns per row, up to the longest present.

Memory stays flat however many rows: rows are read in batches from one streamed SELECT (a server-side cursor on
PostgreSQL), answers are fetched per batch, openpyxl's write-only mode writes each row straight to a temporary
file, and the finished file is streamed to the client in chunks and deleted.

A selection of more than ADMIN_EXPORT_SYNC_MAX_ROWS rows is refused here (409 admin.export_too_large): it is built
by a background job instead (review/export_jobs.py), through the same writer with a progress callback.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from .. import audit as audit_trail
from .. import forms
from ..applications import dao as applications_dao
from ..applications import render as application_render
from ..applications import upload_code
from ..applications.questionnaire import options_for_steps
from ..applications.workflow import progress as workflow_progress
from ..database import use_case
from ..errors import Conflict
from ..extensions import db
from ..forms import engine
from ..i18n import translate
from ..integrations import xlsx
from ..models import User
from ..models.base import utcnow
from ..populations import POPULATION_KZ
from . import dao
from . import queues as admin_queues
from .dao import QueueQuery

BATCH_SIZE = 500
CHUNK_SIZE = 64 * 1024
FILE_PREFIX = {POPULATION_KZ: "student"}
DEFAULT_FILE_PREFIX = "foreign_students"
STATUS_KEYS = {-1: "archived", 0: "applied", 1: "accepted", 2: "awaiting_visa", 3: "enrolled"}
_HEADER_FONT = Font(bold=True)
# The staff shell a population's document links open in (client/src/domain.js ADMIN_SHELLS): the page there
# downloads the file with the signed-in staff member's session (issue 23).
SHELL_BASE = {POPULATION_KZ: "/admin/kz"}
DEFAULT_SHELL_BASE = "/admin"


@dataclass
class Column:
    header: str
    value: Callable[[object, dict], object]  # (queue row, answers {form key: data}) → cell value
    width: int = 24


@dataclass(frozen=True)
class Link:
    """A cell showing `text` that opens `url` (a document of the application)."""

    text: str
    url: str


def unique_headers(columns: list[Column]) -> list[Column]:
    """Every column title once: a repeated title (two steps asking the same question under the same step title)
    gets " (2)", " (3)", … so filters and copied headers never mix two columns up."""
    seen: dict[str, int] = {}
    for column in columns:
        count = seen.get(column.header, 0) + 1
        seen[column.header] = count
        if count > 1:
            title = f"{column.header} ({count})"
            while title in seen:
                count += 1
                title = f"{column.header} ({count})"
            seen[title] = 1
            column.header = title
    return columns


def document_url(population: str, file_id: str) -> str:
    """The absolute address of a stored document for staff: the shell's file page, which downloads it with the
    staff member's own session (the population check of GET /api/v1/files/<id> applies; no signed link is put in
    a file that outlives its signature)."""
    base = current_app.config["APP_BASE_URL"].rstrip("/")
    return f"{base}{SHELL_BASE.get(population, DEFAULT_SHELL_BASE)}/files/{file_id}"


def _local(value: datetime | None, offset_minutes: int) -> str | None:
    if value is None:
        return None
    return (value + timedelta(minutes=offset_minutes)).strftime("%d.%m.%Y %H:%M")


# ----------------------------------------------------------------------------------------------- columns


def _fixed_columns(query: QueueQuery, rc: application_render.RenderContext, offset: int) -> list[Column]:
    lang = rc.language

    def t(key: str) -> str:
        return translate(f"admin.export.{key}", lang)

    def named(prefix: str):
        return lambda row, _: rc.name(
            {
                "name_ru": row._mapping[f"{prefix}_name_ru"],
                "name_en": row._mapping[f"{prefix}_name_en"],
                "name_kk": row._mapping[f"{prefix}_name_kk"],
            }
        )

    kz = query.population == POPULATION_KZ

    def stage(row, _):
        """The stage in words: a foreigner's status; a citizen's current step of the stepper (or archived)."""
        if row.id is None:
            return translate("admin.status.no_application", lang)
        if row.status == -1:
            return translate("admin.status.archived", lang)
        if kz:
            state = workflow_progress.State(POPULATION_KZ, row.current_step or 0, row.status, row.financing)
            return translate(f"admin.export.stage.{workflow_progress.current_key(state)}", lang)
        return translate(f"admin.status.{STATUS_KEYS[row.status]}", lang) if row.status in STATUS_KEYS else None

    def financing(row, _):
        return translate(f"admin.financing.{row.financing}", lang) if row.financing else None

    def categories(row, _):
        ids = [int(part) for part in (row.social_category_ids or "").split(",") if part.isdigit()]
        return ", ".join(rc.name(rc.options.get(i)) or str(i) for i in ids) or None

    # Each population its own set (issue 23): financing, the test score, social categories, the fee exemption and
    # the upload code belong to the citizens' process only; the stage is one column in words for both.
    columns = [
        Column(t("application_id"), lambda row, _: row.id, 12),
        Column(t("last_name"), lambda row, _: row.last_name or row.user_last_name),
        Column(t("first_name"), lambda row, _: row.first_name or row.user_first_name),
        Column(t("middle_name"), lambda row, _: row.middle_name),
        Column(t("email"), lambda row, _: row.email, 30),
        Column(t("citizenship"), named("citizenship")),
        Column(t("study_program"), named("study_program"), 30),
        Column(t("campaign_year"), lambda row, _: row.campaign_year, 12),
        Column(t("created_at"), lambda row, _: _local(row.created_at, offset), 18),
        Column(t("submitted_at"), lambda row, _: _local(row.submitted_at, offset), 18),
        Column(t("status"), stage, 28),
    ]
    if kz:
        columns += [
            Column(t("financing"), financing, 16),
            Column(t("unt_score"), lambda row, _: row.unt_score, 12),
        ]
    columns += [
        Column(t("need_dorm"), lambda row, _: None if row.need_dorm is None else rc.yes_no(row.need_dorm), 12),
        Column(t("documents_count"), lambda row, _: row.documents_count or 0, 12),
    ]
    if kz:
        columns += [
            Column(t("social_category"), categories, 30),
            Column(
                t("exempted"), lambda row, _: None if row.id is None else rc.yes_no(bool(row.is_exempted_from_payment))
            ),
            Column(t("upload_code"), lambda row, _: upload_code.encode(row.user_id), 12),
        ]
    return columns


def _field_value(form_key: str, definition: dict, rc, pick: Callable[[dict], object]):
    def value(row, answers):
        raw = pick(answers.get(form_key) or {})
        # Most cells of a wide export are unanswered fields: they skip the rendering (measured in the bench).
        return None if raw is None else _export_value(definition, raw, rc)

    return value


def _export_value(definition: dict, value, rc) -> object:
    """Numbers stay numbers (Excel sums them); everything else is the panel's text."""
    if definition.get("type") in ("number", "integer", "year") and isinstance(value, (int, float)):
        return None if isinstance(value, bool) else value
    return application_render.text_of(definition, value, rc)


def _row_of(data: dict, key: str, index: int) -> dict:
    rows = data.get(key)
    if isinstance(rows, list) and index < len(rows) and isinstance(rows[index], dict):
        return rows[index]
    return {}


def _chosen(data: dict, source: str, index: int):
    chosen = data.get(source)
    return chosen[index] if isinstance(chosen, list) and index < len(chosen) else None


def _document_pattern(entry: dict) -> re.Pattern:
    """A regular expression for the answer keys of a per-category/per-row self-upload document entry."""
    template = entry.get("documents") or entry["field"]
    parts = re.split(r"\{(?:id|code|index)\}", template)
    return re.compile("^" + ".+".join(re.escape(p) for p in parts) + "$")


def _links(refs: list[dict], population: str) -> Link | None:
    """The documents of one cell as a link: one file opens itself; several list their addresses, one a line, the
    cell opening the first (a cell holds one link)."""
    if not refs:
        return None
    urls = [document_url(population, ref["id"]) for ref in refs]
    if len(refs) == 1:
        return Link(refs[0].get("name") or refs[0]["id"], urls[0])
    return Link("\n".join(urls), urls[0])


def _document_column(form_key: str, file_key: str, population: str):
    def value(row, answers):
        return _links(application_render.file_refs((answers.get(form_key) or {}).get(file_key)), population)

    return value


def _documents_column(form_key: str, pattern: re.Pattern, population: str):
    def value(row, answers):
        data = answers.get(form_key) or {}
        refs = [ref for key in sorted(data) if pattern.match(key) for ref in application_render.file_refs(data[key])]
        return _links(refs, population)

    return value


def questionnaire_columns(form_keys: list[str], lengths: dict, rc, population: str | None = None) -> list[Column]:
    """One column per field of every step (labels in the admin's language); groups one set per row; documents as
    links to the staff file page."""
    columns: list[Column] = []
    for form_key in form_keys:
        definition = forms.get_step(form_key)
        title = rc.label(definition.get("title")) if definition.get("title") else form_key
        for field in definition.get("fields", []):
            if field.get("render") is False:
                continue
            label = f"{title} — {rc.label(field.get('label'))}"
            key = field["key"]
            if field["type"] == "group":
                subs = [s for s in field.get("fields", []) if s.get("render") is not False]
                for index in range(lengths.get((form_key, key), 0)):
                    for sub in subs:
                        columns.append(
                            Column(
                                f"{label} {index + 1} — {rc.label(sub.get('label'))}",
                                _field_value(
                                    form_key, sub, rc, lambda d, k=key, i=index, s=sub["key"]: _row_of(d, k, i).get(s)
                                ),
                            )
                        )
            elif field["type"] == "option_groups":
                source = field["source"]
                subs = [s for s in field.get("fields", []) if s.get("render") is not False]
                for index in range(lengths.get((form_key, source), 0)):
                    columns.append(
                        Column(
                            f"{label} {index + 1}",
                            lambda row, answers, f=form_key, src=source, i=index: rc.name(
                                rc.options.get(_chosen(answers.get(f) or {}, src, i))
                            ),
                        )
                    )
                    for sub in subs:
                        columns.append(
                            Column(
                                f"{label} {index + 1} — {rc.label(sub.get('label'))}",
                                _field_value(
                                    form_key,
                                    sub,
                                    rc,
                                    lambda d, k=key, src=source, i=index, s=sub["key"]: (
                                        ((d.get(k) or {}).get(str(_chosen(d, src, i))) or {}).get(s)
                                        if isinstance(d.get(k), dict)
                                        else None
                                    ),
                                ),
                            )
                        )
            elif field["type"] in ("file", "image"):
                columns.append(Column(label, _document_column(form_key, key, population)))
            else:
                columns.append(Column(label, _field_value(form_key, field, rc, lambda d, k=key: d.get(k))))
        for entry in definition.get("document_fields", []):
            label = f"{title} — {rc.label(entry['label'])}"
            if "for_each" in entry:
                columns.append(Column(label, _documents_column(form_key, _document_pattern(entry), population)))
            else:
                columns.append(Column(label, _document_column(form_key, entry["field"], population)))
    return columns


def _group_specs(form_keys: list[str]) -> list[tuple[str, str]]:
    specs = []
    for form_key in form_keys:
        for field in forms.get_step(form_key).get("fields", []):
            if field["type"] == "group":
                specs.append((form_key, field["key"]))
            elif field["type"] == "option_groups":
                specs.append((form_key, field["source"]))
    return list(dict.fromkeys(specs))


def variant_form_keys(population: str) -> list[str]:
    """Every step a population's questionnaire may show (whatever the program), then the stepper's steps."""
    variants = engine.variants()
    names = ("home", "stepper") if population == POPULATION_KZ else ("foreign",)
    return list(dict.fromkeys(entry["step"] for name in names for entry in variants[name]))


# ------------------------------------------------------------------------------------------------ writing


def _cells(sheet, values: list) -> list:
    """xlsx.row, with a document's Link as a hyperlink cell (its text still written as data, never a formula)."""
    out = xlsx.row(sheet, [value.text if isinstance(value, Link) else value for value in values])
    for index, value in enumerate(values):
        if isinstance(value, Link):
            link = xlsx.put(WriteOnlyCell(sheet), value.text)
            link.hyperlink = value.url
            link.style = "Hyperlink"
            out[index] = link
    return out


@dataclass
class Export:
    filename: str
    chunks: Iterator[bytes]


def local_offset() -> int:
    return int(current_app.config.get("LOCAL_UTC_OFFSET_MINUTES", 300))


def sync_max_rows() -> int:
    """The largest selection exported inside the request; more rows go to a background job."""
    return int(current_app.config.get("ADMIN_EXPORT_SYNC_MAX_ROWS", 3000))


def build_query(actor: User, args: dict, language: str | None = None) -> QueueQuery:
    """The validated export query (ExportQuery) as the queue selection; the population check happens here."""
    return admin_queues.build_query(
        actor,
        is_local=args.get("isLocal"),
        queue=args.get("queue"),
        search=args.get("search"),
        params=args,
        sort=args.get("sort"),
        language=language,
    )


def file_name(query: QueueQuery, now: datetime) -> str:
    stamp = (now + timedelta(minutes=local_offset())).strftime("%Y%m%d_%H%M%S")
    return f"{FILE_PREFIX.get(query.population, DEFAULT_FILE_PREFIX)}_{stamp}.xlsx"


def audit(actor: User, query: QueueQuery, args: dict, filename: str, now: datetime, **extra) -> None:
    """The audit row of an export (who exported which queue with which filters), in the caller's transaction."""
    audit_trail.record(
        "applications.export",
        ("queue", f"{query.population}:{query.queue}"),
        {
            "filename": filename,
            "filters": {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in args.items() if v is not None},
            **extra,
        },
        actor=actor,
    )


@use_case
def export(actor: User, args: dict) -> Export:
    """Validates and audits the export now; the returned chunks build and stream the file when iterated."""
    query = build_query(actor, args)
    limit = sync_max_rows()
    # One count before the work: a selection too large for one request is answered at once, before a worker is
    # tied up for minutes (and a proxy's timeout cuts the download); the client then asks for the job.
    if dao.total(query) > limit:
        raise Conflict("admin.export_too_large", limit=limit)
    now = utcnow()
    filename = file_name(query, now)
    audit(actor, query, args, filename, now)
    return Export(filename=filename, chunks=_chunks(query, local_offset()))


def _chunks(query: QueueQuery, offset: int) -> Iterator[bytes]:
    path = write_workbook(query, offset)
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(CHUNK_SIZE):
                yield chunk
    finally:
        os.unlink(path)


def write_workbook(query: QueueQuery, offset: int, progress: Callable[[int], None] | None = None) -> str:
    """Writes the selection to a temporary xlsx file and returns its path (the caller deletes it).

    `progress(rows_written)` is called after every batch of BATCH_SIZE rows (a background export records it)."""
    form_keys = variant_form_keys(query.population)
    definitions = [forms.get_step(key) for key in form_keys]
    rc = application_render.RenderContext(
        language=query.language,
        options=application_render.options_by_id(options_for_steps(definitions)),
    )
    lengths = dao.longest_arrays(query, _group_specs(form_keys))
    columns = unique_headers(
        _fixed_columns(query, rc, offset) + questionnaire_columns(form_keys, lengths, rc, query.population)
    )

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(translate("admin.export.sheet", query.language)[:31])
    sheet.freeze_panes = "B2"
    for index, column in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = column.width
    sheet.append(xlsx.row(sheet, [column.header for column in columns], font=_HEADER_FONT))

    written = 0
    result = db.session.execute(dao.selection(query).execution_options(yield_per=BATCH_SIZE))
    for batch in result.partitions():
        answers = dao.answers_of([row.id for row in batch if row.id is not None])
        rc.institutions = applications_dao.institution_names(application_render.institution_ids(answers))
        for row in batch:
            row_answers = answers.get(row.id, {}) if row.id is not None else {}
            # Answers, names and e-mails are data, never formulas; numbers and dates stay typed (integrations/xlsx).
            sheet.append(_cells(sheet, [column.value(row, row_answers) for column in columns]))
        written += len(batch)
        if progress is not None:
            progress(written)
    handle, path = tempfile.mkstemp(prefix="qabyldau-export-", suffix=".xlsx")
    os.close(handle)
    try:
        workbook.save(path)
    except Exception:
        os.unlink(path)
        raise
    return path
