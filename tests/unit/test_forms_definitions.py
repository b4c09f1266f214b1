"""The step definitions themselves: complete, consistent, labelled in three languages, and faithful to req §5."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from server import forms
from server.forms import engine
from server.forms.context import CONDITION_NAMES

DEFS = engine.definitions()
ROOT = Path(__file__).resolve().parents[2]
FIELD_TYPES = {
    "text",
    "textarea",
    "email",
    "phone",
    "iin",
    "kato",
    "number",
    "integer",
    "date",
    "year",
    "switch",
    "checkbox",
    "radio",
    "select",
    "multiselect",
    "institution",
    "file",
    "image",
    "group",
    "option_groups",
}
FIELD_PROPS = {
    "key",
    "type",
    "label",
    "required",
    "required_if",
    "required_unless",
    "visible_if",
    "before",
    "not_after",
    "mask",
    "pattern",
    "max_length",
    "min",
    "max",
    "options",
    "filter",
    "auto_first",
    "derive",
    "exclusive_code",
    "one_of_group",
    "fields",
    "min_items",
    "max_items",
    "source",
    "accept",
    "multiple",
    "max_files",
    "choices",
    "choices_labels",
    "id_field",
    "render",
}
CTX_NAMES = CONDITION_NAMES  # forms/context.json
GRANT_CODES = ["1_1", "1_2", "2_2", "5_1", "11_1", "12_1", "15_1", "17_1", "17_2"]


def all_fields(definition):
    for f in definition["fields"]:
        yield f
        yield from f.get("fields", [])


def conditions(node):
    """Every condition object anywhere in a definition."""
    if isinstance(node, dict):
        if (
            "field" in node
            and isinstance(node["field"], str)
            and (
                "eq" in node or "ne" in node or "in" in node or "not_in" in node or "filled" in node or "option" in node
            )
        ):
            yield node
        if "ctx" in node and isinstance(node["ctx"], str):
            yield node
        for name, value in node.items():
            if name != "for_each":  # row conditions of another step: checked in test_for_each_sources
                yield from conditions(value)
    elif isinstance(node, list):
        for value in node:
            yield from conditions(value)


EXPECTED_KEYS = {
    "fillStepMainInfo",
    "fillStepAdditionalInfo",
    "fillStepImmigration",
    "fillStepParents",
    "fillStepEducation",
    "fillStepEducationSimple",
    "fillStepDocumentsFiles",
    "fillStepMainInfoLocal",
    "fillStepDocuments",
    "fillStepEducationBachelors",
    "fillStepEducationMasters",
    "fillStepEducationDoctoral",
    "fillStepTestScoreUnt",
    "fillStepTestScoreComprehensive",
    "fillStepTestScoreKaztest",
    "fillStepSocialCategories",
    "fillStepScholarshipsAwards",
    "fillStepAdditionalInfoLocal",
    "documentsSelfUpload",
    "chooseEducationalProgram",
    "grantSupportingDocuments",
}


def test_every_form_is_defined():
    assert set(DEFS) == EXPECTED_KEYS


def test_file_name_is_the_form_key():
    for path in (ROOT / "forms/definitions").glob("*.json"):
        if not path.name.startswith("_"):
            assert json.loads(path.read_text(encoding="utf-8"))["key"] == path.stem


@pytest.mark.parametrize("key", sorted(DEFS))
def test_fields_are_well_formed(key):
    definition = DEFS[key]
    keys = [f["key"] for f in definition["fields"]]
    assert len(keys) == len(set(keys))
    for field in all_fields(definition):
        assert field["type"] in FIELD_TYPES, field
        assert set(field) <= FIELD_PROPS, set(field) - FIELD_PROPS
        assert field["label"] == f"form.{key}.{field['key']}"
        if field.get("mask"):
            assert field["mask"] in forms.masks.MASK_PATTERNS
        for relation in ("before", "not_after"):
            if relation in field:
                siblings = [
                    f
                    for f in (
                        definition["fields"]
                        if field["key"] in keys
                        else next(g["fields"] for g in definition["fields"] if field in g.get("fields", []))
                    )
                ]
                assert field[relation] in {f["key"] for f in siblings}
    for cond in conditions(definition):
        if "ctx" in cond:
            assert cond["ctx"] in CTX_NAMES, cond
        elif "step" in cond:
            assert cond["field"] in {f["key"] for f in DEFS[cond["step"]]["fields"]}
        elif cond["field"] != "$option":
            names = {f["key"] for f in all_fields(definition)}
            assert cond["field"] in names, cond


def test_for_each_sources():
    for entry in DEFS["documentsSelfUpload"]["document_fields"]:
        spec = entry.get("for_each")
        if not spec:
            continue
        for step in spec["steps"]:
            source = next(f for f in DEFS[step]["fields"] if f["key"] == spec["field"])
            if spec["each"] == "row":
                assert source["type"] == "group"
                for cond in conditions(spec.get("if", {})):
                    assert cond["field"] in {f["key"] for f in source["fields"]}
                if "label_option" in spec:  # the row's select whose option names the slot (decision 0083)
                    named = next(f for f in source["fields"] if f["key"] == spec["label_option"])
                    assert named["type"] == "select"
            else:
                assert source["type"] == "multiselect"


# Option types named after a form of the vocabulary (decision 0010) that is one step here.
VOCABULARY_FORMS = {"fillStepScholarships", "fillStepAwards"}


def test_select_option_types_are_named_form_key_field():
    for key, definition in DEFS.items():
        for field in all_fields(definition):
            if field["type"] in ("select", "multiselect"):
                option_type = field.get("options") or f"{key}_{field['key']}"
                form, _, name = option_type.partition("_")
                assert form in set(DEFS) | VOCABULARY_FORMS and re.fullmatch(r"[a-z_]+", name), option_type


def test_option_types_exist_in_the_seeded_vocabulary():
    """Every select points at a list decision 0010 seeds (parallel work: skipped until the seed data exist)."""
    vocabulary = pytest.importorskip("server.seed.data.select_options")
    seeded = {
        value
        for name, value in vars(vocabulary).items()
        if name.isupper() and isinstance(value, str) and value.count("_") >= 1 and value[:1].islower()
    }
    for key, definition in DEFS.items():
        for field in all_fields(definition):
            if field["type"] in ("select", "multiselect"):
                option_type = field.get("options") or f"{key}_{field['key']}"
                if option_type.startswith("fillStepMainInfo_") or option_type in seeded:
                    continue
                assert option_type in seeded, option_type


def test_seeded_exemption_flags_match_the_rules():
    vocabulary = pytest.importorskip("server.seed.data.select_options")
    exempt = {
        row[0]
        for row in getattr(vocabulary, "SCHOLARSHIP_TYPES", [])
        if isinstance(row[4], dict) and row[4].get("valid_till_exempt")
    }
    if exempt:
        assert exempt == set(GRANT_CODES)
    exams = {row[0]: row[4] for row in getattr(vocabulary, "EXAMINATION_TYPES", [])}
    if exams:
        assert sum(bool(a.get("date_exempt")) for a in exams.values()) == 1
        assert sum(bool(a.get("issuer_omitted")) for a in exams.values()) == 1


def test_variants_reference_defined_steps():
    for entries in engine.variants().values():
        for entry in entries:
            assert entry["step"] in DEFS


def test_label_catalogues_cover_every_key_in_three_languages():
    needed = set()
    for definition in DEFS.values():
        needed.add(definition["title"])
        for field in all_fields(definition):
            needed.add(field["label"])
            needed.update(field.get("choices_labels", []))
        for entry in definition.get("document_fields", []):
            needed.add(entry["label"])
            if "additional" in entry:
                needed.add(entry["additional"]["label"])
    for lang in ("ru", "kk", "en"):
        catalogue = forms.labels(lang)
        missing = needed - set(catalogue)
        assert not missing, (lang, sorted(missing))
        assert all(isinstance(v, str) and v.strip() for v in catalogue.values())
    assert set(forms.labels("ru")) == set(forms.labels("kk")) == set(forms.labels("en"))
    # real translations, not copies of the Russian
    ru, kk, en = forms.labels("ru"), forms.labels("kk"), forms.labels("en")
    assert sum(ru[k] != en[k] for k in ru) > 0.9 * len(ru)
    assert sum(ru[k] != kk[k] for k in ru) > 0.8 * len(ru)


def test_error_keys_have_labels():
    for key in ("fill_required", "check_dates", "fillStepParents_choose_signer_label", "invalid_iin", "invalid_date"):
        assert forms.label(f"form.errors.{key}", "en") != f"form.errors.{key}"
    assert forms.label("form.errors.invalid_date", "en") == "Date input not valid."


def test_label_falls_back_to_russian_then_key():
    assert forms.label("form.fillStepMainInfo.last_name", "xx") == "Фамилия"
    assert forms.label("no.such.key", "en") == "no.such.key"


def required_keys(key, ctx):
    errors = engine.validate_step(key, {}, ctx, mode="submit")
    return [e["field"] for e in errors if e["key"] == "fill_required"]


BACH = forms.build_ctx(
    "regular_bachelors", financing="paid", is_kazakhstan_citizen=True, answers={"fillStepMainInfoLocal": {"gender": 2}}
)


@pytest.mark.parametrize(
    "key,expected",
    [
        (
            "fillStepMainInfo",
            [
                "profile_image",
                "last_name",
                "first_name",
                "date_of_birth",
                "nationality",
                "phone_number",
                "passport_number",
                "birthplace",
                "residential_address",
            ],
        ),
        (
            "fillStepMainInfoLocal",
            ["profile_image", "iin", "date_of_birth", "gender", "marital_status", "nationality", "phone_number"],
        ),
        (
            "fillStepDocuments",
            [
                "identity_document_type",
                "identity_document_number",
                "identity_document_given_date",
                "identity_document_valid_till",
                "identity_document_issued_by",
                "birthplace",
            ],
        ),
        (
            "fillStepEducation",
            [
                "education_level",
                "education_document_type",
                "education_document_number",
                "education_document_given_date",
                "education_institution_address",
                "education_language",
                "is_altyn_belgi",
                "average_grade",
                "admission_year",
                "graduation_year",
            ],
        ),
        (
            "fillStepAdditionalInfoLocal",
            ["need_dorm", "medical_examinations", "residence_address", "actual_residence_address"],
        ),
        ("fillStepImmigration", ["country_of_residence"]),
        ("fillStepEducationSimple", ["document_number", "document_given_date", "educational_institution_name"]),
        (
            "fillStepDocumentsFiles",
            ["passport", "proof_of_education", "motivation_letter", "english_language_certificate"],
        ),
        ("chooseEducationalProgram", ["educational_program"]),
        ("fillStepTestScoreUnt", []),
    ],
)
def test_required_lists_follow_spec(key, expected):
    assert required_keys(key, BACH) == expected


def test_parent_row_required_list():
    errors = engine.validate_step("fillStepParents", {"parents": [{}]}, BACH, mode="submit")
    assert [e["field"] for e in errors if e["key"] == "fill_required"] == [
        f"parents.0.{f}" for f in ("parent_type", "full_name", "iin", "address", "phone_number", "email", "workplace")
    ]


def test_grant_exemption_list_is_the_spec_codes():
    found = next(
        f for f in DEFS["fillStepScholarshipsAwards"]["fields"] if f["key"] == "scholarship_document_valid_till"
    )
    assert found["required_unless"] == {"field": "scholarship_type", "option": "code", "in": GRANT_CODES}


def test_file_fields_are_pdf_and_images_are_images():
    for definition in DEFS.values():
        for field in all_fields(definition):
            if field["type"] == "file":
                assert field["accept"] == "pdf"
    assert engine.accept_for({"type": "image"})["extensions"] == [".webp", ".jpeg", ".jpg", ".png"]


def test_definitions_are_json_serialisable_for_the_client():
    for definition in DEFS.values():
        assert json.loads(json.dumps(definition)) == definition
