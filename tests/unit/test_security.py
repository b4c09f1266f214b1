"""Security primitives (design §9): argon2id passwords, keyed code hashes, log redaction (no full IIN, no bearer
token, no password in any log line), the CSP."""

from __future__ import annotations

import io
import json
import logging

import pytest

from server.logging_setup import RedactingFilter, redact
from server.security import CSP, codes_match, hash_code, hash_password, new_code, verify_password

IIN = "900101300017"
TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwianRpIjoiYWJjIn0.c2lnbmF0dXJlLXBhcnQ"


# ============================================================================================ redaction
class TestRedact:
    @pytest.mark.parametrize(
        "raw, expected",
        [
            (f"iin={IIN}", "iin=9001********"),
            (f"{IIN}", "9001********"),
            (f"ИИН {IIN}, телефон +77011234567", "ИИН 9001********, телефон +77011234567"),
            (f"Authorization: Bearer {TOKEN}", "Authorization: Bearer [redacted]"),
            (f"bearer  {TOKEN} tail", "bearer  [redacted] tail"),
            (f"GET /download?token={TOKEN}&x=1", "GET /download?token=[redacted]&x=1"),
            ("code 123456 stays", "code 123456 stays"),
            ("1234567890123 is 13 digits", "1234567890123 is 13 digits"),
            ("12345678901 is 11 digits", "12345678901 is 11 digits"),
        ],
    )
    def test_strings(self, raw, expected):
        assert redact(raw) == expected

    def test_two_iins_and_a_token_in_one_line(self):
        out = redact(f"{IIN} and 880202400028 via Bearer {TOKEN}")
        assert IIN not in out and "880202400028" not in out and TOKEN not in out

    @pytest.mark.parametrize("value", [None, 12, 3.5, b"bytes", [IIN]])
    def test_non_strings_pass_through(self, value):
        assert redact(value) == value


def make_record(msg, args=(), **extra) -> logging.LogRecord:
    record = logging.LogRecord("qabyldau.test", logging.INFO, __file__, 1, msg, args, None)
    for key, value in extra.items():
        setattr(record, key, value)
    return record


class TestRedactingFilter:
    def test_message_and_extra_fields(self):
        record = make_record(
            f"pkb request for {IIN}",
            iin=IIN,
            path=f"/x?t={TOKEN}",
            header=f"Bearer {TOKEN}",
            password="hunter22",
            access_token=TOKEN,
            code_hash="abc",
            status=200,
        )
        assert RedactingFilter().filter(record) is True
        assert IIN not in record.getMessage()
        assert record.iin == "9001********"
        assert record.password == "[redacted]" and record.access_token == "[redacted]"
        assert record.code_hash == "[redacted]" and record.header == "Bearer [redacted]"
        assert record.status == 200

    def test_percent_style_arguments_are_redacted(self):
        """Arguments are merged into the message by the formatter, after the filter ran: they need redacting too."""
        record = make_record("user %s sent %s", (IIN, f"Bearer {TOKEN}"))
        RedactingFilter().filter(record)
        message = record.getMessage()
        assert IIN not in message and TOKEN not in message
        assert message == "user 9001******** sent Bearer [redacted]"

    def test_celery_task_arguments_are_hidden(self):
        """Celery puts a task's arguments into its log records (the %-mapping and `data`): a mail job's carry the
        recipient and the code (decision 0061)."""
        arguments = "('owner@example.com', 'verify', 'Код', 'Ваш код: 428913')"
        context = {"id": "task-id", "name": "mail.send", "args": arguments, "kwargs": "{}", "exc": f"for {IIN}"}
        record = make_record("Task %(name)s[%(id)s] raised unexpected: %(exc)s", (), data=dict(context))
        record.args = dict(context)
        RedactingFilter().filter(record)
        assert record.getMessage() == "Task mail.send[task-id] raised unexpected: for 9001********"
        assert record.args["args"] == record.args["kwargs"] == "[hidden]"
        assert record.data == {**context, "args": "[hidden]", "kwargs": "[hidden]", "exc": "for 9001********"}

    def test_mapping_arguments_are_redacted(self):
        record = make_record("%(iin)s / %(password)s", ())
        record.args = {"iin": IIN, "password": "hunter22"}
        RedactingFilter().filter(record)
        assert record.getMessage() == "9001******** / [redacted]"

    def test_the_configured_log_handler_redacts(self, app):
        """The handler create_app installs on the root logger writes no IIN, token or password."""
        handlers = [h for h in logging.getLogger().handlers if any(isinstance(f, RedactingFilter) for f in h.filters)]
        assert handlers, "create_app must install a redacting handler on the root logger"
        handler = handlers[0]
        stream = io.StringIO()
        previous = handler.setStream(stream)
        try:
            log = logging.getLogger("qabyldau.redaction-test")
            log.warning("pkb answer for %s", IIN, extra={"authorization": f"Bearer {TOKEN}", "password": "pw-123456"})
            log.warning(f"header was Bearer {TOKEN}")
            log.warning("plain %(iin)s", {"iin": IIN})
        finally:
            handler.setStream(previous)
        output = stream.getvalue()
        assert output.count("\n") == 3
        assert IIN not in output and TOKEN not in output and "pw-123456" not in output
        assert "9001********" in output
        first = json.loads(output.splitlines()[0])  # one JSON object per line
        assert first["message"] == "pkb answer for 9001********" and first["authorization"] == "[redacted]"


# ============================================================================================ passwords
class TestPasswords:
    def test_argon2id_with_salt(self):
        first, second = hash_password("Qabyldau-pass-2026"), hash_password("Qabyldau-pass-2026")
        assert first.startswith("$argon2id$") and first != second
        assert "Qabyldau-pass-2026" not in first
        assert verify_password(first, "Qabyldau-pass-2026") and verify_password(second, "Qabyldau-pass-2026")

    @pytest.mark.parametrize(
        "stored, attempt",
        [
            (None, "Qabyldau-pass-2026"),
            ("", "Qabyldau-pass-2026"),
            ("not-a-hash", "Qabyldau-pass-2026"),
            ("$argon2id$broken", "x"),
        ],
    )
    def test_bad_hashes_never_verify_and_never_raise(self, stored, attempt):
        if stored is None:
            stored = hash_password("other-password")
        assert verify_password(stored, attempt) is False

    def test_unicode_passwords(self):
        stored = hash_password("пароль-құпия")
        assert verify_password(stored, "пароль-құпия") and not verify_password(stored, "пароль-купия")


# ============================================================================================ codes
class TestCodes:
    def test_six_digits_from_the_whole_range(self):
        codes = [new_code() for _ in range(2000)]
        assert all(len(c) == 6 and c.isdigit() for c in codes)
        assert len(set(codes)) > 1990  # no small pool
        assert any(c.startswith("0") for c in codes)  # leading zeros kept

    def test_keyed_hash(self, app):
        with app.app_context():
            digest = hash_code("123456", "verify_email", 7)
            assert len(digest) == 64 and "123456" not in digest
            assert codes_match(digest, "123456", "verify_email", 7)
            assert not codes_match(digest, "123457", "verify_email", 7)
            assert not codes_match(digest, "123456", "reset_password", 7)  # bound to the purpose
            assert not codes_match(digest, "123456", "verify_email", 8)  # and to the user
            original = app.config["SECRET_KEY"]
            app.config["SECRET_KEY"] = "another-secret-key-another-secret-key"
            try:
                assert hash_code("123456", "verify_email", 7) != digest  # keyed: the table alone is not enough
            finally:
                app.config["SECRET_KEY"] = original


# ============================================================================================ CSP
def test_csp_forbids_inline_script_and_framing():
    directives = {part.split()[0]: part.split()[1:] for part in CSP.split(";") if part.strip()}
    assert directives["script-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'self'"]
