"""The admission fee and its payments (req §1, §4, §7, §8, §9; design §8; decision 0065), on SQLite and
PostgreSQL: start, the provider's notifications verified before anything changes (signature, invoice, account,
currency, amount), idempotency, a second payment recorded and flagged, the sandbox card page, the CloudPayments
adapter (widget call, signatures, a provider that times out), receipts and strangers' ids."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from server import create_app
from server.i18n import catalogue
from server.models import Application, ApplicationEvent
from server.models.base import utcnow
from server.models.payment import Payment

from ..conftest import make_config
from ..helpers import assert_envelope, assert_ok
from .payments_support import (
    API,
    DECLINED_CARD,
    SUCCESS_CARD,
    citizen_at_payment_step,
    fields_for,
    notify,
    pay_on_sandbox_page,
    start,
    start_fake_cloudpayments,
)

FAILURE_TEXT_RU = "Произошла ошибка при оплате. Пожалуйста, попробуйте позднее"  # req §8


def _state(db, application_id):
    db.session.expire_all()
    application = db.session.get(Application, application_id)
    payments = db.session.scalars(select(Payment).order_by(Payment.id)).all()
    events = db.session.scalars(
        select(ApplicationEvent.transition).where(ApplicationEvent.application_id == application_id)
    ).all()
    return {
        "step": application.current_step,
        "version": application.version,
        "payments": [(p.id, p.status, p.provider_transaction_id, p.flagged) for p in payments],
        "events": list(events),
    }


@pytest.fixture
def pending(client, factories, db):
    """A citizen at step 2 (instruction read) with a started admission-fee payment."""
    user, application, headers = citizen_at_payment_step(factories)
    answer = assert_ok(start(client, headers, application.id))
    return user, application, headers, answer


# ------------------------------------------------------------------------------------------------------ start


def test_start_answers_the_sandbox_page_and_reuses_the_pending_payment(client, db, pending):
    user, application, headers, answer = pending
    payment = answer["payment"]
    assert answer["provider"] == "sandbox" and answer["widget"] is None
    assert (payment["amount"], payment["currency"], payment["status"]) == (10000, "KZT", "pending")  # req §9
    assert answer["sandbox_url"].startswith(f"/payments/sandbox/{payment['id']}?t=")

    again = assert_ok(start(client, headers, application.id))
    assert again["payment"]["id"] == payment["id"]  # a second click re-uses the pending payment
    assert db.session.scalar(select(func.count(Payment.id))) == 1


def test_start_refusals(client, db, factories, no_server_errors):
    user, application, headers = citizen_at_payment_step(factories)
    stranger = factories.applicant(kz=True)
    foreign_app = factories.application(user=stranger, current_step=2)
    assert_envelope(start(client, headers, foreign_app.id), 404, "applications.not_found")
    assert_envelope(start(client, headers, 2**31 - 1), 404, "applications.not_found")
    assert_envelope(start(client, headers, application.id, purpose="lottery"), 400, "validation.one_of")
    assert_envelope(start(client, headers, None), 400, "validation.required")
    for bad in ({"purpose": 5}, {"purpose": "admission_fee", "application_id": "1"}, {"x": 1}, []):
        assert_envelope(client.post(f"{API}/users/payments/start", headers=headers, json=bad), 400)
    assert client.post(f"{API}/users/payments/start", json={"purpose": "admission_fee"}).status_code == 401

    before_instruction = factories.application(user=user, current_step=1)
    assert_envelope(start(client, headers, before_instruction.id), 409, "workflow.illegal_transition")
    exempted = factories.application(user=user, current_step=2, is_exempted_from_payment=True)
    assert_envelope(start(client, headers, exempted.id), 409, "payments.exempted")
    paid = factories.application(user=user, current_step=3)
    assert_envelope(start(client, headers, paid.id), 409, "payments.already_paid")
    assert db.session.scalar(select(func.count(Payment.id))) == 0


# ----------------------------------------------------------------------------------------------- notifications


def test_pay_notification_confirms_once_and_runs_the_pay_transition(client, db, pending):
    user, application, headers, answer = pending
    pid = answer["payment"]["id"]
    response = notify(client, "pay", fields_for(pid, user.id))
    assert response.status_code == 200 and response.get_json() == {"code": 0}

    state = _state(db, application.id)
    assert state["step"] == 3 and state["events"] == ["pay"]
    assert state["payments"] == [(pid, "paid", "tx-1001", False)]
    event = db.session.scalar(select(ApplicationEvent).where(ApplicationEvent.application_id == application.id))
    assert event.actor_role == "system:payment" and event.data == {"payment_id": str(pid), "amount": 10000}
    stored = db.session.get(Payment, pid)
    assert stored.raw_notification["TransactionId"] == "tx-1001" and stored.raw_notification["CardLastFour"] == "4242"

    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["paid"] is True and poll["current_step"] == 3
    assert poll["receipt"]["amount"] == 10000 and poll["receipt"]["transaction_id"] == "tx-1001"
    assert poll["receipt"]["paid_at"]
    receipts = assert_ok(client.get(f"{API}/users/payments", headers=headers))
    assert [r["payment_id"] for r in receipts["list"]] == [pid] and receipts["total"] == 1
    only = assert_ok(client.get(f"{API}/users/payments?application_id={application.id}", headers=headers))
    assert only["total"] == 1


@pytest.mark.parametrize(
    "kind, change, code",
    [
        ("pay", {"Amount": "9999.00"}, 12),
        ("pay", {"Amount": "10000.01"}, 12),
        ("pay", {"Amount": None}, 12),
        ("pay", {"Currency": "USD"}, 12),
        ("pay", {"InvoiceId": "999999"}, 10),
        ("pay", {"InvoiceId": "abc"}, 10),
        ("pay", {"InvoiceId": None}, 10),
        ("pay", {"AccountId": "0"}, 11),
        ("pay", {"TransactionId": None}, 13),
        ("check", {"Amount": "5000"}, 12),
        ("fail", {"Currency": "RUB"}, 12),
    ],
)
def test_a_notification_that_does_not_match_the_payment_changes_nothing(client, db, pending, kind, change, code):
    user, application, headers, answer = pending
    before = _state(db, application.id)
    response = notify(client, kind, fields_for(answer["payment"]["id"], user.id, **change))
    assert response.status_code == 200 and response.get_json() == {"code": code}
    assert _state(db, application.id) == before


def test_bad_or_missing_signature_is_refused_logged_without_secrets(client, db, pending, captured_log):
    user, application, headers, answer = pending
    before = _state(db, application.id)
    fields = fields_for(answer["payment"]["id"], user.id)
    for response in (
        notify(client, "pay", fields, secret="not-our-secret"),
        notify(client, "pay", fields, header=None),
        notify(client, "pay", fields, signature="!!!"),
        notify(client, "pay", fields, header="X-Content-HMAC", secret="wrong"),
    ):
        assert response.status_code == 401 and response.get_json() == {"code": 13}
    assert _state(db, application.id) == before
    log = captured_log.getvalue()
    assert "bad signature" in log and "tx-1001" not in log and "not-our-secret" not in log

    # the other provider's path is not ours (only the configured provider may notify)
    assert notify(client, "pay", fields, provider="cloudpayments").status_code == 404
    assert notify(client, "refund", fields).status_code == 404
    assert _state(db, application.id) == before


def test_x_content_hmac_over_the_decoded_body_is_accepted(client, db, pending):
    user, application, headers, answer = pending
    response = notify(client, "pay", fields_for(answer["payment"]["id"], user.id), header="X-Content-HMAC")
    assert response.get_json() == {"code": 0}
    assert _state(db, application.id)["step"] == 3


def test_unreadable_bodies_are_refused(client, db, pending):
    user, application, headers, answer = pending
    from server.integrations.payments.base import sign
    from server.integrations.payments.sandbox import sandbox_secret

    secret = sandbox_secret(client.application.config)
    for body, content_type in (
        (b"{not json", "application/json"),
        (b"\xff\xfe", "text/plain"),
        (b"[1]", "application/json"),
    ):
        response = client.post(
            f"{API}/payments/notifications/sandbox/pay",
            data=body,
            headers={"Content-HMAC": sign(secret, body), "Content-Type": content_type},
        )
        assert response.status_code == 400 and response.get_json() == {"code": 13}
    assert _state(db, application.id)["step"] == 2


def test_the_same_notification_ten_times_makes_one_payment_and_one_transition(client, db, pending):
    user, application, headers, answer = pending
    fields = fields_for(answer["payment"]["id"], user.id)
    codes = [notify(client, "pay", fields).get_json()["code"] for _ in range(10)]
    assert codes == [0] * 10
    state = _state(db, application.id)
    assert state["events"] == ["pay"] and state["step"] == 3
    assert state["payments"] == [(answer["payment"]["id"], "paid", "tx-1001", False)]


def test_a_second_charge_of_a_paid_invoice_is_recorded_and_flagged_never_applied(client, db, pending):
    user, application, headers, answer = pending
    pid = answer["payment"]["id"]
    assert notify(client, "pay", fields_for(pid, user.id)).get_json() == {"code": 0}
    assert notify(client, "pay", fields_for(pid, user.id, TransactionId="tx-2002")).get_json() == {"code": 0}
    assert notify(client, "pay", fields_for(pid, user.id, TransactionId="tx-2002")).get_json() == {"code": 0}
    state = _state(db, application.id)
    assert state["events"] == ["pay"] and state["version"] == 2
    assert [(p[1], p[2], p[3]) for p in state["payments"]] == [("paid", "tx-1001", False), ("paid", "tx-2002", True)]
    flagged = db.session.scalar(select(Payment).where(Payment.provider_transaction_id == "tx-2002"))
    assert flagged.flag_reason == "already_paid" and flagged.application_id == application.id
    # a check for an already-paid invoice is refused, so the provider does not charge again
    assert notify(client, "check", fields_for(pid, user.id)).get_json() == {"code": 13}
    # the applicant sees both charges among the receipts; the stepper's receipt is the applied one
    receipts = assert_ok(client.get(f"{API}/users/payments", headers=headers))["list"]
    assert sorted(r["flagged"] for r in receipts) == [False, True]
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["receipt"]["transaction_id"] == "tx-1001"


def test_a_payment_for_an_application_already_paid_by_another_invoice_is_flagged(client, db, factories, pending):
    user, application, headers, answer = pending
    other = Payment(
        user_id=user.id, application_id=application.id, purpose="admission_fee", amount=10000, provider="sandbox"
    )
    db.session.add(other)
    db.session.commit()
    other_id = other.id
    assert notify(client, "pay", fields_for(answer["payment"]["id"], user.id)).get_json() == {"code": 0}
    assert notify(client, "check", fields_for(other_id, user.id)).get_json() == {"code": 13}
    assert notify(client, "pay", fields_for(other_id, user.id, TransactionId="tx-3")).get_json() == {"code": 0}
    state = _state(db, application.id)
    assert state["events"] == ["pay"] and state["step"] == 3
    assert db.session.get(Payment, other_id).flagged is True


def test_a_payment_for_an_exempted_and_skipped_application_is_flagged(client, db, factories, pending):
    user, application, headers, answer = pending
    db.session.get(Application, application.id).current_step = 3  # as if skip_payment had run meanwhile
    db.session.commit()
    assert notify(client, "pay", fields_for(answer["payment"]["id"], user.id)).get_json() == {"code": 0}
    payment = db.session.get(Payment, answer["payment"]["id"])
    assert payment.status == "paid" and payment.flagged and payment.flag_reason == "already_paid"
    assert _state(db, application.id)["events"] == []


def test_check_then_decline_then_pay_on_the_same_invoice(client, db, pending):
    user, application, headers, answer = pending
    pid = answer["payment"]["id"]
    assert notify(client, "check", fields_for(pid, user.id)).get_json() == {"code": 0}
    assert _state(db, application.id)["payments"] == [(pid, "pending", None, False)]  # a check changes nothing
    declined = fields_for(pid, user.id, TransactionId="tx-f", Status="Declined", Reason="Insufficient funds")
    assert notify(client, "fail", declined).get_json() == {"code": 0}
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["paid"] is False and poll["payment"]["status"] == "failed"
    assert poll["payment"]["failure_reason"] == "Insufficient funds" and poll["receipt"] is None
    assert notify(client, "pay", fields_for(pid, user.id)).get_json() == {"code": 0}
    assert notify(client, "fail", declined).get_json() == {"code": 0}  # a late decline never undoes a payment
    assert _state(db, application.id)["payments"] == [(pid, "paid", "tx-1001", False)]
    assert _state(db, application.id)["step"] == 3


def test_json_notifications_are_read_too(client, db, pending):
    import json

    from server.integrations.payments.base import sign
    from server.integrations.payments.sandbox import sandbox_secret

    user, application, headers, answer = pending
    fields = fields_for(answer["payment"]["id"], user.id)
    fields["Amount"] = 10000
    body = json.dumps(fields).encode()
    response = client.post(
        f"{API}/payments/notifications/sandbox/pay",
        data=body,
        headers={
            "Content-HMAC": sign(sandbox_secret(client.application.config), body),
            "Content-Type": "application/json",
        },
    )
    assert response.get_json() == {"code": 0} and _state(db, application.id)["step"] == 3


# -------------------------------------------------------------------------------------- the sandbox page


def test_sandbox_page_declined_card_then_success(client, db, pending):
    user, application, headers, answer = pending
    url = answer["sandbox_url"]
    page = client.get(url)
    assert page.status_code == 200 and "text/html" in page.content_type
    html = page.get_data(as_text=True)
    assert "10\u00a0000" in html and "4242 4242 4242 4242" in html and "4000 0000 0000 0002" in html
    assert "script" not in html.lower()  # works under the app's CSP (script-src 'self')

    declined = pay_on_sandbox_page(client, url, DECLINED_CARD)
    assert declined.status_code == 200
    assert catalogue("ru")["payments.sandbox.declined"] in declined.get_data(as_text=True)
    state = _state(db, application.id)
    assert state["step"] == 2 and state["payments"][0][1] == "failed"

    bad = pay_on_sandbox_page(client, url, "4242", expiry="13/30", cvc="1")
    assert bad.status_code == 422
    text = bad.get_data(as_text=True)
    for key in ("bad_card", "bad_expiry", "bad_cvc"):
        assert catalogue("ru")[f"payments.sandbox.{key}"] in text
    expired = pay_on_sandbox_page(client, url, SUCCESS_CARD, expiry="01/20")
    assert catalogue("ru")["payments.sandbox.expired"] in expired.get_data(as_text=True)

    paid = pay_on_sandbox_page(client, url, SUCCESS_CARD)
    assert catalogue("ru")["payments.sandbox.paid"] in paid.get_data(as_text=True)
    state = _state(db, application.id)
    assert state["step"] == 3 and state["events"] == ["pay"]
    assert state["payments"][0][1] == "paid" and state["payments"][0][2].startswith("sbx-")

    # paying again on the page of a paid invoice changes nothing
    again = pay_on_sandbox_page(client, url, SUCCESS_CARD)
    assert catalogue("ru")["payments.sandbox.paid"] in again.get_data(as_text=True)
    assert _state(db, application.id) == state


def test_sandbox_page_in_english_and_wrong_links(client, db, pending):
    user, application, headers, answer = pending
    pid = answer["payment"]["id"]
    english = client.get(answer["sandbox_url"].replace("lang=ru", "lang=en"))
    assert catalogue("en")["payments.sandbox.title"] in english.get_data(as_text=True)
    assert client.get(f"/payments/sandbox/{pid}").status_code == 404
    assert client.get(f"/payments/sandbox/{pid}?t=0000").status_code == 404
    assert client.get(f"/payments/sandbox/{pid + 1}?t=0000").status_code == 404
    assert pay_on_sandbox_page(client, f"/payments/sandbox/{pid}?t=bad", SUCCESS_CARD).status_code == 404
    assert _state(db, application.id)["step"] == 2


# ----------------------------------------------------------------------------------- strangers and polling


def test_strangers_get_404_everywhere(client, db, factories, pending, no_server_errors):
    user, application, headers, answer = pending
    stranger = factories.applicant(kz=True)
    other = factories.auth_headers(stranger)
    assert_envelope(client.get(f"{API}/users/check-payment-step/{application.id}", headers=other), 404)
    assert_envelope(client.get(f"{API}/users/payments/{answer['payment']['id']}", headers=other), 404)
    assert_envelope(client.get(f"{API}/users/payments?application_id={application.id}", headers=other), 404)
    assert_envelope(client.get(f"{API}/users/check-payment-step/0", headers=headers), 404)
    assert_envelope(client.get(f"{API}/users/check-payment-step/99999999999", headers=headers), 404)
    assert_envelope(client.get(f"{API}/users/payments?application_id=abc", headers=headers), 400)
    assert client.get(f"{API}/users/check-payment-step/{application.id}").status_code == 401
    mine = assert_ok(client.get(f"{API}/users/payments/{answer['payment']['id']}", headers=headers))
    assert mine["payment"]["status"] == "pending"


def test_check_payment_step_before_any_payment(client, db, factories):
    user, application, headers = citizen_at_payment_step(factories)
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll == {
        "success": True,
        "application_id": application.id,
        "paid": False,
        "fee_settled": False,
        "is_exempted_from_payment": False,
        "current_step": 2,
        "amount": 10000,
        "currency": "KZT",
        "payment": None,
        "receipt": None,
    }


# --------------------------------------------------------------------------------------- CloudPayments


@pytest.fixture
def cloudpayments(app, db):
    server, fake = start_fake_cloudpayments()
    saved = {key: app.config.get(key) for key in _CP_KEYS}
    app.config.update(
        PAYMENT_PROVIDER="cloudpayments",
        CLOUDPAYMENTS_PUBLIC_ID="pk_test_public",
        CLOUDPAYMENTS_API_SECRET="cp-api-secret",
        CLOUDPAYMENTS_API_URL=fake.url,
        PAYMENT_TIMEOUT_SECONDS=0.5,
        PAYMENT_RECONCILE_SECONDS=0,
    )
    try:
        yield fake
    finally:
        app.config.update(saved)
        server.shutdown()
        server.server_close()


_CP_KEYS = (
    "PAYMENT_PROVIDER",
    "CLOUDPAYMENTS_PUBLIC_ID",
    "CLOUDPAYMENTS_API_SECRET",
    "CLOUDPAYMENTS_API_URL",
    "PAYMENT_TIMEOUT_SECONDS",
    "PAYMENT_RECONCILE_SECONDS",
)


def test_cloudpayments_widget_call_and_signed_notifications(client, db, factories, cloudpayments):
    user, application, headers = citizen_at_payment_step(factories)
    answer = assert_ok(start(client, headers, application.id))
    assert answer["provider"] == "cloudpayments" and answer["sandbox_url"] is None
    widget = answer["widget"]
    pid = answer["payment"]["id"]
    assert widget["method"] == "charge" and widget["script_url"].startswith("https://widget.cloudpayments.ru/")
    options = widget["options"]
    assert options["publicId"] == "pk_test_public" and options["autoClose"] == 3  # req §9
    assert (options["amount"], options["currency"], options["invoiceId"]) == (10000, "KZT", str(pid))
    assert options["accountId"] == str(user.id) and "cp-api-secret" not in str(answer)

    fields = fields_for(pid, user.id, TransactionId="cp-777")
    assert notify(client, "pay", fields, provider="sandbox").status_code == 404  # sandbox path is off
    response = notify(client, "pay", fields, provider="cloudpayments", secret="sandbox-guess")
    assert response.status_code == 401
    assert notify(client, "check", fields, provider="cloudpayments", secret="cp-api-secret").get_json() == {"code": 0}
    assert notify(client, "pay", fields, provider="cloudpayments", secret="cp-api-secret").get_json() == {"code": 0}
    assert _state(db, application.id)["step"] == 3
    # the sandbox card page does not exist with a real provider
    assert client.get(f"/payments/sandbox/{pid}?t=x").status_code == 404


def test_a_provider_that_times_out_leaves_everything_unchanged(client, db, factories, cloudpayments):
    user, application, headers = citizen_at_payment_step(factories)
    answer = assert_ok(start(client, headers, application.id))
    pid = answer["payment"]["id"]
    cloudpayments.mode, cloudpayments.delay = "timeout", 2
    before = _state(db, application.id)
    response = client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers)
    body = assert_envelope(response, 503, "payments.unavailable")
    assert body["message"] == FAILURE_TEXT_RU  # req §8
    assert _state(db, application.id) == before
    assert cloudpayments.calls[-1]["path"] == "/payments/find"
    assert cloudpayments.calls[-1]["body"] == {"InvoiceId": str(pid)}
    assert cloudpayments.calls[-1]["auth"].startswith("Basic ")

    cloudpayments.mode = "error500"
    assert_envelope(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers), 503)
    assert _state(db, application.id) == before

    cloudpayments.mode = "not_found"
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["paid"] is False and poll["payment"]["status"] == "pending"

    # the notification was lost: the provider's own record settles it, checked like a notification
    cloudpayments.mode = "completed"
    cloudpayments.model = {**fields_for(pid, user.id, TransactionId="cp-found"), "Amount": 10000, "Status": "Completed"}
    cloudpayments.model["Amount"] = 9000
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["paid"] is False and _state(db, application.id)["step"] == 2  # wrong amount: not applied
    cloudpayments.model["Amount"] = 10000
    poll = assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert poll["paid"] is True and poll["receipt"]["transaction_id"] == "cp-found"
    assert _state(db, application.id)["events"] == ["pay"]


def test_cloudpayments_without_keys_is_unavailable(client, db, factories, cloudpayments, app):
    app.config["CLOUDPAYMENTS_API_SECRET"] = None
    user, application, headers = citizen_at_payment_step(factories)
    assert_envelope(start(client, headers, application.id), 503, "payments.unavailable")
    assert db.session.scalar(select(func.count(Payment.id))) == 0


def test_the_widget_origin_is_in_the_csp_only_with_cloudpayments(instance_dir, database_url, client):
    assert "cloudpayments" not in client.get(f"{API}/health").headers["Content-Security-Policy"]
    cp_app = create_app(make_config(instance_dir, database_url, PAYMENT_PROVIDER="cloudpayments"))
    csp = cp_app.test_client().get(f"{API}/health").headers["Content-Security-Policy"]
    assert "script-src 'self' https://widget.cloudpayments.ru" in csp
    assert "frame-src https://widget.cloudpayments.ru" in csp


def test_pending_payment_is_not_reconciled_before_the_interval(client, db, factories, cloudpayments, app):
    app.config["PAYMENT_RECONCILE_SECONDS"] = 600
    user, application, headers = citizen_at_payment_step(factories)
    assert_ok(start(client, headers, application.id))
    assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert cloudpayments.calls == []
    payment = db.session.scalar(select(Payment))
    payment.updated_at = utcnow() - timedelta(seconds=601)
    db.session.commit()
    assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert len(cloudpayments.calls) == 1
    assert_ok(client.get(f"{API}/users/check-payment-step/{application.id}", headers=headers))
    assert len(cloudpayments.calls) == 1  # asked just now: waits another interval


# ------------------------------------------------------------------------------------ the guard of `pay`


def test_the_pay_guard_reads_the_payments_table(db, factories):
    """`pay` needs this application's provider-confirmed, applied admission fee of the amount given (0065)."""
    from server.applications.workflow import Actor, transition
    from server.errors import ApiError

    from .payments_support import paid_admission_fee

    user, application, _ = citizen_at_payment_step(factories)
    other_user, other_application, _ = citizen_at_payment_step(factories)
    system = Actor.system("payment")
    theirs = paid_admission_fee(db, other_application)
    short = paid_admission_fee(db, application, amount=5000)
    flagged = paid_admission_fee(db, application)
    flagged.flagged = True
    pending_row = Payment(
        user_id=user.id, application_id=application.id, purpose="admission_fee", amount=10000, provider="sandbox"
    )
    db.session.add(pending_row)
    db.session.commit()
    for payment_id, amount in (
        ("12345", 10000),  # no such payment
        (str(theirs.id), 10000),  # another application's
        (str(short.id), 5000),  # less than the fee
        (str(flagged.id), 10000),  # flagged, not applied
        (str(pending_row.id), 10000),  # not confirmed by the provider
        ("sandbox-42", 10000),  # not one of ours
    ):
        with pytest.raises(ApiError) as refusal:
            transition(application, "pay", actor=system, data={"payment_id": payment_id, "amount": amount})
        assert refusal.value.status == 409
        db.session.rollback()
    good = paid_admission_fee(db, application)
    with pytest.raises(ApiError):  # the amount must be the payment's
        transition(application, "pay", actor=system, data={"payment_id": str(good.id), "amount": 20000})
    db.session.rollback()
    transition(application, "pay", actor=system, data={"payment_id": str(good.id), "amount": 10000})
    db.session.commit()
    assert _state(db, application.id)["step"] == 3


# ------------------------------------------------------------------------------------------- hostile input


HOSTILE = [
    {"InvoiceId": "99999999999999999999"},
    {"InvoiceId": "-1"},
    {"InvoiceId": "1.5"},
    {"AccountId": "x" * 500},
    {"TransactionId": "t" * 65},
    {"TransactionId": "tx\x00nul"},
    {"Reason": "\x00"},
    {"Amount": "1e309"},
    {"Amount": "NaN"},
    {"Amount": "Infinity"},
    {"Amount": "10 000"},
    {"Amount": "-10000"},
    {"Currency": "KZTX"},
    {"CardLastFour": "\x00\x00"},
]


@pytest.mark.parametrize("change", HOSTILE)
@pytest.mark.parametrize("kind", ["check", "pay", "fail"])
def test_hostile_notifications_never_500_and_change_nothing(client, db, pending, no_server_errors, kind, change):
    user, application, headers, answer = pending
    before = _state(db, application.id)
    response = notify(client, kind, fields_for(answer["payment"]["id"], user.id, **change))
    assert response.status_code in (200, 400) and response.get_json()["code"] != 0
    assert _state(db, application.id) == before


@pytest.mark.parametrize(
    "body",
    [
        {"InvoiceId": {"a": 1}},
        {"Amount": [1]},
        {"Amount": True},
        {"Amount": 1e308 * 10},
        {"TransactionId": "\ud800"},
        {"TestMode": "\ud800"},
    ],
)
def test_hostile_json_notifications(client, db, pending, no_server_errors, body):
    import json

    from server.integrations.payments.base import sign
    from server.integrations.payments.sandbox import sandbox_secret

    user, application, headers, answer = pending
    fields = {**fields_for(answer["payment"]["id"], user.id), **body}
    raw = json.dumps(fields).encode()
    response = client.post(
        f"{API}/payments/notifications/sandbox/pay",
        data=raw,
        headers={
            "Content-HMAC": sign(sandbox_secret(client.application.config), raw),
            "Content-Type": "application/json",
        },
    )
    assert response.get_json()["code"] != 0
    assert _state(db, application.id)["step"] == 2


@pytest.mark.parametrize(
    "card, expiry, cvc",
    [
        ("4242\x004242", "12/30", "123"),
        ("4" * 5000, "12/30", "123"),
        ("", "", ""),
        (SUCCESS_CARD, "12/30", "12345"),
        (SUCCESS_CARD, "1/3", "123"),
    ],
)
def test_hostile_card_page_input(client, db, pending, no_server_errors, card, expiry, cvc):
    user, application, headers, answer = pending
    response = pay_on_sandbox_page(client, answer["sandbox_url"], card, expiry=expiry, cvc=cvc)
    assert response.status_code == 422
    assert _state(db, application.id)["step"] == 2
