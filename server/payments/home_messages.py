"""Home-page messages (req §1, §2 '/', §7 GET /users/home-page-messages, §9; decision 0065).

Staff create, edit and retire them in Settings (home_message_staff.py, decision 0087); `flask --app server
home-message ...` still creates one for everyone from the command line. A payment message
asks for an amount (the remainder of req §9, e.g. 9,990 tenge); the list answers what this user still owes on
it, computed here from the payments table, and its Pay button pays it through POST /users/payments/start
{purpose: "home_message", purpose_ref_id: <message id>}. A settled payment message is no longer listed.
"""

from __future__ import annotations

from ..database import use_case
from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import current_language
from ..models import User
from ..models.base import utcnow
from ..models.payment import CURRENCY_KZT, MESSAGE_PAYMENT, MESSAGE_TYPES, HomePageMessage
from ..populations import population_of
from . import dao, purposes

TITLE_MAX = 200
TEXT_MAX = 4000


def _localized(message: HomePageMessage, field: str, lang: str) -> str:
    return getattr(message, f"{field}_{lang}", None) or getattr(message, f"{field}_ru")


def list_for(user: User) -> dict:
    lang = current_language()
    items = []
    for message in dao.messages_for(user.id, population_of(user), utcnow()):
        amount = None
        if message.type == MESSAGE_PAYMENT:
            amount = purposes.message_remainder(message, user.id)
            if amount <= 0:
                continue  # paid: nothing left to ask
        items.append(
            {
                "id": message.id,
                "type": message.type,
                "is_permanent": message.is_permanent,
                "title": _localized(message, "title", lang),
                "text": _localized(message, "text", lang),
                "amount": amount,
                "currency": CURRENCY_KZT if amount is not None else None,
                "ends_at": message.ends_at,
                "created_at": message.created_at,
            }
        )
    return {"success": True, "list": items, "total": len(items)}


@use_case
def create(
    *,
    title_ru: str,
    text_ru: str,
    type: str = "info",
    is_permanent: bool = False,
    amount: int | None = None,
    user_id: int | None = None,
    title_kk: str | None = None,
    title_en: str | None = None,
    text_kk: str | None = None,
    text_en: str | None = None,
) -> HomePageMessage:
    errors = {}
    if type not in MESSAGE_TYPES:
        errors["type"] = ["validation.one_of"]
    for name, value, limit in (
        ("title_ru", title_ru, TITLE_MAX),
        ("text_ru", text_ru, TEXT_MAX),
        ("title_kk", title_kk, TITLE_MAX),
        ("title_en", title_en, TITLE_MAX),
        ("text_kk", text_kk, TEXT_MAX),
        ("text_en", text_en, TEXT_MAX),
    ):
        if name.endswith("_ru") and not (value or "").strip():
            errors[name] = ["validation.required"]
        elif value and len(value) > limit:
            errors[name] = ["validation.too_long"]
    if type == MESSAGE_PAYMENT and (amount is None or not 1 <= amount <= 10_000_000):
        errors["amount"] = ["validation.invalid_input"]
    if type != MESSAGE_PAYMENT and amount is not None:
        errors["amount"] = ["validation.invalid_input"]
    if user_id is not None and db.session.get(User, user_id) is None:
        errors["user_id"] = ["validation.invalid_input"]
    if errors:
        raise Invalid("errors.validation", errors=errors)
    message = HomePageMessage(
        type=type,
        is_permanent=is_permanent,
        amount=amount,
        user_id=user_id,
        title_ru=title_ru.strip(),
        title_kk=(title_kk or "").strip() or None,
        title_en=(title_en or "").strip() or None,
        text_ru=text_ru.strip(),
        text_kk=(text_kk or "").strip() or None,
        text_en=(text_en or "").strip() or None,
    )
    db.session.add(message)
    return message


@use_case
def deactivate(message_id: int) -> None:
    message = db.session.get(HomePageMessage, message_id)
    if message is None:
        raise NotFound("errors.not_found")
    message.is_active = False
