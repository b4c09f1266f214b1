"""Registry metadata for generic screens, and the OpenAPI document covering every registered model."""

from __future__ import annotations

import pytest

from models_registry import ADMINS, REGISTRY

from .universal_support import BASE

ENDPOINTS = {
    "all": "get",
    "find": "post",
    "find-paginate": "post",
    "create": "post",
    "create-list": "post",
    "update": "post",
    "delete": "post",
}


def test_every_model_endpoint_is_documented(client, db):
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    for model in REGISTRY:
        for endpoint, method in ENDPOINTS.items():
            operation = spec["paths"][f"{BASE}/{model}/{endpoint}"][method]
            ok = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
            assert ok.rsplit("/", 1)[-1] in schemas
            if method == "post":
                ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                assert ref.rsplit("/", 1)[-1] in schemas
        assert set(schemas[f"{model}Record"]["properties"]) >= set(REGISTRY[model].read.get("public", ()))
        create = schemas[f"{model}Create"]
        assert set(create["properties"]) == set(REGISTRY[model].create)
        assert create.get("additionalProperties") is not True
    assert schemas["RoomTypeCreate"]["properties"]["capacity"]["minimum"] == 1
    assert schemas["RoomTypeCreate"]["properties"]["capacity"]["maximum"] == 10
    assert "/api/v1/admin/upload-room-type-media" in spec["paths"]
    assert f"{BASE}/_meta" in spec["paths"] and f"{BASE}/_meta/{{model}}" in spec["paths"]


def test_meta_for_anonymous_lists_reference_data_read_only(client, db):
    body = client.get(f"{BASE}/_meta?lang=en").get_json()
    assert body["audiences"] == ["public"]
    names = {m["name"] for m in body["list"]}
    assert names == {"Citizenship", "Gender", "StudyProgram", "SelectOption", "Kato", "EducationalInstitution"}
    for model in body["list"]:
        assert model["permissions"] == {"all": True, "find": True, "create": False, "update": False, "delete": False}
        assert set(model["endpoints"]) == {"all", "find", "find-paginate"}
        assert not any(f["creatable"] or f["updatable"] for f in model["fields"])
    select_option = next(m for m in body["list"] if m["name"] == "SelectOption")
    keys = {f["key"]: f for f in select_option["filters"]}
    assert keys["additional_data.parent_id"]["type"] == "json_key"
    assert "ilike" in keys["name_ru"]["operators"]
    name_ru = next(f for f in select_option["fields"] if f["name"] == "name_ru")
    assert name_ru["label_key"] == "resources.SelectOption.fields.name_ru" and name_ru["label"] == "Name (Russian)"


@pytest.mark.parametrize("role", ADMINS)
def test_meta_for_admins_lists_everything_writable(client, db, factories, role):
    headers = factories.auth_headers(factories.admin(role=role))
    body = client.get(f"{BASE}/_meta", headers=headers).get_json()
    assert body["audiences"] == ["public", role]
    assert {m["name"] for m in body["list"]} == set(REGISTRY)
    room_type = client.get(f"{BASE}/_meta/RoomType", headers=headers).get_json()["item"]
    assert room_type["label"] == "Тип комнаты"
    assert all(room_type["permissions"].values())
    capacity = next(f for f in room_type["fields"] if f["name"] == "capacity")
    assert capacity == {
        **capacity,
        "type": "integer",
        "min": 1,
        "max": 10,
        "required": True,
        "creatable": True,
        "updatable": True,
        "label": "Вместимость (мест)",
    }
    room = client.get(f"{BASE}/_meta/SectionRoom", headers=headers).get_json()["item"]
    gender = next(f for f in room["fields"] if f["name"] == "assigned_gender_id")
    assert gender["references"] == "Gender" and gender["nullable"] is True
    assert {r["name"] for r in room["relations"]} == {"section", "room_type", "assigned_gender"}
    assert room["default_order"] == [["order", "ASC"], ["id", "ASC"]]


def test_meta_of_a_dormitory_model_needs_an_admin(client, db, factories):
    assert client.get(f"{BASE}/_meta/Hall").status_code == 401
    assert client.get(f"{BASE}/_meta/Hall", headers=factories.auth_headers(factories.user())).status_code == 403
    assert client.get(f"{BASE}/_meta/Nope").status_code == 404
