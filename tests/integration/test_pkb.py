"""The credit-bureau request with the sandbox bureau (req §2 request_data, §3, §5, §7 pkb; design §8, §9;
decision 0064): validation, eligibility, object-level checks, codes, limits, stored data and the pre-fill."""

from __future__ import annotations

import json
import logging
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from server.i18n import translate
from server.models import OneTimeCode, PkbPersonData, PkbRequest, SmsOutboxMessage, User, UserData
from server.models.base import utcnow

from ..helpers import assert_envelope, assert_ok, other_code
from .pkb_support import (
    API,
    FAULT_IIN,
    PERSON,
    UNKNOWN_IIN,
    WOMAN,
    body_for,
    check_code,
    citizen_with_application,
    create_request,
    sms_code,
    sms_outbox,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _count(db, model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def _main_info(db, application_id):
    return db.session.scalar(
        select(UserData).where(UserData.application_id == application_id, UserData.type == "fillStepMainInfoLocal")
    )


# ------------------------------------------------------------------------------------------- create-request


def test_create_request_texts_a_hashed_code_to_the_registered_phone(client, factories, db):
    user, application, headers = citizen_with_application(factories)

    body = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))

    assert set(body) == {"success", "request_id", "expires_in"} and body["expires_in"] == 600
    assert len(body["request_id"]) >= 32  # random, not a row number
    messages = sms_outbox(client, PERSON.phone)
    assert len(messages) == 1
    code = sms_code(client, PERSON.phone)
    assert messages[0]["body"] == translate("sms.pkb_code", "ru", code=code)
    request = db.session.scalar(select(PkbRequest))
    assert (request.user_id, request.application_id, request.iin, request.provider) == (
        user.id,
        application.id,
        PERSON.iin,
        "sandbox",
    )
    stored = db.session.get(OneTimeCode, request.code_id)
    assert stored.purpose == "pkb" and code not in stored.code_hash and len(stored.code_hash) == 64
    assert timedelta(minutes=9) < stored.expires_at - utcnow() <= timedelta(minutes=10)
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False


def test_create_request_logs_no_full_iin(client, factories, caplog):
    caplog.set_level(logging.INFO)
    _user, application, headers = citizen_with_application(factories)
    assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id, iin=UNKNOWN_IIN)), 429)
    factories.db.session.execute(PkbRequest.__table__.delete())
    factories.db.session.commit()
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id, iin=FAULT_IIN)), 503)
    logged = " ".join(f"{record.getMessage()} {record.__dict__}" for record in caplog.records)
    assert "********1232" in logged  # the bureau request is logged, masked
    for iin in (PERSON.iin, UNKNOWN_IIN, FAULT_IIN):
        assert iin not in logged


@pytest.mark.parametrize(
    "overrides, field, reason",
    [
        ({"last_name": " Ахметов"}, "last_name", "spaces"),
        ({"last_name": "Ахметов "}, "last_name", "spaces"),
        ({"first_name": "нурлан"}, "first_name", "capital"),
        ({"first_name": "әсем"}, "first_name", "capital"),
        ({"last_name": "Ахметов1"}, "last_name", "letters"),
        ({"first_name": "Нур--лан"}, "first_name", "letters"),
        ({"last_name": "А" * 101}, "last_name", "too_long"),
        ({"last_name": ""}, "last_name", "required"),
        ({"first_name": "   "}, "first_name", "required"),
        ({"iin": "06031550123"}, "iin", "iin_format"),
        ({"iin": "0603155012ab"}, "iin", "iin_format"),
        ({"iin": "060315501233"}, "iin", "iin_check"),
        ({"iin": "０６０３１５５０１２３２"}, "iin", "iin_format"),  # full-width digits
        ({"phone": "87011234501"}, "phone", "phone_prefix"),
        ({"phone": "+770112345011"}, "phone", "phone_format"),
        ({"phone": "+7701123450"}, "phone", "phone_format"),
        ({"phone": "+7 701 123 45"}, "phone", "phone_format"),
    ],
)
def test_bad_fields_answer_please_check_field_with_label_and_reason(client, factories, db, overrides, field, reason):
    _user, application, headers = citizen_with_application(factories)

    response = create_request(client, headers, body_for(PERSON, application.id, **overrides))

    body = assert_envelope(response, 400, "pkb.check_field")
    expected = translate(
        "pkb.check_field",
        "ru",
        label=translate(f"pkb.field.{field}", "ru"),
        reason=translate(f"pkb.reason.{reason}", "ru"),
    )
    assert body["errors"] == {field: [expected]}
    assert body["message"] == expected
    assert _count(db, PkbRequest) == 0 and _count(db, SmsOutboxMessage) == 0


def test_every_missing_field_is_reported_in_the_callers_language(client, factories):
    _user, application, headers = citizen_with_application(factories)
    body = assert_envelope(create_request(client, headers, {"application_id": application.id}, lang="kk"), 400)
    assert set(body["errors"]) == {"iin", "phone", "last_name", "first_name"}
    assert body["errors"]["iin"] == [
        translate("pkb.check_field", "kk", label="ЖСН", reason=translate("pkb.reason.required", "kk"))
    ]
    assert "ЖСН" in body["message"] or "Тегі" in body["message"] or "Телефон" in body["message"]


@pytest.mark.parametrize(
    "payload",
    [
        {"iin": 60315501232, "phone": "+77011234501", "last_name": "Ахметов", "first_name": "Нурлан"},
        {"iin": None, "phone": None, "last_name": None, "first_name": None},
        {"iin": ["x"], "phone": {}, "last_name": 1, "first_name": True},
        {"iin": "060315501232", "phone": "+77011234501", "last_name": "Ахметов", "first_name": "Нурлан", "x": 1},
    ],
)
def test_wrong_types_and_unknown_fields_are_400(client, factories, payload):
    _user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, {**payload, "application_id": application.id}), 400)


@pytest.mark.parametrize("application_id", [None, "1", 0, -5, 2**31, 1.5, True])
def test_bad_application_id_is_400(client, factories, application_id):
    _user, _application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application_id)), 400)


def test_unknown_iin_is_not_registered_in_the_e_government_base(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    for lang in ("ru", "kk", "en"):
        response = create_request(client, headers, body_for(PERSON, application.id, iin=UNKNOWN_IIN), lang=lang)
        assert_envelope(response, 422, "pkb.not_registered", lang=lang)
    assert _count(db, PkbRequest) == 0 and _count(db, SmsOutboxMessage) == 0 and _count(db, OneTimeCode) == 0
    # A refused request does not hold the next one back (the applicant fixes a typo and sends again).
    assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False


@pytest.mark.parametrize(
    "overrides, key",
    [
        ({"phone": "+77019999999"}, "pkb.phone_mismatch"),
        ({"last_name": "Петров"}, "pkb.name_mismatch"),
        ({"first_name": "Айгерим"}, "pkb.name_mismatch"),
    ],
)
def test_the_bureau_checks_phone_and_names_against_its_base(client, factories, db, overrides, key):
    _user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id, **overrides)), 422, key)
    assert _count(db, SmsOutboxMessage) == 0


def test_names_are_compared_without_case(client, factories):
    _user, application, headers = citizen_with_application(factories)
    assert_ok(create_request(client, headers, body_for(PERSON, application.id, last_name="АХМЕТОВ")))


def test_foreign_citizen_is_not_eligible(client, factories, db):
    user = factories.applicant(kz=False)
    application = factories.application(user=user)
    response = create_request(client, factories.auth_headers(user), body_for(PERSON, application.id))
    assert_envelope(response, 422, "pkb.not_eligible")
    assert _count(db, SmsOutboxMessage) == 0


def test_someone_elses_or_a_missing_application_is_404(client, factories, db):
    _owner, application, _headers = citizen_with_application(factories)
    _stranger, _own, stranger_headers = citizen_with_application(factories)
    assert_envelope(create_request(client, stranger_headers, body_for(PERSON, application.id)), 404)
    assert_envelope(create_request(client, stranger_headers, body_for(PERSON, application.id + 1000)), 404)
    admin = factories.admin(role="Админ (граждане КЗ)")
    assert_envelope(create_request(client, factories.auth_headers(admin), body_for(PERSON, application.id)), 404)
    assert _count(db, PkbRequest) == 0 and _count(db, SmsOutboxMessage) == 0


def test_sign_in_is_required(client, factories):
    _user, application, _headers = citizen_with_application(factories)
    assert_envelope(client.post(f"{API}/pkb/create-request", json=body_for(PERSON, application.id)), 401)
    assert_envelope(client.post(f"{API}/pkb/check-code", json={"request_id": "x", "code": "123456"}), 401)


def test_bureau_fault_is_a_localized_try_later_and_changes_nothing(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    for lang in ("ru", "en"):
        response = create_request(client, headers, body_for(PERSON, application.id, iin=FAULT_IIN), lang=lang)
        assert_envelope(response, 503, "pkb.unavailable", lang=lang)
    assert _count(db, PkbRequest) == 0 and _count(db, OneTimeCode) == 0 and _count(db, SmsOutboxMessage) == 0
    db.session.expire_all()
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False
    assert db.session.get(type(application), application.id).current_step == application.current_step


# --------------------------------------------------------------------------------------------- resend limit


def test_a_new_request_within_the_interval_is_429_with_retry_after(client, factories, db, app, monkeypatch):
    monkeypatch.setitem(app.config, "PKB_RESEND_INTERVAL_SECONDS", 60)
    _user, application, headers = citizen_with_application(factories)
    first = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    first_code = sms_code(client, PERSON.phone)

    response = create_request(client, headers, body_for(PERSON, application.id))

    body = assert_envelope(response, 429, "pkb.resend_too_soon")
    seconds = int(response.headers["Retry-After"])
    assert 55 <= seconds <= 60 and str(seconds) in body["message"]
    assert len(sms_outbox(client, PERSON.phone)) == 1
    # Once the interval has passed (the clock moved through the stored row), a new code voids the first one.
    db.session.execute(PkbRequest.__table__.update().values(created_at=utcnow() - timedelta(seconds=61)))
    db.session.commit()
    second = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    assert_envelope(check_code(client, headers, first["request_id"], first_code), 400, "auth.wrong_code")
    assert_ok(check_code(client, headers, second["request_id"], sms_code(client, PERSON.phone)))


def test_rate_limit_per_account(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "PKB_RESEND_INTERVAL_SECONDS", 0)
    _user, application, headers = citizen_with_application(factories)
    for _ in range(5):
        assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id)), 429, "errors.rate_limited")
    # Another account from the same address is not held back by the first one's limit.
    _other, other_application, other_headers = citizen_with_application(factories)
    assert_ok(create_request(client, other_headers, body_for(WOMAN, other_application.id)))


def test_rate_limit_per_address(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "PKB_RESEND_INTERVAL_SECONDS", 0)
    monkeypatch.setitem(app.config, "RATE_LIMIT_PKB_REQUEST_PER_IP", "3 per hour")
    for _ in range(3):
        _user, application, headers = citizen_with_application(factories)
        assert_envelope(create_request(client, headers, body_for(PERSON, application.id, iin=UNKNOWN_IIN)), 422)
    _user, application, headers = citizen_with_application(factories)
    assert_envelope(create_request(client, headers, body_for(PERSON, application.id)), 429, "errors.rate_limited")
    # Another address still gets through.
    response = client.post(
        f"{API}/pkb/create-request",
        headers=headers,
        json=body_for(PERSON, application.id),
        environ_base={"REMOTE_ADDR": "10.1.2.3"},
    )
    assert_ok(response)


def test_check_code_rate_limit_per_account(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_PKB_CHECK_PER_ACCOUNT", "3 per 10 minutes")
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    for _ in range(3):
        assert_envelope(check_code(client, headers, request_id, other_code(code)), 400, "auth.wrong_code")
    assert_envelope(check_code(client, headers, request_id, code), 429, "errors.rate_limited")


# ---------------------------------------------------------------------------------------------- check-code


def test_right_code_completes_the_request_stores_the_data_and_prefills_main_info(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]

    body = assert_ok(check_code(client, headers, request_id, sms_code(client, PERSON.phone)))

    assert body == {"success": True, "application_id": application.id}
    db.session.expire_all()
    stored_user = db.session.get(User, user.id)
    assert stored_user.is_pkb_data_request_completed is True
    assert (stored_user.last_name, stored_user.first_name) == ("Ахметов", "Нурлан")
    person = db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == user.id))
    assert (person.iin, person.middle_name, person.date_of_birth.isoformat(), person.gender) == (
        PERSON.iin,
        "Серикович",
        "2006-03-15",
        1,
    )
    assert _main_info(db, application.id).data == {
        "last_name": "Ахметов",
        "first_name": "Нурлан",
        "middle_name": "Серикович",
        "iin": PERSON.iin,
        "date_of_birth": "2006-03-15",
        "gender": 1,
    }
    me = client.get(f"{API}/users/self", headers=headers).get_json()["item"]
    assert me["is_pkb_data_request_completed"] is True
    # The applicant opens the local main-info step: the fill items carry the bureau's values.
    items = client.get(f"{API}/users/fill-items/{application.id}", headers=headers).get_json()["fill_items"]
    main = next(item for item in items if item["type"] == "fillStepMainInfoLocal")
    assert main["data"]["iin"] == PERSON.iin and main["data"]["gender"] == 1


def test_gender_follows_the_iin_and_a_missing_middle_name_is_left_out(client, factories, db):
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(WOMAN, application.id)))["request_id"]
    assert_ok(check_code(client, headers, request_id, sms_code(client, WOMAN.phone)))
    data = _main_info(db, application.id).data
    assert data["gender"] == 2 and data["date_of_birth"] == "1998-12-04" and "middle_name" not in data


def test_prefill_keeps_the_applicants_answers_but_the_bureau_fields_are_the_bureaus(client, factories, db):
    """Issue 22: names, IIN and birth date typed before the confirmation give way to the bureau's; the rest stays."""
    _user, application, headers = citizen_with_application(factories)
    typed = {"last_name": "Своя", "iin": "990721307894", "phone_number": "+77010000000", "gender": 2}
    factories.user_data(application, "fillStepMainInfoLocal", typed)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    assert_ok(check_code(client, headers, request_id, sms_code(client, PERSON.phone)))
    db.session.expire_all()
    data = _main_info(db, application.id).data
    assert data["phone_number"] == "+77010000000" and data["gender"] == 2  # the applicant's own answers
    assert (data["last_name"], data["iin"], data["first_name"]) == ("Ахметов", PERSON.iin, "Нурлан")
    assert data["date_of_birth"] == "2006-03-15" and data["middle_name"] == "Серикович"


def test_a_new_application_of_a_completed_citizen_starts_prefilled(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    assert_ok(check_code(client, headers, request_id, sms_code(client, PERSON.phone)))
    program = factories.study_program()
    response = client.post(f"{API}/users/create-application", headers=headers, json={"study_program_id": program.id})
    new_id = assert_ok(response)["application_id"]
    assert _main_info(db, new_id).data["iin"] == PERSON.iin
    # ... and a second request is refused: the data are already there.
    assert_envelope(create_request(client, headers, body_for(PERSON, new_id)), 409, "pkb.already_completed")


def test_reusing_a_confirmed_request_is_409(client, factories, db):
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    assert_ok(check_code(client, headers, request_id, code))
    assert_envelope(check_code(client, headers, request_id, code), 409, "pkb.already_confirmed")
    assert _count(db, PkbPersonData) == 1


def test_five_wrong_codes_void_the_code(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    for step in range(1, 6):
        assert_envelope(check_code(client, headers, request_id, other_code(code, step)), 400, "auth.wrong_code")
    assert_envelope(check_code(client, headers, request_id, code), 400, "auth.code_attempts_exceeded")
    db.session.expire_all()
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False
    assert _count(db, PkbPersonData) == 0 and _main_info(db, application.id) is None


def test_four_wrong_codes_then_the_right_one_passes(client, factories):
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    for step in range(1, 5):
        assert_envelope(check_code(client, headers, request_id, other_code(code, step)), 400, "auth.wrong_code")
    assert_ok(check_code(client, headers, request_id, code))


def test_expired_code_is_refused(client, factories, db):
    user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    db.session.execute(OneTimeCode.__table__.update().values(expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    assert_envelope(check_code(client, headers, request_id, code), 400, "auth.code_expired")
    db.session.expire_all()
    assert db.session.get(User, user.id).is_pkb_data_request_completed is False


def test_someone_elses_or_an_unknown_request_is_404(client, factories):
    _user, application, headers = citizen_with_application(factories)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    code = sms_code(client, PERSON.phone)
    _stranger, _own, stranger_headers = citizen_with_application(factories)
    assert_envelope(check_code(client, stranger_headers, request_id, code), 404, "pkb.request_not_found")
    assert_envelope(check_code(client, headers, "no-such-request", code), 404, "pkb.request_not_found")
    assert_ok(check_code(client, headers, request_id, code))  # the stranger's try did not spend it


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"request_id": "x"},
        {"code": "123456"},
        {"request_id": "x", "code": "12345"},
        {"request_id": "x", "code": 123456},
        {"request_id": "", "code": "123456"},
        {"request_id": "x" * 65, "code": "123456"},
        {"request_id": "x", "code": "12345a"},
    ],
)
def test_check_code_bad_bodies_are_400(client, factories, payload):
    _user, _application, headers = citizen_with_application(factories)
    assert_envelope(client.post(f"{API}/pkb/check-code", headers=headers, json=payload), 400)


# --------------------------------------------------------------------------------------------- SMS outbox


def test_sms_outbox_answers_only_on_this_machine_and_when_enabled(client, factories, app, monkeypatch):
    _user, application, headers = citizen_with_application(factories)
    assert_ok(create_request(client, headers, body_for(PERSON, application.id)))
    remote = client.get(
        f"{API}/dev/sms-outbox", query_string={"phone": PERSON.phone}, environ_base={"REMOTE_ADDR": "203.0.113.9"}
    )
    assert_envelope(remote, 404, "errors.not_found")
    monkeypatch.setitem(app.config, "DEV_OUTBOX_ENABLED", False)
    assert_envelope(client.get(f"{API}/dev/sms-outbox", query_string={"phone": PERSON.phone}), 404)
    monkeypatch.setitem(app.config, "DEV_OUTBOX_ENABLED", True)
    assert len(sms_outbox(client, PERSON.phone)) == 1
    assert sms_outbox(client, "+77000000000") == []
    assert_envelope(client.get(f"{API}/dev/sms-outbox"), 400)


NASTY = [None, 0, -1, 2**63, 1.5, True, [], {}, ["060315501232"], {"a": 1}, "", " ", "\x00", "\ud800", "𝔄" * 300]


@pytest.mark.parametrize("field", ["iin", "phone", "last_name", "first_name", "application_id"])
@pytest.mark.parametrize("value", NASTY, ids=range(len(NASTY)))
def test_create_request_survives_hostile_values(client, factories, db, field, value):
    _user, application, headers = citizen_with_application(factories)
    payload = json.dumps({**body_for(PERSON, application.id), field: value})  # ASCII-escaped: surrogates travel
    response = client.post(f"{API}/pkb/create-request", headers=headers, data=payload, content_type="application/json")
    assert response.status_code in (400, 404), response.get_data(as_text=True)[:300]
    assert_envelope(response, response.status_code)
    assert _count(db, PkbRequest) == 0


@pytest.mark.parametrize("field", ["request_id", "code"])
@pytest.mark.parametrize("value", NASTY, ids=range(len(NASTY)))
def test_check_code_survives_hostile_values(client, factories, field, value):
    _user, _application, headers = citizen_with_application(factories)
    payload = json.dumps({"request_id": "some-request", "code": "123456", field: value})
    response = client.post(f"{API}/pkb/check-code", headers=headers, data=payload, content_type="application/json")
    assert response.status_code in (400, 404), response.get_data(as_text=True)[:300]
    assert_envelope(response, response.status_code)


@pytest.mark.parametrize("raw", [b"", b"[]", b"null", b"{", b'"text"', b"\xff\xfe"])
def test_non_object_bodies_are_400(client, factories, raw):
    _user, _application, headers = citizen_with_application(factories)
    for path in ("create-request", "check-code"):
        response = client.post(f"{API}/pkb/{path}", headers=headers, data=raw, content_type="application/json")
        assert_envelope(response, 400)
