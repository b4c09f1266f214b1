"""Settings → reference imports (issue 23, decision 0087): KATO and educational institutions from an xlsx/csv file,
previewed then applied. Thin: staff_imports.py reads, checks, dry-runs and applies; imports.py does the work."""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import fields

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import Invalid
from ..models import ADMIN_ROLES
from . import staff_imports
from .import_answers import UPLOAD_BODY, ImportAnswer, uploaded_file

bp = Blueprint(
    "reference_imports",
    __name__,
    url_prefix="/api/v1/admin/reference-imports",
    description="Settings: reference imports",
)
SECURITY = [{"bearerAuth": []}]


class ReferenceImportAnswer(ImportAnswer):
    """The shared answer, naming what the file held (kato or institutions)."""

    kind = fields.String()


def _kind(kind: str) -> str:
    if kind not in staff_imports.KINDS:
        raise Invalid("validation.one_of", errors={"kind": ["validation.one_of"]})
    return kind


@bp.post("/<kind>/preview")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ReferenceImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, or an unknown kind")
def preview(kind: str):
    """What applying the file would do (counts), or its row errors; nothing is written."""
    upload = uploaded_file()
    return staff_imports.preview(_kind(kind), upload.filename, upload.stream)


@bp.post("/<kind>/apply")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ReferenceImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, an unknown kind, or a file with errors")
def apply(kind: str):
    """Imports the file, all or nothing, with one audit row of its counts."""
    upload = uploaded_file()
    return staff_imports.apply(_kind(kind), upload.filename, upload.stream)
