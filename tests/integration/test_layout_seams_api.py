"""Issue 23 (decision 0089): the queue rows' "send to next stage" move and the spec's columns in both shells, the
dashboard's payments per day as a count of paid payments, and POST /users/fill-data (the "fill data" modal)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from server.extensions import db
from server.models import Payment

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, main_info, queue, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _rows(client, headers, queue_key, **body):
    return {row["id"]: row for row in assert_ok(queue(client, headers, queue_key, **body))["list"]}


def test_foreign_rows_name_their_next_stage_and_carry_the_spec_columns(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    applied = applicant_application(
        factories, status=0, answers={**main_info(False), "fillStepAdditionalInfo": {"need_dorm": "Да"}}
    )
    accepted = applicant_application(factories, status=1)
    awaiting = applicant_application(factories, status=2)
    enrolled = applicant_application(factories, status=3)
    archived = applicant_application(factories, status=-1)
    assert _rows(client, headers, "applied")[applied.id]["next_stage"] == "accept"
    assert _rows(client, headers, "accepted")[accepted.id]["next_stage"] == "await_visa"
    assert _rows(client, headers, "awaiting-visa")[awaiting.id]["next_stage"] == "enrol"
    assert _rows(client, headers, "enrolled")[enrolled.id]["next_stage"] is None
    assert _rows(client, headers, "archived")[archived.id]["next_stage"] is None
    row = _rows(client, headers, "applied")[applied.id]
    # §2's foreign columns: the dormitory wish, the UNT score (a dash: foreigners sit no UNT) and social categories
    assert row["need_dorm"] is True and row["unt_score"] is None and row["social_category"] == []


def test_citizen_rows_name_their_next_stage_and_carry_dormitory_and_unt(client, factories):
    headers = staff(factories, KZ_ADMIN)
    handed_over = applicant_application(
        factories,
        kz=True,
        current_step=5,
        financing="paid",
        submitted_at=datetime.now(UTC),
        answers={
            **main_info(True),
            "fillStepAdditionalInfoLocal": {"need_dorm": "Нет"},
            "fillStepTestScoreUnt": {"unt_score": "101"},
        },
    )
    filling = applicant_application(factories, kz=True, current_step=4, financing="paid", submitted_at=None)
    grant_holder = applicant_application(
        factories, kz=True, current_step=8, financing="scholarship", submitted_at=datetime.now(UTC)
    )
    paid = _rows(client, headers, "paid", isLocal=True)
    assert paid[handed_over.id]["next_stage"] == "confirm_documents"
    assert paid[handed_over.id]["need_dorm"] is False and paid[handed_over.id]["unt_score"] == 101
    # step 4: the documents are the applicant's (or staff's "documents handed over"), not a next stage
    assert paid[filling.id]["next_stage"] is None
    assert _rows(client, headers, "scholarship", isLocal=True)[grant_holder.id]["next_stage"] == "enrol_scholarship"


def test_a_row_next_stage_moves_through_the_state_machine_with_its_guards(client, factories):
    """The row button sends {ids: [id], transition: "next"}: the move named by next_stage, refused like the panel's
    when another population's admin tries (404, nothing changes)."""
    foreign_headers = staff(factories, FOREIGN_ADMIN)
    applied = applicant_application(factories, status=0)
    refused = client.post(
        f"{API}/admin/applications/bulk-transition",
        headers=staff(factories, KZ_ADMIN),
        json={"ids": [applied.id], "transition": "next"},
    ).get_json()
    assert refused["success"] is False and refused["failed"] == 1 and refused["results"][0]["http_status"] == 404
    moved = assert_ok(
        client.post(
            f"{API}/admin/applications/bulk-transition",
            headers=foreign_headers,
            json={"ids": [applied.id], "transition": "next"},
        )
    )
    assert moved["results"][0]["transition"] == "accept" and moved["results"][0]["status"] == 1


def _payment(user, paid_at, status="paid"):
    payment = Payment(user_id=user.id, purpose="admission_fee", amount=10000, provider="sandbox", status=status)
    payment.paid_at = paid_at
    db.session.add(payment)
    db.session.commit()


def test_dashboard_counts_paid_payments_per_day(client, factories):
    headers = staff(factories, KZ_ADMIN)
    now = datetime.now(UTC)
    first = applicant_application(factories, kz=True, current_step=3)
    second = applicant_application(factories, kz=True, current_step=3)
    foreigner = applicant_application(factories, status=0)
    _payment(first.user, now)
    _payment(second.user, now)
    _payment(second.user, None, status="pending")  # not paid: not counted
    _payment(first.user, now - timedelta(days=40))  # beyond the 30 days
    _payment(foreigner.user, now)  # the other population
    body = assert_ok(client.get(f"{API}/admin/dashboard", headers=headers, query_string={"segment": "KZ"}))
    days = body["payments_per_day"]
    assert len(days) == 30 and days[-1]["count"] == 2 and sum(d["count"] for d in days) == 2
    foreign = assert_ok(client.get(f"{API}/admin/dashboard", headers=staff(factories, FOREIGN_ADMIN)))
    assert foreign["payments_per_day"][-1]["count"] == 1


def _fill(client, headers, lang="ru", **body):
    return client.post(f"{API}/users/fill-data", headers={**headers, "Accept-Language": lang}, json=body)


def test_fill_data_saves_the_applicants_name(client, factories):
    user = factories.applicant()
    headers = factories.auth_headers(user)
    item = assert_ok(_fill(client, headers, last_name=" Ахметова ", first_name="Айгерим"))["item"]
    assert (item["last_name"], item["first_name"]) == ("Ахметова", "Айгерим")  # trimmed (req §5)
    self_item = assert_ok(client.get(f"{API}/users/self", headers=headers))["item"]
    assert self_item["first_name"] == "Айгерим"
    assert_ok(_fill(client, headers, last_name="O'Neil-Smith", first_name="Mary Ann"))


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ru", "Должно начинаться с заглавной буквы"),
        ("kk", "Бас әріптен басталуы керек"),
        ("en", "It must start with a capital letter"),
    ],
)
def test_fill_data_errors_are_localized(client, factories, lang, text):
    headers = factories.auth_headers(factories.applicant())
    body = assert_envelope(_fill(client, headers, lang, last_name="ахметова", first_name="Айгерим"), 400)
    assert body["errors"]["last_name"] == [text]


def test_fill_data_rejects_bad_input_without_a_500(client, factories):
    headers = factories.auth_headers(factories.applicant())
    assert "first_name" in assert_envelope(_fill(client, headers, last_name="Ахметова"), 400)["errors"]
    assert "first_name" in assert_envelope(_fill(client, headers, last_name="Ахметова", first_name="  "), 400)["errors"]
    assert (
        "last_name"
        in assert_envelope(_fill(client, headers, last_name="Ахмет0ва", first_name="Айгерим"), 400)["errors"]
    )
    assert (
        "last_name" in assert_envelope(_fill(client, headers, last_name="А" * 101, first_name="Айгерим"), 400)["errors"]
    )
    assert_envelope(_fill(client, headers, last_name=5, first_name="Айгерим"), 400)
    assert_envelope(client.post(f"{API}/users/fill-data", json={"last_name": "А", "first_name": "Б"}), 401)


def test_fill_data_keeps_bureau_confirmed_names_and_refuses_staff(client, factories):
    confirmed = factories.applicant(kz=True, first_name="Нурлан", last_name="Ахметов")
    confirmed.is_pkb_data_request_completed = True
    db.session.commit()
    body = assert_envelope(
        _fill(client, factories.auth_headers(confirmed), last_name="Другой", first_name="Имя"),
        409,
        "users.fill_data.confirmed",
    )
    assert body["success"] is False
    db.session.refresh(confirmed)
    assert confirmed.last_name == "Ахметов"
    assert_envelope(_fill(client, staff(factories, KZ_ADMIN), last_name="Иванов", first_name="Иван"), 403)
