"""CloudPayments / TipTop Pay Kazakhstan (PAYMENT_PROVIDER=cloudpayments).

Browser: the widget script (CLOUDPAYMENTS_WIDGET_URL, allowed by the CSP only when this adapter is on) and
`new cp.CloudPayments().charge({publicId, description, amount, currency: 'KZT', invoiceId: <our payment id>,
accountId: <our user id>, email, skin, autoClose: 3}, onSuccess, onFail)`. The browser's callbacks only make the
page poll sooner: the payment is paid when the provider's signed `pay` notification says so.
Server: check / pay / fail notifications, base64(HMAC-SHA256(CLOUDPAYMENTS_API_SECRET, raw body)) in Content-HMAC
(X-Content-HMAC over the URL-decoded body is accepted too). Reconciliation: POST {CLOUDPAYMENTS_API_URL}/payments/find
{"InvoiceId": id} with HTTP Basic (public id, API secret), when a pending payment has had no notification for a while.
Keys come from the environment only; nothing secret is logged.
"""

from __future__ import annotations

import base64
import json
import logging
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from .base import Notification, NotificationUnreadable, ProviderUnavailable, notification_from_fields, verify_hmac

log = logging.getLogger(__name__)

DEFAULT_WIDGET_URL = "https://widget.cloudpayments.ru/bundles/cloudpayments.js"
DEFAULT_API_URL = "https://api.cloudpayments.ru"
AUTO_CLOSE_SECONDS = 3  # req §9
MAX_ANSWER_BYTES = 64 * 1024
# /payments/find statuses: Completed (paid), Authorized (two-step, not ours), Declined / Cancelled (failed).
_STATUS_KIND = {"Completed": "pay", "Declined": "fail", "Cancelled": "fail"}


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _origin(url: str) -> str | None:
    parts = urlsplit(url or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def widget_origins(config) -> tuple[str, ...]:
    """The widget's script and frame origin, and the API origin the widget talks to."""
    origins = []
    for url in (config.get("CLOUDPAYMENTS_WIDGET_URL") or DEFAULT_WIDGET_URL, config.get("CLOUDPAYMENTS_API_URL")):
        origin = _origin(url or "")
        if origin and origin not in origins:
            origins.append(origin)
    return tuple(origins)


class CloudPaymentsProvider:
    name = "cloudpayments"
    reconciles = True  # POST /payments/find when a notification is late

    def __init__(self, public_id: str | None, api_secret: str | None, api_url: str, widget_url: str, timeout: float):
        self.public_id = public_id
        self.api_secret = api_secret
        self.api_url = api_url.rstrip("/")
        self.widget_url = widget_url
        self.timeout = timeout

    @classmethod
    def from_config(cls, config) -> CloudPaymentsProvider:
        return cls(
            public_id=config.get("CLOUDPAYMENTS_PUBLIC_ID"),
            api_secret=config.get("CLOUDPAYMENTS_API_SECRET"),
            api_url=config.get("CLOUDPAYMENTS_API_URL") or DEFAULT_API_URL,
            widget_url=config.get("CLOUDPAYMENTS_WIDGET_URL") or DEFAULT_WIDGET_URL,
            timeout=float(config.get("PAYMENT_TIMEOUT_SECONDS", 10)),
        )

    def _configured(self) -> None:
        if not self.public_id or not self.api_secret:
            raise ProviderUnavailable("CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET must be set")

    def verify(self, raw_body: bytes, headers) -> None:
        verify_hmac(self.api_secret, raw_body, headers)

    def checkout(self, payment, *, email: str | None, description: str, language: str) -> dict:
        self._configured()
        options = {
            "publicId": self.public_id,
            "description": description,
            "amount": payment.amount,
            "currency": payment.currency,
            "invoiceId": str(payment.id),
            "accountId": str(payment.user_id),
            "skin": "mini",
            "autoClose": AUTO_CLOSE_SECONDS,
            "language": {"ru": "ru-RU", "kk": "kk", "en": "en-US"}.get(language, "ru-RU"),
        }
        if email:
            options["email"] = email
        return {"widget": {"script_url": self.widget_url, "method": "charge", "options": options}}

    def find(self, payment) -> Notification | None:
        self._configured()
        body = json.dumps({"InvoiceId": str(payment.id)}).encode()
        credentials = base64.b64encode(f"{self.public_id}:{self.api_secret}".encode()).decode()
        request = urllib.request.Request(
            f"{self.api_url}/payments/find",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Basic {credentials}"},
        )
        try:
            with _OPENER.open(request, timeout=self.timeout) as answer:
                raw = answer.read(MAX_ANSWER_BYTES + 1)
        except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as error:
            log.warning("payment provider did not answer", extra={"provider": self.name, "error": type(error).__name__})
            raise ProviderUnavailable("no answer") from None
        if len(raw) > MAX_ANSWER_BYTES:
            raise ProviderUnavailable("answer too large")
        try:
            data = json.loads(raw)
        except ValueError:
            raise ProviderUnavailable("unreadable answer") from None
        if not isinstance(data, dict):
            raise ProviderUnavailable("unreadable answer")
        model = data.get("Model")
        if not data.get("Success") or not isinstance(model, dict):
            return None  # "Not found": the applicant has not paid (yet)
        kind = _STATUS_KIND.get(str(model.get("Status")))
        if kind is None:
            return None
        try:
            return notification_from_fields(kind, model)
        except NotificationUnreadable:
            raise ProviderUnavailable("unreadable payment") from None
