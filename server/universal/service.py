"""Use cases of the generic model API (/universal). This module owns the transaction (one commit per write).

Every use case takes the request's Binding (binding.py): the model was looked up and the caller's permission
checked once, at the edge, before the body was parsed. Then the body is checked against the declaration; failures
are the domain errors of errors.py, which the views turn into statuses.
"""

from __future__ import annotations

import logging

from sqlalchemy import or_
from sqlalchemy.exc import DataError, IntegrityError

from models_registry import ACTIONS, ENDPOINT_ACTIONS, REGISTRY, Relation, may, readable_by

from .. import audit
from ..errors import LocalizedMessage
from ..extensions import db
from ..i18n import translate
from . import dao
from .binding import Binding, Caller, ResolvedModel, import_path, relation_target, resolved
from .errors import Conflict, InvalidValues, NotAllowed, RowNotFound, StateConflict, StillReferenced
from .schemas import friendly_bounds

log = logging.getLogger(__name__)
API_PREFIX = "/api/v1/universal"


def _expect(binding: Binding, *actions: str) -> None:
    """A binding made for one action cannot run another (a programming error, not a caller's)."""
    if binding.action not in actions:
        raise ValueError(f"a binding for {binding.action!r} cannot run {actions[0]!r}")


def scope_paths(rm: ResolvedModel, caller: Caller, action: str = "find") -> tuple[str, ...]:
    """The import paths of the scopes of the caller's permitted audiences (whose union the caller may read), or ()
    when one of them sees every row."""
    d = rm.declaration
    if not d.scopes:
        return ()
    permitted = [a for a in caller.audiences if a in d.permissions.get(action, ())]
    paths = []
    for audience in permitted:
        path = d.scopes.get(audience)
        if path is None:
            return ()  # this audience sees every row
        paths.append(path)
    return tuple(paths)


def scope_clauses(rm: ResolvedModel, caller: Caller, action: str = "find") -> list:
    """Union over the caller's permitted audiences of each audience's scope; ANDed with the caller's filters."""
    paths = scope_paths(rm, caller, action)
    return [or_(*[import_path(path)(rm.cls) for path in paths])] if paths else []


def _usable_relation(caller: Caller):
    def usable(relation: Relation) -> bool:
        if relation.model is None:
            return True
        target = REGISTRY[relation.model]
        return may(target, "find", caller.audiences) and bool(_relation_fields(relation, caller))

    return usable


def _relation_fields(relation: Relation, caller: Caller) -> list[str]:
    if relation.model is None:
        return list(relation.fields)
    readable = set(readable_by(REGISTRY[relation.model], caller.audiences))
    return [n for n in relation.fields if n in readable]


# ---------------------------------------------------------------------------------------------- reads


def find(
    binding: Binding,
    filters: dict | None = None,
    params: dict | None = None,
    page: int | None = None,
    size: int | None = None,
) -> dict:
    """all, find and find-paginate: {list, total} of the rows the caller may see, with the readable fields."""
    _expect(binding, "all", "find")
    rm, caller = binding.model, binding.caller
    params = params or {}
    readable = binding.readable
    readable_set = set(readable)
    filter_shape, values = dao.plan_filters(rm, filters or {}, readable_set)
    order = dao.plan_order(rm, params.get("order"), readable_set)
    relations = dao.parse_includes(rm, params.get("include"), _usable_relation(caller))
    columns = list(dict.fromkeys([*readable, *(r.local for r in relations)]))
    limit = size or rm.declaration.page_size_cap
    offset = ((page or 1) - 1) * limit
    scopes = scope_paths(rm, caller, binding.action)
    items, total = dao.page(rm, columns, filter_shape, values, order, scopes, limit, offset)
    for relation in relations:
        _attach(rm, relation, items, caller)
    extra = set(columns) - readable_set
    if extra:
        for item in items:
            for key in extra:
                item.pop(key, None)
    return {"list": items, "total": total}


def _attach(rm: ResolvedModel, relation: Relation, items: list[dict], caller: Caller) -> None:
    keys = list({item[relation.local] for item in items if item.get(relation.local) is not None})
    fields = _relation_fields(relation, caller)
    related = []
    if keys:
        extra_where = []
        if relation.model is not None:
            extra_where = scope_clauses(resolved(relation.model), caller)
        related = dao.related_rows(rm, relation, fields, keys, extra_where)
    grouped: dict = {}
    for row in related:
        key = row[relation.remote]
        if relation.remote not in fields:
            row = {k: v for k, v in row.items() if k in fields}
        grouped.setdefault(key, []).append(row)
    for item in items:
        found = grouped.get(item.get(relation.local), [])
        item[relation.name] = found if relation.many else (found[0] if found else None)


# ---------------------------------------------------------------------------------------------- writes


def _check_write(rm: ResolvedModel, values: dict, row, prefix: str) -> dict:
    errors: dict[str, list] = {}
    for name, value in values.items():
        info = rm.fields[name]
        if info.references and value is not None and not dao.exists(resolved(info.references), value):
            errors.setdefault(f"{prefix}{name}", []).append(
                LocalizedMessage("universal.parent_not_found", model=translate(f"resources.{info.references}.name"))
            )
    if not errors:
        for path in rm.declaration.derived:
            values.update(import_path(path)(values, row))
        for path in rm.declaration.validators:
            for name, messages in import_path(path)(values, row).items():
                errors.setdefault(f"{prefix}{name}", []).extend(messages)
    return errors


def _check_guards(rm: ResolvedModel, values: dict, row, prefix: str) -> None:
    """The declaration's guards, once the values are valid: the state of other rows may still refuse them (409)."""
    conflicts: dict[str, list] = {}
    for path in rm.declaration.guards:
        for name, messages in import_path(path)(values, row).items():
            conflicts.setdefault(f"{prefix}{name}", []).extend(messages)
    if conflicts:
        raise StateConflict(conflicts)


def _serialize(binding: Binding, row) -> dict:
    return {name: getattr(row, name) for name in binding.readable}


def _audit(binding: Binding, row, details: dict) -> None:
    """Names the write for the audit trail; the row's before/after join it (server/audit.py)."""
    user = binding.caller.user
    audit.record(f"universal.{binding.action}", row, details, actor=user)


def _flush_or_commit(commit: bool) -> None:
    """The database has the last word on unique keys and storable values; either refusal leaves nothing written."""
    try:
        db.session.commit() if commit else db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Conflict() from None
    except DataError:
        db.session.rollback()
        raise InvalidValues({}) from None


def create(binding: Binding, payload: list[dict], many: bool) -> list[dict]:
    """create (one row) and create-list (all or nothing)."""
    _expect(binding, "create")
    rm = binding.model
    errors: dict = {}
    for index, values in enumerate(payload):
        errors.update(_check_write(rm, values, None, f"create.{index}." if many else "create."))
    if errors:
        raise InvalidValues(errors)
    for index, values in enumerate(payload):
        _check_guards(rm, values, None, f"create.{index}." if many else "create.")
    rows = [rm.cls(**values) for values in payload]
    db.session.add_all(rows)
    _flush_or_commit(commit=False)  # ids for the audit rows
    for row, values in zip(rows, payload, strict=True):
        _audit(binding, row, {"values": values})
    _flush_or_commit(commit=True)
    return [_serialize(binding, row) for row in rows]


def update(binding: Binding, row_id: int, values: dict) -> dict:
    _expect(binding, "update")
    rm = binding.model
    row = dao.get_row(rm, row_id)
    if row is None:
        raise RowNotFound()
    errors = _check_write(rm, values, row, "update.")
    if errors:
        raise InvalidValues(errors)
    _check_guards(rm, values, row, "update.")
    before = {key: getattr(row, key) for key in values}
    for key, value in values.items():
        setattr(row, key, value)
    _audit(binding, row, {"before": before, "after": values})
    _flush_or_commit(commit=True)
    return _serialize(binding, row)


def _referrers(counts: dict[str, int]) -> list[tuple[str, int]]:
    """Table counts → (registry model name, or "table:<name>" for a table not exposed through the API, count), in
    table-name order: the refusal names what blocks the delete either way (issue 23)."""
    model_of_table = {resolved(name).cls.__tablename__: name for name in REGISTRY}
    return [(model_of_table.get(table) or f"table:{table}", n) for table, n in sorted(counts.items())]


def delete(binding: Binding, row_id: int) -> None:
    """Deletes one row and its owned children; refused while any other row refers to it (StillReferenced)."""
    _expect(binding, "delete")
    rm = binding.model
    row = dao.get_row(rm, row_id)
    if row is None:
        raise RowNotFound()
    owned = [relation_target(rm.name, rel) for rel in rm.declaration.owned]
    counts = dao.referencing_counts(rm, row_id, {o.cls.__tablename__ for o in owned})
    for ref in rm.declaration.json_referrers:
        referrer = resolved(ref.model)
        n = dao.json_referencing_count(referrer, ref.key, row_id)
        if n:
            table = referrer.cls.__tablename__
            counts[table] = counts.get(table, 0) + n
    if counts:
        raise StillReferenced(_referrers(counts))
    storage_keys: list[str] = []
    for relation_name in rm.declaration.owned:
        for child in list(getattr(row, relation_name)):
            if hasattr(child, "storage_key"):
                storage_keys.append(child.storage_key)
            db.session.delete(child)
    snapshot = _serialize(binding, row)
    db.session.delete(row)
    _audit(binding, row, {"values": snapshot})
    _flush_or_commit(commit=True)
    if storage_keys:
        from ..integrations.storage import get_storage

        storage = get_storage()
        for key in storage_keys:  # the rows are gone; a file left behind is harmless, a dangling row is not
            try:
                storage.delete(key)
            except Exception:  # noqa: BLE001
                log.warning("could not delete stored file", extra={"storage_key": key})


# ---------------------------------------------------------------------------------------------- metadata


def _type_of(rm: ResolvedModel, key: str) -> str:
    return "json_key" if "." in key else rm.fields[key].type


def describe(rm: ResolvedModel, caller: Caller) -> dict:
    """What this caller may do with one model (NotAllowed when nothing at all)."""
    d = rm.declaration
    permissions = {action: may(d, action, caller.audiences) for action in ACTIONS}
    if not any(permissions.values()):
        raise NotAllowed(signed_in=caller.user is not None)
    readable = set(readable_by(d, caller.audiences))
    ops_by_field = {key: ops for key, ops in d.filters.items() if "." not in key}
    fields = []
    for info in rm.fields.values():
        is_readable = info.name in readable
        lo, hi = friendly_bounds(info) if info.type == "integer" else (None, None)
        fields.append(
            {
                "name": info.name,
                "type": info.type,
                "label_key": d.field_label_key(info.name),
                "label": translate(d.field_label_key(info.name)),
                "readable": is_readable,
                "creatable": permissions["create"] and info.name in d.create,
                "updatable": permissions["update"] and info.name in d.update,
                "required": info.required,
                "nullable": info.nullable,
                "min": lo,
                "max": hi,
                "max_length": info.max_length,
                "choices": list(info.choices) if info.choices else None,
                "references": info.references,
                "default": info.default,
                "format": info.format,
                "filter_operators": list(ops_by_field.get(info.name, ())) if is_readable else [],
                "sortable": is_readable and info.name in d.sortable,
            }
        )
    fields = [f for f in fields if f["readable"] or f["creatable"] or f["updatable"]]
    usable = _usable_relation(caller)
    relations = [
        {
            "name": r.name,
            "label_key": f"resources.{d.name}.relations.{r.name}",
            "label": translate(f"resources.{d.name}.relations.{r.name}"),
            "model": r.model,
            "many": r.many,
            "local": r.local,
            "remote": r.remote,
            "fields_": _relation_fields(r, caller),
        }
        for r in d.includes
        if usable(r)
    ]
    return {
        "name": d.name,
        "label_key": d.label_key,
        "label": translate(d.label_key),
        "display_field": d.display_field,
        "primary_key": "id",
        "fields_": fields,
        "filters": [
            {"key": key, "type": _type_of(rm, key), "operators": list(ops)}
            for key, ops in d.filters.items()
            if key.split(".", 1)[0] in readable
        ],
        "sortable": [n for n in d.sortable if n in readable],
        "relations": relations,
        "default_order": [[n.lstrip("-"), "DESC" if n.startswith("-") else "ASC"] for n in d.default_order],
        "page_size_cap": d.page_size_cap,
        "default_page_size": d.default_page_size,
        "permissions": permissions,
        "endpoints": {
            ep: f"{API_PREFIX}/{d.name}/{ep}" for ep, action in ENDPOINT_ACTIONS.items() if permissions[action]
        },
    }


def describe_all(caller: Caller) -> list[dict]:
    out = []
    for name in REGISTRY:
        try:
            out.append(describe(resolved(name), caller))
        except NotAllowed:
            continue  # nothing this caller may do with the model
    return out
