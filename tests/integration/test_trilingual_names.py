"""Names admins enter, in three languages (issue 10, "Content in three languages"; decision 0073): dormitory
catalogues carry name (Russian, required), name_kk and name_en (optional, '' = fall back to Russian); reference
catalogues (study programs, select options, ...) require only name_ru. The migration keeps existing names."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from server import create_app
from server.extensions import db as _db

from ..conftest import _postgres_database, make_config
from .universal_support import BASE, create_body

pytestmark = pytest.mark.usefixtures("no_server_errors")

DORMITORY = ["Hall", "Building", "Floor", "Section", "RoomType"]
MIGRATION = "6677785f3417"
BEFORE = "934a98528a33"


@pytest.fixture
def admin(factories):
    return factories.auth_headers(factories.admin(role="Админ"))


def post(client, model, action, body, headers, lang="ru"):
    return client.post(f"{BASE}/{model}/{action}?lang={lang}", json=body, headers=headers)


@pytest.mark.parametrize("model", DORMITORY)
def test_dormitory_names_in_three_languages(client, db, factories, admin, model):
    body = {**create_body(model, factories, db), "name_kk": "  Атауы  ", "name_en": "Name"}
    created = post(client, model, "create", {"create": body}, admin)
    assert created.status_code == 200, created.get_json()
    item = created.get_json()["item"]
    assert (item["name"], item["name_kk"], item["name_en"]) == (body["name"], "Атауы", "Name")  # trimmed

    # Kazakh and English are optional: a row without them reads '' (the client shows the Russian name).
    plain = post(client, model, "create", {"create": create_body(model, factories, db)}, admin).get_json()["item"]
    assert plain["name_kk"] == "" and plain["name_en"] == ""

    # They can be searched and cleared again.
    found = post(client, model, "find", {"filters": {"name_en": {"ilike": "nam"}}}, admin).get_json()
    assert [row["id"] for row in found["list"]] == [item["id"]]
    cleared = post(client, model, "update", {"update": {"name_en": ""}, "filters": {"id": item["id"]}}, admin)
    assert cleared.status_code == 200 and cleared.get_json()["item"]["name_en"] == ""

    # Russian stays required; the other two are limited like any name.
    missing = post(client, model, "create", {"create": {**body, "name": "  "}}, admin)
    assert missing.status_code == 400 and "name" in str(missing.get_json()["errors"])
    too_long = post(client, model, "create", {"create": {**body, "name_kk": "я" * 256}}, admin)
    assert too_long.status_code == 400 and "name_kk" in str(too_long.get_json()["errors"])


@pytest.mark.parametrize("model", DORMITORY)
def test_the_admin_form_offers_the_three_names_side_by_side(client, db, admin, model):
    meta = client.get(f"{BASE}/_meta/{model}?lang=kk", headers=admin).get_json()["item"]
    fields = {f["name"]: f for f in meta["fields"]}
    names = [f["name"] for f in meta["fields"] if f["name"].startswith("name")]
    assert names == ["name", "name_kk", "name_en"]
    assert fields["name"]["required"] is True
    assert fields["name_kk"]["required"] is False and fields["name_en"]["required"] is False
    assert fields["name_kk"]["creatable"] and fields["name_en"]["updatable"]
    assert fields["name_kk"]["label"] == "Атауы (қаз.)" and fields["name_en"]["label"] == "Атауы (ағыл.)"


def test_room_type_price_is_declared_as_money(client, db, admin):
    fields = {f["name"]: f for f in client.get(f"{BASE}/_meta/RoomType", headers=admin).get_json()["item"]["fields"]}
    assert fields["price"]["format"] == "money" and fields["capacity"]["format"] is None


def test_includes_carry_the_translated_names(client, db, factories, admin):
    hall = post(client, "Hall", "create", {"create": {"name": "Общежитие 1", "name_en": "Hall 1"}}, admin)
    hall_id = hall.get_json()["item"]["id"]
    building_body = {"name": "Корпус А", "name_kk": "А корпусы", "hall_id": hall_id}
    building = post(client, "Building", "create", {"create": building_body}, admin).get_json()["item"]
    with_hall = {"filters": {"id": building["id"]}, "params": {"include": ["hall"]}}
    [row] = post(client, "Building", "find", with_hall, admin).get_json()["list"]
    assert row["hall"]["name_en"] == "Hall 1" and row["hall"]["name_kk"] == ""
    with_buildings = {"filters": {"id": hall_id}, "params": {"include": ["buildings"]}}
    halls = post(client, "Hall", "find", with_buildings, admin).get_json()
    assert halls["list"][0]["buildings"][0]["name_kk"] == "А корпусы"


@pytest.mark.parametrize("model", ["StudyProgram", "SelectOption", "Citizenship"])
def test_reference_names_need_only_russian(client, db, factories, admin, model):
    body = create_body(model, factories, db)
    body.pop("name_en", None)
    body.pop("name_kk", None)
    created = post(client, model, "create", {"create": body}, admin)
    assert created.status_code == 200, created.get_json()
    item = created.get_json()["item"]
    assert item["name_en"] == "" and item["name_kk"] == ""
    no_russian = post(client, model, "create", {"create": {**body, "name_ru": " ", "code": "other"}}, admin)
    assert no_russian.status_code == 400 and "name_ru" in str(no_russian.get_json()["errors"])


# ============================================================================================ the migration
def _migrated_database(tmp_path):
    base = os.environ.get("TEST_DATABASE_URL")
    if base and base.startswith("postgres"):
        generator = _postgres_database(base.replace("postgres://", "postgresql://", 1))
        return next(generator), generator.close
    return f"sqlite:///{tmp_path / 'names.sqlite3'}", lambda: None


def test_the_migration_keeps_existing_names(tmp_path):
    url, drop = _migrated_database(tmp_path)
    try:
        app = create_app(make_config(tmp_path, url))
        with app.app_context():
            upgrade(revision=BEFORE)
            with _db.engine.begin() as conn:
                for statement in (
                    "INSERT INTO halls (id, name) VALUES (1, 'Общежитие «Шаңырақ»')",
                    "INSERT INTO buildings (id, name, \"order\", hall_id) VALUES (1, 'Корпус А', 0, 1)",
                    "INSERT INTO room_types (id, name, capacity, price) VALUES (1, 'Двухместная', 2, 45000)",
                ):
                    conn.execute(sa.text(statement))
            upgrade(revision=MIGRATION)
            with _db.engine.connect() as conn:
                halls = conn.execute(sa.text("SELECT name, name_kk, name_en FROM halls")).all()
                rooms = conn.execute(sa.text("SELECT name, name_kk, name_en, price FROM room_types")).all()
                buildings = conn.execute(sa.text("SELECT name, name_kk, name_en FROM buildings")).all()
            assert halls == [("Общежитие «Шаңырақ»", "", "")]
            assert buildings == [("Корпус А", "", "")]
            assert rooms == [("Двухместная", "", "", 45000)]
            # ... and back: the downgrade drops only the new columns.
            downgrade(revision=BEFORE)
            with _db.engine.connect() as conn:
                assert conn.execute(sa.text("SELECT name FROM halls")).scalar_one() == "Общежитие «Шаңырақ»"
                columns = {c["name"] for c in sa.inspect(conn).get_columns("halls")}
            assert "name_kk" not in columns and "name_en" not in columns
            _db.engine.dispose()
    finally:
        drop()
