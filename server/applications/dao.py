"""Application, term, questionnaire-answer and file queries. A DAO never commits."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..database import lock_rows
from ..extensions import db
from ..models import Application, EducationalInstitution, PkbPersonData, StoredFile, StudyProgram, Term, User, UserData
from ..models.application import STATUS_ARCHIVED
from ..models.base import utcnow
from ..models.payment import Payment


def get_study_program(program_id: int) -> StudyProgram | None:
    return db.session.get(StudyProgram, program_id)


def active_terms() -> list[Term]:
    """Every active term, newest year first (windows come with them in one extra query)."""
    return list(db.session.scalars(select(Term).where(Term.is_active.is_(True)).order_by(Term.year.desc())))


def get_term(term_id: int) -> Term | None:
    return db.session.get(Term, term_id)


def get_application(application_id: int) -> Application | None:
    return db.session.get(Application, application_id)


def applications_of(user_id: int) -> list[Application]:
    return list(
        db.session.scalars(
            select(Application)
            .where(Application.user_id == user_id)
            .order_by(Application.id.desc())
            .options(selectinload(Application.messages))  # each card shows its thread's summary
        )
    )


def latest_active_application(user_id: int) -> Application | None:
    return db.session.scalar(
        select(Application)
        .where(Application.user_id == user_id, (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED))
        .order_by(Application.id.desc())
        .limit(1)
    )


def active_application_on_program(user_id: int, program_id: int, term_id: int) -> Application | None:
    return db.session.scalar(
        select(Application)
        .where(
            Application.user_id == user_id,
            Application.study_program_id == program_id,
            Application.term_id == term_id,
            (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
        )
        .limit(1)
    )


def lock_user(user_id: int) -> None:
    """Serialises one account's changes (application creation, payments, bureau requests, bookings)."""
    lock_rows(User, [user_id])


def user_data_of(application_id: int) -> list[UserData]:
    return list(
        db.session.scalars(select(UserData).where(UserData.application_id == application_id).order_by(UserData.id))
    )


def get_file(file_id: str) -> StoredFile | None:
    return db.session.get(StoredFile, file_id)


def files_by_ids(file_ids: Iterable[str]) -> dict[str, StoredFile]:
    ids = [i for i in set(file_ids) if isinstance(i, str)]
    if not ids:
        return {}
    return {row.id: row for row in db.session.scalars(select(StoredFile).where(StoredFile.id.in_(ids)))}


def get_user(user_id: int) -> User | None:
    return db.session.get(User, user_id)


def open_term_for(study_program_id: int, now: datetime | None = None) -> Term | None:
    """The newest active term whose window for this program contains now."""
    now = now or utcnow()
    for term in active_terms():
        if term.is_open_for(study_program_id, now):
            return term
    return None


def is_window_open(application: Application, now: datetime | None = None) -> bool:
    term = get_term(application.term_id)
    return term is not None and term.is_open_for(application.study_program_id, now or utcnow())


def get_payment(payment_id: int) -> Payment | None:
    """A payment row, for the state machine's "fee paid" guard (the payments domain sits above applications)."""
    return db.session.get(Payment, payment_id)


def person_data_of(user_id: int) -> PkbPersonData | None:
    """The person data the credit bureau returned for this account (written by the pkb domain)."""
    return db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == user_id))


def applications_sharing_iin(iin: str, year: int, excluding_id: int | None = None) -> list[Application]:
    """Active applications of one admission year whose owner's bureau-confirmed IIN is `iin` (issue 22): another
    account holding the same IIN, or another application of the same account."""
    query = (
        select(Application)
        .join(Term, Term.id == Application.term_id)
        .join(PkbPersonData, PkbPersonData.user_id == Application.user_id)
        .where(
            PkbPersonData.iin == iin,
            Term.year == year,
            (Application.status.is_(None)) | (Application.status != STATUS_ARCHIVED),
        )
        .order_by(Application.id)
    )
    if excluding_id is not None:
        query = query.where(Application.id != excluding_id)
    return list(db.session.scalars(query))


def user_data_item(application_id: int, form_key: str) -> UserData | None:
    return db.session.scalar(
        select(UserData).where(UserData.application_id == application_id, UserData.type == form_key)
    )


def institution_names(institution_ids: Iterable[int]) -> dict[int, str]:
    ids = sorted({i for i in institution_ids if isinstance(i, int) and not isinstance(i, bool)})
    if not ids:
        return {}
    rows = db.session.execute(
        select(EducationalInstitution.id, EducationalInstitution.name).where(EducationalInstitution.id.in_(ids))
    )
    return {row.id: row.name for row in rows}


def latest_application_of(user_id: int, term_id: int | None = None) -> Application | None:
    stmt = select(Application).where(Application.user_id == user_id)
    if term_id is not None:
        stmt = stmt.where(Application.term_id == term_id)
    return db.session.scalar(stmt.order_by(Application.id.desc()).limit(1))
