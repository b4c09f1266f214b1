"""Issue 22, findings 3 and 4: no silent sandbox in production, dev outboxes only in development.

APP_ENV unset means production. There the app refuses to start (one line naming each variable) until payments, the
credit bureau and mail are real, or serves a provider set to `disabled` as a localized 503; it never runs a sandbox
adapter, and the start-up log lists the sandbox adapters in use (none). The dev outboxes answer only in
development, to loopback, and never to a request that came through a proxy (Forwarded / X-Forwarded-* / X-Real-IP).
The start-up tests start real processes: `python` building the app, the image's `flask db upgrade` and gunicorn.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

from server import create_app
from server.config import Config, SettingsRefused
from server.extensions import db as _db
from server.i18n import catalogue
from server.models import PkbRequest
from server.models.payment import Payment
from server.payments import home_messages

from ..conftest import make_config
from ..helpers import API, assert_envelope, assert_ok, sign_up
from .payments_support import start
from .pkb_support import PERSON, body_for, citizen_with_application, create_request

ROOT = Path(__file__).resolve().parents[2]
REFUSAL = "Qabyldau refuses to start"
START_TIMEOUT_SECONDS = 60
SETTINGS = (
    "APP_ENV",
    "PAYMENT_PROVIDER",
    "PKB_PROVIDER",
    "SMTP_URL",
    "CLOUDPAYMENTS_PUBLIC_ID",
    "CLOUDPAYMENTS_API_SECRET",
    "PKB_URL",
    "PKB_API_KEY",
)
REAL = {
    "PAYMENT_PROVIDER": "cloudpayments",
    "CLOUDPAYMENTS_PUBLIC_ID": "pk_live_example",
    "CLOUDPAYMENTS_API_SECRET": "cp-secret",
    "PKB_PROVIDER": "http",
    "PKB_URL": "https://bureau.example.kz/api/v1",
    "PKB_API_KEY": "pkb-key",
    "SMTP_URL": "smtp://127.0.0.1:2525",
}
DISABLED = {"PAYMENT_PROVIDER": "disabled", "PKB_PROVIDER": "disabled", "SMTP_URL": "smtp://127.0.0.1:2525"}


def payment_message():
    """A home-page payment message: a payment purpose that depends on no application step."""
    return home_messages.create(type="payment", is_permanent=True, amount=9990, title_ru="Доплата", text_ru="Доплата")


def clean_environment(tmp_path: Path, **variables: str) -> dict:
    """What a fresh container or shell has: none of the developer's variables, a throw-away instance and database."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'start-up.sqlite3'}",
        "SECRET_KEY": "start-up-test-secret-key-long-enough-for-hmac-sha256",
        "LOG_LEVEL": "INFO",
        **variables,
    }


def run(command: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=START_TIMEOUT_SECONDS)


BUILD_THE_APP = [sys.executable, "-c", "from server import create_app; create_app()"]


def start_up_log(stderr: str) -> dict:
    [line] = [line for line in stderr.splitlines() if '"message": "sandbox adapters"' in line]
    return json.loads(line)


def assert_refused(result, *variables: str) -> str:
    """Exit status 4 and one plain line naming each variable; no app was built, so no adapter of any kind ran."""
    assert result.returncode == SettingsRefused.EXIT_STATUS, (result.returncode, result.stderr[-2000:])
    lines = [line for line in result.stderr.splitlines() if REFUSAL in line]
    assert lines, result.stderr[-2000:]
    assert len(set(lines)) == 1, lines  # the same one line (gunicorn: once per worker)
    for variable in variables:
        assert variable in lines[0], lines[0]
    assert "sandbox adapters" not in result.stderr and "Traceback" not in result.stderr, result.stderr[-2000:]
    return lines[0]


# ============================================================================================ start-up
class TestAnUnconfiguredProductionNeverRunsASandbox:
    def test_building_the_app_refuses_with_one_line_naming_the_variables(self, tmp_path):
        line = assert_refused(run(BUILD_THE_APP, clean_environment(tmp_path)), "PAYMENT_PROVIDER", "PKB_PROVIDER")
        assert "SMTP_URL" in line and "APP_ENV=production" in line

    def test_the_images_first_command_refuses_and_migrates_nothing(self, tmp_path):
        """The Docker image's CMD starts with `flask db upgrade`: it stops there, before touching the database."""
        command = [sys.executable, "-m", "flask", "--app", "server", "db", "upgrade"]
        assert_refused(run(command, clean_environment(tmp_path, APP_ENV="production")), "PAYMENT_PROVIDER")
        assert not (tmp_path / "start-up.sqlite3").exists() or (tmp_path / "start-up.sqlite3").stat().st_size == 0

    def test_gunicorn_stops_instead_of_serving(self, tmp_path):
        """gunicorn's master halts on the workers' exit status ("App failed to load") instead of restarting them."""
        command = [sys.executable, "-m", "gunicorn", "--workers", "1", "--bind", "127.0.0.1:0", "server:create_app()"]
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=clean_environment(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            _stdout, stderr = process.communicate(timeout=START_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            pytest.fail("gunicorn kept serving an unconfigured production app")
        assert_refused(subprocess.CompletedProcess(command, process.returncode, "", stderr), "PAYMENT_PROVIDER")

    def test_the_docker_image_runs_in_production(self):
        dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
        runtime = dockerfile[dockerfile.index("AS runtime") :]
        assert re.search(r"^ENV\s+(?:.*\s)?APP_ENV=production(?:\s|$)", runtime, re.MULTILINE), runtime
        assert "development" not in runtime


@pytest.mark.parametrize(
    "variables, named",
    [
        ({**REAL, "PAYMENT_PROVIDER": "sandbox"}, "PAYMENT_PROVIDER=sandbox"),
        ({**REAL, "PKB_PROVIDER": "sandbox"}, "PKB_PROVIDER=sandbox"),
        ({**REAL, "PAYMENT_PROVIDER": ""}, "PAYMENT_PROVIDER is not set"),
        ({**REAL, "CLOUDPAYMENTS_API_SECRET": ""}, "CLOUDPAYMENTS_API_SECRET"),
        ({**REAL, "PKB_URL": ""}, "PKB_URL"),
        ({**REAL, "SMTP_URL": ""}, "SMTP_URL is not set"),
        ({**REAL, "SMTP_URL": "http://mail.example.kz"}, "SMTP_URL must start with"),
        ({**REAL, "PKB_PROVIDER": "mock"}, "PKB_PROVIDER='mock'"),
        ({**REAL, "APP_ENV": "prod"}, "APP_ENV='prod'"),
    ],
)
def test_production_refuses_each_sandbox_or_missing_setting(monkeypatch, tmp_path, variables, named):
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsRefused) as refused:
        create_app(Config(SECRET_KEY="k" * 48, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'x.sqlite3'}"))
    assert named in str(refused.value)


@pytest.mark.parametrize("variables", [REAL, DISABLED], ids=["real providers", "disabled"])
def test_a_configured_production_starts_and_logs_no_sandbox_adapter(tmp_path, variables):
    result = run(BUILD_THE_APP, clean_environment(tmp_path, **variables))
    assert result.returncode == 0, result.stderr[-2000:]
    logged = start_up_log(result.stderr)
    assert (logged["app_env"], logged["sandbox_adapters"], logged["dev_outbox_readable"]) == ("production", [], False)
    assert logged["levelname"] == "INFO"


def test_development_logs_every_sandbox_adapter_in_use(tmp_path):
    result = run(BUILD_THE_APP, clean_environment(tmp_path, APP_ENV="development"))
    assert result.returncode == 0, result.stderr[-2000:]
    logged = start_up_log(result.stderr)
    assert logged["app_env"] == "development" and logged["levelname"] == "WARNING"
    assert logged["sandbox_adapters"] == ["payments", "credit_bureau", "mail_outbox", "sms_outbox"]
    assert logged["dev_outbox_readable"] is True

    real_mail_and_bureau = {"PKB_PROVIDER": "http", "SMTP_URL": "smtp://127.0.0.1:2525"}
    partly = run(BUILD_THE_APP, clean_environment(tmp_path, APP_ENV="development", **real_mail_and_bureau))
    assert start_up_log(partly.stderr)["sandbox_adapters"] == ["payments"]


# ============================================================================================ production, served
@pytest.fixture
def production(instance_dir, database_url, db):
    """An app of the production kind on the session's database: payments and the bureau `disabled`, real SMTP
    settings, and the test configuration's readable dev outbox left on, to show that production ignores it."""
    app = create_app(make_config(instance_dir, database_url, APP_ENV="production", **DISABLED))
    assert app.config["DEV_OUTBOX_READABLE"] is True and app.config["DEV_OUTBOX_ENABLED"] is True
    try:
        yield app
    finally:
        with app.app_context():
            _db.engine.dispose()


@pytest.mark.usefixtures("no_server_errors")
class TestDisabledFeaturesAnswer503:
    @pytest.mark.parametrize("lang", ["ru", "kk", "en"])
    def test_payments_are_temporarily_unavailable_and_nothing_is_created(self, production, db, factories, lang):
        user = factories.applicant(kz=True)
        headers = {**factories.auth_headers(user), "Accept-Language": lang}
        message = payment_message()
        response = start(production.test_client(), headers, purpose="home_message", purpose_ref_id=message.id)
        body = assert_envelope(response, 503, "payments.disabled", lang=lang)
        assert body["message"] == catalogue(lang)["payments.disabled"]
        assert db.session.scalar(select(func.count(Payment.id))) == 0

    def test_the_credit_bureau_is_temporarily_unavailable_and_nothing_is_created(self, production, db, factories):
        _user, application, headers = citizen_with_application(factories)
        response = create_request(production.test_client(), headers, body_for(PERSON, application.id), lang="kk")
        assert_envelope(response, 503, "pkb.disabled", lang="kk")
        assert db.session.scalar(select(func.count(PkbRequest.id))) == 0

    def test_a_sandbox_set_after_start_still_never_runs(self, production, db, factories):
        """Even if the setting were changed under a running production app, no test card or test person works."""
        production.config.update(PAYMENT_PROVIDER="sandbox", PKB_PROVIDER="sandbox")
        client = production.test_client()
        headers = factories.auth_headers(factories.applicant(kz=True))
        message = payment_message()
        started = start(client, headers, purpose="home_message", purpose_ref_id=message.id)
        assert_envelope(started, 503, "payments.unavailable")
        assert_envelope(client.get("/payments/sandbox/1?t=x"), 503, "payments.unavailable")
        _citizen, kz_application, kz_headers = citizen_with_application(factories)
        assert_envelope(create_request(client, kz_headers, body_for(PERSON, kz_application.id)), 503, "pkb.unavailable")
        assert db.session.scalar(select(func.count(Payment.id))) == 0
        assert db.session.scalar(select(func.count(PkbRequest.id))) == 0


# ============================================================================================ dev outboxes
OUTBOXES = [("/dev/outbox", {"email": "victim@example.com"}), ("/dev/sms-outbox", {"phone": PERSON.phone})]
PROXY_HEADERS = [
    {"X-Forwarded-For": "203.0.113.7"},
    {"X-Forwarded-For": "127.0.0.1"},
    {"X-Forwarded-Host": "portal.example.kz"},
    {"X-Forwarded-Proto": "https"},
    {"Forwarded": "for=203.0.113.7;proto=https"},
    {"X-Real-IP": "203.0.113.7"},
]


@pytest.mark.usefixtures("no_server_errors")
class TestDevOutboxesOnlyInDevelopmentAndNeverThroughAProxy:
    @pytest.mark.parametrize("headers", PROXY_HEADERS, ids=lambda headers: next(iter(headers)))
    @pytest.mark.parametrize("path, query", OUTBOXES, ids=["mail", "sms"])
    def test_a_same_host_proxy_gets_a_404(self, client, db, path, query, headers):
        """nginx on the same machine connects from 127.0.0.1 on behalf of anyone: the reset code must not leak."""
        assert_ok(sign_up(client, "victim@example.com"))
        response = client.get(f"{API}{path}", query_string=query, headers=headers)
        body = assert_envelope(response, 404, "errors.not_found")
        assert body == client.get(f"{API}/no/such/route").get_json()
        direct = client.get(f"{API}{path}", query_string=query)  # the developer's own browser still reads it
        assert direct.status_code == 200, direct.get_data(as_text=True)[:300]

    @pytest.mark.parametrize("path, query", OUTBOXES, ids=["mail", "sms"])
    def test_production_serves_no_dev_outbox_even_on_loopback(self, production, client, db, path, query):
        assert_ok(sign_up(client, "victim@example.com"))
        response = production.test_client().get(f"{API}{path}", query_string=query)
        body = assert_envelope(response, 404, "errors.not_found")
        assert not re.search(r"\d{6}", str(body))
