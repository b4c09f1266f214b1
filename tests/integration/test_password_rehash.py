"""argon2id parameters (issue 25; decision 0082): at or above OWASP's minimum, at most ~60 ms of CPU per sign-in,
and a hash stored with older parameters is replaced at the next successful sign-in (argon2-cffi's
check_needs_rehash)."""

from __future__ import annotations

import statistics
import time

from argon2 import PasswordHasher, extract_parameters

from server.models import User
from server.security import PASSWORD_HASHER_PARAMETERS, hash_password, needs_rehash, verify_password

from ..helpers import DEFAULT_PASSWORD, assert_envelope, sign_in

OLD_HASHER = PasswordHasher(time_cost=3, memory_cost=64 * 1024, parallelism=4)  # what sign-ups stored before
CPU_BUDGET_MS = 60


def _parameters(stored: str):
    return extract_parameters(stored)


def test_parameters_are_at_or_above_owasps_minimum():
    p = PASSWORD_HASHER_PARAMETERS
    # OWASP (argon2id): m=47104 (46 MiB) t=1, m=19456 (19 MiB) t=2, m=12288 t=3, m=9216 t=4, m=7168 t=5; p=1.
    minimum_memory_for = {1: 46 * 1024, 2: 19 * 1024, 3: 12 * 1024, 4: 9 * 1024, 5: 7 * 1024}
    assert p["memory_cost"] >= minimum_memory_for[min(p["time_cost"], 5)] and p["parallelism"] >= 1
    assert hash_password("x").startswith("$argon2id$")


def test_a_check_costs_at_most_the_budget_of_cpu():
    stored = hash_password(DEFAULT_PASSWORD)
    samples = []
    for _ in range(5):
        start = time.process_time()
        assert verify_password(stored, DEFAULT_PASSWORD)
        samples.append((time.process_time() - start) * 1000)
    assert statistics.median(samples) <= CPU_BUDGET_MS, samples


def test_an_old_hash_is_replaced_at_the_next_sign_in(client, factories, db):
    user = factories.user()
    user.password_hash = OLD_HASHER.hash(DEFAULT_PASSWORD)
    db.session.commit()
    assert needs_rehash(user.password_hash)

    assert_envelope(sign_in(client, user.email, "not-the-password-1"), 400)
    db.session.expire_all()
    assert _parameters(db.session.get(User, user.id).password_hash).memory_cost == 64 * 1024  # unproven: kept

    assert sign_in(client, user.email).status_code == 200
    db.session.expire_all()
    stored = db.session.get(User, user.id).password_hash
    parameters = _parameters(stored)
    assert (parameters.time_cost, parameters.memory_cost, parameters.parallelism) == (
        PASSWORD_HASHER_PARAMETERS["time_cost"],
        PASSWORD_HASHER_PARAMETERS["memory_cost"],
        PASSWORD_HASHER_PARAMETERS["parallelism"],
    )
    assert not needs_rehash(stored) and verify_password(stored, DEFAULT_PASSWORD)

    assert sign_in(client, user.email).status_code == 200  # and it still signs in; nothing re-hashed again
    db.session.expire_all()
    assert db.session.get(User, user.id).password_hash == stored


def test_a_current_hash_is_left_alone(client, factories, db):
    user = factories.user()
    before = user.password_hash
    assert not needs_rehash(before) and not needs_rehash("not-a-hash")
    assert sign_in(client, user.email).status_code == 200
    db.session.expire_all()
    assert db.session.get(User, user.id).password_hash == before
