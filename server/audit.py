"""The audit trail of every staff write (issue 22, decision 0079): who changed what, when, from what to what.

Two ways in, one table (models/audit.py), one INSERT per transaction:
- Row changes are recorded by a session hook while the request's caller is staff (an admin role or the
  staff-management role; access.py names the caller to `set_actor`). Each flush notes, for every inserted, updated
  or deleted row of an audited table, the columns that changed with their value before and after (secrets hidden,
  IINs masked, by column name and by JSON key). Nothing is read from the database for it: the values come from the
  session's own attribute history.
- `record(action, target, details)` names a staff action and its object: an export, an import applied, a message,
  a sign-out everywhere. Row changes of the same transaction join the record of their own object, or, when the
  transaction has a single record, that record: one staff action is one audit row with all its before/after.
  Row changes that no record claims become rows of their own, one per object ("<type>.create|update|delete").

The rows are written in `before_commit`, after the transaction's last flush, as one executemany through the
session's connection (no query per row, nothing written when the transaction rolls back). Application workflow
events (applications/workflow/history.py) stay where they are; a transition's audit row lists the event row it
created among its changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import Enum

from flask import g, has_request_context
from sqlalchemy import event, inspect
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import NO_VALUE

from .extensions import db
from .iin import masked as masked_iin
from .models import AuditLog
from .models.base import utcnow
from .models.user import STAFF_ROLES

# flask.g slot holding the caller of this request (set by access.py once the token is checked).
_ACTOR = "_qabyldau_audit_actor"
_CHANGES = "audit.changes"  # session.info: {object: change} noted by the flush hook, in order
_RECORDS = "audit.records"  # session.info: [record] named by record()

HIDDEN = "[hidden]"

# Tables whose rows are never copied into the trail: the trail itself, credentials and their challenges (an account
# change is recorded by name, never by its hashes), and rows derived from others (summaries, snapshots, outboxes).
NOT_AUDITED = frozenset(
    {
        "audit_log",
        "auth_sessions",
        "one_time_codes",
        "staff_totp",
        "staff_recovery_codes",
        "second_factor_challenges",
        "application_summaries",
        "application_snapshots",
        "outbox_messages",
        "sms_outbox_messages",
        "seed_marks",
    }
)

# Column or JSON key names whose value never enters the trail: only that it changed.
_SECRET = re.compile(r"password|secret|token|hash|recovery|otp|code_hash|ticket", re.IGNORECASE)
# Column or JSON key names holding an IIN: kept to its last four digits (design §9).
_IIN = re.compile(r"(^|_)iin($|_)", re.IGNORECASE)
# A JSON value of a column is summarised to the keys that changed; long texts are cut.
MAX_TEXT = 500


@dataclass(frozen=True)
class Actor:
    """Who is writing, as read when the token was checked: later commits expire the User row, and asking it for its
    id or roles again at every flush would cost a query each time."""

    id: int
    staff: bool


def set_actor(user) -> None:
    """The caller of this request (None: anonymous). Called by access.py for every checked token."""
    if has_request_context():
        setattr(g, _ACTOR, Actor(user.id, is_staff(user)) if user is not None else None)


def clear_actor() -> None:
    """Before every request: an app context outlives a request in tests and the CLI, its caller must not."""
    g.pop(_ACTOR, None)


def current_actor() -> Actor | None:
    return g.get(_ACTOR) if has_request_context() else None


def is_staff(user) -> bool:
    if isinstance(user, Actor):
        return user.staff
    return user is not None and bool(user.role_names & set(STAFF_ROLES))


def target_type_of(model_or_row) -> str:
    """The trail's name for a model: its class name in snake case (SectionRoom → section_room)."""
    cls = model_or_row if isinstance(model_or_row, type) else type(model_or_row)
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def record(action: str, target, details: dict | None = None, *, actor=None, session: Session | None = None) -> None:
    """Names a staff action on `target` (a model row, or a (type, id) pair for what is not a row: a queue, a
    grant list of a year) for the current transaction's audit row. `actor` defaults to the request's caller."""
    session = session or db.session()
    session.info.setdefault(_RECORDS, []).append(
        {
            "action": action,
            "target": target,
            "details": _plain(details or {}),
            "actor_id": _actor_id(actor if actor is not None else current_actor()),
            "at": utcnow(),
        }
    )


def _actor_id(actor) -> int | None:
    return getattr(actor, "id", None)


# ------------------------------------------------------------------------------------------------ values


def _plain(value, depth: int = 0):
    """A JSON-storable copy of a value, with secrets hidden and IINs masked in nested keys."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + "…"
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(value)} bytes>"
    if depth > 6:
        return "…"
    if isinstance(value, dict):
        return {str(k): _masked(str(k), v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v, depth + 1) for v in value]
    return str(value)


def _masked(name: str, value, depth: int = 0):
    if value is None:
        return None
    if _SECRET.search(name):
        return HIDDEN
    if _IIN.search(name) and isinstance(value, str | int):
        return masked_iin(str(value))
    return _plain(value, depth)


def _changed_keys(before, after) -> tuple[dict, dict]:
    """For JSON objects: only the keys whose values differ, each side masked."""
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    keys = [k for k in dict.fromkeys([*before, *after]) if before.get(k) != after.get(k)]
    return (
        {k: _masked(str(k), before.get(k)) for k in keys if k in before},
        {k: _masked(str(k), after.get(k)) for k in keys if k in after},
    )


def _side(name: str, before, after) -> tuple:
    if isinstance(before, dict) or isinstance(after, dict):
        return _changed_keys(before, after)
    return _masked(name, before), _masked(name, after)


# ----------------------------------------------------------------------------------------------- the hook


def _audited(obj) -> bool:
    table = getattr(obj, "__tablename__", None)
    return table is not None and table not in NOT_AUDITED and not isinstance(obj, AuditLog)


def _column_changes(state, op: str) -> tuple[dict, dict]:
    before, after = {}, {}
    for prop in state.mapper.column_attrs:
        name = prop.key
        history = state.attrs[name].history
        if op == "create":
            value = state.attrs[name].value if name in state.dict else None
            if value is not None:
                after[name] = _masked(name, value) if not isinstance(value, dict) else _changed_keys({}, value)[1]
        elif op == "delete":
            if name in state.dict:
                before[name] = _masked(name, state.dict[name]) if not isinstance(state.dict[name], dict) else "…"
        elif history.has_changes():
            old = history.deleted[0] if history.deleted else None
            new = history.added[0] if history.added else None
            if old == new or (old is NO_VALUE and new is None):
                continue
            if _SECRET.search(name):
                before[name] = after[name] = HIDDEN  # that it changed, never from what to what
                continue
            before[name], after[name] = _side(name, None if old is NO_VALUE else old, new)
    for rel in state.mapper.relationships:
        if rel.secondary is None or rel.key not in state.dict:
            continue  # a link table (roles of a user): names added and removed; other relations are rows of their own
        history = state.attrs[rel.key].history
        if history.added or history.deleted:
            before[rel.key] = sorted(_label(o) for o in history.deleted)
            after[rel.key] = sorted(_label(o) for o in history.added)
    return before, after


def _label(obj) -> str:
    return str(getattr(obj, "name", None) or getattr(obj, "id", None) or obj)


def _before_flush(session: Session, _context, _instances) -> None:
    actor = current_actor()
    if not is_staff(actor):
        return
    changes = session.info.setdefault(_CHANGES, {})
    for op, objects in (("create", session.new), ("update", session.dirty), ("delete", session.deleted)):
        for obj in objects:
            if not _audited(obj) or (op == "update" and not session.is_modified(obj)):
                continue
            state = inspect(obj)
            before, after = _column_changes(state, op)
            if op == "update" and not before and not after:
                continue
            noted = changes.get(obj)
            if noted is None:
                changes[obj] = {"op": op, "before": before, "after": after, "actor_id": actor.id, "at": utcnow()}
            else:  # flushed again in the same transaction: the first "before" and the latest "after"
                noted["op"] = "delete" if op == "delete" else noted["op"]
                for key, value in before.items():
                    noted["before"].setdefault(key, value)
                noted["after"].update(after)


def _identity(obj) -> str | None:
    identity = inspect(obj).identity
    if not identity:
        return None
    return ":".join(str(part) for part in identity)


def _target_key(target) -> tuple[str, str | None]:
    if isinstance(target, tuple):
        kind, ident = target
        return kind, None if ident is None else str(ident)
    return target_type_of(target), _identity(target)


def _rows(session: Session) -> list[dict]:
    records = session.info.pop(_RECORDS, [])
    changes = session.info.pop(_CHANGES, {})
    resolved = [{**r, "key": _target_key(r["target"]), "changes": []} for r in records]
    by_key = {r["key"]: r for r in resolved}
    rows = []
    for obj, change in changes.items():
        key = (target_type_of(obj), _identity(obj))
        entry = {"type": key[0], "id": key[1], "op": change["op"], "before": change["before"], "after": change["after"]}
        owner = by_key.get(key) or (resolved[0] if len(resolved) == 1 else None)
        if owner is not None:
            owner["changes"].append(entry)
            continue
        rows.append(
            {
                "actor_id": change["actor_id"],
                "action": f"{key[0]}.{change['op']}",
                "target_type": key[0],
                "target_id": key[1],
                "details": {"before": change["before"], "after": change["after"]},
                "created_at": change["at"],
            }
        )
    for r in resolved:
        details = dict(r["details"])
        own = [c for c in r["changes"] if (c["type"], c["id"]) == r["key"]]
        others = [c for c in r["changes"] if (c["type"], c["id"]) != r["key"]]
        if len(own) == 1:
            # The session's column-level values (only what changed, masked) win over what the caller described.
            details["before"], details["after"] = own[0]["before"], own[0]["after"]
        if others:
            details["rows"] = others
        rows.append(
            {
                "actor_id": r["actor_id"],
                "action": r["action"],
                "target_type": r["key"][0],
                "target_id": r["key"][1],
                "details": details,
                "created_at": r["at"],
            }
        )
    return rows


def _before_commit(session: Session) -> None:
    if not session.info.get(_RECORDS) and not session.info.get(_CHANGES) and not _pending_staff_write(session):
        return
    session.flush()  # the transaction's last changes are noted (and new rows get their ids) before the trail
    rows = _rows(session)
    if rows:
        session.connection().execute(AuditLog.__table__.insert(), rows)


def _pending_staff_write(session: Session) -> bool:
    return is_staff(current_actor()) and bool(session.new or session.dirty or session.deleted)


def _forget(session: Session, transaction) -> None:
    """Whatever the transaction ended with (committed: already written; rolled back or closed: never happened)."""
    if transaction.parent is None:
        session.info.pop(_RECORDS, None)
        session.info.pop(_CHANGES, None)


def install(sessions) -> None:
    """Listens on the app's sessions (`db.session`: its Session class), once."""
    if event.contains(sessions, "before_flush", _before_flush):
        return
    event.listen(sessions, "before_flush", _before_flush)
    event.listen(sessions, "before_commit", _before_commit)
    event.listen(sessions, "after_transaction_end", _forget)
