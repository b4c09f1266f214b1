"""The registry bound to the database, resolved once per request at the edge of the generic model API.

A declaration (models_registry) names its model by import path; `resolved(name)` binds it to the SQLAlchemy class
once per process: column objects, types and bounds of each declared field. `bind(name, action, caller)` is what a
request starts with: the bound model, who is calling and the action their audiences may run. The service takes
that `Binding` (it cannot be made without the permission), so no lower layer looks the model up again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import import_module

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, SmallInteger, String, Text
from sqlalchemy.types import TypeDecorator

from models_registry import ADMINS, APPLICANT, PUBLIC, REGISTRY, Field, ModelDeclaration, Relation, may, readable_by

from ..models import User
from .errors import ModelNotFound, NotAllowed

INT32 = 2**31 - 1
INT64 = 2**63 - 1
TEXT_LIMIT = 65535  # upper bound for unbounded text columns


def import_path(path: str):
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


@dataclass
class FieldInfo:
    name: str
    type: str
    column: object
    required: bool = False
    nullable: bool = False
    non_blank: bool = False
    min: int | None = None
    max: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] | None = None
    pattern: str | None = None
    pattern_message: str = "validation.pattern"
    references: str | None = None
    default: object = None
    format: str | None = None


@dataclass
class ResolvedModel:
    """A declaration bound to its SQLAlchemy class: column objects, types and bounds for each field."""

    declaration: ModelDeclaration
    cls: type
    fields: dict[str, FieldInfo] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.declaration.name

    def column(self, name: str):
        return self.fields[name].column


def _column_type(column) -> tuple[str, int | None, int | None, int | None]:
    """(type, min, max, max_length) from a column's SQL type."""
    sql_type = column.type
    if isinstance(sql_type, TypeDecorator):
        sql_type = sql_type.impl if not isinstance(sql_type.impl, type) else sql_type.impl()
    if isinstance(sql_type, Boolean):
        return "boolean", None, None, None
    if isinstance(sql_type, BigInteger):
        return "integer", -INT64, INT64, None
    if isinstance(sql_type, (Integer, SmallInteger)):
        return "integer", -INT32 - 1, INT32, None
    if isinstance(sql_type, JSON):
        return "json", None, None, None
    if isinstance(sql_type, DateTime):
        return "datetime", None, None, None
    if isinstance(sql_type, Text):
        return "text", None, None, TEXT_LIMIT
    if isinstance(sql_type, String):
        return "string", None, None, sql_type.length or TEXT_LIMIT
    raise TypeError(f"unsupported column type {sql_type!r}")


def _resolve_fields(cls, declared: tuple[Field, ...], owner: str) -> dict[str, FieldInfo]:
    table = cls.__table__
    out = {}
    for f in declared:
        if f.name not in table.c:
            raise ValueError(f"{owner}: {cls.__name__} has no column {f.name!r}")
        column = table.c[f.name]
        col_type, lo, hi, length = _column_type(column)
        kind = f.type or col_type
        out[f.name] = FieldInfo(
            name=f.name,
            type=kind,
            column=getattr(cls, f.name),
            required=f.required,
            nullable=f.nullable,
            non_blank=f.non_blank,
            min=f.min if f.min is not None else lo,
            max=f.max if f.max is not None else hi,
            max_length=min(f.max_length or length or TEXT_LIMIT, length or TEXT_LIMIT)
            if kind in ("string", "text")
            else None,
            choices=f.choices,
            pattern=f.pattern,
            pattern_message=f.pattern_message,
            references=f.references,
            default=f.default,
            format=f.format,
        )
    return out


@cache
def resolved(name: str) -> ResolvedModel:
    declaration = REGISTRY[name]
    cls = import_path(declaration.model_path)
    return ResolvedModel(declaration, cls, _resolve_fields(cls, declaration.fields, name))


@cache
def relation_target(owner: str, relation_name: str) -> ResolvedModel:
    """The related model of an include; unregistered owned rows (RoomTypeMedia) get an ad-hoc resolution."""
    relation: Relation = REGISTRY[owner].relation(relation_name)
    if relation.model is not None:
        return resolved(relation.model)
    cls = import_path(relation.model_path)
    pseudo = ModelDeclaration(
        name=f"{owner}.{relation.name}",
        model_path=relation.model_path,
        fields=tuple(Field(n) for n in {"id", *relation.fields, relation.remote}),
        read={},
        permissions={},
    )
    return ResolvedModel(pseudo, cls, _resolve_fields(cls, pseudo.fields, owner))


# ---------------------------------------------------------------------------------------------- per request


@dataclass(frozen=True)
class Caller:
    """Who is calling, as audiences: no token is the public; a token adds `applicant`, or each admin role held."""

    user: User | None
    audiences: tuple[str, ...]

    @classmethod
    def of(cls, user: User | None) -> Caller:
        if user is None:
            return cls(None, (PUBLIC,))
        roles = tuple(role for role in ADMINS if role in user.role_names)
        return cls(user, (PUBLIC, *roles) if roles else (PUBLIC, APPLICANT))


@dataclass(frozen=True)
class Binding:
    """One request's hold on one model: the bound model, the caller, and the action the caller may run."""

    model: ResolvedModel
    caller: Caller
    action: str

    @property
    def declaration(self) -> ModelDeclaration:
        return self.model.declaration

    @cached_property
    def readable(self) -> tuple[str, ...]:
        """The fields this caller may read, in declaration order."""
        return readable_by(self.model.declaration, self.caller.audiences)


def model_named(name: str) -> ResolvedModel:
    if name not in REGISTRY:
        raise ModelNotFound(name)
    return resolved(name)


def bind(name: str, action: str, caller: Caller) -> Binding:
    """The model must be declared (ModelNotFound) and the caller's audiences must hold the action (NotAllowed)."""
    model = model_named(name)
    if not may(model.declaration, action, caller.audiences):
        raise NotAllowed(signed_in=caller.user is not None)
    return Binding(model, caller, action)
