"""The vocabulary of the transition table: where a transition may start, what it sets, and what it may be given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ...models import Application, User

ANY = None  # a From dimension that is not restricted


@dataclass(frozen=True)
class From:
    """The states a transition may start from; each dimension left ANY is not checked.

    `new` is the creation of an application (a row not stored yet); every other transition needs a stored row."""

    steps: tuple[int, ...] | None = ANY
    statuses: tuple[int | None, ...] | None = ANY
    financing: tuple[str, ...] | None = ANY
    new: bool = False

    def matches(self, application: Application) -> bool:
        if self.new or application.id is None:
            return self.new and application.id is None
        return (
            (self.steps is ANY or application.current_step in self.steps)
            and (self.statuses is ANY or application.status in self.statuses)
            and (self.financing is ANY or application.financing in self.financing)
        )

    def describe(self) -> str:
        if self.new:
            return "new application"
        parts = []
        if self.steps is not ANY:
            parts.append("step " + "/".join(map(str, self.steps)))
        if self.statuses is not ANY:
            parts.append("status " + "/".join("null" if s is None else str(s) for s in self.statuses))
        if self.financing is not ANY:
            parts.append("financing " + "/".join(self.financing))
        return ", ".join(parts) or "any"


@dataclass(frozen=True)
class Context:
    """Everything a guard or a target function may look at."""

    application: Application
    owner: User
    population: str | None
    role: str
    data: dict
    now: datetime


@dataclass(frozen=True)
class Sets:
    """A fixed target: the fields and values the transition writes."""

    values: dict = field(default_factory=dict)

    def __call__(self, ctx: Context) -> dict:
        return dict(self.values)

    def describe(self) -> str:
        return ", ".join(f"{key} {value}" for key, value in self.values.items())


def computed(description: str):
    """Marks a target function (Context -> {field: value}) with the text the decision record shows for it."""

    def mark(fn: Callable[[Context], dict]):
        fn.describe = lambda: description
        return fn

    return mark
