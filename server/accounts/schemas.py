from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ..common_schemas import BaseSchema, Email
from ..errors import LocalizedMessage
from ..models.base import MAX_ID
from ..populations import ADMIN_SEGMENTS

PASSWORD_MIN_LENGTH = 6
PASSWORD_MAX_LENGTH = 128


def _password_not_too_long(value: str) -> None:
    if len(value) > PASSWORD_MAX_LENGTH:
        raise ValidationError(LocalizedMessage("auth.password_too_long", max=PASSWORD_MAX_LENGTH))


PASSWORD_RULE = [validate.Length(min=PASSWORD_MIN_LENGTH, error="auth.password_length"), _password_not_too_long]
# Spaces are part of a password: never trimmed (BaseSchema trims every other string, req §5).
UNTRIMMED = {"trim": False}


class CitizenshipRead(BaseSchema):
    id = fields.Integer()
    name_ru = fields.String()
    name_en = fields.String()
    name_kk = fields.String()
    code = fields.String()


class RoleRead(BaseSchema):
    name = fields.String()


class UserRead(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    token = fields.String()
    roles = fields.List(fields.Nested(RoleRead))
    citizenship = fields.Nested(CitizenshipRead, allow_none=True)
    citizenship_id = fields.Integer(allow_none=True)
    is_verified = fields.Boolean()
    is_pkb_data_request_completed = fields.Boolean()
    study_program_id = fields.Integer(allow_none=True)
    applications_count = fields.Integer()
    is_exempted_from_payment = fields.Boolean()


class SignUpUser(BaseSchema):
    email = Email(required=True)
    password = fields.String(required=True, validate=PASSWORD_RULE, metadata=UNTRIMMED)
    repeat_password = fields.String(required=True, metadata=UNTRIMMED)

    @validates_schema
    def _passwords_match(self, data, **kwargs):
        if "password" in data and "repeat_password" in data and data["password"] != data["repeat_password"]:
            raise ValidationError("auth.passwords_mismatch", field_name="repeat_password")


class SignUpRequest(BaseSchema):
    user = fields.Nested(SignUpUser, required=True)
    # Accepted for compatibility with the client of §7; the server writes its own localized e-mail (decision 0002).
    confirmation_message_subject = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=500))
    confirmation_message_part_1 = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=2000))


def _typed_password() -> fields.String:
    """A password the caller chose earlier, as typed (sign-in, and the sign-up's password with its code)."""
    return fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error="validation.required"),
            validate.Length(max=128, error="validation.too_long"),
        ],
        metadata=UNTRIMMED,
    )


class SignInRequest(BaseSchema):
    email = Email(required=True)
    password = _typed_password()


class EmailRequest(BaseSchema):
    email = Email(required=True)


class CodeRequest(BaseSchema):
    email = Email(required=True)
    code = fields.String(required=True, validate=validate.Regexp(r"^\d{6}$", error="auth.wrong_code"))


class VerifyCodeRequest(CodeRequest):
    # The password of the sign-up the code was mailed for: the code alone proves the mailbox, not who chose the
    # password (issue 22, finding 5; decision 0002).
    password = _typed_password()


class ForgotPasswordGenerateRequest(EmailRequest):
    confirmation_message_subject = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=500))
    confirmation_message_part_1 = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=2000))


class ForgotPasswordUpdateRequest(BaseSchema):
    email = Email(required=True)
    password = fields.String(required=True, validate=PASSWORD_RULE, metadata=UNTRIMMED)
    repeat_password = fields.String(load_default=None, metadata=UNTRIMMED)
    otp_id = fields.String(required=True, validate=validate.Length(min=1, max=64))

    @validates_schema
    def _passwords_match(self, data, **kwargs):
        repeat = data.get("repeat_password")
        if repeat is not None and "password" in data and repeat != data["password"]:
            raise ValidationError("forgot-password-passwords-not-equal", field_name="repeat_password")


class SignInResponse(BaseSchema):
    success = fields.Boolean()
    user = fields.Nested(UserRead)


class UserItemResponse(BaseSchema):
    success = fields.Boolean()
    item = fields.Nested(UserRead)


class OtpIdResponse(BaseSchema):
    success = fields.Boolean()
    otp_id = fields.String()


class UserUpdateRequest(BaseSchema):
    # Bounded so an id beyond the database integer range is a 400, not a driver overflow (a 500).
    citizenship_id = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=MAX_ID, error="users.citizenship_not_found")
    )


class SegmentQuery(BaseSchema):
    segment = fields.String(required=True, validate=validate.OneOf(list(ADMIN_SEGMENTS)))
