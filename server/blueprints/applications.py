"""/api/v1/users/* calls of the application journey (spec §7 Users): applications, steps, answers, submission.

Thin: the multipart shapes of §7 are turned into FormPayloads here; every rule lives in the services.
"""
from __future__ import annotations

import json
import re

from flask import request
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..auth import login_required
from ..errors import ApiError
from ..i18n import translate
from ..schemas.application import (
    ApplicationItemResponse,
    ApplicationListResponse,
    BulkUpsertForm,
    CreateApplicationRequest,
    CreateApplicationResponse,
    CreateUserDataForm,
    FillItemsQuery,
    FillItemsResponse,
    StepsRequest,
    StepsResponse,
    StudyProgramInfoResponse,
    SubmitApplicationQuery,
    SubmitApplicationResponse,
    UserDataSaveResponse,
)
from ..services import applications as applications_service
from ..services import user_data as user_data_service
from ..services.user_data import FormPayload

bp = Blueprint("applications", __name__, url_prefix="/api/v1/users",
               description="Applications, questionnaire steps and answers of the signed-in applicant")

MAX_ID = 2**31 - 1
FORM_FIELD = re.compile(r"^form___([A-Za-z][A-Za-z0-9_]{0,63})___(.{1,200})$", re.DOTALL)
DATA_FIELD = "data_stringified"
META_FIELDS = {"hidden_application_id", "is_submit", "from_admin", "admin_selected_user_id"}
_TRUE = {"true", "1", "on", "yes"}
_FALSE = {"false", "0", "off", "no", "", "null", "undefined"}


def _id(value: int) -> int:
    if value < 1 or value > MAX_ID:
        raise ApiError(404, "applications.not_found")
    return value


def _flag(name: str, raw) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    text = str(raw if raw is not None else "").strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ApiError(400, "validation.invalid_type", errors={name: ["validation.invalid_type"]})


def _optional_id(name: str, raw) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "null", "undefined")):
        return None
    if isinstance(raw, bool):
        raise ApiError(400, "validation.integer", errors={name: ["validation.integer"]})
    text = str(raw).strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_ID:
        raise ApiError(400, "validation.integer", errors={name: ["validation.integer"]})
    return int(text)


MAX_FORM_JSON = 256 * 1024  # characters of one form's answers


def _no_constant(token):
    raise ValueError(token)  # NaN / Infinity are not JSON (PostgreSQL refuses them)


def _storable(text: str) -> bool:
    try:
        text.encode("utf-8")  # lone surrogates ("\ud800") cannot be stored
    except UnicodeEncodeError:
        return False
    return True


def _finite(value, depth: int = 0) -> bool:
    """Storable JSON: finite numbers, encodable text, reasonable depth."""
    if depth > 32:
        return False
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, str):
        return _storable(value)
    if isinstance(value, dict):
        return all(_storable(k) and _finite(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_finite(v, depth + 1) for v in value)
    return True


def _json_object(name: str, raw) -> dict:
    error = ApiError(400, "validation.json_object", errors={name: ["validation.json_object"]})
    if isinstance(raw, str) and len(raw) > MAX_FORM_JSON:
        raise ApiError(413, "errors.payload_too_large", errors={name: ["errors.payload_too_large"]})
    if isinstance(raw, dict):
        value = raw
    else:
        try:
            value = json.loads(raw, parse_constant=_no_constant) if isinstance(raw, str) and raw.strip() else {}
        except (ValueError, RecursionError):
            raise error from None
    if not isinstance(value, dict) or not _finite(value):
        raise error
    return value


def _payloads_from_form(form, files, *, default_form_key: str | None = None) -> list[FormPayload]:
    """form___{formKey}___data_stringified / form___{formKey}___{field} (and, for create-user-data, plain
    data_stringified + file fields for default_form_key)."""
    payloads: dict[str, FormPayload] = {}
    unknown: dict[str, list[str]] = {}

    def payload(key: str) -> FormPayload:
        return payloads.setdefault(key, FormPayload(form_key=key))

    for name in form.keys():
        match = FORM_FIELD.match(name)
        if match and match.group(2) == DATA_FIELD:
            payload(match.group(1)).data = _json_object(name, form.get(name))
        elif default_form_key and name == DATA_FIELD:
            payload(default_form_key).data = _json_object(name, form.get(name))
        elif name in META_FIELDS or (default_form_key and name in ("type", "application_id")):
            continue
        else:
            unknown[name] = ["validation.unknown_field"]
    for name in files.keys():
        match = FORM_FIELD.match(name)
        if match and match.group(2) != DATA_FIELD:
            payload(match.group(1)).files[match.group(2)] = files.getlist(name)
        elif default_form_key and FORM_FIELD.match(name) is None and name != DATA_FIELD:
            payload(default_form_key).files[name] = files.getlist(name)
        else:
            unknown[name] = ["validation.unknown_field"]
    if unknown:
        raise ApiError(400, "validation.unknown_field", errors=unknown)
    return list(payloads.values())


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


@bp.get("/applications")
@login_required()
@bp.response(200, ApplicationListResponse)
def list_applications():
    rows = applications_service.list_of(current_user)
    return {"success": True, "list": rows, "total": len(rows)}


@bp.get("/application/<int:application_id>")
@login_required()
@bp.response(200, ApplicationItemResponse)
def get_application(application_id: int):
    return {"success": True, "item": applications_service.detail(current_user, _id(application_id))}


@bp.get("/get-study-program-info/<int:program_id>")
@login_required()
@bp.response(200, StudyProgramInfoResponse)
def get_study_program_info(program_id: int):
    if not 1 <= program_id <= MAX_ID:
        raise ApiError(404, "applications.study_program_not_found")
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
    rows = user_data_service.fill_items(current_user, _id(application_id), query.get("user_id"),
                                        query.get("foreign"))
    return {"success": True, "fill_items": rows}


@bp.post("/bulk-upsert-user-data")
@login_required()
@bp.doc(requestBody={"required": True, "content": {"multipart/form-data": {"schema": BulkUpsertForm}}})
@bp.response(200, UserDataSaveResponse)
def bulk_upsert_user_data():
    form, files = request.form, request.files
    application_id = _optional_id("hidden_application_id", form.get("hidden_application_id"))
    if application_id is None:
        raise ApiError(400, "validation.required", errors={"hidden_application_id": ["validation.required"]})
    payloads = _payloads_from_form(form, files)
    result = user_data_service.save(
        current_user, application_id, payloads,
        is_submit=_flag("is_submit", form.get("is_submit")),
        from_admin=_flag("from_admin", form.get("from_admin")),
        admin_selected_user_id=_optional_id("admin_selected_user_id", form.get("admin_selected_user_id")),
    )
    return _saved(result)


@bp.post("/create-user-data")
@login_required()
@bp.doc(requestBody={"required": True, "content": {
    "multipart/form-data": {"schema": CreateUserDataForm},
    "application/json": {"schema": CreateUserDataForm},
}})
@bp.response(200, UserDataSaveResponse)
def create_user_data():
    if request.is_json:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise ApiError(400, "validation.json_body")
        allowed = {"type", "data", "data_stringified", "application_id"} | META_FIELDS
        unknown = {k: ["validation.unknown_field"] for k in body if k not in allowed}
        if unknown:
            raise ApiError(400, "validation.unknown_field", errors=unknown)
        form_key = _form_type(body.get("type"))
        raw = body.get("data") if "data" in body else body.get("data_stringified")
        payloads = [FormPayload(form_key=form_key, data=_json_object("data", raw))]
        values, files = body, None
    else:
        values, files = request.form, request.files
        form_key = _form_type(values.get("type"))
        payloads = _payloads_from_form(values, files, default_form_key=form_key)
        if not payloads:
            payloads = [FormPayload(form_key=form_key, data={})]
    application_id = _optional_id("application_id", values.get("application_id")) or _optional_id(
        "hidden_application_id", values.get("hidden_application_id"))
    result = user_data_service.save(
        current_user, application_id, payloads,
        is_submit=_flag("is_submit", values.get("is_submit")),
        from_admin=_flag("from_admin", values.get("from_admin")),
        admin_selected_user_id=_optional_id("admin_selected_user_id", values.get("admin_selected_user_id")),
    )
    return _saved(result)


def _form_type(raw) -> str:
    if not isinstance(raw, str) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,63}", raw.strip()):
        raise ApiError(400, "validation.required", errors={"type": ["validation.required"]})
    return raw.strip()


@bp.get("/submit-application")
@login_required()
@bp.arguments(SubmitApplicationQuery, location="query")
@bp.response(200, SubmitApplicationResponse)
def submit_application(query):
    return applications_service.submission_status(current_user, query.get("application_id"),
                                                  query.get("study_program_id"))

