"""The HTTP credit-bureau adapter (PKB_PROVIDER=http) against a real HTTP server started in the test:
the contract of decision 0064, credentials, and every fault path (timeout, 5xx, unreadable answers) leaving the
application unchanged with a localized "try later" 503."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import func, select

from server.models import Application, OneTimeCode, PkbPersonData, PkbRequest, User

from ..helpers import assert_envelope, assert_ok
from .pkb_support import PERSON, body_for, check_code, citizen_with_application, create_request, start_fake_bureau

pytestmark = pytest.mark.usefixtures("no_server_errors")

API_KEY = "test-bureau-key-123"


@pytest.fixture
def bureau(app, monkeypatch):
    server, fake = start_fake_bureau()
    monkeypatch.setitem(app.config, "PKB_PROVIDER", "http")
    monkeypatch.setitem(app.config, "PKB_URL", fake.url)
    monkeypatch.setitem(app.config, "PKB_API_KEY", API_KEY)
    monkeypatch.setitem(app.config, "PKB_TIMEOUT_SECONDS", 0.5)
    monkeypatch.setitem(app.config, "PKB_RESEND_INTERVAL_SECONDS", 0)
    yield fake
    server.shutdown()
    server.server_close()


def _nothing_stored(db, user, application):
    db.session.expire_all()
    assert db.session.scalar(select(func.count()).select_from(PkbRequest)) == 0
    assert db.session.scalar(select(func.count()).select_from(OneTimeCode)) == 0
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False
    assert db.session.get(Application, application.id).current_step == application.current_step


def test_request_and_confirmation_over_http(client, factories, db, bureau):
    user, application, headers = citizen_with_application(factories)

    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]

    start = bureau.calls[0]
    assert start["path"] == "/pkb/consent-requests" and start["auth"] == f"Bearer {API_KEY}"
    code = start["body"]["consent_code"]
    assert start["body"] == {
        "iin": PERSON.iin,
        "phone": PERSON.phone,
        "last_name": PERSON.last_name,
        "first_name": PERSON.first_name,
        "consent_code": code,
        "reference": request_id,
    }
    stored = db.session.scalar(select(PkbRequest))
    assert (stored.provider, stored.provider_reference) == ("http", "req-1")
    assert code not in db.session.get(OneTimeCode, stored.code_id).code_hash

    assert_ok(check_code(client, headers, request_id, code))

    fetch = bureau.calls[1]
    assert fetch["path"] == "/pkb/consent-requests/req-1/person" and fetch["body"] == {"consent_code": code}
    person = db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == user.id))
    assert (person.last_name, person.middle_name, person.date_of_birth.isoformat(), person.gender) == (
        "Ахметов",
        "Серикович",
        "2006-03-15",
        1,
    )
    db.session.expire_all()
    assert db.session.get(User, user.id).is_pkb_data_request_completed is True


def test_wrong_code_is_checked_on_our_side_before_the_bureau_is_asked(client, factories, bureau):
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = bureau.calls[0]["body"]["consent_code"]
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    assert_envelope(check_code(client, headers, request_id, wrong), 400, "auth.wrong_code")
    assert len(bureau.calls) == 1  # no paid call for a wrong code


@pytest.mark.parametrize("mode", ["timeout", "error500", "bad_json"])
def test_bureau_fault_on_request_is_503_and_changes_nothing(client, factories, db, bureau, mode, caplog):
    caplog.set_level(logging.INFO)
    bureau.mode, bureau.delay = mode, 1.5
    user, application, headers = citizen_with_application(factories)
    for lang in ("ru", "kk"):
        response = create_request(client, headers, body_for(PERSON, application.id), lang=lang)
        assert_envelope(response, 503, "pkb.unavailable", lang=lang)
    _nothing_stored(db, user, application)
    logged = " ".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    assert PERSON.iin not in logged and API_KEY not in logged


def test_bureau_refusal_is_not_registered(client, factories, db, bureau):
    bureau.mode = "not_registered"
    user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id)), 422, "pkb.not_registered")
    _nothing_stored(db, user, application)


@pytest.mark.parametrize("mode", ["timeout", "error500", "another_person"])
def test_bureau_fault_on_confirmation_keeps_the_code_for_a_retry(client, factories, db, bureau, mode):
    user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = bureau.calls[0]["body"]["consent_code"]
    bureau.mode, bureau.delay = mode, 1.5

    assert_envelope(check_code(client, headers, request_id, code), 503, "pkb.unavailable")

    db.session.expire_all()
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False
    assert db.session.scalar(select(func.count()).select_from(PkbPersonData)) == 0
    bureau.mode = "ok"
    assert_ok(check_code(client, headers, request_id, code))  # the same code, once the bureau answers


def test_unreachable_bureau_is_503(client, factories, db, app, monkeypatch):
    from ..helpers import free_port

    monkeypatch.setitem(app.config, "PKB_PROVIDER", "http")
    monkeypatch.setitem(app.config, "PKB_URL", f"http://127.0.0.1:{free_port()}/pkb")
    monkeypatch.setitem(app.config, "PKB_API_KEY", API_KEY)
    user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id)), 503, "pkb.unavailable")
    _nothing_stored(db, user, application)


@pytest.mark.parametrize("missing", ["PKB_URL", "PKB_API_KEY"])
def test_misconfigured_http_bureau_is_503(client, factories, db, bureau, app, monkeypatch, missing):
    monkeypatch.setitem(app.config, missing, None)
    user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id)), 503, "pkb.unavailable")
    _nothing_stored(db, user, application)
    assert bureau.calls == []
