"""The state-grant holders list (staff import, template) and the applicant's scholarship check (req §4, §7)."""

from __future__ import annotations

import io

from flask import send_file
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import NotFound
from ..models import ROLE_KZ_ADMIN
from ..models.base import is_row_id
from ..ratelimits import per_user
from . import holders as gov_grants_service
from .schemas import IMPORT_BODY, GrantImportFile, GrantImportForm, GrantImportResponse, ScholarshipCheckResponse

bp = Blueprint(
    "gov_grants", __name__, url_prefix="/api/v1", description="State-grant holders list and the scholarship result"
)
SECURITY = [{"bearerAuth": []}]


@bp.post("/admin/gov-grants/import")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY, requestBody=IMPORT_BODY)
@bp.arguments(GrantImportForm, location="form")
@bp.arguments(GrantImportFile, location="files")
@bp.response(200, GrantImportResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Not an xlsx file, or a bad year")
@bp.alt_response(413, schema=ErrorEnvelope, description="File too large")
@bp.alt_response(422, schema=ErrorEnvelope, description="Bad rows (errors by row number), missing columns, empty")
def import_grant_holders(form, files):
    """Replaces the list of one year with the file's rows, all or nothing."""
    result = gov_grants_service.import_list(current_user, form["year"], files["file"].stream)
    return {"success": True, "year": result.year, "imported": result.imported, "replaced": result.replaced}


@bp.get("/admin/gov-grants/template")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(
    security=SECURITY,
    responses={
        "200": {
            "description": "The empty xlsx template",
            "content": {gov_grants_service.XLSX_CONTENT_TYPE: {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
def grant_holders_template():
    """Downloads the empty template (header row; a README sheet describes the columns)."""
    return send_file(
        io.BytesIO(gov_grants_service.template_bytes()),
        mimetype=gov_grants_service.XLSX_CONTENT_TYPE,
        as_attachment=True,
        download_name="gov_grant_holders_template.xlsx",
        max_age=0,
    )


@bp.get("/users/check-gov-scholarship/<int:application_id>")
@login_required()
@per_user("RATE_LIMIT_GOV_SCHOLARSHIP_CHECK_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.response(200, ScholarshipCheckResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(
    409,
    schema=ErrorEnvelope,
    description="Withdrawn, before the grant step, or the IIN's grant is recorded on another application",
)
@bp.alt_response(422, schema=ErrorEnvelope, description="The credit bureau has not confirmed the applicant's IIN")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too many checks")
def check_gov_scholarship(application_id: int):
    """The applicant's own state-grant result (the IIN the credit bureau confirmed, the application's admission
    year), from the grant step on."""
    if not is_row_id(application_id):
        raise NotFound("applications.not_found")
    result = gov_grants_service.check_scholarship(current_user, application_id)
    return {
        "success": True,
        "awarded": result.awarded,
        "published": result.published,
        "year": result.year,
        "grant": result.grant,
    }
