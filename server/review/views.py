"""/api/v1/admin/* of the review area (req §2 Staff routes, §4, §7 Admin; decision 0066).

Thin: load the shape, call the service, dump the shape. Who may see what is decided in review/scope.py:
no token 401, no admin role 403, the other population's application or user 404.
"""

from __future__ import annotations

from flask import Response, stream_with_context
from flask_jwt_extended import current_user
from flask_smorest import Blueprint
from marshmallow import RAISE

from ..access import login_required
from ..applications.operations import upload_code_of
from ..common_schemas import ErrorEnvelope
from ..database import reads_without_transaction
from ..i18n import current_language, translate
from ..models import ADMIN_ROLES
from . import actions as admin_applications
from . import dashboard as admin_dashboard
from . import documents as review_documents
from . import export as admin_export
from . import export_jobs as admin_export_jobs
from . import queues as admin_queues
from .schemas import (
    ActionResponse,
    AdminApplicationsRequest,
    AdminApplicationsResponse,
    ApplicationPanelResponse,
    BulkTransitionRequest,
    BulkTransitionResponse,
    CampaignsResponse,
    DashboardQuery,
    DashboardResponse,
    DocumentReviewRequest,
    DocumentReviewResponse,
    ExemptionRequest,
    ExportJobListResponse,
    ExportJobResponse,
    ExportQuery,
    MessagesReadResponse,
    SegmentQuery,
    SendMessageRequest,
    SendMessageResponse,
    UpdateApplicationCustomRequest,
    UpdateApplicationRequest,
    UploadApplicationResponse,
    UploadCodeRequest,
    UploadCodeResponse,
    UserIdRequest,
)

bp = Blueprint(
    "admin_review",
    __name__,
    url_prefix="/api/v1/admin",
    description="Staff review of applications: queues, the application panel, stage moves, messages, exports",
)
SECURITY = [{"bearerAuth": []}]
staff_only = login_required(roles=ADMIN_ROLES)


@bp.post("/applications")
@reads_without_transaction
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(AdminApplicationsRequest())  # an instance: given a class, webargs builds the schema per request
@bp.response(200, AdminApplicationsResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Unknown queue, bad filter or sort")
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of this population")
def applications(body):
    """A page of a queue with search, filters and sort, plus every queue's count (the menu badges)."""
    return admin_queues.list_applications(current_user, body)


@bp.get("/application/<int:application_id>")
@staff_only
@bp.doc(security=SECURITY)
@bp.response(200, ApplicationPanelResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such application in the caller's population")
def application(application_id: int):
    """The whole application as the panel shows it: sections rendered from the questionnaire definitions in the
    caller's language, photo and documents as signed links, messages (and the status history)."""
    return {"success": True, "item": admin_applications.detail(current_user, application_id)}


@bp.post("/application/<int:application_id>/document-review")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(DocumentReviewRequest)
@bp.response(200, DocumentReviewResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Bad decision, or a send-back without a reason")
@bp.alt_response(404, schema=ErrorEnvelope, description="No such application in the population, or no such document")
@bp.alt_response(409, schema=ErrorEnvelope, description="Archived or not yet submitted application")
def document_review(body, application_id: int):
    """Accepts a document or sends it back with a reason (the applicant is told by e-mail and may replace exactly
    that document). Decision 0074."""
    state = review_documents.review(
        current_user, application_id, body["form_key"], body["field"], body["decision"], body["reason"]
    )
    return success(state=state)


def success(**extra) -> dict:
    """The §8 answer of a staff action: 'Успешно' (message_key common.success) in the caller's language."""
    return {"success": True, "message": translate("common.success"), "message_key": "common.success", **extra}


@bp.post("/send-application-message")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(SendMessageRequest)
@bp.response(200, SendMessageResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Empty or too long content")
@bp.alt_response(404, schema=ErrorEnvelope, description="No such applicant (or application) in the population")
def send_application_message(body):
    """A message to the applicant: shown with their application (application_messages) and sent by e-mail."""
    message = admin_applications.send_message(
        current_user, body["user_id"], body["content"], body.get("application_id")
    )
    return success(item=message)


@bp.post("/application/<int:application_id>/messages/read")
@staff_only
@bp.doc(security=SECURITY)
@bp.response(200, MessagesReadResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such application in the caller's population")
def messages_read(application_id: int):
    """The panel's thread was opened: the applicant's replies count as read by staff (decision 0084)."""
    return {"success": True, "marked": admin_applications.mark_messages_read(current_user, application_id)}


@bp.post("/get-upload-application")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(UserIdRequest)
@bp.response(200, UploadApplicationResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="Not the citizens' admin")
@bp.alt_response(404, schema=ErrorEnvelope, description="No such citizen or no active application")
def get_upload_application(body):
    """The citizen's application that handed-over documents are attached to (staff intake, /upload/{id})."""
    application = admin_applications.upload_application(current_user, body["user_id"])
    return {
        "success": True,
        "id": application.id,
        "user_id": application.user_id,
        "upload_code": upload_code_of(application.user),
    }


@bp.post("/find-by-upload-code")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(UploadCodeRequest)
@bp.response(200, UploadCodeResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Not seven digits")
@bp.alt_response(403, schema=ErrorEnvelope, description="Not the citizens' admin")
@bp.alt_response(404, schema=ErrorEnvelope, description="The code names no citizen (admin.upload_code_not_found)")
def find_by_upload_code(body):
    """Decodes a 7-digit upload code (req §5, §9) to the citizen and their active application."""
    return admin_applications.find_by_upload_code(current_user, body["code"])


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@bp.get("/export")
@staff_only
@bp.doc(
    security=SECURITY,
    responses={
        "200": {
            "description": "foreign_students_<timestamp>.xlsx or student_<timestamp>.xlsx",
            "content": {XLSX: {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
@bp.arguments(ExportQuery, location="query", unknown=RAISE)  # a mistyped filter must not widen the file
@bp.alt_response(400, schema=ErrorEnvelope, description="Unknown queue, bad filter or sort")
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of this population")
@bp.alt_response(
    409,
    schema=ErrorEnvelope,
    description="More rows than ADMIN_EXPORT_SYNC_MAX_ROWS (admin.export_too_large): use POST /admin/exports",
)
def export(query):
    """The current queue with its search and filters as an xlsx file, one column per questionnaire field."""
    result = admin_export.export(current_user, query)
    return _xlsx(result.chunks, result.filename)


def _xlsx(chunks, filename: str) -> Response:
    response = Response(stream_with_context(chunks), mimetype=XLSX)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/exports")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(ExportQuery, unknown=RAISE)  # the same parameters as GET /admin/export, as a JSON body
@bp.response(202, ExportJobResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Unknown queue, bad filter or sort")
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of this population")
def start_export(body):
    """Starts a background export of the queue (for lists above ADMIN_EXPORT_SYNC_MAX_ROWS): poll its progress."""
    return admin_export_jobs.present(admin_export_jobs.start(current_user, body))


@bp.get("/exports")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(SegmentQuery, location="query")
@bp.response(200, ExportJobListResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Unknown segment")
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of this population")
def recent_exports(query):
    """The caller's own background exports of the population still kept (ADMIN_EXPORT_RETENTION_HOURS), newest
    first: follow or download one started before a reload or on another queue page."""
    rows = admin_export_jobs.recent(current_user, query.get("segment"))
    language = current_language()
    return {
        "success": True,
        "list": [admin_export_jobs.present(row, language) for row in rows],
        "retention_hours": admin_export_jobs.retention_hours(),
    }


@bp.get("/exports/<int:export_id>")
@staff_only
@bp.doc(security=SECURITY)
@bp.response(200, ExportJobResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such export of the caller (admin.export_not_found)")
def export_progress(export_id: int):
    """A background export's state: rows done of rows total; when done, the file is ready for 24 hours."""
    return admin_export_jobs.present(admin_export_jobs.progress(current_user, export_id), current_language())


@bp.get("/exports/<int:export_id>/file")
@staff_only
@bp.doc(
    security=SECURITY,
    responses={
        "200": {
            "description": "foreign_students_<timestamp>.xlsx or student_<timestamp>.xlsx",
            "content": {XLSX: {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
@bp.alt_response(404, schema=ErrorEnvelope, description="No such export of the caller, or expired")
@bp.alt_response(409, schema=ErrorEnvelope, description="Not finished (admin.export_not_ready)")
def export_file(export_id: int):
    """The finished background export, streamed."""
    result = admin_export_jobs.download(current_user, export_id)
    return _xlsx(result.chunks, result.filename)


@bp.get("/dashboard")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(DashboardQuery, location="query")
@bp.response(200, DashboardResponse)
@bp.alt_response(403, schema=ErrorEnvelope, description="Not an admin of this population")
def dashboard(query):
    """Counts per queue, submissions per day (last 30 days), documents awaiting confirmation."""
    return admin_dashboard.dashboard(current_user, query.get("segment"))


@bp.get("/campaigns")
@staff_only
@bp.doc(security=SECURITY)
@bp.response(200, CampaignsResponse)
def campaigns():
    """Admission terms for the queue's campaign-year badge (is_current: the one open now)."""
    rows = admin_dashboard.campaigns(current_user)
    return {"success": True, "list": rows, "total": len(rows)}


def _moved(application, event) -> dict:
    return success(item=application, event=admin_applications.history_entry(event))


ACTION_ERRORS = (
    (400, "Bad body, or a reason missing where required"),
    (403, "Not the citizens' admin (exemption)"),
    (404, "No such applicant or application in the caller's population"),
    (409, "Not allowed from the application's current state (workflow.illegal_transition)"),
)


def action_errors(view):
    for status, description in ACTION_ERRORS:
        view = bp.alt_response(status, schema=ErrorEnvelope, description=description)(view)
    return view


@bp.post("/update-application")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(UpdateApplicationRequest)
@bp.response(200, ActionResponse)
@action_errors
def update_application(body):
    """A foreign stage move through the state machine: 1/2/3 forward, -1 archive, 0 restore (§4)."""
    return _moved(*admin_applications.update_status(current_user, body))


@bp.post("/update-application-custom")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(UpdateApplicationCustomRequest)
@bp.response(200, ActionResponse)
@action_errors
def update_application_custom(body):
    """One staff action: change the program, documents uploaded (4→5), receipt confirmed (5→6), enrol (8→10)."""
    return _moved(*admin_applications.update_custom(current_user, body))


@bp.post("/update-user-is-exempted-from-payment")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(ExemptionRequest)
@bp.response(200, ActionResponse)
@action_errors
def update_user_is_exempted_from_payment(body):
    """Switches a citizen's application between free (1) and paid (0) before the payment step (§4)."""
    return _moved(*admin_applications.set_exemption(current_user, body))


@bp.post("/applications/bulk-transition")
@staff_only
@bp.doc(security=SECURITY)
@bp.arguments(BulkTransitionRequest)
@bp.response(200, BulkTransitionResponse)
def bulk_transition(body):
    """Each selected application through the state machine in its own transaction; per-row results."""
    return admin_applications.bulk_transition(current_user, body)
