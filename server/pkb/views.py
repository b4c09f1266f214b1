"""POST /api/v1/pkb/* (req §7): the credit-bureau request of a citizen and its SMS code. Thin: schema in,
service call, schema out. The limits sit below @login_required so the per-account key is the verified user."""

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..ratelimits import per_ip_limit, per_user
from . import requests as pkb_service
from .schemas import PkbCheckCodeRequest, PkbCheckCodeResponse, PkbCreateRequest, PkbCreateResponse

bp = Blueprint("pkb", __name__, url_prefix="/api/v1/pkb", description="Credit-bureau (PKB) data request")
SECURITY = [{"bearerAuth": []}]


@bp.post("/create-request")
@login_required()
@per_ip_limit("RATE_LIMIT_PKB_REQUEST_PER_IP")
@per_user("RATE_LIMIT_PKB_REQUEST_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(PkbCreateRequest)
@bp.response(200, PkbCreateResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(409, schema=ErrorEnvelope, description="The account's bureau request is already completed")
@bp.alt_response(422, schema=ErrorEnvelope, description="Not a citizen, or the bureau does not know this person")
@bp.alt_response(429, schema=ErrorEnvelope, description="Too soon after the previous request (Retry-After)")
@bp.alt_response(503, schema=ErrorEnvelope, description="The bureau is unavailable; nothing changed")
def create_request(body):
    """Sends the applicant's data to the bureau, which texts a 6-digit consent code to their phone."""
    request = pkb_service.create_request(
        current_user, body["application_id"], body["iin"], body["phone"], body["last_name"], body["first_name"]
    )
    expires_in = round((request.code.expires_at - request.created_at).total_seconds())
    return {"success": True, "request_id": request.public_id, "expires_in": expires_in}


@bp.post("/check-code")
@login_required()
@per_ip_limit("RATE_LIMIT_PKB_CHECK_PER_IP")
@per_user("RATE_LIMIT_PKB_CHECK_PER_ACCOUNT")
@bp.doc(security=SECURITY)
@bp.arguments(PkbCheckCodeRequest)
@bp.response(200, PkbCheckCodeResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's request")
@bp.alt_response(409, schema=ErrorEnvelope, description="Already confirmed")
@bp.alt_response(503, schema=ErrorEnvelope, description="The bureau is unavailable; the code stays valid")
def check_code(body):
    """Confirms the code: the bureau's data are stored and pre-fill the local main-info step."""
    request = pkb_service.check_code(current_user, body["request_id"], body["code"])
    return {"success": True, "application_id": request.application_id}
