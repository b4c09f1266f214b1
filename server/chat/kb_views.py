"""Settings → the assistant's knowledge base (issue 23, decision 0087): the paged list, the xlsx export and the
check/load import. Thin: kb_imports.py reads, checks, dry-runs and loads. Both admin roles: the assistant answers
both populations, as the shared reference data (decision 0087)."""

from __future__ import annotations

import io

from flask import send_file
from flask_smorest import Blueprint
from marshmallow import fields, validate

from ..access import login_required
from ..common_schemas import BaseSchema, ErrorEnvelope
from ..models import ADMIN_ROLES
from ..reference.import_answers import UPLOAD_BODY, ImportAnswer, uploaded_file
from . import kb_imports

bp = Blueprint(
    "chat_knowledge_admin",
    __name__,
    url_prefix="/api/v1/admin/chat-knowledge",
    description="Settings: the assistant's knowledge base",
)
SECURITY = [{"bearerAuth": []}]
staff_only = login_required(roles=ADMIN_ROLES)


class KnowledgeListQuery(BaseSchema):
    q = fields.String(load_default="", validate=validate.Length(max=100))
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class KnowledgeEntryRead(BaseSchema):
    id = fields.Integer()
    key = fields.String()
    topic = fields.String()
    title_ru = fields.String()
    title_kk = fields.String()
    title_en = fields.String()
    body_ru = fields.String()
    body_kk = fields.String()
    body_en = fields.String()
    order = fields.Integer()
    is_active = fields.Boolean()


class KnowledgeListResponse(BaseSchema):
    list = fields.List(fields.Nested(KnowledgeEntryRead))
    total = fields.Integer()


@bp.get("")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(KnowledgeListQuery, location="query")
@bp.response(200, KnowledgeListResponse)
def entries(query):
    """A page of the knowledge base's entries (active or not), searched by key, topic or title."""
    rows, total = kb_imports.list_entries(query["page"], query["per_page"], query["q"])
    return {"list": rows, "total": total}


@bp.get("/export")
@staff_only
@bp.doc(
    security=SECURITY,
    responses={
        "200": {
            "description": "Every entry as an xlsx (the import's template)",
            "content": {kb_imports.XLSX_CONTENT_TYPE: {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
def export():
    """Downloads the knowledge base as an xlsx staff can edit and load back."""
    return send_file(
        io.BytesIO(kb_imports.export_bytes()),
        mimetype=kb_imports.XLSX_CONTENT_TYPE,
        as_attachment=True,
        download_name="assistant_knowledge_base.xlsx",
        max_age=0,
    )


@bp.post("/check")
@staff_only
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, not xlsx/csv, empty or too big")
def check():
    """What loading the file would do (counts), or its row errors; nothing is written."""
    upload = uploaded_file()
    return kb_imports.check(upload.filename, upload.stream)


@bp.post("/load")
@staff_only
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.response(200, ImportAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, not xlsx/csv, too big, or a file with errors")
def load():
    """Loads the file, all or nothing, with one audit row of its counts; the assistant answers from it at once."""
    upload = uploaded_file()
    return kb_imports.load(upload.filename, upload.stream)
