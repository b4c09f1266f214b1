"""The credit-bureau request of a citizen of Kazakhstan (req §2 request_data, §3, §5, §7; design §8).

create_request: the applicant's IIN, phone and names go to the bureau, which texts our consent code to the phone
registered to that IIN. check_code: the right code releases the person's data; they are kept (pkb_person_data),
the account is marked is_pkb_data_request_completed and the local main-info step is pre-filled.
Codes are those of decision 0002 (accounts/codes.py). Each request costs money: one per
PKB_RESEND_INTERVAL_SECONDS per account, plus the rate limits of the views. A bureau that fails or times out
changes nothing (503 pkb.unavailable). One IIN is confirmed by one account (409 pkb.iin_taken, issue 22). Logs carry
no full IIN. Decision 0064.
"""

from __future__ import annotations

import logging
import math
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy.exc import IntegrityError

from ..accounts import codes
from ..accounts import dao as users_dao
from ..applications import dao as applications_dao
from ..applications import operations as applications_service
from ..applications import prefill
from ..database import unit_of_work
from ..errors import Conflict, NotFound, Refused, TooMany, Unavailable
from ..extensions import db
from ..iin import masked
from ..integrations.credit_bureau import (
    BureauError,
    BureauUnavailable,
    CreditBureau,
    PersonRejected,
    Subject,
    get_credit_bureau,
)
from ..models import PKB_STATUS_CONFIRMED, PKB_STATUS_SENT, AuditLog, PkbPersonData, PkbRequest, User
from ..models.base import utcnow
from ..models.pkb import PKB_STATUS_REFUSED
from . import dao

log = logging.getLogger(__name__)

PURPOSE = "pkb"


def _bureau() -> CreditBureau:
    try:
        return get_credit_bureau()
    except BureauUnavailable:
        raise Unavailable("pkb.unavailable") from None


def _subject(request: PkbRequest) -> Subject:
    return Subject(iin=request.iin, phone=request.phone, last_name=request.last_name, first_name=request.first_name)


def _check_eligible(user: User) -> None:
    # Req §5: only citizens of Kazakhstan (citizenship name_en 'Citizen of the Republic of Kazakhstan').
    if user.citizenship is None or not user.citizenship.is_kazakhstan:
        raise Refused("pkb.not_eligible")


def _check_resend_interval(user: User) -> None:
    interval = current_app.config["PKB_RESEND_INTERVAL_SECONDS"]
    latest = dao.latest_request(user.id)
    if latest is None or interval <= 0:
        return
    wait = (latest.created_at + timedelta(seconds=interval) - utcnow()).total_seconds()
    if wait > 0:
        seconds = math.ceil(wait)
        raise TooMany("pkb.resend_too_soon", seconds=seconds, headers={"Retry-After": str(seconds)})


# ------------------------------------------------------------------------------------------------- use cases


def create_request(user: User, application_id: int, iin: str, phone: str, last_name: str, first_name: str):
    with unit_of_work():  # a refusal or a bureau that fails keeps nothing: the voided codes and the new one go back
        request = _send_request(user, application_id, iin, phone, last_name, first_name)
    log.info("credit bureau request sent", extra={"provider": request.provider, "iin": masked(iin)})
    return request


def _send_request(user: User, application_id: int, iin: str, phone: str, last_name: str, first_name: str):
    applications_service.get_owned(user, application_id)
    _check_eligible(user)
    applications_dao.lock_user(user.id)  # one account's concurrent requests are served one after the other
    if user.is_pkb_data_request_completed:
        raise Conflict("pkb.already_completed")
    _check_resend_interval(user)

    subject = Subject(iin=iin, phone=phone, last_name=last_name, first_name=first_name)
    public_id = secrets.token_urlsafe(24)
    bureau = _bureau()
    users_dao.void_codes(user.id, PURPOSE, utcnow())  # a new request voids the code of the previous one
    record, code = codes.issue(user.id, PURPOSE)
    db.session.flush()
    try:
        reference = bureau.start(subject, code, public_id)
    except PersonRejected as rejected:
        log.info("credit bureau refused the subject", extra={"reason": rejected.reason, "iin": masked(iin)})
        raise Refused(f"pkb.{rejected.reason}") from None
    except BureauUnavailable:
        raise Unavailable("pkb.unavailable") from None
    request = PkbRequest(
        public_id=public_id,
        user_id=user.id,
        application_id=application_id,
        code_id=record.id,
        provider=bureau.name,
        provider_reference=reference,
        iin=iin,
        phone=phone,
        last_name=last_name,
        first_name=first_name,
        status=PKB_STATUS_SENT,
        created_at=record.created_at,
    )
    db.session.add(request)
    return request


def check_code(user: User, request_id: str, code: str) -> PkbRequest:
    try:
        with unit_of_work():
            request, holder = _confirm(user, request_id, code)
    except IntegrityError:
        # A concurrent confirmation of the same account stored the data first (SQLite does not lock rows).
        raise Conflict("pkb.already_confirmed") from None
    if holder is not None:
        # The refusal was recorded and committed with the unit; only now is the caller told.
        log.warning(
            "credit bureau confirmation refused: the IIN belongs to another account",
            extra={"iin": masked(request.iin), "user_id": user.id, "holder_user_id": holder.user_id},
        )
        raise Conflict("pkb.iin_taken")
    log.info("credit bureau data received", extra={"iin": masked(request.iin)})
    return request


def _confirm(user: User, request_id: str, code: str) -> tuple[PkbRequest, PkbPersonData | None]:
    """The confirmation inside check_code's unit: (request, None) once the data is stored, or (request, holder)
    when another account holds the IIN, the refusal recorded (the unit commits it; check_code raises)."""
    applications_dao.lock_user(user.id)  # a double submit of the right code confirms once
    request = dao.request_by_public_id(request_id)
    if request is None or request.user_id != user.id:
        raise NotFound("pkb.request_not_found")
    if request.status == PKB_STATUS_CONFIRMED:
        raise Conflict("pkb.already_confirmed")
    if request.status == PKB_STATUS_REFUSED:
        raise Conflict("pkb.iin_taken")
    codes.check(request.code, code)
    # The right code proves the phone registered to this IIN; only now may the caller learn that another account
    # holds it. Checked before the paid call, and under a lock on the IIN, so two accounts never both confirm it.
    dao.lock_iin(request.iin)
    holder = dao.person_with_iin_of_another(request.iin, user.id)
    if holder is not None:
        _record_taken_iin(user, request, holder)
        return request, holder
    try:
        person = _bureau().fetch_person(request.provider_reference, _subject(request), code)
        if person.iin != request.iin:  # the adapters refuse another person's data; the IIN checked above must hold
            raise BureauUnavailable("the bureau answered another IIN")
    except BureauError as error:
        # The code stays valid (not consumed): the applicant can enter it again once the bureau answers (the unit
        # rolls back).
        log.warning(
            "credit bureau did not release the data", extra={"error": type(error).__name__, "iin": masked(request.iin)}
        )
        raise Unavailable("pkb.unavailable") from None

    now = utcnow()
    request.code.consumed_at = now
    request.status = PKB_STATUS_CONFIRMED
    request.confirmed_at = now
    row = dao.person_of(user.id) or PkbPersonData(user_id=user.id)
    row.request_id = request.id
    row.iin = person.iin
    row.last_name = person.last_name
    row.first_name = person.first_name
    row.middle_name = person.middle_name
    row.date_of_birth = person.date_of_birth
    row.gender = person.gender
    row.received_at = now
    db.session.add(row)
    user.is_pkb_data_request_completed = True
    user.last_name = user.last_name or person.last_name
    user.first_name = user.first_name or person.first_name
    db.session.flush()
    application = applications_dao.get_application(request.application_id)
    if application is not None:
        prefill.prefill_main_info(application)
    return request, None


def _record_taken_iin(user: User, request: PkbRequest, holder: PkbPersonData) -> None:
    """Another account confirmed this IIN first (issue 22): the request ends refused, its code is spent, staff find
    the attempt in the audit log, and the applicant is told to use that account or ask the admissions office
    (check_code raises once this is committed)."""
    now = utcnow()
    request.status = PKB_STATUS_REFUSED
    request.code.consumed_at = now
    db.session.add(
        AuditLog(
            actor_id=user.id,
            action="pkb.iin_taken",
            target_type="user",
            target_id=str(holder.user_id),
            details={"request_id": request.id, "application_id": request.application_id, "iin": masked(request.iin)},
            created_at=now,
        )
    )
