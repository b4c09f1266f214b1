"""Load shedding (server/load_shedding.py; issue 25, decision 0082 "Excess load"): behind the balancer, a request
that waited longer than REQUEST_QUEUE_LIMIT_MS is answered 503 with Retry-After before any other work."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from server.load_shedding import queued_seconds

CATALOGUES = Path(__file__).resolve().parents[2] / "server" / "i18n"
SELF = "/api/v1/users/self"


def catalogue(lang: str) -> dict:
    return json.loads((CATALOGUES / f"{lang}.json").read_text())


def stamp(seconds_ago: float) -> dict:
    return {"X-Request-Start": f"t={time.time() - seconds_ago:.3f}"}


@pytest.fixture
def behind_balancer(app, monkeypatch):
    monkeypatch.setitem(app.config, "TRUSTED_PROXY_COUNT", 1)
    monkeypatch.setitem(app.config, "REQUEST_QUEUE_LIMIT_MS", 1000)
    monkeypatch.setitem(app.config, "REQUEST_QUEUE_RETRY_AFTER_SECONDS", 5)


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
def test_a_request_that_waited_too_long_is_shed_with_retry_after(client, behind_balancer, lang):
    response = client.get(SELF, headers={**stamp(3.0), "Accept-Language": lang})
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    body = response.get_json()
    assert body["message_key"] == "errors.server_busy"
    assert body["message"] == catalogue(lang)["errors.server_busy"]


def test_shedding_happens_before_the_session_check_and_the_database(client, behind_balancer, monkeypatch):
    """A shed request does no other work: not even the session check that answers 401 to a bad token."""
    from server.extensions import db

    def no_database(*_args, **_kwargs):
        raise AssertionError("a shed request touched the database")

    monkeypatch.setattr(db.session, "execute", no_database)
    response = client.get(SELF, headers={**stamp(2.5), "Authorization": "Bearer not-a-token"})
    assert response.status_code == 503


def test_a_request_within_the_limit_is_served(client, behind_balancer):
    response = client.get(SELF, headers=stamp(0.2))
    assert response.status_code == 401  # served: the usual answer without a session


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no balancer stamp
        {"X-Request-Start": "t=yesterday"},
        {"X-Request-Start": "t=-5"},
        # clock skew: a stamp from the future is no wait (a year ahead: collected long before the test runs)
        {"X-Request-Start": f"t={time.time() + 365 * 86400:.3f}"},
    ],
)
def test_a_missing_or_unreadable_stamp_sheds_nothing(client, behind_balancer, headers):
    assert client.get(SELF, headers=headers).status_code == 401


def test_without_a_trusted_proxy_the_header_is_ignored(client, app, monkeypatch):
    """`make start` without a balancer: a client cannot get itself (or anyone) shed by sending the header."""
    monkeypatch.setitem(app.config, "TRUSTED_PROXY_COUNT", 0)
    assert client.get(SELF, headers=stamp(60)).status_code == 401


def test_zero_turns_shedding_off(client, app, behind_balancer, monkeypatch):
    monkeypatch.setitem(app.config, "REQUEST_QUEUE_LIMIT_MS", 0)
    assert client.get(SELF, headers=stamp(60)).status_code == 401


def test_the_health_check_is_never_shed(client, behind_balancer):
    response = client.get("/api/v1/health", headers=stamp(60))
    assert response.status_code == 200


@pytest.mark.parametrize(
    "value",
    [
        "t=1700000000.500",  # seconds with milliseconds (nginx's ${msec})
        "1700000000.5",  # without the t=
        "t=1700000000500",  # milliseconds
        "t=1700000000500000",  # microseconds
    ],
)
def test_stamp_units(value):
    assert queued_seconds(value, 1700000002.0) == pytest.approx(1.5)
