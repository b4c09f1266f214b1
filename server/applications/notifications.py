"""Mail about an application, in the applicant's language.

Users have no stored language: letters go out in the language the applicant submitted in (kept in the submit_form
event's data, issue 10), and in Russian, the product's default, before that (decisions 0061 and 0069).
"""

from __future__ import annotations

from sqlalchemy import select

from ..database import use_case
from ..extensions import db
from ..i18n import LANGUAGES
from ..jobs.mail import queue_mail
from ..models import Application, ApplicationEvent

DEFAULT_MAIL_LANGUAGE = "ru"


def mail_language(event) -> str:
    """The event's own language, else the one of the application's latest event that carries one."""
    language = (event.data or {}).get("language")
    if language in LANGUAGES:
        return language
    rows = db.session.scalars(
        select(ApplicationEvent.data)
        .where(ApplicationEvent.application_id == event.application_id, ApplicationEvent.transition == "submit_form")
        .order_by(ApplicationEvent.id.desc())
    )
    for data in rows:
        if (data or {}).get("language") in LANGUAGES:
            return data["language"]
    return DEFAULT_MAIL_LANGUAGE


@use_case
def mail_about_event(event_id: int, template: str) -> None:
    """Mails the application's owner about one application_events row; owns its transaction (a job's)."""
    event = db.session.get(ApplicationEvent, event_id)
    application = db.session.get(Application, event.application_id) if event is not None else None
    if application is None:
        return
    lang = mail_language(event)
    program = application.study_program
    queue_mail(
        application.user.email,
        template,
        lang,
        program=(getattr(program, f"name_{lang}", "") or program.name_ru),
        application_id=application.id,
    )
