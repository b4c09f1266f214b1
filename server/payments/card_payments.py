"""Payments (req §1, §4, §7, §9; design §8; decision 0065). This service owns every payment transaction.

start: the applicant asks to pay a registered purpose; we create (or re-use) a pending payment whose id is the
invoice id, and answer what the browser needs (the sandbox page or the widget's options).
handle_notification: the provider's check / pay / fail notification. Verified BEFORE anything changes — signature,
then invoice, account, currency and amount — and idempotent: the provider transaction id is unique, the payment
row is locked, so the same notification ten times (or ten at once) makes one payment and one transition. A second
successful payment for something already settled is recorded and flagged, never applied twice.
check_payment_step: the stepper's poll; reconciles with the provider when a notification is late (a provider that
does not answer changes nothing: 503 with the §8 payment failure text).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from flask import current_app
from sqlalchemy.exc import IntegrityError

from ..applications import dao as applications_dao
from ..applications import operations as applications_service
from ..database import unit_of_work
from ..errors import ApiError, Invalid, NotFound, Unavailable
from ..extensions import db
from ..i18n import current_language, translate
from ..integrations.payments import (
    Notification,
    NotificationUnreadable,
    PaymentProvider,
    ProviderUnavailable,
    SignatureInvalid,
    get_payment_provider,
)
from ..integrations.payments.base import (
    CODE_BAD_ACCOUNT,
    CODE_BAD_AMOUNT,
    CODE_BAD_INVOICE,
    CODE_OK,
    CODE_REFUSED,
    parse_notification,
)
from ..models import User
from ..models.application import ADMISSION_FEE_KZT, STEP_PAYMENT_MADE
from ..models.base import MAX_ID, is_row_id, utcnow
from ..models.payment import (
    CURRENCY_KZT,
    FLAG_ALREADY_PAID,
    PAYMENT_FAILED,
    PAYMENT_PAID,
    PAYMENT_PENDING,
    Payment,
)
from . import dao, purposes

log = logging.getLogger(__name__)

FLAG_NOT_APPLIED = "not_applied"  # paid, but what it was for could no longer take it (e.g. a withdrawn application)
_INVOICE = re.compile(r"^[0-9]{1,10}$")


def _provider(name: str | None = None) -> PaymentProvider:
    try:
        return get_payment_provider(name)
    except (ValueError, ProviderUnavailable):
        raise Unavailable("payments.unavailable") from None


# ------------------------------------------------------------------------------------------------------ start


def start(user: User, purpose_name: str, application_id: int | None, ref_id: int | None) -> tuple[Payment, dict]:
    purpose = purposes.get(purpose_name)
    if purpose is None:
        raise Invalid("validation.one_of", errors={"purpose": ["validation.one_of"]})
    application = None
    if application_id is not None:
        application = applications_service.get_owned(user, application_id)  # a stranger's id: 404
    elif purpose.needs_application:
        raise Invalid("validation.required", errors={"application_id": ["validation.required"]})
    if purpose.needs_ref and ref_id is None:
        raise Invalid("validation.required", errors={"purpose_ref_id": ["validation.required"]})

    with unit_of_work():  # a provider that cannot take the payment keeps nothing
        payment, checkout = _start_payment(user, purpose, application, application_id, ref_id)
    log.info("payment started", extra={"payment_id": payment.id, "purpose": purpose.name, "provider": payment.provider})
    return payment, checkout


def _start_payment(user: User, purpose, application, application_id: int | None, ref_id: int | None):
    applications_dao.lock_user(user.id)  # a double click starts one payment
    amount = purpose.prepare(user, application, ref_id)
    provider = _provider()
    payment = dao.reusable(user.id, purpose.name, application_id, ref_id, provider.name, amount)
    if payment is None:
        payment = Payment(
            user_id=user.id,
            application_id=application_id,
            purpose=purpose.name,
            purpose_ref_id=ref_id,
            amount=amount,
            currency=CURRENCY_KZT,
            provider=provider.name,
            status=PAYMENT_PENDING,
        )
        db.session.add(payment)
    else:
        payment.status = PAYMENT_PENDING  # a declined attempt is retried on the same invoice
        payment.failure_reason = None
    db.session.flush()
    try:
        checkout = provider.checkout(
            payment,
            email=user.email,
            description=translate(purpose.description_key),
            language=current_language(),
        )
    except ProviderUnavailable:
        raise Unavailable("payments.unavailable") from None
    return payment, checkout


# ------------------------------------------------------------------------------------------- notifications


@dataclass(frozen=True)
class NotificationResult:
    code: int
    http_status: int = 200


def _refuse(code: int, why: str, provider: str, kind: str, payment_id=None) -> NotificationResult:
    log.warning(
        "payment notification refused",
        extra={"provider": provider, "kind": kind, "why": why, "code": code, "payment_id": payment_id},
    )
    return NotificationResult(code)


def handle_notification(provider_name: str, kind: str, raw_body: bytes, headers, content_type: str | None):
    """The provider's notification, as received. Answers the provider's code; commits what it changes."""
    provider = _provider()
    if provider_name != provider.name:
        raise NotFound("errors.not_found")  # only the configured provider may notify
    try:
        provider.verify(raw_body, headers)
    except SignatureInvalid as invalid:
        # Logged without the body, the header or the secret.
        log.warning(
            "payment notification with a bad signature",
            extra={"provider": provider.name, "kind": kind, "why": str(invalid)},
        )
        return NotificationResult(CODE_REFUSED, 401)
    try:
        notification = parse_notification(kind, raw_body, content_type)
    except NotificationUnreadable as unreadable:
        log.warning("unreadable payment notification", extra={"provider": provider.name, "why": str(unreadable)})
        return NotificationResult(CODE_REFUSED, 400)
    return apply_notification(provider.name, notification)


def _verified_payment(provider: str, n: Notification) -> tuple[Payment | None, NotificationResult | None]:
    """Invoice, account, currency and amount, before anything changes."""
    if not n.invoice_id or not _INVOICE.match(n.invoice_id) or int(n.invoice_id) > MAX_ID:
        return None, _refuse(CODE_BAD_INVOICE, "invoice", provider, n.kind)
    payment = dao.get_payment(int(n.invoice_id))
    if payment is None or payment.provider != provider:
        return None, _refuse(CODE_BAD_INVOICE, "invoice", provider, n.kind)
    if n.account_id != str(payment.user_id):
        return None, _refuse(CODE_BAD_ACCOUNT, "account", provider, n.kind, payment.id)
    if n.currency != payment.currency:
        return None, _refuse(CODE_BAD_AMOUNT, "currency", provider, n.kind, payment.id)
    if n.amount is None or n.amount != Decimal(payment.amount):
        return None, _refuse(CODE_BAD_AMOUNT, "amount", provider, n.kind, payment.id)
    if n.kind in ("pay", "fail") and not n.transaction_id:
        return None, _refuse(CODE_REFUSED, "transaction id", provider, n.kind, payment.id)
    return payment, None


class _NothingToKeep(Exception):
    """Ends apply_notification's unit with a rollback and answers `result`: a refused, checked or replayed
    notification changes nothing."""

    def __init__(self, result: NotificationResult) -> None:
        super().__init__()
        self.result = result


def apply_notification(provider: str, n: Notification) -> NotificationResult:
    """A notification whose origin is verified (signature, or the provider's own API): checks what it says against
    the payment, then changes it under the row lock. Commits (its own unit: never called inside another one)."""
    try:
        with unit_of_work():
            result, report = _apply_notification(provider, n)
    except _NothingToKeep as nothing:
        return nothing.result
    except IntegrityError:
        return NotificationResult(CODE_OK)  # the same transaction id committed by a concurrent notification
    report()  # logged once committed
    return result


def _apply_notification(provider: str, n: Notification):
    """apply_notification's work inside its unit: (the answer, the log to write once committed)."""
    payment, refusal = _verified_payment(provider, n)
    if refusal is not None:
        raise _NothingToKeep(refusal)
    purpose = purposes.get(payment.purpose)
    applications_dao.lock_user(payment.user_id)  # every payment of one user is settled one after the other
    payment = dao.lock_payment(payment.id)

    if n.kind == "check":
        settled = payment.status == PAYMENT_PAID or purpose is None or purpose.is_settled(payment)
        if settled:
            raise _NothingToKeep(_refuse(CODE_REFUSED, "already paid", provider, n.kind, payment.id))
        raise _NothingToKeep(NotificationResult(CODE_OK))

    if n.kind == "fail":
        if payment.status != PAYMENT_PAID:  # a late decline of one attempt never undoes a payment
            payment.status = PAYMENT_FAILED
            payment.failure_reason = (n.reason or "Declined")[:200]
            payment.raw_notification = n.fields
        payment_id = payment.id
        return NotificationResult(CODE_OK), lambda: log.info(
            "payment declined", extra={"payment_id": payment_id, "provider": provider}
        )

    # pay
    if dao.by_transaction(provider, n.transaction_id) is not None:  # a replay: already recorded, nothing to do
        log.info("payment notification replayed", extra={"payment_id": payment.id, "provider": provider})
        raise _NothingToKeep(NotificationResult(CODE_OK))
    now = utcnow()
    if payment.status == PAYMENT_PAID:
        # The same invoice charged twice: record the second charge for staff, never apply it.
        record = Payment(
            user_id=payment.user_id,
            application_id=payment.application_id,
            purpose=payment.purpose,
            purpose_ref_id=payment.purpose_ref_id,
            amount=payment.amount,
            currency=payment.currency,
            provider=provider,
            provider_transaction_id=n.transaction_id,
            status=PAYMENT_PAID,
            flagged=True,
            flag_reason=FLAG_ALREADY_PAID,
            raw_notification=n.fields,
            paid_at=now,
        )
        db.session.add(record)
        flagged_id = None
    else:
        record = payment
        payment.status = PAYMENT_PAID
        payment.provider_transaction_id = n.transaction_id
        payment.paid_at = now
        payment.failure_reason = None
        payment.raw_notification = n.fields
        db.session.flush()
        if purpose is None or purpose.is_settled(payment):
            payment.flagged, payment.flag_reason = True, FLAG_ALREADY_PAID
        elif purpose.on_paid is not None:
            try:
                purpose.on_paid(payment)
            except ApiError as refusal:
                payment.flagged, payment.flag_reason = True, FLAG_NOT_APPLIED
                log.warning(
                    "a confirmed payment could not be applied",
                    extra={"payment_id": payment.id, "refusal": refusal.key},
                )
        flagged_id = payment.id if payment.flagged else None

    def report() -> None:
        if record.flagged:
            log.warning(
                "payment recorded and flagged",
                extra={"payment_id": record.id, "invoice": payment.id, "reason": record.flag_reason, "of": flagged_id},
            )
        else:
            log.info("payment confirmed", extra={"payment_id": payment.id, "provider": provider})

    return NotificationResult(CODE_OK), report


# ---------------------------------------------------------------------------------------------- reading


def receipt(payment: Payment | None) -> dict | None:
    if payment is None or payment.status != PAYMENT_PAID:
        return None
    return {
        "payment_id": payment.id,
        "application_id": payment.application_id,
        "purpose": payment.purpose,
        "amount": payment.amount,
        "currency": payment.currency,
        "paid_at": payment.paid_at,
        "transaction_id": payment.provider_transaction_id,
        "provider": payment.provider,
        "flagged": payment.flagged,
    }


def payment_view(payment: Payment | None) -> dict | None:
    if payment is None:
        return None
    return {
        "id": payment.id,
        "purpose": payment.purpose,
        "purpose_ref_id": payment.purpose_ref_id,
        "application_id": payment.application_id,
        "status": payment.status,
        "amount": payment.amount,
        "currency": payment.currency,
        "provider": payment.provider,
        "failure_reason": payment.failure_reason,
        "created_at": payment.created_at,
        "receipt": receipt(payment),
    }


def _reconcile(payment: Payment) -> bool:
    """Asks the provider about a pending payment that has waited PAYMENT_RECONCILE_SECONDS for its notification.
    True when it asked (the caller re-reads what may have changed). The sandbox notifies at once: never asked."""
    if payment is None or payment.status != PAYMENT_PENDING:
        return False
    config = current_app.config
    if payment.provider != config.get("PAYMENT_PROVIDER", "sandbox") or not getattr(
        _provider(payment.provider), "reconciles", False
    ):
        return False
    wait = config.get("PAYMENT_RECONCILE_SECONDS", 30)
    if wait < 0 or payment.updated_at > utcnow() - timedelta(seconds=wait):
        return False
    provider = _provider(payment.provider)
    payment_id = payment.id
    try:
        found = provider.find(payment)
    except ProviderUnavailable:
        # Nothing was written before the provider was asked: the request's end rolls the reads back.
        raise Unavailable("payments.unavailable") from None
    if found is not None:
        apply_notification(provider.name, found)
    else:
        with unit_of_work():
            locked = dao.lock_payment(payment_id)
            if locked is not None and locked.status == PAYMENT_PENDING:
                locked.updated_at = utcnow()  # asked just now: the next question waits another interval
    db.session.expire_all()
    return True


# The periodic job looks up payments started in the last RECONCILE_WINDOW (an abandoned widget stays pending; after
# a few days the provider has nothing more to tell), at most RECONCILE_BATCH per run.
RECONCILE_WINDOW = timedelta(days=3)
RECONCILE_BATCH = 200


def reconcile_pending() -> dict:
    """The `payments.reconcile_pending` job (every minute, beat): asks the provider about every pending payment
    whose notification is late, so a lost notification settles without the applicant's next poll. A provider
    that does not answer ends the run (the next one tries again); nothing is changed then."""
    config = current_app.config
    provider_name = config.get("PAYMENT_PROVIDER")
    counts = {"asked": 0, "paid": 0, "unavailable": 0}
    try:
        reconciles = provider_name not in (None, "disabled") and getattr(_provider(provider_name), "reconciles", False)
    except Unavailable:  # a provider without its keys: the poll answers 503 too, nothing to ask
        reconciles = False
    if not reconciles:
        return counts
    now = utcnow()
    wait = timedelta(seconds=max(config.get("PAYMENT_RECONCILE_SECONDS", 30), 0))
    ids = dao.awaiting_reconciliation(provider_name, now - wait, now - RECONCILE_WINDOW, RECONCILE_BATCH)
    db.session.rollback()
    for payment_id in ids:
        payment = dao.get_payment(payment_id)
        try:
            asked = _reconcile(payment)
        except Unavailable:
            db.session.rollback()
            counts["unavailable"] += 1
            break
        if asked:
            counts["asked"] += 1
            if dao.get_payment(payment_id).status == PAYMENT_PAID:
                counts["paid"] += 1
        db.session.rollback()
    return counts


def check_payment_step(user: User, application_id: int) -> dict:
    application = applications_service.get_owned(user, application_id)
    payment = dao.latest_for_application(application.id, purposes.ADMISSION_FEE)
    if payment is not None and _reconcile(payment):
        application = applications_service.get_owned(user, application_id)
        payment = dao.latest_for_application(application.id, purposes.ADMISSION_FEE)
    paid_receipt = receipt(payment) if payment is not None and not payment.flagged else None
    return {
        "success": True,
        "application_id": application.id,
        "paid": paid_receipt is not None,
        "fee_settled": paid_receipt is not None or application.current_step >= STEP_PAYMENT_MADE,
        "is_exempted_from_payment": bool(application.is_exempted_from_payment),
        "current_step": application.current_step,
        "amount": ADMISSION_FEE_KZT,
        "currency": CURRENCY_KZT,
        "payment": payment_view(payment),
        "receipt": paid_receipt,
    }


def payment_of(user: User, payment_id: int) -> Payment:
    payment = dao.get_payment(payment_id)
    if payment is None or payment.user_id != user.id:
        raise NotFound("payments.not_found")
    return payment


def poll_payment(user: User, payment_id: int) -> dict:
    payment = payment_of(user, payment_id)
    if _reconcile(payment):
        payment = payment_of(user, payment_id)
    return {"success": True, "payment": payment_view(payment)}


def receipts(user: User, application_id: int | None) -> dict:
    if application_id is not None:
        applications_service.get_owned(user, application_id)
    rows = dao.receipts_of(user.id, application_id)
    return {"success": True, "list": [receipt(row) for row in rows], "total": len(rows)}


# ------------------------------------------------------------------------------------- the sandbox card page


@dataclass(frozen=True)
class SandboxOutcome:
    state: str  # form | paid | declined | refused
    errors: dict
    reason: str | None = None


_CARD = re.compile(r"^[0-9]{13,19}$")
_EXPIRY = re.compile(r"^(0[1-9]|1[0-2])\s*/\s*([0-9]{2})$")
_CVC = re.compile(r"^[0-9]{3,4}$")


def _sandbox():
    from ..integrations.payments.sandbox import SandboxProvider

    provider = _provider()
    if not isinstance(provider, SandboxProvider):
        raise NotFound("errors.not_found")  # the card page exists only when the sandbox is the provider
    return provider


def sandbox_payment(payment_id: int, token: str | None) -> Payment:
    """The payment behind a card-page link; 404 for a wrong link (the token is the link's capability)."""
    provider = _sandbox()
    payment = dao.get_payment(payment_id) if is_row_id(payment_id) else None
    if payment is None or payment.provider != provider.name or not provider.page_token_valid(payment_id, token):
        raise NotFound("payments.not_found")
    return payment


def _card_errors(card_number: str, expiry: str, cvc: str) -> dict:
    errors = {}
    if not _CARD.match(card_number):
        errors["card_number"] = "payments.sandbox.bad_card"
    match = _EXPIRY.match(expiry)
    if not match:
        errors["expiry"] = "payments.sandbox.bad_expiry"
    else:
        month, year = int(match.group(1)), 2000 + int(match.group(2))
        today = utcnow()
        if (year, month) < (today.year, today.month):
            errors["expiry"] = "payments.sandbox.expired"
    if not _CVC.match(cvc):
        errors["cvc"] = "payments.sandbox.bad_cvc"
    return errors


def sandbox_submit(payment_id: int, token: str | None, card_number: str, expiry: str, cvc: str) -> SandboxOutcome:
    """What the card form posts: the sandbox turns it into the provider's signed check and pay/fail notifications
    and hands them to handle_notification, the path a real provider's notifications take."""
    from ..integrations.payments.sandbox import outcome_for

    provider = _sandbox()
    payment = sandbox_payment(payment_id, token)
    card_number = re.sub(r"[\s-]", "", card_number or "")[:32]
    errors = _card_errors(card_number, (expiry or "").strip()[:16], (cvc or "").strip()[:8])
    if errors:
        return SandboxOutcome("form", errors)
    if payment.status == PAYMENT_PAID:
        return SandboxOutcome("paid", {})
    headers_for = provider.signed_headers
    body = provider.notification_body("check", payment, card_number, None)
    checked = handle_notification(provider.name, "check", body, headers_for(body), "application/x-www-form-urlencoded")
    if checked.code != CODE_OK:
        return SandboxOutcome("refused", {})
    outcome = outcome_for(card_number)
    payment = dao.get_payment(payment_id)
    body = provider.notification_body(outcome.kind, payment, card_number, outcome)
    answer = handle_notification(
        provider.name, outcome.kind, body, headers_for(body), "application/x-www-form-urlencoded"
    )
    if answer.code != CODE_OK:
        return SandboxOutcome("refused", {})
    return SandboxOutcome("paid" if outcome.kind == "pay" else "declined", {}, outcome.reason)
