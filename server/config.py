"""Configuration from the environment (design §4).

APP_ENV chooses between a developer's machine and everything else (issue 22, findings 3 and 4). With
APP_ENV=development (`make start`, `make dev`, the tests) every variable is optional and the embedded defaults run
the whole product on one machine: sandbox payments and credit bureau, mail and text messages in the dev outboxes.
Unset means production, where no sandbox adapter ever runs: create_app() refuses to start (check_settings) until
the payment provider, the credit bureau and SMTP are real or the first two are explicitly `disabled`.
The table in README.md lists the same variables; keep the two in step.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _instance_dir() -> Path:
    path = Path(os.environ.get("INSTANCE_PATH", PROJECT_ROOT / "instance"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _persistent_secret_key(instance: Path) -> str:
    """A random key generated once and kept under instance/, so sessions survive restarts."""
    key_file = instance / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    key = secrets.token_urlsafe(48)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


def sqlalchemy_url(url: str) -> str:
    """The SQLAlchemy URL of a database URL: Heroku-style `postgres://…` becomes `postgresql://…`, the name SQLAlchemy
    knows. A PostgreSQL URL naming no driver runs on psycopg2, the stack's driver (design §2; decision 0040 tells
    why psycopg 3 was tried and given up); every other URL is left as it is."""
    if url.startswith("postgres://"):
        return "postgresql://" + url[len("postgres://") :]
    return url


def _database_url(instance: Path) -> str:
    return sqlalchemy_url(os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'qabyldau.sqlite3'}")


DEVELOPMENT = "development"
PRODUCTION = "production"
APP_ENVS = (DEVELOPMENT, PRODUCTION)
SANDBOX = "sandbox"
DISABLED = "disabled"  # the feature answers 503 "temporarily unavailable" (production without a contract yet)
# The real providers of each switchable integration, with the variables each cannot work without.
REAL_PROVIDERS = {
    "PAYMENT_PROVIDER": {"cloudpayments": ("CLOUDPAYMENTS_PUBLIC_ID", "CLOUDPAYMENTS_API_SECRET")},
    "PKB_PROVIDER": {"http": ("PKB_URL", "PKB_API_KEY")},
}


class Config:
    """Built from os.environ at construction time so tests can set variables first."""

    def __init__(self, **overrides):
        instance = _instance_dir()
        env = os.environ
        # An override decides too: the sandbox defaults below depend on it (tests pass APP_ENV=development).
        self.APP_ENV = (overrides.get("APP_ENV") or env.get("APP_ENV") or PRODUCTION).strip().lower()
        development = self.APP_ENV == DEVELOPMENT
        self.INSTANCE_PATH = str(instance)
        self.SECRET_KEY = env.get("SECRET_KEY") or _persistent_secret_key(instance)
        self.JWT_SECRET_KEY = self.SECRET_KEY
        self.JWT_ACCESS_TOKEN_EXPIRES = timedelta(hours=int(env.get("TOKEN_TTL_HOURS", "12")))
        self.JWT_TOKEN_LOCATION = ["headers"]
        self.SQLALCHEMY_DATABASE_URI = _database_url(instance)
        # hide_parameters: a failing statement's error (and so a logged traceback) must not quote the values
        # bound to it, i.e. password hashes, e-mails and IINs.
        self.SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True, "hide_parameters": True}
        self.SMTP_URL = env.get("SMTP_URL") or None
        self.MAIL_FROM = env.get("MAIL_FROM", "Qabyldau <no-reply@qabyldau.local>")
        # file:///DIRECTORY or s3://BUCKET/PREFIX with boto3's AWS_* variables (decision 0082); probed at start.
        self.STORAGE_URL = env.get("STORAGE_URL") or f"file://{instance / 'files'}"
        # An object no row names is removed by the hourly sweep once older than this (a write in flight is younger).
        self.STORAGE_ORPHAN_GRACE_HOURS = float(env.get("STORAGE_ORPHAN_GRACE_HOURS", "24"))
        # Rate-limit counters, and the broker and result backend of the background jobs (server/jobs/).
        # Unset: counters in each process and jobs in-process, right after the commit that queued them.
        self.REDIS_URL = env.get("REDIS_URL") or None
        # The Celery queue app servers send jobs to and workers read; installs sharing one Redis need their own.
        self.JOBS_QUEUE = env.get("JOBS_QUEUE", "qabyldau")
        # Payments (design §8, decision 0065): sandbox (a card page served by the app; development only),
        # cloudpayments or disabled. Unset: sandbox in development, a refusal to start in production.
        self.PAYMENT_PROVIDER = env.get("PAYMENT_PROVIDER") or (SANDBOX if development else None)
        self.PAYMENT_SANDBOX_SECRET = env.get("PAYMENT_SANDBOX_SECRET") or None  # unset: derived from SECRET_KEY
        self.CLOUDPAYMENTS_PUBLIC_ID = env.get("CLOUDPAYMENTS_PUBLIC_ID") or None
        self.CLOUDPAYMENTS_API_SECRET = env.get("CLOUDPAYMENTS_API_SECRET") or None
        self.CLOUDPAYMENTS_API_URL = env.get("CLOUDPAYMENTS_API_URL", "https://api.cloudpayments.ru")
        self.CLOUDPAYMENTS_WIDGET_URL = env.get(
            "CLOUDPAYMENTS_WIDGET_URL", "https://widget.cloudpayments.ru/bundles/cloudpayments.js"
        )
        self.PAYMENT_TIMEOUT_SECONDS = float(env.get("PAYMENT_TIMEOUT_SECONDS", "10"))
        # A pending payment without a notification for this long is looked up with the provider on the next poll.
        self.PAYMENT_RECONCILE_SECONDS = int(env.get("PAYMENT_RECONCILE_SECONDS", "30"))
        self.PAYMENT_RECONCILE_INTERVAL_SECONDS = max(1, int(env.get("PAYMENT_RECONCILE_INTERVAL_SECONDS", "60")))
        # Credit bureau (design §8, decision 0064): sandbox (test persons, codes in the SMS dev outbox; development
        # only), http or disabled. Unset: sandbox in development, a refusal to start in production.
        self.PKB_PROVIDER = env.get("PKB_PROVIDER") or (SANDBOX if development else None)
        self.PKB_URL = env.get("PKB_URL") or None
        self.PKB_API_KEY = env.get("PKB_API_KEY") or None
        self.PKB_TIMEOUT_SECONDS = float(env.get("PKB_TIMEOUT_SECONDS", "10"))
        # Each bureau request costs money: a new one for the same account waits this long (429 with Retry-After).
        self.PKB_RESEND_INTERVAL_SECONDS = int(env.get("PKB_RESEND_INTERVAL_SECONDS", "60"))
        # The home-page assistant (decision 0071): offline by default; an OpenAI-compatible endpoint only phrases
        # answers from the retrieved sources. CHAT_MAX_MESSAGE_LENGTH caps one message (400 beyond it).
        self.CHAT_LLM_URL = env.get("CHAT_LLM_URL") or None
        self.CHAT_LLM_KEY = env.get("CHAT_LLM_KEY") or None
        self.CHAT_LLM_MODEL = env.get("CHAT_LLM_MODEL") or "default"
        self.CHAT_LLM_TIMEOUT_SECONDS = float(env.get("CHAT_LLM_TIMEOUT_SECONDS", "10"))
        self.CHAT_MAX_MESSAGE_LENGTH = int(env.get("CHAT_MAX_MESSAGE_LENGTH", "1000"))
        self.APP_BASE_URL = env.get("APP_BASE_URL", f"http://localhost:{env.get('PORT', '8000')}")
        self.CONTACT_PHONE = env.get("CONTACT_PHONE", "+7 727 377 33 33")
        self.CONTACT_EMAIL = env.get("CONTACT_EMAIL", "admission@university.kz")
        self.GOV_GRANT_URL = env.get("GOV_GRANT_URL", "https://egov.kz/cms/ru/services/edu/pass155_mon")
        self.CLIENT_DIST = env.get("CLIENT_DIST", str(PROJECT_ROOT / "client" / "dist"))
        self.RATELIMIT_ENABLED = env.get("RATELIMIT_ENABLED", "1") != "0"
        self.RATELIMIT_STORAGE_URI = self.REDIS_URL or "memory://"
        self.RATELIMIT_HEADERS_ENABLED = True
        # Behind a load balancer the socket address is the balancer's: per-address limits would lump every
        # applicant together. Only hops we run ourselves may be trusted, or a client could forge its address.
        self.TRUSTED_PROXY_COUNT = int(env.get("TRUSTED_PROXY_COUNT", "0"))
        # Behind that proxy, a request that waited longer than this for a worker is answered 503 with Retry-After
        # at once instead of being served late (server/load_shedding.py; 0 turns it off).
        self.REQUEST_QUEUE_LIMIT_MS = int(env.get("REQUEST_QUEUE_LIMIT_MS", "1000"))
        self.REQUEST_QUEUE_RETRY_AFTER_SECONDS = int(env.get("REQUEST_QUEUE_RETRY_AFTER_SECONDS", "5"))
        # Codes (design §9): 6 digits, 10 minutes, 5 tries; generate-otp resends at most once per
        # OTP_RESEND_INTERVAL_SECONDS per account (accounts/auth.py: 429 auth.resend_too_soon; 0 turns it off).
        self.OTP_TTL_SECONDS = 600
        self.OTP_MAX_ATTEMPTS = 5
        self.OTP_RESEND_INTERVAL_SECONDS = int(env.get("OTP_RESEND_INTERVAL_SECONDS", "60"))
        # Expired codes and ended sessions are deleted by a daily job this many days after they stopped counting.
        self.AUTH_RECORDS_RETENTION_DAYS = int(env.get("AUTH_RECORDS_RETENTION_DAYS", "30"))
        # Development only: `0` turns the dev outboxes' routes off there too (production never serves them).
        self.DEV_OUTBOX_ENABLED = env.get("DEV_OUTBOX_ENABLED", "1") != "0"
        self.LOG_LEVEL = env.get("LOG_LEVEL", "INFO")
        # flask-smorest / OpenAPI
        self.API_TITLE = "Qabyldau API"
        self.API_VERSION = "v1"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/api/v1"
        self.OPENAPI_JSON_PATH = "openapi.json"
        self.OPENAPI_SWAGGER_UI_PATH = None  # browsable page served by our own view (CSP-safe)
        self.UPLOAD_MAX_DOCUMENT_BYTES = int(env.get("UPLOAD_MAX_DOCUMENT_BYTES", str(10 * 1024 * 1024)))
        self.UPLOAD_MAX_IMAGE_BYTES = int(env.get("UPLOAD_MAX_IMAGE_BYTES", str(5 * 1024 * 1024)))
        # A questionnaire step is saved in one request with all its new files; the largest step (the foreign
        # documents step: eight file fields, some taking several files) must fit with every file at its limit.
        self.UPLOAD_MAX_REQUEST_BYTES = int(
            env.get("UPLOAD_MAX_REQUEST_BYTES", str(12 * self.UPLOAD_MAX_DOCUMENT_BYTES))
        )
        self.MAX_CONTENT_LENGTH = self.UPLOAD_MAX_REQUEST_BYTES
        self.ROOM_TYPE_MEDIA_MAX_BYTES = int(env.get("ROOM_TYPE_MEDIA_MAX_BYTES", str(5 * 1024 * 1024)))
        # Staff lists leave out internal accounts (req §6): comma-separated patterns matched against e-mails,
        # '*' any run of characters and '?' one character (case-insensitive; other characters literal).
        self.ADMIN_HIDDEN_EMAIL_PATTERNS = [
            pattern.strip().lower()
            for pattern in env.get("ADMIN_HIDDEN_EMAIL_PATTERNS", "*@qabyldau.local").split(",")
            if pattern.strip()
        ]
        # The university's clock (Kazakhstan: UTC+5 all year): admin date filters, per-day counts and the dates of
        # exports are local dates.
        self.LOCAL_UTC_OFFSET_MINUTES = int(env.get("LOCAL_UTC_OFFSET_MINUTES", "300"))
        # How long an app process reuses the staff menu's queue counts (an admin action there refreshes them).
        self.ADMIN_COUNTS_CACHE_SECONDS = float(env.get("ADMIN_COUNTS_CACHE_SECONDS", "10"))
        # How long an app process reuses the questionnaire's option lists (server/reference/option_lists.py); a
        # write on the same process drops them at once, other processes see it within this many seconds.
        self.OPTION_LISTS_CACHE_SECONDS = float(env.get("OPTION_LISTS_CACHE_SECONDS", "30"))
        # Exports (decision 0066): a selection of more rows than this is built by a background job with progress
        # instead of inside the request; its file is kept ADMIN_EXPORT_RETENTION_HOURS; a job whose progress has
        # not moved for ADMIN_EXPORT_STALE_MINUTES (its process died) is reported failed.
        self.ADMIN_EXPORT_SYNC_MAX_ROWS = int(env.get("ADMIN_EXPORT_SYNC_MAX_ROWS", "3000"))
        self.ADMIN_EXPORT_RETENTION_HOURS = float(env.get("ADMIN_EXPORT_RETENTION_HOURS", "24"))
        self.ADMIN_EXPORT_STALE_MINUTES = float(env.get("ADMIN_EXPORT_STALE_MINUTES", "15"))
        # State-grant list previews never applied are deleted after this many days (decision 0086).
        self.GOV_GRANT_PREVIEW_RETENTION_DAYS = int(env.get("GOV_GRANT_PREVIEW_RETENTION_DAYS", "30"))
        # Dormitory places (issue 13; decision 0067). An unpaid hold ends after BOOKING_HOLD_HOURS, a waitlist
        # offer after DORM_OFFER_HOURS (the periodic job `dorm.expire_holds`, or `flask dorm-expire`).
        self.BOOKING_HOLD_HOURS = int(env.get("BOOKING_HOLD_HOURS", "48"))
        self.DORM_OFFER_HOURS = int(env.get("DORM_OFFER_HOURS", "24"))
        # Who may book: foreign applicants whose admin status is one of these (1 accepted, 2 awaiting visa,
        # 3 enrolled); citizens whose current_step is at least this (6: documents confirmed).
        self.DORM_ELIGIBLE_FOREIGN_STATUSES = [
            int(v) for v in env.get("DORM_ELIGIBLE_FOREIGN_STATUSES", "1,2,3").split(",") if v.strip()
        ]
        self.DORM_ELIGIBLE_KZ_MIN_STEP = int(env.get("DORM_ELIGIBLE_KZ_MIN_STEP", "6"))
        # Waitlist priority: social-category codes (SelectOption.code), first = highest; others come after them.
        self.DORM_PRIORITY_CATEGORIES = [
            v.strip()
            for v in env.get(
                "DORM_PRIORITY_CATEGORIES",
                "orphans,disability_1_2,disabled_since_childhood,family_with_disabled_child,large_family",
            ).split(",")
            if v.strip()
        ]
        # Reminders (issue 26; decision 0081), checked by the periodic job `reminders.scan` every 15 minutes: a
        # draft whose programme's deadline is at most REMINDER_DRAFT_DAYS_BEFORE_DEADLINE days away; an admission fee
        # unpaid REMINDER_FEE_UNPAID_DAYS after the stepper reached payment; a document sent back and not replaced
        # for REMINDER_DOCUMENT_RETURNED_DAYS; a dormitory hold or waitlist offer ending within
        # REMINDER_DORM_EXPIRING_HOURS.
        self.REMINDER_DRAFT_DAYS_BEFORE_DEADLINE = float(env.get("REMINDER_DRAFT_DAYS_BEFORE_DEADLINE", "3"))
        self.REMINDER_FEE_UNPAID_DAYS = float(env.get("REMINDER_FEE_UNPAID_DAYS", "3"))
        self.REMINDER_DOCUMENT_RETURNED_DAYS = float(env.get("REMINDER_DOCUMENT_RETURNED_DAYS", "2"))
        self.REMINDER_DORM_EXPIRING_HOURS = float(env.get("REMINDER_DORM_EXPIRING_HOURS", "6"))
        # How often beat runs the reminders scan (reminders.scan); the dormitory reminder speaks of hours.
        self.REMINDER_SCAN_INTERVAL_SECONDS = max(60, int(env.get("REMINDER_SCAN_INTERVAL_SECONDS", "900")))
        self.TESTING = False
        for key, value in overrides.items():
            setattr(self, key, value)


# ------------------------------------------------------------------------------------------- start-up checks


class SettingsRefused(SystemExit):
    """The app refuses to start. Exit status 4 is gunicorn's "App failed to load": its master stops instead of
    restarting workers that can never boot; `flask`, `celery` and `python` exit with it as well."""

    EXIT_STATUS = 4

    def __init__(self, line: str):
        super().__init__(self.EXIT_STATUS)
        self.line = line

    def __str__(self) -> str:
        return self.line


def _provider_problem(config: Mapping, variable: str, production: bool) -> str | None:
    real = REAL_PROVIDERS[variable]
    value = config.get(variable)
    wanted = f"{' or '.join(real)} (a real provider) or {DISABLED} (served as 503)"
    if not value:
        return f"{variable} is not set: name {wanted}"
    if value not in (SANDBOX, DISABLED, *real):
        return f"{variable}={value!r} is unknown: name {wanted}" + ("" if production else f" or {SANDBOX}")
    if not production:
        return None  # a developer may try a real provider half-configured: it answers 503 until completed
    if value == SANDBOX:
        return f"{variable}=sandbox runs only with APP_ENV=development: name {wanted}"
    missing = [name for name in real.get(value, ()) if not config.get(name)]
    if missing:
        return f"{variable}={value} needs {' and '.join(missing)}"
    return None


def settings_problems(config: Mapping) -> list[str]:
    """What keeps this configuration from starting, one phrase each naming its variable (empty: it may start)."""
    app_env = config.get("APP_ENV")
    if app_env not in APP_ENVS:
        return [f"APP_ENV={app_env!r} is unknown: use {PRODUCTION} (the default) or {DEVELOPMENT}"]
    production = app_env == PRODUCTION
    problems = [
        problem
        for variable in REAL_PROVIDERS
        if (problem := _provider_problem(config, variable, production)) is not None
    ]
    if production:
        smtp_url = config.get("SMTP_URL")
        if not smtp_url:
            problems.append("SMTP_URL is not set: production mail needs an SMTP server (no dev outbox there)")
        elif not smtp_url.startswith(("smtp://", "smtps://")):
            problems.append("SMTP_URL must start with smtp:// or smtps://")
    return problems


def check_settings(config: Mapping) -> None:
    """Refuses to start on one line naming each variable to fix: never a silent sandbox outside development."""
    problems = settings_problems(config)
    if problems:
        refuse(config, problems)


def refuse(config: Mapping, problems: list[str]) -> None:
    """Stops the process with one line naming each variable to fix (also the storage probe's, decision 0082)."""
    line = f"Qabyldau refuses to start (APP_ENV={config.get('APP_ENV')}): {'; '.join(problems)}."
    print(line, file=sys.stderr, flush=True)  # before logging is set up, and readable without a JSON viewer
    raise SettingsRefused(line)


def sandbox_adapters(config: Mapping) -> list[str]:
    """The development stand-ins this configuration runs (the start-up log lists them; empty in production)."""
    adapters = []
    if config.get("PAYMENT_PROVIDER") == SANDBOX:
        adapters.append("payments")
    if config.get("PKB_PROVIDER") == SANDBOX:
        adapters.append("credit_bureau")
    if not config.get("SMTP_URL"):
        adapters.append("mail_outbox")
    if config.get("PKB_PROVIDER") == SANDBOX:
        adapters.append("sms_outbox")  # the sandbox bureau is its only sender (the real one texts by itself)
    return adapters


def is_development(config: Mapping) -> bool:
    return config.get("APP_ENV") == DEVELOPMENT
