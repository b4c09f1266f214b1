"""/api/v1/universal/<model>/... — the registry-driven model API (req §7 Generic model API).

Thin adapter: one set of routes per registered model (so each appears in the OpenAPI document with its own
request and answer schemas), a hidden catch-all that answers 404 for unknown models, and the metadata endpoints
(/_meta, /_meta/<model>) that let the client build list/filter/create/edit/delete screens without per-model code.

Bodies (keys as in req §7):
  GET  /{model}/all                                   → {list, total}            (capped at the model's page cap)
  POST /{model}/find           {filters, params}      → {list, total}            (capped at the model's page cap)
  POST /{model}/find-paginate  {filters, params, paginate: {page, size}} → {list, total}
  POST /{model}/create         {create: {...}}        → {success, item}
  POST /{model}/create-list    {create: [{...}, ...]} → {list, total}            (all or nothing)
  POST /{model}/update         {update: {...}, filters: {id}} → {success, item}
  POST /{model}/delete         {filters: {id}}        → {success}
filters: {key: value | [values] | null | {op: value}}; params: {order: ["name" | "-name" | ["name", "DESC"]],
include: ["relation"]}.
"""

from __future__ import annotations

from functools import wraps

from flask import request
from flask_jwt_extended import get_current_user, verify_jwt_in_request
from flask_smorest import Blueprint

from models_registry import ENDPOINT_ACTIONS, REGISTRY, may

from ..common_schemas import ErrorEnvelope, SuccessSchema
from ..database import reads_without_transaction
from ..errors import ApiError, LocalizedMessage, api_error_response
from ..i18n import translate
from . import service
from .binding import Caller, bind, model_named
from .errors import (
    Conflict,
    InvalidQuery,
    InvalidValues,
    ModelNotFound,
    NotAllowed,
    RowNotFound,
    StateConflict,
    StillReferenced,
    UniversalError,
)
from .schemas import MetaItemResponse, MetaListResponse, schemas_for

bp = Blueprint("universal", __name__, url_prefix="/api/v1/universal", description="Registry-driven model API")

PUBLIC_SECURITY = [{}, {"bearerAuth": []}]
TOKEN_SECURITY = [{"bearerAuth": []}]


# ---------------------------------------------------------------------------------------------- domain → HTTP


def _referrer_name(name: str | None) -> str:
    """A model's name, or a known table's (dormitory bookings, transfer requests, …): what blocks the delete."""
    if not name:
        return translate("universal.other_records")
    if not name.startswith("table:"):
        return translate(f"resources.{name}.name")
    key = f"universal.table.{name.removeprefix('table:')}"
    text = translate(key)
    return translate("universal.other_records") if text == key else text


def _referrers_text(referrers: list[tuple[str | None, int]]) -> str:
    return ", ".join(f"{_referrer_name(name)}: {n}" for name, n in referrers)


def as_api_error(error: UniversalError) -> ApiError:
    """The status and envelope of each domain error (decision 0040: 404, 401/403, 400, 409)."""
    if isinstance(error, ModelNotFound):
        return ApiError(404, "universal.model_not_found")
    if isinstance(error, NotAllowed):
        return ApiError(403, "errors.forbidden") if error.signed_in else ApiError(401, "errors.unauthorized")
    if isinstance(error, RowNotFound):
        return ApiError(404, "errors.not_found")
    if isinstance(error, InvalidQuery):
        message = LocalizedMessage(error.key, **error.params)
        return ApiError(400, error.key, errors={error.path: [message]}, **error.params)
    if isinstance(error, InvalidValues):
        if not error.errors:
            return ApiError(400, "errors.validation")
        first = next(iter(error.errors.values()))[0]
        return ApiError(400, str(first), errors=error.errors, **getattr(first, "params", {}))
    if isinstance(error, StateConflict):
        first = next(iter(error.errors.values()))[0]
        return ApiError(409, str(first), errors=error.errors, **getattr(first, "params", {}))
    if isinstance(error, Conflict):
        return ApiError(409, "universal.conflict")
    if isinstance(error, StillReferenced):
        children = _referrers_text(error.referrers)
        message = LocalizedMessage("universal.delete_has_children", children=children)
        return ApiError(409, "universal.delete_has_children", errors={"id": [message]}, children=children)
    raise TypeError(f"no status for {type(error).__name__}")


@bp.errorhandler(UniversalError)
def _domain_error(error: UniversalError):
    return api_error_response(as_api_error(error))


# ---------------------------------------------------------------------------------------------- the edge


def current_caller() -> Caller:
    """Who is calling: anonymous callers are the public audience; a bad or revoked token is still a 401."""
    caller = request.environ.get("qabyldau.caller")  # per request (an app context can outlive one)
    if caller is None:
        verify_jwt_in_request(optional=True)
        caller = Caller.of(get_current_user())
        request.environ["qabyldau.caller"] = caller
    return caller


def bound(model: str, action: str):
    """Resolves the model and checks the permission once, before the body is parsed (an anonymous caller learns
    nothing about the body), and hands the view that Binding."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            return view(*args, binding=bind(model, action, current_caller()), **kwargs)

        return wrapper

    return decorator


def _security(model: str, action: str):
    return PUBLIC_SECURITY if may(REGISTRY[model], action, ("public",)) else TOKEN_SECURITY


def _errors(view, *statuses):
    for status in statuses:
        view = bp.alt_response(status, schema=ErrorEnvelope, description="Error envelope")(view)
    return view


def _register_model(name: str) -> None:
    s = schemas_for(name)
    tag = f"universal:{name}"

    def all_rows(binding):
        return service.find(binding)

    def find(body, binding):
        return service.find(binding, _filters(body.get("filters")), body.get("params"))

    def find_paginate(body, binding):
        paginate = body.get("paginate") or {}
        return service.find(
            binding,
            _filters(body.get("filters")),
            body.get("params"),
            page=paginate.get("page", 1),
            size=paginate.get("size"),
        )

    def create(body, binding):
        return {"success": True, "item": service.create(binding, [body["create"]], many=False)[0]}

    def create_list(body, binding):
        items = service.create(binding, body["create"], many=True)
        return {"list": items, "total": len(items)}

    def update(body, binding):
        return {"success": True, "item": service.update(binding, body["filters"]["id"], body["update"])}

    def delete(body, binding):
        service.delete(binding, body["filters"]["id"])
        return {"success": True}

    def _filters(loaded: dict | None) -> dict:
        """Schema attributes back to the declared keys ("additional_data__parent_id" → "additional_data.parent_id")."""
        return {s.filter_keys[attr]: value for attr, value in (loaded or {}).items()}

    routes = [
        ("all", "GET", all_rows, None, s.list_response, "All rows (up to the page cap), in the default order."),
        ("find", "POST", find, s.find, s.list_response, "Rows matching the filters (up to the page cap)."),
        ("find-paginate", "POST", find_paginate, s.find_paginate, s.list_response, "One page of matching rows."),
        ("create", "POST", create, s.create_request, s.item_response, "Creates one row."),
        (
            "create-list",
            "POST",
            create_list,
            s.create_list_request,
            s.list_response,
            "Creates several rows: body {create: [...]}; all or nothing.",
        ),
        ("update", "POST", update, s.update_request, s.item_response, "Updates the row named by filters.id."),
        (
            "delete",
            "POST",
            delete,
            s.delete_request,
            SuccessSchema,
            "Deletes the row named by filters.id; 409 while other rows still reference it.",
        ),
    ]
    for endpoint, method, view, request_schema, response_schema, summary in routes:
        action = ENDPOINT_ACTIONS[endpoint]
        view.__name__ = f"{name}_{endpoint.replace('-', '_')}"
        view.__doc__ = summary
        wrapped = bp.response(200, response_schema)(view)
        if request_schema is not None:
            # An instance, made once: given a class, webargs builds the schema (and its nested ones) per request.
            # Schemas keep no per-load state (marshmallow 4), so one instance serves every request and thread.
            wrapped = bp.arguments(request_schema())(wrapped)
        wrapped = (
            _errors(wrapped, 400, 401, 403, 404)
            if action in ("all", "find")
            else _errors(wrapped, 400, 401, 403, 404, 409)
        )
        wrapped = bp.doc(tags=[tag], security=_security(name, action))(wrapped)
        wrapped = bound(name, action)(wrapped)
        if action in ("all", "find"):  # reads only: no transaction on PostgreSQL (server/database.py)
            wrapped = reads_without_transaction(wrapped)
        bp.route(f"/{name}/{endpoint}", methods=[method], endpoint=view.__name__)(wrapped)


for _model_name in REGISTRY:
    _register_model(_model_name)


@bp.get("/_meta")
@bp.doc(security=PUBLIC_SECURITY)
@bp.response(200, MetaListResponse)
def meta_all():
    """Every model the caller may use, with its fields, filters, relations and the caller's permissions."""
    caller = current_caller()
    models = service.describe_all(caller)
    return {"success": True, "audiences": list(caller.audiences), "list": models, "total": len(models)}


@bp.get("/_meta/<string:model>")
@bp.doc(security=PUBLIC_SECURITY)
@bp.response(200, MetaItemResponse)
def meta_one(model: str):
    """One model's metadata for the caller (404 unknown model; 401/403 when the caller may do nothing with it)."""
    caller = current_caller()
    return {"success": True, "audiences": list(caller.audiences), "item": service.describe(model_named(model), caller)}


@bp.route("/<string:model>/<string:action>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
@bp.doc(hide=True)
def unknown(model: str, action: str):
    """Anything not matched above: an unregistered model is 404; a known model with a wrong method is 405."""
    model_named(model)
    if action in ENDPOINT_ACTIONS:
        raise ApiError(405, "errors.method_not_allowed")
    raise ApiError(404, "errors.not_found")
