"""Runs the shared rule vectors (forms/rule_vectors/*.json) through the Python interpreter.

client/src/forms-engine/engine.test.js runs the same files through the JavaScript interpreter; a vector that
passes here and fails there (or the reverse) means the two interpreters drifted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.forms import engine
from server.forms.masks import apply_mask, iin_valid, mask_valid

VECTOR_DIR = Path(__file__).resolve().parents[2] / "forms" / "rule_vectors"


def _vectors():
    out = []
    for path in sorted(VECTOR_DIR.glob("*.json")):
        for vector in json.loads(path.read_text(encoding="utf-8"))["vectors"]:
            out.append(pytest.param(vector, id=f"{path.stem}: {vector['name']}"))
    return out


VECTORS = _vectors()


def _get(data, path: str):
    node = data
    for part in path.split("."):
        if isinstance(node, list):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            return None
    return node


def _pairs(errors):
    return sorted((e["field"], e["key"]) for e in errors)


def run_vector(vector: dict) -> None:
    kind = vector.get("kind", "step")
    expect = vector["expect"]
    if kind == "mask":
        if "masked" in expect and vector.get("typed"):
            shown = ""
            for key in vector["input"]:  # key by key: the input shows the mask of what it showed plus the key
                shown = apply_mask(vector["mask"], shown + key)
            assert shown == expect["masked"]
        elif "masked" in expect:
            assert apply_mask(vector["mask"], vector["input"]) == expect["masked"]
        if "valid" in expect:
            assert mask_valid(vector["mask"], vector["input"]) is expect["valid"]
        return
    if kind == "iin":
        assert iin_valid(vector["input"]) is expect["valid"]
        return
    if kind == "steps":
        assert engine.steps_for(vector["variant"], vector.get("ctx", {})) == expect["steps"]
        return
    assert kind == "step", kind

    step, ctx, data = vector["step"], vector.get("ctx", {}), vector.get("data", {})
    if "change" in vector:
        prepared = engine.set_value(step, data, vector["change"]["path"], vector["change"]["value"], ctx)
    else:
        prepared = engine.prepare(step, data, ctx)
    visible = engine.visible_fields(step, prepared, ctx)
    if "visible" in expect:
        assert visible == expect["visible"]
    for path in expect.get("visible_includes", []):
        assert path in visible, f"{path} should be visible: {visible}"
    for path in expect.get("hidden", []):
        assert path not in visible, f"{path} should be hidden"
    if "derived" in expect:
        for path, value in expect["derived"].items():
            got = _get(prepared, path)
            assert got == value and type(got) is type(value), f"{path}: {got!r} != {value!r}"
    if "errors" in expect:
        errors = engine.validate_step(step, prepared, ctx, mode=vector.get("mode", "submit"))
        assert _pairs(errors) == _pairs(expect["errors"]), errors
        for wanted in expect["errors"]:
            if "labels" in wanted:
                match = next(e for e in errors if (e["field"], e["key"]) == (wanted["field"], wanted["key"]))
                assert match["labels"] == wanted["labels"]
    if "first_missing" in expect:
        missing = engine.first_missing_required(step, prepared, ctx)
        assert (missing["field"] if missing else None) == expect["first_missing"]
    for field, ids in expect.get("options", {}).items():
        assert [o["id"] for o in engine.field_options(step, field, prepared, ctx)] == ids
    if "document_fields" in expect:
        got = [{"field": d["field"], "optional": d["optional"]} for d in engine.document_fields(step, ctx)]
        assert got == expect["document_fields"]
    if "document_label_params" in expect:
        got = [d.get("label_params") for d in engine.document_fields(step, ctx)]
        assert got == expect["document_label_params"]


@pytest.mark.parametrize("vector", VECTORS)
def test_rule_vector(vector):
    run_vector(vector)


def test_there_are_enough_vectors():
    assert len(VECTORS) >= 80


def test_vector_names_unique():
    names = [p.values[0]["name"] for p in VECTORS]
    assert len(names) == len(set(names))
