"""Request and answer schemas of the letters API (decision 0080)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..common_schemas import BaseSchema
from ..models.letter import LETTER_KINDS, LETTER_STATUSES

REASON_MAX = 1000  # the staff dialog's limit too (ReasonDialog)


class LetterRead(Schema):
    """A letter as its holder and staff see it in a list (the PDF is downloaded separately)."""

    id = fields.Integer()
    application_id = fields.Integer(allow_none=True)
    kind = fields.String(metadata={"description": " | ".join(LETTER_KINDS)})
    version = fields.Integer()
    status = fields.String(metadata={"description": " | ".join(LETTER_STATUSES)})
    languages = fields.Function(lambda letter: letter.languages.split(","))
    issued_at = fields.DateTime()


class StaffLetterRead(LetterRead):
    code = fields.String(metadata={"description": "the verification code printed on the letter"})
    revoked_at = fields.DateTime(allow_none=True)
    revoke_reason = fields.String(allow_none=True)
    superseded_at = fields.DateTime(allow_none=True)
    is_latest = fields.Boolean(
        dump_default=False, metadata={"description": "the latest version of its letter: may be re-issued or revoked"}
    )


class LetterList(Schema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(LetterRead))


class StaffLetterList(Schema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(StaffLetterRead))


class StaffLetterAnswer(Schema):
    success = fields.Boolean()
    letter = fields.Nested(StaffLetterRead)


class RevokeBody(BaseSchema):
    reason = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=REASON_MAX))


class Trilingual(Schema):
    ru = fields.String()
    kk = fields.String()
    en = fields.String()


class VerifiedLetter(Schema):
    """Only what the public page may show: never documents, IIN, contacts, the dormitory room or the price."""

    kind = fields.String()
    holder_name = fields.String()
    program = fields.Nested(Trilingual, metadata={"description": "the programme's name in each language"})
    issued_at = fields.DateTime()
    version = fields.Integer()


class VerificationAnswer(Schema):
    success = fields.Boolean()
    status = fields.String(metadata={"description": "valid | superseded | revoked"})
    letter = fields.Nested(VerifiedLetter)
