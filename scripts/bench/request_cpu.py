"""Benchmark: CPU milliseconds per request of each call in the deadline-day applicant mix (issue 25's "rest of the
mix at most 8 ms per request"), against a bare JSON view in the same process.

The load test (scripts/load/run.py) measures the mix's CPU from outside, under load, on the whole topology; it takes
45 minutes and a quiet machine. This script answers the question a developer asks while changing the code: which
call costs what, and where does its time go. It seeds a throw-away database, signs in applicants of both
populations, and replays each call of `scripts/load/locustfile.py`'s applicant mix through the app (the Flask test
client, one thread), measuring this process's CPU time per call. The mix figure weights the calls as the locustfile
does. `--profile` adds a cProfile of the whole mix (top functions by own time and by cumulative time).

    .venv/bin/python scripts/bench/request_cpu.py [--applicants 2000] [--calls 200] [--profile]
        [--database-url postgresql://postgres@127.0.0.1:5432/test]

Ratios against the bare view make figures comparable between machines; the absolute milliseconds are what the
issue's target names (they assume an idle core).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import bench_database, quiet_app  # noqa: E402
from seed_applicants import PASSWORD, seed  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts" / "load"))
from locustfile import AUTOSAVE_FIELD, bulk_fields  # noqa: E402  (the load test's own requests)

API = "/api/v1"
# (name, weight in the locustfile's applicant mix); sign-in is priced separately (argon2_cost.py, the load test).
MIX = (
    ("steps", 3),
    ("fill-items", 3),
    ("autosave", 4),
    ("my-applications", 2),
    ("application", 1),
    ("self", 1),
    ("payment-poll", 1),
    ("option-search", 1),
    ("institution-search", 1),
)
OPTION_WORDS = ("мат", "инф", "эко", "пра", "мед", "био", "физ", "хим")
INSTITUTION_WORDS = ("школа", "лицей", "гимназия", "колледж", "назарбаев")


def request_for(name: str, person: dict, counter: int) -> tuple[str, str, dict]:
    """(method, path, keyword arguments of the test client) of one call of the mix."""
    app_id = person["application_id"]
    if name == "steps":
        return "POST", "/users/steps", {"json": {"application_id": app_id}}
    if name == "fill-items":
        return "GET", f"/users/fill-items/{app_id}", {}
    if name == "autosave":
        form_key, field = person["autosave"]
        return (
            "POST",
            "/users/bulk-upsert-user-data",
            {"data": bulk_fields(app_id, {form_key: {field: f"Bench {counter}"}})},
        )
    if name == "my-applications":
        return "GET", "/users/applications", {}
    if name == "application":
        return "GET", f"/users/application/{app_id}", {}
    if name == "self":
        return "GET", "/users/self", {}
    if name == "payment-poll":
        return "GET", f"/users/check-payment-step/{app_id}", {}
    if name == "option-search":
        body = {
            "filters": {"name_ru": {"ilike": OPTION_WORDS[counter % len(OPTION_WORDS)]}},
            "params": {},
            "paginate": {"page": 1, "size": 20},
        }
        return "POST", "/universal/SelectOption/find-paginate", {"json": body}
    if name == "institution-search":
        return "GET", "/institutions/search", {"query_string": {"q": INSTITUTION_WORDS[counter % 5]}}
    if name == "bare":
        return "GET", "/bench/bare", {}
    raise ValueError(name)


def people(app, count: int) -> list[dict]:
    """Signed-in applicants of both populations with a writable (not yet submitted) application, where possible."""
    from sqlalchemy import select

    from server.extensions import db
    from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Application, Citizenship, User

    chosen = []
    with app.app_context():
        kz_id = db.session.scalar(select(Citizenship.id).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN))
        rows = db.session.execute(
            select(User.email, Application.id, Application.submitted_at, User.citizenship_id)
            .join(Application, Application.user_id == User.id)
            .where(User.password_hash.isnot(None))
            .order_by(Application.id)
        ).all()
    rng = random.Random(7)
    rng.shuffle(rows)
    client = app.test_client()
    for email, application_id, submitted_at, citizenship_id in rows:
        if len(chosen) >= count:
            break
        answer = client.post(f"{API}/auth/sign-in", json={"email": email, "password": PASSWORD})
        if answer.status_code != 200:
            continue
        chosen.append(
            {
                "token": answer.get_json()["user"]["token"],
                "application_id": application_id,
                "autosave": AUTOSAVE_FIELD[citizenship_id == kz_id],
                "writable": submitted_at is None,
            }
        )
    return chosen


def measure(client, name: str, persons: list[dict], calls: int) -> tuple[float, dict[int, int]]:
    """Mean CPU milliseconds of `calls` calls of one kind (a warm-up pass first); the statuses seen."""
    statuses: dict[int, int] = {}

    def once(i: int) -> None:
        person = persons[i % len(persons)]
        if name == "autosave" and not person["writable"]:
            person = next((p for p in persons if p["writable"]), person)
        method, path, kwargs = request_for(name, person, i)
        headers = {"Authorization": f"Bearer {person['token']}"}
        response = client.open(API + path if name != "bare" else path, method=method, headers=headers, **kwargs)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

    for i in range(min(20, calls)):
        once(i)
    statuses.clear()
    started = time.process_time()
    for i in range(calls):
        once(i)
    return (time.process_time() - started) * 1000 / calls, statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--applicants", type=int, default=2000, help="applicants seeded")
    parser.add_argument("--people", type=int, default=20, help="signed-in applicants the calls rotate over")
    parser.add_argument("--calls", type=int, default=200, help="timed calls per kind")
    parser.add_argument("--profile", action="store_true", help="cProfile the whole mix and print the top functions")
    parser.add_argument("--only", choices=[name for name, _ in MIX], help="measure and profile one call only")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()
    mix = [(name, weight) for name, weight in MIX if args.only in (None, name)]

    instance, database_url, drop = bench_database(args.database_url)
    from flask import jsonify

    from server.extensions import db

    app = quiet_app(database_url)
    app.add_url_rule("/bench/bare", "bench_bare", lambda: jsonify({"success": True}))
    try:
        with app.app_context():
            db.create_all()
            print(f"seeding {args.applicants} applicants …", flush=True)
            seed(db, args.applicants, progress=lambda line: None)
        persons = people(app, args.people)
        print(
            f"database: {database_url.split(':', 1)[0]}; {len(persons)} signed-in applicants; {args.calls} calls each"
        )
        client = app.test_client()
        bare, _ = measure(client, "bare", persons, args.calls)
        print(f"{'call':<20}{'CPU ms':>9}{'× bare':>9}  statuses")
        print(f"{'bare JSON view':<20}{bare:>9.2f}{1:>9.1f}")
        figures = {}
        for name, _weight in mix:
            ms, statuses = measure(client, name, persons, args.calls)
            figures[name] = ms
            print(f"{name:<20}{ms:>9.2f}{ms / bare:>9.1f}  {dict(sorted(statuses.items()))}")
        total_weight = sum(weight for _, weight in mix)
        weighted = sum(figures[name] * weight for name, weight in mix) / total_weight
        print(f"{'mix (weighted)':<20}{weighted:>9.2f}{weighted / bare:>9.1f}   target ≤ 8 ms (issue 25)")
        if args.profile:
            profiler = cProfile.Profile(time.process_time)  # CPU, as the figures above: not time spent waiting
            profiler.enable()
            for name, weight in mix:
                measure(client, name, persons, max(1, args.calls * weight // total_weight))
            profiler.disable()
            for order, restrictions in (("tottime", (30,)), ("cumulative", (30,)), ("cumulative", ("/server/", 40))):
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(*restrictions)
                print(out.getvalue())
    finally:
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
