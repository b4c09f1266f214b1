"""Home-page messages managed by staff in Settings (issue 23, decision 0087).

An admin manages the messages of the population they administer (the shell's segment): to the whole population or
to one of its applicants, permanent (no dates, opens in the home page's modal while active) or dated (shown from
`starts_at` to `ends_at`), info or payment (an amount in tenge), titled and written in Russian with optional Kazakh
and English (falling back to Russian, decision 0073). Every id is checked against the caller's populations: a
message of the other population, or one of the command line's messages to everyone, answers 404 like a missing one.
Each change is one audit row (the session hook adds the before/after of the columns).
"""

from __future__ import annotations

from sqlalchemy import and_, or_, select

from .. import audit
from ..database import escape_like, use_case
from ..errors import Conflict, Invalid, NotFound
from ..extensions import db
from ..models import User
from ..models.base import utcnow
from ..models.payment import MESSAGE_PAYMENT, MESSAGE_TYPES, HomePageMessage
from ..models.reference import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship
from ..models.user import STAFF_ROLES
from ..populations import POPULATION_KZ, population_of
from . import dao
from .home_messages import TEXT_MAX, TITLE_MAX

AUDIENCE_POPULATION = "population"
AUDIENCE_USER = "user"
AUDIENCES = (AUDIENCE_POPULATION, AUDIENCE_USER)
AMOUNT_MAX = 10_000_000
LANGS = ("ru", "kk", "en")
RECIPIENTS_MAX = 10


def population_users(population: str):
    """Ids of the population's accounts, as a subquery (a user without a citizenship belongs to none). The same rule
    as populations.population_of, in SQL."""
    kazakhstan = select(Citizenship.id).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN).scalar_subquery()
    if population == POPULATION_KZ:
        clause = User.citizenship_id.in_(kazakhstan)
    else:
        clause = and_(User.citizenship_id.is_not(None), User.citizenship_id.not_in(kazakhstan))
    return select(User.id).where(clause)


def _person(user: User | None) -> dict | None:
    if user is None:
        return None
    name = " ".join(part for part in (user.last_name, user.first_name) if part)
    return {"id": user.id, "email": user.email, "name": name}


def read(message: HomePageMessage) -> dict:
    """A message as the Settings screen edits it: every language, the audience and the dates."""
    return {
        "id": message.id,
        "type": message.type,
        "amount": message.amount,
        "is_permanent": message.is_permanent,
        "is_active": message.is_active,
        "audience": AUDIENCE_USER if message.user_id is not None else AUDIENCE_POPULATION,
        "population": message.population,
        "user": _person(db.session.get(User, message.user_id)) if message.user_id is not None else None,
        "starts_at": message.starts_at,
        "ends_at": message.ends_at,
        "created_at": message.created_at,
        "updated_at": message.updated_at,
        **{f"{field}_{lang}": getattr(message, f"{field}_{lang}") for field in ("title", "text") for lang in LANGS},
    }


def list_messages(population: str, *, active: bool, page: int, per_page: int) -> dict:
    rows, total = dao.staff_messages(
        population, population_users(population), active=active, page=page, per_page=per_page
    )
    return {"success": True, "list": [read(row) for row in rows], "total": total, "page": page, "per_page": per_page}


def recipients(population: str, query: str) -> dict:
    """Applicants of the population whose e-mail or name contains `query` (the single-applicant audience picker)."""
    text = (query or "").strip().lower()
    if len(text) < 2:
        return {"success": True, "list": []}
    like = f"%{escape_like(text)}%"
    rows = db.session.scalars(
        select(User)
        .where(
            User.id.in_(population_users(population)),
            or_(
                User.email.like(like, escape="\\"),
                User.first_name.ilike(like, escape="\\"),
                User.last_name.ilike(like, escape="\\"),
            ),
        )
        .order_by(User.email)
        .limit(RECIPIENTS_MAX * 2)
    )
    # Staff accounts have no citizenship and so are never in a population; the role check is the belt to those braces.
    found = [row for row in rows if not (row.role_names & set(STAFF_ROLES))][:RECIPIENTS_MAX]
    return {"success": True, "list": [_person(row) for row in found]}


def _owned(population: str, message_id: int) -> HomePageMessage:
    """The message if it belongs to this population's Settings; 404 otherwise (object-level authorisation)."""
    message = db.session.get(HomePageMessage, message_id)
    if message is None:
        raise NotFound("errors.not_found")
    if message.user_id is not None:
        owner = db.session.get(User, message.user_id)
        if owner is None or population_of(owner) != population:
            raise NotFound("errors.not_found")
    elif message.population != population:
        raise NotFound("errors.not_found")
    return message


def _clean(value: str | None) -> str | None:
    return (value or "").strip() or None


def _amount(kind: str | None, amount: int | None, errors: dict) -> int | None:
    if kind != MESSAGE_PAYMENT:
        return None  # an info message asks for nothing; a stale amount from the form is dropped
    if amount is None:
        errors["amount"] = ["validation.required"]
    elif not 1 <= amount <= AMOUNT_MAX:
        errors["amount"] = ["settings_content.amount_range"]
    return amount


def _texts(body: dict, errors: dict) -> dict:
    texts = {}
    for field, limit in (("title", TITLE_MAX), ("text", TEXT_MAX)):
        for lang in LANGS:
            name = f"{field}_{lang}"
            value = _clean(body.get(name))
            if lang == "ru" and value is None:
                errors[name] = ["validation.required"]
            elif value is not None and len(value) > limit:
                errors[name] = ["validation.too_long"]
            texts[name] = value
    return texts


def _window(is_permanent: bool, starts_at, ends_at, errors: dict) -> tuple:
    if is_permanent:
        return None, None
    if starts_at is None:
        errors["starts_at"] = ["validation.required"]
    if ends_at is None:
        errors["ends_at"] = ["validation.required"]
    if starts_at is not None and ends_at is not None and ends_at <= starts_at:
        errors["ends_at"] = ["settings_content.ends_before_start"]
    return starts_at, ends_at


def _recipient(population: str, audience: str | None, user_id, errors: dict) -> int | None:
    if audience not in AUDIENCES:
        errors["audience"] = ["validation.one_of"]
        return None
    if audience == AUDIENCE_POPULATION:
        return None
    owner = db.session.get(User, user_id) if isinstance(user_id, int) else None
    # Another population's applicant (or a staff account) reads as an unknown one: the picker never offers them.
    if owner is None or population_of(owner) != population or owner.role_names & set(STAFF_ROLES):
        errors["user_id"] = ["settings_content.recipient_unknown"]
    return user_id


def _validated(population: str, body: dict) -> dict:
    """The message's columns from the body, or Invalid with every field's error at once."""
    errors: dict[str, list[str]] = {}
    kind = body.get("type")
    if kind not in MESSAGE_TYPES:
        errors["type"] = ["validation.one_of"]
    amount = _amount(kind, body.get("amount"), errors)
    texts = _texts(body, errors)
    is_permanent = bool(body.get("is_permanent"))
    starts_at, ends_at = _window(is_permanent, body.get("starts_at"), body.get("ends_at"), errors)
    user_id = _recipient(population, body.get("audience"), body.get("user_id"), errors)
    if errors:
        raise Invalid("errors.validation", errors=errors)
    return {
        "type": kind,
        "amount": amount,
        "is_permanent": is_permanent,
        "starts_at": starts_at,
        "ends_at": ends_at,
        "user_id": user_id,
        "population": population if user_id is None else None,
        **texts,
    }


@use_case
def create(actor: User, population: str, body: dict) -> dict:
    columns = _validated(population, body)
    message = HomePageMessage(is_active=True, **columns)
    db.session.add(message)
    db.session.flush()
    audit.record("home_message.create", message, {"population": population}, actor=actor)
    return read(message)


@use_case
def update(actor: User, population: str, message_id: int, body: dict) -> dict:
    message = _owned(population, message_id)
    if not message.is_active:
        raise Conflict("settings_content.message_retired")
    for name, value in _validated(population, body).items():
        setattr(message, name, value)
    message.updated_at = utcnow()
    audit.record("home_message.update", message, {"population": population}, actor=actor)
    return read(message)


@use_case
def retire(actor: User, population: str, message_id: int) -> dict:
    """Takes the message off the home page for good (kept for the record; a payment already made stays paid)."""
    message = _owned(population, message_id)
    if message.is_active:
        message.is_active = False
        message.updated_at = utcnow()
        audit.record("home_message.retire", message, {"population": population}, actor=actor)
    return read(message)
