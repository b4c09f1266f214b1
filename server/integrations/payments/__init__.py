"""Card payments (design §8, decision 0065): one interface, chosen by PAYMENT_PROVIDER.

- `sandbox` (the default with APP_ENV=development, and only there): a card page served by the app
  (`/payments/sandbox/<id>`); its form produces a provider-style notification signed with the sandbox secret and
  hands it to the same verified code path as the real provider.
- `cloudpayments`: the CloudPayments / TipTop Pay Kazakhstan widget (`charge`, KZT, invoiceId = our payment id,
  autoClose 3) and its check / pay / fail notifications signed with HMAC-SHA256 of the raw body (Content-HMAC).
- `disabled`: every payment call answers 503 `payments.disabled` ("temporarily unavailable").

The adapters only speak the provider's language; what a notification changes is decided in payments/card_payments.py.
"""

from __future__ import annotations

from flask import current_app

from ...config import DISABLED, SANDBOX, is_development
from ...errors import Unavailable
from .base import (
    NOTIFICATION_KINDS,
    Notification,
    NotificationUnreadable,
    PaymentError,
    PaymentProvider,
    ProviderUnavailable,
    SignatureInvalid,
)

PROVIDERS = ("sandbox", "cloudpayments")

__all__ = [
    "NOTIFICATION_KINDS",
    "PROVIDERS",
    "Notification",
    "NotificationUnreadable",
    "PaymentError",
    "PaymentProvider",
    "ProviderUnavailable",
    "SignatureInvalid",
    "csp_sources",
    "get_payment_provider",
]


def get_payment_provider(name: str | None = None) -> PaymentProvider:
    config = current_app.config
    name = name or config.get("PAYMENT_PROVIDER")
    if name == DISABLED:
        raise Unavailable("payments.disabled")
    if name == SANDBOX:
        # Test cards settle real fees: never outside development, whatever a payment row or a setting says.
        if not is_development(config):
            raise ProviderUnavailable("the sandbox runs only with APP_ENV=development")
        from .sandbox import SandboxProvider

        return SandboxProvider.from_config(config)
    if name == "cloudpayments":
        from .cloudpayments import CloudPaymentsProvider

        return CloudPaymentsProvider.from_config(config)
    raise ValueError(f"PAYMENT_PROVIDER must be one of {', '.join(PROVIDERS)}, not {name!r}")


def csp_sources(config) -> tuple[str, ...]:
    """Origins the Content-Security-Policy must allow for the configured provider's widget (none for sandbox)."""
    if config.get("PAYMENT_PROVIDER") == "cloudpayments":
        from .cloudpayments import widget_origins

        return widget_origins(config)
    return ()
