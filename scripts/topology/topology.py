"""The production topology (deploy/docker-compose.yml) started from processes on one machine (issue 25).

Docker does not run on the development and CI machines, so this module starts the same roles as plain processes:

    nginx (load balancer, keep-alive both ways)  ->  two gunicorn app servers
    Celery worker + exactly one beat               (REDIS_URL: a private redis-server)
    PgBouncer in transaction mode                ->  PostgreSQL (a fresh database on the local server)
    an S3-protocol server (moto) when installed, else a shared file:// volume

It is used by the topology smoke test (tests/topology/, run by .ci/run) and by the deadline-day load test
(scripts/load/). `python scripts/topology/run.py` starts it by hand and prints the addresses.

Payments and the credit bureau run their sandbox adapters (APP_ENV=development): the topology rehearses the
deployment, not the providers. Mail goes to the SMTP server the caller names (SMTP_URL), so it leaves through the
worker exactly as in production.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
PG_ADMIN_URL = os.environ.get("TOPOLOGY_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")

# The app servers keep idle connections longer than the balancer does, so the balancer never reuses a connection
# that gunicorn is closing (the 1.6% connection resets of issue 25 came from the opposite order).
GUNICORN_KEEP_ALIVE_SECONDS = 75
NGINX_UPSTREAM_KEEPALIVE_SECONDS = 30
# Clients pause 1-3 s between calls and browsers reuse their connections for up to a minute or more.
NGINX_CLIENT_KEEPALIVE_SECONDS = 75


class TopologyUnavailable(RuntimeError):
    """A part the topology needs (nginx, pgbouncer, redis-server, PostgreSQL) is missing and cannot be installed."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _which(program: str) -> str | None:
    for folder in (None, "/usr/sbin", "/usr/bin", "/usr/local/sbin"):
        found = shutil.which(program, path=folder)
        if found:
            return found
    return None


def ensure_program(program: str, debian_package: str) -> str:
    """The program's path, installing its Debian package when missing and we are root (CI, these machines)."""
    found = _which(program)
    if found:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise TopologyUnavailable(f"{program} is missing: apt-get install -y {debian_package}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-qq", debian_package]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True)
        if subprocess.run(install, env=env, capture_output=True).returncode != 0:
            raise TopologyUnavailable(f"could not install {debian_package} (apt-get install -y {debian_package})")
    found = _which(program)
    if not found:
        raise TopologyUnavailable(f"{debian_package} installed but {program} is not on the PATH")
    return found


def moto_available() -> bool:
    return (VENV_BIN / "moto_server").exists()


def _wait_for_port(port: int, timeout: float, process: subprocess.Popen | None = None, name: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{name} exited with status {process.returncode} before listening on {port}")
        with socket.socket() as sock:
            sock.settimeout(0.2)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{name} did not listen on port {port} within {timeout:.0f} s")


def _wait_for_health(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError) as error:
            last = error
        time.sleep(0.2)
    raise RuntimeError(f"{url} not healthy within {timeout:.0f} s: {last}")


@dataclass
class Service:
    name: str
    command: list[str]
    env: dict[str, str]
    log: Path
    port: int | None = None
    as_user: str | None = None
    process: subprocess.Popen | None = None

    def start(self) -> None:
        command = self.command
        if self.as_user and os.geteuid() == 0:
            command = ["runuser", "-u", self.as_user, "--", *command]
        with open(self.log, "ab") as log:
            # A process group of its own, so a kill reaches gunicorn's and Celery's children too.
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """kill -9 by default: the fault tests want a server dying, not shutting down politely."""
        if self.running():
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


@dataclass
class Topology:
    """Start with start(), stop with stop() (or use it as a context manager)."""

    smtp_url: str
    app_servers: int = 2
    workers_per_server: int = 2
    threads_per_worker: int = 4
    storage: str = "auto"  # "s3", "file" or "auto" (s3 when moto is installed)
    extra_env: dict[str, str] = field(default_factory=dict)
    lb_port: int = 0
    keep_database: bool = False

    def __post_init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="qabyldau-topology-"))
        os.chmod(self.dir, 0o777)  # PgBouncer runs as postgres (it refuses root) and writes its log here
        self.services: dict[str, Service] = {}
        self.database = f"qabyldau_topology_{os.getpid()}_{secrets.token_hex(3)}"
        self.secret_key = secrets.token_hex(32)
        self.lb_port = self.lb_port or free_port()
        self.app_ports = [free_port() for _ in range(self.app_servers)]
        self.pgbouncer_port = free_port()
        self.redis_port = free_port()
        self.s3_port = free_port()
        self.bucket = "qabyldau-topology"
        if self.storage == "auto":
            self.storage = "s3" if moto_available() else "file"

    # ------------------------------------------------------------------------------------------------ addresses
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.lb_port}"

    def app_url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.app_ports[index]}"

    @property
    def direct_database_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:5432/{self.database}"

    @property
    def database_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.pgbouncer_port}/{self.database}"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    @property
    def storage_url(self) -> str:
        if self.storage == "s3":
            return f"s3://{self.bucket}/files"
        return f"file://{self.dir / 'shared-files'}"

    def environment(self) -> dict[str, str]:
        """What every app server, worker and beat share (README "Running in production")."""
        env = {
            **os.environ,
            "APP_ENV": "development",
            "PAYMENT_PROVIDER": "sandbox",
            "PKB_PROVIDER": "sandbox",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "SMTP_URL": self.smtp_url,
            "SECRET_KEY": self.secret_key,
            "STORAGE_URL": self.storage_url,
            "TRUSTED_PROXY_COUNT": "1",
            "JOBS_QUEUE": "qabyldau-topology",
            "LOG_LEVEL": "INFO",
        }
        if self.storage == "s3":
            env.update(
                {
                    "AWS_ACCESS_KEY_ID": "topology",
                    "AWS_SECRET_ACCESS_KEY": "topology-secret",
                    "AWS_DEFAULT_REGION": "us-east-1",
                    "AWS_ENDPOINT_URL_S3": f"http://127.0.0.1:{self.s3_port}",
                }
            )
        env.pop("TEST_DATABASE_URL", None)
        env.update(self.extra_env)
        return env

    # ------------------------------------------------------------------------------------------------ start/stop
    def __enter__(self) -> Topology:
        self.start()
        return self

    def __exit__(self, *_):
        self.stop()

    def start(self) -> None:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> None:
        nginx = ensure_program("nginx", "nginx-light")
        pgbouncer = ensure_program("pgbouncer", "pgbouncer")
        redis = ensure_program("redis-server", "redis-server")
        self._create_database()
        self._start_redis(redis)
        self._start_pgbouncer(pgbouncer)
        if self.storage == "s3":
            self._start_s3()
        env = self.environment()
        self._migrate(env)
        for index, port in enumerate(self.app_ports):
            self._start_app_server(index, port, env)
        self._start_worker(env)
        self._start_beat(env)
        self._start_nginx(nginx)
        for index in range(len(self.app_ports)):
            _wait_for_health(f"{self.app_url(index)}/api/v1/health", 90)
        _wait_for_health(f"{self.url}/api/v1/health", 30)

    def stop(self) -> None:
        for name in reversed(list(self.services)):
            self.services[name].stop()
        if not self.keep_database:
            self._drop_database()
        shutil.rmtree(self.dir, ignore_errors=True)

    def _add(self, service: Service) -> Service:
        self.services[service.name] = service
        service.start()
        if service.port:
            _wait_for_port(service.port, 60, service.process, service.name)
        return service

    def log(self, name: str) -> str:
        path = self.dir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    # ------------------------------------------------------------------------------------------------ the parts
    def _psql(self, sql: str) -> None:
        result = subprocess.run(["psql", PG_ADMIN_URL, "-v", "ON_ERROR_STOP=1", "-qc", sql], capture_output=True)
        if result.returncode != 0:
            raise TopologyUnavailable(f"PostgreSQL at {PG_ADMIN_URL}: {result.stderr.decode(errors='replace')}")

    def _create_database(self) -> None:
        if not shutil.which("psql"):
            raise TopologyUnavailable("psql is missing: the topology needs the local PostgreSQL server")
        self._psql(f'CREATE DATABASE "{self.database}"')

    def _drop_database(self) -> None:
        try:
            self._psql(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        except TopologyUnavailable:
            pass

    def _start_redis(self, redis: str) -> None:
        command = [redis, "--bind", "127.0.0.1", "--port", str(self.redis_port), "--save", "", "--appendonly", "no"]
        self._add(Service("redis", command, dict(os.environ), self.dir / "redis.log", self.redis_port))

    def restart_redis(self) -> None:
        service = self.services["redis"]
        service.kill()
        service.start()
        _wait_for_port(self.redis_port, 30, service.process, "redis")

    def _start_pgbouncer(self, pgbouncer: str) -> None:
        (self.dir / "userlist.txt").write_text('"postgres" ""\n')
        config = self.dir / "pgbouncer.ini"
        # Transaction pooling: the app servers' pools (workers x SQLAlchemy pool) may hold thousands of client
        # connections at 2,000 concurrent users, PostgreSQL only sees default_pool_size of them (decision 0082).
        config.write_text(
            f"""[databases]
{self.database} = host=127.0.0.1 port=5432 dbname={self.database} user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.pgbouncer_port}
unix_socket_dir =
auth_type = trust
auth_file = {self.dir / "userlist.txt"}
pool_mode = transaction
max_client_conn = 5000
default_pool_size = 40
reserve_pool_size = 10
server_lifetime = 3600
ignore_startup_parameters = extra_float_digits,options
logfile = {self.dir / "pgbouncer-own.log"}
pidfile = {self.dir / "pgbouncer.pid"}
"""
        )
        for path in (config, self.dir / "userlist.txt"):
            os.chmod(path, 0o644)
        self._add(
            Service(
                "pgbouncer",
                [pgbouncer, str(config)],
                dict(os.environ),
                self.dir / "pgbouncer.log",
                self.pgbouncer_port,
                as_user="postgres",
            )
        )

    def restart_pgbouncer(self) -> None:
        """kill -9 and start again: every pooled server connection drops at once (the load test's database fault)."""
        service = self.services["pgbouncer"]
        service.kill()
        # A killed PgBouncer leaves its pidfile, and a new one refuses to start next to it ("pidfile exists").
        (self.dir / "pgbouncer.pid").unlink(missing_ok=True)
        service.start()
        _wait_for_port(self.pgbouncer_port, 30, service.process, "pgbouncer")

    def _start_s3(self) -> None:
        command = [str(VENV_BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(self.s3_port)]
        self._add(Service("s3", command, dict(os.environ), self.dir / "s3.log", self.s3_port))
        import boto3  # only with the S3 backend; requirements.txt pins it

        client = boto3.client(
            "s3",
            endpoint_url=f"http://127.0.0.1:{self.s3_port}",
            aws_access_key_id="topology",
            aws_secret_access_key="topology-secret",
            region_name="us-east-1",
        )
        client.create_bucket(Bucket=self.bucket)

    def _flask(self, env: dict[str, str], *args: str) -> None:
        # Migrations straight to PostgreSQL: DDL and the seeds need no pooling.
        result = subprocess.run(
            [str(VENV_BIN / "flask"), "--app", "server", *args],
            cwd=ROOT,
            env={**env, "DATABASE_URL": self.direct_database_url},
            capture_output=True,
        )
        if result.returncode != 0:
            raise RuntimeError(f"flask {' '.join(args)} failed: {result.stderr.decode(errors='replace')[-2000:]}")

    def _migrate(self, env: dict[str, str]) -> None:
        self._flask(env, "db", "upgrade")
        self._flask(env, "seed")

    def _app_env(self, env: dict[str, str], index: int) -> dict[str, str]:
        instance = self.dir / f"instance-app{index}"  # nothing shared through an instance folder
        instance.mkdir(exist_ok=True)
        return {**env, "INSTANCE_PATH": str(instance)}

    def _start_app_server(self, index: int, port: int, env: dict[str, str]) -> None:
        command = [
            str(VENV_BIN / "gunicorn"),
            "--workers",
            str(self.workers_per_server),
            "--threads",
            str(self.threads_per_worker),
            "--keep-alive",
            str(GUNICORN_KEEP_ALIVE_SECONDS),
            "--bind",
            f"127.0.0.1:{port}",
            "server:create_app()",
        ]
        self._add(Service(f"app{index}", command, self._app_env(env, index), self.dir / f"app{index}.log", port))

    def kill_app_server(self, index: int) -> None:
        self.services[f"app{index}"].kill()

    def restart_app_server(self, index: int) -> None:
        service = self.services[f"app{index}"]
        service.kill()
        service.start()
        _wait_for_health(f"{self.app_url(index)}/api/v1/health", 90)

    def _start_worker(self, env: dict[str, str]) -> None:
        command = [
            str(VENV_BIN / "celery"),
            "-A",
            "server.jobs.worker",
            "worker",
            "--concurrency",
            "2",
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
        ]
        self._add(Service("worker", command, self._app_env(env, "-worker"), self.dir / "worker.log"))

    def restart_worker(self) -> None:
        service = self.services["worker"]
        service.kill()
        service.start()

    def _start_beat(self, env: dict[str, str]) -> None:
        schedule = self.dir / "celerybeat-schedule"
        command = [
            str(VENV_BIN / "celery"),
            "-A",
            "server.jobs.worker",
            "beat",
            "--schedule",
            str(schedule),
            "--loglevel",
            "INFO",
        ]
        self._add(Service("beat", command, self._app_env(env, "-beat"), self.dir / "beat.log"))

    def _start_nginx(self, nginx: str) -> None:
        for folder in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.dir / "nginx" / folder).mkdir(parents=True, exist_ok=True)
        upstreams = "\n".join(
            f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in self.app_ports
        )
        max_body = int(self.environment().get("UPLOAD_MAX_REQUEST_BYTES", 12 * 10 * 1024 * 1024))
        config = self.dir / "nginx.conf"
        config.write_text(
            NGINX_TEMPLATE.format(
                dir=self.dir,
                user="root" if os.geteuid() == 0 else "nobody",
                upstreams=upstreams,
                port=self.lb_port,
                max_body=max_body,
                upstream_keepalive=NGINX_UPSTREAM_KEEPALIVE_SECONDS,
                client_keepalive=NGINX_CLIENT_KEEPALIVE_SECONDS,
            )
        )
        command = [nginx, "-p", str(self.dir / "nginx"), "-c", str(config), "-g", "daemon off;"]
        self._add(Service("nginx", command, dict(os.environ), self.dir / "nginx.log", self.lb_port))


# The same settings as deploy/nginx.conf (the compose file's balancer); tests/topology checks they agree.
NGINX_TEMPLATE = """
user {user};
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {dir}/nginx/client_body;
    proxy_temp_path {dir}/nginx/proxy;
    fastcgi_temp_path {dir}/nginx/fastcgi;
    uwsgi_temp_path {dir}/nginx/uwsgi;
    scgi_temp_path {dir}/nginx/scgi;

    upstream qabyldau_app {{
{upstreams}
        keepalive 64;
        keepalive_timeout {upstream_keepalive}s;
    }}

    server {{
        listen 127.0.0.1:{port};
        client_max_body_size {max_body};
        client_body_timeout 60s;
        keepalive_timeout {client_keepalive}s;
        gzip off;

        location / {{
            proxy_pass http://qabyldau_app;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $host;
            proxy_set_header X-Request-Start "t=${{msec}}";
            proxy_connect_timeout 2s;
            proxy_send_timeout 60s;
            proxy_read_timeout 60s;
            proxy_next_upstream error timeout http_502;
            proxy_next_upstream_tries 2;
        }}
    }}
}}
"""


if __name__ == "__main__":  # pragma: no cover - scripts/topology/run.py is the entry point
    sys.exit("run scripts/topology/run.py")
