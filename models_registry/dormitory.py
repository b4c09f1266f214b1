"""Dormitory hierarchy exposed through /universal: admins only for now (read and write)."""

from __future__ import annotations

from server.models.dormitory import PRICE_PERIOD_DEFAULT, PRICE_PERIODS, ROOM_CAPACITY_MAX, ROOM_CAPACITY_MIN

from . import ADMINS, ID_OPS, NUMBER_OPS, REF_OPS, TEXT_OPS, Field, ModelDeclaration, Relation, register

ADMIN_ONLY = {"all": ADMINS, "find": ADMINS, "create": ADMINS, "update": ADMINS, "delete": ADMINS}


def _admins_read(fields: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {role: fields for role in ADMINS}


# `name` is the Russian name (required); Kazakh and English are optional and fall back to it (decision 0073).
TRANSLATED_NAMES = ("name_kk", "name_en")


def _translated_names() -> tuple[Field, ...]:
    return tuple(Field(n, default="") for n in TRANSLATED_NAMES)


def _node(name: str, parent_field: str | None, parent_model: str | None, includes=(), **extra) -> ModelDeclaration:
    """Hall, Building, Floor and Section share one shape: names in three languages, order, parent id."""
    fields = [Field("id"), Field("name", required=True, non_blank=True), *_translated_names()]
    filters = {"id": ID_OPS, "name": TEXT_OPS, **{n: TEXT_OPS for n in TRANSLATED_NAMES}}
    writable = ["name", *TRANSLATED_NAMES]
    if parent_field:
        fields += [Field("order", default=0), Field(parent_field, required=True, references=parent_model)]
        filters.update({"order": NUMBER_OPS, parent_field: ("eq", "in")})
        writable += ["order", parent_field]
    names = tuple(f.name for f in fields)
    return ModelDeclaration(
        name=name,
        model_path=f"server.models.dormitory:{name}",
        fields=tuple(fields),
        read=_admins_read(names),
        create=tuple(writable),
        update=tuple(writable),
        filters=filters,
        sortable=("id", "name", "order") if parent_field else ("id", "name"),
        includes=tuple(includes),
        default_order=("order", "id") if parent_field else ("name", "id"),
        permissions=ADMIN_ONLY,
        **extra,
    )


HALL = ("id", "name", *TRANSLATED_NAMES)
NODE = ("id", "name", *TRANSLATED_NAMES, "order")
register(
    _node(
        "Hall",
        None,
        None,
        includes=(
            Relation("buildings", "Building", (*NODE, "hall_id"), remote="hall_id", many=True, order=("order", "id")),
        ),
    )
)
register(
    _node(
        "Building",
        "hall_id",
        "Hall",
        includes=(
            Relation("hall", "Hall", HALL, local="hall_id"),
            Relation("floors", "Floor", (*NODE, "building_id"), remote="building_id", many=True, order=("order", "id")),
        ),
    )
)
register(
    _node(
        "Floor",
        "building_id",
        "Building",
        includes=(
            Relation("building", "Building", (*NODE, "hall_id"), local="building_id"),
            Relation("sections", "Section", (*NODE, "floor_id"), remote="floor_id", many=True, order=("order", "id")),
        ),
    )
)
ROOM = ("id", "name", "order", "section_id", "room_type_id", "assigned_gender_id", "external_reserved_places")
register(
    _node(
        "Section",
        "floor_id",
        "Floor",
        includes=(
            Relation("floor", "Floor", (*NODE, "building_id"), local="floor_id"),
            Relation("rooms", "SectionRoom", ROOM, remote="section_id", many=True, order=("order", "id")),
        ),
    )
)

ROOM_TYPE = ("id", "name", *TRANSLATED_NAMES, "capacity", "price", "price_period")
register(
    ModelDeclaration(
        name="RoomType",
        model_path="server.models.dormitory:RoomType",
        fields=(
            Field("id"),
            Field("name", required=True, non_blank=True),
            *_translated_names(),
            Field("capacity", required=True, min=ROOM_CAPACITY_MIN, max=ROOM_CAPACITY_MAX),
            Field("price", required=True, min=0, format="money"),
            # what one price pays for, shown next to every price (decision 0088)
            Field("price_period", choices=PRICE_PERIODS, default=PRICE_PERIOD_DEFAULT),
        ),  # integer tenge
        read=_admins_read(ROOM_TYPE),
        create=ROOM_TYPE[1:],
        update=ROOM_TYPE[1:],
        filters={
            "id": ID_OPS,
            "name": TEXT_OPS,
            **{n: TEXT_OPS for n in TRANSLATED_NAMES},
            "capacity": NUMBER_OPS,
            "price": NUMBER_OPS,
            "price_period": ("eq", "in"),
        },
        sortable=("id", "name", "capacity", "price"),
        includes=(
            Relation(
                "media",
                None,
                ("id", "file_name", "content_type", "size", "created_at"),
                remote="room_type_id",
                many=True,
                model_path="server.models.dormitory:RoomTypeMedia",
            ),
        ),
        default_order=("name", "id"),
        permissions=ADMIN_ONLY,
        validators=("server.universal.rules:room_type_capacity_covers_reservations",),
        guards=("server.universal.rules:room_type_capacity_covers_occupants",),
        owned=("media",),
    )
)

register(
    ModelDeclaration(
        name="SectionRoom",
        model_path="server.models.dormitory:SectionRoom",
        fields=(
            Field("id"),
            Field("name", required=True, non_blank=True),
            Field("order", default=0),
            Field("section_id", required=True, references="Section"),
            Field("room_type_id", required=True, references="RoomType"),
            Field("assigned_gender_id", nullable=True, references="Gender"),
            Field("external_reserved_places", min=0, max=ROOM_CAPACITY_MAX, default=0),
        ),
        read=_admins_read(ROOM),
        create=ROOM[1:],
        update=ROOM[1:],
        filters={
            "id": ID_OPS,
            "name": TEXT_OPS,
            "order": NUMBER_OPS,
            "section_id": ("eq", "in"),
            "room_type_id": ("eq", "in"),
            "assigned_gender_id": REF_OPS,
            "external_reserved_places": NUMBER_OPS,
        },
        sortable=("id", "name", "order", "external_reserved_places"),
        includes=(
            Relation("section", "Section", (*NODE, "floor_id"), local="section_id"),
            Relation("room_type", "RoomType", ROOM_TYPE, local="room_type_id"),
            Relation(
                "assigned_gender", "Gender", ("id", "code", "name_ru", "name_en", "name_kk"), local="assigned_gender_id"
            ),
        ),
        default_order=("order", "id"),
        permissions=ADMIN_ONLY,
        validators=("server.universal.rules:reserved_places_within_capacity",),
        guards=("server.universal.rules:occupied_room_keeps_its_places",),
    )
)
