"""Settings → reference imports (issue 23, decision 0087): KATO and educational institutions from an xlsx/csv file,
previewed then applied. Thin: staff_imports.py reads, checks, dry-runs and applies; imports.py does the work."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import fields

from ..access import login_required
from ..common_schemas import BaseSchema, ErrorEnvelope
from ..errors import Invalid
from ..models import ADMIN_ROLES
from . import staff_imports

bp = Blueprint(
    "reference_imports",
    __name__,
    url_prefix="/api/v1/admin/reference-imports",
    description="Settings: reference imports",
)
SECURITY = [{"bearerAuth": []}]
UPLOAD_BODY = {
    "required": True,
    "content": {
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "required": ["file"],
                "properties": {"file": {"type": "string", "format": "binary", "description": "xlsx or UTF-8 csv"}},
            }
        }
    },
}


class RowErrorRead(BaseSchema):
    row = fields.Integer(allow_none=True, metadata={"description": "the row number as in the spreadsheet"})
    message = fields.String()


class CountsRead(BaseSchema):
    rows = fields.Integer()
    created = fields.Integer()
    updated = fields.Integer()
    unchanged = fields.Integer()
    absent = fields.Integer(metadata={"description": "KATO: codes in the database the file lacks (kept)"})


class ImportAnswer(BaseSchema):
    success = fields.Boolean()
    kind = fields.String()
    valid = fields.Boolean()
    counts = fields.Nested(CountsRead, allow_none=True)
    message = fields.String(allow_none=True)
    errors = fields.List(fields.Nested(RowErrorRead))
    error_count = fields.Integer()


def _file():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise Invalid("errors.validation", errors={"file": ["validation.required"]})
    return upload


def _kind(kind: str) -> str:
    if kind not in staff_imports.KINDS:
        raise Invalid("validation.one_of", errors={"kind": ["validation.one_of"]})
    return kind


@bp.post("/<kind>/preview")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, or an unknown kind")
def preview(kind: str):
    """What applying the file would do (counts), or its row errors; nothing is written."""
    upload = _file()
    return staff_imports.preview(_kind(kind), upload.filename, upload.stream)


@bp.post("/<kind>/apply")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, an unknown kind, or a file with errors")
def apply(kind: str):
    """Imports the file, all or nothing, with one audit row of its counts."""
    upload = _file()
    return staff_imports.apply(_kind(kind), upload.filename, upload.stream)
