"""POST /api/v1/auth/* (req §7 Auth). Thin: schema in, service call, schema out."""

from flask import after_this_request
from flask_jwt_extended import current_user, get_jwt, jwt_required
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import SuccessSchema
from ..i18n import translate
from ..models import STAFF_ROLES
from ..ratelimits import client_address, per_account, per_ip
from . import auth as accounts
from . import second_factor
from .schemas import (
    ChallengeRequest,
    CodeRequest,
    EmailRequest,
    EnrolmentConfirmResponse,
    EnrolmentResponse,
    ForgotPasswordGenerateRequest,
    ForgotPasswordUpdateRequest,
    OtpIdResponse,
    OwnSecondFactorResponse,
    RecoveryCodesRequest,
    RecoveryCodesResponse,
    SecondFactorRequest,
    SignInRequest,
    SignInResponse,
    SignUpRequest,
    UserRead,
    VerifyCodeRequest,
)

bp = Blueprint("auth", __name__, url_prefix="/api/v1/auth", description="Sign-up, sign-in, codes and password reset")


def _signed_in(result: accounts.SignedIn | accounts.SecondFactorStep) -> dict:
    if isinstance(result, accounts.SecondFactorStep):
        # Staff: no token yet; the answer says so plainly (decision 0078).
        key = "auth.second_factor_enrolment_required" if result.enrolment_required else "auth.second_factor_required"
        return {
            "success": True,
            "second_factor_required": True,
            "enrolment_required": result.enrolment_required,
            "challenge": result.challenge,
            "message": translate(key),
            "message_key": key,
        }
    return {"success": True, "user": {**UserRead().dump(result.user), "token": result.token}}


def _no_store() -> None:
    """Secrets in this answer (a TOTP secret, recovery codes): no cache keeps a copy."""

    @after_this_request
    def _header(response):
        response.headers["Cache-Control"] = "no-store"
        return response


def _ok(key: str) -> dict:
    return {"success": True, "message": translate(key), "message_key": key}


@bp.post("/sign-up")
@per_ip()
@per_account("RATE_LIMIT_SIGN_UP_PER_ACCOUNT")
@bp.arguments(SignUpRequest)
@bp.response(200, SuccessSchema)
def sign_up(body):
    accounts.sign_up(body["user"]["email"], body["user"]["password"])
    return _ok("auth.code_sent")


@bp.post("/generate-otp")
@per_ip()
@per_account("RATE_LIMIT_SEND_CODE_PER_ACCOUNT")
@bp.arguments(EmailRequest)
@bp.response(200, SuccessSchema)
def generate_otp(body):
    accounts.resend_verification(body["email"])
    return _ok("auth.code_sent")


@bp.post("/check-otp")
@per_ip()
@per_account("RATE_LIMIT_CHECK_CODE_PER_ACCOUNT")
@bp.arguments(VerifyCodeRequest)
@bp.response(200, SignInResponse)
def check_otp(body):
    return _signed_in(accounts.verify_email(body["email"], body["code"], body["password"]))


@bp.post("/sign-in")
@per_ip()
# No per-account limit on requests: failures are counted per (account, address) and per address instead, so
# nobody can lock an owner out (accounts/sign_in_guard.py).
@bp.arguments(SignInRequest)
@bp.response(200, SignInResponse)
def sign_in(body):
    return _signed_in(accounts.sign_in(body["email"], body["password"], client_address()))


@bp.post("/sign-in/second-factor")
@per_ip()
# Wrong codes are counted per challenge, per (account, address), per address and per account
# (accounts/second_factor.py): the challenge names the account, the body has no e-mail.
@bp.arguments(SecondFactorRequest)
@bp.response(200, SignInResponse)
def sign_in_second_factor(body):
    """Staff sign-in, step 2: the challenge of step 1 and a TOTP or recovery code; answers as sign-in does."""
    return _signed_in(accounts.sign_in_second_factor(body["challenge"], body["code"], client_address()))


@bp.post("/second-factor/enrolment")
@per_ip()
@bp.arguments(ChallengeRequest)
@bp.response(200, EnrolmentResponse)
def second_factor_enrolment(body):
    """A staff member without a second factor: a new TOTP secret, its otpauth URI and QR code (SVG)."""
    enrolment = second_factor.begin_enrolment(body["challenge"])
    _no_store()
    return {
        "success": True,
        "secret": enrolment.secret,
        "otpauth_uri": enrolment.otpauth_uri,
        "qr_svg": enrolment.qr_svg,
    }


@bp.post("/second-factor/enrolment/confirm")
@per_ip()
@bp.arguments(SecondFactorRequest)
@bp.response(200, EnrolmentConfirmResponse)
def second_factor_enrolment_confirm(body):
    """The first code of the new authenticator: signed in, with the ten recovery codes (shown once)."""
    enrolled = accounts.confirm_second_factor_enrolment(body["challenge"], body["code"], client_address())
    _no_store()
    return {**_signed_in(enrolled.signed_in), "recovery_codes": enrolled.recovery_codes}


@bp.get("/second-factor")
@login_required(roles=STAFF_ROLES)
@bp.response(200, OwnSecondFactorResponse)
def own_second_factor():
    """The signed-in staff member's own factor: enrolled, and how many recovery codes are left unused."""
    return {"success": True, **second_factor.status(current_user)}


@bp.post("/second-factor/recovery-codes")
@login_required(roles=STAFF_ROLES)
@per_ip()
# Wrong codes are counted like wrong sign-in codes: per (account, address), per address and per account.
@bp.arguments(RecoveryCodesRequest)
@bp.response(200, RecoveryCodesResponse)
def regenerate_recovery_codes(body):
    """Ten new recovery codes for a current code of the authenticator app (decision 0091); every earlier code stops
    working. Shown once."""
    codes = second_factor.regenerate_recovery_codes(current_user, body["code"], client_address())
    _no_store()
    return {**_ok("auth.recovery_codes_regenerated"), "recovery_codes": codes}


@bp.post("/sign-out")
@jwt_required()
@bp.response(200, SuccessSchema)
def sign_out():
    accounts.sign_out(get_jwt()["jti"])
    return {"success": True}


@bp.post("/forgot-password-generate-code")
@per_ip()
@per_account("RATE_LIMIT_SEND_CODE_PER_ACCOUNT")
@bp.arguments(ForgotPasswordGenerateRequest)
@bp.response(200, SuccessSchema)
def forgot_password_generate_code(body):
    accounts.request_password_reset(body["email"])
    return _ok("auth.reset_code_sent")


@bp.post("/forgot-password-check-code")
@per_ip()
@per_account("RATE_LIMIT_CHECK_CODE_PER_ACCOUNT")
@bp.arguments(CodeRequest)
@bp.response(200, OtpIdResponse)
def forgot_password_check_code(body):
    return {"success": True, "otp_id": accounts.confirm_reset_code(body["email"], body["code"])}


@bp.post("/forgot-password-update-password")
@per_ip()
@per_account("RATE_LIMIT_CHECK_CODE_PER_ACCOUNT")
@bp.arguments(ForgotPasswordUpdateRequest)
@bp.response(200, SuccessSchema)
def forgot_password_update_password(body):
    accounts.reset_password(body["email"], body["password"], body["otp_id"])
    return _ok("auth.password_updated")
