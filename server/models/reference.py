"""Reference data shown in three languages (design §6: Kazakh falls back to Russian when empty).

The large lists (select options, KATO, educational institutions: tens of thousands of rows) are searched by name with
`ilike` (the pickers, /universal, /kato/nodes, /institutions/search). On PostgreSQL their searched text columns carry
trigram (pg_trgm) GIN indexes, so `col ILIKE '%…%'` is served by an index instead of a scan of the table; SQLite
(the single-machine default) scans, which is fine at its scale. The small lists (citizenships, genders, study
programs: a few hundred rows) are scanned on both: PostgreSQL would not use an index on a table that small.
"""

from __future__ import annotations

import json
import re

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from ..forms.context import DEGREE_OF_KIND, PROGRAM_FLAGS
from .base import require_pg_trgm, trigram_index

KAZAKHSTAN_CITIZENSHIP_EN = "Citizen of the Republic of Kazakhstan"


class TrilingualNameMixin:
    # Only Russian is required; Kazakh and English fall back to it when empty (decision 0073).
    name_ru: Mapped[str] = mapped_column(String(255))
    name_en: Mapped[str] = mapped_column(String(255), default="")
    name_kk: Mapped[str] = mapped_column(String(255), default="")


class Citizenship(TrilingualNameMixin, db.Model):
    __tablename__ = "citizenships"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    order: Mapped[int] = mapped_column(Integer, default=1000)
    # False for a territory that is not a citizenship (Antarctica, …): kept only because an applicant's answer
    # points at it, never offered in a picker again (decision 0069).
    selectable: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())

    @property
    def is_kazakhstan(self) -> bool:
        return self.name_en == KAZAKHSTAN_CITIZENSHIP_EN


class Gender(TrilingualNameMixin, db.Model):
    __tablename__ = "genders"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)


# Program kinds drive the §3 study-program info flags (isRegularBachelors, isMastersMBA, ...) and imply a degree;
# both are defined with the rule context in forms/context.json.
PROGRAM_KINDS: tuple[str, ...] = tuple(PROGRAM_FLAGS)
DEGREES: tuple[str, ...] = tuple(dict.fromkeys(DEGREE_OF_KIND.values()))

# A study program whose additional_data.is_hidden is set is not offered to applicants (admins still see it).
# The flag counts as set when it reads, as JSON text, "true" or "1": JSON true, 1, "true" or "1" — the same test
# in Python (StudyProgram.is_hidden) and in SQL (server/universal/scopes.py).
HIDDEN_PROGRAM_KEY = "is_hidden"
HIDDEN_PROGRAM_TEXTS = ("true", "1")


def is_hidden_flag(value) -> bool:
    return (value if isinstance(value, str) else json.dumps(value)) in HIDDEN_PROGRAM_TEXTS


class StudyProgram(TrilingualNameMixin, db.Model):
    __tablename__ = "study_programs"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    degree: Mapped[str] = mapped_column(String(16))  # one of DEGREES
    kind: Mapped[str] = mapped_column(String(40))  # one of PROGRAM_KINDS
    order: Mapped[int] = mapped_column(Integer, default=0)
    additional_data: Mapped[dict] = mapped_column(JSON, default=dict)

    @property
    def is_hidden(self) -> bool:
        return is_hidden_flag((self.additional_data or {}).get(HIDDEN_PROGRAM_KEY))


class SelectOption(TrilingualNameMixin, db.Model):
    """One option of a questionnaire select list; `type` is `<formKey>_<field>` (req §3), `code` its stable key."""

    __tablename__ = "select_options"
    __table_args__ = (UniqueConstraint("type", "code", name="uq_select_options_type_code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    type: Mapped[str] = mapped_column(String(100), index=True)
    code: Mapped[str] = mapped_column(String(64))
    order: Mapped[int] = mapped_column(Integer, default=0)
    # study_program_id, study_programs, degree, disabled, parent_id, study_programs_to_hide_in, documents, code, ...
    additional_data: Mapped[dict] = mapped_column(JSON, default=dict)
    additional_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


# Levels of the classifier of administrative-territorial objects (КАТО): te ab cd ef hij.
KATO_LEVEL_REPUBLIC = 0
KATO_LEVEL_REGION = 1  # oblast or city of republican significance: te, rest zeros
KATO_LEVEL_DISTRICT = 2  # district or city of regional significance: te ab
KATO_LEVEL_RURAL_DISTRICT = 3  # rural district / town of district significance: te ab cd
KATO_LEVEL_SETTLEMENT = 4  # settlement: te ab cd ef (hij)


class Kato(db.Model):
    """A node of the KATO tree; the 9-digit code is the natural key, parent_id follows from the code."""

    __tablename__ = "kato"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(9), unique=True)
    name_ru: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="")
    name_en: Mapped[str] = mapped_column(String(255), default="")
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("kato.id", ondelete="SET NULL"), index=True)
    level: Mapped[int] = mapped_column(Integer, default=KATO_LEVEL_REGION)


INSTITUTION_TYPES = ("school", "college", "university", "lyceum", "gymnasium", "other")


class EducationalInstitution(db.Model):
    """A school, college or university offered by the institution picker of the questionnaire."""

    __tablename__ = "educational_institutions"
    __table_args__ = (UniqueConstraint("name", "region", name="uq_educational_institutions_name_region"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(500))
    region: Mapped[str] = mapped_column(String(255), index=True)
    district: Mapped[str] = mapped_column(String(255), default="")
    address: Mapped[str] = mapped_column(String(500), default="")
    type: Mapped[str] = mapped_column(String(32), default="school", index=True)  # one of INSTITUTION_TYPES
    kato_id: Mapped[int | None] = mapped_column(ForeignKey("kato.id", ondelete="SET NULL"), index=True)


# The searched columns of the large lists (see the module docstring); PostgreSQL only, like application_summary's.
TRIGRAM_INDEXES = (
    *(trigram_index(SelectOption.__table__.c[name]) for name in ("name_ru", "name_kk", "name_en")),
    *(trigram_index(Kato.__table__.c[name]) for name in ("name_ru", "name_kk", "name_en")),
    *(trigram_index(EducationalInstitution.__table__.c[name]) for name in ("name", "region", "district", "address")),
)
require_pg_trgm(db.metadata)


# The KATO code's structure (9 digits: AB region, CD district, EF, HIJ settlement), used by the imports and the
# generic API's KATO rules alike.
_KATO_CODE = re.compile(r"[0-9]{9}")


def is_kato_code(code) -> bool:
    """Exactly 9 ASCII digits (str.isdigit would also accept '²' or Arabic-Indic digits)."""
    return isinstance(code, str) and _KATO_CODE.fullmatch(code) is not None


def kato_parent_candidates(code: str) -> list[str]:
    """Ancestors by the code structure, nearest first: HIJ -> H00 -> EF level -> CD level -> region.

    A malformed code (not 9 digits) has no ancestors."""
    if not is_kato_code(code):
        return []
    ab, cd, ef, hij = code[:2], code[2:4], code[4:6], code[6:]
    candidates = []
    if hij[1:] != "00":
        candidates.append(f"{ab}{cd}{ef}{hij[0]}00")
    if hij != "000":
        candidates.append(f"{ab}{cd}{ef}000")
    if ef != "00":
        candidates.append(f"{ab}{cd}00000")
    if cd != "00":
        candidates.append(f"{ab}0000000")
    return [candidate for candidate in candidates if candidate != code]
