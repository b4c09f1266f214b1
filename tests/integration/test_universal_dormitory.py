"""Dormitory models through /universal: CRUD lifecycle, validation with localized field errors, 409 on children."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.audit import target_type_of
from server.models import AuditLog
from server.models.dormitory import Building, Hall

from .universal_support import BASE, create_body


@pytest.fixture
def admin(factories):
    return factories.auth_headers(factories.admin(role="Админ (граждане КЗ)"))


def post(client, model, action, body, headers, lang="ru"):
    return client.post(f"{BASE}/{model}/{action}?lang={lang}", json=body, headers=headers)


def audit_name(model: str) -> str:
    """The audit trail names a model in snake case (server/audit.py, decision 0079)."""
    return target_type_of(type(model, (), {}))


@pytest.mark.parametrize("model", ["Hall", "Building", "Floor", "Section", "RoomType", "SectionRoom"])
def test_crud_lifecycle(client, db, factories, admin, model):
    body = create_body(model, factories, db)
    created = post(client, model, "create", {"create": body}, admin)
    assert created.status_code == 200, created.get_json()
    item = created.get_json()["item"]
    assert {k: item[k] for k in body} == body
    row_id = item["id"]

    found = post(client, model, "find", {"filters": {"id": row_id}}, admin).get_json()
    assert found == {"list": [item], "total": 1}
    page = post(
        client,
        model,
        "find-paginate",
        {"filters": {"name": {"ilike": body["name"][-3:]}}, "paginate": {"page": 1, "size": 10}},
        admin,
    ).get_json()
    assert item in page["list"]
    assert item in client.get(f"{BASE}/{model}/all", headers=admin).get_json()["list"]

    updated = post(client, model, "update", {"update": {"name": "  Новое имя  "}, "filters": {"id": row_id}}, admin)
    assert updated.status_code == 200
    assert updated.get_json()["item"]["name"] == "Новое имя"  # trimmed

    deleted = post(client, model, "delete", {"filters": {"id": row_id}}, admin)
    assert deleted.status_code == 200 and deleted.get_json() == {"success": True}
    assert post(client, model, "find", {"filters": {"id": row_id}}, admin).get_json()["total"] == 0
    assert post(client, model, "update", {"update": {"name": "x"}, "filters": {"id": row_id}}, admin).status_code == 404
    assert post(client, model, "delete", {"filters": {"id": row_id}}, admin).status_code == 404

    actions = [
        a.action
        for a in db.session.scalars(
            select(AuditLog).where(AuditLog.target_type == audit_name(model)).order_by(AuditLog.id)
        )
    ]
    assert actions == ["universal.create", "universal.update", "universal.delete"]


def test_create_list_is_all_or_nothing(client, db, factories, admin):
    hall = factories.hall()
    good = {"name": "А", "order": 1, "hall_id": hall.id}
    response = post(client, "Building", "create-list", {"create": [good, {**good, "hall_id": 10**6}]}, admin)
    assert response.status_code == 400
    assert "create.1.hall_id" in response.get_json()["errors"]
    assert db.session.scalars(select(Building)).all() == []
    response = post(client, "Building", "create-list", {"create": [good, {**good, "name": "Б"}]}, admin)
    assert response.status_code == 200
    assert [b["name"] for b in response.get_json()["list"]] == ["А", "Б"] and response.get_json()["total"] == 2


@pytest.mark.parametrize(
    "values, field, key",
    [
        ({"capacity": 0}, "capacity", "validation.range"),
        ({"capacity": 11}, "capacity", "validation.range"),
        ({"capacity": "5"}, "capacity", "validation.integer"),
        ({"capacity": 2.5}, "capacity", "validation.integer"),
        ({"capacity": True}, "capacity", "validation.integer"),
        ({"capacity": None}, "capacity", "validation.null"),
        ({"price": -1}, "price", "validation.min"),
        ({"price": "бесплатно"}, "price", "validation.integer"),
        ({"name": "   "}, "name", "validation.blank"),
        ({"name": ""}, "name", "validation.blank"),
        ({"name": "я" * 256}, "name", "validation.max_length"),
    ],
)
def test_room_type_validation(client, db, admin, values, field, key):
    body = {"create": {"name": "Двухместная", "capacity": 2, "price": 0, **values}}
    ru = post(client, "RoomType", "create", body, admin)
    assert ru.status_code == 400
    payload = ru.get_json()
    assert f"create.{field}" in payload["errors"]
    assert payload["message_key"] == key
    en = post(client, "RoomType", "create", body, admin, lang="en").get_json()
    kk = post(client, "RoomType", "create", body, admin, lang="kk").get_json()
    assert (
        len(
            {
                payload["errors"][f"create.{field}"][0],
                en["errors"][f"create.{field}"][0],
                kk["errors"][f"create.{field}"][0],
            }
        )
        == 3
    )  # really translated
    if key == "validation.range":
        assert "1" in en["message"] and "10" in en["message"]


def test_required_fields_and_order_type(client, db, factories, admin):
    response = post(client, "Building", "create", {"create": {"name": "К"}}, admin)
    assert response.status_code == 400 and "create.hall_id" in response.get_json()["errors"]
    hall = factories.hall()
    response = post(client, "Building", "create", {"create": {"name": "К", "hall_id": hall.id, "order": "1"}}, admin)
    assert response.status_code == 400 and "create.order" in response.get_json()["errors"]


@pytest.mark.parametrize(
    "model, field",
    [
        ("Building", "hall_id"),
        ("Floor", "building_id"),
        ("Section", "floor_id"),
        ("SectionRoom", "section_id"),
        ("SectionRoom", "room_type_id"),
        ("SectionRoom", "assigned_gender_id"),
    ],
)
def test_parents_must_exist(client, db, factories, admin, model, field):
    body = create_body(model, factories, db)
    body[field] = 987654
    response = post(client, model, "create", {"create": body}, admin, lang="en")
    assert response.status_code == 400
    payload = response.get_json()
    assert payload["message_key"] == "universal.parent_not_found"
    assert "does not exist" in payload["errors"][f"create.{field}"][0]
    row = factories.section_room() if model == "SectionRoom" else None
    if row is not None:
        response = post(client, model, "update", {"update": {field: 987654}, "filters": {"id": row.id}}, admin)
        assert response.status_code == 400 and f"update.{field}" in response.get_json()["errors"]


def test_external_reserved_places_within_room_type_capacity(client, db, factories, admin):
    room_type = factories.room_type(capacity=3)
    body = create_body("SectionRoom", factories, db) | {"room_type_id": room_type.id}
    for places, status in ((-1, 400), (4, 400), (0, 200), (3, 200)):
        response = post(
            client, "SectionRoom", "create", {"create": {**body, "external_reserved_places": places}}, admin, lang="en"
        )
        assert response.status_code == status, (places, response.get_json())
        if status == 400:
            assert "create.external_reserved_places" in response.get_json()["errors"]
    room_type = factories.room_type(capacity=3)
    room = factories.section_room(room_type=room_type, external_reserved_places=2)
    small = factories.room_type(capacity=1)
    response = post(
        client, "SectionRoom", "update", {"update": {"room_type_id": small.id}, "filters": {"id": room.id}}, admin
    )
    assert response.status_code == 400 and "update.external_reserved_places" in response.get_json()["errors"]
    # The room type may not shrink below what its rooms already reserve.
    response = post(client, "RoomType", "update", {"update": {"capacity": 2}, "filters": {"id": room_type.id}}, admin)
    assert response.status_code == 200
    response = post(client, "RoomType", "update", {"update": {"capacity": 1}, "filters": {"id": room_type.id}}, admin)
    assert response.status_code == 400 and response.get_json()["message_key"] == "dormitory.capacity_below_reserved"


@pytest.mark.parametrize("lang, word", [("ru", "Корпус"), ("en", "Building"), ("kk", "Корпус")])
def test_delete_with_children_is_409_and_orphans_nothing(client, db, factories, admin, lang, word):
    hall = factories.hall()
    building = factories.building(hall=hall)
    response = post(client, "Hall", "delete", {"filters": {"id": hall.id}}, admin, lang=lang)
    assert response.status_code == 409
    payload = response.get_json()
    assert payload["message_key"] == "universal.delete_has_children"
    assert f"{word}: 1" in payload["message"]
    db.session.expire_all()
    assert db.session.get(Hall, hall.id) is not None and db.session.get(Building, building.id) is not None
    assert post(client, "Building", "delete", {"filters": {"id": building.id}}, admin).status_code == 200
    assert post(client, "Hall", "delete", {"filters": {"id": hall.id}}, admin).status_code == 200


@pytest.mark.parametrize("parent", ["floor", "section", "room_type", "gender"])
def test_every_parent_level_is_protected(client, db, factories, admin, parent):
    gender = factories.gender()
    room = factories.section_room(assigned_gender_id=gender.id)
    target = {
        "floor": ("Floor", room.section.floor_id),
        "section": ("Section", room.section_id),
        "room_type": ("RoomType", room.room_type_id),
        "gender": ("Gender", gender.id),
    }[parent]
    response = post(client, target[0], "delete", {"filters": {"id": target[1]}}, admin)
    assert response.status_code == 409


def test_hierarchy_includes(client, db, factories, admin):
    hall = factories.hall(name="Дом студентов")
    b2 = factories.building(hall=hall, name="Б", order=2)
    b1 = factories.building(hall=hall, name="А", order=1)
    rows = post(
        client, "Hall", "find", {"filters": {"id": hall.id}, "params": {"include": ["buildings"]}}, admin
    ).get_json()["list"]
    assert [b["id"] for b in rows[0]["buildings"]] == [b1.id, b2.id]
    rows = post(
        client,
        "Building",
        "find-paginate",
        {"filters": {"hall_id": hall.id}, "params": {"include": ["hall", "floors"], "order": ["-order"]}},
        admin,
    ).get_json()["list"]
    assert [r["id"] for r in rows] == [b2.id, b1.id]
    assert rows[0]["hall"] == {"id": hall.id, "name": "Дом студентов", "name_kk": "", "name_en": ""}
    assert rows[0]["floors"] == []


def test_duplicate_natural_key_is_409(client, db, admin):
    body = {"create": {"type": "t", "code": "same", "name_ru": "А", "name_en": "A"}}
    assert post(client, "SelectOption", "create", body, admin).status_code == 200
    response = post(client, "SelectOption", "create", body, admin)
    assert response.status_code == 409 and response.get_json()["message_key"] == "universal.conflict"
    response = post(
        client,
        "SelectOption",
        "create-list",
        {
            "create": [
                {"type": "t", "code": "n1", "name_ru": "Б", "name_en": "B"},
                {"type": "t", "code": "n1", "name_ru": "Б", "name_en": "B"},
            ]
        },
        admin,
    )
    assert response.status_code == 409
    assert post(client, "SelectOption", "find", {"filters": {"type": "t"}}, admin).get_json()["total"] == 1
