"""The state-grant holders list and the applicant's scholarship result (req §4 step 7; design §8; decision 0064).

Admissions staff ('Админ (граждане КЗ)') import the official list of one admission year as an xlsx file in the
template of `template_bytes()`: columns IIN, full name, programme group code, grant kind. Every row is checked
(IIN check digit, required cells, an IIN once per file); any bad row refuses the whole file with the row numbers,
and a good file replaces that year's list in one transaction. The check matches the IIN the credit bureau confirmed
for the applicant (never a typed one, issue 22) against the list of the application's admission year; an
application waiting for the result (step 6) takes the grant_result transition of the state machine.
"""

from __future__ import annotations

import io
import logging
import zipfile
from dataclasses import dataclass

from ..applications import dao as applications_dao
from ..applications import events_dao, workflow
from ..applications import operations as applications_service
from ..database import unit_of_work
from ..errors import Conflict, Invalid, LocalizedMessage, Refused
from ..forms.masks import iin_valid
from ..i18n import translate
from ..models import GovGrantHolder, User
from ..models.application import STEP_PHYSICAL_DOCUMENTS
from ..pkb import dao as pkb_dao
from ..reference.imports import cell_text
from . import dao

log = logging.getLogger(__name__)

MAX_ROWS = 100_000
AWARDED_ELSEWHERE = workflow.guards.grant_not_awarded_elsewhere.refusal[1]
MAX_REPORTED_ERRORS = 200
DEFAULT_MAX_BYTES = 10 * 1024 * 1024
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# (column, width in characters, max length); the header texts are gov_grants.column.<column> in ru / en.
COLUMNS = (("iin", 16, 12), ("full_name", 48, 255), ("programme_group", 22, 32), ("grant_kind", 36, 100))
# Header spellings read back (lower-cased): the template's own "ru / en" headers and the usual short forms.
HEADER_ALIASES = {
    "iin": ("иин", "iin", "жсн"),
    "full_name": ("фио", "full name", "full_name", "аты-жөні", "ф.и.о."),
    "programme_group": (
        "код группы образовательных программ",
        "группа образовательных программ",
        "programme group code",
        "programme group",
        "programme_group",
        "білім беру бағдарламалары тобының коды",
    ),
    "grant_kind": ("вид гранта", "grant kind", "grant_kind", "грант түрі"),
}


def _header_text(column: str) -> str:
    return f"{translate(f'gov_grants.column.{column}', 'ru')} / {translate(f'gov_grants.column.{column}', 'en')}"


def _column_of(header: str) -> str | None:
    text = " ".join(header.strip().lower().split())
    for column, aliases in HEADER_ALIASES.items():
        if text == _header_text(column).lower() or text in aliases:
            return column
    return None


@dataclass
class ImportResult:
    year: int
    imported: int
    replaced: int


# -------------------------------------------------------------------------------------------------- template


def template_bytes() -> bytes:
    """The empty template: the header row on the first sheet (IIN column formatted as text, so Excel keeps leading
    zeros) and a second sheet explaining each column in Russian, Kazakh and English."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    from ..integrations import xlsx  # every written cell goes through it (issue 22, finding 7)

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "grant_holders"
    for index, (column, width, _limit) in enumerate(COLUMNS, start=1):
        cell = xlsx.put(sheet.cell(row=1, column=index), _header_text(column), font=Font(bold=True))
        sheet.column_dimensions[cell.column_letter].width = width
    for row in range(2, 1002):
        sheet.cell(row=row, column=1).number_format = "@"
    sheet.freeze_panes = "A2"
    help_sheet = workbook.create_sheet("README")
    for lang_index, lang in enumerate(("ru", "kk", "en")):
        xlsx.put(
            help_sheet.cell(row=1 + lang_index * 6, column=1),
            translate("gov_grants.template_help", lang),
            font=Font(bold=True),
        )
        for offset, (column, _width, limit) in enumerate(COLUMNS, start=1):
            xlsx.put(
                help_sheet.cell(row=1 + lang_index * 6 + offset, column=1),
                translate(f"gov_grants.column.{column}", lang),
            )
            xlsx.put(
                help_sheet.cell(row=1 + lang_index * 6 + offset, column=2),
                translate(f"gov_grants.column_help.{column}", lang, max=limit),
            )
    help_sheet.column_dimensions["A"].width = 40
    help_sheet.column_dimensions["B"].width = 90
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------------- import


def _iin_text(value) -> str:
    # A cell typed as a number loses the leading zero of IINs of people born in 2000-2009: 12 digits are restored.
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12:
        return f"{value:012d}"
    if isinstance(value, float) and value.is_integer() and 0 <= value < 10**12:
        return f"{int(value):012d}"
    return cell_text(value)


def _open_workbook(data: bytes):
    """openpyxl in read-only mode: the sheet is streamed, never loaded whole."""
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError, IndexError):
        raise Invalid("gov_grants.unreadable_file", errors={"file": ["gov_grants.unreadable_file"]}) from None
    return workbook


def read_rows(data: bytes) -> list[tuple[int, dict, list[tuple[str, str, dict]]]]:
    """Every data row of the file: (row number, values, problems as (column, reason, params)). Refuses the whole
    file only for what no row can show: unreadable, no header, missing columns, empty, too many rows."""
    workbook = _open_workbook(data)
    try:
        if not workbook.worksheets:
            raise Refused("gov_grants.empty_file", errors={"file": ["gov_grants.empty_file"]})
        rows_iter = workbook.worksheets[0].iter_rows(values_only=True)
        positions: dict[str, int] | None = None
        rows: list[tuple[int, dict, list]] = []
        first_seen: dict[str, int] = {}
        for number, row in enumerate(rows_iter, start=1):
            cells = list(row or ())
            if not any(cell_text(cell) for cell in cells):
                continue
            if positions is None:
                positions = _header(cells)
                continue
            if len(rows) >= MAX_ROWS:
                raise Refused(
                    "gov_grants.too_many_rows",
                    errors={"file": [LocalizedMessage("gov_grants.too_many_rows", max=MAX_ROWS)]},
                    max=MAX_ROWS,
                )
            values, problems = _row(cells, positions, first_seen, number)
            rows.append((number, values, problems))
        if positions is None or not rows:
            raise Refused("gov_grants.empty_file", errors={"file": ["gov_grants.empty_file"]})
        return rows
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError) as error:
        # A damaged sheet part shows only while streaming the rows.
        log.warning("grant list unreadable while reading rows", extra={"error": type(error).__name__})
        raise Invalid("gov_grants.unreadable_file", errors={"file": ["gov_grants.unreadable_file"]}) from None
    finally:
        workbook.close()


def row_message(number: int, column: str, reason: str, params: dict) -> LocalizedMessage:
    """One problem of one row, in the caller's language: "Row 5, IIN: ..." (gov_grants.row_error)."""
    return LocalizedMessage(
        "gov_grants.row_error",
        row=number,
        column=translate(f"gov_grants.column.{column}"),
        reason=translate(f"gov_grants.reason.{reason}", **params),
    )


def _parse(data: bytes) -> tuple[list[dict], list[tuple[int, LocalizedMessage]]]:
    records: list[dict] = []
    errors: list[tuple[int, LocalizedMessage]] = []
    for number, values, problems in read_rows(data):
        if problems:
            errors.extend((number, row_message(number, *problem)) for problem in problems)
        else:
            records.append(values)
    return records, errors


def _header(cells: list) -> dict[str, int]:
    positions: dict[str, int] = {}
    for index, cell in enumerate(cells):
        column = _column_of(cell_text(cell))
        if column and column not in positions:
            positions[column] = index
    missing = [column for column, _w, _l in COLUMNS if column not in positions]
    if missing:
        names = ", ".join(translate(f"gov_grants.column.{column}") for column in missing)
        raise Refused(
            "gov_grants.missing_columns",
            errors={"file": [LocalizedMessage("gov_grants.missing_columns", columns=names)]},
            columns=names,
        )
    return positions


def _row(cells: list, positions: dict[str, int], first_seen: dict[str, int], number: int):
    def cell(column):
        index = positions[column]
        return cells[index] if index < len(cells) else None

    values = {"iin": _iin_text(cell("iin"))}
    for column in ("full_name", "programme_group", "grant_kind"):
        values[column] = " ".join(cell_text(cell(column)).split())
    problems: list[tuple[str, str, dict]] = []
    iin = values["iin"]
    if not iin:
        problems.append(("iin", "required", {}))
    elif not (len(iin) == 12 and iin.isascii() and iin.isdigit()):
        problems.append(("iin", "iin_format", {}))
    elif not iin_valid(iin):
        problems.append(("iin", "iin_check", {}))
    elif iin in first_seen:
        problems.append(("iin", "duplicate", {"other": first_seen[iin]}))
    else:
        first_seen[iin] = number
    for column, _width, limit in COLUMNS[1:]:
        if not values[column]:
            problems.append((column, "required", {}))
        elif len(values[column]) > limit:
            problems.append((column, "too_long", {"max": limit}))
    return values, problems


def import_list(actor: User, year: int, stream, file_name: str = "grants.xlsx") -> ImportResult:
    """The one-call import: kept as an applied import (issue 23), so it shows in the past imports and can be undone."""
    from . import imports  # imports.py builds on this module's reading of the file

    data = imports.read_upload(stream)
    result = imports.import_directly(actor, year, file_name, data)
    log.info("grant holders imported", extra={"year": year, "imported": result.imported, "replaced": result.replaced})
    return ImportResult(year=year, imported=result.imported, replaced=result.replaced)


# ----------------------------------------------------------------------------------------- scholarship result


def applicant_iin(application) -> str | None:
    """The IIN the credit bureau confirmed for the applicant; never one typed into the questionnaire (issue 22: a
    typed IIN let anyone claim, or look up, another person's grant)."""
    return workflow.guards.bureau_iin(application)


@dataclass
class ScholarshipResult:
    year: int
    published: bool
    awarded: bool
    grant: GovGrantHolder | None  # only the applicant's own award; None otherwise


def check_scholarship(user: User, application_id: int) -> ScholarshipResult:
    """The applicant's own result, from the grant step on (step 6: waiting; 7 and later: recorded). An application
    waiting at step 6 moves to 7 (grant_result) once the year's list is published; until then the answer says
    `published: false` (pending) and nothing changes. Order of refusals: 404 not the caller's application, 409
    withdrawn or before the grant step, 422 no bureau data."""
    application = applications_service.get_owned(user, application_id)
    if not application.is_active:
        raise Conflict("applications.archived")
    if application.current_step < STEP_PHYSICAL_DOCUMENTS:
        raise Conflict("gov_scholarship.not_at_grant_step")
    iin = applicant_iin(application)
    if iin is None:
        raise Refused("gov_scholarship.iin_unknown")
    year = applications_dao.get_term(application.term_id).year
    published = dao.list_published(year)
    grant = dao.holder(year, iin) if published else None
    if published and application.current_step == STEP_PHYSICAL_DOCUMENTS:
        record_result(application, iin, awarded=grant is not None)
    recorded = events_dao.latest(application.id, "grant_result")
    # Once recorded, the result is what the state machine's guards act on (choose_program, continue_paid).
    awarded = bool((recorded.data or {}).get("awarded")) if recorded is not None else grant is not None
    return ScholarshipResult(year=year, published=published, awarded=awarded, grant=grant if awarded else None)


def record_result(application, iin: str, *, awarded: bool) -> None:
    """grant_result (6 -> 7) through the state machine, which decides whether it applies now (the step, the
    population, an archived application, an award already recorded for this IIN...). Polls that come later, or at
    the same time, find it taken: the result is recorded once (decision 0060: concurrent duplicates advance once).
    The IIN is locked first, so two applications of one IIN never both take an award (issue 22)."""
    actor = workflow.Actor.system("gov_scholarship")
    if "grant_result" not in workflow.available_transitions(application, actor):
        return
    try:
        with unit_of_work():
            pkb_dao.lock_iin(iin)
            workflow.transition(application, "grant_result", actor=actor, data={"awarded": awarded})
    except Conflict as refusal:
        if refusal.key == AWARDED_ELSEWHERE:
            log.warning(
                "scholarship result held: the IIN's grant is recorded on another application",
                extra={"application_id": application.id},
            )
            raise
        return  # a concurrent poll recorded it first
    log.info("scholarship result recorded", extra={"application_id": application.id, "awarded": awarded})
