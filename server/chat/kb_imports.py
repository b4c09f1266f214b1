"""Settings → the assistant's knowledge base (issue 23, decision 0087 "Knowledge base import"): the staff list of
entries, the export as an xlsx that doubles as the template, and the import of an edited xlsx/csv — first "check"
(a dry run: counts and row errors with spreadsheet row numbers), then "load" (the same file, all or nothing, one
audit row of its counts).

One spreadsheet row is one ChatKnowledge entry, columns as the model stores them (COLUMNS). An entry is matched by
its key; an entry the file lacks is kept and counted as `absent` (switching an entry off is `active` = no, so a
partial file never deletes anything). Nothing needs rebuilding after a load: the assistant ranks the active entries
read per question (retrieval.py, sources.knowledge_docs), so the next question already finds a loaded entry.

The file reading, row numbering and localized row errors are the reference imports' (server/reference/imports.py);
the xlsx cells go through server/integrations/xlsx.py (text never becomes a formula).
"""

from __future__ import annotations

import io
import re

from flask import current_app
from openpyxl import Workbook
from openpyxl.styles import Font
from sqlalchemy import func, or_, select

from .. import audit
from ..database import unit_of_work
from ..errors import Invalid, LocalizedMessage
from ..extensions import db
from ..i18n import current_language, translate
from ..integrations import xlsx
from ..models import ChatKnowledge
from ..reference import imports as table_import
from ..reference.staff_imports import counts_answer, failure_answer, file_refused, saved_upload

LANGS = ("ru", "kk", "en")
TEXT_FIELDS = ("title", "body")
COLUMNS = (
    "key",
    "topic",
    *(f"{field}_{lang}" for field in TEXT_FIELDS for lang in LANGS),
    "keywords",
    "order",
    "active",
)
REQUIRED_COLUMNS = ("key", "title_ru", "body_ru")
MAX_KEY = 64
MAX_TOPIC = 32
MAX_TITLE = 255
# A body is a chat answer: a few sentences. The limit keeps one answer readable in the chat bubble.
MAX_BODY = 4000
MAX_KEYWORDS = 2000
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
_YES = {"", "1", "yes", "y", "true", "да", "иә", "ия", "+"}
_NO = {"0", "no", "n", "false", "нет", "жоқ", "-"}
_LANGUAGE_COLUMN = re.compile(r"^(title|body)_(\w+)$")
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# ------------------------------------------------------------------------------------------------------- reads


def list_entries(page: int, per_page: int, q: str = "") -> tuple[list[ChatKnowledge], int]:
    """A page of entries (all of them, active or not), in the assistant's order; `q` searches key, titles, topic."""
    base = select(ChatKnowledge)
    if q.strip():
        like = f"%{q.strip().lower()}%"
        base = base.where(
            or_(
                func.lower(ChatKnowledge.key).like(like),
                func.lower(ChatKnowledge.topic).like(like),
                *(func.lower(getattr(ChatKnowledge, f"title_{lang}")).like(like) for lang in LANGS),
            )
        )
    total = db.session.scalar(select(func.count()).select_from(base.subquery())) or 0
    rows = db.session.scalars(
        base.order_by(ChatKnowledge.order, ChatKnowledge.id).offset((page - 1) * per_page).limit(per_page)
    ).all()
    return list(rows), total


def _values(entry: ChatKnowledge) -> dict:
    values = {name: getattr(entry, name) or "" for name in COLUMNS if name not in ("order", "active")}
    values["order"] = entry.order or 0
    values["active"] = bool(entry.is_active)
    return values


def export_bytes() -> bytes:
    """Every entry, one row each, in the import's own columns: the file staff edit and load back."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("knowledge")
    bold = Font(bold=True)
    sheet.append(xlsx.row(sheet, COLUMNS, font=bold))
    lang = current_language()
    yes, no = translate("chat_knowledge_import.yes", lang), translate("chat_knowledge_import.no", lang)
    for entry in db.session.scalars(select(ChatKnowledge).order_by(ChatKnowledge.order, ChatKnowledge.id)):
        values = _values(entry)
        values["active"] = yes if values["active"] else no
        sheet.append(xlsx.row(sheet, [values[name] for name in COLUMNS]))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


# ----------------------------------------------------------------------------------------------- reading a file


def _error(errors: list, number: int, key: str, **params) -> None:
    errors.append(table_import.RowError(f"chat_knowledge_import.{key}", {"row": number, **params}))


def _checked_upload(filename: str, stream) -> bytes:
    """The upload's bytes, or a localized 400: not xlsx/csv, empty, or over the limit (checked before parsing)."""
    name = filename or ""
    if not name.lower().endswith(table_import.SUPPORTED_SUFFIXES):
        message = LocalizedMessage("reference_import.unsupported_file", name=name)
        raise Invalid("reference_import.unsupported_file", errors={"file": [message]}, name=name)
    limit = int(current_app.config.get("CHAT_KNOWLEDGE_IMPORT_MAX_BYTES", DEFAULT_MAX_BYTES))
    data = stream.read(limit + 1)
    if not data:
        message = LocalizedMessage("reference_import.empty_file", name=name)
        raise Invalid("reference_import.empty_file", errors={"file": [message]}, name=name)
    if len(data) > limit:
        mb = round(limit / (1024 * 1024), 1)
        message = LocalizedMessage("files.too_large", label=name, max_mb=mb)
        raise Invalid("files.too_large", errors={"file": [message]}, label=name, max_mb=mb)
    return data


def read_rows(path, known_keys: frozenset[str] = frozenset()) -> list[dict]:
    """The file's entries, checked as a whole; ImportFailed (nothing to write) lists every row's problems. A key
    already stored passes as it is (one typed on the generic ChatKnowledge screen may not follow KEY_PATTERN), so an
    exported file always loads back."""
    headers, table = table_import.read_table(path)
    unknown = sorted(
        {
            match.group(2)
            for header in headers
            if (match := _LANGUAGE_COLUMN.match(header)) and match.group(2) not in LANGS
        }
    )
    if unknown:
        raise table_import.ImportFailed(
            "chat_knowledge_import.unknown_language", languages=", ".join(unknown), allowed=", ".join(LANGS)
        )
    positions = table_import._columns(headers, REQUIRED_COLUMNS)
    errors: list[table_import.RowError] = []
    rows: list[dict] = []
    seen: dict[str, int] = {}
    for number, cells in table:
        value = {name: table_import._get(cells, positions, name) for name in COLUMNS if name in positions}
        key = value.get("key", "")
        if not key:
            errors.append(table_import.RowError("reference_import.required_value", {"row": number, "column": "key"}))
        elif key not in known_keys and (len(key) > MAX_KEY or not KEY_PATTERN.match(key)):
            _error(errors, number, "bad_key", value=key[:80], max=MAX_KEY)
        elif key in seen:
            _error(errors, number, "duplicate_key", value=key, first=seen[key])
        else:
            seen[key] = number
        for column in ("title_ru", "body_ru"):
            if not value.get(column):
                errors.append(
                    table_import.RowError("reference_import.required_value", {"row": number, "column": column})
                )
        limits = {"topic": MAX_TOPIC, "keywords": MAX_KEYWORDS}
        limits.update({f"title_{lang}": MAX_TITLE for lang in LANGS})
        limits.update({f"body_{lang}": MAX_BODY for lang in LANGS})
        for column, limit in limits.items():
            table_import._check_length(errors, number, column, value.get(column, ""), limit)
        order_text = value.get("order", "")
        if order_text and not re.fullmatch(r"-?\d{1,6}", order_text):
            _error(errors, number, "bad_order", value=order_text[:20])
        active_text = value.get("active", "").lower()
        if active_text not in _YES | _NO:
            _error(errors, number, "bad_active", value=active_text[:20])
        rows.append(
            {
                "key": key,
                "topic": value.get("topic") or "general",
                **{f"{field}_{lang}": value.get(f"{field}_{lang}", "") for field in TEXT_FIELDS for lang in LANGS},
                "keywords": value.get("keywords", ""),
                "order": int(order_text) if re.fullmatch(r"-?\d{1,6}", order_text or "") else None,
                "active": active_text not in _NO,
                "_has": set(positions),
            }
        )
    table_import._fail_on(errors)
    return rows


# ----------------------------------------------------------------------------------------------------- writing


def apply_rows(rows: list[dict]) -> table_import.ImportResult:
    """Upserts the rows by key without committing. A column the file lacks (kk, en, order…) keeps the stored value,
    so a file with only the Russian texts does not wipe the translations."""
    result = table_import.ImportResult()
    existing = {entry.key: entry for entry in db.session.scalars(select(ChatKnowledge))}
    next_order = max((entry.order or 0 for entry in existing.values()), default=0)
    for row in rows:
        entry = existing.get(row["key"])
        wanted = {"topic": row["topic"], "keywords": row["keywords"], "is_active": row["active"]}
        wanted.update({f"{field}_{lang}": row[f"{field}_{lang}"] for field in TEXT_FIELDS for lang in LANGS})
        if row["order"] is not None:
            wanted["order"] = row["order"]
        column_of = {"is_active": "active"}
        wanted = {name: value for name, value in wanted.items() if column_of.get(name, name) in row["_has"]}
        if entry is None:
            next_order += 1
            defaults = {"topic": "general", "keywords": "", "is_active": True, "order": next_order}
            defaults.update({f"{field}_{lang}": "" for field in TEXT_FIELDS for lang in ("kk", "en")})
            db.session.add(ChatKnowledge(key=row["key"], **{**defaults, **wanted}))
            result.created += 1
        elif any(getattr(entry, name) != value for name, value in wanted.items()):
            for name, value in wanted.items():
                setattr(entry, name, value)
            result.updated += 1
        else:
            result.unchanged += 1
    keys = {row["key"] for row in rows}
    result.absent = sum(1 for key in existing if key not in keys)
    db.session.flush()
    return result


def _stored_keys() -> frozenset[str]:
    return frozenset(db.session.scalars(select(ChatKnowledge.key)))


def check(filename: str, stream) -> dict:
    """The dry run: what loading would do, or the file's row errors. The upserts run and are rolled back, so the
    counts are exactly the load's."""
    data = _checked_upload(filename, stream)
    try:
        with saved_upload(filename, io.BytesIO(data)) as path:
            rows = read_rows(path, _stored_keys())
        try:
            result = apply_rows(rows)
        finally:
            db.session.rollback()
    except table_import.ImportFailed as error:
        return {"success": True, "valid": False, "counts": None, **failure_answer(error)}
    return {"success": True, "valid": True, "counts": counts_answer(result, len(rows)), "errors": []}


def load(filename: str, stream) -> dict:
    """Loads the file, all or nothing, with one audit row of its counts; a file with errors is a 400 listing them."""
    data = _checked_upload(filename, stream)
    try:
        with saved_upload(filename, io.BytesIO(data)) as path:
            rows = read_rows(path, _stored_keys())
            with unit_of_work():
                result = apply_rows(rows)
                audit.record(
                    "chat.knowledge_import",
                    ("chat_knowledge", None),
                    {"file": path.name, **counts_answer(result, len(rows))},
                )
    except table_import.ImportFailed as error:
        raise file_refused(error) from error
    return {"success": True, "valid": True, "counts": counts_answer(result, len(rows)), "errors": []}
