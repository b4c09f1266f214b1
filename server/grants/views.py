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
from . import imports as imports_service
from .schemas import (
    IMPORT_BODY,
    GrantImportFile,
    GrantImportForm,
    GrantImportResponse,
    ImportListQuery,
    ImportListResponse,
    ImportResponse,
    ImportRowListResponse,
    ImportRowsQuery,
    ScholarshipCheckResponse,
)

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
    upload = files["file"]
    result = gov_grants_service.import_list(current_user, form["year"], upload.stream, upload.filename or "grants.xlsx")
    return {"success": True, "year": result.year, "imported": result.imported, "replaced": result.replaced}


# ------------------------------------------------------------- imports with a preview (issue 23, decision 0086)


def _import_read(record) -> dict:
    counts = imports_service.counts_of(record)
    return {
        "id": record.id,
        "year": record.year,
        "file_name": record.file_name,
        "status": record.status,
        "counts": counts,
        "replaced": record.replaced_count,
        "can_apply": imports_service.can_apply(record),
        "can_undo": imports_service.can_undo(record),
        "created_at": record.created_at,
        "created_by": record.created_by,
        "applied_at": record.applied_at,
        "applied_by": record.applied_by,
        "undone_at": record.undone_at,
        "undone_by": record.undone_by,
    }


def _import_id(import_id: int) -> int:
    if not is_row_id(import_id):
        raise NotFound("gov_grant_imports.not_found")
    return import_id


@bp.post("/admin/gov-grants/imports")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY, requestBody=IMPORT_BODY)
@bp.arguments(GrantImportForm, location="form")
@bp.arguments(GrantImportFile, location="files")
@bp.response(201, ImportResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Not an xlsx file, or a bad year")
@bp.alt_response(413, schema=ErrorEnvelope, description="File too large")
@bp.alt_response(422, schema=ErrorEnvelope, description="Missing columns, empty, too many rows")
def preview_grant_import(form, files):
    """Checks the file and keeps it as a previewed import (row categories and counts); the list is not changed."""
    upload = files["file"]
    record = imports_service.preview(current_user, form["year"], upload.filename or "grants.xlsx", upload.stream)
    return {"success": True, "item": _import_read(record)}


@bp.get("/admin/gov-grants/imports")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY)
@bp.arguments(ImportListQuery, location="query")
@bp.response(200, ImportListResponse)
def list_grant_imports(query):
    """Past imports, newest first (who, when, file, year, counts, status)."""
    records, total = imports_service.list_imports(query["page"], query["per_page"], query.get("year"))
    return {"list": [_import_read(record) for record in records], "total": total}


@bp.get("/admin/gov-grants/imports/<int:import_id>")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY)
@bp.response(200, ImportResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such import")
def get_grant_import(import_id: int):
    record = imports_service.get_import(_import_id(import_id))
    return {"success": True, "item": _import_read(record)}


@bp.get("/admin/gov-grants/imports/<int:import_id>/rows")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY)
@bp.arguments(ImportRowsQuery, location="query")
@bp.response(200, ImportRowListResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such import")
def grant_import_rows(query, import_id: int):
    """The file's rows of one category (matched, unmatched, duplicate, error), in file order, a page at a time."""
    rows, total = imports_service.list_rows(
        _import_id(import_id), query.get("category"), query["page"], query["per_page"]
    )
    return {
        "list": [
            {
                "row_number": row.row_number,
                "iin": row.iin,
                "full_name": row.full_name,
                "programme_group": row.programme_group,
                "grant_kind": row.grant_kind,
                "category": row.category,
                "already_listed": row.already_listed,
                "application_id": row.application_id,
                "errors": imports_service.row_errors(row),
            }
            for row in rows
        ],
        "total": total,
    }


@bp.post("/admin/gov-grants/imports/<int:import_id>/apply")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY)
@bp.response(200, ImportResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such import")
@bp.alt_response(409, schema=ErrorEnvelope, description="Not a preview, or the year's list changed since")
@bp.alt_response(422, schema=ErrorEnvelope, description="The file has errors or duplicates")
def apply_grant_import(import_id: int):
    """Replaces the year's list with the preview's rows; waiting applications then take their result."""
    record = imports_service.apply(current_user, _import_id(import_id))
    return {"success": True, "item": _import_read(record)}


@bp.post("/admin/gov-grants/imports/<int:import_id>/undo")
@login_required(roles=(ROLE_KZ_ADMIN,))
@bp.doc(security=SECURITY)
@bp.response(200, ImportResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such import")
@bp.alt_response(409, schema=ErrorEnvelope, description="Not the year's last applied import, or results recorded")
def undo_grant_import(import_id: int):
    """Puts back the list this import replaced, unless applications of the year have recorded results since."""
    record = imports_service.undo(current_user, _import_id(import_id))
    return {"success": True, "item": _import_read(record)}


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
