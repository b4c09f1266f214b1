"""The letters API (decision 0080): the holder's list and download, staff's list, download, re-issue and revoke,
and the public verification of a code. Views are thin: operations.py owns the transactions and the checks."""

from __future__ import annotations

import io

from flask import send_file
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import NotFound
from ..models import ADMIN_ROLES
from ..models.base import is_row_id
from ..ratelimits import per_ip_limit
from . import operations
from .schemas import LetterList, RevokeBody, StaffLetterAnswer, StaffLetterList, VerificationAnswer

bp = Blueprint("letters", __name__, url_prefix="/api/v1", description="Official letters and their verification")
SECURITY = [{"bearerAuth": []}]
PDF_RESPONSE = {
    "200": {"description": "The letter (PDF)", "content": {"application/pdf": {"schema": {"type": "string"}}}}
}


@bp.get("/users/letters")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, LetterList)
def my_letters():
    """The caller's current letters, newest first ("My applications" groups them by application)."""
    return {"success": True, "list": operations.own_letters(current_user)}


@bp.get("/letters/<int:letter_id>/pdf")
@login_required()
@bp.doc(security=SECURITY, responses=PDF_RESPONSE)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's valid letter, nor one they administer")
def letter_pdf(letter_id: int):
    """Downloads a letter: its holder (the current, valid version) or an admin of the holder's population."""
    letter = operations.readable_pdf(current_user, letter_id)
    return send_file(
        io.BytesIO(letter.pdf),
        mimetype="application/pdf",
        as_attachment=True,
        download_name=operations.download_name(letter),
        max_age=0,
    )


@bp.get("/admin/applications/<int:application_id>/letters")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.response(200, StaffLetterList)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not an application of the caller's population")
def staff_letters(application_id: int):
    """Every version of every letter of an application, newest first."""
    if not is_row_id(application_id):
        raise NotFound("applications.not_found")
    return {"success": True, "list": operations.staff_letters(current_user, application_id)}


@bp.post("/admin/letters/<int:letter_id>/reissue")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.response(200, StaffLetterAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not a letter of the caller's population")
@bp.alt_response(409, schema=ErrorEnvelope, description="A newer version exists")
def reissue_letter(letter_id: int):
    """Issues a new version from today's data; the old one is superseded (audited)."""
    return {"success": True, "letter": operations.reissue(current_user, letter_id)}


@bp.post("/admin/letters/<int:letter_id>/revoke")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(RevokeBody)
@bp.response(200, StaffLetterAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not a letter of the caller's population")
@bp.alt_response(409, schema=ErrorEnvelope, description="Already revoked or superseded")
def revoke_letter(body, letter_id: int):
    """Revokes a letter: its verification page says "revoked" from now on (audited)."""
    reason = (body.get("reason") or "").strip() or None
    return {"success": True, "letter": operations.revoke(current_user, letter_id, reason)}


@bp.get("/letters/verify/<string:code>")
@per_ip_limit("RATE_LIMIT_LETTER_VERIFY_PER_IP")
@bp.response(200, VerificationAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="No letter has this code")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too many checks from this address")
def verify_letter(code: str):
    """Public: whether a letter is valid, with the holder's name, the programme, the kind and the date only."""
    letter = operations.verify(code[:64])
    if letter is None:
        raise NotFound("letters.unknown_code")
    return {
        "success": True,
        "status": letter.status,
        "letter": {
            "kind": letter.kind,
            "holder_name": letter.details.get("name", ""),
            "program": letter.details.get("program") or {},
            "issued_at": letter.issued_at,
            "version": letter.version,
        },
    }
