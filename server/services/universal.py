"""Use cases of the generic model API (/universal). This module owns the transaction (one commit per write).

Order of checks for every call: the model must be registered (404), the caller's audiences must hold the
action's permission (401 without a token, else 403), then the body is checked against the declaration (400).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import or_
from sqlalchemy.exc import DataError, IntegrityError

from models_registry import ACTIONS, ADMINS, APPLICANT, PUBLIC, REGISTRY, Relation, may, readable_by

from ..daos import universal as dao
from ..errors import ApiError, LocalizedMessage
from ..extensions import db
from ..i18n import translate
from ..models import AuditLog, User
from ..schemas.universal import ResolvedModel, import_path, relation_target, resolved

log = logging.getLogger(__name__)
API_PREFIX = "/api/v1/universal"


@dataclass(frozen=True)
class Caller:
    user: User | None
    audiences: tuple[str, ...]

    @classmethod
    def of(cls, user: User | None) -> Caller:
        if user is None:
            return cls(None, (PUBLIC,))
        roles = tuple(role for role in ADMINS if role in user.role_names)
        return cls(user, (PUBLIC, *roles) if roles else (PUBLIC, APPLICANT))


# ---------------------------------------------------------------------------------------------- access

def model(name: str) -> ResolvedModel:
    if name not in REGISTRY:
        raise ApiError(404, "universal.model_not_found")
    return resolved(name)


def require(name: str, action: str, caller: Caller) -> ResolvedModel:
    rm = model(name)
    if not may(rm.declaration, action, caller.audiences):
        raise ApiError(401, "errors.unauthorized") if caller.user is None else ApiError(403, "errors.forbidden")
    return rm


def scope_clauses(rm: ResolvedModel, caller: Caller, action: str = "find") -> list:
    """Union over the caller's permitted audiences of each audience's scope; ANDed with the caller's filters."""
    d = rm.declaration
    if not d.scopes:
        return []
    permitted = [a for a in caller.audiences if a in d.permissions.get(action, ())]
    clauses = []
    for audience in permitted:
        path = d.scopes.get(audience)
        if path is None:
            return []  # this audience sees every row
        clauses.append(import_path(path)(rm.cls))
    return [or_(*clauses)] if clauses else []


def _usable_relation(rm: ResolvedModel, caller: Caller):
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

def find(name: str, caller: Caller, filters: dict | None = None, params: dict | None = None,
         page: int | None = None, size: int | None = None, action: str = "find") -> dict:
    rm = require(name, action, caller)
    d = rm.declaration
    params = params or {}
    readable = readable_by(d, caller.audiences)
    readable_set = set(readable)
    filters = filters or {}
    where = dao.build_filters(rm, filters, readable_set) + scope_clauses(rm, caller, action)
    order = dao.build_order(rm, params.get("order"), readable_set)
    relations = dao.parse_includes(rm, params.get("include"), _usable_relation(rm, caller))
    columns = list(dict.fromkeys([*readable, *(r.local for r in relations)]))
    limit = size or d.page_size_cap
    offset = ((page or 1) - 1) * limit
    items = dao.rows(rm, columns, where, order, limit, offset)
    if offset == 0 and len(items) < limit:
        total = len(items)  # the whole answer fits in this page: no second query
    else:
        total = dao.count(rm, where)
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

def _raise_validation(errors: dict) -> None:
    first = next(iter(errors.values()))[0]
    raise ApiError(400, str(first), errors=errors, **getattr(first, "params", {}))


def _check_write(rm: ResolvedModel, values: dict, row, prefix: str) -> dict:
    errors: dict[str, list] = {}
    for name, value in values.items():
        info = rm.fields[name]
        if info.references and value is not None and not dao.exists(resolved(info.references), value):
            errors.setdefault(f"{prefix}{name}", []).append(LocalizedMessage(
                "universal.parent_not_found", model=translate(f"resources.{info.references}.name")))
    if not errors:
        for path in rm.declaration.derived:
            values.update(import_path(path)(values, row))
        for path in rm.declaration.validators:
            for name, messages in import_path(path)(values, row).items():
                errors.setdefault(f"{prefix}{name}", []).extend(messages)
    return errors


def _serialize(rm: ResolvedModel, row, caller: Caller) -> dict:
    return {name: getattr(row, name) for name in readable_by(rm.declaration, caller.audiences)}


def _audit(caller: Caller, action: str, rm: ResolvedModel, row_id, details: dict) -> None:
    db.session.add(AuditLog(actor_id=caller.user.id if caller.user else None, action=f"universal.{action}",
                            target_type=rm.name, target_id=str(row_id), details=details))


def _commit() -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ApiError(409, "universal.conflict") from None
    except DataError:
        db.session.rollback()
        raise ApiError(400, "errors.validation") from None


def create(name: str, caller: Caller, payload: list[dict], many: bool) -> list[dict]:
    rm = require(name, "create", caller)
    errors: dict = {}
    for index, values in enumerate(payload):
        errors.update(_check_write(rm, values, None, f"create.{index}." if many else "create."))
    if errors:
        _raise_validation(errors)
    rows = [rm.cls(**values) for values in payload]
    db.session.add_all(rows)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise ApiError(409, "universal.conflict") from None
    for row, values in zip(rows, payload):
        _audit(caller, "create", rm, row.id, {"values": values})
    _commit()
    return [_serialize(rm, row, caller) for row in rows]


def update(name: str, caller: Caller, row_id: int, values: dict) -> dict:
    rm = require(name, "update", caller)
    row = dao.get_row(rm, row_id)
    if row is None:
        raise ApiError(404, "errors.not_found")
    errors = _check_write(rm, values, row, "update.")
    if errors:
        _raise_validation(errors)
    before = {key: getattr(row, key) for key in values}
    for key, value in values.items():
        setattr(row, key, value)
    _audit(caller, "update", rm, row.id, {"before": before, "after": values})
    _commit()
    return _serialize(rm, row, caller)


def _children_message(counts: dict[str, int]) -> str:
    labels = {}
    for model_name in REGISTRY:
        labels[resolved(model_name).cls.__tablename__] = translate(f"resources.{model_name}.name")
    other = translate("universal.other_records")
    return ", ".join(f"{labels.get(table, other)}: {n}" for table, n in sorted(counts.items()))


def delete(name: str, caller: Caller, row_id: int) -> None:
    rm = require(name, "delete", caller)
    row = dao.get_row(rm, row_id)
    if row is None:
        raise ApiError(404, "errors.not_found")
    owned = [relation_target(rm.name, rel) for rel in rm.declaration.owned]
    counts = dao.referencing_counts(rm, row_id, {o.cls.__tablename__ for o in owned})
    for ref in rm.declaration.json_referrers:
        referrer = resolved(ref.model)
        n = dao.json_referencing_count(referrer, ref.key, row_id)
        if n:
            table = referrer.cls.__tablename__
            counts[table] = counts.get(table, 0) + n
    if counts:
        children = _children_message(counts)
        raise ApiError(409, "universal.delete_has_children", errors={"id": [
            LocalizedMessage("universal.delete_has_children", children=children)]}, children=children)
    storage_keys: list[str] = []
    for relation_name, target in zip(rm.declaration.owned, owned):
        for child in list(getattr(row, relation_name)):
            if hasattr(child, "storage_key"):
                storage_keys.append(child.storage_key)
            db.session.delete(child)
    snapshot = {key: getattr(row, key) for key in readable_by(rm.declaration, caller.audiences)}
    db.session.delete(row)
    _audit(caller, "delete", rm, row_id, {"values": snapshot})
    _commit()
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


def describe(name: str, caller: Caller) -> dict:
    rm = model(name)
    d = rm.declaration
    permissions = {action: may(d, action, caller.audiences) for action in ACTIONS}
    if not any(permissions.values()):
        raise ApiError(401, "errors.unauthorized") if caller.user is None else ApiError(403, "errors.forbidden")
    readable = set(readable_by(d, caller.audiences))
    ops_by_field = {key: ops for key, ops in d.filters.items() if "." not in key}
    fields = []
    for info in rm.fields.values():
        is_readable = info.name in readable
        fields.append({
            "name": info.name, "type": info.type,
            "label_key": d.field_label_key(info.name), "label": translate(d.field_label_key(info.name)),
            "readable": is_readable,
            "creatable": permissions["create"] and info.name in d.create,
            "updatable": permissions["update"] and info.name in d.update,
            "required": info.required, "nullable": info.nullable,
            "min": info.min if info.type == "integer" and info.min is not None and info.min > -2**31 else None,
            "max": info.max if info.type == "integer" and info.max is not None and info.max < 2**31 - 1 else None,
            "max_length": info.max_length,
            "choices": list(info.choices) if info.choices else None,
            "references": info.references, "default": info.default,
            "filter_operators": list(ops_by_field.get(info.name, ())) if is_readable else [],
            "sortable": is_readable and info.name in d.sortable,
        })
    fields = [f for f in fields if f["readable"] or f["creatable"] or f["updatable"]]
    usable = _usable_relation(rm, caller)
    relations = [{"name": r.name, "label_key": f"resources.{d.name}.relations.{r.name}",
                  "label": translate(f"resources.{d.name}.relations.{r.name}"), "model": r.model, "many": r.many,
                  "local": r.local, "remote": r.remote, "fields_": _relation_fields(r, caller)}
                 for r in d.includes if usable(r)]
    endpoint_actions = {"all": "all", "find": "find", "find-paginate": "find", "create": "create",
                        "create-list": "create", "update": "update", "delete": "delete"}
    return {
        "name": d.name, "label_key": d.label_key, "label": translate(d.label_key),
        "display_field": d.display_field, "primary_key": "id",
        "fields_": fields,
        "filters": [{"key": key, "type": _type_of(rm, key), "operators": list(ops)}
                    for key, ops in d.filters.items() if key.split(".", 1)[0] in readable],
        "sortable": [n for n in d.sortable if n in readable],
        "relations": relations,
        "default_order": [[n.lstrip("-"), "DESC" if n.startswith("-") else "ASC"] for n in d.default_order],
        "page_size_cap": d.page_size_cap, "default_page_size": d.default_page_size,
        "permissions": permissions,
        "endpoints": {ep: f"{API_PREFIX}/{d.name}/{ep}" for ep, action in endpoint_actions.items()
                      if permissions[action]},
    }


def describe_all(caller: Caller) -> list[dict]:
    out = []
    for name in REGISTRY:
        try:
            out.append(describe(name, caller))
        except ApiError:
            continue  # nothing this caller may do with the model
    return out
