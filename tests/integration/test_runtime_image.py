"""The Docker image's runtime stage carries everything the app reads (issue 25): the files its COPY lines put into
the image are copied into an empty folder the same way, and the app is started from exactly those files (create_app
and a questionnaire steps request). Docker does not run on these machines, so the Dockerfile is read, not built.
Also: gunicorn keeps idle connections longer than clients and the load balancer pause (decision 0082)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
MIN_KEEP_ALIVE_SECONDS = 10  # above the 1-3 s pauses of clients, and the proxy closes first (0082)

DRIVER = r"""
import json, os, sys
runtime, repository = sys.argv[1], sys.argv[2]
sys.path.insert(0, runtime)
sys.path.append(repository)  # only for tests.factories (test data); `server` and `forms` come from the runtime
import server
assert server.__file__.startswith(runtime), server.__file__
from server import create_app
from server.config import Config
from server.extensions import db
from server.forms.paths import SHARED_FORMS_DIR
assert str(SHARED_FORMS_DIR).startswith(runtime), SHARED_FORMS_DIR
app = create_app(Config(APP_ENV="development", TESTING=True, LOG_LEVEL="WARNING"))
with app.app_context():
    db.create_all()
    from tests.factories import Factories
    factories = Factories(db)
    application = factories.application()
    headers = factories.auth_headers(application.user)
    answer = app.test_client().post("/api/v1/users/steps", json={"application_id": application.id}, headers=headers)
    body = answer.get_json()
    print(json.dumps({"status": answer.status_code, "steps": [step.get("key") for step in body.get("steps", [])]}))
"""


def runtime_copies() -> list[tuple[list[str], str, str | None]]:
    """The runtime stage's COPY lines: (sources, destination, --from stage or None)."""
    lines = DOCKERFILE.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"FROM\s+\S+\s+AS\s+runtime\b", line, re.I))
    copies = []
    for line in lines[start + 1 :]:
        if re.match(r"FROM\s", line, re.I):
            break
        if re.match(r"COPY\s", line, re.I):
            words = shlex.split(line)[1:]
            stage = next((w.split("=", 1)[1] for w in words if w.startswith("--from=")), None)
            paths = [w for w in words if not w.startswith("--")]
            copies.append((paths[:-1], paths[-1], stage))
    return copies


def build_runtime_tree(target: Path) -> None:
    """Copies what the runtime stage copies. The client bundle comes from the `client` stage: an empty folder here
    (serving the built client is tested elsewhere)."""
    for sources, destination, stage in runtime_copies():
        if stage is not None:
            (target / destination).mkdir(parents=True, exist_ok=True)
            continue
        for source in sources:
            origin = ROOT / source
            into = target / destination
            if origin.is_dir():
                shutil.copytree(origin, into, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                place = into / origin.name if destination.endswith("/") else into
                place.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, place)


def test_the_runtime_stage_copies_the_shared_forms():
    destinations = {destination.rstrip("/").removeprefix("./") for _, destination, _ in runtime_copies()}
    assert {"server", "forms", "models_registry", "scripts", "client/dist"} <= destinations


def test_the_app_starts_and_serves_steps_from_exactly_the_runtime_files(tmp_path):
    runtime = tmp_path / "app"
    build_runtime_tree(runtime)
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'runtime.sqlite3'}",
        "SECRET_KEY": "runtime-test-secret-key-long-enough-for-hmac-sha256",
        "CLIENT_DIST": str(runtime / "client" / "dist"),
    }
    result = subprocess.run(
        [sys.executable, "-c", DRIVER, str(runtime), str(ROOT)],
        cwd=runtime,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["status"] == 200 and answer["steps"], answer


def _keep_alive(command: str) -> int:
    match = re.search(r"--keep-alive\s+(?:\$\{\w+:-)?(\d+)", command)
    assert match, command
    return int(match.group(1))


def test_gunicorn_keeps_connections_alive_longer_than_clients_pause():
    cmd = next(line for line in DOCKERFILE.read_text().splitlines() if line.startswith("CMD"))
    start = next(line for line in (ROOT / "Makefile").read_text().splitlines() if "gunicorn" in line)
    assert _keep_alive(cmd) >= MIN_KEEP_ALIVE_SECONDS and _keep_alive(start) >= MIN_KEEP_ALIVE_SECONDS
