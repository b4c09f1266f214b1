"""Benchmark: the staff xlsx export of N rows (default 100,000) through the app's background export job
(services/admin_export_jobs.run: the queue's streamed SELECT, answers per batch of 500, every column rendered from
the questionnaire definitions, openpyxl write-only, progress written per batch, the file kept in the storage) against
a bare psycopg2 + openpyxl write-only script over the same rows.

The bare script runs the very SELECT the app runs (compiled by the app, on a server-side cursor fetching 500 rows at
a time), fetches the same answers per batch with one statement, and writes one cell per selected column plus one
per top-level questionnaire field (the raw answer, no labels, option names or date formats): what an export costs
without the framework and without rendering.

Prints the time ratio (app / bare; target ≤ 1.3) and the peak-memory difference of each between the small run
(default 10,000 rows) and the large one (target ≤ 30 MB). Each export runs in a subprocess of its own, which reports
its wall time and its peak RSS (getrusage), so one run's memory never hides in another's.

    .venv/bin/python scripts/bench/admin_export.py [--rows 100000] [--small-rows 10000] [--database-url postgresql://...]

PostgreSQL only (BENCH_DATABASE_URL or --database-url names the server; the bench creates and drops a database of
its own). The seeded applicants are all foreign and the exported queue is the foreign `users` queue, so N seeded
applicants are N exported rows.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

ADMIN_EMAIL = "bench-admin@university.kz"
QUERY = {"isLocal": False, "queue": "users", "sort": {"field": "id", "direction": "asc"}}
BATCH = 500


def _peak_rss_mb() -> float:
    """This process's peak resident set (VmHWM). Not getrusage's ru_maxrss: Linux carries that over exec from the
    parent, so every worker would report at least the orchestrator's own peak."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024  # kB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _app(database_url: str, instance: str):
    os.environ["INSTANCE_PATH"] = instance
    from server import create_app
    from server.config import Config

    return create_app(
        Config(
            APP_ENV="development",
            SQLALCHEMY_DATABASE_URI=database_url,
            SECRET_KEY="bench-secret-key-that-is-long-enough-for-hmac-sha256",
            LOG_LEVEL="WARNING",
            STORAGE_URL=f"file://{instance}/files",
        )
    )


# --------------------------------------------------------------------------------------------- the two exports


def run_app_export(database_url: str, instance: str) -> dict:
    """One background export job, run synchronously in this process."""
    from sqlalchemy import select

    from server.extensions import db
    from server.models import AdminExport, User
    from server.models.base import utcnow
    from server.review import export as admin_export
    from server.review import export_jobs as admin_export_jobs

    app = _app(database_url, instance)
    with app.app_context():
        actor = db.session.scalar(select(User).where(User.email == ADMIN_EMAIL))
        query = admin_export.build_query(actor, QUERY, language="ru")
        now = utcnow()
        row = AdminExport(
            actor_id=actor.id,
            population=query.population,
            params={**QUERY, "lang": "ru"},
            status="queued",
            rows_total=0,
            file_name=admin_export.file_name(query, now),
            created_at=now,
            updated_at=now,
        )
        db.session.add(row)
        db.session.commit()
        export_id = row.id
        started = time.perf_counter()
        admin_export_jobs.run(export_id)
        seconds = time.perf_counter() - started
        db.session.expire_all()
        row = db.session.get(AdminExport, export_id)
        assert row.status == "done", (row.status, row.error_key)
        size = os.path.getsize(Path(instance) / "files" / row.storage_key)
        return {"seconds": seconds, "rows": row.rows_done, "bytes": size}


def _raw(value):
    """A cell without rendering: scalars as stored, a file (or list) by its name(s), anything else as JSON."""
    if value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, dict) and "name" in value:
        return value["name"]
    if isinstance(value, list):
        return ", ".join(str(item.get("name", item)) if isinstance(item, dict) else str(item) for item in value)
    return json.dumps(value, ensure_ascii=False)


def run_bare_export(database_url: str, spec_path: str) -> dict:
    """psycopg2 + openpyxl write-only: the same SELECT and answers, raw values, no framework."""
    import psycopg2
    from openpyxl import Workbook

    spec = json.loads(Path(spec_path).read_text())
    connection = psycopg2.connect(database_url)
    started = time.perf_counter()
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("rows")
    sheet.append(spec["columns"] + [f"{form}.{key}" for form, key in spec["fields"]])
    cursor = connection.cursor(name="export")  # server-side: memory stays flat
    cursor.itersize = BATCH
    cursor.execute(spec["sql"], spec["params"])
    answers_cursor = connection.cursor()
    rows = 0
    while batch := cursor.fetchmany(BATCH):
        ids = [row[0] for row in batch if row[0] is not None]
        answers: dict[int, dict] = {}
        if ids:
            answers_cursor.execute(
                "SELECT application_id, type, data FROM user_data WHERE application_id = ANY(%s)", (ids,)
            )
            for application_id, form_key, data in answers_cursor.fetchall():
                answers.setdefault(application_id, {})[form_key] = data if isinstance(data, dict) else json.loads(data)
        for row in batch:
            mine = answers.get(row[0], {})
            values = [v if isinstance(v, (int, float, str)) or v is None else str(v) for v in row]
            for form, key in spec["fields"]:
                values.append(_raw((mine.get(form) or {}).get(key)))
            sheet.append(values)
            rows += 1
    cursor.close()
    connection.rollback()
    handle, path = tempfile.mkstemp(suffix=".xlsx")
    os.close(handle)
    workbook.save(path)
    seconds = time.perf_counter() - started
    size = os.path.getsize(path)
    os.unlink(path)
    connection.close()
    return {"seconds": seconds, "rows": rows, "bytes": size}


def worker(args) -> int:
    if args.worker == "app":
        result = run_app_export(args.database_url, args.instance)
    else:
        result = run_bare_export(args.database_url, args.spec)
    result["peak_rss_mb"] = _peak_rss_mb()
    print(json.dumps(result))
    return 0


# ------------------------------------------------------------------------------------------------- orchestration


def _spec(app, path: Path) -> None:
    """The app's SELECT for the exported queue (compiled for psycopg2) and the questionnaire fields, for the bare
    script."""
    from sqlalchemy import select

    from server import forms
    from server.extensions import db
    from server.models import User
    from server.review import dao
    from server.review import export as admin_export

    with app.app_context():
        actor = db.session.scalar(select(User).where(User.email == ADMIN_EMAIL))
        query = admin_export.build_query(actor, QUERY, language="ru")
        stmt = dao.selection(query)
        with db.engine.connect() as connection:  # the live, initialised dialect (how it quotes LIKE escapes)
            compiled = stmt.compile(dialect=connection.dialect)
        fields = [
            (form_key, field["key"])
            for form_key in admin_export.variant_form_keys(query.population)
            for field in forms.get_step(form_key).get("fields", [])
            if field.get("render") is not False
        ]
        path.write_text(
            json.dumps(
                {
                    "sql": str(compiled),
                    "params": compiled.params,
                    "columns": [c.name for c in stmt.selected_columns],
                    "fields": fields,
                },
                default=str,
            )
        )


def _measure(kind: str, database_url: str, instance: str, spec: Path) -> dict:
    command = [
        sys.executable,
        __file__,
        "--worker",
        kind,
        "--database-url",
        database_url,
        "--instance",
        instance,
        "--spec",
        str(spec),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{kind} export failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000, help="rows of the large export")
    parser.add_argument("--small-rows", type=int, default=10_000, help="rows of the small export (memory baseline)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--worker", choices=("app", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--instance", help=argparse.SUPPRESS)
    parser.add_argument("--spec", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args)
    if not (args.database_url or "").startswith("postgres"):
        # `make bench` runs every script without arguments: say why nothing ran instead of failing the loop.
        print("skipped: PostgreSQL only; give --database-url postgresql://… (or set BENCH_DATABASE_URL)")
        return 0
    if not 0 < args.small_rows < args.rows:
        parser.error("--small-rows must be positive and below --rows")

    from _support import postgres_database
    from seed_applicants import seed

    instance = tempfile.mkdtemp(prefix="qabyldau-bench-")
    database_url, drop = postgres_database(args.database_url.replace("postgres://", "postgresql://", 1))
    spec = Path(instance) / "bare_spec.json"
    app = _app(database_url, instance)
    results: dict[int, dict[str, dict]] = {}
    try:
        from server.accounts.users import create_admin
        from server.extensions import db

        with app.app_context():
            db.create_all()
            create_admin(ADMIN_EMAIL, secrets.token_urlsafe(12), "Админ")
            db.session.commit()
        seeded = 0
        for target in (args.small_rows, args.rows):
            started = time.perf_counter()
            with app.app_context():
                seed(db, target - seeded, seed_value=2025 + seeded, progress=lambda line: None, kz_share=0.0)
            print(f"seeded {target} foreign applicants ({time.perf_counter() - started:.0f} s)", flush=True)
            seeded = target
            _spec(app, spec)
            results[target] = {}
            for kind in ("bare", "app", "bare", "app"):  # alternated, the better of two: the machine is shared
                measured = _measure(kind, database_url, instance, spec)
                best = results[target].get(kind)
                if best is None or measured["seconds"] < best["seconds"]:
                    results[target][kind] = measured
                seconds, peak, megabytes = measured["seconds"], measured["peak_rss_mb"], measured["bytes"] / 1e6
                line = f"  {target:>7} rows  {kind:<4} {seconds:7.1f} s  peak RSS {peak:6.1f} MB"
                print(f"{line}  rows {measured['rows']}  file {megabytes:.1f} MB", flush=True)
        small, large = results[args.small_rows], results[args.rows]
        print()
        for target in (args.small_rows, args.rows):
            app_run, bare_run = results[target]["app"], results[target]["bare"]
            print(
                f"{target:>7} rows: app {app_run['seconds']:.1f} s, bare {bare_run['seconds']:.1f} s, "
                f"ratio {app_run['seconds'] / bare_run['seconds']:.2f} (target ≤ 1.3)"
            )
        for kind in ("app", "bare"):
            grown = large[kind]["peak_rss_mb"] - small[kind]["peak_rss_mb"]
            print(
                f"peak RSS {kind}: {small[kind]['peak_rss_mb']:.1f} MB at {args.small_rows} rows, "
                f"{large[kind]['peak_rss_mb']:.1f} MB at {args.rows} rows: {grown:+.1f} MB"
                + (" (target ≤ 30 MB)" if kind == "app" else "")
            )
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
