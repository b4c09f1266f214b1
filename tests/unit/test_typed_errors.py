"""Typed domain errors (decision 0076): each class carries its status, and the older ApiError(status, key) builds
the class of that status, so the domain catches types."""

from __future__ import annotations

import pytest

from server.errors import ApiError, Conflict, Forbidden, Invalid, NotFound, Refused, TooMany, Unavailable


@pytest.mark.parametrize(
    ("cls", "status"),
    [
        (Invalid, 400),
        (Forbidden, 403),
        (NotFound, 404),
        (Conflict, 409),
        (Refused, 422),
        (TooMany, 429),
        (Unavailable, 503),
    ],
)
def test_each_class_carries_its_status_and_builds_from_the_older_form(cls, status):
    typed = cls("some.key", {"field": ["some.key"]}, headers={"Retry-After": "3"}, limit=5)
    assert (typed.status, typed.key, typed.errors, typed.headers, typed.params) == (
        status,
        "some.key",
        {"field": ["some.key"]},
        {"Retry-After": "3"},
        {"limit": 5},
    )
    older = ApiError(status, "some.key", {"field": ["some.key"]}, limit=5)
    assert type(older) is cls and older.status == status and older.errors == {"field": ["some.key"]}


def test_a_type_is_caught_whichever_way_it_was_raised():
    with pytest.raises(Conflict):
        raise ApiError(409, "workflow.illegal_transition")
    with pytest.raises(ApiError):
        raise NotFound("applications.not_found")


def test_a_status_without_a_class_stays_a_plain_api_error():
    error = ApiError(418, "errors.bad_request")
    assert type(error) is ApiError and error.status == 418


def test_errors_may_be_given_by_keyword_either_way():
    assert ApiError(422, "k", errors={"row 2": ["k"]}, count=1).errors == {"row 2": ["k"]}
    assert Refused("k", errors={"row 2": ["k"]}).errors == {"row 2": ["k"]}
