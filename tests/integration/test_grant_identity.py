"""Issue 22, findings 1 and 2: a state grant is won, and looked up, only on one's own bureau-confirmed IIN.

Every test reproduces the reported attack (or a variant of it) through the HTTP API and fails without the fix:
1. a citizen who never called /pkb/* typed another person's IIN in the main-info step and, once staff confirmed the
   documents and the grant list was imported, check-gov-scholarship answered `awarded: true`;
2. saving `{"iin": X}` at step 1 and calling check-gov-scholarship returned the holder's full name, programme group
   and grant kind.
Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL (the concurrent case only there).
"""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from server.applications.workflow import Actor, transition
from server.models import (
    ROLE_KZ_ADMIN,
    Application,
    ApplicationEvent,
    AuditLog,
    PkbPersonData,
    PkbRequest,
    Term,
    User,
)

from ..helpers import assert_envelope, assert_ok
from .pkb_support import API, PERSON, body_for, check_code, create_request, sms_code
from .test_gov_grants import AHMETOV, IVANOV, upload, xlsx
from .test_stepper_proceed import proceed
from .test_user_data_support import post_bulk
from .test_workflow_concurrency import wide_app as _wide_app

pytestmark = pytest.mark.usefixtures("no_server_errors")
wide_app = _wide_app  # the PostgreSQL-only app of the concurrency tests, as a fixture of this module

YEAR = 2097
VICTIM_IIN, VICTIM_NAME = AHMETOV[0], AHMETOV[1]  # on the grant list; the sandbox's Ахметов Нурлан
MAIN = "fillStepMainInfoLocal"


@pytest.fixture
def staff(factories):
    return factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))


def _citizen(factories, step=1, iin=None, user=None):
    """A citizen's application at `step`; `iin`: what the credit bureau confirmed (None: no /pkb call at all)."""
    if user is None:
        user = factories.applicant(kz=True)
        if iin is not None:
            factories.bureau_data(user, iin=iin)
    term = factories.db.session.scalar(select(Term).where(Term.year == YEAR)) or factories.term(year=YEAR)
    application = factories.application(user=user, term=term, current_step=step, financing="scholarship")
    return application, factories.auth_headers(user)


def _check(client, headers, application_id):
    return client.get(f"{API}/users/check-gov-scholarship/{application_id}", headers=headers)


def _fresh(db, application) -> Application:
    db.session.expire_all()
    return db.session.get(Application, application.id)


def _grant_events(db, application) -> list[dict]:
    db.session.expire_all()
    return [
        e.data
        for e in db.session.scalars(
            select(ApplicationEvent).where(
                ApplicationEvent.application_id == application.id, ApplicationEvent.transition == "grant_result"
            )
        )
    ]


def _panel(client, staff, application_id) -> dict:
    return assert_ok(client.get(f"{API}/admin/application/{application_id}", headers=staff))["item"]


# ---------------------------------------------------------------- finding 1: the bureau step is the state machine's


def test_a_citizen_without_bureau_data_cannot_start_the_stepper(client, db, factories):
    application, headers = _citizen(factories, step=1)
    assert_ok(post_bulk(client, headers, application.id, {MAIN: {"iin": VICTIM_IIN}}))  # before the bureau: typed

    texts = {}
    for lang in ("ru", "kk", "en"):
        body = assert_envelope(
            proceed(client, {**headers, "Accept-Language": lang}, application.id), 409, "workflow.bureau_data_required"
        )
        texts[lang] = body["message"]

    assert texts["ru"].startswith("Сначала подтвердите свои данные через кредитное бюро")
    assert len(set(texts.values())) == 3
    assert _fresh(db, application).current_step == 1 and _grant_events(db, application) == []


def test_staff_cannot_confirm_the_documents_of_a_citizen_without_bureau_data(client, db, factories, staff):
    """The reported path: documents handed over (an application that got there before the fix), staff confirm."""
    application, headers = _citizen(factories, step=5)
    assert_ok(post_bulk(client, headers, application.id, {MAIN: {"iin": VICTIM_IIN}}))

    response = client.post(
        f"{API}/admin/update-application-custom",
        headers=staff,
        json={"user_id": application.user_id, "updateBody": {"confirm_documents": True}},
    )

    assert_envelope(response, 409, "workflow.bureau_data_required")
    assert "confirm_documents" not in _panel(client, staff, application.id)["available_transitions"]
    assert _fresh(db, application).current_step == 5


def test_a_typed_iin_never_wins_the_grant(client, db, factories, staff):
    """At the grant step with a typed IIN only: no award, no step change, nothing of the holder's."""
    application, headers = _citizen(factories, step=6)
    factories.user_data(application, MAIN, {"iin": VICTIM_IIN})
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    body = assert_envelope(_check(client, headers, application.id), 422, "gov_scholarship.iin_unknown")

    assert VICTIM_NAME not in str(body) and "B057" not in str(body)
    assert _fresh(db, application).current_step == 6 and _grant_events(db, application) == []


def test_the_bureau_fields_are_read_only_for_the_applicant(client, db, factories, staff):
    """An applicant confirmed by the bureau (the real sandbox path) cannot retype the IIN, names or birth date."""
    user = factories.applicant(kz=True)
    application, headers = _citizen(factories, user=user)
    request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
    assert_ok(check_code(client, headers, request_id, sms_code(client, PERSON.phone)))

    for field, value in (("iin", IVANOV[0]), ("last_name", "Иванов"), ("date_of_birth", "1999-07-21")):
        body = assert_envelope(
            post_bulk(client, headers, application.id, {MAIN: {field: value}}), 400, "applications.bureau_read_only"
        )
        assert list(body["errors"]) == [f"{MAIN}.{field}"]
    en = post_bulk(client, {**headers, "Accept-Language": "en"}, application.id, {MAIN: {"iin": IVANOV[0]}})
    assert assert_envelope(en, 400)["message"] == "“IIN” comes from the credit bureau and cannot be changed"
    # the whole form sent back unchanged (what the questionnaire does) saves, and so do the other answers
    same = {
        "iin": PERSON.iin,
        "last_name": PERSON.last_name,
        "first_name": PERSON.first_name,
        "phone_number": "+77010000001",
    }
    assert_ok(post_bulk(client, headers, application.id, {MAIN: same}))
    data = assert_ok(client.get(f"{API}/users/fill-items/{application.id}", headers=headers))["fill_items"]
    [main] = [item["data"] for item in data if item["type"] == MAIN]
    assert (main["iin"], main["last_name"], main["date_of_birth"]) == (PERSON.iin, "Ахметов", "2006-03-15")
    assert main["phone_number"] == "+77010000001"


def test_a_staff_edit_of_the_questionnaire_iin_does_not_change_whose_grant_it_is(client, db, factories, staff):
    """Staff keep their right to correct the questionnaire; the grant reads the bureau's own row."""
    application, headers = _citizen(factories, step=6, iin=IVANOV[0])
    response = post_bulk(
        client,
        staff,
        application.id,
        {MAIN: {"iin": VICTIM_IIN}},
        from_admin="true",
        admin_selected_user_id=application.user_id,
    )
    assert_ok(response)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    body = assert_ok(_check(client, headers, application.id))

    assert (body["awarded"], body["grant"]) == (False, None) and VICTIM_NAME not in str(body)
    assert _grant_events(db, application) == [{"awarded": False}]


def test_a_second_account_cannot_confirm_an_iin_another_account_confirmed(client, db, factories, staff):
    first_app, first = _citizen(factories)
    request_id = assert_ok(create_request(client, first, body_for(PERSON, first_app.id)))["request_id"]
    assert_ok(check_code(client, first, request_id, sms_code(client, PERSON.phone)))
    second_app, second = _citizen(factories)
    request_id = assert_ok(create_request(client, second, body_for(PERSON, second_app.id)))["request_id"]
    code = sms_code(client, PERSON.phone)  # the newest text to that phone

    body = assert_envelope(check_code(client, second, request_id, code), 409, "pkb.iin_taken")

    assert body["message"].startswith("Этот ИИН уже подтверждён в другой учётной записи")
    again = check_code(client, {**second, "Accept-Language": "kk"}, request_id, code)
    assert assert_envelope(again, 409, "pkb.iin_taken")["message"].startswith("Бұл ЖСН")
    db.session.expire_all()
    assert db.session.scalars(select(PkbPersonData.user_id).where(PkbPersonData.iin == PERSON.iin)).all() == [
        first_app.user_id
    ]
    assert db.session.get(User, second_app.user_id).is_pkb_data_request_completed is False
    request = db.session.scalar(select(PkbRequest).where(PkbRequest.public_id == request_id))
    assert request.status == "refused" and request.code.consumed_at is not None
    audit = db.session.scalar(select(AuditLog).where(AuditLog.action == "pkb.iin_taken"))
    assert (audit.actor_id, audit.target_id) == (second_app.user_id, str(first_app.user_id))
    assert PERSON.iin not in str(audit.details)  # logs and audit carry masked IINs only
    # the second account's stepper stays shut; its own IIN can still be confirmed with a new request
    assert_envelope(proceed(client, second, second_app.id), 409, "workflow.bureau_data_required")


def test_two_accounts_confirming_one_iin_at_once_confirm_it_once(request, client, db, factories):
    """PostgreSQL (the fixture skips SQLite): the right codes of two accounts for one IIN, entered at one moment."""
    app = request.getfixturevalue("wide_app")
    attempts = []
    for _ in range(2):
        application, headers = _citizen(factories)
        request_id = assert_ok(create_request(client, headers, body_for(PERSON, application.id)))["request_id"]
        attempts.append((headers, request_id, sms_code(client, PERSON.phone)))
    ready = threading.Barrier(len(attempts))
    statuses: list = []

    def confirm(headers, request_id, code):
        tester = app.test_client()
        ready.wait(timeout=30)
        response = check_code(tester, headers, request_id, code)
        statuses.append((response.status_code, (response.get_json() or {}).get("message_key")))

    threads = [threading.Thread(target=confirm, args=attempt) for attempt in attempts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert sorted(statuses, key=str) == sorted([(200, None), (409, "pkb.iin_taken")], key=str)
    db.session.expire_all()
    assert len(db.session.scalars(select(PkbPersonData).where(PkbPersonData.iin == PERSON.iin)).all()) == 1


def test_one_iin_is_awarded_once_across_two_applications_of_one_account(client, db, factories, staff):
    first, headers = _citizen(factories, step=6, iin=VICTIM_IIN)
    second, _ = _citizen(factories, step=6, user=first.user)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    assert assert_ok(_check(client, headers, first.id))["awarded"] is True
    held = assert_envelope(_check(client, headers, second.id), 409, "gov_scholarship.awarded_elsewhere")

    assert VICTIM_NAME not in str(held)
    assert (_fresh(db, first).current_step, _fresh(db, second).current_step) == (7, 6)
    assert _grant_events(db, second) == []
    flag = _panel(client, staff, second.id)["bureau"]
    assert flag["received"] is True and flag["iin"] == VICTIM_IIN
    assert flag["iin_shared_with"] == [
        {
            "application_id": first.id,
            "user_id": first.user_id,
            "email": first.user.email,
            "same_account": True,
            "current_step": 7,
            "grant_awarded": True,
        }
    ]
    # the applicant withdraws the first: the held one now takes the award
    transition(_fresh(db, first), "withdraw", actor=Actor.applicant(db.session.get(User, first.user_id)))
    db.session.commit()
    assert assert_ok(_check(client, headers, second.id))["awarded"] is True
    assert _fresh(db, second).current_step == 7


def test_two_accounts_holding_one_bureau_iin_are_flagged_and_never_both_awarded(client, db, factories, staff):
    """Two accounts confirmed with one IIN before duplicates were refused: one is awarded, the other waits. Applying
    the list records the waiting applications' results at once, in application order (issue 23, decision 0086), so
    the first application takes the award and the second's check is refused."""
    first, first_headers = _citizen(factories, step=6, iin=VICTIM_IIN)
    second, second_headers = _citizen(factories, step=6, iin=VICTIM_IIN)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    assert assert_ok(_check(client, first_headers, first.id))["awarded"] is True
    assert_envelope(_check(client, second_headers, second.id), 409, "gov_scholarship.awarded_elsewhere")

    assert _grant_events(db, first) == [{"awarded": True}] and _grant_events(db, second) == []
    shared = _panel(client, staff, second.id)["bureau"]["iin_shared_with"]
    assert [(s["application_id"], s["same_account"], s["grant_awarded"]) for s in shared] == [(first.id, False, True)]


def test_not_awarded_results_are_not_held(client, db, factories, staff):
    first, first_headers = _citizen(factories, step=6, iin=IVANOV[0])
    second, second_headers = _citizen(factories, step=6, iin=IVANOV[0])
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))
    assert assert_ok(_check(client, first_headers, first.id))["awarded"] is False
    assert assert_ok(_check(client, second_headers, second.id))["awarded"] is False
    assert (_fresh(db, first).current_step, _fresh(db, second).current_step) == (7, 7)


def test_two_applications_of_one_iin_polled_at_once_are_awarded_once(request, client, db, factories, staff):
    """PostgreSQL (the fixture skips SQLite): both awaiting pages poll at the same moment, many times."""
    app = request.getfixturevalue("wide_app")
    first, headers = _citizen(factories, step=6, iin=VICTIM_IIN)
    second, _ = _citizen(factories, step=6, user=first.user)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))
    ids = [first.id, second.id] * 4
    ready = threading.Barrier(len(ids))
    statuses: list = []

    def poll(application_id):
        tester = app.test_client()
        ready.wait(timeout=30)
        statuses.append(_check(tester, headers, application_id).status_code)

    threads = [threading.Thread(target=poll, args=(i,)) for i in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert set(statuses) <= {200, 409} and 500 not in statuses
    awarded = [a for a in (first, second) if _grant_events(db, a) == [{"awarded": True}]]
    assert len(awarded) == 1
    assert sorted((_fresh(db, first).current_step, _fresh(db, second).current_step)) == [6, 7]


# ------------------------------------------------------------------- finding 2: the check is the applicant's own


def test_a_typed_iin_at_step_1_looks_nothing_up(client, db, factories, staff):
    application, headers = _citizen(factories, step=1)
    assert_ok(post_bulk(client, headers, application.id, {MAIN: {"iin": VICTIM_IIN}}))
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    body = assert_envelope(_check(client, headers, application.id), 409, "gov_scholarship.not_at_grant_step")

    assert VICTIM_NAME not in str(body) and "Государственный грант" not in str(body)


def test_before_the_grant_step_even_the_own_result_is_not_answered(client, db, factories, staff):
    application, headers = _citizen(factories, step=4, iin=VICTIM_IIN)
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))
    body = assert_envelope(_check(client, headers, application.id), 409, "gov_scholarship.not_at_grant_step")
    assert VICTIM_NAME not in str(body)


def test_the_answer_shows_the_holders_details_only_for_the_applicants_own_award(client, db, factories, staff):
    application, headers = _citizen(factories, step=6, iin=IVANOV[0])
    factories.user_data(application, MAIN, {"iin": VICTIM_IIN})  # whatever the questionnaire says
    assert_ok(upload(client, staff, xlsx([AHMETOV]), year=YEAR))

    body = assert_ok(_check(client, headers, application.id))

    assert body == {"success": True, "awarded": False, "published": True, "year": YEAR, "grant": None}


def test_the_check_is_rate_limited_per_account(client, db, factories, staff, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_GOV_SCHOLARSHIP_CHECK_PER_ACCOUNT", "3 per minute")
    application, headers = _citizen(factories, step=6, iin=IVANOV[0])
    for _ in range(3):
        assert_ok(_check(client, headers, application.id))
    assert_envelope(_check(client, headers, application.id), 429)
    # per account: another applicant is not held by it
    other, other_headers = _citizen(factories, step=6, iin=AHMETOV[0])
    assert_ok(_check(client, other_headers, other.id))
