"""Declarations of every model exposed through /api/v1/universal (DESIGN §3).

Declarations only: model classes are named by import path and resolved lazily by the server,
so this package never imports create_app.
"""
from __future__ import annotations

from dataclasses import dataclass, field

PUBLIC = "public"


@dataclass(frozen=True)
class ModelDeclaration:
    name: str
    model_path: str  # "package.module:Class"
    read_fields: dict[str, tuple[str, ...]]  # audience -> readable fields; PUBLIC applies to everyone
    default_order: tuple[str, ...] = ("id",)
    page_size_cap: int = 100
    actions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # action -> audiences allowed


REGISTRY: dict[str, ModelDeclaration] = {}


def register(declaration: ModelDeclaration) -> ModelDeclaration:
    REGISTRY[declaration.name] = declaration
    return declaration


register(ModelDeclaration(
    name="Citizenship",
    model_path="server.models.reference:Citizenship",
    read_fields={PUBLIC: ("id", "code", "name_ru", "name_en", "name_kk", "order")},
    default_order=("order", "name_ru"),
    page_size_cap=500,
    actions={"all": (PUBLIC,)},
))
