"""The integrity audit of the deadline-day load test (issue 25): run after every run and after every fault.

It reads the journal that scripts/load/locustfile.py wrote (an "attempt" line before each write, an "ack" line after
the server's 200) and checks the database, the storage and the mail the worker delivered:

- every acknowledged autosave reads back: the stored answer is the last acknowledged value, or the value of an
  attempt made after it (an unacknowledged write may or may not have landed, never anything else);
- every acknowledged upload reads back: its file row exists, the object is in the storage with the row's size, and
  the answer names the file (unless a later upload of the same field replaced it);
- every acknowledged submission is submitted, and the number of submitted applications grew by at least the
  acknowledged submissions and at most the attempted ones;
- every acknowledged stage move (applied -> accepted) holds;
- every acknowledged staff message is stored once and its mail was delivered exactly once (no lost job, no mail sent
  twice after a Redis or worker restart); an unacknowledged one at most once;
- no duplicate payment (two paid, unflagged payments for one purpose), no overbooked room (active bookings plus
  external reservations above the room type's capacity);
- no orphan file: no file row whose object is missing (the bench seed's metadata-only rows, storage key "bench/...",
  excepted), and no object that no row names (after a fault, objects of interrupted uploads are reported as left
  for the orphan sweep instead).

    .venv/bin/python scripts/load/audit.py --journal J --database-url postgresql://... [--storage-url s3://...]
        [--mailbox mailbox.jsonl]

`audit()` is the same check in a Flask app context (tests/unit/test_load_harness.py runs it on SQLite).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from locustfile import read_journal  # noqa: E402  (scripts/load/locustfile.py: imports without Locust)

SEEDED_KEY_PREFIX = "bench/"  # scripts/bench/seed_applicants.py: file rows without objects
MAX_LISTED = 10


@dataclass
class Check:
    name: str
    checked: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def fail(self, text: str) -> None:
        self.problems.append(text)


@dataclass
class AuditResult:
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    def markdown(self) -> str:
        lines = ["| check | items | result |", "| --- | ---: | --- |"]
        for check in self.checks:
            shown = check.problems[:MAX_LISTED]
            more = f" (+{len(check.problems) - MAX_LISTED} more)" if len(check.problems) > MAX_LISTED else ""
            result = "ok" if check.ok else "FAILED: " + "; ".join(shown) + more
            if check.notes:
                result += " (" + "; ".join(check.notes) + ")"
            lines.append(f"| {check.name} | {check.checked} | {result} |")
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "ok": self.ok,
            "checks": [
                {"name": c.name, "checked": c.checked, "ok": c.ok, "problems": c.problems, "notes": c.notes}
                for c in self.checks
            ],
        }


def _by_key(entries: list[dict], kind: str, key_fields: tuple[str, ...]) -> dict[tuple, list[dict]]:
    grouped: dict[tuple, list[dict]] = {}
    for entry in entries:
        if entry.get("kind") == kind:
            grouped.setdefault(tuple(entry.get(f) for f in key_fields), []).append(entry)
    return grouped


def _acceptable(history: list[dict], value_of) -> tuple[object, list] | None:
    """For one key's journal lines in order: (the last acknowledged value, the values the store may hold instead:
    those of attempts after that acknowledgement). None when nothing was acknowledged."""
    last_ack = None
    for index, entry in enumerate(history):
        if entry["phase"] == "ack":
            last_ack = index
    if last_ack is None:
        return None
    later = [value_of(e) for e in history[last_ack + 1 :] if e["phase"] == "attempt"]
    return value_of(history[last_ack]), later


def _answers(db, application_id: int, form_key: str) -> dict:
    from sqlalchemy import select

    from server.models import UserData

    row = db.session.scalars(
        select(UserData).where(UserData.application_id == application_id, UserData.type == form_key)
    ).first()
    return dict(row.data or {}) if row is not None else {}


def check_autosaves(db, entries: list[dict]) -> Check:
    check = Check("every acknowledged autosave reads back")
    for (application_id, form_key, field_name), history in _by_key(
        entries, "autosave", ("application_id", "form_key", "field")
    ).items():
        expected = _acceptable(history, lambda e: e["value"])
        if expected is None:
            continue
        check.checked += 1
        value, later = expected
        stored = _answers(db, application_id, form_key).get(field_name)
        if stored != value and stored not in later:
            check.fail(
                f"application {application_id} {form_key}.{field_name}: stored {stored!r}, acknowledged {value!r}"
            )
    return check


def _file_ids_in(value) -> set[str]:
    values = value if isinstance(value, list) else [value]
    return {v["id"] for v in values if isinstance(v, dict) and v.get("id")}


def check_uploads(db, entries: list[dict], storage) -> Check:
    from server.models import StoredFile

    check = Check("every acknowledged upload reads back")
    for (application_id, form_key, field_name), history in _by_key(
        entries, "upload", ("application_id", "form_key", "field")
    ).items():
        acks = [index for index, entry in enumerate(history) if entry["phase"] == "ack"]
        if not acks:
            continue
        last = history[acks[-1]]
        check.checked += 1
        if not last.get("file_ids"):
            check.fail(f"application {application_id} {form_key}.{field_name}: the answer named no file")
            continue
        named = _file_ids_in(_answers(db, application_id, form_key).get(field_name))
        replaced_later = any(e["phase"] == "attempt" for e in history[acks[-1] + 1 :])
        for file_id in last["file_ids"]:
            row = db.session.get(StoredFile, file_id)
            if row is None:
                if not replaced_later:
                    check.fail(f"file {file_id} (application {application_id}): no row")
                continue
            if file_id not in named and not replaced_later:
                check.fail(f"file {file_id}: the answer of application {application_id} does not name it")
            if row.sha256 != last["sha256"]:
                check.fail(f"file {file_id}: checksum {row.sha256[:12]} is not the uploaded {last['sha256'][:12]}")
            info = storage.info(row.storage_key) if storage is not None else None
            if storage is not None and (info is None or info.size != row.size):
                check.fail(f"file {file_id}: object {'missing' if info is None else 'of another size'}")
    return check


def check_submissions(db, entries: list[dict]) -> Check:
    from sqlalchemy import func, select

    from server.models import Application

    check = Check("submitted counts match")
    attempted = {e["application_id"] for e in entries if e.get("kind") == "submit" and e["phase"] == "attempt"}
    acked = {e["application_id"] for e in entries if e.get("kind") == "submit" and e["phase"] == "ack"}
    check.checked = len(acked)
    for application_id in sorted(acked):
        application = db.session.get(Application, application_id)
        if application is None or application.submitted_at is None:
            check.fail(f"application {application_id}: acknowledged as submitted, not submitted")
    baselines = [e for e in entries if e.get("kind") == "baseline"]
    if baselines:
        now = db.session.scalar(
            select(func.count()).select_from(Application).where(Application.submitted_at.isnot(None))
        )
        grew = now - baselines[0]["submitted"]
        check.notes.append(f"{grew} newly submitted, {len(acked)} acknowledged, {len(attempted)} attempted")
        if not len(acked) <= grew <= len(attempted):
            check.fail(f"{grew} applications newly submitted; acknowledged {len(acked)}, attempted {len(attempted)}")
    return check


def check_stage_moves(db, entries: list[dict]) -> Check:
    from server.models import Application

    check = Check("every acknowledged stage move holds")
    for (application_id,), history in _by_key(entries, "stage-move", ("application_id",)).items():
        acks = [e for e in history if e["phase"] == "ack"]
        if not acks:
            continue
        check.checked += 1
        application = db.session.get(Application, application_id)
        if application is None or application.status != acks[-1]["status"]:
            status = None if application is None else application.status
            check.fail(f"application {application_id}: status {status}, acknowledged {acks[-1]['status']}")
    return check


def check_messages(db, entries: list[dict], mailbox: list[dict] | None) -> Check:
    from sqlalchemy import func, select

    from server.models import ApplicationMessage

    check = Check("messages stored once, each mail delivered exactly once (no lost job)")
    delivered: dict[str, int] = {}
    if mailbox is not None:
        for mail in mailbox:
            for marker in {m for m in mail_markers(mail.get("body", ""))}:
                delivered[marker] = delivered.get(marker, 0) + 1
    for (marker,), history in _by_key(entries, "message", ("marker",)).items():
        acked = any(e["phase"] == "ack" for e in history)
        stored = db.session.scalar(
            select(func.count()).select_from(ApplicationMessage).where(ApplicationMessage.content.contains(marker))
        )
        mails = delivered.get(marker, 0)
        if acked:
            check.checked += 1
            if stored != 1:
                check.fail(f"message {marker}: {stored} rows")
            if mailbox is not None and mails != 1:
                check.fail(f"message {marker}: {mails} mails delivered")
        else:
            if stored > 1:
                check.fail(f"unacknowledged message {marker}: {stored} rows")
            if mails > 1:
                check.fail(f"unacknowledged message {marker}: {mails} mails")
            if mailbox is not None and stored == 1 and mails != 1:
                check.fail(f"unacknowledged message {marker}: stored but {mails} mails")
    if mailbox is None:
        check.notes.append("no mailbox given: mail not checked")
    return check


def mail_markers(body: str) -> list[str]:
    """The load test's message markers in a mail's body (run.py waits for them before the audit)."""
    import re

    return re.findall(r"\[(load-[0-9a-f]{12})\]", body)


def check_payments(db, entries: list[dict]) -> Check:
    from sqlalchemy import func, select

    from server.models import Payment
    from server.models.payment import PAYMENT_PAID

    check = Check("acknowledged payments paid once, no duplicate payment")
    for (payment_id,), history in _by_key(entries, "payment", ("payment_id",)).items():
        if any(not e.get("reused", True) for e in history):
            check.fail(f"payment {payment_id}: a second click started another payment")
        if any(e["phase"] == "ack" for e in history):
            payment = db.session.get(Payment, payment_id)
            if payment is None or payment.status != PAYMENT_PAID:
                check.fail(f"payment {payment_id}: acknowledged as paid, {payment and payment.status}")
    rows = db.session.execute(
        select(Payment.purpose, Payment.application_id, Payment.purpose_ref_id, func.count())
        .where(Payment.status == PAYMENT_PAID, Payment.flagged.is_(False))
        .group_by(Payment.purpose, Payment.application_id, Payment.purpose_ref_id)
    ).all()
    check.checked = len(rows)  # paid (purpose, application, ref) groups
    for purpose, application_id, ref, count in rows:
        if count > 1:
            check.fail(f"{count} paid payments for {purpose} of application {application_id} (ref {ref})")
    return check


def check_rooms(db) -> Check:
    from sqlalchemy import func, select

    from server.models import DormBooking, RoomType, SectionRoom
    from server.models.dorm_booking import ACTIVE_BOOKING_STATUSES

    check = Check("no overbooked room")
    active = (
        select(DormBooking.room_id, func.count().label("n"))
        .where(DormBooking.status.in_(ACTIVE_BOOKING_STATUSES))
        .group_by(DormBooking.room_id)
        .subquery()
    )
    rows = db.session.execute(
        select(SectionRoom.id, RoomType.capacity, SectionRoom.external_reserved_places, func.coalesce(active.c.n, 0))
        .join(RoomType, RoomType.id == SectionRoom.room_type_id)
        .outerjoin(active, active.c.room_id == SectionRoom.id)
    ).all()
    check.checked = len(rows)
    for room_id, capacity, external, booked in rows:
        if booked + (external or 0) > capacity:
            check.fail(f"room {room_id}: {booked} bookings + {external} reserved > capacity {capacity}")
    return check


def check_files(db, storage, *, after_fault: bool = False) -> Check:
    from sqlalchemy import select

    from server.models import StoredFile

    check = Check("no orphan file (rows vs storage objects)")
    if storage is None:
        check.notes.append("no storage given: objects not checked")
        return check
    objects = {info.key: info for info in storage.list()}
    rows = db.session.execute(
        select(StoredFile.id, StoredFile.storage_key, StoredFile.size).where(
            ~StoredFile.storage_key.startswith(SEEDED_KEY_PREFIX)
        )
    ).all()
    check.checked = len(rows)
    for file_id, key, size in rows:
        info = objects.get(key)
        if info is None:
            check.fail(f"file {file_id}: object {key} missing")
        elif info.size != size:
            check.fail(f"file {file_id}: object of {info.size} bytes, row says {size}")
    named: set[str] = set()
    for table in db.metadata.sorted_tables:  # every column named storage_key names an object (jobs/storage_sweep)
        if "storage_key" in table.c:
            named.update(k for k in db.session.scalars(select(table.c.storage_key)) if k)
    orphans = sorted(set(objects) - named)
    if orphans and after_fault:
        check.notes.append(f"{len(orphans)} object(s) of interrupted writes left for the orphan sweep")
    else:
        for key in orphans:
            check.fail(f"object {key}: no row names it")
    return check


def audit(db, journal: str | os.PathLike, *, storage=None, mailbox: list[dict] | None = None, after_fault=False):
    """Every check, in the current app context. `storage`: the app's Storage (None: objects not checked);
    `mailbox`: the delivered mail as dicts with "to", "subject", "body" (None: mail not checked)."""
    entries = read_journal(journal)
    db.session.rollback()  # read what is committed now
    checks = [
        check_autosaves(db, entries),
        check_uploads(db, entries, storage),
        check_submissions(db, entries),
        check_stage_moves(db, entries),
        check_messages(db, entries, mailbox),
        check_payments(db, entries),
        check_rooms(db),
        check_files(db, storage, after_fault=after_fault),
    ]
    db.session.rollback()
    return AuditResult(checks)


def read_mailbox(path: str | os.PathLike) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journal", required=True)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--storage-url", default=os.environ.get("STORAGE_URL"))
    parser.add_argument("--mailbox", help="delivered mail as JSON lines (run.py writes mailbox.jsonl)")
    parser.add_argument("--after-fault", action="store_true", help="orphan objects are expected, not failures")
    args = parser.parse_args()
    from server import create_app
    from server.config import Config
    from server.extensions import db
    from server.integrations.storage import get_storage

    overrides = {"APP_ENV": "development", "LOG_LEVEL": "WARNING"}
    if args.database_url:
        overrides["SQLALCHEMY_DATABASE_URI"] = args.database_url.replace("postgres://", "postgresql://", 1)
    if args.storage_url:
        overrides["STORAGE_URL"] = args.storage_url
    app = create_app(Config(**overrides))
    with app.app_context():
        result = audit(
            db,
            args.journal,
            storage=get_storage() if args.storage_url else None,
            mailbox=read_mailbox(args.mailbox) if args.mailbox else None,
            after_fault=args.after_fault,
        )
    print(result.markdown())
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
