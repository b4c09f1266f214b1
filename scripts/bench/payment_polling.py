"""Benchmark: 50 applicants polling GET /api/v1/users/check-payment-step/{id} every 5 s (req §4, §9) alongside
normal traffic, against the same normal traffic without polling (issue 11; decision 0065).

Normal traffic: NORMAL_CLIENTS signed-in applicants, each repeating GET /users/self, GET /users/applications,
GET /users/application/{id} and GET /users/home-page-messages with a fixed think time, so both phases send the
same normal requests. Pollers: POLLERS citizens at the payment step with a pending sandbox payment, each polling
every 5 s, their first polls spread over the interval (as real applicants are).

Reported for each phase: server CPU seconds (the thread CPU time spent inside the app's WSGI callable, so the
client threads do not count), requests served, and the normal traffic's median and p95 latency; then the ratios
with / without polling. The extra load of polling is the CPU ratio; the latency ratio shows what normal users feel.

    .venv/bin/python scripts/bench/payment_polling.py [--seconds 30] [--pollers 50] [--database-url postgresql://...]

The app runs in a real threaded HTTP server on a throw-away database (a SQLite file in a temporary directory, or a
new PostgreSQL database next to the one named, dropped afterwards).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from _support import bench_database, quiet_app  # noqa: E402

NORMAL_CLIENTS = 10
THINK_SECONDS = 0.2
POLL_SECONDS = 5.0  # req §9


class CpuMeter:
    """WSGI middleware summing the thread CPU time spent serving requests."""

    def __init__(self, app):
        self.app = app
        self.lock = threading.Lock()
        self.reset()

    def __call__(self, environ, start_response):
        kind = "poll" if "/check-payment-step/" in environ.get("PATH_INFO", "") else "normal"
        started = time.thread_time()
        try:
            return list(self.app(environ, start_response))
        finally:
            spent = time.thread_time() - started
            with self.lock:
                self.cpu[kind] += spent
                self.count[kind] += 1

    def reset(self):
        with self.lock:
            self.cpu = {"poll": 0.0, "normal": 0.0}
            self.count = {"poll": 0, "normal": 0}


def serve(app):
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def get(url: str, token: str) -> tuple[int, float]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.perf_counter() - started


def seed(app, pollers: int):
    from server.accounts.auth import start_session
    from server.extensions import db
    from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Application, Citizenship, StudyProgram, Term, User
    from server.models.payment import Payment
    from server.payments.home_messages import create as create_message
    from server.security import hash_password

    with app.app_context():
        db.create_all()
        kz = Citizenship(
            code="KZ",
            order=0,
            name_ru="Гражданин Республики Казахстан",
            name_en=KAZAKHSTAN_CITIZENSHIP_EN,
            name_kk="ҚР",
        )
        program = StudyProgram(
            code="bench",
            degree="bachelor",
            kind="regular_bachelors",
            name_ru="Бакалавриат",
            name_en="Bachelor",
            name_kk="Бакалавриат",
            additional_data={},
        )
        from datetime import UTC, datetime, timedelta

        now = datetime.now(UTC)
        term = Term(year=2099, name="Bench", opens_at=now - timedelta(days=1), closes_at=now + timedelta(days=30))
        db.session.add_all([kz, program, term])
        db.session.flush()
        password = hash_password(secrets.token_urlsafe(12))
        create_message(title_ru="Новости", text_ru="Приём документов открыт")

        def person(n, kind):
            user = User(email=f"{kind}{n}@bench.kz", password_hash=password, is_verified=True, citizenship_id=kz.id)
            db.session.add(user)
            db.session.flush()
            application = Application(
                user_id=user.id, study_program_id=program.id, term_id=term.id, current_step=2, financing="paid"
            )
            db.session.add(application)
            db.session.flush()
            return user, application

        normal, polling = [], []
        for n in range(NORMAL_CLIENTS):
            user, application = person(n, "normal")
            normal.append((start_session(user), application.id))
        for n in range(pollers):
            user, application = person(n, "poller")
            db.session.add(
                Payment(
                    user_id=user.id,
                    application_id=application.id,
                    purpose="admission_fee",
                    amount=10000,
                    provider="sandbox",
                )
            )
            polling.append((start_session(user), application.id))
        db.session.commit()
    return normal, polling


def run_phase(base: str, meter: CpuMeter, normal, polling, seconds: float) -> dict:
    stop = threading.Event()
    latencies: list[float] = []
    errors: list[int] = []
    polls = [0]
    lock = threading.Lock()

    def normal_client(token, application_id):
        paths = (
            "/users/self",
            "/users/applications",
            f"/users/application/{application_id}",
            "/users/home-page-messages",
        )
        i = 0
        while not stop.is_set():
            status, took = get(f"{base}/api/v1{paths[i % len(paths)]}", token)
            with lock:
                latencies.append(took)
                if status != 200:
                    errors.append(status)
            i += 1
            stop.wait(THINK_SECONDS)

    def poller(token, application_id, offset):
        if stop.wait(offset):
            return
        while not stop.is_set():
            status, _ = get(f"{base}/api/v1/users/check-payment-step/{application_id}", token)
            with lock:
                polls[0] += 1
                if status != 200:
                    errors.append(status)
            stop.wait(POLL_SECONDS)

    threads = [threading.Thread(target=normal_client, args=pair) for pair in normal]
    threads += [
        threading.Thread(target=poller, args=(token, app_id, POLL_SECONDS * i / max(1, len(polling))))
        for i, (token, app_id) in enumerate(polling)
    ]
    meter.reset()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    ordered = sorted(latencies)
    return {
        "cpu": meter.cpu["poll"] + meter.cpu["normal"],
        "cpu_normal": meter.cpu["normal"],
        "cpu_poll": meter.cpu["poll"],
        "count_normal": meter.count["normal"],
        "count_poll": meter.count["poll"],
        "requests": meter.count["poll"] + meter.count["normal"],
        "normal": len(latencies),
        "polls": polls[0],
        "errors": errors,
        "p50": statistics.median(ordered) if ordered else 0.0,
        "p95": ordered[int(len(ordered) * 0.95) - 1] if ordered else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--pollers", type=int, default=50)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()

    instance, database_url, drop = bench_database(args.database_url)

    app = quiet_app(
        database_url,
        SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 20, "max_overflow": 60, "hide_parameters": True},
    )
    try:
        normal, polling = seed(app, args.pollers)
        meter = CpuMeter(app.wsgi_app)
        app.wsgi_app = meter
        server, base = serve(app)
        for token, application_id in normal[:2] + polling[:2]:  # warm-up
            get(f"{base}/api/v1/users/application/{application_id}", token)
            get(f"{base}/api/v1/users/check-payment-step/{application_id}", token)

        print(
            f"database: {database_url.split(':')[0]}; {NORMAL_CLIENTS} normal clients (think {THINK_SECONDS}s), "
            f"{args.pollers} pollers every {POLL_SECONDS:.0f}s, {args.seconds:.0f}s per phase"
        )
        without = run_phase(base, meter, normal, [], args.seconds)
        with_polling = run_phase(base, meter, normal, polling, args.seconds)
        server.shutdown()
        for name, result in (("without polling", without), ("with polling", with_polling)):
            print(
                f"{name:16s} server CPU {result['cpu']:.2f}s  requests {result['requests']}  "
                f"(normal {result['normal']}, polls {result['polls']})  normal p50 {result['p50'] * 1000:.1f} ms  "
                f"p95 {result['p95'] * 1000:.1f} ms  errors {len(result['errors'])}"
            )
        # Closed-loop normal clients send fewer requests when the server is busier, so the fair comparison is per
        # second of the same normal traffic: its CPU rate without polling against that rate plus the polls' rate.
        normal_rate = without["cpu_normal"] / args.seconds
        poll_rate = with_polling["cpu_poll"] / args.seconds
        per_normal = with_polling["cpu_normal"] / max(1, with_polling["count_normal"])
        per_poll = with_polling["cpu_poll"] / max(1, with_polling["count_poll"])
        print(f"CPU per request: normal {per_normal * 1000:.2f} ms, poll {per_poll * 1000:.2f} ms")
        print(
            f"extra load (server CPU of normal traffic + polling / normal traffic alone): "
            f"{(normal_rate + poll_rate) / normal_rate:.2f}"
        )
        print(f"measured server CPU ratio of the two phases: {with_polling['cpu'] / without['cpu']:.2f}")
        print(
            f"normal traffic latency ratio: p50 {with_polling['p50'] / without['p50']:.2f}, "
            f"p95 {with_polling['p95'] / without['p95']:.2f}"
        )
        if without["errors"] or with_polling["errors"]:
            print(f"errors: {sorted(set(without['errors'] + with_polling['errors']))}")
            return 1
        return 0
    finally:
        if drop:
            drop()


if __name__ == "__main__":
    raise SystemExit(main())
