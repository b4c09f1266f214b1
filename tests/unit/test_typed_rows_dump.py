"""schemas.common.TypedRows, the fast dump of list rows, gives exactly marshmallow's List(Nested(schema)): on the
admin queue's rows (dates, None, unicode, numbers of the other type, missing keys) and on a schema with the field
kinds it treats specially."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import pytest
from marshmallow import Schema, fields, post_dump

from server.common_schemas import TypedRows
from server.review.schemas import AdminApplicationsResponse, QueueRow


def _named(n: int, code=None) -> dict:
    return {"id": n, "code": code, "name_ru": "Казахстан", "name_en": "Kazakhstan", "name_kk": "Қазақстан"}


def _queue_row(n: int) -> dict:
    return {
        "id": n if n % 3 else None,
        "user": {
            "id": 100 + n,
            "email": f"user{n}@example.com",
            "first_name": "Тимур" if n % 2 else None,
            "last_name": "Каримов",
            "middle_name": None,
        },
        "citizenship": _named(n, "KZ") if n % 2 else None,
        "study_program_id": 5,
        "study_program": _named(7) if n % 4 else None,
        "term_id": None if n % 2 else 3,
        "campaign_year": 2026,
        "createdAt": datetime(2026, 11, 23, 15, 4, 5, 123456, tzinfo=UTC),
        "submittedAt": None if n % 2 else datetime(2025, 1, 2, tzinfo=UTC),
        "need_dorm": [True, False, None][n % 3],
        "documents_count": 0 if n % 2 else 4,
        "social_category": [_named(1), _named(2, "ч")] if n % 2 else [],
        "status": None if n % 2 else 0,
        "current_step": 3,
        "financing": "scholarship" if n % 2 else None,
        "unt_score": [None, 101.5, 98, 0.0][n % 4],  # an int where a float is declared: marshmallow makes 98.0
        "is_exempted_from_payment": bool(n % 2),
        "upload_code": "ÄB-12" if n % 2 else None,
        "not_a_field": "dropped",  # keys the schema does not declare are not dumped
    }


def _same(schema, rows):
    fast = TypedRows(schema)._serialize(rows, "list", {})
    slow = fields.List(fields.Nested(schema))._serialize(rows, "list", {})
    assert fast == slow
    assert json.dumps(fast, ensure_ascii=False) == json.dumps(slow, ensure_ascii=False)  # key order, 98 vs 98.0
    return fast


def test_queue_rows_dump_as_marshmallow_does():
    rows = [_queue_row(n) for n in range(8)]
    fast = _same(QueueRow, rows)
    assert fast[2]["unt_score"] == 98.0 and isinstance(fast[2]["unt_score"], float)
    assert "not_a_field" not in fast[0]
    del rows[0]["upload_code"], rows[1]["user"]["email"]  # a missing key is left out, as marshmallow does
    _same(QueueRow, rows)


def test_the_response_schema_uses_it():
    field = AdminApplicationsResponse().fields["list"]
    assert isinstance(field, TypedRows)
    body = {"success": True, "list": [_queue_row(1)], "total": 1}
    assert AdminApplicationsResponse().dump(body)["list"] == fields.List(fields.Nested(QueueRow))._serialize(
        body["list"], "list", {}
    )
    assert field._serialize(None, "list", {}) is None


class _Inner(Schema):
    when = fields.Date(allow_none=True)
    tags = fields.List(fields.String())


class _Hooked(Schema):
    value = fields.Integer()

    @post_dump
    def _mark(self, data, **kwargs):
        return {**data, "hooked": True}


class _Kinds(Schema):
    count = fields.Integer()
    flag = fields.Boolean(allow_none=True)
    ratio = fields.Float()
    text = fields.String(data_key="label")
    source = fields.String(attribute="origin")
    extra = fields.Dict()
    default = fields.String(dump_default="—")
    at = fields.DateTime()
    inner = fields.Nested(_Inner, allow_none=True)
    many_inner = fields.Nested(_Inner, many=True)
    hooked = fields.Nested(_Hooked)
    hooked_list = fields.List(fields.Nested(_Hooked))
    secret = fields.String(load_only=True)


@pytest.mark.parametrize(
    "row",
    [
        {
            "count": True,  # a bool where an int is declared: marshmallow makes 1
            "flag": 1,
            "ratio": 2,
            "text": "Өскемен",
            "origin": "ру",
            "extra": {"a": [1, "2"], "ö": None},
            "at": datetime(2026, 1, 1, 0, 0, tzinfo=UTC),
            "inner": {"when": date(2026, 2, 28), "tags": ["x", "ү"]},
            "many_inner": [{"when": None, "tags": []}],
            "hooked": {"value": 3},
            "hooked_list": [{"value": 4}],
            "secret": "never dumped",
        },
        {"count": None, "flag": None, "ratio": None, "text": None, "at": None, "inner": None, "many_inner": []},
        {},
    ],
)
def test_field_kinds_dump_as_marshmallow_does(row):
    _same(_Kinds, [row])
