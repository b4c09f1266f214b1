"""Inputs found by fuzzing the API (schemathesis over /api/v1/openapi.json) that answered 500 (DESIGN §5).

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
def test_room_type_media_upload_with_out_of_range_room_type_is_not_found(client, admin, no_server_errors,
                                                                         room_type_id):
    response = client.post(f"{API}/admin/upload-room-type-media", headers=admin, content_type="multipart/form-data",
                           data={"room_type_id": str(room_type_id), "file": (io.BytesIO(PNG), "room.png")})
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
