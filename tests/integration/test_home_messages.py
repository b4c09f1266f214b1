"""Home-page messages (req §1, §2 '/', §7, §9; decision 0065): localized, permanent ones first, personal ones
only to their user; a payment message carries the amount still owed and is paid through the same payment path."""

from __future__ import annotations

import pytest

from server.errors import ApiError
from server.payments import home_messages

from ..helpers import assert_envelope, assert_ok
from .payments_support import API, DECLINED_CARD, SUCCESS_CARD, pay_on_sandbox_page, start


def _messages(client, headers, lang="ru"):
    return assert_ok(client.get(f"{API}/users/home-page-messages?lang={lang}", headers=headers))["list"]


def _remainder_message(**kw):
    return home_messages.create(
        type="payment",
        is_permanent=True,
        amount=9990,
        title_ru="Доплата",
        title_kk="Қосымша төлем",
        title_en="Additional payment",
        text_ru="Пожалуйста, доплатите остаток 9 990 тенге",
        text_en="Please pay the remaining 9,990 tenge",
        **kw,
    )


def test_messages_are_localized_ordered_and_personal(client, db, factories, no_server_errors):
    user = factories.applicant(kz=True)
    other = factories.applicant(kz=True)
    headers = factories.auth_headers(user)
    info = home_messages.create(title_ru="Новости", text_ru="Приём документов открыт")
    permanent = _remainder_message()
    personal = home_messages.create(title_ru="Лично вам", text_ru="Проверьте почту", user_id=other.id)

    ru = _messages(client, headers)
    assert [m["id"] for m in ru] == [permanent.id, info.id]  # permanent first; another user's message not shown
    first = ru[0]
    assert first["type"] == "payment" and first["is_permanent"] is True
    assert (first["amount"], first["currency"]) == (9990, "KZT")  # req §9: the server supplies the amount
    assert first["title"] == "Доплата" and ru[1]["amount"] is None and ru[1]["currency"] is None
    en = _messages(client, headers, "en")
    assert en[0]["title"] == "Additional payment" and en[0]["text"] == "Please pay the remaining 9,990 tenge"
    kk = _messages(client, headers, "kk")
    assert kk[0]["title"] == "Қосымша төлем" and kk[0]["text"] == "Пожалуйста, доплатите остаток 9 990 тенге"
    assert [m["id"] for m in _messages(client, factories.auth_headers(other))] == [permanent.id, personal.id, info.id]
    assert client.get(f"{API}/users/home-page-messages").status_code == 401


def test_pay_button_pays_the_remainder_through_the_sandbox(client, db, factories):
    user = factories.applicant(kz=True)
    headers = factories.auth_headers(user)
    message = _remainder_message()
    answer = assert_ok(start(client, headers, purpose="home_message", purpose_ref_id=message.id))
    assert answer["payment"]["amount"] == 9990 and answer["payment"]["application_id"] is None
    url = answer["sandbox_url"]
    pay_on_sandbox_page(client, url, DECLINED_CARD)
    poll = assert_ok(client.get(f"{API}/users/payments/{answer['payment']['id']}", headers=headers))
    assert poll["payment"]["status"] == "failed"
    assert _messages(client, headers)[0]["amount"] == 9990

    pay_on_sandbox_page(client, url, SUCCESS_CARD)
    poll = assert_ok(client.get(f"{API}/users/payments/{answer['payment']['id']}", headers=headers))
    assert poll["payment"]["status"] == "paid" and poll["payment"]["receipt"]["amount"] == 9990
    assert _messages(client, headers) == []  # nothing left to pay: the message is gone
    assert_envelope(
        start(client, headers, purpose="home_message", purpose_ref_id=message.id), 409, "payments.already_paid"
    )
    receipts = assert_ok(client.get(f"{API}/users/payments", headers=headers))["list"]
    assert [(r["purpose"], r["amount"]) for r in receipts] == [("home_message", 9990)]


def test_message_payment_refusals(client, db, factories, no_server_errors):
    user, other = factories.applicant(kz=True), factories.applicant(kz=True)
    headers = factories.auth_headers(user)
    theirs = _remainder_message(user_id=other.id)
    info = home_messages.create(title_ru="Новости", text_ru="Текст")
    assert_envelope(start(client, headers, purpose="home_message", purpose_ref_id=theirs.id), 404)
    assert_envelope(start(client, headers, purpose="home_message", purpose_ref_id=info.id), 404)
    assert_envelope(start(client, headers, purpose="home_message", purpose_ref_id=2**31 - 1), 404)
    assert_envelope(start(client, headers, purpose="home_message"), 400, "validation.required")
    home_messages.deactivate(theirs.id)
    assert_envelope(start(client, factories.auth_headers(other), purpose="home_message", purpose_ref_id=theirs.id), 404)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"type": "payment", "title_ru": "a", "text_ru": "b"}, "amount"),
        ({"type": "info", "title_ru": "a", "text_ru": "b", "amount": 5}, "amount"),
        ({"type": "banner", "title_ru": "a", "text_ru": "b"}, "type"),
        ({"title_ru": " ", "text_ru": "b"}, "title_ru"),
        ({"title_ru": "a", "text_ru": "b" * 4001}, "text_ru"),
        ({"title_ru": "a", "text_ru": "b", "user_id": 2**31 - 1}, "user_id"),
    ],
)
def test_create_validates(db, kwargs, field):
    with pytest.raises(ApiError) as refusal:
        home_messages.create(**kwargs)
    assert refusal.value.status == 400 and field in refusal.value.errors


def test_cli_creates_a_payment_message(app, db, factories):
    user = factories.applicant(kz=True)
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=[
            "home-message",
            "--type",
            "payment",
            "--permanent",
            "--amount",
            "9990",
            "--user-email",
            user.email,
            "--title-ru",
            "Доплата",
            "--text-ru",
            "Остаток 9 990 тенге",
        ]
    )
    assert result.exit_code == 0, result.output
    client = app.test_client()
    [message] = _messages(client, factories.auth_headers(user))
    assert message["amount"] == 9990 and message["is_permanent"] is True
    bad = runner.invoke(args=["home-message", "--type", "payment", "--title-ru", "x", "--text-ru", "y"])
    assert bad.exit_code != 0
