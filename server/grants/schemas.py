"""Shapes of the grant-holder list import and of the scholarship check (req §7 check-gov-scholarship)."""

from __future__ import annotations

from flask_smorest.fields import Upload
from marshmallow import Schema, fields, validate

from ..common_schemas import BaseSchema

YEAR_MIN, YEAR_MAX = 2000, 2100


class GrantImportForm(BaseSchema):
    year = fields.Integer(
        required=True,
        strict=False,
        validate=validate.Range(min=YEAR_MIN, max=YEAR_MAX, error="gov_grants.year_range"),
        metadata={"description": "Admission year the list belongs to (the application's term year)"},
    )


class GrantImportFile(Schema):
    file = Upload(required=True, metadata={"description": "xlsx in the template of GET /admin/gov-grants/template"})


class GrantImportResponse(BaseSchema):
    success = fields.Boolean()
    year = fields.Integer()
    imported = fields.Integer(metadata={"description": "Rows now on that year's list"})
    replaced = fields.Integer(metadata={"description": "Rows of the previous list of that year, removed"})


class GrantRead(BaseSchema):
    year = fields.Integer()
    full_name = fields.String()
    programme_group = fields.String()
    grant_kind = fields.String()


class ScholarshipCheckResponse(BaseSchema):
    success = fields.Boolean()
    awarded = fields.Boolean()
    published = fields.Boolean(
        metadata={"description": "Whether the list of the application's year is imported; false = result pending"}
    )
    year = fields.Integer()
    grant = fields.Nested(
        GrantRead, allow_none=True, metadata={"description": "the applicant's own award; null unless awarded"}
    )


IMPORT_BODY = {
    "required": True,
    "content": {
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "required": ["year", "file"],
                "properties": {
                    "year": {"type": "integer", "minimum": YEAR_MIN, "maximum": YEAR_MAX},
                    "file": {"type": "string", "format": "binary", "description": "xlsx in the template"},
                },
            }
        }
    },
}
