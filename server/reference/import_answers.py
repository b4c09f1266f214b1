"""The web side of a two-step spreadsheet import from Settings (issue 23, decision 0087): the upload (one xlsx/csv
file in multipart form data) and the answer of the dry run and of the load (counts, or the row errors with their
spreadsheet row numbers).

Public API of the reference domain: its imports (import_views.py) and the assistant's knowledge base
(chat/kb_views.py) read their files the same way (imports.py, staff_imports.py), so they take and answer the same."""

from __future__ import annotations

from flask import request
from marshmallow import fields

from ..common_schemas import BaseSchema, multipart_body
from ..errors import Invalid, LocalizedMessage

UPLOAD_BODY = multipart_body({"file": {"type": "string", "format": "binary", "description": "xlsx or UTF-8 csv"}})


class RowErrorRead(BaseSchema):
    row = fields.Integer(allow_none=True, metadata={"description": "the row number as in the spreadsheet"})
    message = fields.String()


class CountsRead(BaseSchema):
    rows = fields.Integer()
    created = fields.Integer()
    updated = fields.Integer()
    unchanged = fields.Integer()
    absent = fields.Integer(metadata={"description": "rows the database holds and the file lacks (kept as they are)"})


class ImportAnswer(BaseSchema):
    success = fields.Boolean()
    valid = fields.Boolean()
    counts = fields.Nested(CountsRead, allow_none=True)
    message = fields.String(allow_none=True)
    errors = fields.List(fields.Nested(RowErrorRead))
    error_count = fields.Integer()


def uploaded_file():
    """The request's `file`, or a 400 naming the field."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise Invalid("errors.validation", errors={"file": [LocalizedMessage("validation.required")]})
    return upload
