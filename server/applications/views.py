"""/api/v1/users/* calls of the application journey (req §7 Users): applications, steps, answers, submission.

Thin: the multipart shapes of §7 are parsed by answer_schemas.py and turned into FormPayloads here; every rule lives
in the use cases.
"""

from __future__ import annotations

from flask import request
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope, multipart_body
from ..errors import NotFound
from ..i18n import translate
from ..models.base import MAX_ID
from . import answers as user_data_service
from . import document_reviews
from . import home_cards as home_cards_service
from . import operations as applications_service
from . import stepper as stepper_service
from .answer_schemas import BulkUpsertForm, CreateUserDataFiles, CreateUserDataForm, StepSaveFiles
from .answers import FormPayload
from .schemas import (
    ApplicationItemResponse,
    ApplicationListResponse,
    ApplicationProceedRequest,
    ApplicationProceedResponse,
    CreateApplicationRequest,
    CreateApplicationResponse,
    FillItemsQuery,
    FillItemsResponse,
    HomeCardsResponse,
    ReplaceDocumentForm,
    ReplaceDocumentResponse,
    StepsRequest,
    StepsResponse,
    StudyProgramInfoResponse,
    SubmitApplicationQuery,
    SubmitApplicationResponse,
    UserDataSaveResponse,
)

bp = Blueprint(
    "applications",
    __name__,
    url_prefix="/api/v1/users",
    description="Applications, questionnaire steps and answers of the signed-in applicant",
)

# The multipart save bodies are parsed by webargs like bp.arguments does, but documented by hand below: a body
# split over the form and files locations is one multipart/form-data request, which flask-smorest cannot describe.
parse = bp.ARGUMENTS_PARSER.use_args


def _id(value: int) -> int:
    if value < 1 or value > MAX_ID:
        raise NotFound("applications.not_found")
    return value


def _payloads(answers: dict[str, dict], files: dict[str, dict]) -> list[FormPayload]:
    """{formKey: answers} and {formKey: {field: [files]}} → one payload per form, in the order sent."""
    return [
        FormPayload(form_key=key, data=answers.get(key), files=files.get(key, {}))
        for key in dict.fromkeys([*answers, *files])
    ]


def _saved(result) -> dict:
    return {
        "success": True,
        "message": translate(result.message_key),
        "message_key": result.message_key,
        "fill_items": user_data_service.present_items(result.items, result.application.user_id),
        "application": result.application,
    }


# ------------------------------------------------------------------------------------------------ routes


@bp.post("/create-application")
@login_required()
@bp.arguments(CreateApplicationRequest)
@bp.response(200, CreateApplicationResponse)
def create_application(body):
    application = applications_service.create(current_user, body["study_program_id"], body.get("financing"))
    return {"success": True, "application_id": application.id, "citizenship": current_user.citizenship}


@bp.get("/home-cards")
@login_required()
@bp.response(200, HomeCardsResponse)
def home_cards():
    """The home page's cards for the caller: a foreign applicant gets no citizens' grant card (issue 23)."""
    return {"success": True, **home_cards_service.cards_for(current_user)}


@bp.get("/applications")
@login_required()
@bp.response(200, ApplicationListResponse)
def list_applications():
    rows = applications_service.list_of(current_user)
    document_reviews.attach_to_fix(rows)
    return {"success": True, "list": rows, "total": len(rows)}


@bp.get("/application/<int:application_id>")
@login_required()
@bp.response(200, ApplicationItemResponse)
def get_application(application_id: int):
    return {"success": True, "item": applications_service.detail(current_user, _id(application_id))}


@bp.post("/application/<int:application_id>/replace-document")
@login_required()
@bp.doc(
    requestBody=multipart_body(
        {
            "form_key": {"type": "string"},
            "field": {"type": "string"},
            "file": {"type": "array", "items": {"type": "string", "format": "binary"}},
        }
    )
)
@parse(ReplaceDocumentForm, location="form")
@bp.response(200, ReplaceDocumentResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="No file, or a file the field does not take")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(409, schema=ErrorEnvelope, description="The document was not sent back for correction")
def replace_document(form, application_id: int):
    """The new version of a document staff sent back (decision 0074); the rest of the application stays frozen."""
    document_reviews.replace(
        current_user, _id(application_id), form["form_key"], form["field"], request.files.getlist("file")
    )
    return {"success": True, "message": translate("documents.replaced"), "message_key": "documents.replaced"}


@bp.get("/get-study-program-info/<int:program_id>")
@login_required()
@bp.response(200, StudyProgramInfoResponse)
def get_study_program_info(program_id: int):
    if not 1 <= program_id <= MAX_ID:
        raise NotFound("applications.study_program_not_found")
    return {"success": True, "studyProgramInfo": applications_service.study_program_info_by_id(program_id)}


@bp.post("/steps")
@login_required()
@bp.arguments(StepsRequest)
@bp.response(200, StepsResponse)
def steps(body):
    variant, rows = applications_service.steps(current_user, body["application_id"], body["type"])
    return {"success": True, "steps": rows, "variant": variant}


@bp.get("/fill-items/<int:application_id>")
@login_required()
@bp.arguments(FillItemsQuery, location="query")
@bp.response(200, FillItemsResponse)
def fill_items(query, application_id: int):
    rows = user_data_service.fill_items(current_user, _id(application_id), query.get("user_id"), query.get("foreign"))
    return {"success": True, "fill_items": rows}


@bp.post("/bulk-upsert-user-data")
@login_required()
@bp.doc(requestBody={"required": True, "content": {"multipart/form-data": {"schema": BulkUpsertForm}}})
@parse(BulkUpsertForm, location="form")
@parse(StepSaveFiles, location="files")
@bp.response(200, UserDataSaveResponse)
def bulk_upsert_user_data(form, files):
    result = user_data_service.save(
        current_user,
        form["hidden_application_id"],
        _payloads(form["answers"], files["files"]),
        is_submit=form["is_submit"],
        from_admin=form["from_admin"],
        admin_selected_user_id=form["admin_selected_user_id"],
    )
    return _saved(result)


@bp.post("/create-user-data")
@login_required()
@bp.doc(
    requestBody={
        "required": True,
        "content": {
            "multipart/form-data": {"schema": CreateUserDataForm},
            "application/json": {"schema": CreateUserDataForm},
        },
    }
)
@parse(CreateUserDataForm, location="json_or_form")
@parse(CreateUserDataFiles, location="files")
@bp.response(200, UserDataSaveResponse)
def create_user_data(form, files):
    files_by_form = dict(files["files"])
    if files["plain_files"]:
        files_by_form[form["type"]] = {**files_by_form.get(form["type"], {}), **files["plain_files"]}
    payloads = _payloads(form["answers"], files_by_form) or [FormPayload(form_key=form["type"], data={})]
    result = user_data_service.save(
        current_user,
        form["application_id"] or form["hidden_application_id"],
        payloads,
        is_submit=form["is_submit"],
        from_admin=form["from_admin"],
        admin_selected_user_id=form["admin_selected_user_id"],
    )
    return _saved(result)


@bp.get("/submit-application")
@login_required()
@bp.arguments(SubmitApplicationQuery, location="query")
@bp.response(200, SubmitApplicationResponse)
def submit_application(query):
    return applications_service.submission_status(
        current_user, query.get("application_id"), query.get("study_program_id")
    )


@bp.post("/application-proceed")
@login_required()
@bp.arguments(ApplicationProceedRequest)
@bp.response(200, ApplicationProceedResponse)
@bp.alt_response(400, schema=ErrorEnvelope, description="Bad body, a missing type, or an incomplete questionnaire")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(409, schema=ErrorEnvelope, description="Payment required, or nothing to do at this step")
@bp.alt_response(422, schema=ErrorEnvelope, description="A required self-upload document is missing")
def application_proceed(body):
    """Next on the citizens' stepper: the transition of the current step (decision 0068)."""
    application, event = stepper_service.proceed(current_user, body["application_id"], body.get("type"))
    return {"success": True, "transition": event.transition, "application": application}
