"""GET /admin/dashboard (counts per queue, submissions per local day, documents awaiting confirmation) and
GET /admin/campaigns (the year badge comes from the admission terms, not a hard-coded year)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")

ALMATY = timedelta(hours=5)


def _dashboard(client, headers, **query):
    return client.get(f"{API}/admin/dashboard", headers=headers, query_string=query)


def _local_today() -> date:
    return (datetime.now(UTC) + ALMATY).date()


def test_foreign_dashboard(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    today = _local_today()
    # 23:30 local yesterday is 18:30 UTC yesterday; 00:30 local today is 19:30 UTC yesterday: different local days
    yesterday_late = datetime.combine(today - timedelta(days=1), datetime.min.time(), UTC) + timedelta(
        hours=18, minutes=30
    )
    today_early = yesterday_late + timedelta(hours=1)
    applicant_application(factories, status=0, submitted_at=yesterday_late)
    applicant_application(factories, status=0, submitted_at=today_early)
    applicant_application(factories, status=1, submitted_at=today_early)
    applicant_application(factories, status=-1, submitted_at=today_early - timedelta(days=40))  # beyond 30 days
    applicant_application(factories, kz=True, current_step=5, submitted_at=today_early)  # other population
    body = assert_ok(_dashboard(client, headers))
    assert body["segment"] == "FOREIGN"
    assert body["counts"] == {"users": 4, "applied": 2, "accepted": 1, "awaiting-visa": 0, "enrolled": 0, "archived": 1}
    days = body["submissions_per_day"]
    assert len(days) == 30 and days[-1]["date"] == today.isoformat()
    assert days[0]["date"] == (today - timedelta(days=29)).isoformat()
    assert days[-1]["count"] == 2 and days[-2]["count"] == 1 and sum(d["count"] for d in days) == 3
    assert body["documents_awaiting_confirmation"] == 2  # applied, awaiting review


def test_citizens_dashboard(client, factories):
    headers = staff(factories, KZ_ADMIN)
    now = datetime.now(UTC)
    applicant_application(factories, kz=True, current_step=5, submitted_at=now)
    applicant_application(factories, kz=True, current_step=5, submitted_at=now, status=-1)  # withdrawn
    applicant_application(factories, kz=True, current_step=7, financing="scholarship", submitted_at=now)
    applicant_application(factories, status=0, submitted_at=now)  # other population
    body = assert_ok(_dashboard(client, headers, segment="KZ"))
    assert body["segment"] == "KZ" and body["documents_awaiting_confirmation"] == 1
    assert body["counts"] == {"users": 3, "scholarship": 0, "paid": 1, "awaiting": 1, "enrolled": 0, "archived": 1}
    assert body["submissions_per_day"][-1]["count"] == 3


def test_dashboard_access(client, factories):
    assert_envelope(client.get(f"{API}/admin/dashboard"), 401)
    assert_envelope(_dashboard(client, factories.auth_headers(factories.applicant())), 403)
    assert_envelope(_dashboard(client, staff(factories, FOREIGN_ADMIN), segment="KZ"), 403, "errors.forbidden")
    assert_envelope(_dashboard(client, staff(factories, KZ_ADMIN), segment="FOREIGN"), 403, "errors.forbidden")
    assert_envelope(_dashboard(client, staff(factories, KZ_ADMIN), segment="MARS"), 400)
    assert_ok(_dashboard(client, staff(factories, KZ_ADMIN), segment="kz"))


def test_campaigns(client, factories):
    now = datetime.now(UTC)
    old = factories.term(year=2023, opens_at=now - timedelta(days=800), closes_at=now - timedelta(days=700))
    current = factories.term(year=2024)
    upcoming = factories.term(year=2030, opens_at=now + timedelta(days=300), closes_at=now + timedelta(days=400))
    body = assert_ok(client.get(f"{API}/admin/campaigns", headers=staff(factories, KZ_ADMIN)))
    assert [(c["year"], c["is_current"]) for c in body["list"]] == [(2030, False), (2024, True), (2023, False)]
    assert body["total"] == 3
    assert_envelope(client.get(f"{API}/admin/campaigns"), 401)
    assert_envelope(client.get(f"{API}/admin/campaigns", headers=factories.auth_headers(factories.applicant())), 403)
    del old, current, upcoming
