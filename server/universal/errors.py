"""What can go wrong in the generic model API, said in its own terms (no HTTP here).

The binding, the DAO and the service raise these; only the views (views.py) turn them into statuses and the
error envelope, so the lower layers can be reused (a CLI, a job) without pretending to be a web request.
"""

from __future__ import annotations


class UniversalError(Exception):
    """Base of every failure of the generic model API."""


class ModelNotFound(UniversalError):
    """The model is not declared in models_registry."""


class NotAllowed(UniversalError):
    """The caller's audiences do not hold the permission; `signed_in` tells "sign in" (401) from "no" (403)."""

    def __init__(self, signed_in: bool):
        super().__init__("not allowed")
        self.signed_in = signed_in


class RowNotFound(UniversalError):
    """No row with that id (or none the caller may see)."""


class InvalidQuery(UniversalError):
    """A filter, operator, value, sort key or include the declaration does not allow.

    `path` names the offending part of the body (filters.<key>.<op>, params.order, …); `key` is the catalogue key
    of the message and `params` fill its placeholders."""

    def __init__(self, path: str, key: str, **params):
        super().__init__(key)
        self.path = path
        self.key = key
        self.params = params


class InvalidValues(UniversalError):
    """Values that break a write rule: {path: [messages]} (messages are catalogue keys, possibly with params).
    Empty when the database itself refused a value the declaration let through."""

    def __init__(self, errors: dict[str, list]):
        super().__init__("invalid values")
        self.errors = errors


class StateConflict(UniversalError):
    """Well-formed values the row's current state refuses (a declaration's guard: an occupied room keeps its
    gender): {path: [messages]}, as InvalidValues."""

    def __init__(self, errors: dict[str, list]):
        super().__init__("state conflict")
        self.errors = errors


class Conflict(UniversalError):
    """The database refused the write as a clash with another row (a unique key)."""


class StillReferenced(UniversalError):
    """Other rows still point at the row to delete: (registry model name, or "table:<name>" for a table not exposed
    through the API; count) per referring table, in table-name order."""

    def __init__(self, referrers: list[tuple[str, int]]):
        super().__init__("still referenced")
        self.referrers = referrers
