"""Support for the payment tests: a citizen at the payment step, signed provider notifications, the sandbox card
page, and a real HTTP server standing in for the CloudPayments API (reconciliation)."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode, urlsplit

from flask import current_app

from server.integrations.payments.base import sign
from server.integrations.payments.sandbox import sandbox_secret
from server.models.payment import PAYMENT_PAID, Payment

API = "/api/v1"
SUCCESS_CARD = "4242 4242 4242 4242"
DECLINED_CARD = "4000 0000 0000 0002"


def citizen_at_payment_step(factories, **application_kw):
    user = factories.applicant(kz=True)
    factories.bureau_data(user)  # the credit bureau confirmed the citizen before the stepper (issue 22)
    application = factories.application(user=user, current_step=application_kw.pop("current_step", 2), **application_kw)
    return user, application, factories.auth_headers(user)


def start(client, headers, application_id=None, purpose="admission_fee", **extra):
    body = {"purpose": purpose, **extra}
    if application_id is not None:
        body["application_id"] = application_id
    return client.post(f"{API}/users/payments/start", headers=headers, json=body)


def fields_for(payment_id, user_id, amount=10000, **overrides):
    fields = {
        "TransactionId": "tx-1001",
        "Amount": f"{amount}.00",
        "Currency": "KZT",
        "InvoiceId": str(payment_id),
        "AccountId": str(user_id),
        "Status": "Completed",
        "CardFirstSix": "424242",
        "CardLastFour": "4242",
    }
    fields.update(overrides)
    return {key: value for key, value in fields.items() if value is not None}


def notify(client, kind, fields, *, secret=None, provider="sandbox", header="Content-HMAC", signature=None):
    body = urlencode(fields).encode()
    secret = secret if secret is not None else sandbox_secret(current_app.config)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if header:
        headers[header] = signature if signature is not None else sign(secret, body)
    return client.post(f"{API}/payments/notifications/{provider}/{kind}", data=body, headers=headers)


def sandbox_path(start_answer) -> str:
    return start_answer["sandbox_url"]


def pay_on_sandbox_page(client, url, card, expiry="12/30", cvc="123"):
    return client.post(url, data={"card_number": card, "expiry": expiry, "cvc": cvc})


def paid_admission_fee(db, application, amount=10000, transaction_id=None) -> Payment:
    """A confirmed admission-fee payment row (what the provider's notification would have left)."""
    from server.models.base import utcnow

    payment = Payment(
        user_id=application.user_id,
        application_id=application.id,
        purpose="admission_fee",
        amount=amount,
        currency="KZT",
        provider="sandbox",
        provider_transaction_id=transaction_id or f"tx-{application.id}-{time.monotonic_ns()}",
        status=PAYMENT_PAID,
        paid_at=utcnow(),
    )
    db.session.add(payment)
    db.session.commit()
    return payment


# ------------------------------------------------------------------------- a CloudPayments API over HTTP


@dataclass
class FakeCloudPayments:
    mode: str = "not_found"  # not_found | completed | timeout | error500
    delay: float = 0.0
    calls: list = field(default_factory=list)
    model: dict = field(default_factory=dict)
    url: str = ""


def _handler(fake: FakeCloudPayments):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            fake.calls.append(
                {
                    "path": urlsplit(self.path).path,
                    "body": json.loads(body or b"{}"),
                    "auth": self.headers.get("Authorization"),
                }
            )
            if fake.mode == "timeout":
                time.sleep(fake.delay or 2)
            if fake.mode == "error500":
                self.send_response(500)
                self.end_headers()
                return
            answer = (
                {"Success": True, "Model": fake.model}
                if fake.mode == "completed"
                else {"Success": False, "Message": "Not found"}
            )
            data = json.dumps(answer).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def start_fake_cloudpayments():
    fake = FakeCloudPayments()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    return server, fake
