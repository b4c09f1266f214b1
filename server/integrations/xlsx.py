"""The cells of every xlsx file the portal writes (issue 22, finding 7: formula injection). Queue exports, the
residents export and the grant holders' template go through `cell` (write-only sheets) or `put` (an ordinary
sheet's cell), so text typed by an applicant, imported from a partner's list or entered by staff is always a cell
of text, shown as typed and never evaluated.

Text starting like a formula (`= + - @`, tab or carriage return) is written as a string cell (openpyxl would
otherwise store text starting with "=" as a live formula) with the quotePrefix style. quotePrefix is what Excel
itself records when someone types a leading apostrophe: the apostrophe is not shown, the text is, and the cell
stays text when it is edited (without it, pressing F2 and Enter in Excel turns `=HYPERLINK(…)` into a formula and
`+77011234567` into a number). Excel and LibreOffice Calc both show a string cell as the text it holds; the value
itself is not altered (no visible apostrophe in front of every phone number), so a copied e-mail or phone is
exactly what was typed. Numbers, dates, booleans and empty cells are left as they are, typed.
"""

from __future__ import annotations

from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

# Excel, LibreOffice Calc and Google Sheets read these as the start of a formula; tab and CR do so once the sheet is
# saved as CSV and opened again (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(text: str) -> bool:
    return text.startswith(FORMULA_STARTS)


def put(target, value, font=None):
    """Writes `value` into `target` (an ordinary sheet's cell or a WriteOnlyCell) as data, never as a formula."""
    if isinstance(value, str):
        # Control characters XML cannot hold would make openpyxl refuse the whole file.
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
        target.value = value
        target.data_type = "s"
        if is_formula_like(value):
            target.quotePrefix = True
    else:
        target.value = value
    if font is not None:
        target.font = font
    return target


def cell(sheet, value, font=None):
    """`value` ready for `sheet.append` on a write-only sheet. Plain text and non-text values go as they are (no
    cell object per value: a queue export writes millions of them); text that needs the string type and the
    quote prefix, or a styled value, becomes a WriteOnlyCell."""
    if font is None:
        if not isinstance(value, str):
            return value
        if not value.startswith(FORMULA_STARTS) and not ILLEGAL_CHARACTERS_RE.search(value):
            return value
    return put(WriteOnlyCell(sheet), value, font)


def row(sheet, values, font=None) -> list:
    """A row of `cell`s for `sheet.append`."""
    if font is None:
        # Most cells of a wide export are empty: only text is looked at.
        return [cell(sheet, value) if isinstance(value, str) else value for value in values]
    return [cell(sheet, value, font) for value in values]
