"""Mail about an application, in the applicant's stored language (issue 26: accounts/users.py language_of).

The bell entry of the same event is recorded by the state machine in the event's own transaction
(workflow/jobs.py); the mail leaves afterwards, from the job that calls mail_about_event.
"""

from __future__ import annotations

from .. import populations
from ..accounts.users import language_of
from ..database import use_case
from ..extensions import db
from ..jobs.mail import queue_mail
from ..models import Application, ApplicationEvent
from . import events_dao
from .workflow.next_steps import news_params
from .workflow.progress import State

# The templates that announce a new state: they say it in words and what to do next (issue 23, decision 0085).
STATUS_TEMPLATES = ("status_changed",)

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
    news = status_news(event, application, lang) if template in STATUS_TEMPLATES else {}
    queue_mail(
        application.user.email,
        template,
        lang,
        program=(getattr(program, f"name_{lang}", "") or program.name_ru),
        application_id=application.id,
        attachments=attachments,
        **news,
    )


def state_after(event: ApplicationEvent, application: Application) -> State:
    """The state the event left the application in (not the current one: the mail is about this change, even when a
    later one has already happened by the time the job runs)."""
    financing = ((event.changes or {}).get("financing") or {}).get("to") or application.financing
    return State(
        populations.population_of(application.user) or populations.POPULATION_FOREIGN,
        event.to_step if event.to_step is not None else application.current_step,
        event.to_status,
        financing,
    )


def status_news(event: ApplicationEvent, application: Application, lang: str) -> dict[str, str]:
    """{status, next_step} of the status mail about this event, in `lang`."""
    result = event if event.transition == "grant_result" else events_dao.latest(application.id, "grant_result")
    awarded = None if result is None else bool((result.data or {}).get("awarded"))
    return news_params(state_after(event, application), lang, awarded)
