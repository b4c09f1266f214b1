"""The fast `list` dump of /universal list answers (schemas.Rows) gives exactly marshmallow's List(Nested(read))."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from marshmallow import Schema, fields

from models_registry import REGISTRY
from server.universal.binding import relation_target, resolved
from server.universal.schemas import schemas_for

SAMPLES = {
    "integer": [7, 0, -3],
    "string": ["Алматы", "", "Қаракөл ауылы"],
    "text": ["long text", "Өскемен"],
    "boolean": [True, False],
    "json": [{"parent_id": 7, "nested": {"a": [1, "2"]}}, {}],
    "datetime": [datetime(2026, 11, 23, 15, 4, 5, tzinfo=UTC), datetime(2025, 1, 2, tzinfo=UTC)],
}


def _row(fields_of: dict, n: int, with_nulls: bool) -> dict:
    row = {}
    for name, info in fields_of.items():
        samples = SAMPLES[info.type]
        row[name] = None if with_nulls and n % 2 and name != "id" else samples[n % len(samples)]
    return row


def _rows(name: str) -> list[dict]:
    rm = resolved(name)
    rows = []
    for n in range(4):
        row = _row(rm.fields, n, with_nulls=n >= 2)
        for relation in rm.declaration.includes:
            target = relation_target(name, relation.name)
            sub = {f: target.fields[f] for f in relation.fields}
            if relation.many:
                row[relation.name] = [_row(sub, k, with_nulls=k == 1) for k in range(n % 3)]
            else:
                row[relation.name] = None if n == 3 else _row(sub, n, with_nulls=False)
        row["not_a_field"] = "dropped"  # marshmallow dumps only the schema's fields
        rows.append(row)
    rows.append({"id": 1})  # a caller who may read only some fields gets only those
    return rows


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_rows_dump_as_marshmallow_does(name):
    s = schemas_for(name)
    answer = {"list": _rows(name), "total": 5}
    reference = Schema.from_dict({"list": fields.List(fields.Nested(s.read)), "total": fields.Integer()})()
    expected = reference.dump(answer)
    got = s.list_response().dump(answer)
    assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)
    assert s.list_response().dump({"list": [], "total": 0}) == {"list": [], "total": 0}
