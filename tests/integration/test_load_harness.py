"""The deadline-day load test's harness cannot rot unnoticed (issue 25; decision 0082 "Deadline-day load test:
method"): scripts/load/locustfile.py imports without Locust, and the integrity audit (scripts/load/audit.py) passes
on a consistent world and names each kind of loss it exists to catch: a lost autosave, a file row whose object is
gone, an object no row names, a submission that did not stick, a stage move undone, a mail lost or sent twice.
Runs on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and the test app's file:// storage."""

from __future__ import annotations

import secrets
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from server.integrations.storage import storage_from_url
from server.models import ApplicationMessage, StoredFile

LOAD_DIR = Path(__file__).resolve().parents[2] / "scripts" / "load"
sys.path.insert(0, str(LOAD_DIR))
import audit as load_audit  # noqa: E402
import locustfile  # noqa: E402

FORM, FIELD = locustfile.AUTOSAVE_FIELD[False]
DOCS, DOC_FIELD = locustfile.UPLOAD_FIELDS[0]


def test_the_locustfile_imports_without_locust_and_builds_the_requests():
    assert not hasattr(locustfile, "Applicant")  # the user classes exist only when Locust loads the file
    addresses = {locustfile.source_address(i) for i in range(70_000)}
    assert len(addresses) == 70_000 and "127.0.0.1" not in addresses
    fields = locustfile.bulk_fields(7, {FORM: {FIELD: "ул. Абая 1"}}, submit=True)
    assert fields["hidden_application_id"] == "7" and fields["is_submit"] == "true"
    assert '"ул. Абая 1"' in fields[f"form___{FORM}___data_stringified"]
    items = [{"type": DOCS, "data": {DOC_FIELD: {"id": "abc"}}}]
    assert locustfile.file_ids(items, DOCS, DOC_FIELD) == ["abc"]
    assert locustfile.shed_properly(429, {"Retry-After": "3"}) is True
    assert locustfile.shed_properly(503, {}) is False and locustfile.shed_properly(500, {}) is None
    tally = locustfile.StatusTally()
    for status, headers in ((200, {}), (429, {"Retry-After": "1"}), (503, {}), (500, {})):
        tally.add("x", status, headers)
    summary = tally.as_dict()
    assert (summary["server_errors"], summary["status_500"]) == (2, 1)
    assert (summary["shed_with_retry_after"], summary["shed_without_retry_after"]) == (1, 1)
    first, second = locustfile.unique_pdf("a"), locustfile.unique_pdf("b")
    assert first.startswith(b"%PDF-") and first != second


@pytest.fixture
def world(db, factories, tmp_path):
    """An applicant's autosave, upload, submission, stage move and message, as the server would have stored them,
    and the journal and mailbox that acknowledged them."""
    applicant = factories.applicant()
    application = factories.application(user=applicant, status=None)
    # A storage of its own: the suite's shared file store holds other tests' objects, whose rows are gone.
    storage = storage_from_url(f"file://{tmp_path / 'files'}")
    content = locustfile.unique_pdf("world")
    key = storage.save(content, prefix="documents", extension="pdf")
    file_id = secrets.token_hex(16)
    db.session.add(
        StoredFile(
            id=file_id,
            owner_id=applicant.id,
            uploaded_by_id=applicant.id,
            application_id=application.id,
            form_key=DOCS,
            field=DOC_FIELD,
            kind="document",
            storage_key=key,
            original_name="passport.pdf",
            content_type="application/pdf",
            size=len(content),
            sha256=locustfile.sha256(content),
        )
    )
    factories.user_data(application, FORM, {FIELD: "ул. Абая 2"})
    factories.user_data(application, DOCS, {DOC_FIELD: {"id": file_id, "name": "passport.pdf"}})
    moved = factories.application(user=factories.applicant(), status=1)
    admin = factories.admin()
    db.session.add(ApplicationMessage(application_id=moved.id, author_id=admin.id, content="Текст [load-0123456789ab]"))
    application.submitted_at = datetime.now(UTC)
    db.session.commit()

    journal_path = tmp_path / "journal.jsonl"
    journal = locustfile.Journal(journal_path)
    journal.write("baseline", "start", submitted=0)
    save = {"application_id": application.id, "form_key": FORM, "field": FIELD}
    journal.write("autosave", "attempt", value="ул. Абая 1", **save)
    journal.write("autosave", "ack", value="ул. Абая 1", **save)
    journal.write("autosave", "attempt", value="ул. Абая 2", **save)  # not acknowledged, yet it landed: fine
    upload = {"application_id": application.id, "form_key": DOCS, "field": DOC_FIELD}
    journal.write("upload", "attempt", sha256=locustfile.sha256(content), **upload)
    journal.write("upload", "ack", sha256=locustfile.sha256(content), file_ids=[file_id], **upload)
    journal.write("submit", "attempt", application_id=application.id)
    journal.write("submit", "ack", application_id=application.id)
    journal.write("stage-move", "ack", application_id=moved.id, user_id=moved.user_id, status=1)
    journal.write("message", "ack", application_id=moved.id, user_id=moved.user_id, marker="load-0123456789ab")
    journal.close()
    mailbox = [{"to": [moved.user.email], "subject": "Сообщение", "body": "Текст [load-0123456789ab]"}]
    return {
        "journal": journal_path,
        "mailbox": mailbox,
        "storage": storage,
        "application": application,
        "moved": moved,
        "key": key,
    }


def _audit(db, world, **overrides):
    kwargs = {"storage": world["storage"], "mailbox": world["mailbox"], **overrides}
    return {check.name: check for check in load_audit.audit(db, world["journal"], **kwargs).checks}


def _failed(checks) -> dict[str, list[str]]:
    return {name: check.problems for name, check in checks.items() if not check.ok}


def test_the_audit_passes_on_a_consistent_world(db, world):
    result = load_audit.audit(db, world["journal"], storage=world["storage"], mailbox=world["mailbox"])
    assert result.ok, result.markdown()
    checked = {check.name: check.checked for check in result.checks}
    assert checked["every acknowledged autosave reads back"] == 1
    assert checked["every acknowledged upload reads back"] == 1
    assert checked["submitted counts match"] == 1
    assert checked["every acknowledged stage move holds"] == 1
    assert checked["messages stored once, each mail delivered exactly once (no lost job)"] == 1
    assert checked["no orphan file (rows vs storage objects)"] == 1
    assert "| every acknowledged autosave reads back | 1 | ok |" in result.markdown()


def test_the_audit_names_every_kind_of_loss(db, factories, world):
    from server.models import UserData

    row = db.session.query(UserData).filter_by(application_id=world["application"].id, type=FORM).one()
    row.data = {FIELD: "ул. Сатпаева 9"}  # neither acknowledged nor attempted: a lost save
    world["application"].submitted_at = None
    world["moved"].status = 0
    db.session.commit()
    world["storage"].delete(world["key"])  # the row now points at a missing object
    world["storage"].save(b"%PDF-1.4 stray", prefix="documents", extension="pdf")  # an object no row names
    twice = world["mailbox"] * 2  # a mail sent twice (a job run again after a restart)

    failed = _failed(_audit(db, world, mailbox=twice))

    assert "stored 'ул. Сатпаева 9'" in failed["every acknowledged autosave reads back"][0]
    assert any("object missing" in p for p in failed["every acknowledged upload reads back"])
    assert any("not submitted" in p for p in failed["submitted counts match"])
    assert "status 0, acknowledged 1" in failed["every acknowledged stage move holds"][0]
    assert "2 mails delivered" in failed["messages stored once, each mail delivered exactly once (no lost job)"][0]
    problems = failed["no orphan file (rows vs storage objects)"]
    assert any("missing" in p for p in problems) and any("no row names it" in p for p in problems)
    assert "0 mails delivered" in str(_failed(_audit(db, world, mailbox=[])))  # a lost job


def test_after_a_fault_stray_objects_are_left_to_the_sweep(db, world):
    world["storage"].save(b"%PDF-1.4 interrupted", prefix="documents", extension="pdf")
    checks = _audit(db, world, after_fault=True)
    files = checks["no orphan file (rows vs storage objects)"]
    assert files.ok and "left for the orphan sweep" in files.notes[0]
    assert not _audit(db, world)["no orphan file (rows vs storage objects)"].ok


def test_the_journal_survives_a_cut_line(tmp_path):
    path = tmp_path / "journal.jsonl"
    journal = locustfile.Journal(path)
    journal.write("autosave", "attempt", application_id=1, value="x")
    journal.close()
    with open(path, "a") as handle:
        handle.write('{"kind": "autosave", "pha')  # a generator killed mid-line
    assert [e["value"] for e in locustfile.read_journal(path)] == ["x"]
    assert locustfile.done_submissions([{"kind": "submit", "application_id": 5}]) == {5}


def test_the_pool_hands_out_each_submission_and_payment_once():
    data = {
        "applicants": [
            {"email": "a@x.kz", "application_id": 1, "payer": True},
            {"email": "b@x.kz", "application_id": 2},
        ],
        "submitters": [{"email": "s@x.kz", "application_id": 3}, {"email": "t@x.kz", "application_id": 4}],
    }
    pool = locustfile.Pool(data, done_submissions={4})  # submitted in an earlier stage
    assert [pool.next_applicant(submit_share=1.0)["application_id"] for _ in range(2)] == [3, 1]  # then the payer
    assert pool.next_applicant(submit_share=0.0, pay_share=1.0)["application_id"] in (1, 2)  # payers used up
    assert len({pool.next_address() for _ in range(500)}) == 500


def test_the_audit_waits_for_late_mail_but_not_for_ever(tmp_path):
    """A mail delivered late (a busy worker after a Redis restart) is not a lost job: run.py waits for every
    acknowledged message's mail before the audit, up to a limit, and then audits what arrived."""
    import importlib.util
    import json
    import time
    from types import SimpleNamespace

    # By its path: another folder on sys.path (scripts/topology) has a run.py of its own.
    spec = importlib.util.spec_from_file_location("load_run", LOAD_DIR / "run.py")
    load_run = importlib.util.module_from_spec(spec)
    sys.modules["load_run"] = load_run  # its dataclasses look their module up there
    spec.loader.exec_module(load_run)

    journal = tmp_path / "journal.jsonl"
    entries = [
        {"kind": "message", "phase": "ack", "marker": "load-aaaaaaaaaaaa"},
        {"kind": "message", "phase": "attempt", "marker": "load-bbbbbbbbbbbb"},  # never acknowledged: not waited for
    ]
    journal.write_text("".join(json.dumps(e) + "\n" for e in entries))

    def mail(marker):
        return SimpleNamespace(rcpt_tos=["a@example.com"], subject="s", body=f"text [{marker}]")

    started = time.monotonic()
    assert len(load_run.wait_for_acknowledged_mail(journal, [mail("load-aaaaaaaaaaaa")], limit=30)) == 1
    assert time.monotonic() - started < 5  # everything there: no wait

    started = time.monotonic()
    assert load_run.wait_for_acknowledged_mail(journal, [], limit=0.5) == []  # still missing: audited after the limit
    assert 0.5 <= time.monotonic() - started < 10
