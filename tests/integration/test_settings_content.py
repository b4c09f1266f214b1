"""Settings → home-page messages and admission terms (issue 23, decision 0087): staff CRUD, localized field
errors, audience scoping by population, the applicant's home page in their language, the deadlines modal's data,
and the audit rows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from server.models import AuditLog, HomePageMessage

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")

MESSAGES = f"{API}/admin/home-page-messages"
TERMS = f"{API}/admin/admission-terms"


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def _body(**overrides) -> dict:
    now = datetime.now(UTC)
    body = {
        "type": "info",
        "is_permanent": False,
        "starts_at": _iso(now - timedelta(days=1)),
        "ends_at": _iso(now + timedelta(days=7)),
        "audience": "population",
        "title_ru": "Приём документов",
        "text_ru": "Приём документов продлён",
        "title_kk": "Құжат қабылдау",
        "text_kk": "Құжат қабылдау ұзартылды",
        "title_en": "",
        "text_en": "",
    }
    body.update(overrides)
    return body


def _home(client, factories, user, lang="ru"):
    return assert_ok(client.get(f"{API}/users/home-page-messages?lang={lang}", headers=factories.auth_headers(user)))


def test_payment_message_to_one_applicant_in_three_languages(client, factories, db):
    admin = factories.admin(role=KZ_ADMIN)
    headers = factories.auth_headers(admin)
    citizen = factories.applicant(kz=True, email="aigerim@example.com", first_name="Айгерім", last_name="Серік")
    neighbour = factories.applicant(kz=True)
    foreigner = factories.applicant()

    found = assert_ok(client.get(f"{MESSAGES}/recipients?segment=KZ&q=aiger", headers=headers))["list"]
    assert [p["id"] for p in found] == [citizen.id]
    assert assert_ok(client.get(f"{MESSAGES}/recipients?segment=KZ&q=Серік", headers=headers))["list"][0]["id"] == (
        citizen.id
    )
    # The other population's applicant is not offered.
    assert assert_ok(client.get(f"{MESSAGES}/recipients?segment=KZ&q={foreigner.email}", headers=headers))["list"] == []

    body = _body(
        type="payment",
        amount=9990,
        audience="user",
        user_id=citizen.id,
        title_en="Fee remainder",
        text_en="Please pay the remainder",
    )
    item = assert_ok(client.post(f"{MESSAGES}?segment=KZ", headers=headers, json=body), 201)["item"]
    assert item["user"]["email"] == "aigerim@example.com" and item["amount"] == 9990 and item["population"] is None

    [shown] = _home(client, factories, citizen, "kk")["list"]
    assert (shown["title"], shown["text"], shown["amount"]) == ("Құжат қабылдау", "Құжат қабылдау ұзартылды", 9990)
    assert shown["ends_at"]
    assert _home(client, factories, citizen, "en")["list"][0]["title"] == "Fee remainder"
    assert _home(client, factories, neighbour)["list"] == []
    assert _home(client, factories, foreigner)["list"] == []

    audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "home_message.create")).one()
    assert audit.actor_id == admin.id and audit.target_id == str(item["id"])


def test_population_message_reaches_only_that_population_and_only_inside_its_dates(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    foreigner = factories.applicant()
    citizen = factories.applicant(kz=True)
    assert_ok(client.post(f"{MESSAGES}?segment=FOREIGN", headers=headers, json=_body()), 201)
    later = datetime.now(UTC) + timedelta(days=3)
    assert_ok(
        client.post(
            f"{MESSAGES}?segment=FOREIGN",
            headers=headers,
            json=_body(title_ru="Позже", starts_at=_iso(later), ends_at=_iso(later + timedelta(days=1))),
        ),
        201,
    )
    [shown] = _home(client, factories, foreigner, "en")["list"]
    assert shown["title"] == "Приём документов"  # no English: Russian (decision 0073)
    assert _home(client, factories, citizen)["list"] == []


def test_field_errors_are_localized_and_given_at_once(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    now = datetime.now(UTC)
    body = _body(
        type="payment",
        amount=0,
        title_ru="  ",
        starts_at=_iso(now),
        ends_at=_iso(now - timedelta(days=1)),
        audience="user",
        user_id=None,
    )
    answer = assert_envelope(client.post(f"{MESSAGES}?segment=FOREIGN&lang=kk", headers=headers, json=body), 400)
    assert set(answer["errors"]) >= {"amount", "title_ru", "ends_at", "user_id"}
    assert answer["errors"]["ends_at"] == ["Аяқталу күні басталу күнінен кейін болуы керек"]
    answer = assert_envelope(
        client.post(f"{MESSAGES}?segment=FOREIGN", headers=headers, json=_body(type="payment", amount="много")), 400
    )
    assert "amount" in answer["errors"]
    # A dated message needs both dates; a permanent one needs none.
    answer = assert_envelope(
        client.post(f"{MESSAGES}?segment=FOREIGN", headers=headers, json=_body(starts_at=None)), 400
    )
    assert list(answer["errors"]) == ["starts_at"]
    item = assert_ok(
        client.post(
            f"{MESSAGES}?segment=FOREIGN", headers=headers, json=_body(is_permanent=True, starts_at=None, ends_at=None)
        ),
        201,
    )["item"]
    assert item["is_permanent"] is True and item["starts_at"] is None


def test_an_admin_of_one_population_cannot_reach_the_other(client, factories):
    foreign_headers = staff(factories, FOREIGN_ADMIN)
    kz_headers = staff(factories, KZ_ADMIN)
    citizen = factories.applicant(kz=True)
    # Targeting a citizen from the foreign segment, or using a segment the caller does not administer.
    answer = assert_envelope(
        client.post(
            f"{MESSAGES}?segment=FOREIGN", headers=foreign_headers, json=_body(audience="user", user_id=citizen.id)
        ),
        400,
    )
    assert list(answer["errors"]) == ["user_id"]
    assert_envelope(client.post(f"{MESSAGES}?segment=KZ", headers=foreign_headers, json=_body()), 403)
    assert_envelope(client.get(f"{MESSAGES}?segment=KZ", headers=foreign_headers), 403)
    # A KZ message is invisible, uneditable and unretirable from the foreign segment.
    item = assert_ok(
        client.post(f"{MESSAGES}?segment=KZ", headers=kz_headers, json=_body(audience="user", user_id=citizen.id)),
        201,
    )["item"]
    assert_envelope(client.put(f"{MESSAGES}/{item['id']}?segment=FOREIGN", headers=foreign_headers, json=_body()), 404)
    assert_envelope(client.post(f"{MESSAGES}/{item['id']}/retire?segment=FOREIGN", headers=foreign_headers), 404)
    assert assert_ok(client.get(f"{MESSAGES}?segment=FOREIGN", headers=foreign_headers))["total"] == 0
    # Applicants cannot use the staff API at all.
    assert_envelope(client.get(f"{MESSAGES}?segment=KZ", headers=factories.auth_headers(citizen)), 403)


def test_edit_retire_and_paging(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    foreigner = factories.applicant()
    ids = [
        assert_ok(client.post(f"{MESSAGES}?segment=FOREIGN", headers=headers, json=_body(title_ru=f"№{n}")), 201)[
            "item"
        ]["id"]
        for n in range(3)
    ]
    page = assert_ok(client.get(f"{MESSAGES}?segment=FOREIGN&per_page=2&page=2", headers=headers))
    assert page["total"] == 3 and [m["id"] for m in page["list"]] == [ids[0]]

    edited = assert_ok(
        client.put(f"{MESSAGES}/{ids[0]}?segment=FOREIGN", headers=headers, json=_body(title_ru="Изменено")),
    )["item"]
    assert edited["title_ru"] == "Изменено" and edited["updated_at"]
    assert (
        assert_ok(client.post(f"{MESSAGES}/{ids[0]}/retire?segment=FOREIGN", headers=headers))["item"]["is_active"]
        is False
    )
    assert_envelope(client.put(f"{MESSAGES}/{ids[0]}?segment=FOREIGN", headers=headers, json=_body()), 409)
    retired = assert_ok(client.get(f"{MESSAGES}?segment=FOREIGN&status=retired", headers=headers))
    assert [m["id"] for m in retired["list"]] == [ids[0]]
    assert "Изменено" not in [m["title"] for m in _home(client, factories, foreigner)["list"]]
    assert_envelope(client.put(f"{MESSAGES}/999999?segment=FOREIGN", headers=headers, json=_body()), 404)
    actions = set(db.session.scalars(select(AuditLog.action).where(AuditLog.target_id == str(ids[0]))))
    assert {"home_message.create", "home_message.update", "home_message.retire"} <= actions
    assert db.session.get(HomePageMessage, ids[0]).is_active is False


# ------------------------------------------------------------------------------------------------ terms


def test_terms_windows_and_the_deadlines_modal(client, factories, db):
    admin = factories.admin(role=KZ_ADMIN)
    headers = factories.auth_headers(admin)
    program = factories.study_program(name_ru="Магистратура", name_kk="Магистратура (қаз)", name_en="Master's")
    now = datetime.now(UTC)
    term = assert_ok(
        client.post(
            TERMS,
            headers=headers,
            json={
                "year": 2091,
                "name_ru": "Приём 2091",
                "name_kk": "2091 қабылдау",
                "name_en": "",
                "opens_at": _iso(now - timedelta(days=1)),
                "closes_at": _iso(now + timedelta(days=60)),
            },
        ),
        201,
    )["item"]
    due = now + timedelta(days=20)
    window = {
        "opens_at": _iso(now - timedelta(days=1)),
        "closes_at": _iso(now + timedelta(days=30)),
        "documents_due_at": _iso(due),
    }
    item = assert_ok(client.put(f"{TERMS}/{term['id']}/windows/{program.id}", headers=headers, json=window))["item"]
    assert item["windows"][0]["study_program_id"] == program.id

    modal = assert_ok(client.get(f"{API}/deadlines?lang=kk"))
    [shown] = [t for t in modal["terms"] if t["id"] == term["id"]]
    assert shown["name"] == "2091 қабылдау" and shown["is_open"] is True
    [row] = [p for p in shown["programs"] if p["study_program_id"] == program.id]
    assert row["name"] == "Магистратура (қаз)" and row["has_own_window"] is True
    assert abs(datetime.fromisoformat(row["documents_due_at"]) - due) < timedelta(seconds=1)
    english = assert_ok(client.get(f"{API}/deadlines?lang=en"))
    assert [t for t in english["terms"] if t["id"] == term["id"]][0]["name"] == "Приём 2091"

    # Closing the programme's window closes applications to it (enforced as before); the modal says it is closed.
    closed = {"opens_at": _iso(now - timedelta(days=10)), "closes_at": _iso(now - timedelta(days=1))}
    assert_ok(client.put(f"{TERMS}/{term['id']}/windows/{program.id}", headers=headers, json=closed))
    submit = assert_ok(
        client.get(
            f"{API}/users/submit-application?study_program_id={program.id}",
            headers=factories.auth_headers(factories.applicant(kz=True)),
        )
    )
    assert submit["is_open"] is False or submit["term"]["id"] != term["id"]
    modal = assert_ok(client.get(f"{API}/deadlines"))
    [row] = [
        p for t in modal["terms"] if t["id"] == term["id"] for p in t["programs"] if p["study_program_id"] == program.id
    ]
    assert row["is_open"] is False

    assert_ok(client.delete(f"{TERMS}/{term['id']}/windows/{program.id}", headers=headers))
    assert_envelope(client.delete(f"{TERMS}/{term['id']}/windows/{program.id}", headers=headers), 404)
    actions = list(db.session.scalars(select(AuditLog.action).where(AuditLog.action.like("admission_term.%"))))
    assert {"admission_term.create", "admission_term.window", "admission_term.window_removed"} <= set(actions)


def test_term_validation_is_localized(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    factories.term(year=2092)
    now = datetime.now(UTC)
    body = {"year": 2092, "name_ru": "", "opens_at": _iso(now), "closes_at": _iso(now - timedelta(days=1))}
    answer = assert_envelope(client.post(f"{TERMS}?lang=en", headers=headers, json=body), 400)
    assert answer["errors"]["year"] == ["There is already an admission term for this year"]
    assert set(answer["errors"]) == {"year", "name_ru", "closes_at"}
    assert_envelope(client.post(TERMS, headers=headers, json={**body, "year": 1900}), 400)
    assert_envelope(client.put(f"{TERMS}/999999", headers=headers, json=body), 404)
    program = factories.study_program()
    assert_envelope(client.put(f"{TERMS}/999999/windows/{program.id}", headers=headers, json={}), 404)
    assert_envelope(client.get(TERMS, headers=factories.auth_headers(factories.applicant())), 403)
    listed = assert_ok(client.get(f"{TERMS}?per_page=1", headers=headers))
    assert len(listed["list"]) == 1 and listed["total"] >= 1
