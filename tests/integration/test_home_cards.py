"""GET /users/home-cards (issue 23): the citizens' grant cards never reach a foreign applicant; a citizen, and an
account that has not chosen a citizenship yet, get every card; anonymous callers are refused (401)."""

from __future__ import annotations

from ..helpers import assert_envelope, assert_ok

API = "/api/v1"


def test_a_foreign_applicant_gets_no_citizens_grant_card(client, factories):
    body = assert_ok(client.get(f"{API}/users/home-cards", headers=factories.auth_headers(factories.applicant())))
    assert "scholarship" not in body["main"] and "gov_grant" not in body["main"]
    assert body["main"] == ["partners", "paid"] and "apply" in body["side"]


def test_a_citizen_gets_every_card(client, factories):
    body = assert_ok(
        client.get(f"{API}/users/home-cards", headers=factories.auth_headers(factories.applicant(kz=True)))
    )
    assert body["main"] == ["scholarship", "partners", "gov_grant", "paid"]


def test_without_a_citizenship_every_card_and_anonymous_401(client, factories):
    user = factories.applicant()
    user.citizenship_id = None
    factories.db.session.commit()
    body = assert_ok(client.get(f"{API}/users/home-cards", headers=factories.auth_headers(user)))
    assert "scholarship" in body["main"]
    assert_envelope(client.get(f"{API}/users/home-cards"), 401)
