"""Shapes of the grant-holder list import and of the scholarship check (req §7 check-gov-scholarship)."""

from __future__ import annotations

from flask_smorest.fields import Upload
from marshmallow import Schema, fields, validate

from ..common_schemas import BaseSchema, multipart_body

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


IMPORT_BODY = multipart_body(
    {
        "year": {"type": "integer", "minimum": YEAR_MIN, "maximum": YEAR_MAX},
        "file": {"type": "string", "format": "binary", "description": "xlsx in the template"},
    }
)


# ------------------------------------------------------------------------------- imports (issue 23, decision 0086)

IMPORT_ROW_CATEGORIES = ("matched", "unmatched", "duplicate", "error")


class ImportListQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    year = fields.Integer(validate=validate.Range(min=YEAR_MIN, max=YEAR_MAX, error="gov_grants.year_range"))


class ImportRowsQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    category = fields.String(validate=validate.OneOf(IMPORT_ROW_CATEGORIES, error="validation.one_of"))


class StaffName(Schema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)


class ImportCounts(Schema):
    rows = fields.Integer(metadata={"description": "data rows in the file"})
    matched = fields.Integer(metadata={"description": "rows matching an application of the year (bureau IIN)"})
    unmatched = fields.Integer()
    duplicates = fields.Integer(metadata={"description": "rows repeating an earlier row's IIN"})
    already_listed = fields.Integer(metadata={"description": "rows whose IIN is on the year's current list"})
    errors = fields.Integer(metadata={"description": "rows with an error"})


class ImportRead(Schema):
    id = fields.Integer()
    year = fields.Integer()
    file_name = fields.String()
    status = fields.String(metadata={"description": "previewed | applied | undone"})
    counts = fields.Nested(ImportCounts)
    replaced = fields.Integer(allow_none=True, metadata={"description": "rows of the list it replaced (applied)"})
    can_apply = fields.Boolean()
    can_undo = fields.Boolean()
    created_at = fields.DateTime()
    created_by = fields.Nested(StaffName, allow_none=True)
    applied_at = fields.DateTime(allow_none=True)
    applied_by = fields.Nested(StaffName, allow_none=True)
    undone_at = fields.DateTime(allow_none=True)
    undone_by = fields.Nested(StaffName, allow_none=True)


class ImportResponse(Schema):
    success = fields.Boolean()
    item = fields.Nested(ImportRead)


class ImportListResponse(Schema):
    list = fields.List(fields.Nested(ImportRead), required=True)
    total = fields.Integer(required=True)


class ImportRowRead(Schema):
    row_number = fields.Integer()
    iin = fields.String()
    full_name = fields.String()
    programme_group = fields.String()
    grant_kind = fields.String()
    category = fields.String(metadata={"description": "matched | unmatched | duplicate | error"})
    already_listed = fields.Boolean()
    application_id = fields.Integer(allow_none=True)
    errors = fields.List(fields.String(), metadata={"description": "the row's problems, in the caller's language"})


class ImportRowListResponse(Schema):
    list = fields.List(fields.Nested(ImportRowRead), required=True)
    total = fields.Integer(required=True)
