"""Reference searches for the applicant's pickers (issue 10): thin adapters over reference/institutions.py."""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import RAISE, fields, validate

from ..common_schemas import BaseSchema
from ..models.base import MAX_ID
from . import institutions as service
from . import kato_picker as kato_service

bp = Blueprint("institutions", __name__, url_prefix="/api/v1", description="Searches of the applicant's pickers")


class InstitutionSearchQuery(BaseSchema):
    q = fields.String(load_default="", validate=validate.Length(max=500), metadata={"description": "words to find"})
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    size = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class InstitutionRead(BaseSchema):
    id = fields.Integer()
    name = fields.String()
    region = fields.String()
    district = fields.String()
    address = fields.String()
    type = fields.String()
    kato_id = fields.Integer(allow_none=True)


class InstitutionPage(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(InstitutionRead))
    total = fields.Integer()
    page = fields.Integer()
    size = fields.Integer()


@bp.get("/institutions/search")
@bp.arguments(InstitutionSearchQuery, location="query", unknown=RAISE)
@bp.response(200, InstitutionPage)
def search_institutions(query):
    """Every word of `q` must appear in the name, region, city/district or address (case-insensitive); pages
    ordered by region and name. Public, like the reference data it reads."""
    return {"success": True, **service.search(query["q"], query["page"], query["size"])}


class KatoNodesQuery(BaseSchema):
    parent_id = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_ID))
    q = fields.String(load_default="", validate=validate.Length(max=200), metadata={"description": "name words"})


class KatoPathPart(BaseSchema):
    id = fields.Integer()
    name_ru = fields.String()
    name_kk = fields.String()
    name_en = fields.String()


class KatoNodeRead(KatoPathPart):
    code = fields.String()
    level = fields.Integer()
    parent_id = fields.Integer(allow_none=True)
    has_children = fields.Boolean()
    featured = fields.Integer(allow_none=True, metadata={"description": "0, 1, 2: Almaty, Astana, Shymkent first"})
    path = fields.List(fields.Nested(KatoPathPart), metadata={"description": "ancestors, region first (search)"})


class KatoNodesPage(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(KatoNodeRead))
    total = fields.Integer()


@bp.get("/kato/nodes")
@bp.arguments(KatoNodesQuery, location="query", unknown=RAISE)
@bp.response(200, KatoNodesPage)
def kato_nodes(query):
    """Without `q`: the children of `parent_id` (the regions without it, the cities of republican significance
    first), each saying whether it has children. With `q`: nodes at any level whose name (ru, kk or en) contains
    every word, with their path (at most 50)."""
    if query["q"].strip():
        return {"success": True, **kato_service.search(query["q"])}
    return {"success": True, **kato_service.children(query["parent_id"])}
