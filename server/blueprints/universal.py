"""/api/v1/universal/<model>/... — the registry-driven model API (spec §7 Generic model API)."""
from __future__ import annotations

from importlib import import_module

from flask_smorest import Blueprint
from marshmallow import fields
from sqlalchemy import func, select

from models_registry import PUBLIC, REGISTRY, ModelDeclaration

from ..errors import ApiError
from ..extensions import db
from ..schemas.common import BaseSchema

bp = Blueprint("universal", __name__, url_prefix="/api/v1/universal", description="Registry-driven model API")


class ListResponse(BaseSchema):
    list = fields.List(fields.Dict())
    total = fields.Integer()


def _declaration(model: str) -> ModelDeclaration:
    declaration = REGISTRY.get(model)
    if declaration is None:
        raise ApiError(404, "universal.model_not_found")
    return declaration


def _model_class(declaration: ModelDeclaration):
    module, _, name = declaration.model_path.partition(":")
    return getattr(import_module(module), name)


@bp.get("/<string:model>/all")
@bp.response(200, ListResponse)
def all_rows(model: str):
    declaration = _declaration(model)
    if PUBLIC not in declaration.actions.get("all", ()):
        raise ApiError(403, "errors.forbidden")
    cls = _model_class(declaration)
    columns = declaration.read_fields[PUBLIC]
    order = [getattr(cls, name) for name in declaration.default_order]
    rows = db.session.scalars(select(cls).order_by(*order).limit(declaration.page_size_cap)).all()
    total = db.session.scalar(select(func.count()).select_from(cls))
    return {"list": [{name: getattr(row, name) for name in columns} for row in rows], "total": total}
