"""deploy/ (issue 25): the compose file runs every production role with health checks, and its nginx settings are
the ones the process topology (scripts/topology/topology.py) starts, so what CI's smoke test proves holds for it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
sys.path.insert(0, str(ROOT / "scripts" / "topology"))
import topology  # noqa: E402


def _seconds(config: str, directive: str, block: str = "") -> list[int]:
    return [int(value) for value in re.findall(rf"^\s*{directive}\s+(\d+)s;", config, re.M)]


def test_the_compose_file_runs_every_role_with_health_checks():
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    services = compose["services"]
    for role in ("app1", "app2", "worker", "beat", "db", "pgbouncer", "redis", "minio", "proxy"):
        assert role in services, role
    for role in ("app1", "app2", "worker", "db", "pgbouncer", "redis", "minio", "proxy"):
        assert "healthcheck" in services[role], role
    assert services["pgbouncer"]["environment"]["POOL_MODE"] == "transaction"
    assert services["app1"]["environment"]["TRUSTED_PROXY_COUNT"] == "1"
    assert services["app1"]["environment"]["APP_ENV"] == "production"
    assert "beat" in services["beat"]["command"] and services["beat"]["deploy"]["replicas"] == 1
    assert "--keep-alive 75" in " ".join(services["app1"]["command"])
    example = (DEPLOY / ".env.example").read_text()
    for variable in (
        "SECRET_KEY",
        "DATABASE_URL",
        "STORAGE_URL",
        "AWS_ENDPOINT_URL_S3",
        "SMTP_URL",
        "PAYMENT_PROVIDER",
    ):
        assert re.search(rf"^{variable}=", example, re.M), variable


@pytest.mark.parametrize("source", ["deploy", "topology"])
def test_keep_alive_and_limits_agree(source):
    if source == "deploy":
        config = (DEPLOY / "nginx.conf").read_text()
        gunicorn_keep_alive = 75
    else:
        config = topology.NGINX_TEMPLATE.format(
            dir="/tmp/x",
            user="nobody",
            upstreams="server 127.0.0.1:1;",
            port=1,
            max_body=125829120,
            upstream_keepalive=topology.NGINX_UPSTREAM_KEEPALIVE_SECONDS,
            client_keepalive=topology.NGINX_CLIENT_KEEPALIVE_SECONDS,
        )
        gunicorn_keep_alive = topology.GUNICORN_KEEP_ALIVE_SECONDS
    upstream = re.search(r"upstream qabyldau_app \{(.*?)\}", config, re.S).group(1)
    upstream_keepalive = _seconds(upstream, "keepalive_timeout")[0]
    # nginx drops an idle upstream connection before gunicorn does, never after.
    assert upstream_keepalive < gunicorn_keep_alive
    # Clients pausing 1-3 s between calls keep their connection.
    client_keepalive = _seconds(config.replace(upstream, ""), "keepalive_timeout")[0]
    assert client_keepalive >= 10
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in config  # one trusted hop, overwritten
    assert re.search(r"^\s*gzip off;", config, re.M)
    body = re.search(r"client_max_body_size (\d+)(m?);", config)
    limit = int(body.group(1)) * (1024 * 1024 if body.group(2) else 1)
    assert limit >= 12 * 10 * 1024 * 1024  # UPLOAD_MAX_REQUEST_BYTES' default


@pytest.mark.skipif(not shutil.which("nginx", path="/usr/sbin:/usr/bin"), reason="nginx is not installed")
def test_the_deploy_nginx_configuration_parses(tmp_path):
    config = (
        (DEPLOY / "nginx.conf")
        .read_text()
        .replace("app1:8000", "127.0.0.1:8001")
        .replace("app2:8000", "127.0.0.1:8002")
    )
    config = config.replace("listen 80;", "listen 127.0.0.1:18080;").replace("/dev/stdout", str(tmp_path / "a.log"))
    config = "pid " + str(tmp_path / "nginx.pid") + ";\n" + config.replace("/dev/stderr", str(tmp_path / "e.log"))
    (tmp_path / "nginx.conf").write_text(config)
    nginx = shutil.which("nginx", path="/usr/sbin:/usr/bin")
    result = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")], capture_output=True)
    assert result.returncode == 0, result.stderr.decode()


@pytest.mark.parametrize("source", ["deploy", "topology"])
def test_the_balancers_stamp_the_request_start(source):
    """Both balancer configurations send the stamp the app servers shed by (server/load_shedding.py); without it
    an overloaded server would serve every request late instead of answering the excess 503 with Retry-After."""
    config = (DEPLOY / "nginx.conf").read_text() if source == "deploy" else topology.NGINX_TEMPLATE
    assert 'proxy_set_header X-Request-Start "t=${msec}"' in config.replace("${{msec}}", "${msec}")
