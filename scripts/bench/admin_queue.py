"""Benchmark: the staff queue call (POST /api/v1/admin/applications) with a search and two filters, at 20
concurrent admins, on N seeded applicants (scripts/bench/seed_applicants.py, default 50,000).

Prints, for the queue call: median and p95 latency; the same for the very SQL statements one call runs, replayed by
a bare DB-API loop (the app's driver: psycopg2 on PostgreSQL, sqlite3 on SQLite) with the same concurrency (the
framework's cost over its SQL); and throughput as a ratio to a trivial JSON view of the same app (the framework's
own ceiling) and to GET /users/self (a signed-in call with one query: the price of authentication alone); and the
same call with the queue's SQL answered from memory (the route's cost besides that SQL: the best ratio tuning the
queue's SQL could reach).
Also EXPLAINs the page query on PostgreSQL (a trigram index should serve the search).

    .venv/bin/python scripts/bench/admin_queue.py [--count 50000] [--requests 20] [--database-url postgresql://...]

The app runs in a real threaded HTTP server; clients are 20 threads. The database is a throw-away one: a SQLite
file in a temporary directory, or a new PostgreSQL database next to the one named (dropped afterwards).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import (  # noqa: E402  (scripts/bench/_support.py, next to this script)
    CLIENTS,
    call,
    call_get,
    concurrently,
    explain,
    first_answer_replayed,
    postgres_database,
    quiet_app,
    report,
    serve,
    warmed_replay,
)
from seed_applicants import seed  # noqa: E402

WARM_UP = 15  # requests per client before measuring (every pooled connection opened and used)
SEARCH = "karimov timur"  # a surname and a first name: about one foreign applicant in 250
QUEUE_BODY = {
    "isLocal": False,
    "page": 1,
    "size": 20,
    "searchWhere": SEARCH,
    "applicationFilters": {"queue": "applied"},
    "additionalParams": {"needsDorm": False, "fromDate": None},  # filled in main(): a 30-day submission window
    "sort": {"field": "submittedAt", "direction": "desc"},
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50_000, help="applicants to seed")
    parser.add_argument("--requests", type=int, default=20, help="timed requests per client (20 clients)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()

    instance = tempfile.mkdtemp(prefix="qabyldau-bench-")
    os.environ["INSTANCE_PATH"] = instance
    drop = None
    if args.database_url and args.database_url.startswith("postgres"):
        database_url, drop = postgres_database(args.database_url.replace("postgres://", "postgresql://", 1))
    else:
        database_url = f"sqlite:///{Path(instance) / 'bench.sqlite3'}"

    from datetime import UTC, datetime, timedelta

    from flask import jsonify

    from server.accounts.auth import start_session
    from server.accounts.users import create_admin
    from server.extensions import db
    from server.review import dao as queue_dao

    app = quiet_app(
        database_url,
        SQLALCHEMY_ENGINE_OPTIONS={"pool_size": CLIENTS, "max_overflow": 5, "hide_parameters": True},
    )
    app.add_url_rule("/bench/trivial", "bench_trivial", lambda: jsonify({"success": True}))
    try:
        with app.app_context():
            db.create_all()
            print(f"seeding {args.count} applicants …")
            seed(db, args.count, progress=lambda line: None)
            token = start_session(create_admin("bench-admin@university.kz", "bench-password", "Админ"))
            db.session.commit()
        since = (datetime.now(UTC) - timedelta(days=30)).date().isoformat()
        QUEUE_BODY["additionalParams"]["fromDate"] = since

        server, base = serve(app)
        queue_url = f"{base}/api/v1/admin/applications"
        request = urllib.request.Request(queue_url, data=json.dumps(QUEUE_BODY).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request) as response:
            answer = json.loads(response.read())
        statements, bare = warmed_replay(app, base, lambda: call(queue_url, QUEUE_BODY, token), WARM_UP)
        dialect = urlsplit(database_url).scheme
        print(
            f"database: {dialect}; applicants: {args.count}; queue 'applied', search {SEARCH!r}, needsDorm false, "
            f"submitted since {since}; matches: {answer['total']}; page size 20; {len(statements)} statements per "
            f"call; {CLIENTS} clients × {args.requests} requests"
        )
        queue_latencies, queue_wall = concurrently(lambda: call(queue_url, QUEUE_BODY, token), args.requests)
        queue_rps = report("queue call (HTTP)", queue_latencies, queue_wall)
        bare_latencies, bare_wall = concurrently(bare, args.requests)
        report("same SQL, bare DB-API loop", bare_latencies, bare_wall)
        trivial_latencies, trivial_wall = concurrently(lambda: call(f"{base}/bench/trivial", None, None), args.requests)
        trivial_rps = report("trivial JSON view (HTTP)", trivial_latencies, trivial_wall)
        self_latencies, self_wall = concurrently(lambda: call_get(f"{base}/api/v1/users/self", token), args.requests)
        self_rps = report("GET /users/self (auth + 1 query)", self_latencies, self_wall)
        print(
            f"median ratio (queue call / bare SQL): "
            f"{statistics.median(queue_latencies) / statistics.median(bare_latencies):.2f}"
        )
        print(f"throughput ratio (queue call / trivial view): {queue_rps / trivial_rps:.2f}")
        print(f"throughput ratio (queue call / GET /users/self): {queue_rps / self_rps:.2f}")
        # The queue call with the queue's own SQL answered from memory (the session check still runs): what the
        # route costs besides its statements, the ceiling no tuning of the queue's SQL can pass.
        with first_answer_replayed(queue_dao, "page", "option_names"):
            concurrently(lambda: call(queue_url, QUEUE_BODY, token), WARM_UP)
            floor_latencies, floor_wall = concurrently(lambda: call(queue_url, QUEUE_BODY, token), args.requests)
            floor_rps = report("queue call, its SQL from memory", floor_latencies, floor_wall)
        print(f"throughput ratio (queue call without its SQL / trivial view): {floor_rps / trivial_rps:.2f}")
        print(f"throughput ratio (GET /users/self / trivial view): {self_rps / trivial_rps:.2f}")
        server.shutdown()

        if dialect.startswith("postgresql"):
            page_sql, page_parameters = next(s for s in statements if "LIMIT" in s[0])
            plan = explain(app, page_sql, page_parameters)
            print("plan of the page query:")
            print(plan)
            print("trigram index used:", "ix_application_summaries_search_trgm" in plan)
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
