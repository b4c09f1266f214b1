"""A real Celery worker (decision 0061): a reset request queues one job in Redis; a worker process started as the
README says issues the code in the shared database, queues the mail and delivers it to the aiosmtpd server, and the
code works.

Redis is the one on this machine (TEST_REDIS_URL, default redis://127.0.0.1:6379/15); the test is skipped when it
does not answer. The worker and this test share the test database through DATABASE_URL.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

from server import create_app
from server.extensions import db as _db
from server.jobs.celery_app import HIDDEN_ARGUMENTS
from server.models import OneTimeCode

from ..conftest import make_config
from ..helpers import API, assert_ok, extract_code, messages_for

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
DELIVERY_TIMEOUT_SECONDS = 60


@pytest.fixture
def redis_queue():
    """(Redis client, a queue name of this test's own) on the test Redis database; the queue's keys are deleted
    afterwards, and only those: another run of this test may be using the same database at the same time."""
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.exceptions.RedisError as error:
        client.close()
        pytest.skip(f"Redis at {REDIS_URL} does not answer ({type(error).__name__}); the real-worker test needs one")
    queue = f"qabyldau-test-{secrets.token_hex(4)}"
    try:
        yield client, queue
    finally:
        for key in client.scan_iter(match=f"*{queue}*"):
            client.delete(key)
        client.close()


def worker_environment(instance_dir: Path, database_url: str, smtp_url: str, queue: str, **extra) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "SMTP_URL", "DATABASE_URL", "JOBS_QUEUE")
    }
    env.update(
        INSTANCE_PATH=str(instance_dir),
        DATABASE_URL=database_url,
        SMTP_URL=smtp_url,
        JOBS_QUEUE=queue,
        SECRET_KEY="test-secret-key-that-is-long-enough-for-hmac-sha256",
        LOG_LEVEL="INFO",
        APP_ENV="development",  # the sandbox adapters of the session app; production refuses them at start
        PYTHONPATH=str(ROOT),
        **extra,
    )
    return env


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)


def test_a_worker_delivers_the_reset_code_queued_by_the_app(
    instance_dir, database_url, client, db, factories, smtp_server, redis_queue
):
    smtp_url, messages = smtp_server
    redis, queue = redis_queue
    factories.user(email="worker@example.com")
    web = create_app(make_config(instance_dir, database_url, REDIS_URL=REDIS_URL, SMTP_URL=smtp_url, JOBS_QUEUE=queue))
    try:
        assert web.extensions["celery"].conf.task_always_eager is False
        response = web.test_client().post(
            f"{API}/auth/forgot-password-generate-code", json={"email": "worker@example.com"}
        )
        assert_ok(response)
    finally:
        with web.app_context():
            _db.engine.dispose()
    # No worker yet: the request only queued the job (no code issued, nothing sent), and what monitoring tools show
    # of the job hides its arguments.
    assert messages_for(messages, "worker@example.com") == []
    assert db.session.scalar(select(func.count()).select_from(OneTimeCode)) == 0
    [queued] = [json.loads(raw) for raw in redis.lrange(queue, 0, -1)]
    assert queued["headers"]["task"] == "auth.send_reset_code"
    assert queued["headers"]["argsrepr"] == queued["headers"]["kwargsrepr"] == HIDDEN_ARGUMENTS

    log_path = instance_dir / f"worker-{queue}.log"
    with open(log_path, "wb") as log_file:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "server.jobs.worker", "worker", "--pool=solo", "--concurrency=1"]
            + ["--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT,
            env=worker_environment(instance_dir, database_url, smtp_url, queue, REDIS_URL=REDIS_URL),
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        try:
            code = extract_code(messages, "worker@example.com", timeout=DELIVERY_TIMEOUT_SECONDS)
        except AssertionError:
            pytest.fail(f"no mail from the worker in {DELIVERY_TIMEOUT_SECONDS} s; its log:\n{log_path.read_text()}")
    finally:
        stop(worker)

    [message] = messages_for(messages, "worker@example.com")
    assert message.subject == "Восстановление пароля Qabyldau"
    assert_ok(client.post(f"{API}/auth/forgot-password-check-code", json={"email": "worker@example.com", "code": code}))
    worker_log = log_path.read_text()
    assert "auth.send_reset_code" in worker_log and "mail.send" in worker_log and "mail sent" in worker_log
    assert code not in worker_log and "worker@example.com" not in worker_log  # task arguments never reach the log


def test_the_worker_refuses_to_start_without_a_broker(instance_dir, database_url):
    env = worker_environment(instance_dir, database_url, "", "unused")
    env.pop("SMTP_URL")
    result = subprocess.run(
        [sys.executable, "-c", "import server.jobs.worker"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "REDIS_URL is not set" in result.stderr


def test_the_docker_image_runs_any_role():
    """The worker and beat commands of the README replace the image's default command (no ENTRYPOINT in the way),
    and the image installs Celery from requirements.txt."""
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    runtime = dockerfile[dockerfile.index("AS runtime") :]
    assert "ENTRYPOINT" not in runtime
    assert "pip install --no-cache-dir -r requirements.txt" in runtime
    assert "celery -A server.jobs.worker worker" in runtime and "celery -A server.jobs.worker beat" in runtime
    assert any(line.startswith("celery==") for line in (ROOT / "requirements.txt").read_text().splitlines())
