"""CPU time of one password hash and one check, for the old and the current argon2id parameters (issue 25;
decision 0082). A sign-in spends one check (and an unknown address one dummy check): its CPU cost is the check's.

    .venv/bin/python scripts/bench/argon2_cost.py [--rounds 20] [--sign-in]

Prints, per parameter set, the process CPU milliseconds per hash and per verify (median of the rounds) and the
sign-ins per second one core sustains. --sign-in also measures whole `POST /auth/sign-in` requests in-process
(a throw-away SQLite app): an account with a current hash, and one with an old hash (which is re-hashed then).
Run it on an idle machine; other processes make the wall clock lie, the CPU clock less so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from argon2 import PasswordHasher  # noqa: E402

from server.security import PASSWORD_HASHER_PARAMETERS  # noqa: E402

OLD = {"time_cost": 3, "memory_cost": 64 * 1024, "parallelism": 4}  # argon2-cffi's default (RFC 9106 low-memory)
OWASP_MINIMUMS = [  # OWASP Password Storage Cheat Sheet, argon2id: equivalent settings
    {"time_cost": 2, "memory_cost": 19 * 1024, "parallelism": 1},
    {"time_cost": 1, "memory_cost": 46 * 1024, "parallelism": 1},
]


def cpu_ms(action, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.process_time()
        action()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def measure(label: str, parameters: dict, rounds: int) -> None:
    hasher = PasswordHasher(**parameters)
    stored = hasher.hash("correct horse battery staple")
    hashing = cpu_ms(lambda: hasher.hash("correct horse battery staple"), rounds)
    checking = cpu_ms(lambda: hasher.verify(stored, "correct horse battery staple"), rounds)
    print(
        f"{label:<28} m={parameters['memory_cost'] // 1024:>3} MiB t={parameters['time_cost']} "
        f"p={parameters['parallelism']}: hash {hashing:6.1f} ms CPU, verify {checking:6.1f} ms CPU, "
        f"{1000 / checking:5.1f} sign-ins/s per core"
    )


def measure_sign_in(rounds: int) -> None:
    password = "Qabyldau-pass-2026"
    with tempfile.TemporaryDirectory(prefix="qabyldau-argon2-") as folder:
        os.environ.update(APP_ENV="development", INSTANCE_PATH=folder, RATELIMIT_ENABLED="0", LOG_LEVEL="ERROR")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        from server import create_app
        from server.extensions import db
        from server.models import User
        from server.security import hash_password

        app = create_app()
        old = PasswordHasher(**OLD)
        with app.app_context():
            db.create_all()
            db.session.add(User(email="current@example.com", password_hash=hash_password(password), is_verified=True))
            db.session.add(User(email="old@example.com", password_hash=old.hash(password), is_verified=True))
            db.session.commit()
        client = app.test_client()

        def sign_in(email: str, reset_to_old: bool) -> None:
            if reset_to_old:
                with app.app_context():
                    db.session.query(User).filter_by(email=email).update({"password_hash": old.hash(password)})
                    db.session.commit()
            start = time.process_time()
            answer = client.post("/api/v1/auth/sign-in", json={"email": email, "password": password})
            samples.append((time.process_time() - start) * 1000)
            assert answer.status_code == 200, answer.get_data(as_text=True)[:200]

        for label, email, reset in (
            ("sign-in, current hash", "current@example.com", False),
            ("sign-in, old hash + rehash", "old@example.com", True),
        ):
            samples: list[float] = []
            for _ in range(rounds):
                sign_in(email, reset)
            print(f"{label:<28} {statistics.median(samples[1:] or samples):6.1f} ms CPU per request")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--sign-in", action="store_true", help="also measure whole sign-in requests")
    args = parser.parse_args()
    measure("old (library default)", OLD, args.rounds)
    for parameters in OWASP_MINIMUMS:
        measure("OWASP minimum", parameters, args.rounds)
    measure("current (server/security.py)", PASSWORD_HASHER_PARAMETERS, args.rounds)
    if args.sign_in:
        measure_sign_in(args.rounds)


if __name__ == "__main__":
    main()
