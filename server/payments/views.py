"""Payments (req §7: /users/payments/start, /users/check-payment-step/{id}; decision 0065). Thin: schema in,
service call, schema out.

  POST /api/v1/users/payments/start                  {application_id?, purpose, purpose_ref_id?}
  GET  /api/v1/users/check-payment-step/<application_id>   the stepper's 5-second poll (admission fee)
  GET  /api/v1/users/payments/<payment_id>            any one of the caller's payments (other purposes' poll)
  GET  /api/v1/users/payments[?application_id=]       the caller's receipts
  GET  /api/v1/users/home-page-messages               home-page messages (payment ones with the amount owed)
  POST /api/v1/payments/notifications/<provider>/<check|pay|fail>   the provider's signed notifications
  GET/POST /payments/sandbox/<payment_id>?t=          the sandbox card page (an HTML page, not the SPA)
"""

from __future__ import annotations

from flask import Blueprint as FlaskBlueprint
from flask import jsonify, render_template, request
from flask_jwt_extended import current_user
from flask_smorest import Blueprint

from ..access import login_required
from ..common_schemas import ErrorEnvelope
from ..errors import NotFound
from ..i18n import current_language, has_key, translate
from ..integrations.payments import NOTIFICATION_KINDS
from ..models.base import MAX_ID
from . import card_payments as payments_service
from . import home_messages as home_messages_service
from .schemas import (
    CheckPaymentStepResponse,
    HomePageMessagesResponse,
    NotificationAnswer,
    PaymentPollResponse,
    PaymentStartRequest,
    PaymentStartResponse,
    ReceiptsQuery,
    ReceiptsResponse,
)

bp = Blueprint("payments", __name__, url_prefix="/api/v1", description="Payments and home-page messages")
pages = FlaskBlueprint("payment_pages", __name__)
SECURITY = [{"bearerAuth": []}]


def _application_id(value: int) -> int:
    if value < 1 or value > MAX_ID:
        raise NotFound("applications.not_found")
    return value


@bp.post("/users/payments/start")
@login_required()
@bp.doc(security=SECURITY)
@bp.arguments(PaymentStartRequest)
@bp.response(200, PaymentStartResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application (or message)")
@bp.alt_response(409, schema=ErrorEnvelope, description="Already paid, exempted, or not at the payment step")
@bp.alt_response(503, schema=ErrorEnvelope, description="The payment provider is unavailable; nothing changed")
def start(body):
    """Creates (or re-uses) the pending payment and answers what the browser opens: the sandbox card page or the
    provider's widget call."""
    payment, checkout = payments_service.start(
        current_user, body["purpose"], body.get("application_id"), body.get("purpose_ref_id")
    )
    return {
        "success": True,
        "payment": payments_service.payment_view(payment),
        "provider": payment.provider,
        "sandbox_url": checkout.get("sandbox_url"),
        "widget": checkout.get("widget"),
    }


@bp.get("/users/check-payment-step/<int:application_id>")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, CheckPaymentStepResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
@bp.alt_response(503, schema=ErrorEnvelope, description="The provider did not answer a reconciliation; unchanged")
def check_payment_step(application_id: int):
    """The admission fee of one application: paid flag, the latest payment and its receipt (polled every 5 s)."""
    return payments_service.check_payment_step(current_user, _application_id(application_id))


@bp.get("/users/payments/<int:payment_id>")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, PaymentPollResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's payment")
def get_payment(payment_id: int):
    if payment_id < 1 or payment_id > MAX_ID:
        raise NotFound("payments.not_found")
    return payments_service.poll_payment(current_user, payment_id)


@bp.get("/users/payments")
@login_required()
@bp.doc(security=SECURITY)
@bp.arguments(ReceiptsQuery, location="query")
@bp.response(200, ReceiptsResponse)
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the caller's application")
def list_receipts(query):
    """The caller's receipts (paid payments), newest first; optionally of one application."""
    return payments_service.receipts(current_user, query.get("application_id"))


@bp.get("/users/home-page-messages")
@login_required()
@bp.doc(security=SECURITY)
@bp.response(200, HomePageMessagesResponse)
def home_page_messages():
    """Messages for the home page in the caller's language; permanent ones first (the first opens in a modal)."""
    return home_messages_service.list_for(current_user)


@bp.post("/payments/notifications/<provider>/<kind>")
@bp.doc(
    requestBody={
        "required": True,
        "content": {
            "application/x-www-form-urlencoded": {"schema": {"type": "object"}},
            "application/json": {"schema": {"type": "object"}},
        },
    },
    parameters=[
        {"in": "header", "name": "Content-HMAC", "schema": {"type": "string"}, "description": "base64 HMAC-SHA256"}
    ],
)
@bp.response(200, NotificationAnswer)
@bp.alt_response(400, schema=NotificationAnswer, description="Unreadable notification (code 13)")
@bp.alt_response(401, schema=NotificationAnswer, description="Bad or missing signature (code 13)")
@bp.alt_response(404, schema=ErrorEnvelope, description="Not the configured provider, or an unknown kind")
def notification(provider: str, kind: str):
    """The provider's check / pay / fail notification (CloudPayments style), verified before anything changes."""
    if kind not in NOTIFICATION_KINDS:
        raise NotFound("errors.not_found")
    result = payments_service.handle_notification(
        provider, kind, request.get_data(cache=False), request.headers, request.content_type
    )
    return jsonify({"code": result.code}), result.http_status


# ----------------------------------------------------------------------------------------- the card page


def _page(payment, outcome=None, form=None, status=200):
    lang = current_language()
    texts = {key: translate(f"payments.sandbox.{key}", lang) for key in _PAGE_TEXTS}
    errors = {name: translate(key, lang) for name, key in (outcome.errors if outcome else {}).items()}
    purpose_key = f"payments.purpose.{payment.purpose}"
    state = outcome.state if outcome else ("paid" if payment.status == "paid" else "form")
    html = render_template(
        "payments/sandbox.html",
        lang=lang,
        t=texts,
        payment=payment,
        amount=f"{payment.amount:,}".replace(",", "\u00a0"),
        token=request.args.get("t", ""),
        state=state,
        errors=errors,
        reason=outcome.reason if outcome else None,
        form=form or {},
        purpose=translate(purpose_key if has_key(purpose_key) else "payments.purpose.generic", lang),
    )
    return html, status


_PAGE_TEXTS = (
    "title",
    "sandbox_note",
    "amount",
    "card_number",
    "expiry",
    "cvc",
    "pay",
    "paid",
    "paid_hint",
    "declined",
    "refused",
    "test_cards",
    "test_success",
    "test_decline",
    "invoice",
)


@pages.route("/payments/sandbox/<int:payment_id>", methods=["GET", "POST"])
def sandbox_page(payment_id: int):
    token = request.args.get("t")
    if request.method == "GET":
        payment = payments_service.sandbox_payment(payment_id, token)
        return _page(payment)
    form = {
        "card_number": (request.form.get("card_number") or "")[:40],
        "expiry": (request.form.get("expiry") or "")[:16],
        "cvc": "",
    }
    outcome = payments_service.sandbox_submit(
        payment_id, token, form["card_number"], form["expiry"], request.form.get("cvc") or ""
    )
    payment = payments_service.sandbox_payment(payment_id, token)
    return _page(payment, outcome, form, 422 if outcome.state == "form" else 200)
