"""Benchmark: POST /api/v1/universal/SelectOption/find-paginate against a bare Flask view running the same SQL.

20,000 SelectOption rows, a `name_ru` ilike filter, page size 20. Both apps run on the same database and are
driven through the Flask test client in bounded loops; the script prints requests/s for each and the ratio
(ours / bare). Usage:

    .venv/bin/python scripts/bench/universal_find_paginate.py [--requests 400] [--database-url postgresql://...]

Without --database-url a fresh SQLite file in a temporary directory is used. With a PostgreSQL URL the script
creates (and drops afterwards) its own database next to the one named, so it never touches existing data.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from _support import bench_database, quiet_app  # noqa: E402  (scripts/bench/_support.py, next to this script)

ROWS = 20_000
PAGE_SIZE = 20
SEARCH = "алма"  # matches one city in ten, case-insensitively ("Алматы")
CITIES = (
    "Алматы",
    "Астана",
    "Шымкент",
    "Караганда",
    "Актобе",
    "Тараз",
    "Павлодар",
    "Усть-Каменогорск",
    "Семей",
    "Атырау",
)

# The statement /universal runs (server/universal/dao.py page): ILIKE on PostgreSQL (a trigram index serves it),
# lower() LIKE lower() on SQLite, and the total as a window count on the page.
MATCH_SQL = {
    "postgresql": "name_ru ILIKE :pattern ESCAPE '\\'",
    "sqlite": "lower(name_ru) LIKE lower(:pattern) ESCAPE '\\'",
}
BARE_PAGE_SQL = (
    'SELECT id, type, code, name_ru, name_en, name_kk, "order", additional_data, additional_count, '
    "count(*) OVER () AS total FROM select_options WHERE {match} "
    'ORDER BY "order" ASC, id ASC LIMIT :limit OFFSET :offset'
)


def seed(db) -> None:
    from server.models import SelectOption

    rows = [
        {
            "type": "bench_city",
            "code": f"c{n}",
            "name_ru": f"{CITIES[n % len(CITIES)]} {n}",
            "name_en": f"City {n}",
            "name_kk": f"Қала {n}",
            "order": n % 50,
            "additional_data": {"parent_id": n % 100},
            "additional_count": 0,
        }
        for n in range(ROWS)
    ]
    db.session.execute(SelectOption.__table__.insert(), rows)
    db.session.commit()


def bare_app(database_url: str):
    """The baseline: plain Flask + one SQLAlchemy engine, no schemas, no registry, no auth."""
    from flask import Flask, jsonify, request
    from sqlalchemy import create_engine, text

    from server.database import configure_engine

    engine = configure_engine(create_engine(database_url))  # the same SQLite setup (Unicode lower) as the app
    page_sql = BARE_PAGE_SQL.format(match=MATCH_SQL[engine.dialect.name])
    app = Flask("bare")

    @app.post("/bare")
    def bare():
        body = request.get_json()
        pattern = (
            "%"
            + body["filters"]["name_ru"]["ilike"].replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            + "%"
        )
        page, size = body["paginate"]["page"], body["paginate"]["size"]
        with engine.connect() as conn:
            rows = [
                dict(r)
                for r in conn.execute(
                    text(page_sql), {"pattern": pattern, "limit": size, "offset": (page - 1) * size}
                ).mappings()
            ]
        total = rows[0]["total"] if rows else 0
        for row in rows:
            del row["total"]
        return jsonify({"list": rows, "total": total})

    return app, engine


def measure(client, path: str, body: dict, requests: int) -> tuple[float, dict]:
    last = None
    for _ in range(max(10, requests // 10)):  # warm-up
        last = client.post(path, json=body)
        assert last.status_code == 200, last.get_json()
    started = time.perf_counter()
    for _ in range(requests):
        last = client.post(path, json=body)
    elapsed = time.perf_counter() - started
    assert last.status_code == 200
    return requests / elapsed, last.get_json()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="timed requests per app (bounded loop)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()

    _, database_url, drop = bench_database(args.database_url)

    from server.extensions import db

    app = quiet_app(database_url)
    try:
        with app.app_context():
            db.create_all()
            seed(db)
        body = {"filters": {"name_ru": {"ilike": SEARCH}}, "params": {}, "paginate": {"page": 3, "size": PAGE_SIZE}}
        ours_rps, ours = measure(app.test_client(), "/api/v1/universal/SelectOption/find-paginate", body, args.requests)
        baseline, engine = bare_app(database_url)
        bare_rps, bare = measure(baseline.test_client(), "/bare", body, args.requests)
        engine.dispose()
        assert ours["total"] == bare["total"] == ROWS // len(CITIES), (ours["total"], bare["total"])
        assert [r["id"] for r in ours["list"]] == [r["id"] for r in bare["list"]]
        dialect = urlsplit(database_url).scheme
        print(
            f"database: {dialect}; rows: {ROWS}; filter name_ru ilike {SEARCH!r}; "
            f"matches: {ours['total']}; page size: {PAGE_SIZE}; requests: {args.requests}"
        )
        print(f"universal find-paginate: {ours_rps:8.1f} requests/s")
        print(f"bare Flask view (same SQL): {bare_rps:8.1f} requests/s")
        print(f"ratio (ours / bare): {ours_rps / bare_rps:.2f}")
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
