"""Declarations of every model exposed through /api/v1/universal (design §3, req §7 "Generic model API").

Declarations only: model classes are named by import path ("package.module:Class") and resolved lazily by the
server, so this package never imports create_app; it takes the domain constants (role names, program kinds, bounds)
from the model modules that define them. One `ModelDeclaration` per exposed model states:

- `fields`: every field the API knows about, with its write rules (required, bounds, non-blank, parent reference);
  the field type is taken from the model column unless given;
- `read`: readable fields per audience (PUBLIC applies to everyone, APPLICANT to any signed-in non-admin,
  and each admin role string to holders of that role); a caller reads the union of its audiences;
- `create` / `update`: writable fields per action (anything else in a body is refused: no mass assignment);
- `filters`: filterable keys and their operators (a dotted key such as "additional_data.parent_id" is a JSON key);
- `sortable`, `includes` (depth 1, each relation with its own field allow-list), `default_order`, page caps;
- `permissions`: which audiences may run each action (all, find, create, update, delete);
- `scopes`: per audience, a server-side row filter (import path of `fn(model_class) -> SQL clause`; it may depend
  on the model only, never on the caller or the request: list statements are cached per scope path) that is ANDed
  with whatever the caller asks for. A caller sees the union, over its audiences that hold the `find` (or `all`)
  permission, of that audience's scope (no scope = every row); audiences without the permission add nothing;
- `validators`: import paths of cross-field rules `fn(values, row) -> {field: [messages]}` run by the service;
- `guards`: import paths of rules of the same shape that hold the row's *state* rather than its values (an occupied
  room keeps its gender): run after the validators pass, they may lock what they count, and their refusal is a 409;
- `derived`: import paths of `fn(values, row) -> {field: value}`: fields the server computes from the written
  values (for example a KATO node's parent and level follow from its code); they are never writable themselves
  and are computed before the validators run;
- `json_referrers`: `JsonReference(model, "column.key")` entries naming rows that keep this model's id inside a
  JSON column; like foreign keys, they block deletion with 409;
- `owned`: relationship names whose rows are deleted together with the row (everything else that references the
  row blocks deletion with 409).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from server.models.user import ADMIN_ROLES

PUBLIC = "public"
APPLICANT = "applicant"
ADMINS: tuple[str, ...] = ADMIN_ROLES
AUDIENCES: tuple[str, ...] = (PUBLIC, APPLICANT, *ADMINS)
EVERYONE: tuple[str, ...] = (PUBLIC,)

# Actions: "find" covers find and find-paginate; "create" covers create and create-list.
ACTIONS: tuple[str, ...] = ("all", "find", "create", "update", "delete")
ENDPOINT_ACTIONS: dict[str, str] = {
    "all": "all",
    "find": "find",
    "find-paginate": "find",
    "create": "create",
    "create-list": "create",
    "update": "update",
    "delete": "delete",
}

OPERATORS: tuple[str, ...] = ("eq", "ne", "in", "gt", "gte", "lt", "lte", "ilike", "is_null")
ID_OPS = ("eq", "ne", "in")
REF_OPS = ("eq", "ne", "in", "is_null")
NUMBER_OPS = ("eq", "ne", "in", "gt", "gte", "lt", "lte")
TEXT_OPS = ("eq", "ne", "in", "ilike")
JSON_KEY_OPS = ("eq", "ne", "in", "is_null")

FIELD_TYPES = ("integer", "string", "text", "boolean", "json", "datetime")
FIELD_FORMATS = ("money",)


@dataclass(frozen=True)
class Field:
    name: str
    type: str | None = None  # one of FIELD_TYPES; None = taken from the model column
    required: bool = False  # on create
    nullable: bool = False  # may be set to null
    non_blank: bool = False  # text: non-empty after trimming
    min: int | None = None
    max: int | None = None
    max_length: int | None = None  # None = the column's length
    choices: tuple[str, ...] | None = None
    pattern: str | None = None  # text: the whole value must match this regular expression
    pattern_message: str = "validation.pattern"  # catalogue key of the message when it does not
    references: str | None = None  # registry model name of the parent row, which must exist
    default: object = None  # shown to clients as the create form's initial value
    format: str | None = None  # how clients show the value: "money" = integer tenge (formatMoney in the client)

    def __post_init__(self):
        if self.type is not None and self.type not in FIELD_TYPES:
            raise ValueError(f"{self.name}: unknown field type {self.type!r}")
        if self.format is not None and self.format not in FIELD_FORMATS:
            raise ValueError(f"{self.name}: unknown field format {self.format!r}")


@dataclass(frozen=True)
class Relation:
    """A depth-1 include: rows of the target whose `remote` field equals this row's `local` field."""

    name: str
    model: str | None  # registry model name of the related rows (the caller must be allowed to find it);
    # None = rows owned by this model and not exposed on their own: readable by whoever may find the parent
    fields: tuple[str, ...]  # allow-list of fields returned for the related rows
    local: str = "id"
    remote: str = "id"
    many: bool = False
    model_path: str | None = None  # required when model is None
    order: tuple[str, ...] = ("id",)  # for many relations; fields of the target


@dataclass(frozen=True)
class JsonReference:
    """Rows of `model` whose JSON key `key` ("additional_data.parent_id") holds the id of a row of the declaring
    model: deleting a row they point at is refused with 409, like a foreign key."""

    model: str
    key: str


@dataclass(frozen=True)
class ModelDeclaration:
    name: str
    model_path: str  # "package.module:Class"
    fields: tuple[Field, ...]
    read: dict[str, tuple[str, ...]]  # audience -> readable fields
    permissions: dict[str, tuple[str, ...]]  # action -> audiences allowed
    create: tuple[str, ...] = ()
    update: tuple[str, ...] = ()
    filters: dict[str, tuple[str, ...]] = field(default_factory=dict)  # key -> operators
    sortable: tuple[str, ...] = ("id",)
    includes: tuple[Relation, ...] = ()
    default_order: tuple[str, ...] = ("id",)  # "name" ascending, "-name" descending
    page_size_cap: int = 100
    default_page_size: int = 20
    scopes: dict[str, str] = field(default_factory=dict)  # audience -> "module:function"
    validators: tuple[str, ...] = ()  # "module:function"
    guards: tuple[str, ...] = ()  # "module:function": the rows that depend on this one forbid the change (409)
    derived: tuple[str, ...] = ()  # "module:function" computing server-owned fields on create/update
    owned: tuple[str, ...] = ()  # relationship names deleted along with the row
    json_referrers: tuple[JsonReference, ...] = ()  # rows that hold this row's id inside a JSON column
    display_field: str = "name"

    @property
    def label_key(self) -> str:
        return f"resources.{self.name}.name"

    def field_label_key(self, name: str) -> str:
        return f"resources.{self.name}.fields.{name}"

    @property
    def field_map(self) -> dict[str, Field]:
        return {f.name: f for f in self.fields}

    def relation(self, name: str) -> Relation | None:
        return next((r for r in self.includes if r.name == name), None)

    def check(self) -> None:
        """Internal consistency; raises ValueError so a bad declaration fails at import, not on a request."""
        known = self.field_map
        for audience, names in self.read.items():
            if audience not in AUDIENCES:
                raise ValueError(f"{self.name}: unknown audience {audience!r}")
            for n in names:
                if n not in known:
                    raise ValueError(f"{self.name}: readable field {n!r} is not declared")
        for n in (*self.create, *self.update, *self.sortable):
            if n not in known:
                raise ValueError(f"{self.name}: field {n!r} is not declared")
        for key, ops in self.filters.items():
            if key.split(".", 1)[0] not in known:
                raise ValueError(f"{self.name}: filter {key!r} names an undeclared field")
            for op in ops:
                if op not in OPERATORS:
                    raise ValueError(f"{self.name}: unknown operator {op!r}")
        for action, audiences in self.permissions.items():
            if action not in ACTIONS:
                raise ValueError(f"{self.name}: unknown action {action!r}")
            for audience in audiences:
                if audience not in AUDIENCES:
                    raise ValueError(f"{self.name}: unknown audience {audience!r}")
        for name in self.default_order:
            if name.lstrip("-") not in self.sortable:
                raise ValueError(f"{self.name}: default order {name!r} is not sortable")
        if "id" not in known:
            raise ValueError(f"{self.name}: an 'id' field is required")
        if not 0 < self.default_page_size <= self.page_size_cap:
            raise ValueError(f"{self.name}: default page size must be within the cap")


REGISTRY: dict[str, ModelDeclaration] = {}


def register(declaration: ModelDeclaration) -> ModelDeclaration:
    declaration.check()
    if declaration.name in REGISTRY:
        raise ValueError(f"{declaration.name} is declared twice")
    REGISTRY[declaration.name] = declaration
    return declaration


def readable_by(declaration: ModelDeclaration, audiences) -> tuple[str, ...]:
    """Union of the readable fields of the given audiences, in declaration order."""
    allowed: set[str] = set()
    for audience in audiences:
        allowed.update(declaration.read.get(audience, ()))
    return tuple(f.name for f in declaration.fields if f.name in allowed)


def may(declaration: ModelDeclaration, action: str, audiences) -> bool:
    return bool(set(declaration.permissions.get(action, ())) & set(audiences))


def _load() -> None:
    from . import chat, dormitory, reference  # noqa: F401  (each module registers its declarations)

    for declaration in REGISTRY.values():
        for relation in declaration.includes:
            if relation.model is None:
                continue
            target = REGISTRY.get(relation.model)
            if target is None:
                raise ValueError(f"{declaration.name}.{relation.name}: unknown model {relation.model}")
            for n in relation.fields:
                if n not in target.field_map:
                    raise ValueError(f"{declaration.name}.{relation.name}: {relation.model} has no field {n!r}")
        for f in declaration.fields:
            if f.references and f.references not in REGISTRY:
                raise ValueError(f"{declaration.name}.{f.name}: unknown parent model {f.references}")
        for ref in declaration.json_referrers:
            referrer = REGISTRY.get(ref.model)
            base, _, json_key = ref.key.partition(".")
            if referrer is None or not json_key or base not in referrer.field_map:
                raise ValueError(f"{declaration.name}: bad JSON reference {ref.model}.{ref.key}")


_load()
