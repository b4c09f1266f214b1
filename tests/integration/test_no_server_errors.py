"""Inputs found by fuzzing the API (schemathesis over /api/v1/openapi.json) that answered 500 (design §5).

Each test sends what a client can send and expects the JSON error envelope (or the ordinary answer), never a 500.
"""

from __future__ import annotations

import io

import pytest

from ..helpers import API, assert_envelope

# Beyond SQLite's 64-bit INTEGER: the driver raised OverflowError ("Python int too large to convert to SQLite
# INTEGER") while binding the id, before the database could say "no such row".
HUGE_ID = 10**20
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.fixture
def admin(factories):
    return factories.auth_headers(factories.admin())


@pytest.mark.parametrize("room_type_id", [HUGE_ID, 2**31, -(10**20)])
def test_room_type_media_upload_with_out_of_range_room_type_is_not_found(client, admin, no_server_errors, room_type_id):
    response = client.post(
        f"{API}/admin/upload-room-type-media",
        headers=admin,
        content_type="multipart/form-data",
        data={"room_type_id": str(room_type_id), "file": (io.BytesIO(PNG), "room.png")},
    )
    body = assert_envelope(response, 404, "dormitory.room_type_not_found")
    assert list(body["errors"]) == ["room_type_id"]


@pytest.mark.parametrize("room_type_id", [HUGE_ID, -(10**20)])
def test_room_type_media_list_with_out_of_range_room_type_is_empty(client, admin, no_server_errors, room_type_id):
    response = client.get(f"{API}/admin/room-type-media", headers=admin, query_string={"room_type_id": room_type_id})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.get_json() == {"list": [], "total": 0}


def test_room_type_media_download_with_out_of_range_id_is_not_found(client, admin, no_server_errors):
    response = client.get(f"{API}/admin/room-type-media/{HUGE_ID}", headers=admin)
    assert_envelope(response, 404, "errors.not_found")


@pytest.mark.parametrize("media_id", [HUGE_ID, -(10**20)])
def test_room_type_media_delete_with_out_of_range_id_is_not_found(client, admin, no_server_errors, media_id):
    response = client.post(f"{API}/admin/delete-room-type-media", headers=admin, json={"id": media_id})
    assert_envelope(response, 404, "errors.not_found")


# A malformed Authorization header (found by fuzzing: "Bearer abc,  ,x" made flask-jwt-extended raise, a 500 on
# every optional-token endpoint) is a 401 on every route, whether or not the route reads a token.
# header → message key: a broken Bearer token is an invalid token; another scheme (or none) means "sign in".
MALFORMED_AUTHORIZATION = {
    "Bearer abc,  ,x": "errors.token_invalid",
    "Bearer": "errors.token_invalid",
    "Bearer  ": "errors.token_invalid",
    "Bearer a b": "errors.token_invalid",
    "Bearer тест": "errors.token_invalid",
    "Bearer abc, Bearer def": "errors.token_invalid",
    "Basic x": "errors.unauthorized",
    "bearer abc": "errors.unauthorized",
    "": "errors.unauthorized",
}


def _sample_paths(app):
    """Every rule of the url_map with its converters filled in, and the methods it declares."""
    for rule in app.url_map.iter_rules():
        values = {
            name: 1 if type(converter).__name__ in ("IntegerConverter", "NumberConverter") else "x"
            for name, converter in rule._converters.items()
        }
        path = rule.build(values, append_unknown=False)[1]
        yield path, sorted(rule.methods - {"HEAD", "OPTIONS"})


@pytest.mark.parametrize("header, key", MALFORMED_AUTHORIZATION.items())
def test_a_malformed_authorization_header_is_401_on_every_route(app, client, header, key):
    routes = list(_sample_paths(app))
    assert len(routes) > 100 and any(path == f"{API}/universal/Hall/all" for path, _ in routes)
    for path, methods in routes:
        for method in methods:
            response = client.open(path, method=method, headers={"Authorization": header})
            assert_envelope(response, 401, key)


@pytest.mark.parametrize("path", ["/universal/Hall/all", "/universal/Citizenship/all", "/health", "/users/self"])
def test_the_fuzzed_header_on_optional_and_open_routes(client, path):
    response = client.get(f"{API}{path}", headers={"Authorization": "Bearer abc,  ,x"})
    assert_envelope(response, 401, "errors.token_invalid")


def test_a_well_formed_header_still_reaches_the_route(client, factories):
    assert client.get(f"{API}/health", headers={"Authorization": "Bearer not.a.token"}).status_code == 200
    assert_envelope(client.get(f"{API}/universal/Citizenship/all", headers={"Authorization": "Bearer x.y.z"}), 401)
    headers = factories.auth_headers(factories.applicant())
    spaced = {"Authorization": headers["Authorization"].replace(" ", "   ")}  # RFC 6750: 1*SP
    assert client.get(f"{API}/users/self", headers=spaced).status_code == 200
    assert client.get(f"{API}/universal/Citizenship/all", headers=headers).status_code == 200


def test_malformed_headers_do_not_count_against_rate_limits(client, db):
    for _ in range(40):  # above RATE_LIMIT_AUTH_PER_IP (30 per minute)
        response = client.post(
            f"{API}/auth/sign-in", json={"email": "a@b.kz", "password": "x"}, headers={"Authorization": "Basic x"}
        )
        assert response.status_code == 401
    assert client.post(f"{API}/auth/sign-in", json={"email": "a@b.kz", "password": "Qab-pass-26"}).status_code == 400
