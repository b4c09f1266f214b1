"""The DAO of the generic model API: query building from registry declarations and the queries. Never commits.

What the caller asks for that the declaration does not allow raises InvalidQuery (errors.py), naming the part of
the body; the views turn it into a 400. Everything that reaches SQL is either a column object taken from the
declaration's allow-lists or a bound parameter: filter keys, operators, JSON keys, sort keys and relation names are
looked up, never interpolated.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, and_, bindparam, cast, false, func, or_, select, true
from sqlalchemy.sql import ColumnElement

from models_registry import Relation

from ..database import StatementCache, escape_like
from ..extensions import db
from .binding import INT64, ResolvedModel, import_path, relation_target
from .errors import InvalidQuery

MAX_IN_VALUES = 500
MAX_TEXT_FILTER = 500
MAX_ORDER_KEYS = 5
MAX_INCLUDED_ROWS = 5000


def _bad(path: str, key: str, **params):
    raise InvalidQuery(path, key, **params)


# ---------------------------------------------------------------------------------------------- values


def _check_scalar(kind: str, value, path: str):
    """The value of a filter, checked against the field type so the database never sees a wrong type."""
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            _bad(path, "universal.filter_value_type", name=path)
        if not -INT64 <= value <= INT64:
            _bad(path, "universal.filter_value_type", name=path)
        return value
    if kind in ("string", "text"):
        if not isinstance(value, str) or "\x00" in value or len(value) > MAX_TEXT_FILTER:
            _bad(path, "universal.filter_value_type", name=path)
        return value
    if kind == "boolean":
        if not isinstance(value, bool):
            _bad(path, "universal.filter_value_type", name=path)
        return value
    if kind == "json_key":
        # JSON keys are compared as text: 5 and "5" both match a stored 5.
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            _bad(path, "universal.filter_value_type", name=path)
        if isinstance(value, int) and not -INT64 <= value <= INT64:
            _bad(path, "universal.filter_value_type", name=path)
        text = str(value)
        if "\x00" in text or len(text) > MAX_TEXT_FILTER:
            _bad(path, "universal.filter_value_type", name=path)
        return text
    if kind == "datetime":
        if not isinstance(value, str):
            _bad(path, "universal.filter_value_type", name=path)
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            _bad(path, "universal.filter_value_type", name=path)
    _bad(path, "universal.filter_value_type", name=path)


def json_text(column, key: str) -> ColumnElement:
    """additional_data.<key> as text on both dialects (key comes from the declaration, never from the caller)."""
    if db.session.get_bind().dialect.name == "postgresql":
        return column[key].as_string()  # column ->> key, typed as text
    return cast(func.json_extract(column, f'$."{key}"'), String)


def _condition(kind: str, op: str, value, path: str) -> tuple[str, object]:
    """One checked filter condition as (variant, value): the variant is the SQL form (part of the statement's
    shape, see page_statement), the value what its bound parameter carries (None when it takes none)."""
    if op == "is_null":
        if not isinstance(value, bool):
            _bad(path, "universal.filter_value_type", name=path)
        return ("null" if value else "not_null"), None
    if op == "in":
        if not isinstance(value, list) or len(value) > MAX_IN_VALUES:
            _bad(path, "universal.filter_value_type", name=path)
        values = [_check_scalar(kind, v, path) for v in value]
        return ("in", values) if values else ("none", None)
    if op == "ilike":
        return "ilike", f"%{escape_like(_check_scalar(kind, value, path))}%"
    if value is None:  # {eq: null} / {ne: null}
        if op == "eq":
            return "null", None
        if op == "ne":
            return "not_null", None
        _bad(path, "universal.filter_value_type", name=path)
    value = _check_scalar(kind, value, path)
    if op in ("eq", "ne"):
        return op, value
    if op in ("gt", "gte", "lt", "lte"):
        if kind not in ("integer", "datetime"):
            _bad(path, "universal.unknown_operator", name=op)
        return op, value
    _bad(path, "universal.unknown_operator", name=op)


def _filter_expr(rm: ResolvedModel, key: str):
    base, _, json_key = key.partition(".")
    return json_text(rm.column(base), json_key) if json_key else rm.column(key)


def _sql_condition(expr, variant: str, name: str) -> ColumnElement:
    """The SQL of one planned condition, its value the bound parameter `name` (typed like the expression, so a
    column type's own conversion, e.g. UTCDateTime's, still applies)."""
    if variant == "null":
        return expr.is_(None)
    if variant == "not_null":
        return expr.is_not(None)
    if variant == "none":
        return false()
    if variant == "in":
        return expr.in_(bindparam(name, expanding=True, type_=expr.type))
    value = bindparam(name, type_=expr.type)
    if variant == "ilike":
        # What contains_ignoring_case builds, with the pattern bound by name.
        return expr.ilike(value, escape="\\")
    if variant == "eq":
        return expr == value
    if variant == "ne":
        # SQL's <> drops nulls; "not equal" should keep them.
        return or_(expr != value, expr.is_(None))
    return {"gt": expr > value, "gte": expr >= value, "lt": expr < value, "lte": expr <= value}[variant]


def plan_filters(rm: ResolvedModel, filters: dict, readable: set[str]) -> tuple[tuple, dict]:
    """{key: value | [values] | null | {op: value, ...}} → (shape, values): the conditions (ANDed) as
    ((key, variant, parameter name), ...) and the checked values by parameter name. No SQL is built here: the
    shape names the statement (page_statement), the values are bound to it.

    Only declared keys whose field the caller may read (filtering on an unreadable field would leak it)."""
    shape, values = [], {}
    allowed = rm.declaration.filters
    for key, spec in filters.items():
        ops = allowed.get(key)
        if ops is None or key.split(".", 1)[0] not in readable:
            _bad(f"filters.{key}", "universal.unknown_filter", name=key)
        kind = "json_key" if "." in key else rm.fields[key].type
        if isinstance(spec, dict):
            if not spec:
                _bad(f"filters.{key}", "universal.filter_value_type", name=key)
            pairs = list(spec.items())
        elif isinstance(spec, list):
            pairs = [("in", spec)]
        elif spec is None:
            pairs = [("is_null", True)]
        else:
            pairs = [("eq", spec)]
        for op, value in pairs:
            path = f"filters.{key}.{str(op)[:50]}" if isinstance(spec, dict) else f"filters.{key}"
            if op not in ops:
                if op == "is_null" and "eq" in ops and not isinstance(spec, dict):
                    pass  # `key: null` is eq null, allowed wherever eq is
                else:
                    _bad(path, "universal.unknown_operator", name=str(op)[:50])
            variant, checked = _condition(kind, op, value, path)
            name = f"filter_{len(shape)}"
            shape.append((key, variant, name))
            if checked is not None:
                values[name] = checked
    return tuple(shape), values


# ---------------------------------------------------------------------------------------------- order / include


def plan_order(rm: ResolvedModel, order, readable: set[str]) -> tuple[tuple[str, bool], ...]:
    """The sort as ((field, descending), ...), checked against the declaration, ending with id (the statement is
    built from it in page_statement)."""
    d = rm.declaration
    if order is None:
        items = list(d.default_order)
        readable = set(d.sortable)  # the server's own order may use any sortable field
    elif isinstance(order, str):
        items = [order]
    elif isinstance(order, list) and len(order) <= MAX_ORDER_KEYS:
        items = order
    else:
        _bad("params.order", "universal.invalid_order")
    keys, seen = [], set()
    for item in items:
        if isinstance(item, str):
            name, desc = (item[1:], True) if item.startswith("-") else (item, False)
        elif (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], str)
            and item[1].upper() in ("ASC", "DESC")
        ):
            name, desc = item[0], item[1].upper() == "DESC"
        else:
            _bad("params.order", "universal.invalid_order")
        if name not in d.sortable or name not in readable:
            _bad("params.order", "universal.unknown_sort", name=name[:50])
        if name in seen:
            continue
        seen.add(name)
        keys.append((name, desc))
    if "id" not in seen:
        keys.append(("id", False))  # a stable order for pagination
    return tuple(keys)


def parse_includes(rm: ResolvedModel, include, usable) -> list[Relation]:
    """Relation names → declarations; `usable(relation)` says whether this caller may read it."""
    if include is None:
        return []
    names = [include] if isinstance(include, str) else include
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        _bad("params.include", "universal.invalid_include")
    relations = []
    for name in dict.fromkeys(names):
        relation = rm.declaration.relation(name)
        if relation is None or not usable(relation):
            _bad("params.include", "universal.unknown_relation", name=name[:50])
        relations.append(relation)
    return relations


# ---------------------------------------------------------------------------------------------- queries


def count(rm: ResolvedModel, where: list, values: dict) -> int:
    stmt = select(func.count()).select_from(rm.cls).where(and_(true(), *where))
    return db.session.scalar(stmt, values)


# The window count's label: not an identifier a declaration can use as a field name (those are column names).
_TOTAL = "universal total"

# The page statement of each request shape (server/database.py: StatementCache; the admin queue does the same). The
# shape holds what is not a caller's value: model, dialect (json_text differs), columns, the filters' keys and SQL
# forms, the sort and the scopes' import paths (a scope depends on the model only, models_registry); every value is
# a named bound parameter.
_PAGE_STATEMENTS = StatementCache(max_size=512)


def _where(rm: ResolvedModel, filter_shape: tuple, scopes: tuple[str, ...]) -> list:
    where = [_sql_condition(_filter_expr(rm, key), variant, name) for key, variant, name in filter_shape]
    if scopes:
        # Union over the caller's permitted audiences' scopes (service.scope_paths), ANDed with the filters.
        where.append(or_(*[import_path(path)(rm.cls) for path in scopes]))
    return where


def page_statement(
    rm: ResolvedModel,
    dialect: str,
    columns: tuple[str, ...],
    filter_shape: tuple,
    order: tuple[tuple[str, bool], ...],
    scopes: tuple[str, ...],
):
    """SELECT <columns>, count(*) OVER () … WHERE … ORDER BY … LIMIT :page_limit OFFSET :page_offset for the
    shape, built on first use."""

    def build():
        table = rm.cls.__table__
        return (
            select(*[table.c[n] for n in columns], func.count().over().label(_TOTAL))
            .where(and_(true(), *_where(rm, filter_shape, scopes)))
            .order_by(*[rm.column(n).desc() if desc else rm.column(n).asc() for n, desc in order])
            .limit(bindparam("page_limit", type_=Integer))
            .offset(bindparam("page_offset", type_=Integer))
        )

    return _PAGE_STATEMENTS.get((rm.name, dialect, columns, filter_shape, order, scopes), build)


def page(
    rm: ResolvedModel,
    columns: list[str],
    filter_shape: tuple,
    values: dict,
    order: tuple[tuple[str, bool], ...],
    scopes: tuple[str, ...],
    limit: int,
    offset: int = 0,
) -> tuple[list[dict], int]:
    """(rows of the page, total matching rows). The total rides on the page query as a window count, so a page is
    one statement (one use of the search's index, one round trip); only a page past the end needs a count."""
    # Plain column values are wanted (no ORM entities): the session's connection runs it without the ORM's
    # per-statement set-up, in the session's transaction all the same.
    connection = db.session.connection(bind_arguments={"mapper": rm.cls})
    stmt = page_statement(rm, connection.dialect.name, tuple(columns), filter_shape, order, scopes)
    items, total = [], None
    for row in connection.execute(stmt, {**values, "page_limit": limit, "page_offset": offset}).mappings().all():
        item = dict(row)
        total = item.pop(_TOTAL)
        items.append(item)
    if total is None:
        total = count(rm, _where(rm, filter_shape, scopes), values) if offset else 0
    return items, total


def related_rows(owner: ResolvedModel, relation: Relation, columns: list[str], keys: list, extra_where: list) -> list:
    target = relation_target(owner.name, relation.name)
    remote = target.column(relation.remote)
    wanted = list(dict.fromkeys([*columns, relation.remote]))
    order = [target.column(n).asc() for n in relation.order]
    stmt = (
        select(*[target.column(n) for n in wanted])
        .where(remote.in_(keys), *extra_where)
        .order_by(*order)
        .limit(MAX_INCLUDED_ROWS)
    )
    return [dict(row) for row in db.session.execute(stmt).mappings()]


def get_row(rm: ResolvedModel, row_id: int):
    return db.session.get(rm.cls, row_id)


def exists(rm: ResolvedModel, row_id: int) -> bool:
    return db.session.scalar(select(rm.column("id")).where(rm.column("id") == row_id)) is not None


def referencing_counts(rm: ResolvedModel, row_id: int, skip_tables: set[str]) -> dict[str, int]:
    """Rows in any table that still point at this row through a foreign key: table name → count."""
    table = rm.cls.__table__
    found: dict[str, int] = {}
    for other in db.metadata.sorted_tables:
        if other.name in skip_tables:
            continue
        for fk in other.foreign_keys:
            if fk.column.table is not table:
                continue
            n = db.session.scalar(select(func.count()).select_from(other).where(fk.parent == row_id))
            if n:
                found[other.name] = found.get(other.name, 0) + n
    return found


def json_referencing_count(rm: ResolvedModel, key: str, row_id: int) -> int:
    """Rows of `rm` whose JSON key (a declared "column.key") holds row_id, stored as a number or as text."""
    base, _, json_key = key.partition(".")
    expr = json_text(rm.column(base), json_key)
    return db.session.scalar(select(func.count()).select_from(rm.cls).where(expr == str(row_id)))
