"""GET /api/v1/files/<id>: an uploaded file, for its owner, the admins of the owner's population, or the
holder of a short-lived signed URL (design §8). Anyone else: 404."""

from __future__ import annotations

from flask import request, send_file
from flask_jwt_extended import current_user, verify_jwt_in_request
from flask_smorest import Blueprint

from ..errors import NotFound
from . import files as files_service

bp = Blueprint("files", __name__, url_prefix="/api/v1/files", description="Uploaded documents and images")


@bp.get("/<string:file_id>")
@bp.doc(
    parameters=[
        {"in": "query", "name": "expires", "schema": {"type": "integer"}, "required": False},
        {"in": "query", "name": "signature", "schema": {"type": "string"}, "required": False},
        {"in": "query", "name": "download", "schema": {"type": "boolean"}, "required": False},
    ],
    responses={"200": {"description": "the file (application/pdf, image/png, image/jpeg or image/webp)"}},
)
def download(file_id: str):
    signature = request.args.get("signature")
    try:
        expires = int(request.args.get("expires", "0"))
    except ValueError:
        expires = 0
    actor = None
    if signature is None:
        verify_jwt_in_request()
        actor = current_user
        if not actor.is_verified:
            raise NotFound("files.not_found")
    row = files_service.get_downloadable(actor, file_id, expires, signature)
    stream = files_service.open_stream(row)
    as_attachment = request.args.get("download", "").lower() in ("1", "true", "yes")
    response = send_file(
        stream,
        mimetype=row.content_type,
        as_attachment=as_attachment,
        download_name=row.original_name,
        max_age=0,
        conditional=False,
        etag=False,
    )
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if row.content_type == "application/pdf" and not as_attachment:
        # Inline PDFs are previewed in the admin panel (an <iframe> of this app): Chrome's PDF viewer refuses a
        # sandboxed document, so a PDF shown inline may be framed by this origin only (its type is checked by
        # content on upload, and nosniff holds it to that type). Everything else stays sandboxed, never framed.
        response.headers["Content-Security-Policy"] = "default-src 'none'; frame-ancestors 'self'"
        response.headers["X-Frame-Options"] = "SAMEORIGIN"
    else:
        response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox; frame-ancestors 'none'"
    return response
