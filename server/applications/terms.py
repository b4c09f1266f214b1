"""Admission terms and per-programme windows, edited by staff in Settings; the applicants' deadlines modal reads
them (issue 23, decision 0087; req §2 "Other modals: deadlines").

A term is one admission year: its application window (`opens_at` ≤ now < `closes_at`) is every programme's, unless
a TermProgramWindow row gives a programme its own window; a window may also name when the programme's documents are
due. The application window is enforced where it always was (creating and submitting an application answer
"submission unavailable" outside it, operations.py); the documents deadline is informational: the spec shows it in
the deadlines modal and nowhere says that uploads stop.

Terms and study programmes are shared by both populations, so both admin roles may edit them; every change is one
audit row.
"""

from __future__ import annotations

from sqlalchemy import func, select

from .. import audit
from ..database import use_case
from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import current_language
from ..models import StudyProgram, Term, TermProgramWindow, User
from ..models.base import utcnow

NAME_MAX = 100
YEAR_MIN, YEAR_MAX = 2000, 2100


def _program_name(program: StudyProgram, lang: str) -> str:
    return (getattr(program, f"name_{lang}", "") or "").strip() or program.name_ru


def _term_name(term: Term, lang: str) -> str:
    if lang == "kk" and (term.name_kk or "").strip():
        return term.name_kk
    if lang == "en" and (term.name_en or "").strip():
        return term.name_en
    return term.name or str(term.year)


def _programs() -> list[StudyProgram]:
    return list(db.session.scalars(select(StudyProgram).order_by(StudyProgram.order, StudyProgram.id)))


def read_term(term: Term) -> dict:
    return {
        "id": term.id,
        "year": term.year,
        "name_ru": term.name,
        "name_kk": term.name_kk or "",
        "name_en": term.name_en or "",
        "opens_at": term.opens_at,
        "closes_at": term.closes_at,
        "is_active": term.is_active,
        "windows": [
            {
                "study_program_id": window.study_program_id,
                "opens_at": window.opens_at,
                "closes_at": window.closes_at,
                "documents_due_at": window.documents_due_at,
            }
            for window in term.windows
        ],
    }


def list_terms(page: int, per_page: int) -> dict:
    total = db.session.scalar(select(func.count()).select_from(Term)) or 0
    rows = db.session.scalars(
        select(Term).order_by(Term.year.desc(), Term.id.desc()).offset((page - 1) * per_page).limit(per_page)
    )
    # The programmes a window can be given to, hidden ones included (staff may prepare them before showing them).
    programs = [
        {
            "id": program.id,
            "name_ru": program.name_ru,
            "name_kk": program.name_kk or "",
            "name_en": program.name_en or "",
            "is_hidden": program.is_hidden,
        }
        for program in _programs()
    ]
    return {
        "success": True,
        "list": [read_term(row) for row in rows],
        "total": total,
        "page": page,
        "programs": programs,
    }


def _check_window(errors: dict, opens_at, closes_at, prefix: str = "") -> None:
    if opens_at is None:
        errors[f"{prefix}opens_at"] = ["validation.required"]
    if closes_at is None:
        errors[f"{prefix}closes_at"] = ["validation.required"]
    if opens_at is not None and closes_at is not None and closes_at <= opens_at:
        errors[f"{prefix}closes_at"] = ["settings_content.ends_before_start"]


def _term_columns(body: dict, term_id: int | None) -> dict:
    errors: dict[str, list[str]] = {}
    year = body.get("year")
    if year is None:
        errors["year"] = ["validation.required"]
    elif not YEAR_MIN <= year <= YEAR_MAX:
        errors["year"] = ["settings_content.year_range"]
    else:
        other = db.session.scalar(select(Term.id).where(Term.year == year))
        if other is not None and other != term_id:
            errors["year"] = ["settings_content.term_year_taken"]
    names = {}
    for lang in ("ru", "kk", "en"):
        value = (body.get(f"name_{lang}") or "").strip()
        if lang == "ru" and not value:
            errors["name_ru"] = ["validation.required"]
        elif len(value) > NAME_MAX:
            errors[f"name_{lang}"] = ["validation.too_long"]
        names[lang] = value
    _check_window(errors, body.get("opens_at"), body.get("closes_at"))
    if errors:
        raise Invalid("errors.validation", errors=errors)
    return {
        "year": year,
        "name": names["ru"],
        "name_kk": names["kk"],
        "name_en": names["en"],
        "opens_at": body["opens_at"],
        "closes_at": body["closes_at"],
        "is_active": bool(body.get("is_active", True)),
    }


def _term(term_id: int) -> Term:
    term = db.session.get(Term, term_id)
    if term is None:
        raise NotFound("errors.not_found")
    return term


@use_case
def create_term(actor: User, body: dict) -> dict:
    term = Term(**_term_columns(body, None))
    db.session.add(term)
    db.session.flush()
    audit.record("admission_term.create", term, {"year": term.year}, actor=actor)
    return read_term(term)


@use_case
def update_term(actor: User, term_id: int, body: dict) -> dict:
    term = _term(term_id)
    for name, value in _term_columns(body, term.id).items():
        setattr(term, name, value)
    audit.record("admission_term.update", term, {"year": term.year}, actor=actor)
    return read_term(term)


@use_case
def set_window(actor: User, term_id: int, study_program_id: int, body: dict) -> dict:
    """Gives one programme its own window (and documents deadline) in the term, or replaces it."""
    term = _term(term_id)
    if db.session.get(StudyProgram, study_program_id) is None:
        raise NotFound("applications.study_program_not_found")
    errors: dict[str, list[str]] = {}
    _check_window(errors, body.get("opens_at"), body.get("closes_at"))
    if errors:
        raise Invalid("errors.validation", errors=errors)
    window = next((w for w in term.windows if w.study_program_id == study_program_id), None)
    if window is None:
        window = TermProgramWindow(study_program_id=study_program_id, opens_at=body["opens_at"])
        term.windows.append(window)
    window.opens_at, window.closes_at = body["opens_at"], body["closes_at"]
    window.documents_due_at = body.get("documents_due_at")
    db.session.flush()
    audit.record("admission_term.window", term, {"study_program_id": study_program_id}, actor=actor)
    return read_term(term)


@use_case
def remove_window(actor: User, term_id: int, study_program_id: int) -> dict:
    """The programme goes back to the term's window."""
    term = _term(term_id)
    window = next((w for w in term.windows if w.study_program_id == study_program_id), None)
    if window is None:
        raise NotFound("errors.not_found")
    term.windows.remove(window)
    db.session.flush()
    audit.record("admission_term.window_removed", term, {"study_program_id": study_program_id}, actor=actor)
    return read_term(term)


def deadlines() -> dict:
    """The deadlines modal: each active term's window and every offered programme's window and documents deadline,
    in the reader's language. Hidden programmes are left out, as in the programme choice."""
    lang = current_language()
    now = utcnow()
    programs = [program for program in _programs() if not program.is_hidden]
    terms = list(db.session.scalars(select(Term).where(Term.is_active.is_(True)).order_by(Term.year.desc())))
    items = []
    for term in terms:
        own = {window.study_program_id: window for window in term.windows}
        rows = []
        for program in programs:
            opens_at, closes_at = term.window_for(program.id)
            window = own.get(program.id)
            rows.append(
                {
                    "study_program_id": program.id,
                    "name": _program_name(program, lang),
                    "opens_at": opens_at,
                    "closes_at": closes_at,
                    "documents_due_at": window.documents_due_at if window is not None else None,
                    "is_open": term.is_open_for(program.id, now),
                    "has_own_window": window is not None,
                }
            )
        items.append(
            {
                "id": term.id,
                "year": term.year,
                "name": _term_name(term, lang),
                "opens_at": term.opens_at,
                "closes_at": term.closes_at,
                "is_open": term.opens_at <= now < term.closes_at,
                "programs": rows,
            }
        )
    return {"success": True, "terms": items}
