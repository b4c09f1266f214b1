"""The state-grant list import with a preview from the staff Settings screen (issue 23, decision 0086): preview
categories and counts, apply (and the waiting applications moving on), past imports, undo, the optimistic check,
role checks, audit rows and localized refusals of bad files."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from sqlalchemy import select

from server.database import unit_of_work
from server.grants.imports import sweep_stale_previews
from server.models import (
    ROLE_FOREIGN_ADMIN,
    ROLE_KZ_ADMIN,
    AuditLog,
    GovGrantHolder,
    GovGrantImport,
    GovGrantImportRow,
    Term,
)
from server.models.base import utcnow

from ..helpers import assert_envelope, assert_ok
from .pkb_support import API
from .test_gov_grants import AHMETOV, IVANOV, SMAGULOVA, YEAR, holders, xlsx

pytestmark = pytest.mark.usefixtures("no_server_errors")

IMPORTS = f"{API}/admin/gov-grants/imports"
# A valid IIN nobody holds (check digit correct), for rows that match no application.
NOBODY = ["850101300124", "Серікұлы Ержан", "B001", "Государственный грант"]
LATECOMER_IIN = "920304400566"


@pytest.fixture
def staff(factories):
    return factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))


def preview(client, headers, data: bytes, year=YEAR, name="list-2096.xlsx", lang=None):
    form = {"file": (io.BytesIO(data), name)}
    if year is not None:
        form["year"] = str(year)
    query = f"?lang={lang}" if lang else ""
    return client.post(f"{IMPORTS}{query}", headers=headers, data=form, content_type="multipart/form-data")


def rows(client, headers, import_id, category=None, page=1, per_page=20, lang=None):
    params = {"page": page, "per_page": per_page}
    if category:
        params["category"] = category
    if lang:
        params["lang"] = lang
    response = client.get(f"{IMPORTS}/{import_id}/rows", headers=headers, query_string=params)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()


def waiting_citizen(factories, iin, year=YEAR, step=6):
    user = factories.applicant(kz=True)
    factories.bureau_data(user, iin=iin)
    term = factories.db.session.scalar(select(Term).where(Term.year == year)) or factories.term(year=year)
    return factories.application(user=user, term=term, current_step=step)


def step_of(db, application):
    db.session.expire_all()
    return db.session.get(type(application), application.id).current_step


def audits(db, action):
    db.session.expire_all()
    return list(db.session.scalars(select(AuditLog).where(AuditLog.action == action).order_by(AuditLog.id)))


# --------------------------------------------------------------------------------------------------- preview


def test_preview_sorts_rows_into_categories_and_changes_nothing(client, factories, staff, db):
    matched = waiting_citizen(factories, AHMETOV[0])
    bad_iin = ["123456789012", "Қате ИИН", "B001", "Грант"]
    missing_name = [IVANOV[0], "", "B044", "Грант акимата"]
    repeat = [AHMETOV[0], "Ахметов (повтор)", "B057", "Государственный грант"]

    body = assert_ok(preview(client, staff, xlsx([AHMETOV, NOBODY, bad_iin, missing_name, repeat])), 201)

    item = body["item"]
    assert item["status"] == "previewed" and item["year"] == YEAR and item["file_name"] == "list-2096.xlsx"
    assert item["counts"] == {
        "rows": 5,
        "matched": 1,
        "unmatched": 1,
        "duplicates": 1,
        "already_listed": 0,
        "errors": 2,
    }
    assert item["can_apply"] is False and item["can_undo"] is False
    assert holders(db) == {}  # nothing applied
    assert step_of(db, matched) == 6

    listed = rows(client, staff, item["id"], "matched")
    assert listed["total"] == 1
    assert listed["list"][0]["application_id"] == matched.id and listed["list"][0]["row_number"] == 2
    assert [r["iin"] for r in rows(client, staff, item["id"], "unmatched")["list"]] == [NOBODY[0]]
    duplicate = rows(client, staff, item["id"], "duplicate")["list"]
    assert [r["row_number"] for r in duplicate] == [6]
    assert len(duplicate[0]["errors"]) == 1 and "2" in duplicate[0]["errors"][0]
    errors = rows(client, staff, item["id"], "error", lang="en")["list"]
    assert [r["row_number"] for r in errors] == [4, 5]
    assert all(r["errors"] and r["errors"][0].startswith("Row ") for r in errors)
    assert rows(client, staff, item["id"])["total"] == 5

    (audit,) = audits(db, "gov_grants.preview")
    assert (audit.target_type, audit.target_id) == ("gov_grant_import", str(item["id"]))
    assert audit.details["matched"] == 1 and audit.details["errors"] == 2


def test_preview_marks_rows_already_on_the_list_and_pages_rows(client, staff, db):
    assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV, IVANOV])))
    item = assert_ok(preview(client, staff, xlsx([AHMETOV, SMAGULOVA, AHMETOV])), 201)["item"]

    # Row 2 is valid and already on the list; row 4 repeats it within the file: the tab lists both, once each.
    assert (item["counts"]["already_listed"], item["counts"]["duplicates"]) == (1, 1)
    duplicates = rows(client, staff, item["id"], "duplicate")
    assert [(r["row_number"], r["category"], r["already_listed"]) for r in duplicates["list"]] == [
        (2, "unmatched", True),
        (4, "duplicate", False),
    ]
    assert duplicates["total"] == item["counts"]["already_listed"] + item["counts"]["duplicates"]
    first = rows(client, staff, item["id"], per_page=1)
    second = rows(client, staff, item["id"], per_page=1, page=2)
    assert first["total"] == second["total"] == 3
    assert [first["list"][0]["iin"], second["list"][0]["iin"]] == [AHMETOV[0], SMAGULOVA[0]]


@pytest.mark.parametrize(
    ("data", "status", "key"),
    [
        (b"not a spreadsheet", 400, "gov_grants.unreadable_file"),
        (b"", 400, "gov_grants.empty_file"),
    ],
)
def test_bad_files_are_localized_400s(client, staff, db, data, status, key):
    body = assert_envelope(preview(client, staff, data, lang="kk"), status, key, lang="kk")
    assert body["message"] != key
    assert db.session.scalar(select(GovGrantImport)) is None


def test_missing_columns_and_bad_year_are_refused(client, staff):
    assert_envelope(preview(client, staff, xlsx([AHMETOV], headers=["ИИН"])), 422, "gov_grants.missing_columns")
    assert_envelope(preview(client, staff, xlsx([AHMETOV]), year=1900), 400)
    assert_envelope(preview(client, staff, xlsx([AHMETOV]), year=None), 400)


# ----------------------------------------------------------------------------------------------------- apply


def preview_and_apply(client, headers, data, year=YEAR):
    item = assert_ok(preview(client, headers, data, year=year), 201)["item"]
    return client.post(f"{IMPORTS}/{item['id']}/apply", headers=headers)


def test_apply_replaces_the_list_and_moves_waiting_applications_on(client, factories, staff, db):
    on_list = waiting_citizen(factories, AHMETOV[0])
    not_on_list = waiting_citizen(factories, IVANOV[0])
    other_year = waiting_citizen(factories, SMAGULOVA[0], year=YEAR - 1)
    not_yet = waiting_citizen(factories, LATECOMER_IIN, step=5)
    item = assert_ok(preview(client, staff, xlsx([AHMETOV, SMAGULOVA])), 201)["item"]
    assert item["can_apply"] is True

    applied = assert_ok(client.post(f"{IMPORTS}/{item['id']}/apply", headers=staff))["item"]

    assert applied["status"] == "applied" and applied["can_undo"] is True and applied["replaced"] == 0
    assert applied["applied_by"]["email"]
    assert set(holders(db)) == {AHMETOV[0], SMAGULOVA[0]}
    # The after-commit job recorded the results at once: awarded or not, both waiting applications moved on.
    assert step_of(db, on_list) == 7 and step_of(db, not_on_list) == 7
    assert step_of(db, other_year) == 6 and step_of(db, not_yet) == 5
    (audit,) = audits(db, "gov_grants.apply")
    assert audit.details["imported"] == 2 and audit.details["replaced"] == 0


def test_a_preview_with_errors_cannot_be_applied(client, staff, db):
    item = assert_ok(preview(client, staff, xlsx([AHMETOV, AHMETOV])), 201)["item"]
    assert_envelope(client.post(f"{IMPORTS}/{item['id']}/apply", headers=staff), 422, "gov_grant_imports.has_errors")
    assert holders(db) == {}


def test_applying_twice_or_after_the_list_changed_is_409(client, staff, db):
    first = assert_ok(preview(client, staff, xlsx([AHMETOV])), 201)["item"]
    second = assert_ok(preview(client, staff, xlsx([IVANOV])), 201)["item"]
    assert_ok(client.post(f"{IMPORTS}/{first['id']}/apply", headers=staff))

    assert_envelope(
        client.post(f"{IMPORTS}/{first['id']}/apply", headers=staff), 409, "gov_grant_imports.not_previewed"
    )
    stale = client.post(f"{IMPORTS}/{second['id']}/apply", headers=staff)
    assert_envelope(stale, 409, "gov_grant_imports.list_changed")
    assert set(holders(db)) == {AHMETOV[0]}
    # The screen knew it too.
    assert client.get(f"{IMPORTS}/{second['id']}", headers=staff).get_json()["item"]["can_apply"] is False


def test_another_years_import_does_not_make_a_preview_stale(client, staff, db):
    item = assert_ok(preview(client, staff, xlsx([AHMETOV])), 201)["item"]
    assert_ok(preview_and_apply(client, staff, xlsx([IVANOV]), year=YEAR - 1))
    assert_ok(client.post(f"{IMPORTS}/{item['id']}/apply", headers=staff))


def test_a_direct_import_counts_as_a_change_of_the_list(client, staff, db):
    item = assert_ok(preview(client, staff, xlsx([AHMETOV])), 201)["item"]
    form = {"file": (io.BytesIO(xlsx([IVANOV])), "direct.xlsx"), "year": str(YEAR)}
    assert_ok(
        client.post(f"{API}/admin/gov-grants/import", headers=staff, data=form, content_type="multipart/form-data")
    )
    assert_envelope(client.post(f"{IMPORTS}/{item['id']}/apply", headers=staff), 409, "gov_grant_imports.list_changed")
    history = client.get(IMPORTS, headers=staff).get_json()
    assert [(r["file_name"], r["status"]) for r in history["list"]] == [
        ("direct.xlsx", "applied"),
        ("list-2096.xlsx", "previewed"),
    ]


# ----------------------------------------------------------------------------------------------- past imports


def test_past_imports_are_paged_newest_first_and_filtered_by_year(client, staff):
    for data, year in ((xlsx([AHMETOV]), YEAR), (xlsx([IVANOV]), YEAR - 1), (xlsx([SMAGULOVA]), YEAR)):
        assert_ok(preview(client, staff, data, year=year), 201)

    page = client.get(IMPORTS, headers=staff, query_string={"per_page": 2}).get_json()
    assert page["total"] == 3 and len(page["list"]) == 2
    assert page["list"][0]["counts"]["rows"] == 1 and page["list"][0]["created_by"]["email"]
    only = client.get(IMPORTS, headers=staff, query_string={"year": YEAR - 1}).get_json()
    assert [r["year"] for r in only["list"]] == [YEAR - 1]


# ------------------------------------------------------------------------------------------------------ undo


def test_undo_puts_back_the_list_it_replaced(client, staff, db):
    assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV, IVANOV])))
    before = {iin: (h.full_name, h.imported_at) for iin, h in holders(db).items()}
    second = assert_ok(preview_and_apply(client, staff, xlsx([SMAGULOVA])))["item"]
    assert second["replaced"] == 2

    undone = assert_ok(client.post(f"{IMPORTS}/{second['id']}/undo", headers=staff))["item"]

    assert undone["status"] == "undone" and undone["undone_by"]["email"] and undone["can_undo"] is False
    assert {iin: (h.full_name, h.imported_at) for iin, h in holders(db).items()} == before
    (audit,) = audits(db, "gov_grants.undo")
    assert audit.details["removed"] == 1 and audit.details["restored"] == 2
    # The first import is the year's last applied one again: it can be undone too, leaving no list.
    history = client.get(IMPORTS, headers=staff).get_json()["list"]
    first = next(r for r in history if r["status"] == "applied")
    assert first["can_undo"] is True
    assert_ok(client.post(f"{IMPORTS}/{first['id']}/undo", headers=staff))
    assert holders(db) == {}


def test_only_the_last_applied_import_of_the_year_can_be_undone(client, staff, db):
    first = assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV])))["item"]
    assert_ok(preview_and_apply(client, staff, xlsx([IVANOV])))
    previewed = assert_ok(preview(client, staff, xlsx([SMAGULOVA])), 201)["item"]

    for import_id in (first["id"], previewed["id"]):
        response = client.post(f"{IMPORTS}/{import_id}/undo", headers=staff)
        assert_envelope(response, 409, "gov_grant_imports.not_last_applied")
    assert set(holders(db)) == {IVANOV[0]}


def test_undo_refuses_once_applications_moved_on_and_says_how_many(client, factories, staff, db):
    waiting_citizen(factories, AHMETOV[0])
    waiting_citizen(factories, IVANOV[0])
    applied = assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV])))["item"]

    body = assert_envelope(client.post(f"{IMPORTS}/{applied['id']}/undo?lang=en", headers=staff), 409)
    assert body["message_key"] == "gov_grant_imports.moved_on"
    assert "(2)" in body["message"]
    assert set(holders(db)) == {AHMETOV[0]}
    assert audits(db, "gov_grants.undo") == []


def test_unknown_import_is_404(client, staff):
    for path in ("/999999", "/999999/rows", "/0"):
        assert_envelope(client.get(f"{IMPORTS}{path}", headers=staff), 404, "gov_grant_imports.not_found")
    assert_envelope(client.post(f"{IMPORTS}/999999/apply", headers=staff), 404, "gov_grant_imports.not_found")
    assert_envelope(client.post(f"{IMPORTS}/999999/undo", headers=staff), 404, "gov_grant_imports.not_found")


@pytest.mark.parametrize("role", [ROLE_FOREIGN_ADMIN, None])
def test_only_the_citizens_admin_may_import(client, factories, staff, db, role):
    item = assert_ok(preview(client, staff, xlsx([AHMETOV])), 201)["item"]
    user = factories.admin(role=role) if role else factories.applicant(kz=True)
    other = factories.auth_headers(user)

    assert preview(client, other, xlsx([AHMETOV])).status_code == 403
    assert client.get(IMPORTS, headers=other).status_code == 403
    assert client.get(f"{IMPORTS}/{item['id']}/rows", headers=other).status_code == 403
    assert client.post(f"{IMPORTS}/{item['id']}/apply", headers=other).status_code == 403
    assert client.post(f"{IMPORTS}/{item['id']}/undo", headers=other).status_code == 403
    assert db.session.scalar(select(GovGrantHolder)) is None


def test_undo_restores_a_list_imported_before_imports_were_kept(client, staff, db):
    """A list already in the table when this revision came has no import record: the first import keeps it as the
    rows it replaced, so undoing that import brings it back."""
    with unit_of_work():
        db.session.add(
            GovGrantHolder(year=YEAR, iin=IVANOV[0], full_name=IVANOV[1], programme_group="B044", grant_kind=IVANOV[3])
        )
    applied = assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV])))["item"]
    assert applied["replaced"] == 1 and set(holders(db)) == {AHMETOV[0]}

    assert_ok(client.post(f"{IMPORTS}/{applied['id']}/undo", headers=staff))

    restored = holders(db)
    assert set(restored) == {IVANOV[0]} and restored[IVANOV[0]].full_name == IVANOV[1]


def test_an_application_without_a_bureau_iin_keeps_waiting_after_apply(client, factories, staff, db):
    user = factories.applicant(kz=True)
    term = db.session.scalar(select(Term).where(Term.year == YEAR)) or factories.term(year=YEAR)
    unconfirmed = factories.application(user=user, term=term, current_step=6)
    assert_ok(preview_and_apply(client, staff, xlsx([AHMETOV])))
    assert step_of(db, unconfirmed) == 6  # its own check answers 422 until the bureau confirms the IIN


def test_the_nightly_sweep_removes_only_stale_previews(client, staff, db):
    old_preview = assert_ok(preview(client, staff, xlsx([AHMETOV])), 201)["item"]
    applied = assert_ok(preview_and_apply(client, staff, xlsx([IVANOV])))["item"]
    fresh = assert_ok(preview(client, staff, xlsx([SMAGULOVA])), 201)["item"]
    with unit_of_work():
        for import_id in (old_preview["id"], applied["id"]):
            db.session.get(GovGrantImport, import_id).created_at = utcnow() - timedelta(days=31)

    assert sweep_stale_previews() == 1

    db.session.expire_all()
    assert db.session.get(GovGrantImport, old_preview["id"]) is None
    assert db.session.scalar(select(GovGrantImportRow).where(GovGrantImportRow.import_id == old_preview["id"])) is None
    assert {applied["id"], fresh["id"]} <= {r.id for r in db.session.scalars(select(GovGrantImport))}
