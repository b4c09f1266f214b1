"""/api/v1/notifications/*: the header bell, the notification settings and the unsubscribe links (issue 26)."""

from flask import request
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..i18n import current_language
from ..ratelimits import per_ip_limit
from . import notifications as service
from .schemas import (
    NotificationPageQuery,
    NotificationPageResponse,
    NotificationSettingsRequest,
    NotificationSettingsResponse,
    UnreadResponse,
    UnsubscribeResponse,
)

bp = Blueprint(
    "notifications", __name__, url_prefix="/api/v1/notifications", description="Notification centre and settings"
)


@bp.get("")
@login_required(verified=False)
@bp.arguments(NotificationPageQuery, location="query")
@bp.response(200, NotificationPageResponse)
def list_notifications(query):
    """The caller's own notifications, newest first, in the language of the request."""
    page = service.list_for(current_user, current_language(), query["page"], query["per_page"])
    return {
        "success": True,
        "list": page.items,
        "total": page.total,
        "unread": page.unread,
        "page": page.page,
        "per_page": page.per_page,
    }


@bp.get("/unread-count")
@login_required(verified=False)
@bp.response(200, UnreadResponse)
def unread_count():
    return {"success": True, "unread": service.unread_count(current_user)}


@bp.post("/<int:notification_id>/read")
@login_required(verified=False)
@bp.response(200, UnreadResponse)
def mark_read(notification_id):
    return {"success": True, "unread": service.mark_read(current_user, notification_id)}


@bp.post("/read-all")
@login_required(verified=False)
@bp.response(200, UnreadResponse)
def mark_all_read():
    return {"success": True, "unread": service.mark_all_read(current_user)}


@bp.get("/settings")
@login_required(verified=False)
@bp.response(200, NotificationSettingsResponse)
def get_settings():
    return {"success": True, "list": service.settings_of(current_user)}


@bp.put("/settings")
@login_required(verified=False)
@bp.arguments(NotificationSettingsRequest)
@bp.response(200, NotificationSettingsResponse)
def put_settings(body):
    return {"success": True, "list": service.update_settings(current_user, body["settings"])}


@bp.get("/unsubscribe/<string:token>")
@per_ip_limit("RATE_LIMIT_UNSUBSCRIBE_PER_IP")
@bp.response(200, UnsubscribeResponse)
def read_unsubscribe(token):
    """What a reminder's unsubscribe link would turn off (the confirmation page); changes nothing."""
    link = service.read_token(token)
    return {"success": True, "kind": link.kind, "language": link.language, "enabled": link.enabled}


@bp.post("/unsubscribe/<string:token>")
@per_ip_limit("RATE_LIMIT_UNSUBSCRIBE_PER_IP")
@bp.response(200, UnsubscribeResponse)
def confirm_unsubscribe(token):
    """Turns the link's reminder kind off, signed in or not. Also the one-click POST of RFC 8058 (a mail client
    posting `List-Unsubscribe=One-Click` as a form), so the body is not read at all."""
    request.get_data(cache=False)  # the form body, if any, has nothing the link does not already say
    link = service.unsubscribe(token)
    return {"success": True, "kind": link.kind, "language": link.language, "enabled": link.enabled}
