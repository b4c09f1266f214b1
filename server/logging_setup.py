"""JSON logs without secrets: bearer tokens, passwords and full IINs never reach a log line (design §9).

Tracebacks are redacted too (a driver error quotes its statement), and the engine hides SQL parameters
(SQLALCHEMY_ENGINE_OPTIONS["hide_parameters"], config.py).
"""

from __future__ import annotations

import logging
import re
import sys
import time

from flask import Flask, g, request
from pythonjsonlogger.json import JsonFormatter

from .request_id import current_request_id

_IIN = re.compile(r"(?<!\d)(\d{4})\d{8}(?!\d)")
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._\-]+", re.IGNORECASE)
# A JWT anywhere (a token pasted into a URL or an error text), with or without the Bearer prefix.
_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*")
# A password hash (argon2 PHC string), e.g. quoted in a failing INSERT.
_ARGON2 = re.compile(r"\$argon2(?:id|i|d)\$[A-Za-z0-9$=,.+/]+")
_SECRET_KEYS = ("password", "token", "secret", "authorization", "code_hash")


def redact(value):
    if isinstance(value, str):
        value = _ARGON2.sub("[redacted]", value)
        return _JWT.sub("[redacted]", _BEARER.sub(r"\1[redacted]", _IIN.sub(r"\1********", value)))
    return value


# Celery attaches a task's arguments to its log records (the %-mapping and the `data` extra). They carry codes,
# message bodies and addresses, so they are dropped whatever the task.
_TASK_ARGUMENT_KEYS = ("args", "kwargs")


def _hide_task_arguments(mapping: dict) -> dict:
    return {key: "[hidden]" if key in _TASK_ARGUMENT_KEYS else redact(value) for key, value in mapping.items()}


class RedactingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.msg)
        # %-style arguments are merged into the message later, by the formatter: redact them too.
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                key: "[redacted]" if any(secret in str(key).lower() for secret in _SECRET_KEYS) else redact(arg)
                for key, arg in _hide_task_arguments(record.args).items()
            }
        if isinstance(record.__dict__.get("data"), dict):
            record.data = _hide_task_arguments(record.data)
        for key, value in list(record.__dict__.items()):
            if any(secret in key.lower() for secret in _SECRET_KEYS):
                record.__dict__[key] = "[redacted]"
            elif isinstance(value, str):
                record.__dict__[key] = redact(value)
        return True


class RedactingJsonFormatter(JsonFormatter):
    """The filter cleans the record; tracebacks and stacks are only rendered here, so they are cleaned here."""

    def formatException(self, ei):  # noqa: N802 (logging's name)
        return redact(super().formatException(ei))

    def formatStack(self, stack_info):  # noqa: N802
        return redact(super().formatStack(stack_info))


def make_handler(stream) -> logging.Handler:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(RedactingJsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    handler.addFilter(RedactingFilter())
    return handler


def configure_logging(app: Flask) -> None:
    handler = make_handler(sys.stderr)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(app.config.get("LOG_LEVEL", "INFO"))
    logging.getLogger("werkzeug").setLevel(logging.WARNING)

    @app.before_request
    def _start_timer():
        g.request_started = time.perf_counter()

    access = logging.getLogger("qabyldau.access")

    @app.after_request
    def _access_log(response):
        # The record (with the request id it carries) is built only when the access log is on.
        if access.isEnabledFor(logging.INFO) and request.path.startswith("/api/"):
            elapsed_ms = round((time.perf_counter() - g.get("request_started", time.perf_counter())) * 1000, 1)
            access.info(
                "request",
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "ms": elapsed_ms,
                    "request_id": current_request_id(),
                },
            )
        return response
