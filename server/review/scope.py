"""Who an admin may see and act on: the one place the population split of design §6 / req §6 is enforced.

'Админ' works on foreign applicants, 'Админ (граждане КЗ)' on citizens of Kazakhstan. Every admin call goes
through here:
  - no token → 401 and a signed-in user without an admin role → 403 (`login_required(roles=ADMIN_ROLES)`);
  - a call about a whole population (a queue, an export, the dashboard, the citizens-only upload code) by an admin
    without that population's role → 403 (`population_for`, `require_population`);
  - a call about one application or user of the other population → 404, exactly as for an id that does not exist
    (`application_for`, `user_for`), so ids cannot be probed across the split;
  - lists are restricted in SQL to the population and leave out internal accounts (`listed_users_clause`).
`GET /users/check?segment=` answers from the same mapping (`has_segment_access`).
"""

from __future__ import annotations

from flask import current_app
from sqlalchemy.sql import ColumnElement

from ..applications import dao as applications_dao
from ..errors import NotFound
from ..models import Application, User
from ..models.base import is_row_id
from ..populations import is_admin_of
from . import dao as queues_dao


def application_for(actor: User, application_id: int) -> Application:
    """An application of the caller's population, else 404 (also for ids that do not exist)."""
    application = applications_dao.get_application(application_id) if is_row_id(application_id) else None
    if application is None or not is_admin_of(actor, application.user):
        raise NotFound("applications.not_found")
    return application


def user_for(actor: User, user_id: int) -> User:
    """An applicant of the caller's population, else 404."""
    user = applications_dao.get_user(user_id) if is_row_id(user_id) else None
    if user is None or not is_admin_of(actor, user):
        raise NotFound("admin.user_not_found")
    return user


# ------------------------------------------------------------------------------------------------------ lists


def hidden_email_patterns() -> list[str]:
    return list(current_app.config.get("ADMIN_HIDDEN_EMAIL_PATTERNS") or [])


def listed_users_clause(population: str) -> ColumnElement[bool]:
    """The SQL restriction of every staff list: the population's accounts minus the hidden internal ones."""
    return queues_dao.listed_users_clause(population, hidden_email_patterns())
