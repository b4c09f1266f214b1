"""BaseSchema's pre-load: one walk of each value trims its text, finds NUL or lone surrogates in keys and values,
and refuses nesting deeper than MAX_JSON_DEPTH (common_schemas.py); the answers are those of the three separate
walks it replaced."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError, fields

from server.common_schemas import MAX_JSON_DEPTH, BaseSchema


class _Inner(BaseSchema):
    note = fields.String()


class _Body(BaseSchema):
    name = fields.String()
    password = fields.String(metadata={"trim": False})
    data = fields.Raw()
    inner = fields.Nested(_Inner)


def _nested(depth: int):
    value = "x"
    for _ in range(depth):
        value = [value]
    return value


def test_text_is_trimmed_at_every_depth_except_where_declared():
    body = _Body().load(
        {
            "name": "  Әлия ",
            "password": " secret ",
            "data": {"a": [" b ", {"c": " d"}], "n": 1},
            "inner": {"note": " x "},
        }
    )
    assert body == {
        "name": "Әлия",
        "password": " secret ",
        "data": {"a": ["b", {"c": "d"}], "n": 1},
        "inner": {"note": "x"},
    }


@pytest.mark.parametrize(
    "data, key, message",
    [
        ({"data": {"a": ["ok", "b\x00"]}}, "data", "validation.invalid_input"),
        ({"data": {"k\x00": 1}}, "data", "validation.invalid_input"),
        ({"data": ["\ud800"]}, "data", "validation.invalid_input"),
        ({"inner": {"note": "\x00"}}, "inner", "validation.invalid_input"),
        ({"na\x00me": "x"}, "_schema", "validation.invalid_input"),
    ],
)
def test_unstorable_text_is_refused(data, key, message):
    with pytest.raises(ValidationError) as refused:
        _Body().load(data)
    assert refused.value.messages[key] == [message]


def test_depth_limit_is_the_same():
    _Body().load({"data": _nested(MAX_JSON_DEPTH - 1)})  # the body itself is one level: 32 in all
    with pytest.raises(ValidationError) as refused:
        _Body().load({"data": _nested(MAX_JSON_DEPTH), "name": "\x00"})
    assert refused.value.messages["data"] == ["validation.too_deep"]
    # too deep wins over unstorable text inside the same value, as before
    with pytest.raises(ValidationError) as refused:
        _Body().load({"data": [["\x00", _nested(MAX_JSON_DEPTH)]]})
    assert refused.value.messages["data"] == ["validation.too_deep"]
