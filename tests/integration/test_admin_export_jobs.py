"""Background exports (issue 12 "Exports"; decision 0066): a queue above ADMIN_EXPORT_SYNC_MAX_ROWS is exported by
a job with progress, and the file it keeps is the synchronous export's file, row for row. In-process (no Redis)
the job runs on a thread of its own, so these tests poll its progress as the client does."""

from __future__ import annotations

import io
import re
import time
from datetime import timedelta

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from server.integrations.storage import get_storage
from server.jobs import wait_for_background_jobs
from server.models import AdminExport, AuditLog
from server.models.base import utcnow
from server.review import export as admin_export
from server.review import export_jobs as admin_export_jobs
from server.review import exports_dao

from ..helpers import assert_envelope
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, main_info, staff
from .test_admin_export import _saved

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.fixture
def small_limit(app, monkeypatch):
    """Exports of more than 2 rows go to the job; every test waits for its threads before the tables are emptied."""
    monkeypatch.setitem(app.config, "ADMIN_EXPORT_SYNC_MAX_ROWS", 2)
    yield 2
    assert wait_for_background_jobs(60)


def _start(client, headers, lang=None, **body):
    extra = {"Accept-Language": lang} if lang else {}
    return client.post(f"{API}/admin/exports", headers={**headers, **extra}, json=body)


def _poll(client, headers, export_id, lang=None, timeout=60.0) -> dict:
    extra = {"Accept-Language": lang} if lang else {}
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(f"{API}/admin/exports/{export_id}", headers={**headers, **extra})
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        body = response.get_json()
        if body["status"] in ("done", "failed") or time.monotonic() > deadline:
            return body
        time.sleep(0.1)


def _rows(data: bytes):
    workbook = load_workbook(io.BytesIO(data))
    return [list(row) for row in workbook.worksheets[0].iter_rows(values_only=True)]


def _filename(response) -> str:
    return re.fullmatch(r'attachment; filename="([^"]+)"', response.headers["Content-Disposition"]).group(1)


def test_a_large_queue_is_exported_by_a_job_with_the_same_file(app, client, factories, db, monkeypatch, small_limit):
    headers = staff(factories, FOREIGN_ADMIN)
    full, _ = _saved(client, factories, kz=False, status=0)  # every step answered: groups, options, documents
    for last in ("Ахметова", "Борисов", "Ванина", "Габдуллин"):
        applicant_application(factories, status=0, answers=main_info(False, last=last))
    applicant_application(factories, status=1)  # another queue
    query = {"isLocal": False, "queue": "applied", "sort": "student"}

    monkeypatch.setitem(app.config, "ADMIN_EXPORT_SYNC_MAX_ROWS", 100)
    sync = client.get(f"{API}/admin/export", headers=headers, query_string=query)
    assert sync.status_code == 200
    expected = _rows(sync.get_data())
    assert len(expected) == 1 + 5

    # Above the limit the synchronous export refuses at once and points to the job; the queue tells the limit.
    monkeypatch.setitem(app.config, "ADMIN_EXPORT_SYNC_MAX_ROWS", small_limit)
    assert_envelope(
        client.get(f"{API}/admin/export", headers=headers, query_string=query), 409, "admin.export_too_large"
    )
    listed = client.post(
        f"{API}/admin/applications", headers=headers, json={"applicationFilters": {"queue": "applied"}}
    ).get_json()
    assert listed["total"] == 5 and listed["export_sync_max_rows"] == small_limit

    # Progress is recorded after every batch (2 rows here instead of 500), each in its own transaction.
    monkeypatch.setattr(admin_export, "BATCH_SIZE", 2)
    recorded = []
    write_progress = exports_dao.write_progress
    monkeypatch.setattr(
        exports_dao, "write_progress", lambda export_id, done: (recorded.append(done), write_progress(export_id, done))
    )
    started = _start(client, headers, **query)
    assert started.status_code == 202, started.get_data(as_text=True)
    body = started.get_json()
    assert body["status"] in ("queued", "running", "done") and body["rows_total"] == 5

    done = _poll(client, headers, body["id"])
    assert done["status"] == "done", done
    assert done["rows_done"] == done["rows_total"] == 5 and done["error_key"] is None
    assert recorded == [2, 4, 5]
    assert re.fullmatch(r"foreign_students_\d{8}_\d{6}\.xlsx", done["file_name"])

    response = client.get(f"{API}/admin/exports/{body['id']}/file", headers=headers)
    assert response.status_code == 200
    assert response.mimetype == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert _filename(response) == done["file_name"]
    assert response.headers["Cache-Control"] == "private, no-store"
    assert _rows(response.get_data()) == expected  # same columns, same rows, same order
    assert full.id in [row[0] for row in expected[1:]]

    audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "applications.export")).all()
    background = [a for a in audit if a.details.get("background")]
    assert len(background) == 1 and background[0].details["export_id"] == body["id"]
    assert background[0].target_id == "foreign:applied" and background[0].details["filename"] == done["file_name"]


def test_citizens_export_job_and_its_language(client, factories, small_limit):
    headers = staff(factories, KZ_ADMIN)
    for _ in range(3):
        applicant_application(factories, kz=True, current_step=3)
    started = _start(client, headers, lang="en", isLocal=True, queue="paid")
    assert started.status_code == 202
    done = _poll(client, headers, started.get_json()["id"])
    assert done["status"] == "done" and done["rows_total"] == 3
    response = client.get(f"{API}/admin/exports/{done['id']}/file", headers=headers)
    assert re.fullmatch(r"student_\d{8}_\d{6}\.xlsx", _filename(response))
    rows = _rows(response.get_data())
    assert rows[0][:3] == ["Application no.", "Last name", "First name"] and len(rows) == 4
    assert "Upload code" in rows[0]


def test_only_the_admin_who_started_it_sees_it(client, factories, small_limit):
    owner = staff(factories, FOREIGN_ADMIN)
    applicant = applicant_application(factories, status=0)
    started = _start(client, owner, isLocal=False, queue="applied")
    export_id = started.get_json()["id"]
    assert _poll(client, owner, export_id)["status"] == "done"

    other_foreign = staff(factories, FOREIGN_ADMIN)
    citizens_admin = staff(factories, KZ_ADMIN)
    for headers in (other_foreign, citizens_admin):
        assert_envelope(client.get(f"{API}/admin/exports/{export_id}", headers=headers), 404, "admin.export_not_found")
        assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file", headers=headers), 404)
    assert_envelope(client.get(f"{API}/admin/exports/999999", headers=owner), 404)
    assert_envelope(client.get(f"{API}/admin/exports/99999999999", headers=owner), 404)
    applicant_headers = factories.auth_headers(applicant.user)
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}", headers=applicant_headers), 403)
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file", headers=applicant_headers), 403)
    assert_envelope(_start(client, applicant_headers, queue="applied"), 403)
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}"), 401)
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file"), 401)
    assert_envelope(client.post(f"{API}/admin/exports", json={"queue": "applied"}), 401)
    # The other population's queue: 403, as for the export itself.
    assert_envelope(_start(client, owner, isLocal=True, queue="paid"), 403)
    assert_envelope(_start(client, citizens_admin, isLocal=False, queue="applied"), 403)


def test_bad_parameters(client, factories, db, small_limit):
    headers = staff(factories, FOREIGN_ADMIN)
    assert_envelope(_start(client, headers, queue="paid"), 400, "admin.unknown_queue")
    assert_envelope(_start(client, headers, queue="applied", sort="password_hash"), 400)
    assert_envelope(_start(client, headers, queue="applied", fromDate="yesterday"), 400)
    assert_envelope(_start(client, headers, queue="applied", fromDate="2025-01-02", toDate="2025-01-01"), 400)
    assert_envelope(_start(client, headers, queue="applied", colour="red"), 400)  # a typo never widens the file
    assert_envelope(client.post(f"{API}/admin/exports", headers=headers, json=["applied"]), 400)
    assert db.session.scalar(select(AdminExport.id)) is None


def test_a_failed_job_is_reported_in_the_admins_language(client, factories, monkeypatch, small_limit):
    headers = staff(factories, FOREIGN_ADMIN)
    applicant_application(factories, status=0)

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(admin_export, "write_workbook", broken)
    export_id = _start(client, headers, queue="applied").get_json()["id"]
    failed = _poll(client, headers, export_id, lang="kk")
    assert failed["status"] == "failed" and failed["error_key"] == "admin.export_failed"
    assert failed["error"] == "Экспорт файлын дайындау мүмкін болмады. Қайталап көріңіз"
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file", headers=headers), 409, "admin.export_not_ready")


def test_a_job_that_stopped_moving_is_reported_interrupted(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    long_ago = utcnow() - timedelta(hours=1)
    row = AdminExport(
        actor_id=admin.id,
        population="foreign",
        params={"queue": "applied"},
        status="running",
        rows_done=500,
        rows_total=9000,
        file_name="foreign_students_20250101_000000.xlsx",
        created_at=long_ago,
        updated_at=long_ago,
    )
    db.session.add(row)
    db.session.commit()
    headers = factories.auth_headers(admin)
    assert_envelope(client.get(f"{API}/admin/exports/{row.id}/file", headers=headers), 409, "admin.export_not_ready")
    body = client.get(f"{API}/admin/exports/{row.id}", headers=headers).get_json()
    assert body["status"] == "failed" and body["error_key"] == "admin.export_interrupted"
    admin_export_jobs.run(row.id)  # a late job does not bring a failed export back
    db.session.expire_all()
    assert db.session.get(AdminExport, row.id).status == "failed"


def test_files_are_removed_after_the_retention(app, client, factories, db, small_limit):
    headers = staff(factories, FOREIGN_ADMIN)
    applicant_application(factories, status=0)
    export_id = _start(client, headers, queue="applied").get_json()["id"]
    assert _poll(client, headers, export_id)["status"] == "done"
    row = db.session.get(AdminExport, export_id)
    key = row.storage_key
    get_storage().open(key).close()  # the file is in the storage
    row.created_at = utcnow() - timedelta(hours=25)
    db.session.commit()
    assert_envelope(client.get(f"{API}/admin/exports/{export_id}/file", headers=headers), 404)  # expired at once

    app.extensions["celery"].tasks["housekeeping.purge_admin_exports"].delay()

    db.session.expire_all()
    assert db.session.get(AdminExport, export_id) is None
    with pytest.raises(FileNotFoundError):
        get_storage().open(key)


def test_the_request_answers_before_the_job_is_done(client, factories, monkeypatch, small_limit):
    """Without Redis the job runs on a thread of its own: the POST does not wait for the file (make start)."""
    import threading

    headers = staff(factories, FOREIGN_ADMIN)
    applicant_application(factories, status=0)
    release = threading.Event()
    write_workbook = admin_export.write_workbook

    def held(*args, **kwargs):
        assert release.wait(30)
        return write_workbook(*args, **kwargs)

    monkeypatch.setattr(admin_export, "write_workbook", held)
    started = _start(client, headers, queue="applied")
    try:
        assert started.status_code == 202 and started.get_json()["status"] in ("queued", "running")
        body = client.get(f"{API}/admin/exports/{started.get_json()['id']}", headers=headers).get_json()
        assert body["status"] in ("queued", "running") and body["finished_at"] is None
    finally:
        release.set()
    assert _poll(client, headers, started.get_json()["id"])["status"] == "done"


def _export_row(db, admin, *, population="foreign", queue="applied", status="done", age=timedelta(0), **values):
    moment = utcnow() - age
    row = AdminExport(
        actor_id=admin.id,
        population=population,
        params={"queue": queue},
        status=status,
        rows_done=values.pop("rows_done", 10),
        rows_total=values.pop("rows_total", 10),
        file_name=values.pop("file_name", f"{population}_{queue}.xlsx"),
        created_at=moment,
        updated_at=values.pop("updated_at", moment),
        **values,
    )
    db.session.add(row)
    db.session.commit()
    return row


def _recent(client, headers, segment=None, lang=None):
    extra = {"Accept-Language": lang} if lang else {}
    query = f"?segment={segment}" if segment else ""
    return client.get(f"{API}/admin/exports{query}", headers={**headers, **extra})


def test_the_admins_recent_exports_are_listed_newest_first(client, factories, db, small_limit):
    """An export started before a reload, or on another queue page, can still be followed and downloaded."""
    headers = staff(factories, FOREIGN_ADMIN)
    for _ in range(3):
        applicant_application(factories, status=0)
    first = _start(client, headers, queue="applied").get_json()["id"]
    assert _poll(client, headers, first)["status"] == "done"
    second = _start(client, headers, queue="users").get_json()["id"]
    assert _poll(client, headers, second)["status"] == "done"

    answer = _recent(client, headers, segment="FOREIGN")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    listed = answer.get_json()["list"]
    assert [item["id"] for item in listed] == [second, first]
    assert [item["queue"] for item in listed] == ["users", "applied"]
    assert listed[1]["status"] == "done" and listed[1]["rows_total"] == 3
    assert re.fullmatch(r"foreign_students_\d{8}_\d{6}\.xlsx", listed[1]["file_name"])
    assert "success" not in listed[0]
    assert answer.get_json()["retention_hours"] == 24
    # Without a segment: the caller's own population.
    assert [item["id"] for item in _recent(client, headers).get_json()["list"]] == [second, first]
    # Each listed file downloads as before.
    assert client.get(f"{API}/admin/exports/{first}/file", headers=headers).status_code == 200


def test_recent_exports_are_only_the_callers_own_kept_ones(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    mine = _export_row(db, admin)
    _export_row(db, admin, age=timedelta(hours=25))  # past the retention: as gone as a purged one
    other = factories.admin(role=FOREIGN_ADMIN)
    _export_row(db, other)
    headers = factories.auth_headers(admin)
    assert [item["id"] for item in _recent(client, headers, "FOREIGN").get_json()["list"]] == [mine.id]
    assert mine.id not in [
        item["id"] for item in _recent(client, factories.auth_headers(other), "FOREIGN").get_json()["list"]
    ]

    # The other population: 403 for an admin without its role; the citizens' list of one who has both roles holds
    # only the citizens' exports.
    assert_envelope(_recent(client, headers, "KZ"), 403)
    factories.admin(role=FOREIGN_ADMIN, email="both@example.com")
    both = factories.admin(role=KZ_ADMIN, email="both@example.com")  # the second role added to the same account
    kz = _export_row(db, both, population="kz", queue="paid")
    _export_row(db, both, population="foreign", queue="applied")
    listed = _recent(client, factories.auth_headers(both), "KZ").get_json()["list"]
    assert [item["id"] for item in listed] == [kz.id]
    assert_envelope(_recent(client, headers, "MARS"), 400)
    applicant = applicant_application(factories, status=0)
    assert_envelope(_recent(client, factories.auth_headers(applicant.user)), 403)
    assert_envelope(client.get(f"{API}/admin/exports"), 401)


def test_at_most_twenty_exports_are_listed(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    rows = [_export_row(db, admin, age=timedelta(minutes=30 - n)) for n in range(admin_export_jobs.RECENT_LIMIT + 3)]
    listed = _recent(client, factories.auth_headers(admin), "FOREIGN").get_json()["list"]
    assert [item["id"] for item in listed] == [row.id for row in reversed(rows)][: admin_export_jobs.RECENT_LIMIT]


def test_a_listed_export_whose_job_stopped_is_reported_interrupted(client, factories, db):
    admin = factories.admin(role=FOREIGN_ADMIN)
    stale = _export_row(
        db, admin, status="running", age=timedelta(hours=1), rows_done=500, rows_total=9000, file_name="stale.xlsx"
    )
    live = _export_row(db, admin, status="running", rows_done=10, rows_total=9000, file_name="live.xlsx")
    listed = _recent(client, factories.auth_headers(admin), "FOREIGN", lang="en").get_json()["list"]
    by_id = {item["id"]: item for item in listed}
    assert by_id[stale.id]["status"] == "failed" and by_id[stale.id]["error_key"] == "admin.export_interrupted"
    assert by_id[stale.id]["error"]
    assert by_id[live.id]["status"] == "running" and by_id[live.id]["rows_done"] == 10
    db.session.expire_all()
    assert db.session.get(AdminExport, stale.id).status == "failed"
