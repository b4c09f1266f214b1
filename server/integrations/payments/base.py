"""What every payment adapter shares: the notification shape, HMAC verification and the failures.

Notifications follow the CloudPayments convention (the sandbox imitates it): a POST per event — `check` (may this
payment go ahead?), `pay` (it succeeded), `fail` (it was declined) — whose body is form-encoded (or JSON) fields
TransactionId, Amount, Currency, InvoiceId, AccountId, Status, Reason, ReasonCode, ... and whose header Content-HMAC
(or X-Content-HMAC) is base64(HMAC-SHA256(api secret, raw body)). The answer is {"code": 0} (accepted) or a refusal
code: 10 unknown invoice, 11 wrong account, 12 wrong amount (or currency), 13 refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Protocol
from urllib.parse import parse_qsl, unquote_plus

NOTIFICATION_KINDS = ("check", "pay", "fail")
SIGNATURE_HEADERS = ("Content-HMAC", "X-Content-HMAC")

CODE_OK = 0
CODE_BAD_INVOICE = 10
CODE_BAD_ACCOUNT = 11
CODE_BAD_AMOUNT = 12
CODE_REFUSED = 13

# Kept from a notification (raw_notification): enough to reconcile, nothing that identifies a card beyond the
# first six and last four digits, no e-mail or name of the payer.
KEPT_FIELDS = (
    "TransactionId",
    "Amount",
    "Currency",
    "PaymentAmount",
    "PaymentCurrency",
    "InvoiceId",
    "AccountId",
    "DateTime",
    "Status",
    "OperationType",
    "Reason",
    "ReasonCode",
    "CardFirstSix",
    "CardLastFour",
    "CardType",
    "TestMode",
)
MAX_BODY_BYTES = 64 * 1024


class PaymentError(Exception):
    """Base of the adapters' failures."""


class SignatureInvalid(PaymentError):
    """The notification is not signed with our secret (missing, malformed or wrong HMAC)."""


class NotificationUnreadable(PaymentError):
    """The body is not a notification we can read (not form/JSON, missing or malformed fields)."""


class ProviderUnavailable(PaymentError):
    """Timeout, connection failure, 5xx, an unreadable answer, or a provider that is not configured: nothing
    changed, try again later."""


@dataclass(frozen=True)
class Notification:
    kind: str  # check | pay | fail
    invoice_id: str | None
    account_id: str | None
    transaction_id: str | None
    amount: Decimal | None
    currency: str | None
    reason: str | None = None
    test_mode: bool = False
    fields: dict = field(default_factory=dict)  # KEPT_FIELDS as received


class PaymentProvider(Protocol):
    name: str
    reconciles: bool  # has an API to look a payment up (find)

    def verify(self, raw_body: bytes, headers) -> None:
        """Raises SignatureInvalid unless the body carries our HMAC."""

    def checkout(self, payment, *, email: str | None, description: str, language: str) -> dict:
        """What the browser needs to pay `payment` (a sandbox page URL or the widget's options)."""

    def find(self, payment) -> Notification | None:
        """Asks the provider about `payment` (reconciliation when a notification is late); None if it knows
        nothing yet. Raises ProviderUnavailable."""


# ------------------------------------------------------------------------------------------------- signatures


def sign(secret: str, raw_body: bytes) -> str:
    return base64.b64encode(hmac.new(secret.encode(), raw_body, hashlib.sha256).digest()).decode()


def verify_hmac(secret: str | None, raw_body: bytes, headers) -> None:
    """Content-HMAC is computed over the body as sent; X-Content-HMAC over the URL-decoded body (CloudPayments
    sends both). Either one matching is enough; the comparison is constant-time."""
    if not secret:
        raise SignatureInvalid("no secret configured")
    candidates = []
    for name in SIGNATURE_HEADERS:
        value = (headers.get(name) or "").strip()
        if value:
            candidates.append((name, value))
    if not candidates:
        raise SignatureInvalid("no signature header")
    bodies = {raw_body}
    try:
        bodies.add(unquote_plus(raw_body.decode("utf-8")).encode("utf-8"))
    except UnicodeDecodeError:
        pass
    for _name, value in candidates:
        for body in bodies:
            if hmac.compare_digest(value.encode(), sign(secret, body).encode()):
                return
    raise SignatureInvalid("signature mismatch")


# --------------------------------------------------------------------------------------------------- parsing


def _fields(raw_body: bytes, content_type: str | None) -> dict:
    if len(raw_body) > MAX_BODY_BYTES:
        raise NotificationUnreadable("body too large")
    try:
        text = raw_body.decode("utf-8")
    except UnicodeDecodeError:
        raise NotificationUnreadable("not UTF-8") from None
    if (content_type or "").split(";")[0].strip().lower() == "application/json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            raise NotificationUnreadable("bad JSON") from None
        if not isinstance(data, dict):
            raise NotificationUnreadable("not an object")
        return {str(key): value for key, value in data.items()}
    try:
        return dict(parse_qsl(text, keep_blank_values=True, strict_parsing=bool(text), max_num_fields=200))
    except ValueError:
        raise NotificationUnreadable("bad form body") from None


def _storable(text: str) -> bool:
    """NUL and lone surrogates cannot be stored (PostgreSQL refuses NUL; UTF-8 refuses surrogates)."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(value, limit: int = 64) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise NotificationUnreadable("bad field")
    text = str(value).strip()
    if not _storable(text):
        raise NotificationUnreadable("unstorable text")
    if len(text) > limit:
        raise NotificationUnreadable("field too long")
    return text or None


def _amount(value) -> Decimal | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise NotificationUnreadable("bad amount")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise NotificationUnreadable("bad amount") from None
    if not amount.is_finite():
        raise NotificationUnreadable("bad amount")
    return amount


def parse_notification(kind: str, raw_body: bytes, content_type: str | None) -> Notification:
    if kind not in NOTIFICATION_KINDS:
        raise NotificationUnreadable("unknown kind")
    data = _fields(raw_body, content_type)
    return notification_from_fields(kind, data)


def notification_from_fields(kind: str, data: dict) -> Notification:
    reason = _text(data.get("Reason"), 200)
    test_mode = str(data.get("TestMode", "")).strip().lower() in ("1", "true")
    kept = {}
    for name in KEPT_FIELDS:
        if name in data and data[name] is not None:
            value = data[name]
            if isinstance(value, float) and not math.isfinite(value):
                value = str(value)
            if not isinstance(value, (int, float, bool)):
                value = str(value)[:200]
                if not _storable(value):
                    raise NotificationUnreadable("unstorable text")
            kept[name] = value
    return Notification(
        kind=kind,
        invoice_id=_text(data.get("InvoiceId")),
        account_id=_text(data.get("AccountId")),
        transaction_id=_text(data.get("TransactionId")),
        amount=_amount(data.get("Amount")),
        currency=_text(data.get("Currency"), 3),
        reason=reason,
        test_mode=test_mode,
        fields=kept,
    )
