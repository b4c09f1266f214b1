"""A citizen whose credit-bureau data are known starts each application with them (decision 0064): the bureau's
names, IIN and birth date are written into the local main-info answers (they are read-only for the applicant from
then on, issue 22), and the gender the IIN encodes fills the answer if the applicant has not given one."""

from __future__ import annotations

from .. import forms, populations
from ..extensions import db
from ..forms import MAIN_INFO_LOCAL
from ..models import Application, PkbPersonData, UserData
from ..models.base import utcnow
from . import dao, summary

# The answers the bureau vouches for: the applicant cannot change them (answers.py), so the grant, staff and the
# exports read the person the bureau confirmed (issue 22). The gender only derives from the IIN and stays editable.
BUREAU_FIELDS = ("last_name", "first_name", "middle_name", "iin", "date_of_birth")


def bureau_values(person: PkbPersonData) -> dict:
    """The read-only main-info answers: each of BUREAU_FIELDS the bureau returned a value for."""
    return {key: value for key, value in _main_info_values(person).items() if key in BUREAU_FIELDS}


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
    """Writes the bureau's data into the application's local main-info answers: the bureau's fields replace what
    the applicant typed before the confirmation, the gender only fills an empty answer. Does not commit: part of
    the caller's transaction."""
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
        _refresh_summary(application)
        return
    data = dict(item.data or {})
    changes = {
        key: value
        for key, value in values.items()
        if forms.is_empty(data.get(key)) or (key in BUREAU_FIELDS and data.get(key) != value)
    }
    if changes:
        item.data = {**data, **changes}  # a new dict: the JSON column notices the change
        item.updated_at = now
        _refresh_summary(application)


def _refresh_summary(application: Application) -> None:
    # Staff search the queues by the IIN and names of the summary row: it follows the bureau's values at once.
    summary.refresh(application, {row.type: row.data or {} for row in dao.user_data_of(application.id)})
