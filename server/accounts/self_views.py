"""/api/v1/users/* for the signed-in user (req §7 Users)."""

from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import SuccessSchema
from ..errors import Forbidden
from . import users as users_service
from .schemas import FillDataRequest, LanguageRequest, SegmentQuery, UserItemResponse, UserUpdateRequest

bp = Blueprint("users", __name__, url_prefix="/api/v1/users", description="The signed-in user")


@bp.get("/self")
@login_required(verified=False)
@bp.response(200, UserItemResponse)
def get_self():
    return {"success": True, "item": current_user}


@bp.post("/update")
@login_required()
@bp.arguments(UserUpdateRequest)
@bp.response(200, UserItemResponse)
def update(body):
    return {"success": True, "item": users_service.update_citizenship(current_user, body["citizenship_id"])}


@bp.post("/fill-data")
@login_required()
@bp.arguments(FillDataRequest)
@bp.response(200, UserItemResponse)
def fill_data(body):
    """The "fill data" modal: the applicant's last and first name (req §2, §7); 409 once the bureau confirmed them."""
    return {"success": True, "item": users_service.fill_data(current_user, body["last_name"], body["first_name"])}


@bp.get("/check")
@login_required()
@bp.arguments(SegmentQuery, location="query")
@bp.response(200, SuccessSchema)
def check(query):
    if not users_service.has_segment_access(current_user, query["segment"]):
        raise Forbidden("errors.forbidden")
    return {"success": True}


@bp.post("/language")
@login_required(verified=False)
@bp.arguments(LanguageRequest)
@bp.response(200, UserItemResponse)
def set_language(body):
    """The interface language every mail to the user goes out in (the client's language picker calls this)."""
    return {"success": True, "item": users_service.set_language(current_user, body["language"])}
