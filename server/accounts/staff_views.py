"""/api/v1/admin/staff (staff accounts) and /api/v1/admin/audit (the audit trail), for the staff-management role
only; /api/v1/auth/staff-invitation for the invitee choosing a password (issue 22, decision 0079)."""

from __future__ import annotations

from flask_jwt_extended import current_user
from flask_smorest import Blueprint
from marshmallow import fields, validate

from ..access import login_required
from ..common_schemas import BaseSchema, Email
from ..i18n import LANGUAGES, current_language
from ..models import ROLE_STAFF_MANAGER, STAFF_ROLES
from ..ratelimits import per_ip, per_user
from . import staff as staff_service

bp = Blueprint(
    "staff",
    __name__,
    url_prefix="/api/v1/admin",
    description="Staff accounts and the audit trail (the staff-management role only)",
)
invitation_bp = Blueprint(
    "staff_invitation", __name__, url_prefix="/api/v1/auth", description="Accepting a staff invitation"
)

managers_only = login_required(roles=(ROLE_STAFF_MANAGER,))


class PageQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=staff_service.MAX_PER_PAGE))


class StaffListQuery(PageQuery):
    search = fields.String(load_default=None, validate=validate.Length(max=254))


class StaffRead(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    roles = fields.List(fields.String(), metadata={"description": "staff role names (public-config `roles`)"})
    is_active = fields.Boolean()
    deactivated_at = fields.DateTime(allow_none=True)
    invitation_pending = fields.Boolean(metadata={"description": "invited, no password chosen yet"})
    has_second_factor = fields.Boolean()
    created_at = fields.DateTime()


class StaffPage(BaseSchema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(StaffRead))
    total = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()


class StaffItem(BaseSchema):
    success = fields.Boolean(dump_default=True)
    item = fields.Nested(StaffRead)


RolesField = fields.List(
    fields.String(validate=validate.OneOf(STAFF_ROLES)), required=True, validate=validate.Length(min=1, max=3)
)


class InviteRequest(BaseSchema):
    email = Email(required=True)
    roles = RolesField
    language = fields.String(validate=validate.OneOf(LANGUAGES), metadata={"description": "of the invitation mail"})
    first_name = fields.String(load_default=None, validate=validate.Length(max=100))
    last_name = fields.String(load_default=None, validate=validate.Length(max=100))


class RolesRequest(BaseSchema):
    roles = RolesField


class ActiveRequest(BaseSchema):
    active = fields.Boolean(required=True)


class AuditQuery(PageQuery):
    target_type = fields.String(load_default=None, validate=validate.Length(max=64))
    target_id = fields.String(load_default=None, validate=validate.Length(max=64))
    actor_id = fields.Integer(load_default=None, validate=validate.Range(min=1, max=2**31 - 1))


class AuditEntryRead(BaseSchema):
    id = fields.Integer()
    created_at = fields.DateTime()
    actor_id = fields.Integer(allow_none=True, metadata={"description": "null: the system or the command line"})
    actor_email = fields.String(allow_none=True)
    action = fields.String(metadata={"description": "e.g. staff.roles, section_room.update, applications.export"})
    target_type = fields.String(metadata={"description": "the object's kind: user, application, section_room, …"})
    target_id = fields.String(allow_none=True)
    details = fields.Dict(
        metadata={
            "description": "before/after of the columns that changed (secrets hidden, IINs masked), or `rows`: "
            "[{type, id, op, before, after}] of every row the action wrote, plus the action's own facts"
        }
    )


class AuditPage(BaseSchema):
    success = fields.Boolean(dump_default=True)
    list = fields.List(fields.Nested(AuditEntryRead))
    total = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()


class AcceptInvitationRequest(BaseSchema):
    token = fields.String(required=True, validate=validate.Length(min=16, max=128))
    password = fields.String(required=True, validate=validate.Length(min=1, max=128), metadata={"trim": False})


class AcceptInvitationResponse(BaseSchema):
    success = fields.Boolean(dump_default=True)
    email = fields.String(metadata={"description": "sign in with it; the second factor is enrolled then"})


def _page(result, query) -> dict:
    return {"success": True, "list": result.items, "total": result.total, **query}


@bp.get("/staff")
@managers_only
@bp.arguments(StaffListQuery, location="query")
@bp.response(200, StaffPage)
def list_staff(query):
    result = staff_service.list_staff(query["search"], query["page"], query["per_page"])
    return _page(result, {"page": query["page"], "per_page": query["per_page"]})


@bp.post("/staff")
@managers_only
@per_user("RATE_LIMIT_STAFF_INVITE_PER_ACCOUNT")
@bp.arguments(InviteRequest)
@bp.response(201, StaffItem)
def invite(body):
    """Invites a staff member by e-mail: the account has no password until the link in the mail is used."""
    user = staff_service.invite(
        body["email"], body["roles"], body.get("language") or current_language(), body["first_name"], body["last_name"]
    )
    return {"success": True, "item": staff_service.staff_item(user)}


@bp.get("/staff/<int:user_id>")
@managers_only
@bp.response(200, StaffItem)
def get_staff(user_id):
    return {"success": True, "item": staff_service.staff_item(staff_service.get_staff(user_id))}


@bp.post("/staff/<int:user_id>/invitation")
@managers_only
@per_user("RATE_LIMIT_STAFF_INVITE_PER_ACCOUNT")
@bp.response(200, StaffItem)
def invite_again(user_id):
    """Mails a new invitation link (the previous one stops working)."""
    return {"success": True, "item": staff_service.staff_item(staff_service.invite_again(user_id))}


@bp.put("/staff/<int:user_id>/roles")
@managers_only
@bp.arguments(RolesRequest)
@bp.response(200, StaffItem)
def set_roles(body, user_id):
    """Replaces the account's staff roles and signs it out everywhere. 409 if no active manager would be left."""
    user = staff_service.set_roles(current_user, user_id, body["roles"])
    return {"success": True, "item": staff_service.staff_item(user)}


@bp.put("/staff/<int:user_id>/active")
@managers_only
@bp.arguments(ActiveRequest)
@bp.response(200, StaffItem)
def set_active(body, user_id):
    """Deactivates (no sign-in, every session ended) or reactivates. 409 if no active manager would be left."""
    user = staff_service.set_active(current_user, user_id, body["active"])
    return {"success": True, "item": staff_service.staff_item(user)}


@bp.post("/staff/<int:user_id>/second-factor/reset")
@managers_only
@bp.response(200, StaffItem)
def reset_second_factor(user_id):
    """Removes the authenticator and recovery codes; the next sign-in enrols a new one. Signs out everywhere."""
    user = staff_service.reset_second_factor(current_user, user_id)
    return {"success": True, "item": staff_service.staff_item(user)}


@bp.post("/staff/<int:user_id>/sign-out")
@managers_only
@bp.response(200, StaffItem)
def sign_out_everywhere(user_id):
    """Ends every session of the account."""
    user = staff_service.sign_out_everywhere(current_user, user_id)
    return {"success": True, "item": staff_service.staff_item(user)}


@bp.get("/audit")
@managers_only
@bp.arguments(AuditQuery, location="query")
@bp.response(200, AuditPage)
def audit_trail(query):
    """The audit trail, newest first: of one object (target_type + target_id), of one actor (actor_id), or all."""
    result = staff_service.audit_trail(
        query["target_type"], query["target_id"], query["actor_id"], query["page"], query["per_page"]
    )
    return _page(result, {"page": query["page"], "per_page": query["per_page"]})


@invitation_bp.post("/staff-invitation")
@per_ip()
@invitation_bp.arguments(AcceptInvitationRequest)
@invitation_bp.response(200, AcceptInvitationResponse)
def accept_invitation(body):
    """The invitee chooses a password (at least 12 characters, not a common one) with the token from the mail."""
    user = staff_service.accept_invitation(body["token"], body["password"])
    return {"success": True, "email": user.email}
