"""The staff queues (req §2 Staff routes, §4; design §6): `POST /admin/applications` and the export's selection.

A request names its population (isLocal), its queue (applicationFilters.queue), a search, filters and a sort;
admin_scope decides whether the caller may see that population at all. A page costs a constant number of
statements whatever its size: rows, filtered total, every queue's count, and the names of the social categories
on the page.
"""

from __future__ import annotations

import re
import time
from datetime import date

from flask import current_app

from .. import populations
from ..applications import upload_code, workflow
from ..applications.signals import progress_changed
from ..errors import Invalid
from ..i18n import current_language
from ..models import User
from ..populations import POPULATION_KZ
from . import dao
from . import scope as admin_scope
from .dao import QUEUE_USERS, QUEUES, QueueQuery

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_SEARCH_TOKENS = 5
_PHONE_PUNCTUATION = re.compile(r"[\s+\-().]+")
_SPACES = re.compile(r"\s+")


def search_tokens(text: str | None) -> list[str]:
    """The words of a search, lower-cased; a phone number or IIN typed with spaces or dashes is one digit string
    (the summary keeps phones digits-only too)."""
    if not text:
        return []
    text = text.strip().lower()
    digits = _PHONE_PUNCTUATION.sub("", text)
    if len(digits) >= 3 and digits.isdigit():
        return [digits]
    return [token for token in _SPACES.split(text) if token][:MAX_SEARCH_TOKENS]


def queue_counts(population: str, hidden_patterns: list[str]) -> dict[str, int]:
    """The menu badges: every queue of the population counted by one grouped statement, kept for
    ADMIN_COUNTS_CACHE_SECONDS per app process (a page of 20 costs a few milliseconds of SQL; counting 50,000
    applications on every page of every admin costs more than the page). An admin action in this process forgets
    them at once; other processes catch up within the interval."""
    ttl = float(current_app.config.get("ADMIN_COUNTS_CACHE_SECONDS", 0))
    key = (population, tuple(hidden_patterns))
    cache = current_app.extensions.setdefault("admin_queue_counts", {})
    now = time.monotonic()
    cached = cache.get(key)
    if ttl > 0 and cached is not None and now - cached[0] < ttl:
        return dict(cached[1])
    counts = dao.queue_counts(population, hidden_patterns)
    if ttl > 0:
        cache[key] = (now, counts)
    return dict(counts)


def forget_counts(*_sender, **_data) -> None:
    """After an application moved in this process: the next list shows fresh badges."""
    current_app.extensions.get("admin_queue_counts", {}).clear()


# An applicant's own move (the citizens' stepper) changes the queues too; applications cannot import this domain.
progress_changed.connect(forget_counts)


def _local_offset() -> int:
    return int(current_app.config.get("LOCAL_UTC_OFFSET_MINUTES", 300))


def queue_keys(population: str) -> list[str]:
    return list(QUEUES[population])


def build_query(
    actor: User,
    *,
    is_local: bool | None,
    queue: str | None,
    search: str | None = None,
    params: dict | None = None,
    sort: dict | None = None,
    language: str | None = None,
) -> QueueQuery:
    """Validates what depends on the population (the queue key) and turns the API's names into a QueueQuery."""
    population = populations.population_for(actor, is_local=is_local)
    queue = queue or QUEUE_USERS
    if queue not in QUEUES[population]:
        raise Invalid(
            "admin.unknown_queue",
            errors={"applicationFilters.queue": ["admin.unknown_queue"]},
            queues=", ".join(queue_keys(population)),
        )
    params = params or {}
    offset = _local_offset()
    from_date: date | None = params.get("fromDate")
    to_date: date | None = params.get("toDate")
    return QueueQuery(
        population=population,
        queue=queue,
        search_tokens=search_tokens(search),
        citizenship_id=params.get("selectedNation"),
        study_program_id=params.get("selectedProgram"),
        submitted_from=dao.local_midnight(from_date, offset) if from_date else None,
        submitted_to=dao.local_midnight(to_date, offset) if to_date else None,
        needs_dorm=params.get("needsDorm"),
        unread_messages=bool(params.get("unreadMessages")),
        country_id=params.get("country"),
        campaign_year=params.get("campaignYear"),
        unt_score_from=params.get("untScoreFrom"),
        unt_score_to=params.get("untScoreTo"),
        social_category_id=params.get("socialCategory"),
        sort_field=(sort or {}).get("field"),
        sort_descending=(sort or {}).get("direction", "desc") == "desc",
        language=language or current_language(),
        hidden_email_patterns=admin_scope.hidden_email_patterns(),
    )


def _category_ids(text: str | None) -> list[int]:
    return [int(part) for part in (text or "").split(",") if part.isdigit()]


def _names(prefix: str, row) -> dict | None:
    mapping = row._mapping
    if mapping[f"{prefix}_id"] is None:
        return None
    return {
        "id": mapping[f"{prefix}_id"],
        "code": mapping[f"{prefix}_code"],
        "name_ru": mapping[f"{prefix}_name_ru"],
        "name_en": mapping[f"{prefix}_name_en"],
        "name_kk": mapping[f"{prefix}_name_kk"],
    }


def present_rows(rows: list, population: str) -> list[dict]:
    """Rows of §2's table columns; the social categories of the whole page are named with one query."""
    options = dao.option_names(i for row in rows for i in _category_ids(row.social_category_ids))
    out = []
    for row in rows:
        categories = [
            {"id": o.id, "code": o.code, "name_ru": o.name_ru, "name_en": o.name_en, "name_kk": o.name_kk}
            for o in (options.get(i) for i in _category_ids(row.social_category_ids))
            if o is not None
        ]
        out.append(
            {
                "id": row.id,
                "user": {
                    "id": row.user_id,
                    "email": row.email,
                    "first_name": row.first_name or row.user_first_name,
                    "last_name": row.last_name or row.user_last_name,
                    "middle_name": row.middle_name,
                },
                "citizenship": _names("citizenship", row),
                "study_program_id": row.study_program_id,
                "study_program": _names("study_program", row),
                "term_id": row.term_id,
                "campaign_year": row.campaign_year,
                "createdAt": row.created_at,
                "submittedAt": row.submitted_at,
                "need_dorm": row.need_dorm,
                "documents_count": row.documents_count or 0,
                "social_category": categories,
                "status": row.status,
                "current_step": row.current_step,
                "financing": row.financing,
                "unt_score": row.unt_score,
                "is_exempted_from_payment": row.is_exempted_from_payment,
                "upload_code": upload_code.encode(row.user_id) if population == POPULATION_KZ else None,
                # The applicant's replies staff have not opened (decision 0084; dao.page joins them).
                "unread_messages": int(getattr(row, "unread_messages", 0) or 0),
                # The row's "send to next stage" button names this move (null: none from here); its guards are
                # judged when it is taken (decision 0089).
                "next_stage": workflow.next_stage_for(population, row) if row.id is not None else None,
            }
        )
    return out


def list_applications(actor: User, body: dict) -> dict:
    query = build_query(
        actor,
        is_local=body.get("isLocal"),
        queue=(body.get("applicationFilters") or {}).get("queue"),
        search=body.get("searchWhere"),
        params=body.get("additionalParams"),
        sort=body.get("sort"),
    )
    page_number, size = body.get("page", 1), body.get("size", DEFAULT_PAGE_SIZE)
    rows, total = dao.page(query, page_number, size)
    return {
        "success": True,
        "list": present_rows(rows, query.population),
        "total": total,
        "counts": queue_counts(query.population, query.hidden_email_patterns),
        "page": page_number,
        "size": size,
        "queue": query.queue,
        "segment": populations.POPULATION_SEGMENTS[query.population],
        # The client asks for a background export above this (review/export_jobs.py).
        "export_sync_max_rows": int(current_app.config.get("ADMIN_EXPORT_SYNC_MAX_ROWS", 3000)),
    }
