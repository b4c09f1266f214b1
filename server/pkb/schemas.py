"""Request and answer shapes of the credit-bureau calls (req §3 Credit bureau request, §5, §7)."""

from __future__ import annotations

import re

from marshmallow import ValidationError, fields, validate, validates_schema

from ..common_schemas import BaseSchema
from ..errors import LocalizedMessage
from ..forms.masks import iin_valid
from ..i18n import translate
from ..models.base import MAX_ID

NAME_MAX_LENGTH = 100
PHONE_MAX_LENGTH = 12  # req §5 / §9: +7 and at most 12 characters
_PHONE = re.compile(r"^\+7[0-9]{10}$")
_IIN_SHAPE = re.compile(r"^[0-9]{12}$")
# Letters (str.isalpha: Unicode category L, as \p{L} on the client), optionally joined by one space, hyphen or
# apostrophe (Жумабаева, Ким-Ли, Д'Артаньян).
_NAME_SEPARATORS = re.compile(r"[ '\-’]")


def check_field(field: str, reason: str) -> LocalizedMessage:
    """Req §5: 'please check field' + the field's label + the reason, in the caller's language."""
    return LocalizedMessage(
        "pkb.check_field", label=translate(f"pkb.field.{field}"), reason=translate(f"pkb.reason.{reason}")
    )


def iin_problem(value: str | None) -> str | None:
    if not value:
        return "required"
    if not _IIN_SHAPE.fullmatch(value):
        return "iin_format"
    return None if iin_valid(value) else "iin_check"


def phone_problem(value: str | None) -> str | None:
    if not value:
        return "required"
    if not value.startswith("+7"):
        return "phone_prefix"
    if len(value) > PHONE_MAX_LENGTH or not _PHONE.fullmatch(value):
        return "phone_format"
    return None


def name_problem(value: str | None) -> str | None:
    if value is None or not value.strip():
        return "required"
    if value != value.strip():
        return "spaces"
    if len(value) > NAME_MAX_LENGTH:
        return "too_long"
    if not value[0].isupper():
        return "capital"
    parts = _NAME_SEPARATORS.split(value)
    return None if all(part.isalpha() for part in parts) else "letters"


RULES = (("iin", iin_problem), ("phone", phone_problem), ("last_name", name_problem), ("first_name", name_problem))


def _text(description: str, example: str, **metadata):
    return fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=200, error="validation.too_long"),
        metadata={"description": description, "example": example, **metadata},
    )


class PkbCreateRequest(BaseSchema):
    iin = _text("12 digits with a valid check digit", "060315501232")
    phone = _text("+7 and 10 digits (12 characters)", "+77011234501")
    # Names are checked as typed (req §5: no leading or trailing spaces), so they are not trimmed.
    last_name = _text("Starts with a capital letter, no leading/trailing spaces", "Ахметов", trim=False)
    first_name = _text("Starts with a capital letter, no leading/trailing spaces", "Нурлан", trim=False)
    application_id = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=MAX_ID, error="applications.not_found")
    )

    @validates_schema
    def _rules(self, data, **kwargs):
        errors = {}
        for name, rule in RULES:
            reason = rule(data.get(name))
            if reason:
                errors[name] = [check_field(name, reason)]
        if errors:
            raise ValidationError(errors)


class PkbCreateResponse(BaseSchema):
    success = fields.Boolean()
    request_id = fields.String(metadata={"description": "Send it back with the code to /pkb/check-code"})
    expires_in = fields.Integer(metadata={"description": "Seconds the code stays valid"})


class PkbCheckCodeRequest(BaseSchema):
    request_id = fields.String(required=True, validate=validate.Length(min=1, max=64, error="pkb.request_not_found"))
    code = fields.String(required=True, validate=validate.Regexp(r"^[0-9]{6}$", error="auth.wrong_code"))


class PkbCheckCodeResponse(BaseSchema):
    success = fields.Boolean()
    application_id = fields.Integer()
