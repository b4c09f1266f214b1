"""Reference data exposed through /universal: readable by anyone, written by admins only."""

from __future__ import annotations

from server.models.reference import (
    DEGREES,
    INSTITUTION_TYPES,
    KATO_LEVEL_REGION,
    KATO_LEVEL_REPUBLIC,
    KATO_LEVEL_SETTLEMENT,
    PROGRAM_KINDS,
)

from . import (
    ADMINS,
    EVERYONE,
    ID_OPS,
    JSON_KEY_OPS,
    NUMBER_OPS,
    PUBLIC,
    REF_OPS,
    TEXT_OPS,
    Field,
    JsonReference,
    ModelDeclaration,
    Relation,
    register,
)

READ_ANYONE = {"all": EVERYONE, "find": EVERYONE, "create": ADMINS, "update": ADMINS, "delete": ADMINS}
NAMES = ("name_ru", "name_en", "name_kk")


def _names(required: bool = True) -> tuple[Field, ...]:
    # Kazakh and English fall back to Russian when empty (design §6, issue 10; decision 0073): only ru is required.
    return (
        Field("name_ru", required=required, non_blank=True),
        Field("name_en", default=""),
        Field("name_kk", default=""),
    )


def _everyone_reads(fields: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {PUBLIC: fields}


CITIZENSHIP_FIELDS = ("id", "code", *NAMES, "order", "selectable")
register(
    ModelDeclaration(
        name="Citizenship",
        model_path="server.models.reference:Citizenship",
        fields=(
            Field("id"),
            Field("code", required=True, non_blank=True),
            *_names(),
            Field("order", default=1000),
            Field("selectable", default=True),
        ),
        read=_everyone_reads(CITIZENSHIP_FIELDS),
        create=("code", *NAMES, "order", "selectable"),
        update=("code", *NAMES, "order", "selectable"),
        filters={
            "id": ID_OPS,
            "code": ("eq", "in"),
            **{n: TEXT_OPS for n in NAMES},
            "order": NUMBER_OPS,
            "selectable": ("eq",),
        },
        sortable=("id", "code", *NAMES, "order"),
        default_order=("order", "name_ru"),
        page_size_cap=500,
        default_page_size=50,
        permissions=READ_ANYONE,
        display_field="name_ru",
    )
)

register(
    ModelDeclaration(
        name="Gender",
        model_path="server.models.reference:Gender",
        fields=(Field("id"), Field("code", required=True, non_blank=True), *_names()),
        read=_everyone_reads(("id", "code", *NAMES)),
        create=("code", *NAMES),
        update=("code", *NAMES),
        filters={"id": ID_OPS, "code": ("eq", "in"), **{n: TEXT_OPS for n in NAMES}},
        sortable=("id", "code", *NAMES),
        default_order=("id",),
        permissions=READ_ANYONE,
        display_field="name_ru",
    )
)

register(
    ModelDeclaration(
        name="StudyProgram",
        model_path="server.models.reference:StudyProgram",
        fields=(
            Field("id"),
            Field("code", required=True, non_blank=True),
            Field("degree", required=True, choices=DEGREES),
            Field("kind", required=True, choices=PROGRAM_KINDS),
            *_names(),
            Field("order", default=0),
            Field("additional_data", default={}),
        ),
        read=_everyone_reads(("id", "code", "degree", "kind", *NAMES, "order", "additional_data")),
        create=("code", "degree", "kind", *NAMES, "order", "additional_data"),
        update=("code", "degree", "kind", *NAMES, "order", "additional_data"),
        filters={
            "id": ID_OPS,
            "code": ("eq", "in"),
            "degree": ("eq", "in"),
            "kind": ("eq", "in"),
            **{n: TEXT_OPS for n in NAMES},
            "order": NUMBER_OPS,
        },
        sortable=("id", "code", *NAMES, "order"),
        default_order=("order", "id"),
        page_size_cap=200,
        # Hidden programs (additional_data.is_hidden) are not offered to applicants; admins see them all.
        permissions={**READ_ANYONE, "all": (PUBLIC, *ADMINS), "find": (PUBLIC, *ADMINS)},
        scopes={PUBLIC: "server.universal.scopes:visible_study_programs"},
        json_referrers=(JsonReference("SelectOption", "additional_data.study_program_id"),),
        display_field="name_ru",
    )
)

register(
    ModelDeclaration(
        name="SelectOption",
        model_path="server.models.reference:SelectOption",
        fields=(
            Field("id"),
            Field("type", required=True, non_blank=True),
            Field("code", required=True, non_blank=True),
            *_names(),
            Field("order", default=0),
            Field("additional_data", default={}),
            Field("additional_count", min=0, default=0),
        ),
        read=_everyone_reads(("id", "type", "code", *NAMES, "order", "additional_data", "additional_count")),
        create=("type", "code", *NAMES, "order", "additional_data", "additional_count"),
        update=("type", "code", *NAMES, "order", "additional_data", "additional_count"),
        filters={
            "id": ID_OPS,
            "type": ("eq", "ne", "in"),
            "code": ("eq", "in"),
            **{n: TEXT_OPS for n in NAMES},
            "order": NUMBER_OPS,
            "additional_count": NUMBER_OPS,
            "additional_data.parent_id": JSON_KEY_OPS,
            "additional_data.study_program_id": JSON_KEY_OPS,
        },
        sortable=("id", "type", *NAMES, "order"),
        default_order=("order", "id"),
        page_size_cap=500,
        default_page_size=50,
        permissions=READ_ANYONE,
        # Options that depend on another option (a language certificate on its language) name it by parent_id.
        json_referrers=(JsonReference("SelectOption", "additional_data.parent_id"),),
        display_field="name_ru",
    )
)

KATO_FIELDS = ("id", "code", *NAMES, "parent_id", "level")
register(
    ModelDeclaration(
        name="Kato",
        model_path="server.models.reference:Kato",
        fields=(
            Field("id"),
            Field("code", required=True, non_blank=True, pattern=r"[0-9]{9}", pattern_message="validation.kato_code"),
            Field("name_ru", required=True, non_blank=True),
            Field("name_en", default=""),
            Field("name_kk", default=""),
            Field("parent_id", nullable=True, references="Kato"),
            Field("level", min=KATO_LEVEL_REPUBLIC, max=KATO_LEVEL_SETTLEMENT, default=KATO_LEVEL_REGION),
        ),
        read=_everyone_reads(KATO_FIELDS),
        # parent_id and level follow from the code (as in import-kato and the seed), so they are not writable.
        create=("code", *NAMES),
        update=("code", *NAMES),
        filters={
            "id": ID_OPS,
            "code": ("eq", "in", "ilike"),
            **{n: TEXT_OPS for n in NAMES},
            "parent_id": REF_OPS,
            "level": NUMBER_OPS,
        },
        sortable=("id", "code", *NAMES, "level"),
        includes=(
            Relation("parent", "Kato", KATO_FIELDS, local="parent_id"),
            Relation("children", "Kato", KATO_FIELDS, remote="parent_id", many=True, order=("name_ru", "id")),
        ),
        default_order=("name_ru", "id"),
        page_size_cap=500,
        default_page_size=50,
        permissions=READ_ANYONE,
        derived=("server.universal.rules:kato_tree_position",),
        validators=("server.universal.rules:kato_parent_not_self",),
        display_field="name_ru",
    )
)

register(
    ModelDeclaration(
        name="EducationalInstitution",
        model_path="server.models.reference:EducationalInstitution",
        fields=(
            Field("id"),
            Field("name", required=True, non_blank=True),
            Field("region", required=True, non_blank=True),
            Field("district", default=""),
            Field("address", default=""),
            Field("type", choices=INSTITUTION_TYPES, default="school"),
            Field("kato_id", nullable=True, references="Kato"),
        ),
        read=_everyone_reads(("id", "name", "region", "district", "address", "type", "kato_id")),
        create=("name", "region", "district", "address", "type", "kato_id"),
        update=("name", "region", "district", "address", "type", "kato_id"),
        filters={
            "id": ID_OPS,
            "name": TEXT_OPS,
            "region": TEXT_OPS,
            "district": TEXT_OPS,
            "type": ("eq", "in"),
            "kato_id": REF_OPS,
        },
        sortable=("id", "name", "region", "district", "type"),
        includes=(Relation("kato", "Kato", KATO_FIELDS, local="kato_id"),),
        default_order=("name", "id"),
        page_size_cap=100,
        permissions=READ_ANYONE,
    )
)
