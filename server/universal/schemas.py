"""Per-model marshmallow schemas for /universal, generated from the registry declarations (models_registry).

For every registered model M: MRead, MCreate, MUpdate, MFilters, MParams, MFindRequest, MFindPaginateRequest,
MCreateRequest, MCreateListRequest, MUpdateRequest, MDeleteRequest, MListResponse and MItemResponse.
They validate the bodies (unknown keys are refused: no mass assignment) and document every endpoint in OpenAPI.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from marshmallow import Schema, ValidationError, fields, validates_schema

from ..common_schemas import BaseSchema
from ..errors import LocalizedMessage
from .binding import INT32, INT64, FieldInfo, ResolvedModel, relation_target, resolved

MAX_PAGE = 1_000_000
# ---------------------------------------------------------------------------------------------- validators


def _no_nul(value: str) -> None:
    if "\x00" in value:
        raise ValidationError(LocalizedMessage("validation.invalid_input"))


def _is_storage_limit(bound) -> bool:
    return bound is not None and abs(bound) >= INT32


def bounds_validator(lo, hi):
    """Rejects values outside [lo, hi] naming the bound that was crossed; a range is shown only when both bounds
    are ones a person chose (a column's storage limit is named only when it is the one exceeded)."""

    def check(value):
        if value is None or ((lo is None or value >= lo) and (hi is None or value <= hi)):
            return
        show_lo = lo is not None and not _is_storage_limit(lo)
        show_hi = hi is not None and not _is_storage_limit(hi)
        if show_lo and show_hi:
            raise ValidationError(LocalizedMessage("validation.range", min=lo, max=hi))
        if lo is not None and value < lo:
            raise ValidationError(LocalizedMessage("validation.min", min=lo))
        raise ValidationError(LocalizedMessage("validation.max", max=hi))

    return check


def text_validator(info: FieldInfo):
    def check(value):
        if value is None:
            return
        _no_nul(value)
        if info.non_blank and not value.strip():
            raise ValidationError(LocalizedMessage("validation.blank"))
        if info.max_length and len(value) > info.max_length:
            raise ValidationError(LocalizedMessage("validation.max_length", max=info.max_length))
        if info.choices and value not in info.choices:
            raise ValidationError(LocalizedMessage("validation.choices", choices=", ".join(info.choices)))
        if info.pattern and not re.fullmatch(info.pattern, value):
            raise ValidationError(LocalizedMessage(info.pattern_message))

    return check


def friendly_bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    """Column limits are enforced but not shown as a range when they are only the storage limits."""
    lo = info.min if info.min is not None and info.min > -INT32 - 1 else None
    hi = info.max if info.max is not None and info.max < INT32 else None
    return lo, hi


def marshmallow_field(info: FieldInfo, *, required: bool = False, for_write: bool = True) -> fields.Field:
    kwargs: dict = {"required": required, "allow_none": info.nullable or not for_write}
    metadata: dict = {}
    if info.type == "integer":
        lo, hi = friendly_bounds(info)
        if lo is not None:
            metadata["minimum"] = lo
        if hi is not None:
            metadata["maximum"] = hi
        return fields.Integer(strict=True, validate=bounds_validator(info.min, info.max), metadata=metadata, **kwargs)
    if info.type in ("string", "text"):
        if info.max_length:
            metadata["maxLength"] = info.max_length
        if info.non_blank:
            metadata["minLength"] = 1
        if info.choices:
            metadata["enum"] = list(info.choices)
        if info.pattern:
            metadata["pattern"] = f"^{info.pattern}$"
        return fields.String(validate=text_validator(info), metadata=metadata, **kwargs)
    if info.type == "boolean":
        return fields.Boolean(**kwargs)
    if info.type == "json":
        return fields.Dict(keys=fields.String(), **kwargs)
    if info.type == "datetime":
        return fields.DateTime(**kwargs)
    raise TypeError(info.type)


# ---------------------------------------------------------------------------------------------- schema builders


class IdFilter(BaseSchema):
    """update and delete act on exactly one row, named by id (no accidental bulk writes)."""

    id = fields.Integer(required=True, strict=True, validate=bounds_validator(1, INT64))


class NonEmptyUpdate(BaseSchema):
    @validates_schema
    def _not_empty(self, data, **kwargs):
        if not data:
            raise ValidationError(LocalizedMessage("universal.update_empty"))


def _schema(name: str, attrs: dict, base=BaseSchema) -> type[Schema]:
    return type(name, (base,), {**attrs, "__module__": __name__})


def filter_attr(key: str) -> str:
    return key.replace(".", "__")


OPERATOR_HELP = (
    "A value means eq (null means is_null, a list means in); or an object {{operator: value}} with operators: {ops}."
)
ILIKE_HELP = " ilike matches a case-insensitive substring; % and _ match literally."


def read_schema(rm: ResolvedModel) -> type[Schema]:
    attrs = {name: marshmallow_field(info, for_write=False) for name, info in rm.fields.items()}
    for relation in rm.declaration.includes:
        target = relation_target(rm.name, relation.name)
        inc = _schema(
            f"{rm.name}{relation.name.title().replace('_', '')}Include",
            {n: marshmallow_field(target.fields[n], for_write=False) for n in relation.fields},
            Schema,
        )
        nested = fields.Nested(inc, allow_none=True)
        attrs[relation.name] = fields.List(nested) if relation.many else nested
    return _schema(f"{rm.name}Record", attrs, Schema)


# Read fields whose marshmallow output is the row's value itself when the value already has the field's type (as
# dao.page's column values do): Integer → int(v), String → str(v), Boolean and Raw → v, Dict → a copy of v.
_SAME_AS_VALUE = (fields.Integer, fields.String, fields.Boolean, fields.Dict, fields.Raw)


class Rows(fields.List):
    """The `list` of a list answer: the output (and OpenAPI description) of List(Nested(read)), made faster.

    Marshmallow dumps a page field by field through accessor, type check and conversion, which was a third of a
    reference search's CPU while every column value already has its field's type. Here values of such fields
    (_SAME_AS_VALUE) are copied as they are, and only the others (datetimes, included relations) go through their
    marshmallow field; keys that are not fields of the read schema are dropped, as marshmallow drops them.
    tests/unit/test_universal_rows_dump.py checks both give the same answer for every registered model."""

    def __init__(self, read: type[Schema], **kwargs):
        super().__init__(fields.Nested(read), **kwargs)
        self._converters: dict | None = None

    def _converters_of(self) -> dict:
        if self._converters is None:  # a race only builds the same dict twice
            schema = self.inner.schema
            self._converters = {
                name: None if type(field) in _SAME_AS_VALUE else field for name, field in schema.fields.items()
            }
        return self._converters

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        converters = self._converters_of()
        out = []
        for row in value:
            item = {}
            for key, cell in row.items():
                if key not in converters:
                    continue
                field = converters[key]
                item[key] = cell if field is None or cell is None else field.serialize(key, row)
            out.append(item)
        return out


@dataclass
class ModelSchemas:
    read: type[Schema]
    create: type[Schema]
    update: type[Schema]
    find: type[Schema]
    find_paginate: type[Schema]
    create_request: type[Schema]
    create_list_request: type[Schema]
    update_request: type[Schema]
    delete_request: type[Schema]
    list_response: type[Schema]
    item_response: type[Schema]
    filter_keys: dict[str, str]  # marshmallow attribute -> filter key


@cache
def schemas_for(name: str) -> ModelSchemas:
    rm = resolved(name)
    d = rm.declaration
    read = read_schema(rm)
    create = _schema(
        f"{name}Create", {n: marshmallow_field(rm.fields[n], required=rm.fields[n].required) for n in d.create}
    )
    update = _schema(f"{name}Update", {n: marshmallow_field(rm.fields[n]) for n in d.update}, NonEmptyUpdate)
    filter_keys = {filter_attr(key): key for key in d.filters}
    filters = _schema(
        f"{name}Filters",
        {
            filter_attr(key): fields.Raw(
                data_key=key,
                allow_none=True,
                metadata={
                    "description": OPERATOR_HELP.format(ops=", ".join(ops)) + (ILIKE_HELP if "ilike" in ops else "")
                },
            )
            for key, ops in d.filters.items()
        },
    )
    params = _schema(
        f"{name}Params",
        {
            "order": fields.Raw(
                metadata={
                    "description": "List of sort keys: 'field' / '-field' or ['field', 'ASC'|'DESC']. Sortable: "
                    + ", ".join(d.sortable)
                }
            ),
            "include": fields.Raw(
                metadata={
                    "description": "List of relation names (depth 1). Includable: "
                    + (", ".join(r.name for r in d.includes) or "none")
                }
            ),
        },
    )
    find = _schema(
        f"{name}FindRequest",
        {
            "filters": fields.Nested(filters, load_default=dict),
            "params": fields.Nested(params, load_default=dict),
        },
    )
    paginate = _schema(
        f"{name}Paginate",
        {
            "page": fields.Integer(strict=True, load_default=1, validate=bounds_validator(1, MAX_PAGE)),
            "size": fields.Integer(
                strict=True,
                load_default=d.default_page_size,
                validate=bounds_validator(1, d.page_size_cap),
                metadata={"minimum": 1, "maximum": d.page_size_cap},
            ),
        },
    )
    find_paginate = _schema(
        f"{name}FindPaginateRequest",
        {
            "filters": fields.Nested(filters, load_default=dict),
            "params": fields.Nested(params, load_default=dict),
            "paginate": fields.Nested(paginate, load_default=lambda: {"page": 1, "size": d.default_page_size}),
        },
    )
    create_request = _schema(f"{name}CreateRequest", {"create": fields.Nested(create, required=True)})
    create_list_request = _schema(
        f"{name}CreateListRequest",
        {"create": fields.List(fields.Nested(create), required=True, validate=_list_length(1, d.page_size_cap))},
    )
    update_request = _schema(
        f"{name}UpdateRequest",
        {"update": fields.Nested(update, required=True), "filters": fields.Nested(IdFilter, required=True)},
    )
    delete_request = _schema(f"{name}DeleteRequest", {"filters": fields.Nested(IdFilter, required=True)})
    list_response = _schema(f"{name}ListResponse", {"list": Rows(read), "total": fields.Integer()}, Schema)
    item_response = _schema(f"{name}ItemResponse", {"success": fields.Boolean(), "item": fields.Nested(read)}, Schema)
    return ModelSchemas(
        read,
        create,
        update,
        find,
        find_paginate,
        create_request,
        create_list_request,
        update_request,
        delete_request,
        list_response,
        item_response,
        filter_keys,
    )


def _list_length(lo: int, hi: int):
    def check(value):
        if not lo <= len(value) <= hi:
            raise ValidationError(LocalizedMessage("validation.list_length", min=lo, max=hi))

    return check


# ---------------------------------------------------------------------------------------------- metadata shapes


class FieldMeta(Schema):
    name = fields.String()
    type = fields.String(metadata={"enum": ["integer", "string", "text", "boolean", "json", "datetime"]})
    label_key = fields.String()
    label = fields.String()
    readable = fields.Boolean()
    creatable = fields.Boolean()
    updatable = fields.Boolean()
    required = fields.Boolean()
    nullable = fields.Boolean()
    min = fields.Integer(allow_none=True)
    max = fields.Integer(allow_none=True)
    max_length = fields.Integer(allow_none=True)
    choices = fields.List(fields.String(), allow_none=True)
    references = fields.String(allow_none=True)
    default = fields.Raw(allow_none=True)
    format = fields.String(allow_none=True, metadata={"enum": ["money"], "description": "how clients show the value"})
    filter_operators = fields.List(fields.String())
    sortable = fields.Boolean()


class FilterMeta(Schema):
    key = fields.String()
    type = fields.String()
    operators = fields.List(fields.String())


class RelationMeta(Schema):
    name = fields.String()
    label_key = fields.String()
    label = fields.String()
    model = fields.String(allow_none=True)
    many = fields.Boolean()
    local = fields.String()
    remote = fields.String()
    fields_ = fields.List(fields.String(), data_key="fields")


class ModelMeta(Schema):
    name = fields.String()
    label_key = fields.String()
    label = fields.String()
    display_field = fields.String()
    primary_key = fields.String()
    fields_ = fields.List(fields.Nested(FieldMeta), data_key="fields")
    filters = fields.List(fields.Nested(FilterMeta))
    sortable = fields.List(fields.String())
    relations = fields.List(fields.Nested(RelationMeta))
    default_order = fields.List(fields.List(fields.String()))
    page_size_cap = fields.Integer()
    default_page_size = fields.Integer()
    permissions = fields.Dict(keys=fields.String(), values=fields.Boolean())
    endpoints = fields.Dict(keys=fields.String(), values=fields.String())


class MetaListResponse(Schema):
    success = fields.Boolean()
    audiences = fields.List(fields.String())
    list = fields.List(fields.Nested(ModelMeta))
    total = fields.Integer()


class MetaItemResponse(Schema):
    success = fields.Boolean()
    audiences = fields.List(fields.String())
    item = fields.Nested(ModelMeta)
