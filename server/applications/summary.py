"""Keeps `application_summaries` (models/application_summary.py) equal to what the answers say.

`refresh` runs inside the transaction of every save of answers and of application creation; it never commits.
`summarize` is pure (answers in, column values out), so the bench seeder builds the same rows without the app.
Which answer feeds which column is declared below, not spread through queries (decision 0066).
"""

from __future__ import annotations

import re

from sqlalchemy import select

from ..database import unit_of_work
from ..extensions import db
from ..forms import MAIN_INFO_FORMS
from ..models import Application, ApplicationSummary, User, UserData

NEED_DORM_SOURCES = (("fillStepAdditionalInfo", "need_dorm"), ("fillStepAdditionalInfoLocal", "need_dorm"))
NEED_DORM_VALUES = {"Да": True, "Нет": False}  # the radio's raw choices (req §3 Additional info)
UNT_SOURCES = (
    ("fillStepTestScoreUnt", "unt_score"),
    ("fillStepTestScoreComprehensive", "unt_score"),
    ("fillStepTestScoreKaztest", "unt_score"),
)
SOCIAL_CATEGORY_SOURCES = (
    ("fillStepSocialCategories", "social_categories"),  # citizens: a multi-select
    ("fillStepAdditionalInfo", "social_category"),  # foreign applicants: one select
)
COUNTRY_SOURCES = (
    ("fillStepImmigration", "country_of_residence"),
    ("fillStepAdditionalInfoLocal", "country_of_residence"),
)
PDF = "application/pdf"
FILE_URL_PREFIX = "/api/v1/files/"
SEPARATOR = " | "
_NOT_DIGIT = re.compile(r"\D+")


def _text(value, limit: int) -> str | None:
    if not isinstance(value, str):
        return None
    # Answers are JSON (any text is storable there); these are plain text columns, where PostgreSQL refuses NUL
    # and UTF-8 refuses lone surrogates, so the summary keeps only what it can index.
    storable = value.replace("\x00", "").encode("utf-8", "ignore").decode("utf-8")
    return storable.strip()[:limit] or None


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _first(answers: dict, sources, convert):
    for form_key, field in sources:
        value = convert((answers.get(form_key) or {}).get(field))
        if value is not None:
            return value
    return None


def _number(value) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip().replace(",", "."))
        except ValueError:
            return None
    return None


def _category_ids(value) -> list[int] | None:
    if isinstance(value, list):
        ids = [v for v in value if _int(v) is not None]
        return ids or None
    single = _int(value)
    return [single] if single is not None else None


def count_documents(value) -> int:
    """PDF file references anywhere in the answers (the photo is an image and does not count)."""
    if isinstance(value, dict):
        if isinstance(value.get("url"), str) and value["url"].startswith(FILE_URL_PREFIX) and "id" in value:
            return 1 if value.get("content_type") == PDF else 0
        return sum(count_documents(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_documents(v) for v in value)
    return 0


def summarize(answers: dict[str, dict], *, email: str, first_name: str | None, last_name: str | None) -> dict:
    """Column values of an application's summary row from its answers ({form key: data}) and its owner."""
    main = next((answers[k] for k in MAIN_INFO_FORMS if isinstance(answers.get(k), dict)), {})
    last = _text(main.get("last_name"), 100) or _text(last_name, 100)
    first = _text(main.get("first_name"), 100) or _text(first_name, 100)
    middle = _text(main.get("middle_name"), 100)
    phone = _text(main.get("phone_number"), 32)
    parts = [email, first_name, last_name, last, first, middle, _text(main.get("email"), 255)]
    parts += [_text(main.get("iin"), 12), phone, _NOT_DIGIT.sub("", phone) if phone else None]
    categories = _first(answers, SOCIAL_CATEGORY_SOURCES, _category_ids) or []
    return {
        "search_text": SEPARATOR.join(p.lower() for p in dict.fromkeys(parts) if p),
        "sort_name": " ".join(p for p in (last, first, middle) if p).lower()[:320],
        "last_name": last,
        "first_name": first,
        "middle_name": middle,
        "nationality_id": _int(main.get("nationality")),
        "country_id": _first(answers, COUNTRY_SOURCES, _int),
        "need_dorm": _first(
            answers, NEED_DORM_SOURCES, lambda v: NEED_DORM_VALUES.get(v) if isinstance(v, str) else None
        ),
        "unt_score": _first(answers, UNT_SOURCES, _number),
        "social_category_ids": f",{','.join(str(i) for i in categories)}," if categories else "",
        "documents_count": count_documents(answers),
    }


def refresh(application: Application, answers: dict[str, dict], owner: User | None = None) -> ApplicationSummary:
    """Rebuilds the application's summary row in the current transaction (the caller commits)."""
    owner = owner or application.user
    values = summarize(answers, email=owner.email, first_name=owner.first_name, last_name=owner.last_name)
    row = db.session.get(ApplicationSummary, application.id)
    if row is None:
        row = ApplicationSummary(application_id=application.id)
        db.session.add(row)
    for key, value in values.items():
        setattr(row, key, value)
    return row


def rebuild_all(batch_size: int = 500) -> int:
    """Rebuilds every summary (after an upgrade or a change of the rules above); commits per batch."""
    done = 0
    last_id = 0
    while True:
        with unit_of_work():  # one unit per batch (the last one, empty, only reads)
            applications = list(
                db.session.scalars(
                    select(Application).where(Application.id > last_id).order_by(Application.id).limit(batch_size)
                )
            )
            if not applications:
                return done
            ids = [a.id for a in applications]
            answers: dict[int, dict[str, dict]] = {i: {} for i in ids}
            for item in db.session.scalars(select(UserData).where(UserData.application_id.in_(ids))):
                answers[item.application_id][item.type] = item.data or {}
            owners = {
                u.id: u for u in db.session.scalars(select(User).where(User.id.in_({a.user_id for a in applications})))
            }
            for application in applications:
                refresh(application, answers[application.id], owners[application.user_id])
        done += len(applications)
        last_id = ids[-1]
