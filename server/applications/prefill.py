"""A citizen whose credit-bureau data are known starts each application with them (decision 0064): the bureau's
names, IIN, birth date and gender fill the local main-info answers the applicant has not answered yet."""

from __future__ import annotations

from .. import forms, populations
from ..extensions import db
from ..forms import MAIN_INFO_LOCAL
from ..models import Application, PkbPersonData, UserData
from ..models.base import utcnow
from . import dao


def _main_info_values(person: PkbPersonData) -> dict:
    values = {
        "last_name": person.last_name,
        "first_name": person.first_name,
        "middle_name": person.middle_name,
        "iin": person.iin,
        "date_of_birth": person.date_of_birth.isoformat() if person.date_of_birth else None,
        "gender": person.gender,
    }
    return {key: value for key, value in values.items() if value is not None}


def prefill_main_info(application: Application) -> None:
    """Writes the bureau's data into the application's local main-info answers, filling only fields the applicant
    has not answered (their own answers win). Does not commit: part of the caller's transaction."""
    if application.is_submitted or not application.is_active:
        return
    if populations.population_of(application.user) != populations.POPULATION_KZ:
        return
    person = dao.person_data_of(application.user_id)
    if person is None:
        return
    values = _main_info_values(person)
    item = dao.user_data_item(application.id, MAIN_INFO_LOCAL)
    now = utcnow()
    if item is None:
        db.session.add(
            UserData(
                user_id=application.user_id,
                application_id=application.id,
                term_id=application.term_id,
                type=MAIN_INFO_LOCAL,
                data=values,
                created_at=now,
                updated_at=now,
            )
        )
        return
    data = dict(item.data or {})
    missing = {key: value for key, value in values.items() if forms.is_empty(data.get(key))}
    if missing:
        item.data = {**data, **missing}  # a new dict: the JSON column notices the change
        item.updated_at = now
