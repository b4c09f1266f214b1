"""The production topology, started from processes (scripts/topology/topology.py), answers through its load
balancer as one service (issue 25, "The topology, runnable here"; decision 0082):
- a sign-up's mail is sent by the Celery worker, not by the app server that took the request;
- a file uploaded through one app server downloads through the other;
- rate limits are shared between the app servers (Redis);
- a periodic job runs once per tick from the one beat, not once per server;
- killing one app server (kill -9) leaves the balancer answering.

.ci/run runs this file (TOPOLOGY_TESTS=1); `make test` skips it, since it starts a dozen processes. It skips with
the reason when nginx, PgBouncer, Redis or PostgreSQL cannot be found or installed.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from ..helpers import extract_code, start_smtp_server
from ..integration.test_user_data_support import PDF, step_of

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "topology"))
from topology import Topology, TopologyUnavailable  # noqa: E402

pytestmark = pytest.mark.skipif(
    os.environ.get("TOPOLOGY_TESTS") != "1",
    reason="the topology smoke test starts nginx, PgBouncer, Redis, two app servers, a worker and beat: "
    "run it with TOPOLOGY_TESTS=1 (.ci/run does)",
)

API = "/api/v1"


def _call(base: str, method: str, path: str, body=None, headers=None, data: bytes | None = None):
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def _multipart(fields: dict[str, str], files: dict[str, tuple[bytes, str]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, (content, filename) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            "Content-Type: application/pdf\r\n\r\n"
        )
        parts.append(head.encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


@pytest.fixture(scope="module")
def smtp():
    controller, url, messages = start_smtp_server()
    yield url, messages
    controller.stop()


@pytest.fixture(scope="module")
def topology(smtp):
    url, _ = smtp
    # A short reconciliation interval makes the beat's periodic job tick within the test.
    setup = Topology(
        smtp_url=url,
        workers_per_server=1,
        storage=os.environ.get("TOPOLOGY_STORAGE", "auto"),
        extra_env={"PAYMENT_RECONCILE_INTERVAL_SECONDS": "2"},
    )
    try:
        setup.start()
    except TopologyUnavailable as missing:
        pytest.skip(str(missing))
    yield setup
    setup.stop()


@pytest.fixture(scope="module")
def factories(topology):
    """Rows written straight into the topology's database, signed with its SECRET_KEY."""
    from server import create_app
    from server.extensions import db

    from ..conftest import make_config
    from ..factories import Factories

    with tempfile.TemporaryDirectory() as instance:
        app = create_app(
            make_config(
                Path(instance),
                topology.direct_database_url,
                SECRET_KEY=topology.secret_key,
                JWT_SECRET_KEY=topology.secret_key,
            )
        )
        with app.app_context():
            yield Factories(db)
            db.session.remove()
            db.engine.dispose()


def test_the_sign_up_mail_is_sent_by_the_worker(topology, smtp):
    _, messages = smtp
    email = f"topology.{uuid.uuid4().hex[:8]}@example.com"
    password = "Topology-pass-2026"
    status, body, _ = _call(
        topology.url,
        "POST",
        f"{API}/auth/sign-up",
        {"user": {"email": email, "password": password, "repeat_password": password}},
    )
    assert status == 200, body
    assert extract_code(messages, email, timeout=30)
    assert "mail.send" in topology.log("worker") and "succeeded" in topology.log("worker")
    for index in range(topology.app_servers):
        assert "mail.send" not in topology.log(f"app{index}")


def test_a_file_uploaded_through_one_app_server_downloads_through_the_other(topology, factories):
    application = factories.application(user=factories.applicant())
    token = factories.token(application.user)
    form = step_of(False, "regular_bachelors", "passport")
    data, content_type = _multipart(
        {"hidden_application_id": str(application.id), f"form___{form}___data_stringified": "{}"},
        {f"form___{form}___passport": (PDF, "passport.pdf")},
    )
    headers = {"Authorization": f"Bearer {token}", "Content-Type": content_type}
    status, body, _ = _call(
        topology.app_url(0), "POST", f"{API}/users/bulk-upsert-user-data", headers=headers, data=data
    )
    assert status == 200, body
    status, body, _ = _call(
        topology.app_url(1),
        "GET",
        f"{API}/users/fill-items/{application.id}",
        headers={"Authorization": headers["Authorization"]},
    )
    assert status == 200, body
    items = {item["type"]: item for item in json.loads(body)["fill_items"]}
    file_id = items[form]["data"]["passport"]["id"]
    status, body, response_headers = _call(
        topology.app_url(1), "GET", f"{API}/files/{file_id}", headers={"Authorization": headers["Authorization"]}
    )
    assert status == 200 and body == PDF
    assert response_headers["Content-Type"].startswith("application/pdf")
    # Another applicant is refused on either server: the object-level check holds whatever the storage.
    stranger = factories.token(factories.applicant())
    status, _, _ = _call(
        topology.app_url(0), "GET", f"{API}/files/{file_id}", headers={"Authorization": f"Bearer {stranger}"}
    )
    assert status in (403, 404)


def test_rate_limits_are_shared_between_app_servers(topology):
    """RATE_LIMIT_SIGN_UP_PER_ACCOUNT is 5 per hour: the sixth sign-up of one address is refused although each
    app server saw only three of them."""
    email = f"limit.{uuid.uuid4().hex[:8]}@example.com"
    password = "Topology-pass-2026"
    body = {"user": {"email": email, "password": password, "repeat_password": password}}
    statuses = [_call(topology.app_url(attempt % 2), "POST", f"{API}/auth/sign-up", body)[0] for attempt in range(6)]
    assert statuses[:5] == [200] * 5 and statuses[5] == 429, statuses


def test_a_periodic_job_runs_once_per_tick_from_the_one_beat(topology):
    """Two app servers and a worker are running, yet every tick the beat sends is run exactly once."""
    time.sleep(9)
    sent = re.findall(r"Sending due task (\S+) \(payments\.reconcile_pending\)", topology.log("beat"))
    ran = re.findall(r"Task payments\.reconcile_pending\[[0-9a-f-]+\] succeeded", topology.log("worker"))
    assert len(sent) >= 3, topology.log("beat")[-2000:]
    assert abs(len(ran) - len(sent)) <= 1  # the last tick may still be running
    for index in range(topology.app_servers):
        assert "payments.reconcile_pending" not in topology.log(f"app{index}")


def test_the_balancer_routes_around_a_killed_app_server(topology):
    topology.kill_app_server(1)
    try:
        statuses = [_call(topology.url, "GET", f"{API}/health")[0] for _ in range(20)]
        assert statuses == [200] * 20
    finally:
        topology.restart_app_server(1)


def test_the_app_servers_recover_when_the_database_pooler_restarts(topology):
    """Every pooled database connection drops at once: requests in that moment answer 503 with Retry-After (never
    500), and the app servers serve again without a restart of their own (the pool's pre-ping)."""
    topology.restart_pgbouncer()
    statuses = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, _, headers = _call(topology.url, "GET", f"{API}/health")
        statuses.append(status)
        if status == 503:
            assert headers.get("Retry-After") == "5"
        if statuses[-3:] == [200, 200, 200]:
            break
        time.sleep(0.2)
    assert 500 not in statuses and statuses[-3:] == [200, 200, 200], statuses
