"""Mail about an application, in the applicant's stored language (issue 26: accounts/users.py language_of).

The bell entry of the same event is recorded by the state machine in the event's own transaction
(workflow/jobs.py); the mail leaves afterwards, from the job that calls mail_about_event.
"""

from __future__ import annotations

from ..accounts.users import language_of
from ..database import use_case
from ..extensions import db
from ..jobs.mail import queue_mail
from ..models import Application, ApplicationEvent

DEFAULT_MAIL_LANGUAGE = "ru"


def mail_language(event) -> str:
    """The language of mail about the event's application: its applicant's (kept for callers of issue 12)."""
    application = db.session.get(Application, event.application_id)
    return language_of(application.user) if application is not None else DEFAULT_MAIL_LANGUAGE


@use_case
def mail_about_event(event_id: int, template: str, attachments: list | None = None) -> None:
    """Mails the application's owner about one application_events row; owns its transaction (a job's).
    `attachments`: the letter the transition earned (letters/jobs.py), as queue_mail takes them."""
    event = db.session.get(ApplicationEvent, event_id)
    application = db.session.get(Application, event.application_id) if event is not None else None
    if application is None:
        return
    lang = language_of(application.user)
    program = application.study_program
    queue_mail(
        application.user.email,
        template,
        lang,
        program=(getattr(program, f"name_{lang}", "") or program.name_ru),
        application_id=application.id,
        attachments=attachments,
    )
