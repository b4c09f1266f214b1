"""Settings → admission terms, and the applicants' deadlines modal: request and answer shapes (decision 0087)."""

from __future__ import annotations

from datetime import UTC

from marshmallow import fields, validate

from ..common_schemas import BaseSchema


def _when(**kwargs):
    return fields.AwareDateTime(default_timezone=UTC, **kwargs)


class TermsQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class TermBody(BaseSchema):
    """Dependent rules (closing after opening, a free year, Russian name required) are the service's: it answers
    every field's error at once."""

    year = fields.Integer(allow_none=True, load_default=None)
    name_ru = fields.String(allow_none=True, load_default=None)
    name_kk = fields.String(allow_none=True, load_default=None)
    name_en = fields.String(allow_none=True, load_default=None)
    opens_at = _when(allow_none=True, load_default=None)
    closes_at = _when(allow_none=True, load_default=None)
    is_active = fields.Boolean(load_default=True)


class WindowBody(BaseSchema):
    opens_at = _when(allow_none=True, load_default=None)
    closes_at = _when(allow_none=True, load_default=None, metadata={"description": "exclusive"})
    documents_due_at = _when(allow_none=True, load_default=None, metadata={"description": "informational"})


class ProgramWindowRead(BaseSchema):
    study_program_id = fields.Integer()
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()
    documents_due_at = fields.DateTime(allow_none=True)


class AdmissionTermRead(BaseSchema):
    id = fields.Integer()
    year = fields.Integer()
    name_ru = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()
    is_active = fields.Boolean()
    windows = fields.List(fields.Nested(ProgramWindowRead))


class TermAnswer(BaseSchema):
    success = fields.Boolean()
    item = fields.Nested(AdmissionTermRead)


class ProgramRead(BaseSchema):
    id = fields.Integer()
    name_ru = fields.String()
    name_kk = fields.String()
    name_en = fields.String()
    is_hidden = fields.Boolean()


class TermList(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(AdmissionTermRead))
    total = fields.Integer()
    page = fields.Integer()
    programs = fields.List(fields.Nested(ProgramRead), metadata={"description": "every study programme, in order"})


class DeadlineProgram(BaseSchema):
    study_program_id = fields.Integer()
    name = fields.String(metadata={"description": "in the reader's language"})
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()
    documents_due_at = fields.DateTime(allow_none=True)
    is_open = fields.Boolean()
    has_own_window = fields.Boolean()


class DeadlineTerm(BaseSchema):
    id = fields.Integer()
    year = fields.Integer()
    name = fields.String()
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()
    is_open = fields.Boolean()
    programs = fields.List(fields.Nested(DeadlineProgram))


class DeadlinesAnswer(BaseSchema):
    success = fields.Boolean()
    terms = fields.List(fields.Nested(DeadlineTerm))
