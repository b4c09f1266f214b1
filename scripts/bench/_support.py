"""Shared by the benchmarks in this folder (not a benchmark itself: `make bench` skips files starting with _)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import secrets
import shutil
import statistics
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]


def postgres_database(base_url: str) -> tuple[str, Callable[[], None]]:
    """Creates qabyldau_bench_<random> next to the database named; returns its URL and a function dropping it."""
    from sqlalchemy import create_engine, text

    from server.config import sqlalchemy_url

    parts = urlsplit(base_url)
    name = f"qabyldau_bench_{secrets.token_hex(4)}"
    admin = create_engine(sqlalchemy_url(base_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop():
        with admin.connect() as conn:
            conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = :n AND pid <> pg_backend_pid()"
                ),
                {"n": name},
            )
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return urlunsplit(parts._replace(path=f"/{name}")), drop


def bench_database(database_url: str | None) -> tuple[Path, str, Callable[[], None] | None]:
    """A fresh instance folder (INSTANCE_PATH is set to it) and database: a SQLite file in it, or with a PostgreSQL
    URL a database of the bench's own next to the one named. Returns (instance, database URL, drop or None)."""
    instance = Path(tempfile.mkdtemp(prefix="qabyldau-bench-"))
    os.environ["INSTANCE_PATH"] = str(instance)
    if database_url and database_url.startswith("postgres"):
        url, drop = postgres_database(database_url.replace("postgres://", "postgresql://", 1))
        return instance, url, drop
    return instance, f"sqlite:///{instance / 'bench.sqlite3'}", None


# ---------------------------------------------------------------------------------------------- HTTP load


CLIENTS = 20  # concurrent clients of the HTTP benchmarks (20 admins, 20 applicants typing in a picker)


def serve(app):
    """The app in a real threaded HTTP server on a free loopback port: (server, base URL)."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_port}"


def call(url: str, body: dict | None, token: str | None) -> float:
    """One request (POST with a JSON body, or GET without one); its latency in seconds. Anything but 200 fails."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    started = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        response.read()
        assert response.status == 200
    return time.perf_counter() - started


def call_get(url: str, token: str) -> float:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    started = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        response.read()
        assert response.status == 200
    return time.perf_counter() - started


def concurrently(work, requests_per_client: int, clients: int = CLIENTS) -> tuple[list[float], float]:
    """(latencies, wall seconds) of `clients` threads each running `work()` requests_per_client times."""
    latencies: list[float] = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients + 1)

    def client():
        barrier.wait()
        mine = [work() for _ in range(requests_per_client)]
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    return latencies, time.perf_counter() - started


@contextmanager
def first_answer_replayed(owner, *names: str):
    """While active, each named function of `owner` (a module) answers every call with what its first call returned
    (computed for real). A request then runs without that SQL: the rest of its cost — routing, authentication,
    request and response schemas, serialization — measured alone, the most that no SQL tuning can go past.
    Answers are shared between threads as they are: only for functions whose callers do not change them."""
    originals = {name: getattr(owner, name) for name in names}

    def replaying(real):
        answers: list = []
        lock = threading.Lock()

        def replay(*args, **kwargs):
            if not answers:
                with lock:
                    if not answers:
                        answers.append(real(*args, **kwargs))
            return answers[0]

        return replay

    for name, real in originals.items():
        setattr(owner, name, replaying(real))
    try:
        yield
    finally:
        for name, real in originals.items():
            setattr(owner, name, real)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def report(name: str, latencies: list[float], wall: float) -> float:
    """Prints median, p95 and throughput of one measured phase; returns the throughput (requests/s)."""
    throughput = len(latencies) / wall
    median, p95 = statistics.median(latencies) * 1000, percentile(latencies, 0.95) * 1000
    print(f"{name:<34} median {median:7.1f} ms   p95 {p95:7.1f} ms   {throughput:7.1f} requests/s")
    return throughput


def captured_statements(app, make_request: Callable[[], object]) -> list[tuple[str, object]]:
    """Every SQL statement (with its DB-API parameters) that `make_request()` makes the app run."""
    from sqlalchemy import event

    from server.extensions import db

    statements = []

    def listener(conn, cursor, statement, parameters, context, executemany):
        statements.append((statement, parameters))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", listener)
    try:
        make_request()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return statements


def warmed_replay(app, base: str, make_request: Callable[[], object], warm_up: int):
    """The statements one `make_request()` runs and their bare DB-API replay (`bare_replay`), after a warm-up of the
    request, the replay and the trivial view at the measured concurrency, so every pooled connection (the app's and
    the bare loop's) is as warm as a long-running server's: connected, its catalogue caches filled. Returns
    (statements, replay)."""
    from server.extensions import db

    statements = captured_statements(app, make_request)
    with app.app_context():
        engine_url = db.engine.url.render_as_string(hide_password=False)
    bare = bare_replay(engine_url, statements)
    concurrently(make_request, warm_up)
    concurrently(bare, warm_up)
    concurrently(lambda: call(f"{base}/bench/trivial", None, None), warm_up)
    return statements, bare


def bare_replay(database_url: str, statements):
    """A function running the captured statements on a DB-API connection (no framework at all). Connections are
    kept between calls, as the app's pool keeps its own: at most one per concurrent client, reused by every later
    run (a warm-up run then leaves them as warm as the app's).

    `database_url` is the app engine's URL (`engine.url`): psycopg2 on PostgreSQL, as the app's; sqlite3 on SQLite."""
    idle: queue.SimpleQueue = queue.SimpleQueue()
    if database_url.startswith("postgres"):
        import psycopg2
        from sqlalchemy.engine import make_url

        conninfo = make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)

        def connect():
            return psycopg2.connect(conninfo)
    else:
        import sqlite3

        path = database_url.removeprefix("sqlite:///")

        def connect():
            connection = sqlite3.connect(path, check_same_thread=False)
            # The app's Unicode lower() (server/database.py), so the replayed SQL folds case as the app's does.
            connection.create_function("lower", 1, lambda s: s.lower() if isinstance(s, str) else s)
            return connection

    def work() -> float:
        try:
            connection = idle.get_nowait()
        except queue.Empty:
            connection = connect()
        started = time.perf_counter()
        cursor = connection.cursor()
        for statement, parameters in statements:
            cursor.execute(statement, parameters)
            cursor.fetchall()
        connection.rollback()
        elapsed = time.perf_counter() - started
        idle.put(connection)
        return elapsed

    return work


def explain(app, statement: str, parameters, analyze: bool = False) -> str:
    """The PostgreSQL plan of one captured statement (EXPLAIN, or EXPLAIN ANALYZE when asked)."""
    from server.extensions import db

    with app.app_context():
        raw = db.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(("EXPLAIN (ANALYZE, BUFFERS) " if analyze else "EXPLAIN ") + statement, parameters)
            return "\n".join(row[0] for row in cursor.fetchall())
        finally:
            raw.rollback()
            raw.close()


# ---------------------------------------------------------------------------------------------- the built client
# lighthouse.py, inp.py, long_tasks.py and render_counts.py measure the built client as an applicant's phone gets it:
# served by the real app over a throw-away database with the same seeds and users.

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
VIEWPORT = {"width": 412, "height": 823}  # a mid-range phone's, with touch


def client_bench_parser(doc: str) -> argparse.ArgumentParser:
    """The arguments every built-client benchmark takes (--database-url, --dist); its description is doc's first
    line."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--dist", default=str(ROOT / "client" / "dist"), help="the built client")
    return parser


def client_unavailable(dist: str) -> bool:
    """True (with the reason printed) when the built client or Chromium is missing: nothing to measure then."""
    if not (Path(dist) / "index.html").is_file():
        print("The client is not built: run `npm run build` first")
        return True
    if not os.access(CHROMIUM, os.X_OK):
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return True
    return False


def quiet_app(database_url: str, **settings):
    """The real app over database_url as every benchmark runs it: development settings (sandbox adapters), a random
    secret, no rate limits, warnings only in the logs; settings add to them (engine options, SMTP, the client...)."""
    from server import create_app
    from server.config import Config

    app = create_app(
        Config(
            APP_ENV="development",
            SQLALCHEMY_DATABASE_URI=database_url,
            SECRET_KEY=secrets.token_urlsafe(48),
            RATELIMIT_ENABLED=False,
            LOG_LEVEL="WARNING",
            **settings,
        )
    )
    logging.getLogger("qabyldau.access").setLevel(logging.WARNING)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    return app


def bench_app(dist: str, database_url: str, instance: Path):
    """The real app (WhiteNoise included) serving the built client from dist over the throw-away database."""
    return quiet_app(database_url, CLIENT_DIST=dist, STORAGE_URL=f"file://{instance / 'files'}")


def stored_user(app, factories, user) -> dict:
    """The client's session store (dorm_user) for this user as a returning applicant's browser holds it: the sign-in
    answer's token and the user as GET /users/self gives it (the client writes every merged answer back), so the
    page's first /users/self repeats what is stored, as it does for real applicants."""
    token = factories.token(user)
    answer = app.test_client().get("/api/v1/users/self", headers={"Authorization": f"Bearer {token}"})
    return {**answer.get_json()["item"], "token": token}


def prepare(app) -> tuple[dict, int, dict, int]:
    """Reference seeds; a verified foreign applicant with a session and an application (their questionnaire at
    /apply/<id>), and a Kazakhstan citizen past the credit bureau with an application on the stepper's first step.
    Returns (foreign dorm_user, its application id, citizen dorm_user, its application id)."""
    from sqlalchemy import select

    from server.extensions import db
    from server.models import Citizenship, StudyProgram, Term
    from server.seed import run_all
    from tests.factories import Factories

    with app.app_context():
        db.create_all()
        run_all()
        factories = Factories(db)
        germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
        kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
        user = factories.user(email="lighthouse@example.com", citizenship=germany)
        application = factories.application(user=user)
        citizen = factories.user(email="lighthouse.citizen@example.kz", citizenship=kazakhstan)
        factories.bureau_data(citizen)
        programs = {program.kind: program for program in db.session.scalars(select(StudyProgram))}
        stepper = factories.application(
            user=citizen,
            program=programs.get("regular_bachelors"),
            term=db.session.scalars(select(Term)).first(),
            current_step=1,
            financing="paid",
        )
        return stored_user(app, factories, user), application.id, stored_user(app, factories, citizen), stepper.id


@dataclass(frozen=True)
class ServedClient:
    """The built client served (base URL) and who is seeded: the foreign applicant (user, application_id, a
    questionnaire at /apply/<id>) and the Kazakhstan citizen (citizen, stepper_id, at /stepper/<id>)."""

    base: str
    user: dict
    application_id: int
    citizen: dict
    stepper_id: int

    def pages(self) -> list[dict]:
        """The first screens an applicant sees, as lighthouse.py measures them (long_tasks.py: the same pages)."""
        return [
            {"path": "/auth", "label": "/auth"},
            {"path": "/", "label": "/", "signedIn": True},
            {"path": "/apply", "label": "/apply", "signedIn": True},
            {"path": f"/apply/{self.application_id}", "label": "/apply/<id>", "signedIn": True},
            {"path": f"/stepper/{self.stepper_id}", "label": "/stepper/<id>", "signedIn": True, "user": self.citizen},
            {"path": "/my-applications", "label": "/my-applications", "signedIn": True},
            {"path": "/dormitory", "label": "/dormitory", "signedIn": True},
        ]


@contextmanager
def served_client(dist: str, database_url: str | None) -> Iterator[ServedClient]:
    """The built client in dist served by the real app (bench_app) over a throw-away database (bench_database)
    seeded by prepare. On the way out — a failed seed, a benchmark's error or Ctrl-C included — the server is
    stopped, the database dropped and the instance folder removed, so no run leaves a database or a port behind."""
    instance, url, drop = bench_database(database_url)
    server = None
    try:
        app = bench_app(dist, url, instance)
        user, application_id, citizen, stepper_id = prepare(app)
        server, base = serve(app)
        yield ServedClient(base, user, application_id, citizen, stepper_id)
    finally:
        if server:
            server.shutdown()
            server.server_close()
        if drop:
            drop()
        shutil.rmtree(instance, ignore_errors=True)


@contextmanager
def chromium():
    """The system Chromium driven by Playwright, closed on the way out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def phone_page(browser, init_script: str | None = None):
    """A page in a fresh browser context (cold cache, empty storage) with a phone's viewport and touch; init_script
    runs before any page script. The context is closed on the way out."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=2.625, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        if init_script:
            page.add_init_script(init_script)
        yield page
    finally:
        context.close()


def sign_in(page, base: str, user: dict) -> None:
    """Signs the page's context in as the client's own sign-in leaves it: the dorm_user session store, written on
    the app's origin (a cheap page of it) before the measured page is opened."""
    page.goto(f"{base}/api/v1/health")
    page.evaluate("(stored) => window.localStorage.setItem('dorm_user', stored)", json.dumps(user))
