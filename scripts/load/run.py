"""The deadline-day load test (issue 25; DESIGN §9): one command from a clean clone to a Markdown report.

    .venv/bin/python scripts/load/run.py [--applicants 50000] [--ramp 100,200,300,400,500,600] [--stage-seconds 180]
        [--over 1.5] [--signin-users 20] [--signin-seconds 60] [--faults] [--fault-users 100]

1. starts an SMTP sink (aiosmtpd) and the production topology from processes (scripts/topology/topology.py: nginx,
   two gunicorn app servers, a Celery worker and beat, PgBouncer in transaction mode, Redis, moto's S3 server);
2. seeds N applicants into its database (scripts/bench/seed_applicants.py, password "bench-password"), prepares a
   complete questionnaire for --submitters of the foreign applicants not yet submitted (they submit during the run),
   and creates --staff staff accounts with `flask create-admin` (with a TOTP secret when the command takes one);
3. installs Locust (scripts/load/requirements.txt) into .venv when it is missing;
4. runs Locust headless (scripts/load/locustfile.py) in stages: a sign-in-only stage (CPU per sign-in), the ramp
   (each number of users for --stage-seconds; saturation is the stage with the most requests/s), then 1.5x the
   saturation's users (excess load must be shed with 429/503 + Retry-After, never a 500);
   with --faults, four more stages at --fault-users, each with one fault a third of the way in: kill -9 an app
   server, restart Redis, kill the worker while an export runs, restart PgBouncer;
5. after every stage runs the integrity audit (scripts/load/audit.py) against the journal of acknowledged writes;
6. writes scripts/load/results/<UTC time>/report.md with requests/s, p50/p95/p99 per call, answers by status, app
   CPU seconds per request (the gunicorn processes' CPU from /proc, before and after, over the requests served),
   the audits and the fault results, next to Locust's CSV files, the journal and the delivered mail.

Run it on a quiet machine: the generator shares the cores with the app servers (say so when quoting figures).
"""

from __future__ import annotations

import argparse
import base64
import csv
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENV_BIN = ROOT / ".venv" / "bin"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "scripts" / "topology"))
sys.path.insert(0, str(ROOT / "scripts" / "bench"))

import audit as integrity  # noqa: E402  (scripts/load/audit.py)
from locustfile import Journal, totp_code  # noqa: E402  (scripts/load/locustfile.py, without Locust)

STAFF_PASSWORD = "Deadline-day-load-2026!"
FOREIGN_ADMIN, KZ_ADMIN = "Админ", "Админ (граждане КЗ)"
MIX = ("Applicant", "Staff")
CLK_TCK = os.sysconf("SC_CLK_TCK")


def log(text: str) -> None:
    print(f"[{datetime.now(UTC):%H:%M:%S}] {text}", flush=True)


# ------------------------------------------------------------------------------------------------ Locust


def ensure_locust() -> Path:
    locust = VENV_BIN / "locust"
    if not locust.exists():
        log("installing Locust into .venv (scripts/load/requirements.txt)")
        pip = [str(VENV_BIN / "pip"), "install", "-q", "-r", str(HERE / "requirements.txt")]
        subprocess.run(pip, check=True)
    return locust


@dataclass
class StageResult:
    name: str
    users: int
    seconds: int
    rows: list[dict] = field(default_factory=list)  # Locust's per-call stats, the last one "Aggregated"
    statuses: dict = field(default_factory=dict)
    cpu_seconds: float = 0.0
    audit: integrity.AuditResult | None = None
    fault: str = ""
    fault_result: str = ""

    @property
    def total(self) -> dict:
        return next((r for r in self.rows if r["Name"] == "Aggregated"), {})

    @property
    def requests(self) -> int:
        return int(self.total.get("Request Count") or 0)

    @property
    def rps(self) -> float:
        return float(self.total.get("Requests/s") or 0.0)

    @property
    def p95(self) -> float:
        return float(self.total.get("95%") or 0.0)

    @property
    def cpu_ms_per_request(self) -> float:
        return 1000 * self.cpu_seconds / self.requests if self.requests else 0.0


def run_locust(args, topology, paths, name: str, users: int, seconds: int, classes=MIX, during=None) -> StageResult:
    prefix = paths["dir"] / name
    env = {
        **os.environ,
        "LOAD_POOL": str(paths["pool"]),
        "LOAD_JOURNAL": str(paths["journal"]),
        "LOAD_STATUS_FILE": f"{prefix}_statuses.json",
        "LOAD_SESSION_REQUESTS": str(args.session_requests),
    }
    command = [
        str(ensure_locust()),
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--host",
        topology.url,
        "--users",
        str(users),
        "--spawn-rate",
        str(max(1.0, users / max(args.spawn_seconds, 1))),
        "--run-time",
        f"{seconds}s",
        "--stop-timeout",
        "10",
        "--csv",
        str(prefix),
        "--only-summary",
        "--loglevel",
        "WARNING",
        *classes,
    ]
    log(f"stage {name}: {users} users for {seconds} s ({', '.join(classes)})")
    before = app_cpu_seconds(topology)
    with open(f"{prefix}_locust.log", "w") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
        result = StageResult(name, users, seconds)
        fault = None
        if during is not None:  # the fault runs beside the load; the stage ends when both have

            def guarded():
                try:
                    during(result)
                except Exception as error:  # reported, and the run goes on to the audit and the next stage
                    result.fault_result = f"the fault itself failed: {error!r}"
                    log(f"  {result.fault_result}")

            fault = threading.Thread(target=guarded, daemon=True)
            fault.start()
        process.wait()
        if fault is not None:
            fault.join(timeout=900)
    result.cpu_seconds = app_cpu_seconds(topology) - before
    stats = Path(f"{prefix}_stats.csv")
    if stats.exists():
        with open(stats) as handle:
            result.rows = list(csv.DictReader(handle))
    statuses = Path(f"{prefix}_statuses.json")
    result.statuses = json.loads(statuses.read_text()) if statuses.exists() else {}
    log(
        f"  {result.requests} requests, {result.rps:.1f}/s, p95 {result.p95:.0f} ms, "
        f"statuses {result.statuses.get('by_status')}, app CPU {result.cpu_ms_per_request:.1f} ms/request"
    )
    return result


# ------------------------------------------------------------------------------------------------ CPU


def app_cpu_seconds(topology) -> float:
    """User + system CPU of every process of the app servers (each gunicorn runs in a process group of its own;
    children that ended are in their parent's cutime/cstime). A server killed by a fault loses its count: CPU
    figures are read from the stages without faults."""
    groups = {s.process.pid for name, s in topology.services.items() if name.startswith("app") and s.process}
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rfind(")") + 2 :].split()
        if int(fields[2]) in groups:  # pgrp
            total += sum(int(v) for v in fields[11:15])  # utime, stime, cutime, cstime
    return total / CLK_TCK


# ------------------------------------------------------------------------------------------------ set-up


def app_for(topology, instance: Path):
    """A Flask app on the topology's database (direct, not through PgBouncer) and storage, for seeding and audits."""
    from server import create_app
    from server.config import Config

    env = topology.environment()
    for key in (
        "STORAGE_URL",
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_DEFAULT_REGION",
        "AWS_ENDPOINT_URL_S3",
    ):
        if key in env:
            os.environ[key] = env[key]
    os.environ["INSTANCE_PATH"] = str(instance)
    return create_app(
        Config(
            APP_ENV="development",
            LOG_LEVEL="WARNING",
            SQLALCHEMY_DATABASE_URI=topology.direct_database_url,
            SECRET_KEY=topology.secret_key,
            STORAGE_URL=env["STORAGE_URL"],
        )
    )


def seed_and_pool(db, args) -> dict:
    from seed_applicants import PASSWORD, seed
    from sqlalchemy import func, select

    from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Application, Citizenship, User

    log(f"seeding {args.applicants} applicants")
    seed(db, args.applicants, progress=lambda line: log(line.strip()))
    kz_id = db.session.scalar(select(Citizenship.id).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN))
    rows = db.session.execute(
        select(
            User.email, User.id, Application.id, User.citizenship_id, Application.submitted_at, Application.current_step
        )
        .join(Application, Application.user_id == User.id)
        .where(User.password_hash.isnot(None))
    ).all()
    applicants = [
        # payer: a citizen at the payment step (§4 step 2) pays the admission fee during the run
        {
            "email": e,
            "user_id": u,
            "application_id": a,
            "kz": c == kz_id,
            "writable": s is None,
            "payer": c == kz_id and step == 2,
        }
        for e, u, a, c, s, step in rows
    ]
    confirm_payers_with_the_bureau(db, [a for a in applicants if a["payer"]])
    submitters = prepare_submitters(db, [a for a in applicants if a["writable"] and not a["kz"]][: args.submitters])
    taken = {s["application_id"] for s in submitters}
    applicants = [a for a in applicants if a["application_id"] not in taken]
    submitted = db.session.scalar(
        select(func.count()).select_from(Application).where(Application.submitted_at.isnot(None))
    )
    return {"password": PASSWORD, "applicants": applicants, "submitters": submitters, "baseline_submitted": submitted}


def confirm_payers_with_the_bureau(db, payers: list[dict]) -> None:
    """The seed marks citizens as confirmed by the credit bureau but stores no bureau record, and every citizen
    transition (payment included) needs one (issue 22): the payers get the record POST /pkb/check-code would have
    stored, with the IIN and names of their own answers."""
    from sqlalchemy import select

    from server.iin import birth_date, gender
    from server.models import PkbPersonData, UserData

    ids = {p["application_id"] for p in payers}
    answers = db.session.execute(
        select(UserData.user_id, UserData.data).where(
            UserData.application_id.in_(ids), UserData.type == "fillStepMainInfoLocal"
        )
    ).all()
    rows = [
        {
            "user_id": user_id,
            "iin": data["iin"],
            "last_name": data.get("last_name") or "-",
            "first_name": data.get("first_name") or "-",
            "date_of_birth": birth_date(data["iin"]),
            "gender": gender(data["iin"]),
        }
        for user_id, data in answers
        if data and data.get("iin")
    ]
    if rows:
        db.session.execute(PkbPersonData.__table__.insert(), rows)
        db.session.commit()
    log(f"  {len(rows)} citizens at the payment step confirmed by the (sandbox) bureau")


def prepare_submitters(db, candidates: list[dict]) -> list[dict]:
    """Complete answers for foreign applicants, built from the step definitions and the seeded option lists exactly
    as tests/integration/test_user_data_seeded.py builds them; the files are sent by the locustfile."""
    from server import forms
    from server.applications.questionnaire import _option_types, all_step_definitions, load_options
    from server.models import Application
    from tests.factories import Factories
    from tests.integration.test_user_data_support import engine_ctx, file_fields_of, valid_data

    if not candidates:
        return []
    log(f"preparing {len(candidates)} complete questionnaires")
    factories = Factories(db)
    options = load_options(_option_types(all_step_definitions("foreign")))
    prepared, built = [], {}
    for candidate in candidates:
        application = db.session.get(Application, candidate["application_id"])
        program = application.study_program
        # The answers depend on the program and the financing only: built once for each pair.
        if (program.id, application.financing) not in built:
            ctx = engine_ctx(
                program.kind, kz=False, financing=application.financing, program_id=program.id, options=options
            )
            answers, files = {}, []
            for key in forms.steps_for("foreign", ctx):
                answers[key] = valid_data(key, ctx, factories)
                ctx["answers"][key] = answers[key]
                files += [[key, f["key"], f["type"]] for f in file_fields_of(key, ctx)]
            built[(program.id, application.financing)] = answers, files
        answers, files = built[(program.id, application.financing)]
        prepared.append({**candidate, "answers": answers, "files": files})
    db.session.rollback()
    log(f"  {len(built)} distinct questionnaires built")
    return prepared


def create_staff(topology, count: int) -> list[dict]:
    """Staff accounts through `flask create-admin`, the provisioning path (decision 0078); with --totp-secret when the
    command takes it (the second factor), else without."""
    env = {**topology.environment(), "DATABASE_URL": topology.direct_database_url}
    flask = [str(VENV_BIN / "flask"), "--app", "server", "create-admin"]
    takes_secret = (
        "--totp-secret" in subprocess.run([*flask, "--help"], cwd=ROOT, env=env, capture_output=True, text=True).stdout
    )
    staff = []
    for index in range(count):
        kz = index % 2 == 1
        account = {
            "email": f"load.staff{index}@example.com",
            "password": STAFF_PASSWORD,
            "role": KZ_ADMIN if kz else FOREIGN_ADMIN,
            "kz": kz,
        }
        command = [*flask, account["email"], "--password", STAFF_PASSWORD, "--role", account["role"]]
        if takes_secret:
            account["totp_secret"] = base64.b32encode(secrets.token_bytes(20)).decode()
            command += ["--totp-secret", account["totp_secret"]]
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"create-admin failed: {result.stderr[-1000:]}")
        staff.append(account)
    log(f"created {count} staff accounts ({'with' if takes_secret else 'without'} a TOTP second factor)")
    return staff


# ------------------------------------------------------------------------------------------------ faults


def _call(base: str, method: str, path: str, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + "/api/v1" + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def staff_token(base: str, account: dict) -> str:
    status, body = _call(base, "POST", "/auth/sign-in", {"email": account["email"], "password": account["password"]})
    if body.get("second_factor_required"):
        for _ in range(2):
            code = totp_code(account["totp_secret"])
            status, answer = _call(
                base, "POST", "/auth/sign-in/second-factor", {"challenge": body["challenge"], "code": code}
            )
            if status == 200:
                body = answer
                break
            time.sleep(31 - time.time() % 30)
            status, body = _call(
                base, "POST", "/auth/sign-in", {"email": account["email"], "password": account["password"]}
            )
    return body["user"]["token"]


def fault_kill_app_server(topology, result: StageResult, delay: float) -> None:
    time.sleep(delay)
    topology.kill_app_server(1)
    log("  fault: app server 1 killed (kill -9)")
    time.sleep(max(10.0, delay / 2))
    topology.restart_app_server(1)
    result.fault_result = "app server 1 killed with SIGKILL, restarted after the pause; see the 5xx/0 counts"


def fault_restart_redis(topology, result: StageResult, delay: float) -> None:
    time.sleep(delay)
    topology.restart_redis()
    log("  fault: Redis restarted")
    result.fault_result = "Redis killed and started empty (no persistence): queued jobs and rate-limit counters lost"


def fault_restart_pgbouncer(topology, result: StageResult, delay: float) -> None:
    time.sleep(delay)
    topology.restart_pgbouncer()
    log("  fault: PgBouncer restarted")
    result.fault_result = "PgBouncer killed and started again: every pooled server connection dropped at once"


def fault_kill_worker_during_export(topology, staff: list[dict], stale_minutes: float):
    def fault(result: StageResult, delay: float) -> None:
        time.sleep(delay)
        account = next(a for a in staff if not a["kz"])
        token = staff_token(topology.url, account)
        status, started = _call(topology.url, "POST", "/admin/exports", {"isLocal": False, "queue": "users"}, token)
        if status != 202:
            result.fault_result = f"the export did not start ({status} {started})"
            return
        export_id = started["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, body = _call(topology.url, "GET", f"/admin/exports/{export_id}", token=token)
            if body.get("status") != "queued":
                break
            time.sleep(0.2)
        topology.services["worker"].kill()
        log(f"  fault: worker killed during export {export_id} ({body.get('status')}, {body.get('rows_done')} rows)")
        seen = body.get("status")
        deadline = time.monotonic() + stale_minutes * 60 + 60
        while time.monotonic() < deadline and seen not in ("failed", "done"):
            time.sleep(5)
            _, body = _call(topology.url, "GET", f"/admin/exports/{export_id}", token=token)
            seen = body.get("status")
        reported = f"{seen} ({body.get('error_key')})"
        topology.services["worker"].start()
        status, again = _call(topology.url, "POST", "/admin/exports", {"isLocal": False, "queue": "users"}, token)
        finished = None
        deadline = time.monotonic() + 300
        while status == 202 and time.monotonic() < deadline:
            time.sleep(2)
            _, body = _call(topology.url, "GET", f"/admin/exports/{again['id']}", token=token)
            if body.get("status") in ("done", "failed"):
                finished = body["status"]
                break
        result.fault_result = (
            f"export {export_id} was {reported} after the worker died; a new export after the worker's restart: "
            f"{finished or 'not finished within 5 minutes'}"
        )

    return fault


# ------------------------------------------------------------------------------------------------ report


def mailbox_of(messages: list) -> list[dict]:
    return [{"to": list(m.rcpt_tos), "subject": m.subject, "body": m.body} for m in list(messages)]


# How long the audit waits for the mail of every acknowledged message before calling one lost. A delivery delayed
# by a busy worker (a Redis restart on a loaded machine: the 2026-11-27 re-run's 11 mails came 5–60 s late, each
# exactly once) is not a lost job; one still missing after this is.
MAIL_SETTLE_MAX_SECONDS = 180


def acknowledged_message_markers(journal: Path) -> set[str]:
    markers = set()
    if journal.exists():
        for line in journal.read_text().splitlines():
            entry = json.loads(line)
            if entry.get("kind") == "message" and entry.get("phase") == "ack":
                markers.add(entry["marker"])
    return markers


def wait_for_acknowledged_mail(journal: Path, messages, limit: float = MAIL_SETTLE_MAX_SECONDS) -> list[dict]:
    """The mailbox once every acknowledged message's mail is in it, or when `limit` seconds have passed."""
    expected = acknowledged_message_markers(journal)
    deadline = time.monotonic() + limit
    while True:
        mailbox = mailbox_of(messages)
        delivered = {marker for mail in mailbox for marker in integrity.mail_markers(mail.get("body", ""))}
        missing = expected - delivered
        if not missing or time.monotonic() >= deadline:
            if missing:
                log(f"  {len(missing)} acknowledged messages still without mail after {limit:.0f} s")
            return mailbox
        time.sleep(2)


def keep_service_logs(topology_dir: Path | None, into: Path) -> None:
    """The app servers', PgBouncer's, the worker's and the balancer's logs, kept with the results: the topology's
    folder goes with it, and a surprise in a stage (the 2026-11-27 re-run's PgBouncer stage) needs them."""
    logs = sorted(Path(topology_dir).glob("*.log")) if topology_dir and Path(topology_dir).is_dir() else []
    if logs:
        into.mkdir(parents=True, exist_ok=True)
        for path in logs:
            shutil.copyfile(path, into / path.name)


def run_audit(app, paths, messages, *, after_fault: bool, settle: float) -> integrity.AuditResult:
    from server.extensions import db
    from server.integrations.storage import get_storage

    time.sleep(settle)  # let the worker deliver the mail of the last acknowledged writes
    mailbox = wait_for_acknowledged_mail(paths["journal"], messages)
    paths["mailbox"].write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in mailbox))
    with app.app_context():
        result = integrity.audit(db, paths["journal"], storage=get_storage(), mailbox=mailbox, after_fault=after_fault)
    log(f"  audit: {'ok' if result.ok else 'FAILED'}")
    return result


def _count(stage: StageResult, name: str) -> int:
    return sum(int(r["Request Count"] or 0) for r in stage.rows if r["Name"] == name)


CALL_COLUMNS = ("Name", "Request Count", "Failure Count", "Requests/s", "50%", "95%", "99%")


def stage_table(stage: StageResult) -> str:
    lines = [
        "| call | requests | failures | requests/s | p50 ms | p95 ms | p99 ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in stage.rows:
        name = row["Name"] if row["Name"] != "Aggregated" else "**all**"
        values = [row.get(c, "") for c in CALL_COLUMNS[1:]]
        values[2] = f"{float(values[2] or 0):.1f}"
        lines.append(f"| {name} | " + " | ".join(str(v) for v in values) + " |")
    return "\n".join(lines)


def write_report(args, paths, topology, stages: list[StageResult], saturation: StageResult | None, pool_sizes) -> Path:
    mix = [s for s in stages if s.name.startswith("ramp") or s.name.startswith("over")]
    signin = next((s for s in stages if s.name == "signin"), None)
    out = [
        f"# Deadline-day load test, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "",
        f"- Command: `{' '.join(sys.argv)}`",
        f"- Machine: {os.cpu_count()} cores, load average before the run {paths['load_before']}; Locust on the "
        "same machine (its CPU competes with the app servers').",
        f"- Topology: nginx -> {topology.app_servers} gunicorn app servers ({topology.workers_per_server} workers x "
        f"{topology.threads_per_worker} threads), Celery worker + beat, PgBouncer (transaction) -> PostgreSQL, Redis, "
        f"storage {topology.storage}.",
        f"- Data: {args.applicants} seeded applicants ({pool_sizes['writable']} not yet submitted), "
        f"{pool_sizes['submitters']} prepared to submit, {args.staff} staff; the mix is 19 applicants to 1 staff "
        f"member, each pausing 1-3 s, a session of {args.session_requests} calls per sign-in.",
        "",
        "## Summary",
        "",
        "| stage | users | requests | requests/s | p95 ms | 5xx | 429/503 with Retry-After | without | "
        "app CPU ms/request | audit |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for stage in stages:
        st = stage.statuses
        out.append(
            f"| {stage.name} | {stage.users} | {stage.requests} | {stage.rps:.1f} | {stage.p95:.0f} | "
            f"{st.get('server_errors', '?')} | {st.get('shed_with_retry_after', '?')} | "
            f"{st.get('shed_without_retry_after', '?')} | "
            f"{'-' if stage.fault else f'{stage.cpu_ms_per_request:.1f}'} | "
            f"{'ok' if stage.audit and stage.audit.ok else 'FAILED' if stage.audit else '-'} |"
        )
    out.append("")
    if saturation is not None:
        cores_needed = ""
        clean = [s for s in mix if not s.fault and s.requests]
        if clean:
            cpu = sum(s.cpu_seconds for s in clean) / sum(s.requests for s in clean)
            per_server = topology.workers_per_server  # a 2-core server runs 2 gunicorn workers
            cores = 170 * cpu
            cores_needed = (
                f" The mix costs {1000 * cpu:.1f} ms of app CPU per request: DESIGN's 170 requests/s need "
                f"{cores:.1f} cores of app servers, i.e. {max(1, -(-cores // per_server)):.0f} app server(s) of "
                f"{per_server} cores (the database, Redis and the balancer come on top)."
            )
        ramp = [s for s in stages if s.name.startswith("ramp")]
        if ramp and saturation is ramp[-1]:
            out += [
                "The last ramp stage had the most requests/s: the ramp may not have reached saturation "
                "(extend --ramp).",
                "",
            ]
        out += [
            f"Saturation: {saturation.rps:.1f} requests/s at {saturation.users} users (p95 {saturation.p95:.0f} ms)."
            f" Target: >= 170 requests/s at p95 <= 500 ms with zero 5xx.{cores_needed}",
            "",
        ]
    if signin is not None and signin.requests:
        out += [f"Sign-in: {signin.cpu_ms_per_request:.0f} ms of app CPU per sign-in ({signin.requests} sign-ins)."]
        clean = [s for s in mix if not s.fault and s.requests]
        sign_ins = sum(_count(s, "sign-in") for s in clean)
        rest = sum(s.requests for s in clean) - sign_ins
        if clean and rest > 0:
            cpu = sum(s.cpu_seconds for s in clean) - sign_ins * signin.cpu_seconds / signin.requests
            out.append(
                f"The rest of the mix (without its {sign_ins} sign-ins): {1000 * cpu / rest:.1f} ms of app CPU per "
                "request (target: sign-in <= 60 ms, the rest <= 8 ms)."
            )
        out.append("")
    for stage in stages:
        out += [f"## Stage {stage.name}: {stage.users} users, {stage.seconds} s", ""]
        if stage.fault:
            out += [f"Fault: {stage.fault}. {stage.fault_result}", ""]
        out += [stage_table(stage), "", f"Answers by status: `{json.dumps(stage.statuses.get('by_status', {}))}`", ""]
        if stage.audit is not None:
            out += ["Integrity audit:", "", stage.audit.markdown(), ""]
    out += [
        "## Files",
        "",
        "Locust's CSV files per stage (`<stage>_stats.csv`, `_failures.csv`), answers by status and call "
        "(`<stage>_statuses.json`), the journal of acknowledged writes (`journal.jsonl`) and the delivered mail "
        "(`mailbox.jsonl`) are next to this report.",
    ]
    report = paths["dir"] / "report.md"
    report.write_text("\n".join(out) + "\n")
    return report


# ------------------------------------------------------------------------------------------------ main


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--applicants", type=int, default=50_000)
    parser.add_argument("--submitters", type=int, default=300, help="foreign applicants prepared to submit")
    parser.add_argument("--staff", type=int, default=20, help="staff accounts (half foreign, half citizens' admins)")
    parser.add_argument("--ramp", default="100,200,300,400,500,600", help="users of each ramp stage")
    parser.add_argument("--stage-seconds", type=int, default=180)
    parser.add_argument("--spawn-seconds", type=int, default=30, help="each stage starts its users over this time")
    parser.add_argument("--over", type=float, default=1.5, help="the excess stage: this times the saturation's users")
    parser.add_argument("--saturation-users", type=int, help="skip the ramp: the users known to saturate")
    parser.add_argument("--signin-users", type=int, default=20, help="0 skips the sign-in-only stage")
    parser.add_argument("--signin-seconds", type=int, default=60)
    parser.add_argument("--session-requests", type=int, default=25, help="calls per applicant session")
    parser.add_argument("--faults", action="store_true", help="four more stages, one fault each")
    parser.add_argument("--fault-users", type=int, default=100)
    parser.add_argument("--fault-seconds", type=int, default=120)
    parser.add_argument("--app-servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per app server")
    parser.add_argument("--storage", choices=("auto", "s3", "file"), default="auto")
    parser.add_argument("--results", default=str(HERE / "results"))
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    from topology import Topology

    from tests.helpers import start_smtp_server

    ensure_locust()
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    folder = Path(args.results) / stamp
    folder.mkdir(parents=True, exist_ok=True)
    paths = {
        "dir": folder,
        "pool": folder / "pool.json",
        "journal": folder / "journal.jsonl",
        "mailbox": folder / "mailbox.jsonl",
        "load_before": " ".join(f"{v:.2f}" for v in os.getloadavg()),
    }
    controller, smtp_url, messages = start_smtp_server()
    stale_minutes = 1.0
    topology = Topology(
        smtp_url=smtp_url,
        app_servers=args.app_servers,
        workers_per_server=args.workers,
        storage=args.storage,
        # A dead export job is reported after a minute rather than 15 (the worker fault waits for it).
        extra_env={"ADMIN_EXPORT_STALE_MINUTES": str(stale_minutes)},
    )
    stages: list[StageResult] = []
    saturation = None
    instance = Path(tempfile.mkdtemp(prefix="qabyldau-load-"))  # the runner's own app (seeding, audits)
    try:
        log("starting the topology")
        topology.start()
        app = app_for(topology, instance)
        from server.extensions import db

        with app.app_context():
            pool = seed_and_pool(db, args)
        pool["staff"] = create_staff(topology, args.staff)
        paths["pool"].write_text(json.dumps(pool, ensure_ascii=False))
        journal = Journal(paths["journal"])
        journal.write("baseline", "start", submitted=pool["baseline_submitted"])
        journal.close()
        pool_sizes = {
            "writable": sum(1 for a in pool["applicants"] if a["writable"]) + len(pool["submitters"]),
            "submitters": len(pool["submitters"]),
        }

        def stage(name, users, seconds, classes=MIX, fault="", during=None, after_fault=False):
            result = run_locust(args, topology, paths, name, users, seconds, classes, during)
            result.fault = fault
            result.audit = run_audit(app, paths, messages, after_fault=after_fault, settle=5)
            stages.append(result)
            write_report(args, paths, topology, stages, saturation, pool_sizes)
            return result

        if args.signin_users:
            stage("signin", args.signin_users, args.signin_seconds, classes=("SignInOnly",))
        if args.saturation_users:
            saturation_users = args.saturation_users
        else:
            ramp = [stage(f"ramp-{users}", users, args.stage_seconds) for users in map(int, args.ramp.split(","))]
            saturation = max(ramp, key=lambda s: s.rps)
            saturation_users = saturation.users
        over_users = int(round(saturation_users * args.over))
        over = stage(f"over-{over_users}", over_users, args.stage_seconds)
        if saturation is None:
            saturation = over
        if args.faults:
            delay = args.fault_seconds / 3
            faults = [
                ("kill-app-server", "kill -9 of app server 1", lambda r: fault_kill_app_server(topology, r, delay)),
                ("restart-redis", "Redis restarted", lambda r: fault_restart_redis(topology, r, delay)),
                (
                    "kill-worker",
                    "the Celery worker killed during an export",
                    lambda r: fault_kill_worker_during_export(topology, pool["staff"], stale_minutes)(r, delay),
                ),
                (
                    "restart-pgbouncer",
                    "PgBouncer restarted (the machine's shared PostgreSQL is not restarted: behind PgBouncer its "
                    "restart is the milder case, while PgBouncer's drops every connection the app holds, which the "
                    "pool's pre-ping must absorb)",
                    lambda r: fault_restart_pgbouncer(topology, r, delay),
                ),
            ]
            for name, text, action in faults:
                stage(
                    f"fault-{name}", args.fault_users, args.fault_seconds, fault=text, during=action, after_fault=True
                )
        report = write_report(args, paths, topology, stages, saturation, pool_sizes)
        log(f"report: {report}")
        return (
            0 if all(s.audit is None or s.audit.ok for s in stages) and over.statuses.get("status_500", 0) == 0 else 1
        )
    finally:
        keep_service_logs(getattr(topology, "dir", None), folder / "logs")
        topology.stop()
        controller.stop()
        shutil.rmtree(instance, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
