"""/api/v1/admin/* for staff (req §7 Admin). Every view requires one of the two admin roles."""

from __future__ import annotations

from flask import send_file
from flask_jwt_extended import current_user
from flask_smorest import Blueprint
from flask_smorest.fields import Upload
from marshmallow import Schema, fields

from ..access import login_required
from ..common_schemas import BaseSchema, ErrorEnvelope, SuccessSchema, multipart_body
from ..errors import NotFound
from ..integrations.storage import get_storage
from ..models import ADMIN_ROLES
from . import room_media

bp = Blueprint("admin", __name__, url_prefix="/api/v1/admin", description="Staff actions (admin roles only)")
SECURITY = [{"bearerAuth": []}]


class RoomTypeMediaForm(BaseSchema):
    room_type_id = fields.Integer(required=True, strict=False, metadata={"minimum": 1})


class RoomTypeMediaFile(Schema):
    file = Upload(required=True, metadata={"description": "webp, jpeg, jpg or png; checked by content"})


class RoomTypeMediaRead(Schema):
    id = fields.Integer()
    room_type_id = fields.Integer()
    file_name = fields.String()
    content_type = fields.String()
    size = fields.Integer()
    created_at = fields.DateTime()
    url = fields.Method("_url", metadata={"description": "Authorised download path (send the Bearer token)"})

    def _url(self, media):
        return f"/api/v1/admin/room-type-media/{media.id}"


class RoomTypeMediaResponse(Schema):
    success = fields.Boolean()
    item = fields.Nested(RoomTypeMediaRead)


class RoomTypeMediaList(Schema):
    list = fields.List(fields.Nested(RoomTypeMediaRead))
    total = fields.Integer()


class MediaIdRequest(BaseSchema):
    id = fields.Integer(required=True, strict=True)


class RoomTypeIdQuery(BaseSchema):
    room_type_id = fields.Integer(required=True)


UPLOAD_BODY = multipart_body(
    {
        "room_type_id": {"type": "integer", "minimum": 1},
        "file": {
            "type": "string",
            "format": "binary",
            "description": "webp, jpeg, jpg or png, checked by content; size-limited",
        },
    }
)


@bp.post("/upload-room-type-media")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY, requestBody=UPLOAD_BODY)
@bp.arguments(RoomTypeMediaForm, location="form")
@bp.arguments(RoomTypeMediaFile, location="files")
@bp.response(200, RoomTypeMediaResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Not a supported image, empty, or bad form")
@bp.alt_response(413, schema=ErrorEnvelope, description="File too large")
def upload_room_type_media(form, files):
    """Adds a picture to a room type (multipart: room_type_id, file)."""
    upload = files["file"]
    media = room_media.upload(current_user, form["room_type_id"], upload.filename, upload.stream)
    return {"success": True, "item": media}


@bp.get("/room-type-media")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(RoomTypeIdQuery, location="query")
@bp.response(200, RoomTypeMediaList)
def list_room_type_media(query):
    """The pictures of one room type (also available as the RoomType include `media`)."""
    rows = room_media.list_media(query["room_type_id"])
    return {"list": rows, "total": len(rows)}


@bp.get("/room-type-media/<int:media_id>")
@login_required(roles=ADMIN_ROLES)
@bp.doc(
    security=SECURITY,
    responses={
        "200": {
            "description": "The image bytes",
            "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
def download_room_type_media(media_id: int):
    """Downloads one picture; only through this authorised endpoint."""
    media = room_media.get_media(media_id)
    try:
        stream = get_storage().open(media.storage_key)
    except FileNotFoundError:
        raise NotFound("errors.not_found") from None
    response = send_file(
        stream, mimetype=media.content_type, download_name=media.file_name, as_attachment=False, max_age=0
    )
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.post("/delete-room-type-media")
@login_required(roles=ADMIN_ROLES)
@bp.doc(security=SECURITY)
@bp.arguments(MediaIdRequest)
@bp.response(200, SuccessSchema)
def delete_room_type_media(body):
    """Removes a picture (row, then file)."""
    room_media.delete(current_user, body["id"])
    return {"success": True}
