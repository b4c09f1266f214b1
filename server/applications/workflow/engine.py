"""Running the transition table: the only code that writes an application's progress.

`transition()` checks, in this order: the actor may touch this application at all (404 otherwise), the row lock,
the population, the actor's role, the starting state (409), the reason, the data (400) and the guards. Only then
does it write: one conditional UPDATE (… WHERE version = :read) and one application_events row, in the caller's
transaction. It never commits; the calling service does (design §3). Concurrency: on PostgreSQL the state is read
with SELECT … FOR UPDATE, so a concurrent duplicate waits, then sees the new state and is refused; on any database
the version condition refuses a write based on a state that is no longer current (decision 0060).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime

from marshmallow import ValidationError
from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value

from ... import populations
from ...errors import ApiError, Invalid, NotFound
from ...extensions import db
from ...models import Application, ApplicationEvent
from ...models.base import utcnow
from ...request_id import current_request_id
from . import jobs
from .actors import Actor
from .guards import ILLEGAL, Guard
from .schemas import TEXT_MAX
from .states import Context
from .table import TRANSITIONS, Transition

log = logging.getLogger(__name__)

# What the state machine owns on an application (read under the lock, written only here).
STATE_FIELDS = (
    "version",
    "current_step",
    "status",
    "financing",
    "is_exempted_from_payment",
    "submitted_at",
    "study_program_id",
)
_STEP_AND_STATUS = ("current_step", "status")


def illegal() -> ApiError:
    return ApiError(*ILLEGAL)


def _spec(name: str) -> Transition:
    try:
        return TRANSITIONS[name]
    except KeyError:
        raise LookupError(f"unknown workflow transition {name!r}") from None


# ------------------------------------------------------------------------------------------------- checks


def _text(name: str, value: str | None) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise Invalid("validation.string", errors={name: ["validation.string"]})
    value = value.strip()
    if len(value) > TEXT_MAX:
        raise Invalid("validation.too_long", errors={name: ["validation.too_long"]})
    return value or None


def _loaded_data(spec: Transition, data: dict | None) -> dict:
    if spec.data_schema is None:
        if data:
            raise Invalid("validation.unknown_field", errors={str(key): ["validation.unknown_field"] for key in data})
        return {}
    try:
        return spec.data_schema().load(data or {})
    except ValidationError as invalid:
        raise Invalid("errors.validation", errors=invalid.messages) from None


def _refuse(guard: Guard) -> ApiError:
    status, key = guard.refusal
    return ApiError(status, key, errors={guard.field: [key]} if guard.field else None)


def _admit(
    spec: Transition,
    application: Application,
    role: str,
    *,
    data: dict | None,
    reason: str | None,
    skip_guards: Iterable[str] = (),
    with_data: bool = True,
) -> Context:
    """The Context of an allowed transition, or the ApiError that refuses it. Changes nothing."""
    population = populations.population_of(application.user)
    if spec.population is not None and population != spec.population:
        raise illegal()
    if role not in spec.actors or not spec.source.matches(application):
        raise illegal()
    if with_data and spec.reason_required and reason is None:
        raise Invalid("validation.required", errors={"reason": ["validation.required"]})
    ctx = Context(
        application=application,
        owner=application.user,
        population=population,
        role=role,
        data=_loaded_data(spec, data) if with_data else {},
        now=utcnow(),
    )
    skipped = set(skip_guards)
    for guard in spec.guards:
        if guard.name in skipped or (guard.reads_data and not with_data):
            continue
        if not guard(ctx):
            raise _refuse(guard)
    return ctx


# ------------------------------------------------------------------------------------------------- writing


def _lock(application: Application) -> None:
    """Re-reads the state fields under a row lock (PostgreSQL; SQLite has none and relies on the version check)."""
    row = db.session.execute(
        select(*(getattr(Application, name) for name in STATE_FIELDS))
        .where(Application.id == application.id)
        .with_for_update()
    ).one_or_none()
    if row is None:
        raise NotFound("applications.not_found")
    for name, value in zip(STATE_FIELDS, row, strict=True):
        set_committed_value(application, name, value)


def _write(application: Application, changes: dict, now: datetime) -> None:
    if application.id is None:  # creation: the row is inserted by the caller's flush/commit
        for name, value in changes.items():
            setattr(application, name, value)
        application.version = 1
        db.session.add(application)
        return
    read_version = application.version
    values = {**changes, "version": read_version + 1, "updated_at": now}
    result = db.session.execute(
        update(Application)
        .where(Application.id == application.id, Application.version == read_version)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        raise illegal()  # another transaction moved the application since it was read
    for name, value in values.items():
        set_committed_value(application, name, value)
    if "study_program_id" in changes:
        db.session.expire(application, ["study_program"])


def _jsonable(value):
    return value.isoformat() if isinstance(value, datetime) else value


def _record(
    spec: Transition,
    application: Application,
    actor: Actor,
    role: str,
    before: dict,
    ctx: Context,
    reason: str | None,
    comment: str | None,
) -> ApplicationEvent:
    after = {name: getattr(application, name) for name in STATE_FIELDS}
    event = ApplicationEvent(
        application=application,
        transition=spec.name,
        actor_user_id=actor.user_id,
        actor_role=role,
        from_step=before["current_step"],
        to_step=after["current_step"],
        from_status=before["status"],
        to_status=after["status"],
        changes={
            name: {"from": _jsonable(before[name]), "to": _jsonable(after[name])}
            for name in STATE_FIELDS
            if name not in (*_STEP_AND_STATUS, "version") and before[name] != after[name]
        },
        data={key: _jsonable(value) for key, value in ctx.data.items()},
        reason=reason,
        comment=comment,
        request_id=current_request_id(),
        applicant_visible=spec.applicant_visible,
        created_at=ctx.now,
    )
    db.session.add(event)
    db.session.flush()
    return event


# ----------------------------------------------------------------------------------------------- public API


def transition(
    application: Application,
    name: str,
    *,
    actor: Actor,
    reason: str | None = None,
    comment: str | None = None,
    data: dict | None = None,
) -> ApplicationEvent:
    """Takes the transition `name` or raises the ApiError that refuses it (nothing changed). Does not commit."""
    spec = _spec(name)
    role = actor.role_on(application)
    reason, comment = _text("reason", reason), _text("comment", comment)
    if application.id is not None:
        _lock(application)
    ctx = _admit(spec, application, role, data=data, reason=reason)
    before = {field: (getattr(application, field) if application.id is not None else None) for field in STATE_FIELDS}
    _write(application, spec.target(ctx), ctx.now)
    event = _record(spec, application, actor, role, before, ctx, reason, comment)
    jobs.enqueue(spec.jobs, event)
    log.info(
        "application transition",
        extra={"application_id": application.id, "transition": name, "actor_role": role, "event_id": event.id},
    )
    return event


def check(
    application: Application,
    name: str,
    *,
    actor: Actor,
    reason: str | None = None,
    data: dict | None = None,
    skip_guards: Iterable[str] = (),
) -> None:
    """Raises what transition() would raise, without locking or changing anything. `skip_guards`: names of guards
    the caller cannot satisfy yet (the questionnaire is complete only once this very request's answers are stored)."""
    spec = _spec(name)
    role = actor.role_on(application)
    _admit(spec, application, role, data=data, reason=_text("reason", reason), skip_guards=skip_guards)


def available_transitions(application: Application, actor: Actor) -> list[str]:
    """The transitions this actor may take now, judged without data or a reason (the caller supplies those when
    it takes one); empty for an application the actor may not touch."""
    try:
        role = actor.role_on(application)
    except ApiError:
        return []
    names = []
    for spec in TRANSITIONS.values():
        try:
            _admit(spec, application, role, data=None, reason=None, with_data=False)
        except ApiError:
            continue
        names.append(spec.name)
    return names


def next_stage(application: Application, actor: Actor) -> str:
    """The transition staff's "send to next stage" means for this application now: the table's next-stage
    transition whose population, actor and source match. Guards are not judged here, so taking it explains a
    refusal (a document sent back, ...) instead of a bare "illegal transition"."""
    try:
        role = actor.role_on(application)
    except ApiError:
        raise illegal() from None
    name = next_stage_for(populations.population_of(application.user), application, role=role)
    if name is None:
        raise illegal()
    return name


def next_stage_for(population: str, application, *, role: str | None = None) -> str | None:
    """The next-stage transition of an application of the population in the role of that population's admin (or
    the given role), or None. `application` needs only id, current_step, status and financing, so a queue row
    names its row button without loading the application (the object check is the move's own)."""
    role = role or populations.POPULATION_ROLES[population]
    for spec in TRANSITIONS.values():
        if (
            spec.next_stage
            and role in spec.actors
            and (spec.population is None or spec.population == population)
            and spec.source.matches(application)
        ):
            return spec.name
    return None
