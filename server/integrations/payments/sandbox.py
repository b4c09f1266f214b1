"""The sandbox provider (PAYMENT_PROVIDER=sandbox, the default): no keys, no network.

The browser opens the card page the app serves (`/payments/sandbox/<payment id>?t=<page token>`); what the
tester types there becomes a CloudPayments-style check and pay/fail notification, signed with the sandbox secret and
handed to the same verified code path as a real provider's notification (payments/card_payments.py). Test cards
(README "Payments"):
  4242 4242 4242 4242   success
  4000 0000 0000 0002   declined (insufficient funds)
  any other number      declined (the sandbox knows only its test cards)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from .base import Notification, sign, verify_hmac

SUCCESS_CARD = "4242424242424242"
DECLINED_CARD = "4000000000000002"
DECLINE_INSUFFICIENT_FUNDS = ("Insufficient funds", "5051")
DECLINE_UNKNOWN_CARD = ("Do not honor", "5005")


def sandbox_secret(config) -> str:
    """PAYMENT_SANDBOX_SECRET, or one derived from SECRET_KEY (stable across restarts and app servers)."""
    configured = config.get("PAYMENT_SANDBOX_SECRET")
    if configured:
        return configured
    return hmac.new(config["SECRET_KEY"].encode(), b"payments-sandbox-secret", hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class CardOutcome:
    kind: str  # pay | fail
    reason: str | None = None
    reason_code: str | None = None


def outcome_for(card_number: str) -> CardOutcome:
    if card_number == SUCCESS_CARD:
        return CardOutcome("pay")
    if card_number == DECLINED_CARD:
        return CardOutcome("fail", *DECLINE_INSUFFICIENT_FUNDS)
    return CardOutcome("fail", *DECLINE_UNKNOWN_CARD)


class SandboxProvider:
    name = "sandbox"
    reconciles = False  # notifies at once; nothing to look up

    def __init__(self, secret: str):
        self.secret = secret

    @classmethod
    def from_config(cls, config) -> SandboxProvider:
        return cls(sandbox_secret(config))

    # ------------------------------------------------------------------------------------- provider interface

    def verify(self, raw_body: bytes, headers) -> None:
        verify_hmac(self.secret, raw_body, headers)

    def page_token(self, payment_id: int) -> str:
        """Lets the holder of the link (the applicant who started the payment) open the card page."""
        return hmac.new(self.secret.encode(), f"page:{payment_id}".encode(), hashlib.sha256).hexdigest()[:32]

    def page_token_valid(self, payment_id: int, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.page_token(payment_id), str(token))

    def checkout(self, payment, *, email: str | None, description: str, language: str) -> dict:
        query = urlencode({"t": self.page_token(payment.id), "lang": language})
        return {"sandbox_url": f"/payments/sandbox/{payment.id}?{query}"}

    def find(self, payment) -> Notification | None:
        return None  # the sandbox notifies at once; there is nothing to reconcile

    # ---------------------------------------------------------------------------------- the card page's side

    def notification_body(self, kind: str, payment, card_number: str, outcome: CardOutcome | None) -> bytes:
        fields = {
            "TransactionId": f"sbx-{secrets.token_hex(8)}",
            "Amount": f"{payment.amount}.00",
            "Currency": payment.currency,
            "InvoiceId": str(payment.id),
            "AccountId": str(payment.user_id),
            "OperationType": "Payment",
            "CardFirstSix": card_number[:6],
            "CardLastFour": card_number[-4:],
            "TestMode": "1",
        }
        if kind == "pay":
            fields["Status"] = "Completed"
        elif kind == "fail":
            fields["Status"] = "Declined"
            fields["Reason"] = outcome.reason if outcome else "Declined"
            fields["ReasonCode"] = outcome.reason_code if outcome else "5005"
        return urlencode(fields).encode()

    def signed_headers(self, body: bytes) -> dict:
        return {"Content-HMAC": sign(self.secret, body), "Content-Type": "application/x-www-form-urlencoded"}
