"""The layers of the universal package speak in domain errors; only the views turn them into statuses."""

from __future__ import annotations

import pytest

from server.errors import ApiError
from server.universal import service
from server.universal.binding import Caller, bind
from server.universal.errors import (
    Conflict,
    InvalidQuery,
    InvalidValues,
    ModelNotFound,
    NotAllowed,
    RowNotFound,
    StillReferenced,
)
from server.universal.views import as_api_error


@pytest.fixture
def admin_caller(factories):
    return Caller.of(factories.admin())


def test_binding_resolves_the_model_and_the_permission_once(db, factories, admin_caller):
    with pytest.raises(ModelNotFound):
        bind("Nope", "find", Caller.of(None))
    with pytest.raises(NotAllowed) as anonymous:
        bind("Hall", "find", Caller.of(None))
    assert anonymous.value.signed_in is False
    with pytest.raises(NotAllowed) as applicant:
        bind("Hall", "find", Caller.of(factories.applicant()))
    assert applicant.value.signed_in is True
    binding = bind("Hall", "find", admin_caller)
    assert binding.model.name == "Hall" and binding.readable == ("id", "name", "name_kk", "name_en")


def test_a_binding_runs_only_its_own_action(db, admin_caller):
    with pytest.raises(ValueError):
        service.delete(bind("Hall", "find", admin_caller), 1)


def test_the_dao_and_the_service_raise_domain_errors_not_http_ones(db, admin_caller):
    finder = bind("Hall", "find", admin_caller)
    with pytest.raises(InvalidQuery) as bad_filter:
        service.find(finder, {"secret": 1})
    assert (bad_filter.value.path, bad_filter.value.key) == ("filters.secret", "universal.unknown_filter")
    with pytest.raises(RowNotFound):
        service.update(bind("Hall", "update", admin_caller), 10**6, {"name": "x"})
    hall = service.create(bind("Hall", "create", admin_caller), [{"name": "Общежитие"}], many=False)[0]
    building = bind("Building", "create", admin_caller)
    with pytest.raises(InvalidValues) as missing_parent:
        service.create(building, [{"name": "Корпус", "order": 0, "hall_id": 10**6}], many=False)
    assert list(missing_parent.value.errors) == ["create.hall_id"]
    service.create(building, [{"name": "Корпус", "order": 0, "hall_id": hall["id"]}], many=False)
    with pytest.raises(StillReferenced) as referenced:
        service.delete(bind("Hall", "delete", admin_caller), hall["id"])
    assert referenced.value.referrers == [("Building", 1)]


@pytest.mark.parametrize(
    "error, status, key",
    [
        (ModelNotFound("X"), 404, "universal.model_not_found"),
        (NotAllowed(signed_in=False), 401, "errors.unauthorized"),
        (NotAllowed(signed_in=True), 403, "errors.forbidden"),
        (RowNotFound(), 404, "errors.not_found"),
        (InvalidQuery("params.order", "universal.invalid_order"), 400, "universal.invalid_order"),
        (InvalidValues({}), 400, "errors.validation"),
        (InvalidValues({"create.name": ["validation.blank"]}), 400, "validation.blank"),
        (Conflict(), 409, "universal.conflict"),
        (StillReferenced([("Building", 2), (None, 1)]), 409, "universal.delete_has_children"),
    ],
)
def test_the_views_map_each_domain_error_to_one_status(app, error, status, key):
    with app.test_request_context("/?lang=en"):
        mapped = as_api_error(error)
    assert isinstance(mapped, ApiError) and (mapped.status, mapped.key) == (status, key)
    if isinstance(error, StillReferenced):
        assert mapped.params["children"] == "Building: 2, other records: 1"
