"""The engine's public API beyond the shared vectors: contexts, edits, error details, purity."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from server import forms
from server.forms import engine
from server.forms.context import RULE_CONTEXT


def test_build_ctx_sets_exactly_one_flag():
    ctx = forms.build_ctx("masters_mba", study_program_id=7, financing="scholarship", is_kazakhstan_citizen=True)
    flags = [name for name in forms.PROGRAM_FLAGS.values() if ctx[name]]
    assert flags == ["isMastersMBA"]
    assert ctx["degree"] == "master" and ctx["studyProgramId"] == 7 and ctx["financing"] == "scholarship"
    assert ctx["answers"] == {} and ctx["options"] == {}


def test_build_ctx_rejects_unknown_kind():
    with pytest.raises(ValueError):
        forms.build_ctx("astronaut")


def test_program_kinds_match_the_models():
    from server.models.reference import DEGREES, PROGRAM_KINDS

    assert set(PROGRAM_KINDS) == set(forms.PROGRAM_FLAGS)
    assert DEGREES == ("bachelor", "master", "doctoral")


@pytest.mark.parametrize("example", RULE_CONTEXT["examples"], ids=lambda e: e["input"].get("program_kind", "none"))
def test_the_shared_context_examples_build_the_same_ctx(example):
    """forms/context.json: the client's builder runs the same examples."""
    given = example["input"]
    ctx = forms.build_ctx(
        given.get("program_kind"),
        study_program_id=given.get("study_program_id"),
        financing=given.get("financing"),
        is_kazakhstan_citizen=given.get("kazakhstan_citizen", False),
        answers=given.get("answers"),
        options=given.get("options"),
    )
    assert ctx == example["ctx"]


def test_the_context_definition_is_consistent():
    kinds = RULE_CONTEXT["program_kinds"]
    flags = [spec["flag"] for spec in kinds.values()]
    assert len(set(flags)) == len(flags) == 8
    assert {spec["degree"] for spec in kinds.values()} == {"bachelor", "master", "doctoral"}
    assert set(RULE_CONTEXT["keys"]) == {
        "study_program_id",
        "degree",
        "financing",
        "kazakhstan_citizen",
        "answers",
        "options",
    }
    assert not set(flags) & set(RULE_CONTEXT["keys"].values())
    for example in RULE_CONTEXT["examples"]:  # every example names every ctx key
        assert set(example["ctx"]) == set(flags) | set(RULE_CONTEXT["keys"].values())


def test_check_dates_error_carries_both_labels():
    ctx = forms.build_ctx("regular_bachelors")
    errors = engine.validate_step(
        "fillStepDocuments",
        {"identity_document_given_date": "2025-01-02", "identity_document_valid_till": "2025-01-01"},
        ctx,
        "submit",
    )
    err = next(e for e in errors if e["key"] == "check_dates")
    assert err["labels"] == [
        "form.fillStepDocuments.identity_document_given_date",
        "form.fillStepDocuments.identity_document_valid_till",
    ]
    assert err["label"] == "form.fillStepDocuments.identity_document_given_date"


def test_first_missing_gives_the_label_for_the_snackbar():
    missing = forms.first_missing_required("fillStepMainInfoLocal", {"profile_image": "f-1"}, forms.build_ctx())
    assert missing == {"field": "iin", "label": "form.fillStepMainInfoLocal.iin"}
    assert forms.label(missing["label"], "kk") == "ЖСН"


def test_prepare_does_not_mutate_input():
    data = {"last_name": "  A  ", "parents": [{"is_signer": True}, {"is_signer": True}]}
    before = repr(data)
    engine.prepare("fillStepMainInfo", {"last_name": data["last_name"]})
    engine.prepare("fillStepParents", {"parents": data["parents"]})
    assert repr(data) == before


def test_set_value_creates_rows_and_option_group_entries():
    ctx = forms.build_ctx("regular_bachelors", is_kazakhstan_citizen=True)
    out = engine.set_value("fillStepParents", {}, "parents.1.full_name", "Б", ctx)
    assert out == {"parents": [{}, {"full_name": "Б"}]}
    out = engine.set_value(
        "fillStepSocialCategories", {"social_categories": [5]}, "categories_data.5.document_number", " N-1 ", ctx
    )
    assert out["categories_data"] == {"5": {"document_number": "N-1"}}


def test_mode_must_be_known():
    with pytest.raises(ValueError):
        engine.validate_step("fillStepMainInfo", {}, {}, mode="later")


def test_unknown_form_key():
    with pytest.raises(KeyError):
        engine.validate_step("fillStepNope", {}, {})


@pytest.mark.parametrize("data", [None, [], "text", 5])
def test_non_object_data_never_raises(data):
    assert engine.validate_step("fillStepMainInfo", data, {}, mode="save") == []


@pytest.mark.parametrize("bad", [None, 1, "x", [], {}, [1], {"a": 1}, True, 1.5, "2025-13-01", {"id": None}])
def test_every_field_survives_garbage(bad):
    """Bad input gives error dicts, never exceptions (design §9)."""
    ctx = forms.build_ctx("regular_bachelors", financing="scholarship", is_kazakhstan_citizen=True)
    for key, definition in engine.definitions().items():
        for field in definition["fields"]:
            for mode in ("save", "submit"):
                errors = engine.validate_step(key, {field["key"]: bad}, ctx, mode=mode)
                assert all({"field", "key"} <= set(e) for e in errors)
            if field["type"] in ("group",):
                engine.validate_step(key, {field["key"]: [{sub["key"]: bad for sub in field["fields"]}]}, ctx, "submit")
            if field["type"] == "option_groups":
                engine.validate_step(
                    key, {"social_categories": [1], field["key"]: {"1": {"document_number": bad}}}, ctx, "submit"
                )


def test_engine_has_no_flask_or_database_imports():
    for name in ("engine.py", "masks.py", "context.py", "labels.py"):
        tree = ast.parse((Path(engine.__file__).with_name(name)).read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module.split(".")[0])
        assert not imported & {"flask", "sqlalchemy", "flask_sqlalchemy", "marshmallow"}, (name, imported)


def test_steps_for_unknown_variant():
    with pytest.raises(KeyError):
        engine.steps_for("martian", {})


def test_resolved_self_upload_fields_are_pdf_files():
    ctx = forms.build_ctx("doctoral_phd", answers={"fillStepMainInfoLocal": {"gender": 1}})
    resolved = engine.resolve_step("documentsSelfUpload", ctx)
    assert [f["key"] for f in resolved["fields"]] == [
        "military_document",
        "education_document",
        "unt_document",
        "research_plan",
    ]
    assert all(f["type"] == "file" and f["accept"] == "pdf" for f in resolved["fields"])
    assert [f["required"] for f in resolved["fields"]] == [True, True, False, True]
