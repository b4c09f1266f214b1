"""Benchmark: the reference-data search of the pickers (POST /api/v1/universal/SelectOption/find-paginate with a
`name_ru` ilike filter, page size 20, as client/src/resources/ReferenceSelect.jsx sends it) on 20,000 options, at
20 concurrent clients through a real threaded HTTP server.

Prints, for the search: median and p95 latency; the same for its SQL statements replayed by a bare DB-API loop
(the app's driver: psycopg2 on PostgreSQL, sqlite3 on SQLite) at the same concurrency; throughput as a ratio to a
trivial JSON view of the same app (the framework's own ceiling; target ≥ 0.5 on PostgreSQL); the same search with
its SQL answered from memory (the route's cost without any SQL: the best ratio SQL tuning could reach). On
PostgreSQL it also prints the plans (EXPLAIN ANALYZE) of the page and count queries: a Bitmap Index Scan on the
name's trigram index should serve them (server/models/reference.py). `--without-trigram-indexes` drops those
indexes first, to measure the scan the indexes replace.

    .venv/bin/python scripts/bench/reference_search.py [--count 20000] [--requests 20]
        [--database-url postgresql://...] [--without-trigram-indexes]

The database is a throw-away one: a SQLite file in a temporary directory, or a new PostgreSQL database next to
the one named (dropped afterwards).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import (  # noqa: E402  (scripts/bench/_support.py, next to this script)
    CLIENTS,
    bench_database,
    call,
    concurrently,
    explain,
    first_answer_replayed,
    quiet_app,
    report,
    serve,
    warmed_replay,
)

WARM_UP = 15  # requests per client before measuring (every pooled connection opened and used)
PAGE_SIZE = 20  # REFERENCE_PAGE_SIZE of the client's reference select
TYPES = 10  # the options are spread over ten lists (types), like the questionnaire's many select lists
# What an applicant types: lower case, without the soft sign of the stored «Караколь» (and Kazakh «Қаракөл» in
# name_kk), so the match needs Cyrillic case folding. About one settlement name in 200 contains it.
SEARCH = "каракол"

# Kazakh settlement names built from common toponym parts: (Russian, Kazakh, English) forms of each part.
PREFIXES = (
    ("Ак", "Ақ", "Ak"),
    ("Кара", "Қара", "Kara"),
    ("Сары", "Сары", "Sary"),
    ("Кок", "Көк", "Kok"),
    ("Жана", "Жаңа", "Zhana"),
    ("Ески", "Ескі", "Eski"),
    ("Узын", "Ұзын", "Uzyn"),
    ("Кен", "Кең", "Ken"),
    ("Тас", "Тас", "Tas"),
    ("Бай", "Бай", "Bai"),
    ("Алтын", "Алтын", "Altyn"),
    ("Кызыл", "Қызыл", "Kyzyl"),
    ("Жасыл", "Жасыл", "Zhasyl"),
    ("Шалкар", "Шалқар", "Shalkar"),
    ("Талды", "Талды", "Taldy"),
    ("Ой", "Ой", "Oi"),
    ("Кос", "Қос", "Kos"),
    ("Бес", "Бес", "Bes"),
    ("Жети", "Жеті", "Zheti"),
    ("Мын", "Мың", "Myn"),
)
SUFFIXES = (
    ("су", "су", "su"),
    ("тау", "тау", "tau"),
    ("коль", "көл", "kol"),
    ("булак", "бұлақ", "bulak"),
    ("озек", "өзек", "ozek"),
    ("тобе", "төбе", "tobe"),
    ("жар", "жар", "zhar"),
    ("дала", "дала", "dala"),
    ("курган", "қорған", "kurgan"),
    ("арык", "арық", "aryk"),
    ("шокы", "шоқы", "shoky"),
    ("бел", "бел", "bel"),
    ("сай", "сай", "sai"),
    ("копа", "қопа", "kopa"),
    ("кудук", "құдық", "kuduk"),
    ("терек", "терек", "terek"),
    ("кайын", "қайың", "kaiyn"),
    ("тогай", "тоғай", "togai"),
    ("жол", "жол", "zhol"),
    ("аул", "ауыл", "auyl"),
)
KINDS = (("село", "ауылы", "village"), ("станция", "бекеті", "station"), ("посёлок", "кенті", "settlement"))


def _place(rng: random.Random) -> tuple[str, str, str]:
    prefix, suffix = rng.choice(PREFIXES), rng.choice(SUFFIXES)
    return tuple(prefix[i] + suffix[i] for i in range(3))


def option_rows(count: int) -> list[dict]:
    """`count` settlement options (deterministic): «село Караколь (Тастобе р-н)» / «Қаракөл ауылы (Тастөбе ауданы)»."""
    rng = random.Random(20_000)
    rows = []
    for n in range(count):
        (ru, kk, en), (dru, dkk, den) = _place(rng), _place(rng)
        kind = rng.choice(KINDS)
        rows.append(
            {
                "type": f"bench_settlement_{n % TYPES}",
                "code": f"s{n}",
                "name_ru": f"{kind[0]} {ru} ({dru} р-н)",
                "name_kk": f"{kk} {kind[1]} ({dkk} ауданы)",
                "name_en": f"{en} {kind[2]} ({den} district)",
                "order": n % 100,
                "additional_data": {},
                "additional_count": 0,
            }
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000, help="select options to seed")
    parser.add_argument("--requests", type=int, default=20, help=f"timed requests per client ({CLIENTS} clients)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument(
        "--without-trigram-indexes", action="store_true", help="drop the names' trigram indexes (PostgreSQL)"
    )
    args = parser.parse_args()

    _, database_url, drop = bench_database(args.database_url)

    from flask import jsonify
    from sqlalchemy import text

    from server.extensions import db
    from server.models import SelectOption
    from server.models.reference import TRIGRAM_INDEXES
    from server.universal import dao as universal_dao

    app = quiet_app(
        database_url,
        SQLALCHEMY_ENGINE_OPTIONS={"pool_size": CLIENTS, "max_overflow": 5, "hide_parameters": True},
    )
    app.add_url_rule("/bench/trivial", "bench_trivial", lambda: jsonify({"success": True}))
    dialect = urlsplit(database_url).scheme
    postgres = dialect.startswith("postgresql")
    try:
        with app.app_context():
            db.create_all()
            rows = option_rows(args.count)
            db.session.execute(SelectOption.__table__.insert(), rows)
            if postgres and args.without_trigram_indexes:
                for index in TRIGRAM_INDEXES:
                    db.session.execute(text(f'DROP INDEX IF EXISTS "{index.name}"'))
            db.session.commit()
            if postgres:
                # What autovacuum does soon after a bulk load: statistics for the planner, and the GIN indexes'
                # pending list (where rows inserted after the index was built wait) merged into the index proper;
                # until then the planner prices every search as a read of the whole pending list.
                with db.engine.connect() as conn:
                    conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM ANALYZE select_options"))
        expected = sum(SEARCH in row["name_ru"].lower() for row in rows)

        server, base = serve(app)
        search_url = f"{base}/api/v1/universal/SelectOption/find-paginate"
        body = {"filters": {"name_ru": {"ilike": SEARCH}}, "paginate": {"page": 1, "size": PAGE_SIZE}}
        statements, bare = warmed_replay(app, base, lambda: call(search_url, body, None), WARM_UP)
        with app.app_context():
            client = app.test_client()
            answer = client.post("/api/v1/universal/SelectOption/find-paginate", json=body).get_json()
        assert answer["total"] == expected, (answer["total"], expected)  # Cyrillic case folding as Python's
        assert len(answer["list"]) == min(PAGE_SIZE, expected)

        print(
            f"database: {dialect}; select options: {args.count} in {TYPES} types; name_ru ilike {SEARCH!r}; "
            f"matches: {answer['total']}; page size {PAGE_SIZE}; {len(statements)} statements per call; "
            f"trigram indexes: {'dropped' if args.without_trigram_indexes else 'as declared'}; "
            f"{CLIENTS} clients × {args.requests} requests"
        )
        search_latencies, search_wall = concurrently(lambda: call(search_url, body, None), args.requests)
        search_rps = report("SelectOption search (HTTP)", search_latencies, search_wall)
        bare_latencies, bare_wall = concurrently(bare, args.requests)
        report("same SQL, bare DB-API loop", bare_latencies, bare_wall)
        trivial_latencies, trivial_wall = concurrently(lambda: call(f"{base}/bench/trivial", None, None), args.requests)
        trivial_rps = report("trivial JSON view (HTTP)", trivial_latencies, trivial_wall)
        print(
            f"median ratio (search / bare SQL): "
            f"{statistics.median(search_latencies) / statistics.median(bare_latencies):.2f}"
        )
        print(f"throughput ratio (search / trivial view): {search_rps / trivial_rps:.2f}  (target ≥ 0.5 on PostgreSQL)")
        # The same request with its SQL answered from memory: what the route costs besides its statement
        # (request and response schemas, the binding, serialization), the ceiling no SQL tuning can pass.
        with first_answer_replayed(universal_dao, "page"):
            concurrently(lambda: call(search_url, body, None), WARM_UP)
            floor_latencies, floor_wall = concurrently(lambda: call(search_url, body, None), args.requests)
            floor_rps = report("same search, SQL answered from memory", floor_latencies, floor_wall)
        print(f"throughput ratio (search without its SQL / trivial view): {floor_rps / trivial_rps:.2f}")
        server.shutdown()

        if postgres:
            used = True
            for statement, parameters in statements:
                if "select_options" not in statement:
                    continue
                plan = explain(app, statement, parameters, analyze=True)
                print(f"plan of: {' '.join(statement.split())[:110]} …")
                print(plan)
                used = used and "ix_select_options_name_ru_trgm" in plan
            print("trigram index used by every select_options statement:", used)
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
