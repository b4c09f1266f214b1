"""The select options the questionnaire's rule engine reads, kept in the app process for a short while.

Every questionnaire read or save (`POST /users/steps`, an autosave) needs the option lists of its variant: several
hundred rows, the largest single cost of the applicant mix (issue 25's profile; decision 0090). They change a few
times a campaign, through the admin's reference screens or an import, so each app process keeps them for
`OPTION_LISTS_CACHE_SECONDS` (30 s by default; 0 turns the cache off):

- a write to `select_options` made by this process (ORM or plain SQL, committed or not) drops the cached lists at
  once, so an edit is seen by the next request on the process that made it, and a test that reseeds the table reads
  what it seeded;
- another app server sees the edit when its copy expires, at most that many seconds later. An option added a few
  seconds ago may then still be refused there ("choose from the list") for that while; no saved answer is lost.

The lists are shared between requests: callers read them and never change them (the rule engine and the renderers
only read).
"""

from __future__ import annotations

import threading
import time

from flask import current_app
from sqlalchemy import event, select
from sqlalchemy.engine import Engine

from ..extensions import db
from ..models import SelectOption

_TABLE = SelectOption.__tablename__
_lock = threading.Lock()
_generation = 0  # moved on by every write to the table in this process; cached lists of an older one are stale


def _as_rule_option(row: SelectOption) -> dict:
    return {
        "id": row.id,
        "code": row.code,
        "name_ru": row.name_ru,
        "name_en": row.name_en,
        "name_kk": row.name_kk,
        "additional_data": row.additional_data or {},
        "additional_count": row.additional_count,
    }


def _load(types: frozenset[str]) -> dict[str, list[dict]]:
    options: dict[str, list[dict]] = {}
    rows = db.session.scalars(
        select(SelectOption)
        .where(SelectOption.type.in_(sorted(types)))
        .order_by(SelectOption.type, SelectOption.order, SelectOption.id)
    )
    for row in rows:
        options.setdefault(row.type, []).append(_as_rule_option(row))
    return options


def option_lists(types: set[str] | frozenset[str]) -> dict[str, list[dict]]:
    """The options of these types by type, in display order; types without rows are absent (one query, or none)."""
    if not types:
        return {}
    key = frozenset(types)
    ttl = float(current_app.config.get("OPTION_LISTS_CACHE_SECONDS", 30))
    if ttl <= 0:
        return _load(key)
    store = current_app.extensions.setdefault("option_lists", {})
    now = time.monotonic()
    generation = _generation
    cached = store.get(key)
    if cached is not None and cached[0] == generation and now - cached[1] < ttl:
        return cached[2]
    options = _load(key)
    with _lock:
        if generation == _generation:  # no write happened while loading
            store[key] = (generation, now, options)
    return options


def forget() -> None:
    """Every process-local copy is stale from now on."""
    global _generation
    with _lock:
        _generation += 1


@event.listens_for(Engine, "before_cursor_execute")
def _note_option_writes(conn, cursor, statement, parameters, context, executemany):
    # A write reaches the table by ORM flush, a bulk insert, a DELETE between tests or DROP/CREATE: all of them are
    # statements naming the table that are not plain reads. Forget now (the next read may see the change) and again
    # when the transaction ends (a read between the write and the commit cached the old rows).
    if _TABLE in statement and not statement.lstrip()[:6].upper() == "SELECT":
        conn.info["select_options_written"] = True
        forget()


@event.listens_for(Engine, "commit")
@event.listens_for(Engine, "rollback")
def _forget_at_transaction_end(conn):
    if conn.invalidated:
        # The connection died inside the transaction (a pooler or database restart): its writes died with it, and
        # touching `conn.info` now would raise PendingRollbackError over the error the 503 handler maps. Forget
        # anyway, in case a read in the same transaction cached rows next to a write that is now undone.
        forget()
        return
    if conn.info.pop("select_options_written", False):
        forget()
