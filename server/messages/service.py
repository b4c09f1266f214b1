"""The applicant's side of an application's message thread, and what staff's side shares with it (decision 0084).

The applicant reads the thread of an own application (newest first, paged), replies, and marks staff messages read
by opening the thread. Someone else's application answers 404, exactly like one that does not exist. Replies are
allowed on an archived application too: archiving ends the candidacy, not the conversation (an applicant asking
why must get an answer; staff see the reply in the archived queue and the menu badge).

A reply is mailed to staff after commit, in each recipient's own language: the staff member who wrote last in the
thread while that account is active and still administers the applicant's population, otherwise every active admin
of that population (the first reply to a thread staff never wrote in, or after its writer left).
"""

from __future__ import annotations

from flask import current_app

from ..accounts.users import language_of
from ..applications import dao as applications_dao
from ..database import use_case
from ..errors import NotFound
from ..extensions import db
from ..jobs.mail import queue_mail
from ..models import Application, ApplicationMessage, User
from ..models.application import MESSAGE_SIDE_APPLICANT, MESSAGE_SIDE_STAFF
from ..models.base import is_row_id, utcnow
from ..notification_centre import trilingual
from ..populations import POPULATION_KZ, POPULATION_ROLES, is_admin_of, population_of
from . import dao

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_MESSAGE_LENGTH = 5000


def own_application(user: User, application_id: int) -> Application:
    """The caller's own application, else 404 (also for ids that do not exist or belong to someone else)."""
    application = applications_dao.get_application(application_id) if is_row_id(application_id) else None
    if application is None or application.user_id != user.id:
        raise NotFound("applications.not_found")
    return application


def thread_path(application_id: int) -> str:
    """The applicant's page of the thread (the bell entry of a staff message links here)."""
    return f"/my-applications/{application_id}/messages"


def present(message: ApplicationMessage) -> dict:
    """A message as both sides see it; staff names are not shown to the applicant (the side is)."""
    return {
        "id": message.id,
        "application_id": message.application_id,
        "content": message.content,
        "author_side": message.author_side,
        "createdAt": message.created_at,
        "readAt": message.read_at,
    }


def thread(user: User, application_id: int, page: int = 1, size: int = DEFAULT_PAGE_SIZE) -> dict:
    application = own_application(user, application_id)
    rows, total = dao.thread_page(application.id, (page - 1) * size, size)
    unread = dao.unread_counts([application.id], MESSAGE_SIDE_APPLICANT).get(application.id, 0)
    return {
        "success": True,
        "application_id": application.id,
        "study_program": trilingual(application.study_program),
        "list": [present(m) for m in rows],
        "total": total,
        "page": page,
        "size": size,
        "unread": unread,
    }


def unread_total(user: User) -> int:
    return dao.unread_for_applicant(user.id)


@use_case
def mark_read_by_applicant(user: User, application_id: int) -> int:
    """Opening the thread marks staff's messages read; answers how many stay unread over all applications."""
    application = own_application(user, application_id)
    now = utcnow()
    dao.mark_read(application.id, MESSAGE_SIDE_APPLICANT, now)
    dao.mark_bell_read(user.id, thread_path(application.id), now)
    return dao.unread_for_applicant(user.id)


@use_case
def mark_read_by_staff(application: Application) -> int:
    """Staff opened the panel's thread (the caller checked the population): the applicant's replies are read."""
    return dao.mark_read(application.id, MESSAGE_SIDE_STAFF, utcnow())


def staff_recipients(application: Application, owner: User) -> list[User]:
    """Whom an applicant's reply is mailed to (see the module's docstring)."""
    population = population_of(owner)
    if population is None:
        return []
    last = dao.last_staff_author(application.id)
    if last is not None and last.deactivated_at is None and is_admin_of(last, owner):
        return [last]
    return dao.active_admins(POPULATION_ROLES[population])


def panel_link(application: Application, owner: User) -> str:
    """The staff panel of the application: the shell's all-applicants queue with the panel open."""
    base = current_app.config["APP_BASE_URL"].rstrip("/")
    shell = "/admin/kz" if population_of(owner) == POPULATION_KZ else "/admin"
    return f"{base}{shell}/users?application={application.id}"


@use_case
def reply(user: User, application_id: int, content: str) -> ApplicationMessage:
    """The applicant's message in the thread; staff see it unread in the panel, the queue row and the menu badge."""
    application = own_application(user, application_id)
    message = ApplicationMessage(
        application_id=application.id,
        author_id=user.id,
        author_side=MESSAGE_SIDE_APPLICANT,
        content=content,
        created_at=utcnow(),
    )
    db.session.add(message)
    # Answering is reading: whatever staff wrote before the reply has been seen.
    dao.mark_read(application.id, MESSAGE_SIDE_APPLICANT, message.created_at)
    program = trilingual(application.study_program)
    for staff in staff_recipients(application, user):
        language = language_of(staff)
        queue_mail(
            staff.email,
            "application_reply",
            language,
            application_id=application.id,
            program=program[language],
            content=content,
            link=panel_link(application, user),
        )
    return message
