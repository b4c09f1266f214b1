"""Reference searches for the applicant's pickers (issue 10): thin adapters over services/institutions.py."""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import RAISE, fields, validate

from ..schemas.common import BaseSchema
from ..services import institutions as service

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
