"""Staff second factor: TOTP (RFC 6238, pyotp) with ten one-time recovery codes (issue 22; decision 0078).

A staff account (any staff role, models/user.py STAFF_ROLES) never gets a session for its password alone. A correct
password earns a challenge: a random handle, single use, valid CHALLENGE_TTL seconds, good for CHALLENGE_ATTEMPTS
wrong codes, accepted only by the calls below. With an enrolled factor the challenge and a code (TOTP or recovery
code) make the session; without one the challenge starts the enrolment (a new secret, its otpauth URI and QR code)
and the first correct code confirms it, yields the ten recovery codes (shown once) and the session.

At rest: the TOTP secret encrypted with AES-GCM under a key derived from SECRET_KEY (HKDF, its own label), the user
id as associated data; recovery codes and challenge handles as keyed hashes (HMAC-SHA256 under SECRET_KEY). A code
of a time step already used is refused (replay), as is every code after a newer one. Each of these is one
conditional UPDATE, so two requests racing with the same code cannot both win.

`reset(user)` (staff management, the CLI) removes the factor and its codes and ends the account's sessions: the next
sign-in enrols again. `regenerate_recovery_codes` gives a signed-in staff member ten new codes for a current TOTP code
(decision 0091).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import secrets
from dataclasses import dataclass
from datetime import timedelta

import pyotp
import segno
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app
from sqlalchemy import delete, or_, select, update

from .. import audit
from ..database import unit_of_work, use_case
from ..errors import Conflict, Forbidden, Invalid, TooMany, Unavailable
from ..extensions import db
from ..models import SecondFactorChallenge, StaffRecoveryCode, StaffTotp, User
from ..models.base import utcnow
from ..ratelimits import FailureCounter
from . import dao as users_dao
from .sign_in_guard import SignInGuard

ISSUER = "Qabyldau"
RECOVERY_CODE_COUNT = 10
# 10 characters from 31 unambiguous ones (no 0/o, 1/l/i): about 49 bits each, shown as "xxxxx-xxxxx".
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
RECOVERY_CODE_LENGTH = 10
# Minutes, not hours: enough to open an authenticator app and scan a code.
DEFAULT_CHALLENGE_TTL_SECONDS = 600
DEFAULT_CHALLENGE_ATTEMPTS = 5
# Wrong codes per account, whatever the address and challenge (the sign-in guard also counts them per address).
PER_ACCOUNT_FAILURES = "RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT"
# Codes of the previous and the next 30-second step count too: a phone's clock drifts, and typing takes time.
VALID_WINDOW = 1


def required(user: User) -> bool:
    """Staff (either admin role, or the staff-management role of decision 0079) sign in with a second factor;
    applicants do not."""
    return user.is_staff


# ------------------------------------------------------------------------------------------------ secrets at rest
def _key() -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"qabyldau staff totp secret v1").derive(
        current_app.config["SECRET_KEY"].encode()
    )


def _encrypt(user_id: int, secret: str) -> str:
    nonce = secrets.token_bytes(12)
    sealed = AESGCM(_key()).encrypt(nonce, secret.encode(), str(user_id).encode())
    return "v1:" + base64.urlsafe_b64encode(nonce + sealed).decode()


def _decrypt(user_id: int, stored: str) -> str:
    """The plain secret; Unavailable (503) when it cannot be read, e.g. after SECRET_KEY changed (an administrator
    then resets the factor: `flask reset-second-factor EMAIL`). Never treated as "no factor", which would let a
    password alone enrol a new one."""
    try:
        version, payload = stored.split(":", 1)
        raw = base64.urlsafe_b64decode(payload.encode())
        if version != "v1":
            raise ValueError(version)
        return AESGCM(_key()).decrypt(raw[:12], raw[12:], str(user_id).encode()).decode()
    except (ValueError, InvalidTag) as error:
        raise Unavailable("auth.second_factor_unreadable") from error


def _keyed_hash(kind: str, user_id: int, value: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"{kind}:{user_id}:{value}".encode(), hashlib.sha256).hexdigest()


def _challenge_hash(token: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"second-factor-challenge:{token}".encode(), hashlib.sha256).hexdigest()


# ------------------------------------------------------------------------------------------------ lookups
def factor_of(user_id: int) -> StaffTotp | None:
    return db.session.get(StaffTotp, user_id)


def is_enrolled(user: User) -> bool:
    factor = factor_of(user.id)
    return factor is not None and factor.confirmed_at is not None


def unused_recovery_codes(user: User) -> int:
    return len(
        db.session.scalars(
            select(StaffRecoveryCode.id).where(
                StaffRecoveryCode.user_id == user.id, StaffRecoveryCode.used_at.is_(None)
            )
        ).all()
    )


# ------------------------------------------------------------------------------------------------ challenges
def issue_challenge(user: User) -> str:
    """A new challenge for `user` (joins the caller's unit of work); the older open ones end with it."""
    now = utcnow()
    db.session.execute(
        update(SecondFactorChallenge)
        .where(SecondFactorChallenge.user_id == user.id, SecondFactorChallenge.consumed_at.is_(None))
        .values(consumed_at=now)
    )
    token = secrets.token_urlsafe(32)
    ttl = current_app.config.get("SECOND_FACTOR_CHALLENGE_TTL_SECONDS", DEFAULT_CHALLENGE_TTL_SECONDS)
    db.session.add(
        SecondFactorChallenge(
            token_hash=_challenge_hash(token),
            user_id=user.id,
            attempts=0,
            created_at=now,
            expires_at=now + timedelta(seconds=ttl),
        )
    )
    return token


def _max_attempts() -> int:
    return current_app.config.get("SECOND_FACTOR_CHALLENGE_ATTEMPTS", DEFAULT_CHALLENGE_ATTEMPTS)


def _open_challenge(token: str) -> SecondFactorChallenge:
    """The live challenge behind `token`; Invalid `auth.challenge_invalid` otherwise (unknown, used, expired or out
    of tries alike: the caller signs in again)."""
    record = db.session.scalar(
        select(SecondFactorChallenge).where(SecondFactorChallenge.token_hash == _challenge_hash(token or ""))
    )
    if record is None or record.consumed_at is not None or record.expires_at <= utcnow():
        raise Invalid("auth.challenge_invalid")
    user = users_dao.get_user(record.user_id)
    # The role taken away, or the account deactivated (decision 0079), since the password step.
    if user is None or not required(user) or user.deactivated_at is not None:
        raise Invalid("auth.challenge_invalid")
    return record


def _consume(record: SecondFactorChallenge) -> None:
    """Single use, also under a race: only the request whose UPDATE changed the row goes on."""
    changed = db.session.execute(
        update(SecondFactorChallenge)
        .where(SecondFactorChallenge.id == record.id, SecondFactorChallenge.consumed_at.is_(None))
        .values(consumed_at=utcnow())
    ).rowcount
    if changed != 1:
        raise Invalid("auth.challenge_invalid")


def _guard(user: User, address: str) -> SignInGuard:
    return SignInGuard(users_dao.normalise_email(user.email), address)


def _check_throttle(user: User, address: str) -> None:
    """Before any code is looked at: the sign-in guard of this (account, address) and address, then the account's
    own second-factor failures (only someone who knows the password can add to those)."""
    _guard(user, address).check()
    wait = FailureCounter(PER_ACCOUNT_FAILURES, user.email).wait()
    if wait > 0:
        raise TooMany("auth.second_factor_throttled", minutes=-(-wait // 60), headers={"Retry-After": str(wait)})


class WrongCode(Invalid):
    """A refused code whose counted try must stay: the caller's unit of work keeps it (`keep_on=(WrongCode,)`), so
    a refusal never gives the guesser the try back."""


def _wrong_code(record: SecondFactorChallenge, user: User, address: str, key: str = "auth.second_factor_wrong_code"):
    """Counts the try against the challenge (the last one ends it), the address and the account, and raises
    WrongCode, which the caller's unit commits."""
    record.attempts += 1
    exhausted = record.attempts >= _max_attempts()
    if exhausted:
        record.consumed_at = utcnow()
    _count_wrong_code(user, address)
    raise WrongCode("auth.challenge_attempts_exceeded" if exhausted else key)


def _count_wrong_code(user: User, address: str) -> None:
    """A wrong code counts against the sign-in guard of this (account, address) and address, and the account."""
    _guard(user, address).failed()
    FailureCounter(PER_ACCOUNT_FAILURES, user.email).add()


# ------------------------------------------------------------------------------------------------ codes
def _normalise(code: str) -> str:
    return "".join(ch for ch in (code or "").lower() if ch.isalnum())


def _accept_totp(factor: StaffTotp, code: str) -> str | None:
    """None when `code` is a fresh TOTP of the factor (its step recorded as used), else why not: 'wrong' or
    'replayed'."""
    digits = _normalise(code)
    if len(digits) != 6 or not digits.isdigit():
        return "wrong"
    totp = pyotp.TOTP(_decrypt(factor.user_id, factor.secret_encrypted))
    now_step = totp.timecode(utcnow())
    for step in range(now_step - VALID_WINDOW, now_step + VALID_WINDOW + 1):
        if hmac.compare_digest(totp.generate_otp(step), digits):
            changed = db.session.execute(
                update(StaffTotp)
                .where(
                    StaffTotp.user_id == factor.user_id,
                    or_(StaffTotp.last_used_step.is_(None), StaffTotp.last_used_step < step),
                )
                .values(last_used_step=step)
            ).rowcount
            return None if changed == 1 else "replayed"
    return "wrong"


def _accept_recovery_code(user: User, code: str) -> bool:
    normalised = _normalise(code)
    if len(normalised) != RECOVERY_CODE_LENGTH:
        return False
    row = db.session.scalar(
        select(StaffRecoveryCode).where(
            StaffRecoveryCode.user_id == user.id,
            StaffRecoveryCode.code_hash == _keyed_hash("recovery", user.id, normalised),
        )
    )
    if row is None:
        return False
    changed = db.session.execute(
        update(StaffRecoveryCode)
        .where(StaffRecoveryCode.id == row.id, StaffRecoveryCode.used_at.is_(None))
        .values(used_at=utcnow())
    ).rowcount
    return changed == 1


def _new_recovery_codes(user: User) -> list[str]:
    """Ten new codes replace every earlier one; the plain codes are returned once and never stored."""
    db.session.execute(delete(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user.id))
    now = utcnow()
    plain = []
    for _ in range(RECOVERY_CODE_COUNT):
        code = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(RECOVERY_CODE_LENGTH))
        db.session.add(
            StaffRecoveryCode(user_id=user.id, code_hash=_keyed_hash("recovery", user.id, code), created_at=now)
        )
        plain.append(f"{code[:5]}-{code[5:]}")
    return plain


# ------------------------------------------------------------------------------------------------ use cases
@dataclass
class Enrolment:
    secret: str
    otpauth_uri: str
    qr_svg: str


def provisioning_uri(user: User, secret: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=ISSUER)


def qr_svg(uri: str) -> str:
    """The otpauth URI as an inline SVG QR code (no script, no external reference: safe under the CSP)."""
    buffer = io.BytesIO()
    segno.make(uri, error="m").save(buffer, kind="svg", scale=5, border=4, xmldecl=False, svgns=True, nl=False)
    return buffer.getvalue().decode()


@use_case
def begin_enrolment(challenge: str) -> Enrolment:
    """A new secret for a staff member without a confirmed factor, named by their challenge. Asking again replaces
    the unconfirmed secret (a QR code that did not scan)."""
    record = _open_challenge(challenge)
    user = users_dao.get_user(record.user_id)
    factor = factor_of(user.id)
    if factor is not None and factor.confirmed_at is not None:
        raise Conflict("auth.second_factor_already_enrolled")
    secret = pyotp.random_base32()
    if factor is None:
        factor = StaffTotp(user_id=user.id, created_at=utcnow())
        db.session.add(factor)
    factor.secret_encrypted = _encrypt(user.id, secret)
    factor.last_used_step = None
    uri = provisioning_uri(user, secret)
    return Enrolment(secret=secret, otpauth_uri=uri, qr_svg=qr_svg(uri))


def confirm_enrolment(challenge: str, code: str, address: str) -> tuple[User, list[str]]:
    """The first code from the authenticator confirms the secret begun with this challenge. Joins the caller's
    unit (which starts the session): returns the user and the ten recovery codes."""
    record = _open_challenge(challenge)
    user = users_dao.get_user(record.user_id)
    _check_throttle(user, address)
    factor = factor_of(user.id)
    if factor is not None and factor.confirmed_at is not None:
        raise Conflict("auth.second_factor_already_enrolled")
    if factor is None:
        raise Conflict("auth.second_factor_enrolment_not_started")
    refusal = _accept_totp(factor, code)
    if refusal is not None:
        _wrong_code(record, user, address)
    _consume(record)
    factor.confirmed_at = utcnow()
    _guard(user, address).succeeded()
    return user, _new_recovery_codes(user)


def verify(challenge: str, code: str, address: str) -> User:
    """The challenge and a code of the enrolled factor, a TOTP code or an unused recovery code. Joins the caller's
    unit (which starts the session)."""
    record = _open_challenge(challenge)
    user = users_dao.get_user(record.user_id)
    _check_throttle(user, address)
    factor = factor_of(user.id)
    if factor is None or factor.confirmed_at is None:
        raise Conflict("auth.second_factor_not_enrolled")
    refusal = _accept_totp(factor, code)
    if refusal == "replayed":
        _wrong_code(record, user, address, "auth.second_factor_code_used")
    if refusal is not None and not _accept_recovery_code(user, code):
        _wrong_code(record, user, address)
    _consume(record)
    _guard(user, address).succeeded()
    return user


@dataclass
class Provisioned:
    secret: str
    otpauth_uri: str
    recovery_codes: list[str]


def enrol(user: User, secret: str | None = None) -> Provisioned:
    """Enrols (or re-enrols) `user` with `secret`, or a new one, confirmed at once, with new recovery codes: for
    `flask create-admin --totp-secret` and provisioning scripts. Joins the caller's unit of work."""
    secret = (secret or pyotp.random_base32()).replace(" ", "").upper()
    try:
        base64.b32decode(secret + "=" * (-len(secret) % 8), casefold=False)
    except ValueError as error:
        raise Invalid("auth.second_factor_secret_invalid") from error
    if len(secret) < 16:  # 80 bits, RFC 4226's minimum (pyotp's own secrets are 160 bits)
        raise Invalid("auth.second_factor_secret_invalid")
    factor = factor_of(user.id)
    if factor is None:
        factor = StaffTotp(user_id=user.id, created_at=utcnow())
        db.session.add(factor)
    factor.secret_encrypted = _encrypt(user.id, secret)
    factor.confirmed_at = utcnow()
    factor.last_used_step = None
    return Provisioned(secret, provisioning_uri(user, secret), _new_recovery_codes(user))


@use_case
def provision_staff(email: str, password: str, role: str, totp_secret: str | None = None) -> tuple[User, Provisioned]:
    """`flask create-admin`: the account (users.create_admin) and its second factor, enrolled with `totp_secret`
    or a new secret, in one transaction."""
    from .users import create_admin

    user = create_admin(email, password, role)
    return user, enrol(user, totp_secret)


def reset(user: User) -> None:
    """Removes `user`'s second factor, recovery codes and open challenges, and ends every session of the account:
    the next sign-in asks for a new enrolment. For staff management ("reset the second factor") and
    `flask reset-second-factor`. Joins the caller's unit of work, or commits on its own."""
    with unit_of_work():
        now = utcnow()
        db.session.execute(delete(StaffTotp).where(StaffTotp.user_id == user.id))
        db.session.execute(delete(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user.id))
        db.session.execute(
            update(SecondFactorChallenge)
            .where(SecondFactorChallenge.user_id == user.id, SecondFactorChallenge.consumed_at.is_(None))
            .values(consumed_at=now)
        )
        users_dao.revoke_sessions(user.id, now)


# ------------------------------------------------------------------------------------------------ signed in
def status(user: User) -> dict:
    """The signed-in staff member's own factor: enrolled or not, and how many recovery codes are left unused."""
    return {"enrolled": is_enrolled(user), "recovery_codes_left": unused_recovery_codes(user)}


@use_case(keep_on=(WrongCode,))
def regenerate_recovery_codes(user: User, code: str, address: str) -> list[str]:
    """Ten new recovery codes for a signed-in staff member who proves the factor again with a current code of the
    authenticator app (decision 0091). The session alone is not enough (a token left in an unattended browser must
    not mint codes), and a recovery code is not accepted: one leaked code would otherwise buy a fresh set that
    outlives it. Wrong codes count like wrong sign-in codes (the address's sign-in guard and the account's
    second-factor failures), and the throttles of sign-in hold here too. The old codes stop working in the same
    transaction; the new ones are returned once and stored as keyed hashes."""
    if not required(user):
        raise Forbidden("errors.forbidden")
    factor = factor_of(user.id)
    if factor is None or factor.confirmed_at is None:
        raise Conflict("auth.second_factor_not_enrolled")
    _check_throttle(user, address)
    refusal = _accept_totp(factor, code)
    if refusal is not None:
        _count_wrong_code(user, address)
        raise WrongCode("auth.second_factor_code_used" if refusal == "replayed" else "auth.second_factor_wrong_code")
    replaced = unused_recovery_codes(user)
    codes = _new_recovery_codes(user)
    _guard(user, address).succeeded()
    # The codes never enter the trail: only that a set was issued and how many unused ones it replaced.
    # The account by (type, id): `user` may be the request's current_user proxy, whose class is not the model's.
    audit.record(
        "staff.recovery_codes_regenerated",
        ("user", str(user.id)),
        {"codes_issued": len(codes), "unused_replaced": replaced},
    )
    return codes


def purge_challenges_ended_before(cutoff) -> int:
    """Challenges that expired or were used before `cutoff` (none can be used again); joins the caller's unit."""
    return db.session.execute(
        delete(SecondFactorChallenge).where(
            or_(SecondFactorChallenge.expires_at < cutoff, SecondFactorChallenge.consumed_at < cutoff)
        )
    ).rowcount
