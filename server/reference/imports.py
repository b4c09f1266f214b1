"""Loading reference data from files: the official KATO classifier and registers of educational institutions.

`import_kato` and `import_institutions` are use cases: each reads and validates the whole file first, then writes
everything in one transaction (all-or-nothing). A bad file raises ImportFailed, carrying catalogue keys
(server/i18n) so the command can report them in the operator's language, and nothing is written.
`apply_kato_rows` and `apply_institution_rows` do the upserts without committing; the seeds reuse them.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import select, update

from .. import audit
from ..database import unit_of_work
from ..extensions import db
from ..i18n import translate
from ..models import INSTITUTION_TYPES, EducationalInstitution, Kato
from ..models.reference import is_kato_code, kato_parent_candidates

log = logging.getLogger(__name__)

SUPPORTED_SUFFIXES = (".xlsx", ".csv")
MAX_REPORTED_ERRORS = 50

# The layout of the classifier published by the Bureau of National Statistics (stat.gov.kz): `te` carries the full
# 9-digit code and ab/cd/ef/hij its parts (region, district, rural district, settlement); k is the object kind.
KATO_COLUMNS = ("te", "ab", "cd", "ef", "hij", "k", "name_kaz", "name_rus")
KATO_ENGLISH_NAME_COLUMNS = ("name_eng", "name_en")  # optional; the first one present is read

INSTITUTION_REQUIRED_COLUMNS = ("name", "region")
INSTITUTION_OPTIONAL_COLUMNS = ("district", "address", "type", "kato_code")
# Header spellings accepted for institution registers (lower-cased, trimmed).
INSTITUTION_HEADER_ALIASES = {
    "name": "name",
    "наименование": "name",
    "название": "name",
    "атауы": "name",
    "region": "region",
    "регион": "region",
    "область": "region",
    "өңір": "region",
    "облыс": "region",
    "district": "district",
    "district/city": "district",
    "район": "district",
    "район/город": "district",
    "аудан": "district",
    "аудан/қала": "district",
    "city": "district",
    "город": "district",
    "address": "address",
    "адрес": "address",
    "мекенжай": "address",
    "type": "type",
    "тип": "type",
    "түрі": "type",
    "kato": "kato_code",
    "kato_code": "kato_code",
    "като": "kato_code",
    "код като": "kato_code",
}
# Institution type spellings (ru/kk/en) -> INSTITUTION_TYPES.
INSTITUTION_TYPE_ALIASES = {
    **{t: t for t in INSTITUTION_TYPES},
    "школа": "school",
    "мектеп": "school",
    "общеобразовательная школа": "school",
    "лицей": "lyceum",
    "гимназия": "gymnasium",
    "колледж": "college",
    "высший колледж": "college",
    "техникум": "college",
    "университет": "university",
    "вуз": "university",
    "институт": "university",
    "академия": "university",
    "жоо": "university",
    "жоғары оқу орны": "university",
    "другое": "other",
    "басқа": "other",
}


@dataclass
class RowError:
    key: str
    params: dict = field(default_factory=dict)

    def message(self, lang: str | None = None) -> str:
        return translate(self.key, lang, **self.params)


class ImportFailed(Exception):
    """The file cannot be imported; nothing was written. `errors` lists the problems per row, if any."""

    def __init__(self, key: str, errors: list[RowError] | None = None, **params):
        super().__init__(key)
        self.key = key
        self.params = params
        self.errors = errors or []

    def message(self, lang: str | None = None) -> str:
        return translate(self.key, lang, **self.params)


@dataclass
class ImportResult:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    pruned: int = 0
    absent: int = 0  # rows in the database that the file does not contain (kept unless pruned)
    skipped: int = 0  # rows already in the database with a malformed key (left untouched, never a crash)

    @property
    def total(self) -> int:
        return self.created + self.updated + self.unchanged


# ----------------------------------------------------------------------------------------------- reading files


def cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return str(value).strip()


def _read_xlsx(path: Path) -> list[list[str]]:
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        raise ImportFailed("reference_import.unreadable_file", name=path.name, reason=type(error).__name__) from error
    try:
        sheet = workbook.worksheets[0]
        return [[cell_text(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    finally:
        workbook.close()


def _read_csv(path: Path) -> list[list[str]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportFailed("reference_import.unreadable_file", name=path.name, reason="not UTF-8 text") from error
    if "\x00" in text:
        raise ImportFailed("reference_import.unreadable_file", name=path.name, reason="binary content")
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    try:
        return [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    except csv.Error as error:
        raise ImportFailed("reference_import.unreadable_file", name=path.name, reason=str(error)) from error


def read_table(path: str | Path) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """(lower-cased headers, [(row number as the operator sees it, cells)]) of the first sheet; blank rows skipped."""
    path = Path(path)
    if path.suffix.lower() not in SUPPORTED_SUFFIXES:
        raise ImportFailed("reference_import.unsupported_file", name=path.name)
    if not path.is_file():
        raise ImportFailed("reference_import.file_not_found", name=str(path))
    table = _read_xlsx(path) if path.suffix.lower() == ".xlsx" else _read_csv(path)
    header_index = next((i for i, row in enumerate(table) if any(row)), None)
    if header_index is None:
        raise ImportFailed("reference_import.empty_file", name=path.name)
    headers = [cell.strip().lower() for cell in table[header_index]]
    rows = [(number, row) for number, row in enumerate(table[header_index + 1 :], start=header_index + 2) if any(row)]
    if not rows:
        raise ImportFailed("reference_import.empty_file", name=path.name)
    return headers, rows


def _columns(headers: list[str], required: tuple[str, ...], aliases: dict[str, str] | None = None) -> dict[str, int]:
    positions: dict[str, int] = {}
    for index, header in enumerate(headers):
        name = aliases.get(header, header) if aliases is not None else header
        if name and name not in positions:
            positions[name] = index
    missing = [name for name in required if name not in positions]
    if missing:
        raise ImportFailed("reference_import.missing_columns", columns=", ".join(missing))
    return positions


def _get(row: list[str], positions: dict[str, int], name: str) -> str:
    index = positions.get(name)
    return row[index].strip() if index is not None and index < len(row) else ""


def _check_length(errors: list[RowError], number: int, column: str, value: str, limit: int) -> None:
    if len(value) > limit:
        errors.append(RowError("reference_import.too_long", {"row": number, "column": column, "max": limit}))


def _fail_on(errors: list[RowError]) -> None:
    if errors:
        raise ImportFailed("reference_import.row_errors", errors[:MAX_REPORTED_ERRORS], count=len(errors))


# ------------------------------------------------------------------------------------------------------- KATO


_ASCII_DIGITS = re.compile(r"[0-9]+")


def kato_code_from_parts(te: str, ab: str, cd: str, ef: str, hij: str) -> str | None:
    """The 9-digit code: `te` when it holds the full code, else AB CD EF HIJ assembled from the parts."""
    if is_kato_code(te):
        return te
    parts = (ab, cd, ef, hij)
    if all(_ASCII_DIGITS.fullmatch(part) for part in parts):
        code = ab.zfill(2) + cd.zfill(2) + ef.zfill(2) + hij.zfill(3)
        if is_kato_code(code) and code != "000000000":
            return code
    return None


def read_kato_file(path: str | Path) -> list[dict]:
    headers, rows = read_table(path)
    positions = _columns(headers, KATO_COLUMNS)
    errors: list[RowError] = []
    by_code: dict[str, dict] = {}
    for number, row in rows:
        te, ab, cd, ef, hij = (_get(row, positions, name) for name in ("te", "ab", "cd", "ef", "hij"))
        code = kato_code_from_parts(te, ab, cd, ef, hij)
        name_ru = _get(row, positions, "name_rus")
        name_kk = _get(row, positions, "name_kaz")
        name_en = next(filter(None, (_get(row, positions, name) for name in KATO_ENGLISH_NAME_COLUMNS)), "")
        if code is None:
            errors.append(
                RowError("reference_import.bad_kato_code", {"row": number, "value": te or ab + cd + ef + hij})
            )
            continue
        if not name_ru:
            errors.append(RowError("reference_import.required_value", {"row": number, "column": "name_rus"}))
            continue
        for column, value in (("name_rus", name_ru), ("name_kaz", name_kk), ("name_eng", name_en)):
            _check_length(errors, number, column, value, 255)
        by_code[code] = {"code": code, "name_ru": name_ru, "name_kk": name_kk, "name_en": name_en}
    _fail_on(errors)
    return list(by_code.values())


def apply_kato_rows(rows: list[dict], prune: bool = False, update_existing: bool = True) -> ImportResult:
    """Upserts nodes by code and derives parent_id and level from the code structure. Does not commit.

    Without prune, nodes already in the database that `rows` lack are kept (and counted as absent); with prune
    they are deleted and institutions pointing at them lose the link. With update_existing=False (the seed) the
    names of nodes already present are left as they are. Rows whose code is not 9 digits raise ImportFailed;
    nodes already in the database with such a code (written before codes were checked) are skipped and logged.
    """
    bad = [
        RowError("reference_import.bad_kato_code", {"row": number, "value": str(row.get("code"))[:20]})
        for number, row in enumerate(rows, start=1)
        if not is_kato_code(row.get("code"))
    ]
    _fail_on(bad)
    result = ImportResult()
    existing = {}
    for node in db.session.scalars(select(Kato)):
        if is_kato_code(node.code):
            existing[node.code] = node
        else:
            result.skipped += 1
            log.warning("KATO node with a malformed code skipped", extra={"kato_id": node.id, "code": node.code[:20]})
    incoming = {row["code"] for row in rows}
    for row in rows:
        node = existing.get(row["code"])
        values = {"name_ru": row["name_ru"], "name_kk": row.get("name_kk") or ""}
        if row.get("name_en") or node is None:  # the official file has no English names: keep the ones we have
            values["name_en"] = row.get("name_en") or ""
        if node is None:
            node = Kato(code=row["code"], **values)
            db.session.add(node)
            existing[node.code] = node
            result.created += 1
        elif not update_existing:
            result.unchanged += 1
        elif any(getattr(node, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(node, name, value)
            result.updated += 1
        else:
            result.unchanged += 1
    stale = sorted(code for code in existing if code not in incoming)
    if prune:
        kept = {code: node for code, node in existing.items() if code in incoming}
    else:
        kept = existing
        result.absent = len(stale)
    db.session.flush()

    # Parents come before their children in code order (a parent code is the child's with trailing parts zeroed).
    levels: dict[str, int] = {}
    for code in sorted(kept):
        node = kept[code]
        parent_code = next((c for c in kato_parent_candidates(code) if c in kept), None)
        parent_id = kept[parent_code].id if parent_code else None
        level = levels[parent_code] + 1 if parent_code else 1
        levels[code] = level
        if node.parent_id != parent_id:
            node.parent_id = parent_id
        if node.level != level:
            node.level = level
    db.session.flush()

    if prune and stale:
        stale_ids = [existing[code].id for code in stale]
        for start in range(0, len(stale_ids), 500):
            chunk = stale_ids[start : start + 500]
            db.session.execute(
                update(EducationalInstitution).where(EducationalInstitution.kato_id.in_(chunk)).values(kato_id=None)
            )
            db.session.execute(update(Kato).where(Kato.parent_id.in_(chunk)).values(parent_id=None))
        for code in stale:
            db.session.delete(existing[code])
        result.pruned = len(stale)
        db.session.flush()
    return result


def import_kato(path: str | Path, prune: bool = False) -> ImportResult:
    """Loads the official classifier (xlsx, or the same columns as csv). All-or-nothing."""
    rows = read_kato_file(path)
    with unit_of_work():
        result = apply_kato_rows(rows, prune=prune)
        _audit_import("reference.import_kato", "kato", path, result)
        return result


# ------------------------------------------------------------------------------------- educational institutions


def normalise_institution_type(value: str) -> str | None:
    return INSTITUTION_TYPE_ALIASES.get(value.strip().lower()) if value.strip() else "other"


def read_institutions_file(path: str | Path) -> list[dict]:
    headers, rows = read_table(path)
    positions = _columns(headers, INSTITUTION_REQUIRED_COLUMNS, INSTITUTION_HEADER_ALIASES)
    kato_ids = dict(db.session.execute(select(Kato.code, Kato.id)).all())
    errors: list[RowError] = []
    by_key: dict[tuple[str, str], dict] = {}
    for number, row in rows:
        values = {
            name: _get(row, positions, name) for name in INSTITUTION_REQUIRED_COLUMNS + INSTITUTION_OPTIONAL_COLUMNS
        }
        row_errors: list[RowError] = []
        for name in INSTITUTION_REQUIRED_COLUMNS:
            if not values[name]:
                row_errors.append(RowError("reference_import.required_value", {"row": number, "column": name}))
        for name, limit in (("name", 500), ("region", 255), ("district", 255), ("address", 500)):
            _check_length(row_errors, number, name, values[name], limit)
        kind = normalise_institution_type(values["type"])
        if kind is None:
            row_errors.append(
                RowError(
                    "reference_import.unknown_institution_type",
                    {"row": number, "value": values["type"], "allowed": ", ".join(INSTITUTION_TYPES)},
                )
            )
        kato_id = None
        if values["kato_code"]:
            code = values["kato_code"]
            if not (code.isdigit() and len(code) == 9):
                row_errors.append(RowError("reference_import.bad_kato_code", {"row": number, "value": code}))
            elif code not in kato_ids:
                row_errors.append(RowError("reference_import.unknown_kato", {"row": number, "value": code}))
            else:
                kato_id = kato_ids[code]
        if row_errors:
            errors += row_errors
            continue
        item = {
            "name": values["name"],
            "region": values["region"],
            "district": values["district"],
            "address": values["address"],
            "type": kind,
        }
        if "kato_code" in positions:  # without the column, links set earlier are kept
            item["kato_id"] = kato_id
        by_key[(values["name"], values["region"])] = item
    _fail_on(errors)
    return list(by_key.values())


def apply_institution_rows(rows: list[dict]) -> ImportResult:
    """Upserts institutions by (name, region). Does not commit."""
    result = ImportResult()
    existing = {(row.name, row.region): row for row in db.session.scalars(select(EducationalInstitution))}
    for row in rows:
        key = (row["name"], row["region"])
        values = {
            "district": row.get("district") or "",
            "address": row.get("address") or "",
            "type": row.get("type") or "other",
        }
        if "kato_id" in row:
            values["kato_id"] = row["kato_id"]
        institution = existing.get(key)
        if institution is None:
            institution = EducationalInstitution(name=row["name"], region=row["region"], **values)
            db.session.add(institution)
            existing[key] = institution
            result.created += 1
        elif any(getattr(institution, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(institution, name, value)
            result.updated += 1
        else:
            result.unchanged += 1
    db.session.flush()
    return result


def import_institutions(path: str | Path) -> ImportResult:
    """Loads a register of educational institutions (xlsx or csv). All-or-nothing."""
    rows = read_institutions_file(path)
    with unit_of_work():
        result = apply_institution_rows(rows)
        _audit_import("reference.import_institutions", "educational_institution", path, result)
        return result


def _audit_import(action: str, kind: str, path: str | Path, result: ImportResult) -> None:
    """One audit row per applied import (decision 0079), with its counts: the rows themselves are thousands."""
    audit.record(
        action,
        (kind, None),
        {
            "file": Path(path).name,
            "created": result.created,
            "updated": result.updated,
            "unchanged": result.unchanged,
            "pruned": result.pruned,
        },
    )


# The Settings screen's imports (staff_imports.py) write the same audit row as the command.
audit_import = _audit_import
