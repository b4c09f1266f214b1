"""Reference models through /universal: KATO code rules (derived tree position), JSON references that block
deletion, and the message for values above the storage limit (audit 3, gaps 2, 4 and 11)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.models import Kato, SelectOption, StudyProgram

from .universal_support import BASE, select_option


@pytest.fixture
def admin(factories):
    return factories.auth_headers(factories.admin())


def post(client, model, action, body, headers, lang="ru"):
    return client.post(f"{BASE}/{model}/{action}?lang={lang}", json=body, headers=headers)


# ------------------------------------------------------------------------------------------------ KATO codes


@pytest.mark.parametrize(
    "code", ["abc", "12345678", "1234567890", "75000000x", " 7500000 ", "７５００００００１", "٧٥٠٠٠٠٠٠١", "75000000²"]
)
def test_kato_code_must_be_nine_digits(client, db, admin, code):
    body = {"create": {"code": code, "name_ru": "Пункт", "name_en": "Place"}}
    response = post(client, "Kato", "create", body, admin)
    assert response.status_code == 400, response.get_json()
    payload = response.get_json()
    assert "create.code" in payload["errors"]
    assert db.session.scalar(select(Kato).where(Kato.name_ru == "Пункт")) is None


@pytest.mark.parametrize("lang, word", [("ru", "9 цифр"), ("kk", "9 цифр"), ("en", "9 digits")])
def test_kato_code_message_is_localized(client, db, admin, lang, word):
    node = Kato(code="750000000", name_ru="Алматы", name_en="Almaty", level=1)
    db.session.add(node)
    db.session.commit()
    response = post(client, "Kato", "update", {"update": {"code": "abc"}, "filters": {"id": node.id}}, admin, lang)
    assert response.status_code == 400
    payload = response.get_json()
    assert payload["message_key"] == "validation.kato_code" and word in payload["message"]
    assert list(payload["errors"]) == ["update.code"]


@pytest.mark.parametrize("field, value", [("level", 3), ("parent_id", None)])
def test_kato_level_and_parent_are_not_writable(client, db, admin, field, value):
    body = {"create": {"code": "750000000", "name_ru": "Алматы", "name_en": "Almaty", field: value}}
    response = post(client, "Kato", "create", body, admin)
    assert response.status_code == 400 and f"create.{field}" in response.get_json()["errors"]


def test_kato_parent_and_level_follow_from_the_code(client, db, admin):
    region = post(
        client, "Kato", "create", {"create": {"code": "750000000", "name_ru": "Алматы", "name_en": "Almaty"}}, admin
    ).get_json()["item"]
    assert region["parent_id"] is None and region["level"] == 1
    district = post(
        client,
        "Kato",
        "create",
        {"create": {"code": "751710000", "name_ru": "Алмалинский район", "name_en": "Almaly"}},
        admin,
    ).get_json()["item"]
    assert district["parent_id"] == region["id"] and district["level"] == 2
    moved = post(
        client, "Kato", "update", {"update": {"code": "110000000"}, "filters": {"id": district["id"]}}, admin
    ).get_json()["item"]
    assert moved["parent_id"] is None and moved["level"] == 1


# ------------------------------------------------------------------------------------- JSON references (409)


@pytest.mark.parametrize("lang, word", [("ru", "Вариант выбора: 2"), ("en", ": 2"), ("kk", ": 2")])
def test_deleting_an_option_other_options_point_at_is_409(client, db, admin, lang, word):
    language = select_option(db, type="lang", code="zh")
    hsk = select_option(db, type="cert", code="hsk", additional_data={"parent_id": language.id})
    other = select_option(db, type="cert", code="hsk2", additional_data={"parent_id": str(language.id)})
    response = post(client, "SelectOption", "delete", {"filters": {"id": language.id}}, admin, lang)
    assert response.status_code == 409
    payload = response.get_json()
    assert payload["message_key"] == "universal.delete_has_children"
    assert word in payload["message"] and payload["errors"]["id"]
    db.session.expire_all()
    assert db.session.get(SelectOption, language.id) is not None
    for child in (hsk, other):
        assert post(client, "SelectOption", "delete", {"filters": {"id": child.id}}, admin).status_code == 200
    assert post(client, "SelectOption", "delete", {"filters": {"id": language.id}}, admin).status_code == 200


def test_an_unreferenced_option_is_deleted(client, db, admin):
    language = select_option(db, type="lang", code="it")
    select_option(db, type="cert", code="cils", additional_data={"parent_id": language.id + 1000})
    assert post(client, "SelectOption", "delete", {"filters": {"id": language.id}}, admin).status_code == 200


def test_deleting_a_study_program_options_point_at_is_409(client, db, admin, factories):
    program = factories.study_program()
    select_option(db, type="edu", code="6B04101", additional_data={"study_program_id": program.id})
    response = post(client, "StudyProgram", "delete", {"filters": {"id": program.id}}, admin)
    assert response.status_code == 409 and "Вариант выбора: 1" in response.get_json()["message"]


# --------------------------------------------------------------------------------------------- storage limits


@pytest.mark.parametrize("lang, text", [("ru", "не больше 2147483647"), ("en", "at most 2147483647")])
def test_price_above_the_storage_limit_names_the_maximum(client, db, admin, lang, text):
    body = {"create": {"name": "Люкс", "capacity": 2, "price": 2**31}}
    response = post(client, "RoomType", "create", body, admin, lang)
    assert response.status_code == 400
    payload = response.get_json()
    assert payload["message_key"] == "validation.max" and text in payload["message"]
    assert payload["errors"]["create.price"]
    response = post(client, "RoomType", "create", {"create": {"name": "Люкс", "capacity": 2, "price": -1}}, admin)
    assert response.get_json()["message_key"] == "validation.min"
    response = post(client, "RoomType", "create", {"create": {"name": "Люкс", "capacity": 11, "price": 1}}, admin)
    assert response.get_json()["message_key"] == "validation.range"


# ------------------------------------------------------------------------------------------------ hidden programs


def test_the_hidden_program_rule_is_the_same_in_python_and_in_sql(client, factories):
    """models/reference.py defines it once: StudyProgram.is_hidden and the public scope agree on every spelling."""
    hidden = [True, 1, "true", "1"]
    shown = [False, 0, "false", "0", None, "", "yes", 2, [], {}]
    programs = {factories.study_program(additional_data={"is_hidden": value}).id: value for value in hidden + shown}
    programs[factories.study_program(additional_data={}).id] = "absent"
    listed = {row["id"] for row in client.get(f"{BASE}/StudyProgram/all").get_json()["list"]}
    for program_id, value in programs.items():
        program = factories.db.session.get(StudyProgram, program_id)
        assert program.is_hidden == (value in hidden), value
        assert (program_id in listed) == (not program.is_hidden), value


# ------------------------------------------------------------------------------------------- page statements


def test_find_paginate_statement_is_built_once_per_shape_with_the_values_bound(client, db, admin):
    """The page query of a request shape is built once (universal/dao.py page_statement, issue 12); every value of
    a request reaches SQL as a bound parameter, so the cached statement can never carry another request's filter."""
    from server.universal import dao as universal_dao

    from .test_user_data_support import count_queries

    wanted = select_option(db, type="bench_shape", name_ru="Зқхвб село", order=3)
    other = select_option(db, type="bench_shape", name_ru="Мнбвц село", order=4)
    select_option(db, type="bench_other", name_ru="Зқхвб кент")
    universal_dao._PAGE_STATEMENTS.clear()

    def page_sql(search, size=7, page=1, kind="bench_shape"):
        body = {
            "filters": {"name_ru": {"ilike": search}, "type": kind, "order": {"gte": 3}},
            "paginate": {"page": page, "size": size},
        }
        with count_queries(db.engine) as seen:
            response = post(client, "SelectOption", "find-paginate", body, admin)
        assert response.status_code == 200, response.get_json()
        (statement,) = [text for text in seen if "select_options" in text and "OVER" in text]
        payload = response.get_json()
        return [row["id"] for row in payload["list"]], payload["total"], statement

    first, first_total, first_sql = page_sql("зқхвб")
    second, second_total, second_sql = page_sql("МНБВЦ", size=5)
    assert (first, first_total) == ([wanted.id], 1) and (second, second_total) == ([other.id], 1)
    assert first_sql == second_sql  # the same statement, this request's values
    for literal_value in ("зқхвб", "мнбвц", "bench_shape", ">= 3", "LIMIT 7", "LIMIT 5"):
        assert literal_value not in first_sql.lower(), literal_value
    assert len(universal_dao._PAGE_STATEMENTS) == 1
    assert page_sql("село", page=9) == ([], 2, first_sql)  # past the end: the count has this request's values
    assert page_sql("зқхвб", kind=["bench_shape", "bench_other"])[:2] == ([wanted.id], 1)  # `in`: another shape
    assert len(universal_dao._PAGE_STATEMENTS) == 2
