"""The staff dashboard (`GET /admin/dashboard`) and the campaign years of the queue's year badge (decision 0066).

Counts per queue, submissions per local day over the last 30 days (zero days included, so a chart needs no gaps
handling), and what waits for staff: citizens' documents awaiting confirmation (step 5), foreign applications
awaiting review (status applied), and payments per day: how many payments of the population's applicants were
paid that local day (a count, like the other series; decision 0089).
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app
from sqlalchemy import or_

from .. import populations
from ..models import Application, User
from ..models.application import STATUS_APPLIED, STATUS_ARCHIVED, STEP_DOCUMENTS_UPLOADED
from ..models.base import utcnow
from ..populations import POPULATION_KZ
from . import dao
from . import queues as admin_queues
from . import scope as admin_scope

DAYS = 30


def dashboard(actor: User, segment: str | None) -> dict:
    population = populations.population_for(actor, segment=segment)
    hidden = admin_scope.hidden_email_patterns()
    offset = int(current_app.config.get("LOCAL_UTC_OFFSET_MINUTES", 300))
    today = (utcnow() + timedelta(minutes=offset)).date()
    first_day = today - timedelta(days=DAYS - 1)
    since = dao.local_midnight(first_day, offset)
    per_day = dao.submissions_per_day(population, hidden, since, offset)
    paid_per_day = dao.payments_per_day(population, hidden, since, offset)
    days = [first_day + timedelta(days=n) for n in range(DAYS)]
    if population == POPULATION_KZ:
        waiting = Application.current_step == STEP_DOCUMENTS_UPLOADED
    else:
        waiting = Application.status == STATUS_APPLIED
    not_archived = or_(Application.status.is_(None), Application.status != STATUS_ARCHIVED)
    return {
        "success": True,
        "segment": populations.POPULATION_SEGMENTS[population],
        "counts": admin_queues.queue_counts(population, hidden),
        "unread_messages": dao.unread_replies(population, hidden),
        "submissions_per_day": [{"date": day, "count": per_day.get(day.isoformat(), 0)} for day in days],
        "payments_per_day": [{"date": day, "count": paid_per_day.get(day.isoformat(), 0)} for day in days],
        "documents_awaiting_confirmation": dao.count_applications(population, hidden, waiting, not_archived),
    }


def campaigns(actor: User) -> list[dict]:
    """Admission terms newest first; `is_current` marks the one open now (else the newest active one)."""
    populations.population_for(actor)
    now = utcnow()
    terms = dao.terms_newest_first()
    current = next((t for t in terms if t.is_active and t.opens_at <= now < t.closes_at), None)
    current = current or next((t for t in terms if t.is_active), None)
    return [
        {
            "id": term.id,
            "year": term.year,
            "name": term.name,
            "opens_at": term.opens_at,
            "closes_at": term.closes_at,
            "is_active": term.is_active,
            "is_current": current is not None and term.id == current.id,
        }
        for term in terms
    ]
