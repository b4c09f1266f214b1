"""Security battery for /api/v1/universal: every model × action × role, and hostile bodies of every kind."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from models_registry import ADMINS, REGISTRY
from server.audit import target_type_of
from server.models import AuditLog, StudyProgram
from server.universal.binding import resolved

from .universal_support import BASE, childless_row, create_body, kato, select_option, update_body

REFERENCE = ("Citizenship", "Gender", "StudyProgram", "SelectOption", "Kato", "EducationalInstitution")
DORMITORY = ("Hall", "Building", "Floor", "Section", "SectionRoom", "RoomType")
ASSISTANT = ("ChatKnowledge",)  # the assistant's knowledge base: admins only, like the dormitory (decision 0071)
ROLES = ("anonymous", "applicant", *ADMINS)
ACTIONS = ("all", "find", "find-paginate", "create", "create-list", "update", "delete")


def test_the_registry_exposes_exactly_the_spec_models():
    assert set(REGISTRY) == set(REFERENCE) | set(DORMITORY) | set(ASSISTANT)


def headers_for(role: str, f) -> dict:
    if role == "anonymous":
        return {}
    if role == "applicant":
        return f.auth_headers(f.user(citizenship=f.citizenship()))
    return f.auth_headers(f.admin(role=role))


def expected_status(model: str, action: str, role: str) -> int:
    is_read = action in ("all", "find", "find-paginate")
    if is_read and model in REFERENCE:
        return 200
    if role == "anonymous":
        return 401
    if role == "applicant":
        return 403
    return 200


def call(client, model, action, f, db, headers):
    if action == "all":
        return client.get(f"{BASE}/{model}/all", headers=headers)
    if action == "find":
        body = {"filters": {"id": {"ne": 0}}, "params": {"order": ["-id"]}}
    elif action == "find-paginate":
        body = {"filters": {}, "params": {}, "paginate": {"page": 1, "size": 5}}
    elif action == "create":
        body = {"create": create_body(model, f, db)}
    elif action == "create-list":
        body = {"create": [create_body(model, f, db), create_body(model, f, db)]}
    elif action == "update":
        body = {"update": update_body(model), "filters": {"id": childless_row(model, f, db)}}
    else:
        body = {"filters": {"id": childless_row(model, f, db)}}
    return client.post(f"{BASE}/{model}/{action}", json=body, headers=headers)


def row_count(db, model: str) -> int:
    return db.session.scalar(select(func.count()).select_from(resolved(model).cls))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("model", sorted(REGISTRY))
def test_permission_matrix(client, db, factories, model, action, role):
    headers = headers_for(role, factories)
    audit_before = db.session.scalar(select(func.count()).select_from(AuditLog))
    response = call(client, model, action, factories, db, headers)
    expected = expected_status(model, action, role)
    assert response.status_code == expected, response.get_json()
    body = response.get_json()
    if expected != 200:
        assert body["success"] is False and body["message_key"] in ("errors.unauthorized", "errors.forbidden")
        db.session.expire_all()
        assert db.session.scalar(select(func.count()).select_from(AuditLog)) == audit_before
        return
    if action in ("all", "find", "find-paginate", "create-list"):
        assert set(body) == {"list", "total"}
        assert body["total"] >= len(body["list"])
    else:
        assert body["success"] is True
    if action in ("create", "create-list", "update", "delete"):
        audits = db.session.scalars(
            select(AuditLog)
            .where(AuditLog.action == f"universal.{action.split('-')[0]}")
            .where(AuditLog.target_type == target_type_of(type(model, (), {})))
        ).all()
        assert audits and all(a.actor_id is not None for a in audits)
    if action == "delete":
        assert (
            client.post(f"{BASE}/{model}/delete", json={"filters": {"id": 10**9}}, headers=headers).status_code == 404
        )


def test_writes_by_non_admins_change_nothing(client, db, factories):
    applicant = factories.auth_headers(factories.user())
    before = row_count(db, "Gender")
    response = client.post(
        f"{BASE}/Gender/create", json={"create": {"code": "x", "name_ru": "x", "name_en": "x"}}, headers=applicant
    )
    assert response.status_code == 403
    assert row_count(db, "Gender") == before


def test_permission_is_checked_before_the_body(client, factories):
    # An anonymous caller gets 401 even for a malformed body: it learns nothing about the schema.
    assert client.post(f"{BASE}/Hall/create", data="not json", content_type="application/json").status_code == 401
    applicant = factories.auth_headers(factories.user())
    assert client.post(f"{BASE}/Hall/update", json={"x": 1}, headers=applicant).status_code == 403


def test_bad_token_on_a_public_endpoint_is_401(client, db):
    response = client.get(f"{BASE}/Citizenship/all", headers={"Authorization": "Bearer not.a.token"})
    assert response.status_code == 401


@pytest.mark.parametrize(
    "path",
    [
        "/Nope/find",
        "/roomtype/find",
        "/ROOMTYPE/all",
        "/User/find",
        "/AuditLog/all",
        "/RoomTypeMedia/find",
        "/__class__/find",
        "/_meta/Nope",
        "/User/create",
    ],
)
def test_unknown_models_are_404(client, db, factories, path):
    admin = factories.auth_headers(factories.admin())
    method = client.get if path.endswith("/all") or path.startswith("/_meta") else client.post
    response = method(f"{BASE}{path}", json={}, headers=admin)
    assert response.status_code == 404
    assert response.get_json()["message_key"] == "universal.model_not_found"


def test_unknown_action_and_wrong_method(client, db):
    assert client.post(f"{BASE}/Gender/explode", json={}).status_code == 404
    assert client.get(f"{BASE}/Gender/find").status_code == 405
    assert client.post(f"{BASE}/Gender/all").status_code == 405


# ---------------------------------------------------------------------------------------------- hostile filters


def _find(client, model, body, headers=None):
    return client.post(f"{BASE}/{model}/find", json=body, headers=headers or {})


@pytest.mark.parametrize(
    "filters, error_key",
    [
        ({"nope": 1}, "filters.nope"),
        ({"password_hash": "x"}, "filters.password_hash"),
        ({"name_ru) OR 1=1 --": "x"}, "filters.name_ru) OR 1=1 --"),
        ({"additional_data": {"eq": {}}}, "filters.additional_data"),
        ({"additional_data.secret": 1}, "filters.additional_data.secret"),
        ({"additional_data.parent_id') OR ('1'='1": 1}, "filters.additional_data.parent_id') OR ('1'='1"),
        ({"additional_data.parent_id.deeper": 1}, "filters.additional_data.parent_id.deeper"),
        ({"__class__": 1}, "filters.__class__"),
    ],
)
def test_unknown_filter_keys_are_400_naming_them(client, db, filters, error_key):
    response = _find(client, "SelectOption", {"filters": filters})
    assert response.status_code == 400
    assert error_key in response.get_json()["errors"]


@pytest.mark.parametrize("op", ["like", "regexp", "ilike'; DROP TABLE select_options; --", "$where", "gt", "IN", ""])
def test_unknown_or_disallowed_operators_are_400(client, db, op):
    response = _find(client, "SelectOption", {"filters": {"name_ru": {op: "x"}}})
    assert response.status_code == 400
    body = response.get_json()
    assert body["message_key"] == "universal.unknown_operator"
    assert any(key.startswith("filters.name_ru") for key in body["errors"])


@pytest.mark.parametrize(
    "filters",
    [
        {"id": "1"},
        {"id": True},
        {"id": 1.5},
        {"id": 2**70},
        {"id": {"in": "1,2"}},
        {"id": {"in": [1, "2"]}},
        {"id": {"in": list(range(501))}},
        {"name_ru": 5},
        {"name_ru": {"ilike": 5}},
        {"name_ru": "a\x00b"},
        {"name_ru": "x" * 501},
        {"order": {"gt": "1"}},
        {"additional_data.parent_id": {"eq": [1]}},
        {"additional_data.parent_id": True},
        {"additional_data.parent_id": {"is_null": "yes"}},
        {"id": {}},
        {"id": {"eq": {"$ne": 1}}},
    ],
)
def test_filter_values_of_the_wrong_type_are_400(client, db, filters):
    response = _find(client, "SelectOption", {"filters": filters})
    assert response.status_code == 400, response.get_json()


def test_filters_and_operators_work(client, db):
    a = select_option(db, type="t_a", name_ru="Алматы", order=1, additional_data={"parent_id": 7})
    b = select_option(db, type="t_a", name_ru="Астана", order=2, additional_data={"parent_id": "7"})
    c = select_option(db, type="t_b", name_ru="Шымкент", order=3, additional_data={})

    def ids(filters, **params):
        response = _find(client, "SelectOption", {"filters": filters, "params": params})
        assert response.status_code == 200, response.get_json()
        return [row["id"] for row in response.get_json()["list"]]

    assert ids({"type": "t_a"}) == [a.id, b.id]
    assert ids({"type": {"ne": "t_a"}}) == [c.id]
    assert ids({"id": [a.id, c.id]}) == [a.id, c.id]
    assert ids({"id": {"in": []}}) == []
    assert ids({"order": {"gte": 2, "lt": 3}}) == [b.id]
    assert ids({"name_ru": {"ilike": "аст"}}) == [b.id]  # case-insensitive, Cyrillic
    assert ids({"name_ru": {"ilike": "ШЫМ"}}) == [c.id]
    assert ids({"additional_data.parent_id": 7}) == [a.id, b.id]  # stored 7 and "7" both match
    assert ids({"additional_data.parent_id": {"in": ["7"]}}) == [a.id, b.id]
    assert ids({"additional_data.parent_id": None}) == [c.id]
    assert ids({"additional_data.parent_id": {"is_null": False}, "type": "t_a"}) == [a.id, b.id]
    assert ids({}, order=["-order"]) == [c.id, b.id, a.id]
    assert ids({}, order=[["name_ru", "DESC"]]) == [c.id, b.id, a.id]


def test_ilike_wildcards_match_literally(client, db):
    percent = select_option(db, type="w", name_ru="100% хлопок")
    plain = select_option(db, type="w", name_ru="100 хлопок")
    underscore = select_option(db, type="w", name_ru="a_b")
    other = select_option(db, type="w", name_ru="axb")
    backslash = select_option(db, type="w", name_ru="c\\d")

    def ids(text):
        response = _find(client, "SelectOption", {"filters": {"type": "w", "name_ru": {"ilike": text}}})
        assert response.status_code == 200
        return {row["id"] for row in response.get_json()["list"]}

    assert ids("%") == {percent.id}
    assert ids("0%") == {percent.id}
    assert ids("_") == {underscore.id}
    assert ids("a_b") == {underscore.id}
    assert ids("\\") == {backslash.id}
    assert ids("") == {percent.id, plain.id, underscore.id, other.id, backslash.id}


def test_a_filter_never_widens_a_scope(client, db, factories):
    visible = factories.study_program(additional_data={})
    hidden = factories.study_program(additional_data={"is_hidden": True})
    for body in (
        {"filters": {"id": hidden.id}},
        {"filters": {"id": {"in": [visible.id, hidden.id]}}},
        {"filters": {"id": {"ne": visible.id}}},
        {},
    ):
        for headers in ({}, factories.auth_headers(factories.user())):
            rows = _find(client, "StudyProgram", body, headers).get_json()["list"]
            assert hidden.id not in [row["id"] for row in rows]
    rows = client.get(f"{BASE}/StudyProgram/all").get_json()["list"]
    assert [row["id"] for row in rows] == [visible.id]
    admin = factories.auth_headers(factories.admin())
    rows = _find(client, "StudyProgram", {"filters": {"id": hidden.id}}, admin).get_json()["list"]
    assert [row["id"] for row in rows] == [hidden.id]


# ---------------------------------------------------------------------------------------------- order / include


@pytest.mark.parametrize(
    "order",
    [
        ["name_ru; DROP TABLE select_options"],
        [["name_ru", "DESC; DROP TABLE x"]],
        ["-nope"],
        [["nope", "ASC"]],
        "additional_data",
        ["additional_data"],
        [["name_ru"]],
        [["name_ru", "ASC", "x"]],
        [1],
        {"name_ru": "ASC"},
        ["id"] * 6,
        ["(SELECT 1)"],
        ["random()"],
    ],
)
def test_hostile_order_is_400(client, db, order):
    response = _find(client, "SelectOption", {"params": {"order": order}})
    assert response.status_code == 400
    assert "params.order" in response.get_json()["errors"]


@pytest.mark.parametrize(
    "include",
    [
        ["nope"],
        ["hall.buildings"],
        ["buildings.floors"],
        "__class__",
        [1],
        {"floors": True},
        ["floors", "x"],
    ],
)
def test_hostile_include_is_400(client, db, factories, include):
    admin = factories.auth_headers(factories.admin())
    response = _find(client, "Building", {"params": {"include": include}}, admin)
    assert response.status_code == 400
    assert "params.include" in response.get_json()["errors"]


def test_include_returns_only_allow_listed_fields(client, db, factories):
    admin = factories.auth_headers(factories.admin())
    room = factories.section_room(assigned_gender_id=factories.gender().id)
    response = _find(client, "SectionRoom", {"params": {"include": ["room_type", "assigned_gender", "section"]}}, admin)
    assert response.status_code == 200
    item = response.get_json()["list"][0]
    assert item["id"] == room.id
    assert set(item["room_type"]) == {"id", "name", "name_kk", "name_en", "capacity", "price", "price_period"}
    assert item["assigned_gender"]["code"] == "male"
    assert item["section"]["id"] == room.section_id
    top = kato(db, name_ru="Алматинская область")
    child = kato(db, name_ru="Алатау", parent_id=top.id)
    rows = _find(client, "Kato", {"filters": {"id": top.id}, "params": {"include": ["children"]}}).get_json()["list"]
    assert [c["id"] for c in rows[0]["children"]] == [child.id]
    rows = _find(client, "Kato", {"filters": {"parent_id": top.id}, "params": {"include": "parent"}}).get_json()
    assert rows["list"][0]["parent"]["name_ru"] == "Алматинская область"


# ---------------------------------------------------------------------------------------------- writes


@pytest.mark.parametrize("extra", [{"id": 999}, {"media": []}, {"capacity_override": 1}, {"__class__": "x"}])
def test_mass_assignment_is_refused_on_create(client, db, factories, extra):
    admin = factories.auth_headers(factories.admin())
    body = {"create": {"name": "Люкс", "capacity": 1, "price": 0, **extra}}
    response = client.post(f"{BASE}/RoomType/create", json=body, headers=admin)
    assert response.status_code == 400
    key = next(iter(extra))
    assert f"create.{key}" in response.get_json()["errors"]
    assert row_count(db, "RoomType") == 0


def test_mass_assignment_is_refused_on_update_and_create_list(client, db, factories):
    admin = factories.auth_headers(factories.admin())
    room_type = factories.room_type()
    response = client.post(
        f"{BASE}/RoomType/update",
        json={"update": {"id": 5, "name": "x"}, "filters": {"id": room_type.id}},
        headers=admin,
    )
    assert response.status_code == 400 and "update.id" in response.get_json()["errors"]
    response = client.post(
        f"{BASE}/Hall/create-list", json={"create": [{"name": "ok"}, {"name": "x", "id": 7}]}, headers=admin
    )
    assert response.status_code == 400 and "create.1.id" in response.get_json()["errors"]
    assert row_count(db, "Hall") == 0  # all or nothing


@pytest.mark.parametrize(
    "action, body",
    [
        ("update", {"update": {"name": "x"}}),
        ("update", {"update": {"name": "x"}, "filters": {}}),
        ("update", {"update": {"name": "x"}, "filters": {"name": "Общежитие"}}),
        ("update", {"update": {"name": "x"}, "filters": {"id": {"gte": 1}}}),
        ("update", {"update": {"name": "x"}, "filters": {"id": "1"}}),
        ("update", {"update": {"name": "x"}, "filters": {"id": [1, 2]}}),
        ("delete", {}),
        ("delete", {"filters": {}}),
        ("delete", {"filters": {"name": "Общежитие"}}),
        ("delete", {"filters": {"id": None}}),
        ("delete", {"filters": {"id": {"in": [1]}}}),
    ],
)
def test_update_and_delete_need_one_id(client, db, factories, action, body):
    admin = factories.auth_headers(factories.admin())
    factories.hall(name="Общежитие")
    response = client.post(f"{BASE}/Hall/{action}", json=body, headers=admin)
    assert response.status_code == 400
    assert any(key.startswith("filters") for key in response.get_json()["errors"])
    assert row_count(db, "Hall") == 1


def test_update_with_nothing_to_change_is_400(client, db, factories):
    admin = factories.auth_headers(factories.admin())
    hall = factories.hall()
    response = client.post(f"{BASE}/Hall/update", json={"update": {}, "filters": {"id": hall.id}}, headers=admin)
    assert response.status_code == 400


# ---------------------------------------------------------------------------------------------- pages


def test_page_size_cap(client, db, factories):
    cap = REGISTRY["Gender"].page_size_cap
    for n in range(cap + 3):
        db.session.add(resolved("Gender").cls(code=f"g{n}", name_ru=f"П{n}", name_en=f"G{n}", name_kk=f"Ж{n}"))
    db.session.commit()
    response = client.post(f"{BASE}/Gender/find-paginate", json={"paginate": {"page": 1, "size": cap + 1}})
    assert response.status_code == 400 and "paginate.size" in response.get_json()["errors"]
    for size in (0, -1, "10", 1.5):
        assert client.post(f"{BASE}/Gender/find-paginate", json={"paginate": {"size": size}}).status_code == 400
    for page in (0, -1, "2", 10**9):
        assert client.post(f"{BASE}/Gender/find-paginate", json={"paginate": {"page": page}}).status_code == 400
    response = client.post(f"{BASE}/Gender/find-paginate", json={"paginate": {"page": 1, "size": cap}})
    assert len(response.get_json()["list"]) == cap and response.get_json()["total"] == cap + 3
    response = client.post(f"{BASE}/Gender/find-paginate", json={"paginate": {"page": 2, "size": cap}})
    assert len(response.get_json()["list"]) == 3 and response.get_json()["total"] == cap + 3
    response = client.post(f"{BASE}/Gender/find", json={})
    assert len(response.get_json()["list"]) == cap and response.get_json()["total"] == cap + 3
    response = client.get(f"{BASE}/Gender/all")
    assert len(response.get_json()["list"]) == cap
    too_many = {"create": [{"code": f"n{n}", "name_ru": "x", "name_en": "x"} for n in range(cap + 1)]}
    admin = factories.auth_headers(factories.admin())
    assert client.post(f"{BASE}/Gender/create-list", json=too_many, headers=admin).status_code == 400


def test_pagination_defaults_and_stable_order(client, db):
    for _ in range(7):
        select_option(db, type="p", order=1)  # equal sort keys: id breaks the tie
    first = client.post(
        f"{BASE}/SelectOption/find-paginate", json={"filters": {"type": "p"}, "paginate": {"page": 1, "size": 4}}
    ).get_json()
    second = client.post(
        f"{BASE}/SelectOption/find-paginate", json={"filters": {"type": "p"}, "paginate": {"page": 2, "size": 4}}
    ).get_json()
    ids = [r["id"] for r in first["list"] + second["list"]]
    assert ids == sorted(ids) and len(set(ids)) == 7
    assert first["total"] == second["total"] == 7
    assert client.post(f"{BASE}/SelectOption/find-paginate", json={}).status_code == 200
    # The total rides on the page as a window count; a page past the end (no rows) still tells it, and no match is 0.
    past_end = client.post(
        f"{BASE}/SelectOption/find-paginate", json={"filters": {"type": "p"}, "paginate": {"page": 3, "size": 4}}
    ).get_json()
    assert past_end == {"list": [], "total": 7}
    nothing = client.post(
        f"{BASE}/SelectOption/find-paginate", json={"filters": {"type": "none"}, "paginate": {"page": 1, "size": 4}}
    ).get_json()
    assert nothing == {"list": [], "total": 0}


# ---------------------------------------------------------------------------------------------- no 500s

GARBAGE = [
    None,
    [],
    "x",
    1,
    True,
    {"filters": []},
    {"filters": "id=1"},
    {"params": []},
    {"params": {"order": None}},
    {"params": {"include": None}},
    {"paginate": []},
    {"paginate": {"page": None}},
    {"create": None},
    {"create": []},
    {"create": "x"},
    {"create": [None]},
    {"create": {"name": None}},
    {"create": {"name": []}},
    {"update": None, "filters": {"id": 1}},
    {"update": {"name": {"x": 1}}, "filters": {"id": 1}},
    {"filters": {"id": 2**64}},
    {"filters": {"id": -1}},
    {"create": {"name": "\x00"}},
    {"create": {"name": "x" * 300, "capacity": 2, "price": 1}},
    {"create": {"name": "a", "capacity": 2**40, "price": 2**70}},
]


def _nested(depth: int, leaf=1):
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def _nested_text(depth: int) -> str:
    """A JSON array nested `depth` deep, as text (json.dumps itself would recurse)."""
    return "[" * depth + "1" + "]" * depth


# Deep nesting (audit gap 1): ~400 levels exhausted the recursive trimming helpers, ~5000 the JSON parser.
GARBAGE += [
    {"filters": {"type": {"in": _nested(400)}}},
    {"filters": {"id": _nested(400)}},
    {"create": {"name": "a", "additional_data": {"x": _nested(400)}}, "filters": {"id": 1}},
    {"update": {"additional_data": {"x": _nested(400)}}, "filters": {"id": 1}},
    {"create": [{"additional_data": _nested(400)}]},
    {"x": _nested(33)},
]
DEEP_RAW = [
    _nested_text(5000),
    '{"filters": {"type": {"in": ' + _nested_text(5000) + "}}}",
    '{"create": {"additional_data": {"x": ' + _nested_text(100_000) + '}}, "filters": {"id": 1}}',
]


@pytest.mark.parametrize("action", ["find", "find-paginate", "create", "create-list", "update", "delete"])
@pytest.mark.parametrize("model", ["RoomType", "SelectOption"])
def test_garbage_bodies_never_500(client, db, factories, model, action):
    admin = factories.auth_headers(factories.admin())
    for body in GARBAGE:
        response = client.post(f"{BASE}/{model}/{action}", json=body, headers=admin)
        assert response.status_code < 500, (body, response.get_json())
        assert response.get_json() is not None
    response = client.post(
        f"{BASE}/{model}/{action}", data=b"\xff\xfe{", content_type="application/json", headers=admin
    )
    assert response.status_code == 400
    for raw in DEEP_RAW:
        response = client.post(f"{BASE}/{model}/{action}", data=raw, content_type="application/json", headers=admin)
        assert response.status_code == 400, (raw[:60], response.get_json())
        assert response.get_json()["message_key"] == "validation.json_body"


@pytest.mark.parametrize("lang", ["ru", "kk", "en"])
def test_deeply_nested_filters_from_anyone_are_400(client, db, lang):
    response = client.post(f"{BASE}/SelectOption/find?lang={lang}", json={"filters": {"type": {"in": _nested(400)}}})
    assert response.status_code == 400
    payload = response.get_json()
    assert payload["message_key"] == "validation.too_deep" and "32" in payload["message"]
    assert "filters" in payload["errors"]
    for raw in DEEP_RAW:
        response = client.post(f"{BASE}/SelectOption/find?lang={lang}", data=raw, content_type="application/json")
        assert response.status_code == 400 and response.get_json()["message_key"] == "validation.json_body"


def test_moderate_nesting_is_still_accepted(client, db, factories):
    admin = factories.auth_headers(factories.admin())
    body = {
        "create": {
            "type": "t_deep",
            "code": "deep",
            "name_ru": "Глубоко",
            "name_en": "Deep",
            "additional_data": {"x": _nested(25, " keep ")},
        }
    }
    response = client.post(f"{BASE}/SelectOption/create", json=body, headers=admin)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["item"]["additional_data"] == {"x": _nested(25, "keep")}  # trimmed at any depth


@pytest.mark.parametrize(
    "body",
    [
        '{"email": ' + _nested_text(400) + ', "password": "x"}',
        '{"email": "a@b.kz", "password": ' + _nested_text(5000) + "}",
        _nested_text(100_000),
    ],
    ids=["email-400-deep", "password-5000-deep", "body-100000-deep"],
)
def test_sign_in_with_deeply_nested_json_is_400(client, db, body):
    response = client.post("/api/v1/auth/sign-in", data=body, content_type="application/json")
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["message_key"] in ("validation.too_deep", "validation.json_body")


def test_errors_are_localized(client, db):
    body = {"filters": {"nope": 1}}
    ru = _find(client, "SelectOption", body).get_json()
    en = client.post(f"{BASE}/SelectOption/find?lang=en", json=body).get_json()
    kk = client.post(f"{BASE}/SelectOption/find", json=body, headers={"Accept-Language": "kk"}).get_json()
    assert ru["message"] != en["message"] != kk["message"]
    assert ru["message_key"] == en["message_key"]


def test_anyone_reads_citizenships_without_a_token(client, db, factories):
    factories.kazakhstan()
    body = client.get(f"{BASE}/Citizenship/all").get_json()
    assert body["total"] == 1
    assert {"id", "name_ru", "name_en", "name_kk"} <= set(body["list"][0])


def test_studyprogram_row_count_unchanged_by_reads(client, db, factories):
    factories.study_program()
    client.post(f"{BASE}/StudyProgram/find", json={"filters": {"name_ru": {"ilike": "'; DELETE FROM study_programs"}}})
    assert db.session.scalar(select(func.count()).select_from(StudyProgram)) == 1
