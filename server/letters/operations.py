"""Issuing, re-issuing, revoking, listing and verifying letters (decision 0080). Each public function is a use case
owning its transaction, except the readers.

Who may read a letter: its holder (the current version only) and the admins of the holder's population; everyone
else gets 404, never 403, so letter ids cannot be probed. The verification code is public by design: it is printed
on the letter, and the page it opens shows only the holder's name, the programme, the kind and the date.
"""

from __future__ import annotations

import base64
import logging
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from .. import populations
from ..accounts.users import language_of
from ..applications import operations as applications
from ..audit import record as audit_record
from ..database import lock_rows, use_case
from ..errors import Conflict, NotFound
from ..extensions import db
from ..i18n import LANGUAGES
from ..models import Application, ApplicationEvent, DormBooking, Letter, Term, User
from ..models.application import FINANCING_PAID
from ..models.base import is_row_id, utcnow
from ..models.letter import (
    LETTER_ACCEPTANCE,
    LETTER_DORM_ASSIGNMENT,
    LETTER_ENROLMENT,
    LETTER_REVOKED,
    LETTER_SUPERSEDED,
    LETTER_VALID,
)
from ..notification_centre import notify
from . import pdf

log = logging.getLogger(__name__)

# Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper has no look-alikes.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 16  # 80 bits
_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})

# The dormitory's residence year (decision 0080): from 1 September to 30 June; a booking paid from May on is for the
# year starting that September, an earlier one for the year under way.
STAY_START = (9, 1)
STAY_END = (6, 30)
NEXT_YEAR_FROM_MONTH = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalized_code(raw: str) -> str | None:
    """The code as stored, from what a person typed or scanned (any case, dashes, spaces, O for 0), or None."""
    code = "".join(raw.split()).replace("-", "").upper().translate(_LOOK_ALIKES)
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        return None
    return code


# ------------------------------------------------------------------------------------------------ language


def recipient_language(user: User) -> str:
    """The one place that picks a letter's and its mail's language: the holder's stored language (accounts)."""
    return language_of(user)


def letter_languages(user: User) -> tuple[str, ...]:
    """The applicant's language then Russian (just Russian for a Russian speaker); English and Russian for
    foreign applicants, whose visa officers read neither Kazakh nor, often, Russian."""
    if populations.population_of(user) == populations.POPULATION_FOREIGN:
        return ("en", "ru")
    lang = recipient_language(user)
    return ("ru",) if lang == "ru" else (lang, "ru")


# ------------------------------------------------------------------------------------------------- content


def _trilingual(row) -> dict[str, str]:
    """A reference row's name in each language, Russian where one is empty (decision 0073). Reference models name
    it name_ru; the dormitory's models, `name`."""
    if row is None:
        return {lang: "" for lang in LANGUAGES}
    russian = getattr(row, "name_ru", None) or getattr(row, "name", "")
    return {lang: (russian if lang == "ru" else getattr(row, f"name_{lang}", "") or russian) for lang in LANGUAGES}


def _full_name(user: User) -> str:
    return " ".join(part for part in (user.last_name, user.first_name) if part) or user.email.split("@", 1)[0]


def _local_date(moment: datetime) -> date:
    return (moment + timedelta(minutes=current_app.config["LOCAL_UTC_OFFSET_MINUTES"])).date()


def _academic_year(application: Application | None, moment: datetime) -> int:
    term = db.session.get(Term, application.term_id) if application is not None else None
    if term is not None:
        return term.year
    day = _local_date(moment)
    return day.year if day.month >= NEXT_YEAR_FROM_MONTH else day.year - 1


def verify_url(code: str) -> str:
    return f"{current_app.config['APP_BASE_URL'].rstrip('/')}/verify/{code}"


def _details(kind: str, user: User, application: Application | None, booking: DormBooking | None, now) -> dict:
    """What the letter states, frozen when it is issued (the verification page shows a part of it)."""
    year = _academic_year(application, now)
    details = {
        "name": _full_name(user),
        "program": _trilingual(application.study_program if application is not None else None),
        "year": year,
    }
    if kind == LETTER_DORM_ASSIGNMENT and booking is not None:
        start = date(year, *STAY_START)
        end = date(year + 1, *STAY_END)
        details |= {
            "booking_id": booking.id,
            "hall": _trilingual(booking.hall),
            "room": booking.room.name,
            "room_type": _trilingual(booking.room_type),
            "price": booking.price,
            "stay_from": start.isoformat(),
            "stay_to": end.isoformat(),
        }
    return details


def _day(iso: str) -> str:
    return date.fromisoformat(iso).strftime("%d.%m.%Y")


def _content(letter: Letter, languages: tuple[str, ...]) -> pdf.LetterContent:
    d = letter.details
    year = f"{d['year']}/{d['year'] + 1}"
    body, fields = {}, {}
    for lang in languages:
        program = d["program"][lang]
        body[lang] = {"name": d["name"], "program": program, "year": year}
        rows = [("name", d["name"])]
        if program:
            rows.append(("program", program))
        if letter.kind == LETTER_DORM_ASSIGNMENT and "hall" in d:
            period = pdf.texts(lang)["period"].format(start=d["year"], end=d["year"] + 1)
            price = f"{d['price']:,}".replace(",", " ")
            rows += [
                ("hall", d["hall"][lang]),
                ("room", d["room"]),
                ("room_type", d["room_type"][lang]),
                ("dates", f"{_day(d['stay_from'])} – {_day(d['stay_to'])}"),
                ("price", pdf.texts(lang)["price_value"].format(price=price, period=period)),
            ]
        fields[lang] = rows
    return pdf.LetterContent(
        kind=letter.kind,
        code=letter.code,
        version=letter.version,
        verify_url=verify_url(letter.code),
        contact_email=current_app.config["CONTACT_EMAIL"],
        issued_on=_local_date(letter.issued_at).strftime("%d.%m.%Y"),
        body_params=body,
        fields=fields,
    )


def _build(
    kind: str,
    source_key: str,
    version: int,
    user: User,
    application: Application | None,
    booking: DormBooking | None = None,
    issued_by: User | None = None,
) -> Letter:
    now = utcnow()
    languages = letter_languages(user)
    letter = Letter(
        user_id=user.id,
        application_id=application.id if application is not None else None,
        kind=kind,
        source_key=source_key,
        version=version,
        code=new_code(),
        status=LETTER_VALID,
        languages=",".join(languages),
        details=_details(kind, user, application, booking, now),
        issued_at=now,
        issued_by_id=issued_by.id if issued_by is not None else None,
    )
    letter.pdf = pdf.render(_content(letter, languages), languages)
    return letter


# ------------------------------------------------------------------------------------------------- issuing


def earned_by(event: ApplicationEvent, application: Application) -> str | None:
    """The letter a transition earns: the foreign applicant's acceptance; enrolment of either population (the
    foreign status 3, a citizen's scholarship enrolment, or a fee-paying citizen's programme choice at step 8,
    which is their enrolment, decision 0060)."""
    if event.transition == "accept":
        return LETTER_ACCEPTANCE
    if event.transition in ("enrol", "enrol_scholarship"):
        return LETTER_ENROLMENT
    if event.transition == "choose_program" and application.financing == FINANCING_PAID:
        return LETTER_ENROLMENT
    return None


@dataclass(frozen=True)
class Issued:
    letter_id: int | None
    first_time: bool  # False when a retried job found the letter already issued: no second mail either


def _insert_once(letter: Letter) -> Issued:
    """Adds the first version unless a concurrent job of the same source did (the unique (source_key, version))."""
    try:
        with db.session.begin_nested():
            db.session.add(letter)
            db.session.flush()
    except IntegrityError:
        existing = _first_of(letter.source_key)
        return Issued(existing.id if existing is not None else None, False)
    log.info("letter issued", extra={"letter_id": letter.id, "kind": letter.kind, "version": letter.version})
    _tell_holder(letter)
    return Issued(letter.id, True)


def _tell_holder(letter: Letter) -> None:
    """The bell entry (decision 0081), in the transaction that issues the letter."""
    names = {lang: pdf.texts(lang)[f"{letter.kind}.title"] for lang in LANGUAGES}
    notify(letter.user_id, "letter_issued", {"letter": names}, "/my-applications")


def _first_of(source_key: str) -> Letter | None:
    return db.session.scalars(select(Letter).where(Letter.source_key == source_key, Letter.version == 1)).first()


@use_case
def issue_for_event(event_id: int) -> Issued:
    """The letter earned by one application_events row, issued once however often the job runs."""
    event = db.session.get(ApplicationEvent, event_id)
    application = db.session.get(Application, event.application_id) if event is not None else None
    if application is None:
        return Issued(None, False)
    kind = earned_by(event, application)
    if kind is None:
        return Issued(None, True)
    source_key = f"application_event:{event.id}"
    existing = _first_of(source_key)
    if existing is not None:
        return Issued(existing.id, False)
    return _insert_once(_build(kind, source_key, 1, application.user, application))


def _booking_application(booking: DormBooking) -> Application | None:
    if booking.application_id is not None:
        return db.session.get(Application, booking.application_id)
    applications_of = applications.list_of(booking.user) if booking.user is not None else []
    return applications_of[0] if applications_of else None


@use_case
def issue_for_booking(booking_id: int, payment_ref: str | None) -> Issued:
    """The dormitory assignment of a paid booking, once per payment."""
    booking = db.session.get(DormBooking, booking_id)
    if booking is None or booking.user is None:
        return Issued(None, False)  # a suborganization member's place: no portal account to hold a letter
    source_key = f"dorm_booking:{booking.id}:{payment_ref or ''}"[:64]
    existing = _first_of(source_key)
    if existing is not None:
        return Issued(existing.id, False)
    application = _booking_application(booking)
    return _insert_once(_build(LETTER_DORM_ASSIGNMENT, source_key, 1, booking.user, application, booking))


def attachment_of(letter_id: int | None) -> list[dict]:
    """The letter as a mail attachment (base64, so it travels through the job queue's JSON)."""
    letter = db.session.get(Letter, letter_id) if letter_id is not None else None
    if letter is None:
        return []
    return [
        {
            "filename": f"{letter.kind}-{letter.code}.pdf",
            "content_type": "application/pdf",
            "data": base64.b64encode(letter.pdf).decode("ascii"),
        }
    ]


# ----------------------------------------------------------------------------------------------- staff


def _staff_letter(actor: User, letter_id: int) -> Letter:
    letter = db.session.get(Letter, letter_id) if is_row_id(letter_id) else None
    if letter is None or not populations.is_admin_of(actor, letter.user):
        raise NotFound("letters.not_found")
    return letter


def staff_letters(actor: User, application_id: int) -> list[Letter]:
    """Every version of every letter of an application, newest first (the admin panel's Letters block)."""
    application = applications.get_readable(actor, application_id)
    if not populations.is_admin_of(actor, application.user):
        raise NotFound("applications.not_found")
    letters = list(
        db.session.scalars(select(Letter).where(Letter.application_id == application.id).order_by(Letter.id.desc()))
    )
    latest: dict[str, int] = {}
    for letter in letters:
        latest[letter.source_key] = max(latest.get(letter.source_key, 0), letter.version)
    for letter in letters:
        letter.is_latest = letter.version == latest[letter.source_key]
    return letters


@use_case
def reissue(actor: User, letter_id: int) -> Letter:
    """A new version from today's data (a corrected name, a moved room); the one it replaces is superseded and its
    code then verifies as such. A revoked letter may be re-issued too (revoked by mistake, or corrected)."""
    letter = _staff_letter(actor, letter_id)
    lock_rows(Letter, [letter.id])
    db.session.refresh(letter)
    latest = db.session.scalar(select(func.max(Letter.version)).where(Letter.source_key == letter.source_key))
    if letter.version != latest:
        raise Conflict("letters.not_latest")
    application = db.session.get(Application, letter.application_id) if letter.application_id else None
    booking = None
    if letter.kind == LETTER_DORM_ASSIGNMENT:
        booking = db.session.get(DormBooking, (letter.details or {}).get("booking_id") or 0)
    if letter.status == LETTER_VALID:
        letter.status = LETTER_SUPERSEDED
        letter.superseded_at = utcnow()
    new = _build(letter.kind, letter.source_key, letter.version + 1, letter.user, application, booking, actor)
    db.session.add(new)
    db.session.flush()
    new.is_latest = True
    _tell_holder(new)
    audit_record(
        "letter.reissue",
        new,
        {"kind": new.kind, "version": new.version, "replaces": letter.id, "application_id": new.application_id},
        actor=actor,
    )
    return new


@use_case
def revoke(actor: User, letter_id: int, reason: str | None) -> Letter:
    """The letter stops being valid: its verification page says "revoked" from now on."""
    letter = _staff_letter(actor, letter_id)
    lock_rows(Letter, [letter.id])
    db.session.refresh(letter)
    if letter.status != LETTER_VALID:
        raise Conflict("letters.not_valid")
    letter.status = LETTER_REVOKED
    letter.revoked_at = utcnow()
    letter.revoked_by_id = actor.id
    letter.revoke_reason = reason
    letter.is_latest = True  # only the latest version can be valid
    audit_record(
        "letter.revoke",
        letter,
        {"kind": letter.kind, "version": letter.version, "reason": reason, "application_id": letter.application_id},
        actor=actor,
    )
    return letter


# ---------------------------------------------------------------------------------------------- holders


def own_letters(user: User) -> list[Letter]:
    """The holder's current letters (valid or revoked; a superseded version is replaced by its successor)."""
    return list(
        db.session.scalars(
            select(Letter)
            .where(Letter.user_id == user.id, Letter.status != LETTER_SUPERSEDED)
            .order_by(Letter.id.desc())
        )
    )


def readable_pdf(actor: User, letter_id: int) -> Letter:
    """The holder downloads their valid letters; the admins of the holder's population any version."""
    letter = db.session.get(Letter, letter_id) if is_row_id(letter_id) else None
    if letter is None:
        raise NotFound("letters.not_found")
    if letter.user_id == actor.id and letter.status == LETTER_VALID:
        return letter
    if populations.is_admin_of(actor, letter.user):
        return letter
    raise NotFound("letters.not_found")


def download_name(letter: Letter) -> str:
    return f"{letter.kind}-{letter.code}-v{letter.version}.pdf"


# ---------------------------------------------------------------------------------------------- public


def verify(raw_code: str) -> Letter | None:
    """The letter this code was printed on, or None: an unknown or malformed code looks the same."""
    code = normalized_code(raw_code or "")
    if code is None:
        return None
    return db.session.scalars(select(Letter).where(Letter.code == code)).first()
