"""Settings → admission terms (staff) and the deadlines modal (everyone) — issue 23, decision 0087. Thin views:
terms.py owns the checks, the transaction and the audit row."""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import NotFound
from ..models import ADMIN_ROLES
from ..models.base import is_row_id
from . import terms
from .term_schemas import DeadlinesAnswer, TermAnswer, TermBody, TermList, TermsQuery, WindowBody

bp = Blueprint("admission_terms", __name__, url_prefix="/api/v1", description="Admission terms and deadlines")
SECURITY = [{"bearerAuth": []}]


def _ids(*ids: int) -> None:
    if not all(is_row_id(value) for value in ids):
        raise NotFound("errors.not_found")


@bp.get("/deadlines")
@bp.response(200, DeadlinesAnswer)
def deadlines():
    """The deadlines modal (req §2): active terms, each programme's window and documents deadline (public)."""
    return terms.deadlines()


@bp.get("/admin/admission-terms")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(TermsQuery, location="query")
@bp.response(200, TermList)
def list_terms(query):
    """Every admission term, the newest year first, with its programme windows."""
    return terms.list_terms(query["page"], query["per_page"])


@bp.post("/admin/admission-terms")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(TermBody)
@bp.response(201, TermAnswer)
@bp.alt_response(400, schema=ErrorEnvelope, description="Field errors, every field at once")
def create_term(body):
    """Opens a new admission year with its application window."""
    return {"success": True, "item": terms.create_term(current_user, body)}


@bp.put("/admin/admission-terms/<int:term_id>")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(TermBody)
@bp.response(200, TermAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such term")
def update_term(body, term_id: int):
    """Changes a term's names, window or whether it is active."""
    _ids(term_id)
    return {"success": True, "item": terms.update_term(current_user, term_id, body)}


@bp.put("/admin/admission-terms/<int:term_id>/windows/<int:study_program_id>")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(WindowBody)
@bp.response(200, TermAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such term or programme")
def set_window(body, term_id: int, study_program_id: int):
    """Gives a programme its own window and documents deadline in the term."""
    _ids(term_id, study_program_id)
    return {"success": True, "item": terms.set_window(current_user, term_id, study_program_id, body)}


@bp.delete("/admin/admission-terms/<int:term_id>/windows/<int:study_program_id>")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.response(200, TermAnswer)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such window")
def remove_window(term_id: int, study_program_id: int):
    """The programme goes back to the term's window."""
    _ids(term_id, study_program_id)
    return {"success": True, "item": terms.remove_window(current_user, term_id, study_program_id)}
