from __future__ import annotations

from babel import Locale
from sqlalchemy import select

from ..extensions import db
from ..models import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship, Gender, StudyProgram
from ..models.reference import HIDDEN_PROGRAM_KEY
from .marks import SeedMarks, natural_key

# Babel territories that are regions, groupings or placeholders rather than countries.
_NOT_COUNTRIES = {"EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "CQ"}
# Territories nobody holds a citizenship of (uninhabited, military, or parts of a country listed on its own):
# removed from the citizenship list (issue 10, decision 0069); the migration 76eb94123a2e retires existing rows.
NOT_CITIZENSHIPS = frozenset({"AQ", "BV", "HM", "TF", "GS", "UM", "CP", "DG", "EA", "IC", "AC", "TA", "IO"})

KAZAKHSTAN = {
    "name_ru": "Гражданин Республики Казахстан",
    "name_kk": "Қазақстан Республикасының азаматы",
    "name_en": KAZAKHSTAN_CITIZENSHIP_EN,
}
STATELESS = {"name_ru": "Лицо без гражданства", "name_kk": "Азаматтығы жоқ адам", "name_en": "Stateless person"}


def _insert_once(model, marks: SeedMarks, key: dict, values: dict) -> None:
    """Inserts the row the first time its natural key is seen; never updates it (admins own it afterwards)."""
    exists = db.session.scalar(select(model.id).filter_by(**key)) is not None
    if marks.should_insert(natural_key(*key.values()), exists):
        db.session.add(model(**key, **values))


def citizenship_rows() -> list[dict]:
    ru, kk, en = (Locale(lang).territories for lang in ("ru", "kk", "en"))
    rows = []
    for code, name_en in en.items():
        if len(code) != 2 or not code.isalpha() or code in _NOT_COUNTRIES or code in NOT_CITIZENSHIPS:
            continue
        if code == "KZ":
            rows.append({"code": "KZ", "order": 0, **KAZAKHSTAN})
            continue
        rows.append(
            {
                "code": code,
                "order": 1000,
                "name_en": name_en,
                "name_ru": ru.get(code, name_en),
                "name_kk": kk.get(code) or ru.get(code, name_en),
            }
        )
    rows.append({"code": "XX", "order": 2000, **STATELESS})
    return rows


def seed_citizenships() -> int:
    rows = citizenship_rows()
    marks = SeedMarks("citizenships")
    for row in rows:
        _insert_once(Citizenship, marks, {"code": row["code"]}, {k: v for k, v in row.items() if k != "code"})
    return len(rows)


GENDERS = [
    # "Option 1" of the gender switch is male: military document fields depend on it (req §4).
    {"code": "male", "name_ru": "Мужской", "name_kk": "Ер", "name_en": "Male"},
    {"code": "female", "name_ru": "Женский", "name_kk": "Әйел", "name_en": "Female"},
]


def seed_genders() -> int:
    marks = SeedMarks("genders")
    for row in GENDERS:
        _insert_once(Gender, marks, {"code": row["code"]}, {k: v for k, v in row.items() if k != "code"})
    return len(GENDERS)


# The programme families of the university; `kind` drives the §3 info flags. 'Master's degree' and 'Doctoral'
# are significant names in the spec, so the families' English names keep those words.
STUDY_PROGRAMS = [
    ("bachelor", "bachelor", "regular_bachelors", "Бакалавриат", "Бакалавриат", "Bachelor's degree"),
    (
        "masters_scientific",
        "master",
        "masters_scientific_pedagogical",
        "Магистратура (научно-педагогическая)",
        "Магистратура (ғылыми-педагогикалық)",
        "Master's degree (scientific and pedagogical)",
    ),
    (
        "masters_specialized",
        "master",
        "masters_specialized",
        "Магистратура (профильная)",
        "Магистратура (бейіндік)",
        "Master's degree (specialized)",
    ),
    (
        "masters_joint_nbk",
        "master",
        "masters_joint_nbk",
        "Магистратура совместно с Национальным Банком РК",
        "ҚР Ұлттық Банкімен бірлескен магистратура",
        "Master's degree jointly with the National Bank of Kazakhstan",
    ),
    ("mba", "master", "masters_mba", "MBA", "MBA", "Master's degree: MBA"),
    ("emba", "master", "masters_emba", "Executive MBA", "Executive MBA", "Master's degree: Executive MBA"),
    ("phd", "doctoral", "doctoral_phd", "Докторантура PhD", "PhD докторантурасы", "Doctoral (PhD)"),
    ("dba", "doctoral", "doctoral_dba", "Докторантура DBA", "DBA докторантурасы", "Doctoral (DBA)"),
]


def seed_study_programs() -> int:
    marks = SeedMarks("study_programs")
    for order, (code, degree, kind, name_ru, name_kk, name_en) in enumerate(STUDY_PROGRAMS, start=1):
        _insert_once(
            StudyProgram,
            marks,
            {"code": code},
            {
                "degree": degree,
                "kind": kind,
                "order": order,
                "name_ru": name_ru,
                "name_kk": name_kk,
                "name_en": name_en,
                "additional_data": {HIDDEN_PROGRAM_KEY: False},
            },
        )
    return len(STUDY_PROGRAMS)
