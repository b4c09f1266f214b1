"""The audit trail of an application as each audience may see it."""

from __future__ import annotations

from ...models import ApplicationEvent
from .. import events_dao


def status_history(application_id: int) -> list[ApplicationEvent]:
    """The applicant's view: applicant-visible transitions in time order (one query). Who acted on the staff side
    and their comments stay out of it: the answer schema (StatusHistoryEntryRead) shows only the transition,
    from/to and the date."""
    return events_dao.applicant_visible(application_id)


def events_for_admin(application_id: int) -> list[ApplicationEvent]:
    """The full trail for staff, with each acting user loaded (one query). The caller has already checked that
    the admin may read this application (services.applications.get_readable)."""
    return events_dao.full_trail(application_id)
