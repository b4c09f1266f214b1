"""The four reminders, their idempotency keys and their delivery (issue 26; decision 0081).

`scan()` (the periodic job `reminders.scan`) finds what is due now and *claims* each reminder: it inserts its
ReminderSend row, whose unique key names the kind, the subject and the period (the deadline, the event that reached
the payment step, the review that sent the document back, the hold's end). Two beats, a retried job or two workers
racing insert the same key: the database lets one of them through, and only that one queues the delivery, after its
commit. `deliver()` (the job `reminders.deliver`) locks the row, checks the condition again (a draft submitted, a
fee paid, a document replaced, a hold paid or ended since the claim: no mail), checks the user still wants this kind,
then sends, writes the bell entry and marks the row sent, all in one transaction: a failed delivery is retried and
can never leave a second copy behind.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..accounts import notifications as notification_settings
from ..accounts.users import language_of
from ..applications import document_reviews
from ..applications import document_reviews_dao as reviews_dao
from ..applications.sections import render_sections
from ..database import unit_of_work
from ..extensions import db
from ..i18n import translate
from ..integrations.mail import get_mail_sender
from ..jobs import enqueue_after_commit
from ..models import Application, ApplicationEvent, DocumentReview, DormBooking, ReminderSend, Term, User
from ..models.application import STATUS_ARCHIVED, STEP_INSTRUCTION_READ
from ..models.base import utcnow
from ..models.dorm_booking import BOOKING_HELD, BOOKING_OFFERED
from ..models.notification import (
    REMINDER_DOCUMENT_RETURNED,
    REMINDER_DORM_EXPIRING,
    REMINDER_DRAFT_DEADLINE,
    REMINDER_FEE_UNPAID,
)
from ..notification_centre import notify

log = logging.getLogger(__name__)

DELIVER_JOB = "reminders.deliver"


@dataclass(frozen=True)
class Due:
    """One reminder that is due: who, about what, and the period that makes its key."""

    kind: str
    user_id: int
    subject_id: int
    period: str

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.subject_id}:{self.period}"


@dataclass(frozen=True)
class Message:
    """What a due reminder says (its params are rendered in the reader's language) and where to act."""

    params: dict
    link: str


def _setting(name: str) -> float:
    return float(current_app.config[name])


def _local(moment: datetime) -> str:
    local = moment + timedelta(minutes=int(current_app.config.get("LOCAL_UTC_OFFSET_MINUTES", 300)))
    return local.strftime("%d.%m.%Y %H:%M")


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y%m%d%H%M")


def _programme(application: Application) -> dict[str, str]:
    program = application.study_program
    return {lang: getattr(program, f"name_{lang}", "") or program.name_ru for lang in ("ru", "kk", "en")}


# ------------------------------------------------------------------------ a draft before its programme's deadline


def _drafts() -> Iterator[Application]:
    return db.session.scalars(
        select(Application)
        .join(Term, Term.id == Application.term_id)
        .where(
            Application.submitted_at.is_(None),
            (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
            Term.is_active.is_(True),
        )
        .order_by(Application.id)
    )


def _deadline(application: Application) -> datetime:
    term = db.session.get(Term, application.term_id)
    return term.window_for(application.study_program_id)[1]


def _draft_due(application: Application, now: datetime) -> bool:
    closes_at = _deadline(application)
    return now < closes_at <= now + timedelta(days=_setting("REMINDER_DRAFT_DAYS_BEFORE_DEADLINE"))


def due_drafts(now: datetime) -> Iterator[Due]:
    for application in _drafts():
        if _draft_due(application, now):
            yield Due(REMINDER_DRAFT_DEADLINE, application.user_id, application.id, _stamp(_deadline(application)))


def check_draft(reminder: ReminderSend, now: datetime) -> Message | None:
    application = db.session.get(Application, reminder.subject_id)
    if (
        application is None
        or application.submitted_at is not None
        or application.status == STATUS_ARCHIVED
        or not _draft_due(application, now)
        or reminder.key != Due(reminder.kind, reminder.user_id, application.id, _stamp(_deadline(application))).key
    ):
        return None
    params = {"application_id": application.id, "program": _programme(application)}
    return Message({**params, "deadline": _local(_deadline(application))}, "/my-applications")


# -------------------------------------------------------------------- the admission fee unpaid at the payment step


def _reached_payment(application_id: int) -> ApplicationEvent | None:
    return db.session.scalars(
        select(ApplicationEvent)
        .where(ApplicationEvent.application_id == application_id, ApplicationEvent.to_step == STEP_INSTRUCTION_READ)
        .order_by(ApplicationEvent.id.desc())
        .limit(1)
    ).first()


def _waiting_for_fee(application: Application | None) -> bool:
    return (
        application is not None
        and application.current_step == STEP_INSTRUCTION_READ
        and not application.is_exempted_from_payment
        and application.status != STATUS_ARCHIVED
    )


def due_fees(now: datetime) -> Iterator[Due]:
    cutoff = now - timedelta(days=_setting("REMINDER_FEE_UNPAID_DAYS"))
    applications = db.session.scalars(
        select(Application).where(
            Application.current_step == STEP_INSTRUCTION_READ,
            Application.is_exempted_from_payment.is_(False),
            (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
        )
    )
    for application in applications:
        reached = _reached_payment(application.id)
        if reached is not None and reached.created_at <= cutoff:
            yield Due(REMINDER_FEE_UNPAID, application.user_id, application.id, str(reached.id))


def check_fee(reminder: ReminderSend, now: datetime) -> Message | None:
    application = db.session.get(Application, reminder.subject_id)
    if not _waiting_for_fee(application):
        return None
    reached = _reached_payment(application.id)
    if reached is None or reminder.key != Due(reminder.kind, reminder.user_id, application.id, str(reached.id)).key:
        return None  # the step was reached again since (a new period has its own key)
    return Message({"application_id": application.id, "program": _programme(application)}, "/my-applications")


# ------------------------------------------------------------------------ a document sent back and not replaced


def _still_returned(review: DocumentReview) -> dict | None:
    """The document of this review while this review is its newest and its files are the ones it sent back."""
    application = db.session.get(Application, review.application_id)
    if application is None or not application.is_active:
        return None
    latest = reviews_dao.latest_reviews([application.id]).get((application.id, review.form_key, review.field))
    if latest is None or latest.id != review.id:
        return None
    for document in document_reviews.to_fix([application])[application.id]:
        if (document["form_key"], document["field"]) == (review.form_key, review.field):
            return document if document["state"] == document_reviews.STATE_RETURNED else None
    return None


def due_documents(now: datetime) -> Iterator[Due]:
    cutoff = now - timedelta(days=_setting("REMINDER_DOCUMENT_RETURNED_DAYS"))
    newest = select(func.max(DocumentReview.id)).group_by(
        DocumentReview.application_id, DocumentReview.form_key, DocumentReview.field
    )
    reviews = db.session.scalars(
        select(DocumentReview).where(
            DocumentReview.id.in_(newest),
            DocumentReview.decision == "returned",
            DocumentReview.created_at <= cutoff,
        )
    )
    for review in reviews:
        if _still_returned(review) is not None:
            user_id = db.session.scalar(select(Application.user_id).where(Application.id == review.application_id))
            yield Due(REMINDER_DOCUMENT_RETURNED, user_id, review.id, "returned")


def check_document(reminder: ReminderSend, now: datetime) -> Message | None:
    review = db.session.get(DocumentReview, reminder.subject_id)
    if review is None or _still_returned(review) is None:
        return None
    application = db.session.get(Application, review.application_id)
    answers = document_reviews.answers_of(application)
    labels = {}
    for lang in ("ru", "kk", "en"):
        for document in document_reviews.documents_in(render_sections(application, answers, lang)):
            if (document["form_key"], document["field"]) == (review.form_key, review.field):
                labels[lang] = document["label"]
    return Message({"application_id": application.id, "document": labels}, "/my-applications")


# --------------------------------------------------------------- a dormitory hold or waitlist offer about to end


def _expiring(booking: DormBooking | None, now: datetime) -> bool:
    window = timedelta(hours=_setting("REMINDER_DORM_EXPIRING_HOURS"))
    return (
        booking is not None
        and booking.status in (BOOKING_OFFERED, BOOKING_HELD)
        and booking.hold_expires_at is not None
        and now < booking.hold_expires_at <= now + window
    )


def due_bookings(now: datetime) -> Iterator[Due]:
    window = timedelta(hours=_setting("REMINDER_DORM_EXPIRING_HOURS"))
    bookings = db.session.scalars(
        select(DormBooking).where(
            DormBooking.status.in_((BOOKING_OFFERED, BOOKING_HELD)),
            DormBooking.hold_expires_at > now,
            DormBooking.hold_expires_at <= now + window,
        )
    )
    for booking in bookings:
        yield Due(REMINDER_DORM_EXPIRING, booking.user_id, booking.id, _stamp(booking.hold_expires_at))


def check_booking(reminder: ReminderSend, now: datetime) -> Message | None:
    booking = db.session.get(DormBooking, reminder.subject_id)
    if not _expiring(booking, now):
        return None
    if reminder.key != Due(reminder.kind, reminder.user_id, booking.id, _stamp(booking.hold_expires_at)).key:
        return None  # a new deadline is a new period
    hall = booking.hall
    params = {
        "hall": {"ru": hall.name, "kk": hall.name_kk or hall.name, "en": hall.name_en or hall.name},
        "deadline": _local(booking.hold_expires_at),
        "hours": max(1, math.ceil((booking.hold_expires_at - now).total_seconds() / 3600)),
        "offer": booking.status == BOOKING_OFFERED,
    }
    return Message(params, "/dormitory")


# ------------------------------------------------------------------------------------------------ the machinery

FINDERS: dict[str, Callable[[datetime], Iterator[Due]]] = {
    REMINDER_DRAFT_DEADLINE: due_drafts,
    REMINDER_FEE_UNPAID: due_fees,
    REMINDER_DOCUMENT_RETURNED: due_documents,
    REMINDER_DORM_EXPIRING: due_bookings,
}
CHECKS: dict[str, Callable[[ReminderSend, datetime], Message | None]] = {
    REMINDER_DRAFT_DEADLINE: check_draft,
    REMINDER_FEE_UNPAID: check_fee,
    REMINDER_DOCUMENT_RETURNED: check_document,
    REMINDER_DORM_EXPIRING: check_booking,
}


def claim(due: Due) -> int | None:
    """Inserts the reminder's key and queues its delivery after the commit; None when it was claimed before (by
    an earlier run, or by a concurrent one whose insert the unique key refused)."""
    if db.session.scalar(select(ReminderSend.id).where(ReminderSend.key == due.key)) is not None:
        return None
    try:
        with unit_of_work():
            reminder = ReminderSend(
                key=due.key, kind=due.kind, user_id=due.user_id, subject_id=due.subject_id, created_at=utcnow()
            )
            db.session.add(reminder)
            db.session.flush()
            enqueue_after_commit(DELIVER_JOB, reminder.id)
    except IntegrityError:
        return None
    return reminder.id


def scan(now: datetime | None = None) -> dict[str, int]:
    """Claims every reminder due now; the number claimed per kind. A user who turned a kind off is not even
    claimed for (their choice is checked again at delivery)."""
    now = now or utcnow()
    claimed: dict[str, int] = {}
    for kind, finder in FINDERS.items():
        due = list(finder(now))
        db.session.rollback()  # the finders' reads end here: each claim is a transaction of its own
        claimed[kind] = sum(
            1 for item in due if notification_settings.is_enabled(item.user_id, kind) and claim(item) is not None
        )
    return claimed


def _mail(user: User, kind: str, message: Message) -> tuple[str, str, dict[str, str]]:
    lang = language_of(user)
    params = {
        name: (value.get(lang) or value.get("ru") or "") if isinstance(value, dict) else value
        for name, value in message.params.items()
    }
    if kind == REMINDER_DORM_EXPIRING:
        params["what"] = translate(f"mail.reminder_dorm_expiring.{'offer' if params['offer'] else 'hold'}", lang)
    base = current_app.config["APP_BASE_URL"]
    unsubscribe = notification_settings.unsubscribe_url(user.id, kind)
    subject = translate(f"mail.reminder_{kind}.subject", lang, **params)
    body = translate(f"mail.reminder_{kind}.body", lang, **params, url=f"{base}{message.link}")
    footer = translate(
        "mail.reminder_footer", lang, unsubscribe_url=unsubscribe, settings_url=f"{base}/settings/notifications"
    )
    one_click = f"{base}/api/v1/notifications/unsubscribe/{notification_settings.unsubscribe_token(user.id, kind)}"
    headers = {"List-Unsubscribe": f"<{one_click}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    return subject, f"{body}\n\n{footer}", headers


def deliver(reminder_id: int, now: datetime | None = None) -> bool:
    """Sends one claimed reminder if it is still due and wanted; True when a mail went out. Runs in the job's own
    transaction: the row lock makes a concurrent copy of this job wait, then find the row already settled."""
    with unit_of_work():
        reminder = db.session.scalars(
            select(ReminderSend).where(ReminderSend.id == reminder_id).with_for_update()
        ).first()
        if reminder is None or reminder.sent_at is not None or reminder.skipped_at is not None:
            return False
        now = now or utcnow()
        user = db.session.get(User, reminder.user_id)
        message = CHECKS[reminder.kind](reminder, now) if user is not None else None
        if message is None or not notification_settings.is_enabled(reminder.user_id, reminder.kind):
            reminder.skipped_at = now
            return False
        subject, body, headers = _mail(user, reminder.kind, message)
        # Inside the transaction: an SMTP failure rolls the row back to "claimed", and the job's retry sends it.
        get_mail_sender().send(user.email, subject, body, headers=headers)
        notify(user, f"reminder_{reminder.kind}", message.params, message.link)
        reminder.sent_at = now
    log.info("reminder sent", extra={"kind": reminder.kind, "reminder_id": reminder_id})
    return True
