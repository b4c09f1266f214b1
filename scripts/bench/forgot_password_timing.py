"""Benchmark: POST /api/v1/auth/forgot-password-generate-code for a registered e-mail against an unknown one.

Decision 0002 makes the answer the same for both; decision 0061 makes the time the same too: the request only
queues one job for any address, and the job looks the address up, issues the code and mails it. The SMTP server
here is a local aiosmtpd that takes --smtp-delay-ms before accepting each message, like a real one. Modes:

- worker: jobs go to Redis (--redis-url) and a Celery worker process (`celery -A server.jobs.worker worker`) runs
  them. Skipped, with a note, when Redis does not answer.
- in-process: no REDIS_URL (`make start`): the job runs right after the request's commit, inside the request, so
  the registered address still pays for the code and the SMTP time. Shown for contrast.

Requests alternate between the two addresses through the Flask test client; the script prints the median and p95
of each side by side and the ratio (registered / unknown; near 1 means no timing difference). Usage:

    .venv/bin/python scripts/bench/forgot_password_timing.py [--requests 200] [--smtp-delay-ms 50]
        [--mode both|worker|in-process] [--redis-url redis://127.0.0.1:6379/15] [--database-url postgresql://...]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from _support import bench_database, quiet_app  # noqa: E402  (scripts/bench/_support.py, next to this script)

PATH = "/api/v1/auth/forgot-password-generate-code"
REGISTERED = "registered@example.com"
UNKNOWN = "unknown@example.com"
DELIVERY_TIMEOUT_SECONDS = 120


class SlowSmtpHandler:
    """Accepts every message after a delay, as a real server does its checks; counts what it got."""

    def __init__(self, delay_seconds: float):
        self.delay_seconds = delay_seconds
        self.delivered = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd hook name)
        await asyncio.sleep(self.delay_seconds)
        self.delivered += 1
        return "250 Message accepted for delivery"


def start_smtp(delay_seconds: float):
    import socket

    from aiosmtpd.controller import Controller

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = SlowSmtpHandler(delay_seconds)
    controller = Controller(handler, hostname="127.0.0.1", port=port, ready_timeout=10)
    controller.start()
    return controller, handler, f"smtp://127.0.0.1:{port}"


def redis_answers(url: str) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        return bool(client.ping())
    except redis.exceptions.RedisError:
        return False
    finally:
        client.close()


def start_worker(env: dict, log_path: Path) -> subprocess.Popen:
    with open(log_path, "wb") as log_file:
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "server.jobs.worker", "worker", "--pool=solo", "--concurrency=1"]
            + ["--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )


def stop_worker(worker: subprocess.Popen) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=20)


def time_requests(client, requests: int) -> dict[str, list[float]]:
    """Milliseconds per request for each address, alternating so both see the same machine load."""
    timings = {REGISTERED: [], UNKNOWN: []}
    for _ in range(max(5, requests // 10)):  # warm-up
        for email in timings:
            assert client.post(PATH, json={"email": email}).status_code == 200
    for _ in range(requests):
        for email, samples in timings.items():
            started = time.perf_counter()
            response = client.post(PATH, json={"email": email})
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.get_json()
    return timings


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[18]


def report(mode: str, timings: dict[str, list[float]], delivered: str) -> None:
    known, unknown = timings[REGISTERED], timings[UNKNOWN]
    print(f"\n{mode}")
    print(f"  {'':18} {'median ms':>10} {'p95 ms':>10}")
    print(f"  {'registered e-mail':18} {statistics.median(known):10.2f} {p95(known):10.2f}")
    print(f"  {'unknown e-mail':18} {statistics.median(unknown):10.2f} {p95(unknown):10.2f}")
    ratio_median = statistics.median(known) / statistics.median(unknown)
    print(f"  ratio (registered / unknown): median {ratio_median:.2f}, p95 {p95(known) / p95(unknown):.2f}")
    print(f"  {delivered}")


def wait_for_delivery(handler: SlowSmtpHandler, expected: int) -> str:
    deadline = time.monotonic() + DELIVERY_TIMEOUT_SECONDS
    while handler.delivered < expected and time.monotonic() < deadline:
        time.sleep(0.2)
    return f"mail delivered: {handler.delivered} of {expected}"


def run_mode(mode: str, args, database_url: str, smtp_url: str, handler: SlowSmtpHandler) -> None:
    from server.extensions import db

    queue = f"qabyldau-bench-{secrets.token_hex(4)}"
    redis_url = args.redis_url if mode == "worker" else None
    app = quiet_app(database_url, SMTP_URL=smtp_url, REDIS_URL=redis_url, JOBS_QUEUE=queue)
    worker = None
    if mode == "worker":
        env = dict(os.environ)
        env.update(
            DATABASE_URL=database_url,
            SMTP_URL=smtp_url,
            REDIS_URL=redis_url,
            JOBS_QUEUE=queue,
            LOG_LEVEL="WARNING",
            APP_ENV="development",
            PYTHONPATH=str(ROOT),
        )
        worker = start_worker(env, Path(os.environ["INSTANCE_PATH"]) / f"worker-{queue}.log")
    before = handler.delivered
    try:
        timings = time_requests(app.test_client(), args.requests)
        sent = len(timings[REGISTERED]) + max(5, args.requests // 10)
        delivered = wait_for_delivery(handler, before + sent) if worker else f"mail delivered: {sent} in the requests"
    finally:
        if worker is not None:
            stop_worker(worker)
            purge_queue(redis_url, queue)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    title = (
        f"worker: REDIS_URL={redis_url}, a Celery worker delivers the mail"
        if worker
        else "in-process: no REDIS_URL, the job (code and mail) runs inside the request"
    )
    report(title, timings, delivered)


def purge_queue(redis_url: str, queue: str) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        for key in client.scan_iter(match=f"*{queue}*"):
            client.delete(key)
    finally:
        client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="timed requests per address (bounded loop)")
    parser.add_argument("--smtp-delay-ms", type=float, default=50.0, help="time the SMTP server takes per message")
    parser.add_argument("--mode", choices=("both", "worker", "in-process"), default="both")
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15"))
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    args = parser.parse_args()

    _, database_url, drop = bench_database(args.database_url)
    from server import create_app
    from server.config import Config
    from server.extensions import db
    from server.models import User
    from server.security import hash_password

    controller, handler, smtp_url = start_smtp(args.smtp_delay_ms / 1000)
    try:
        setup = create_app(
            Config(
                APP_ENV="development", SQLALCHEMY_DATABASE_URI=database_url, SECRET_KEY="x" * 48, LOG_LEVEL="WARNING"
            )
        )
        with setup.app_context():
            db.create_all()
            db.session.add(User(email=REGISTERED, password_hash=hash_password("bench-password"), is_verified=True))
            db.session.commit()
            db.engine.dispose()
        print(
            f"database: {urlsplit(database_url).scheme}; SMTP delay: {args.smtp_delay_ms:g} ms per message; "
            f"requests: {args.requests} per address, alternating"
        )
        modes = ("worker", "in-process") if args.mode == "both" else (args.mode,)
        for mode in modes:
            if mode == "worker" and not redis_answers(args.redis_url):
                print(f"\nworker: skipped, Redis at {args.redis_url} does not answer")
                continue
            run_mode(mode, args, database_url, smtp_url, handler)
    finally:
        controller.stop()
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
