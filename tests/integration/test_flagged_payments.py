"""Flagged payments for staff (issue 23, decision 0086): each admin lists those of their own population (open or
resolved, paged) and marks one refunded or resolved with a comment; audited; a second answer is 409; someone
else's population's payment is 404."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import select

from server.database import unit_of_work
from server.models import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, AuditLog, Payment
from server.models.base import utcnow

from ..helpers import assert_envelope, assert_ok

pytestmark = pytest.mark.usefixtures("no_server_errors")

API = "/api/v1/admin/payments"
_tx = itertools.count(1)


def flagged_payment(factories, db, *, kz=True, reason="already_paid", amount=10000, flagged=True, **user_kw):
    user = factories.applicant(kz=kz, **user_kw)
    with unit_of_work():
        payment = Payment(
            user_id=user.id,
            purpose="admission_fee",
            amount=amount,
            provider="sandbox",
            provider_transaction_id=f"tx-flag-{next(_tx)}",
            status="paid",
            flagged=flagged,
            flag_reason=reason if flagged else None,
            paid_at=utcnow(),
        )
        db.session.add(payment)
    return payment, user


@pytest.fixture
def kz_admin(factories):
    return factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))


@pytest.fixture
def foreign_admin(factories):
    return factories.auth_headers(factories.admin(role=ROLE_FOREIGN_ADMIN))


def listing(client, headers, **params):
    response = client.get(f"{API}/flagged", headers=headers, query_string=params)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()


def resolve(client, headers, payment_id, resolution="resolved", comment="Checked with the bank", lang=None):
    query = f"?lang={lang}" if lang else ""
    return client.post(
        f"{API}/{payment_id}/resolve{query}", headers=headers, json={"resolution": resolution, "comment": comment}
    )


def test_each_admin_lists_only_their_populations_flagged_payments(client, factories, db, kz_admin, foreign_admin):
    citizens, citizen = flagged_payment(factories, db, kz=True, amount=10000)
    foreigners, _ = flagged_payment(factories, db, kz=False, reason="not_applied", amount=25000)
    flagged_payment(factories, db, kz=True, flagged=False)  # an ordinary payment is not listed

    kz = listing(client, kz_admin, segment="KZ")
    foreign = listing(client, foreign_admin)

    assert [p["id"] for p in kz["list"]] == [citizens.id] and kz["total"] == 1
    row = kz["list"][0]
    assert (row["amount"], row["purpose"], row["flag_reason"], row["resolution"]) == (
        10000,
        "admission_fee",
        "already_paid",
        None,
    )
    assert row["payer_email"] == citizen.email and row["paid_at"]
    assert [p["id"] for p in foreign["list"]] == [foreigners.id]
    # Asking for the other shell's population is refused.
    assert client.get(f"{API}/flagged", headers=kz_admin, query_string={"segment": "FOREIGN"}).status_code == 403


def test_mark_resolved_with_a_comment_moves_it_to_resolved_and_is_audited(client, factories, db, kz_admin):
    payment, _ = flagged_payment(factories, db)

    body = assert_ok(resolve(client, kz_admin, payment.id, "refunded", "  Refunded through the bank on 27.11  "))

    item = body["item"]
    assert (item["resolution"], item["resolution_comment"]) == ("refunded", "Refunded through the bank on 27.11")
    assert item["resolved_by"]["email"] and item["resolved_at"]
    assert listing(client, kz_admin, state="open")["total"] == 0
    assert [p["id"] for p in listing(client, kz_admin, state="resolved")["list"]] == [payment.id]
    audit = db.session.scalar(select(AuditLog).where(AuditLog.action == "payments.flagged.refunded"))
    assert (audit.target_type, audit.target_id) == ("payment", str(payment.id))
    assert audit.details["amount"] == 10000 and audit.details["flag_reason"] == "already_paid"


def test_a_second_answer_is_409(client, factories, db, kz_admin):
    payment, _ = flagged_payment(factories, db)
    assert_ok(resolve(client, kz_admin, payment.id))
    assert_envelope(resolve(client, kz_admin, payment.id, "refunded"), 409, "flagged_payments.already_resolved")
    db.session.expire_all()
    assert db.session.get(Payment, payment.id).resolution == "resolved"


@pytest.mark.parametrize("comment", ["", "   ", None])
def test_a_comment_is_required_in_the_callers_language(client, factories, db, kz_admin, comment):
    payment, _ = flagged_payment(factories, db)
    body = assert_envelope(resolve(client, kz_admin, payment.id, comment=comment, lang="kk"), 400, lang="kk")
    assert "comment" in body["errors"]
    db.session.expire_all()
    assert db.session.get(Payment, payment.id).resolution is None


def test_bad_resolution_and_too_long_comment_are_400(client, factories, db, kz_admin):
    payment, _ = flagged_payment(factories, db)
    assert_envelope(resolve(client, kz_admin, payment.id, "forgotten"), 400)
    assert_envelope(resolve(client, kz_admin, payment.id, comment="x" * 2001), 400)


def test_another_populations_or_an_unflagged_payment_is_404(client, factories, db, kz_admin, foreign_admin):
    citizens, _ = flagged_payment(factories, db, kz=True)
    ordinary, _ = flagged_payment(factories, db, kz=True, flagged=False)

    assert_envelope(resolve(client, foreign_admin, citizens.id), 404, "flagged_payments.not_found")
    assert_envelope(resolve(client, kz_admin, ordinary.id), 404, "flagged_payments.not_found")
    assert_envelope(resolve(client, kz_admin, 99999999), 404, "flagged_payments.not_found")
    db.session.expire_all()
    assert db.session.get(Payment, citizens.id).resolution is None


def test_applicants_and_anonymous_callers_are_refused(client, factories, db):
    payment, user = flagged_payment(factories, db)
    applicant = factories.auth_headers(user)
    assert client.get(f"{API}/flagged", headers=applicant).status_code == 403
    assert resolve(client, applicant, payment.id).status_code == 403
    assert client.get(f"{API}/flagged").status_code == 401


def test_the_list_is_paged(client, factories, db, kz_admin):
    ids = [flagged_payment(factories, db)[0].id for _ in range(3)]
    first = listing(client, kz_admin, per_page=2)
    second = listing(client, kz_admin, per_page=2, page=2)
    assert first["total"] == 3
    assert [p["id"] for p in first["list"] + second["list"]] == ids  # open ones: oldest first
