"""Background jobs in-process (no REDIS_URL; decision 0061): a job leaves only after its transaction commits, the
mail job's retry policy, and the periodic housekeeping job. The real worker is in test_jobs_worker.py."""

from __future__ import annotations

import smtplib
import socket
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from server.accounts.jobs import purge_expired_auth_records
from server.jobs import enqueue_after_commit
from server.jobs.mail import queue_mail
from server.models import AuthSession, OneTimeCode, OutboxMessage, User
from server.models.base import utcnow

from ..helpers import assert_ok, sign_up


def outbox_count(db, email: str) -> int:
    return db.session.scalar(select(func.count()).select_from(OutboxMessage).where(OutboxMessage.recipient == email))


def start_a_transaction(db, email: str) -> None:
    db.session.add(User(email=email, password_hash="not-a-real-hash"))
    db.session.flush()
    assert db.session().in_transaction()


class TestAfterCommit:
    def test_mail_leaves_when_the_transaction_commits_and_not_before(self, db):
        start_a_transaction(db, "owner@example.com")
        queue_mail("after@example.com", "verify", "en", code="314159")
        assert outbox_count(db, "after@example.com") == 0
        db.session.commit()
        [message] = db.session.scalars(select(OutboxMessage).where(OutboxMessage.recipient == "after@example.com"))
        assert message.subject == "Your Qabyldau confirmation code"
        assert "314159" in message.body

    def test_a_rolled_back_transaction_sends_nothing(self, db):
        start_a_transaction(db, "ghost@example.com")
        queue_mail("rolled-back@example.com", "verify", "en", code="271828")
        db.session.rollback()
        # Nor does the next commit of the same session pick the dropped job up.
        start_a_transaction(db, "later@example.com")
        db.session.commit()
        assert outbox_count(db, "rolled-back@example.com") == 0
        assert db.session.scalar(select(User).where(User.email == "ghost@example.com")) is None

    def test_a_session_closed_without_commit_sends_nothing(self, db):
        start_a_transaction(db, "closed@example.com")
        queue_mail("closed@example.com", "reset", "ru", code="161803")
        db.session.close()
        start_a_transaction(db, "next@example.com")
        db.session.commit()
        assert outbox_count(db, "closed@example.com") == 0

    def test_outside_a_transaction_the_job_starts_at_once(self, db):
        db.session.commit()
        assert not db.session().in_transaction()
        queue_mail("now@example.com", "already_registered", "kk")
        assert outbox_count(db, "now@example.com") == 1

    def test_a_rolled_back_savepoint_drops_only_its_own_jobs(self, db):
        start_a_transaction(db, "outer@example.com")
        with db.session.begin_nested():
            queue_mail("released@example.com", "verify", "ru", code="111111")
        savepoint = db.session.begin_nested()
        queue_mail("dropped@example.com", "verify", "ru", code="222222")
        savepoint.rollback()
        # A released savepoint is not the commit: its job waits for the outermost one.
        assert outbox_count(db, "released@example.com") == 0
        db.session.commit()
        assert outbox_count(db, "released@example.com") == 1
        assert outbox_count(db, "dropped@example.com") == 0

    def test_any_task_can_be_enqueued(self, db, factories):
        user = factories.user()
        db.session.add(
            OneTimeCode(
                user_id=user.id, purpose="reset_password", code_hash="x", expires_at=utcnow() - timedelta(days=400)
            )
        )
        enqueue_after_commit(purge_expired_auth_records)
        assert db.session.scalar(select(func.count()).select_from(OneTimeCode)) == 1
        db.session.commit()
        assert db.session.scalar(select(func.count()).select_from(OneTimeCode)) == 0


class TestMailJob:
    def test_retry_policy_is_declared_and_fits_the_life_of_a_code(self, app):
        task = app.extensions["celery"].tasks["mail.send"]
        assert OSError in task.autoretry_for and smtplib.SMTPException in task.autoretry_for
        assert ValueError not in task.autoretry_for  # a malformed SMTP_URL does not heal by waiting
        assert task.max_retries == 5
        assert task.retry_backoff == 10 and task.retry_backoff_max == 300 and task.retry_jitter is True
        longest_wait = sum(min(task.retry_backoff * 2**n, task.retry_backoff_max) for n in range(task.max_retries))
        assert longest_wait < app.config["OTP_TTL_SECONDS"]  # the last try still carries a usable code

    def test_in_process_a_failed_delivery_is_tried_once(self, client, db, app, monkeypatch, captured_log):
        """No worker means no one to come back later: no burst of immediate retries inside the request."""
        connections = []
        listener = socket.create_server(("127.0.0.1", 0))

        def busy_smtp_server():
            while True:
                try:
                    connection, _ = listener.accept()
                except OSError:
                    return
                connections.append(connection)
                connection.sendall(b"421 busy, try again later\r\n")
                connection.close()

        thread = threading.Thread(target=busy_smtp_server, daemon=True)
        thread.start()
        try:
            monkeypatch.setitem(app.config, "SMTP_URL", f"smtp://127.0.0.1:{listener.getsockname()[1]}")
            assert_ok(sign_up(client, "busy@example.com"))
        finally:
            listener.close()
            thread.join(timeout=5)
        assert len(connections) == 1
        assert '"message": "mail delivery failed"' in captured_log.getvalue()
        assert '"error": "SMTPConnectError"' in captured_log.getvalue()

    def test_a_failing_job_never_turns_a_committed_request_into_an_error(self, client, db, app, monkeypatch):
        monkeypatch.setitem(app.config, "SMTP_URL", "ftp://mail.example.com")  # refused by SmtpSender: ValueError
        assert_ok(sign_up(client, "v@example.com"))
        assert db.session.scalar(select(User).where(User.email == "v@example.com")) is not None

    def test_called_directly_in_process_the_error_propagates(self, app, db, monkeypatch):
        monkeypatch.setitem(app.config, "SMTP_URL", "ftp://mail.example.com")
        with pytest.raises(ValueError):
            app.extensions["celery"].tasks["mail.send"].delay("x@example.com", "verify", "subject", "body")


class TestHousekeeping:
    def test_the_beat_schedule_holds_only_registered_tasks(self, app):
        celery = app.extensions["celery"]
        schedule = celery.conf.beat_schedule
        assert {entry["task"] for entry in schedule.values()} == {
            "housekeeping.purge_expired_auth_records",
            "housekeeping.purge_admin_exports",
            "dorm.expire_holds",
            "reminders.scan",  # issue 26
            "housekeeping.sweep_orphan_objects",  # issue 25
            "payments.reconcile_pending",  # issue 25
            "gov_grants.sweep_stale_previews",  # issue 23
        }
        for entry in schedule.values():
            assert entry["task"] in celery.tasks

    def test_purge_deletes_only_codes_and_sessions_dead_longer_than_the_retention(self, app, db, factories):
        user = factories.user()
        now = utcnow()
        days = app.config["AUTH_RECORDS_RETENTION_DAYS"]
        long_ago, lately = now - timedelta(days=days + 1), now - timedelta(days=days - 1)
        codes = {
            "expired long ago": OneTimeCode(
                user_id=user.id, purpose="verify_email", code_hash="a", expires_at=long_ago
            ),
            "expired lately": OneTimeCode(user_id=user.id, purpose="verify_email", code_hash="b", expires_at=lately),
            "open": OneTimeCode(
                user_id=user.id, purpose="reset_password", code_hash="c", expires_at=now + timedelta(minutes=5)
            ),
        }
        sessions = {
            "revoked long ago": AuthSession(
                jti="r-old", user_id=user.id, expires_at=now + timedelta(hours=1), revoked_at=long_ago
            ),
            "expired long ago": AuthSession(jti="e-old", user_id=user.id, expires_at=long_ago),
            "revoked lately": AuthSession(
                jti="r-new", user_id=user.id, expires_at=long_ago + timedelta(days=2), revoked_at=lately
            ),
            "active": AuthSession(jti="live", user_id=user.id, expires_at=now + timedelta(hours=1)),
        }
        db.session.add_all([*codes.values(), *sessions.values()])
        db.session.commit()
        kept_codes = {codes["expired lately"].id, codes["open"].id}
        kept_sessions = {sessions["revoked lately"].id, sessions["active"].id}

        app.extensions["celery"].tasks["housekeeping.purge_expired_auth_records"].delay()

        assert set(db.session.scalars(select(OneTimeCode.id))) == kept_codes
        assert set(db.session.scalars(select(AuthSession.id))) == kept_sessions


def test_a_periodic_entry_can_take_its_interval_from_a_setting(instance_dir, database_url):
    """PAYMENT_RECONCILE_INTERVAL_SECONDS sets how often the beat reconciles payments (the topology smoke test
    shortens it to watch the one beat tick)."""
    from server import create_app

    from ..conftest import make_config

    app = create_app(make_config(instance_dir, database_url, PAYMENT_RECONCILE_INTERVAL_SECONDS=7))
    entry = app.extensions["celery"].conf.beat_schedule["payments-reconcile-pending"]
    assert entry["schedule"] == timedelta(seconds=7)
