"""Shared helpers of the admin review tests (no tests here): staff accounts, applicants with answers, calls."""

from __future__ import annotations

from datetime import UTC, datetime

from server.applications import summary as application_summary
from server.extensions import db

API = "/api/v1"
FOREIGN_ADMIN = "Админ"
KZ_ADMIN = "Админ (граждане КЗ)"


def staff(factories, role: str = FOREIGN_ADMIN) -> dict:
    return factories.auth_headers(factories.admin(role=role))


def main_info(kz: bool, last="Иванов", first="Иван", middle=None, phone="+77011234567", iin=None, **extra) -> dict:
    data = {"last_name": last, "first_name": first, "phone_number": phone, **extra}
    if middle:
        data["middle_name"] = middle
    if kz:
        data["iin"] = iin or "900101300017"
    return {("fillStepMainInfoLocal" if kz else "fillStepMainInfo"): data}


def applicant_application(
    factories,
    *,
    kz: bool = False,
    answers: dict | None = None,
    user=None,
    email: str | None = None,
    citizenship=None,
    submitted_at: datetime | None = None,
    bureau: bool = True,
    **application_fields,
):
    """An applicant with one application and its answers; the summary is built by the same code a save runs. A new
    citizen has passed the credit-bureau step (every citizen transition needs it, issue 22) unless bureau=False."""
    if user is None:
        user = factories.applicant(kz=kz, citizenship=citizenship, **({"email": email} if email else {}))
        if kz and bureau:
            factories.bureau_data(user)
    if submitted_at is None and application_fields.get("status") is not None:
        submitted_at = datetime.now(UTC)
    application = factories.application(user=user, submitted_at=submitted_at, **application_fields)
    answers = answers if answers is not None else main_info(kz)
    for form_key, data in answers.items():
        factories.user_data(application, form_key, data)
    application_summary.refresh(application, answers, owner=user)
    db.session.commit()
    return application


def queue(client, headers, queue_key=None, *, is_local=None, **body):
    if queue_key is not None:
        body.setdefault("applicationFilters", {})["queue"] = queue_key
    if is_local is not None:
        body["isLocal"] = is_local
    return client.post(f"{API}/admin/applications", headers=headers, json=body)


def ids_of(response) -> list:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return [row["id"] for row in response.get_json()["list"]]
