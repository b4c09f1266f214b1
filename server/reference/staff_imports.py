"""Reference imports from Settings (issue 23, decision 0087): KATO and educational institutions, first a preview
then apply, from the same xlsx/csv files as `flask import-kato` / `flask import-institutions` (imports.py).

Stateless: the preview reads and checks the whole file and runs the upserts in a transaction that is rolled back,
so its counts (added / updated / unchanged, and codes the file lacks) are exactly what applying would do; applying
sends the same file again and commits. A file that cannot be imported answers its row errors (row numbers as in the
spreadsheet, at most imports.MAX_REPORTED_ERRORS, in the caller's language) and nothing is written.
"""

from __future__ import annotations

import re
import tempfile
from contextlib import contextmanager
from pathlib import Path

from ..database import unit_of_work
from ..errors import Invalid
from ..extensions import db
from ..i18n import current_language
from . import imports

KINDS = {
    "kato": (imports.read_kato_file, imports.apply_kato_rows, "reference.import_kato", "kato"),
    "institutions": (
        imports.read_institutions_file,
        imports.apply_institution_rows,
        "reference.import_institutions",
        "educational_institution",
    ),
}


# saved_upload, failure_answer, counts_answer and file_refused are public: the assistant's knowledge base imports its
# spreadsheet the same way (chat/kb_imports.py).


@contextmanager
def saved_upload(filename: str, stream):
    """The upload as a temporary file named as uploaded (imports.read_table reads xlsx or csv by the suffix, and its
    messages name the file), removed afterwards."""
    name = re.sub(r"[^\w.\- ]+", "_", Path(filename or "").name).strip(" .") or "upload"
    with tempfile.TemporaryDirectory(prefix="reference-import-") as folder:
        path = Path(folder) / name
        with path.open("wb") as target:
            while chunk := stream.read(1 << 16):
                target.write(chunk)
        yield path


def failure_answer(error: imports.ImportFailed) -> dict:
    """The answer's message and row errors (at most imports.MAX_REPORTED_ERRORS) in the caller's language."""
    lang = current_language()
    return {
        "message": error.message(lang),
        "errors": [{"row": item.params.get("row"), "message": item.message(lang)} for item in error.errors],
        "error_count": error.params.get("count", len(error.errors)),
    }


def counts_answer(result: imports.ImportResult, rows: int) -> dict:
    return {
        "rows": rows,
        "created": result.created,
        "updated": result.updated,
        "unchanged": result.unchanged,
        "absent": result.absent,
    }


def file_refused(error: imports.ImportFailed) -> Invalid:
    """The 400 of a load whose file has errors: the message and each row's error under `file`; nothing was written."""
    failure = failure_answer(error)
    messages = [failure["message"], *(item["message"] for item in failure["errors"])]
    return Invalid(error.key, errors={"file": messages}, **error.params)


def preview(kind: str, filename: str, stream) -> dict:
    read, apply_rows, _action, _target = KINDS[kind]
    try:
        with saved_upload(filename, stream) as path:
            rows = read(path)
        try:
            result = apply_rows(rows)
        finally:
            db.session.rollback()  # a dry run: nothing of it stays, nor its audit notes
    except imports.ImportFailed as error:
        return {"success": True, "kind": kind, "valid": False, "counts": None, **failure_answer(error)}
    return {"success": True, "kind": kind, "valid": True, "counts": counts_answer(result, len(rows)), "errors": []}


def apply(kind: str, filename: str, stream) -> dict:
    """Applies the file (all or nothing) with one audit row of its counts; a bad file is a 400 with its row errors."""
    read, apply_rows, action, target = KINDS[kind]
    try:
        with saved_upload(filename, stream) as path:
            rows = read(path)
            with unit_of_work():
                result = apply_rows(rows)
                imports.audit_import(action, target, path, result)
    except imports.ImportFailed as error:
        raise file_refused(error) from error
    return {"success": True, "kind": kind, "valid": True, "counts": counts_answer(result, len(rows)), "errors": []}
