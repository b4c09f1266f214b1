"""Health, public configuration, the dev outbox and the browsable API page."""

import ipaddress

from flask import current_app, request, send_from_directory
from flask_smorest import Blueprint
from marshmallow import fields, validate
from sqlalchemy import select, text

from ..common_schemas import BaseSchema, Email
from ..config import is_development
from ..errors import NotFound
from ..extensions import db
from ..models import (
    KAZAKHSTAN_CITIZENSHIP_EN,
    ROLE_FOREIGN_ADMIN,
    ROLE_KZ_ADMIN,
    ROLE_STAFF_MANAGER,
    OutboxMessage,
    SmsOutboxMessage,
)
from ..populations import ADMIN_SEGMENTS

bp = Blueprint("meta", __name__, url_prefix="/api/v1", description="Service status and configuration")


class HealthRead(BaseSchema):
    status = fields.String()


class RoleNamesRead(BaseSchema):
    foreign_admin = fields.String(metadata={"description": "reviews foreign applicants (/admin)"})
    kz_admin = fields.String(metadata={"description": "reviews citizens of Kazakhstan (/admin/kz)"})
    staff_manager = fields.String(metadata={"description": "manages staff accounts and reads the audit trail"})


class AdminSegmentRead(BaseSchema):
    segment = fields.String(metadata={"description": "GET /users/check?segment=…"})
    role = fields.String()


class PublicConfigRead(BaseSchema):
    contact_phone = fields.String()
    contact_email = fields.String()
    gov_grant_url = fields.String()
    upload_max_document_bytes = fields.Integer()
    upload_max_image_bytes = fields.Integer()
    roles = fields.Nested(RoleNamesRead, metadata={"description": "the staff roles as they appear in user.roles"})
    admin_segments = fields.List(fields.Nested(AdminSegmentRead))
    kazakhstan_citizenship_name_en = fields.String(
        metadata={"description": "Citizenship.name_en of citizens of Kazakhstan (the home-country population)"}
    )


class OutboxQuery(BaseSchema):
    email = Email(required=True)


class OutboxMessageRead(BaseSchema):
    recipient = fields.String()
    subject = fields.String()
    body = fields.String()
    created_at = fields.DateTime()


class OutboxList(BaseSchema):
    list = fields.List(fields.Nested(OutboxMessageRead))
    total = fields.Integer()


class SmsOutboxQuery(BaseSchema):
    phone = fields.String(required=True, validate=validate.Length(min=1, max=16))


class SmsOutboxMessageRead(BaseSchema):
    phone = fields.String()
    body = fields.String()
    created_at = fields.DateTime()


class SmsOutboxList(BaseSchema):
    list = fields.List(fields.Nested(SmsOutboxMessageRead))
    total = fields.Integer()


@bp.get("/health")
@bp.response(200, HealthRead)
def health():
    db.session.execute(text("SELECT 1"))
    return {"status": "ok"}


@bp.get("/public-config")
@bp.response(200, PublicConfigRead)
def public_config():
    cfg = current_app.config
    return {
        "contact_phone": cfg["CONTACT_PHONE"],
        "contact_email": cfg["CONTACT_EMAIL"],
        "gov_grant_url": cfg["GOV_GRANT_URL"],
        "upload_max_document_bytes": cfg["UPLOAD_MAX_DOCUMENT_BYTES"],
        "upload_max_image_bytes": cfg["UPLOAD_MAX_IMAGE_BYTES"],
        "roles": {
            "foreign_admin": ROLE_FOREIGN_ADMIN,
            "kz_admin": ROLE_KZ_ADMIN,
            "staff_manager": ROLE_STAFF_MANAGER,
        },
        "admin_segments": [{"segment": segment, "role": role} for segment, role in ADMIN_SEGMENTS.items()],
        "kazakhstan_citizenship_name_en": KAZAKHSTAN_CITIZENSHIP_EN,
    }


def _from_loopback() -> bool:
    """The socket's peer is this machine (a client may not name itself through X-Forwarded-For: see _proxied)."""
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


# A reverse proxy on this machine connects from loopback on behalf of anyone (issue 22, finding 4); each of these
# marks a request that came through one, whatever TRUSTED_PROXY_COUNT says.
_PROXY_HEADER_PREFIXES = (
    "forwarded",
    "x-forwarded-",
    "x-real-ip",
    "via",
    "x-original-forwarded-for",
    "x-client-ip",
    "x-cluster-client-ip",
    "true-client-ip",
    "cf-connecting-ip",
)


def _proxied() -> bool:
    return any(name.lower().startswith(_PROXY_HEADER_PREFIXES) for name in request.headers.keys())


def _require_dev_outbox(readable: bool) -> None:
    """The dev outboxes hold sign-up, reset and consent codes: only in development, only to a browser on this very
    machine (loopback, and no proxy in between); anything else looks like an unknown route."""
    if not (readable and is_development(current_app.config)) or not _from_loopback() or _proxied():
        raise NotFound("errors.not_found")


@bp.get("/dev/outbox")
@bp.arguments(OutboxQuery, location="query")
@bp.response(200, OutboxList)
def dev_outbox(query):
    """Development only (APP_ENV=development): the mail the dev outbox kept for one address, newest first.

    It holds sign-up and password-reset codes, so it answers only to this machine (loopback) and never through a
    proxy (no Forwarded / X-Forwarded-* / X-Real-IP / Via header), not to the network `make start` binds to;
    anywhere else it looks like an unknown route.
    """
    _require_dev_outbox(current_app.config["DEV_OUTBOX_READABLE"])
    rows = db.session.scalars(
        select(OutboxMessage)
        .where(OutboxMessage.recipient == query["email"].lower())
        .order_by(OutboxMessage.id.desc())
        .limit(20)
    ).all()
    return {"list": rows, "total": len(rows)}


@bp.get("/dev/sms-outbox")
@bp.arguments(SmsOutboxQuery, location="query")
@bp.response(200, SmsOutboxList)
def dev_sms_outbox(query):
    """Development only (APP_ENV=development): the text messages (credit-bureau consent codes of the sandbox
    bureau) kept for one phone number, newest first. Same guard as the mail outbox; there is no SMS gateway, so
    SMTP_URL plays no part."""
    _require_dev_outbox(current_app.config["DEV_OUTBOX_ENABLED"])
    rows = db.session.scalars(
        select(SmsOutboxMessage)
        .where(SmsOutboxMessage.phone == query["phone"])
        .order_by(SmsOutboxMessage.id.desc())
        .limit(20)
    ).all()
    return {"list": rows, "total": len(rows)}


@bp.route("/docs")
@bp.doc(hide=True)
def api_docs():
    """A dependency-free API browser over openapi.json (external script only, so the CSP holds)."""
    return send_from_directory(current_app.static_folder, "api-docs.html")
