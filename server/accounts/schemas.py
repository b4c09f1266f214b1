from __future__ import annotations

import re

from marshmallow import ValidationError, fields, validate, validates_schema

from ..common_schemas import BaseSchema, Email
from ..errors import LocalizedMessage
from ..i18n import LANGUAGES
from ..models.base import MAX_ID
from ..models.notification import REMINDER_KINDS
from ..populations import ADMIN_SEGMENTS
from .passwords import common_password_rule

PASSWORD_MIN_LENGTH = 6
PASSWORD_MAX_LENGTH = 128


def _password_not_too_long(value: str) -> None:
    if len(value) > PASSWORD_MAX_LENGTH:
        raise ValidationError(LocalizedMessage("auth.password_too_long", max=PASSWORD_MAX_LENGTH))


def _password_not_common(value: str) -> None:
    # Only a password the length rules accept: one message at a time, the actionable one first.
    if PASSWORD_MIN_LENGTH <= len(value) <= PASSWORD_MAX_LENGTH:
        common_password_rule(value)


# The spec's rule, and no password from the common list (issue 22; decision 0078). Staff rules: accounts/passwords.py.
PASSWORD_RULE = [
    validate.Length(min=PASSWORD_MIN_LENGTH, error="auth.password_length"),
    _password_not_too_long,
    _password_not_common,
]
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
    language = fields.String(allow_none=True)


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
    """Signed in (`user` with its token), or, for staff, the second factor still to come (decision 0078):
    `second_factor_required`, `enrolment_required`, the `challenge` and a localized `message`, and no token."""

    success = fields.Boolean()
    user = fields.Nested(UserRead)
    second_factor_required = fields.Boolean()
    enrolment_required = fields.Boolean()
    challenge = fields.String()
    message = fields.String()
    message_key = fields.String()


def _challenge_field() -> fields.String:
    return fields.String(required=True, validate=validate.Length(min=1, max=128), metadata=UNTRIMMED)


class SecondFactorRequest(BaseSchema):
    challenge = _challenge_field()
    # A 6-digit TOTP code or a recovery code ("xxxxx-xxxxx"; spaces and dashes ignored).
    code = fields.String(required=True, validate=validate.Length(min=1, max=64))


class ChallengeRequest(BaseSchema):
    challenge = _challenge_field()


class EnrolmentResponse(BaseSchema):
    success = fields.Boolean()
    secret = fields.String()
    otpauth_uri = fields.String()
    qr_svg = fields.String()


class EnrolmentConfirmResponse(SignInResponse):
    # Shown once: only their keyed hashes are stored.
    recovery_codes = fields.List(fields.String())


class RecoveryCodesRequest(BaseSchema):
    # A current 6-digit code of the authenticator app (spaces ignored); a recovery code is refused (decision 0091).
    code = fields.String(required=True, validate=validate.Length(min=1, max=64))


class RecoveryCodesResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    # Shown once: only their keyed hashes are stored; every earlier code stopped working.
    recovery_codes = fields.List(fields.String())


class OwnSecondFactorResponse(BaseSchema):
    success = fields.Boolean()
    enrolled = fields.Boolean()
    recovery_codes_left = fields.Integer(metadata={"description": "unused recovery codes (of ten)"})


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


# POST /users/fill-data (req §2 "fill data" modal, §7): the applicant's own name. Req §5's rule for names (the
# credit-bureau form's): a capital first letter; letters with a space, hyphen or apostrophe between them.
PERSON_NAME_MAX_LENGTH = 100
_PERSON_NAME = re.compile(r"^[^\W\d_]+(?:[ '’-][^\W\d_]+)*$")


def _person_name(value: str) -> None:
    if len(value) > PERSON_NAME_MAX_LENGTH:
        raise ValidationError(LocalizedMessage("users.fill_data.too_long", max=PERSON_NAME_MAX_LENGTH))
    if not value[:1].isupper():
        raise ValidationError("users.fill_data.capital")
    if not _PERSON_NAME.fullmatch(value):
        raise ValidationError("users.fill_data.letters")


class FillDataRequest(BaseSchema):
    last_name = fields.String(
        required=True, validate=[validate.Length(min=1, error="validation.required"), _person_name]
    )
    first_name = fields.String(
        required=True, validate=[validate.Length(min=1, error="validation.required"), _person_name]
    )


class SegmentQuery(BaseSchema):
    segment = fields.String(required=True, validate=validate.OneOf(list(ADMIN_SEGMENTS)))


class LanguageRequest(BaseSchema):
    language = fields.String(required=True, validate=validate.OneOf(LANGUAGES, error="users.language_unknown"))


# ------------------------------------------------------------------------------- notification centre (issue 26)


class NotificationRead(BaseSchema):
    id = fields.Integer()
    kind = fields.String()
    title = fields.String()
    body = fields.String()
    link = fields.String()
    created_at = fields.DateTime()
    read = fields.Boolean()


class NotificationPageQuery(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=10_000))
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=50))


class NotificationPageResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(NotificationRead))
    total = fields.Integer()
    unread = fields.Integer()
    page = fields.Integer()
    per_page = fields.Integer()


class UnreadResponse(BaseSchema):
    success = fields.Boolean()
    unread = fields.Integer()


class NotificationSettingRead(BaseSchema):
    kind = fields.String()
    enabled = fields.Boolean()


class NotificationSettingsResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(NotificationSettingRead))


class NotificationSettingsRequest(BaseSchema):
    """{"settings": {"<kind>": true|false, ...}}: only the kinds named change."""

    settings = fields.Dict(
        keys=fields.String(validate=validate.OneOf(REMINDER_KINDS, error="notifications.kind_unknown")),
        values=fields.Boolean(truthy={True}, falsy={False}),
        required=True,
        validate=validate.Length(min=1, max=len(REMINDER_KINDS)),
    )


class UnsubscribeResponse(BaseSchema):
    success = fields.Boolean()
    kind = fields.String()
    language = fields.String()
    enabled = fields.Boolean()
