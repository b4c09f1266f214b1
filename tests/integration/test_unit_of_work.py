"""unit_of_work / @use_case (decision 0076): one transaction per use case, nested units join the outermost one,
and jobs enqueued inside leave only after its commit."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from server.database import unit_of_work, use_case
from server.errors import Conflict
from server.jobs.mail import queue_mail
from server.models import OutboxMessage, User


def _users(db, email: str) -> int:
    return db.session.scalar(select(func.count()).select_from(User).where(User.email == email))


def _mails(db, email: str) -> int:
    return db.session.scalar(select(func.count()).select_from(OutboxMessage).where(OutboxMessage.recipient == email))


def test_the_block_commits_when_it_ends(db):
    with unit_of_work() as session:
        session.add(User(email="uow-commit@example.com", password_hash="x"))
    db.session.rollback()  # nothing left to roll back: it was committed
    assert _users(db, "uow-commit@example.com") == 1


def test_any_exception_rolls_everything_back_and_is_raised(db):
    with pytest.raises(Conflict):
        with unit_of_work() as session:
            session.add(User(email="uow-rollback@example.com", password_hash="x"))
            session.flush()
            queue_mail("uow-rollback@example.com", "verify", "en", code="123456")
            raise Conflict("errors.conflict")
    assert _users(db, "uow-rollback@example.com") == 0
    assert _mails(db, "uow-rollback@example.com") == 0  # the job was dropped with the transaction


def test_a_nested_use_case_joins_the_outer_transaction(db):
    @use_case
    def inner(email):
        db.session.add(User(email=email, password_hash="x"))

    with pytest.raises(RuntimeError):
        with unit_of_work():
            inner("uow-nested@example.com")  # does not commit on its own
            raise RuntimeError("the outer use case fails after the inner one returned")
    assert _users(db, "uow-nested@example.com") == 0

    inner("uow-alone@example.com")
    db.session.rollback()
    assert _users(db, "uow-alone@example.com") == 1


def test_mail_queued_inside_leaves_after_the_commit(db):
    with unit_of_work():
        queue_mail("uow-mail@example.com", "verify", "en", code="654321")
        assert _mails(db, "uow-mail@example.com") == 0
    assert _mails(db, "uow-mail@example.com") == 1


def test_a_kept_refusal_commits_what_was_written_before_it(db):
    @use_case(keep_on=(Conflict,))
    def refuse_after_recording(email):
        db.session.add(User(email=email, password_hash="x"))
        raise Conflict("errors.conflict")

    with pytest.raises(Conflict):
        refuse_after_recording("uow-kept@example.com")
    db.session.rollback()
    assert _users(db, "uow-kept@example.com") == 1

    with pytest.raises(RuntimeError):
        with unit_of_work(keep_on=(Conflict,)):
            db.session.add(User(email="uow-other@example.com", password_hash="x"))
            raise RuntimeError("not a kept refusal")
    assert _users(db, "uow-other@example.com") == 0


def test_a_kept_refusal_whose_commit_fails_rolls_back_and_raises_that_error(db):
    from sqlalchemy.exc import IntegrityError

    db.session.add(User(email="uow-dup@example.com", password_hash="x"))
    db.session.commit()
    with pytest.raises(IntegrityError):
        with unit_of_work(keep_on=(Conflict,)):
            db.session.add(User(email="uow-dup@example.com", password_hash="y"))
            raise Conflict("errors.conflict")
    assert _users(db, "uow-dup@example.com") == 1
