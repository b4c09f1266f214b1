"""Reference data shown in three languages (DESIGN §6: Kazakh falls back to Russian when empty)."""
from __future__ import annotations

from sqlalchemy import JSON, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db

KAZAKHSTAN_CITIZENSHIP_EN = "Citizen of the Republic of Kazakhstan"


class TrilingualNameMixin:
    name_ru: Mapped[str] = mapped_column(String(255))
    name_en: Mapped[str] = mapped_column(String(255))
    name_kk: Mapped[str] = mapped_column(String(255), default="")


class Citizenship(TrilingualNameMixin, db.Model):
    __tablename__ = "citizenships"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    order: Mapped[int] = mapped_column(Integer, default=1000)

    @property
    def is_kazakhstan(self) -> bool:
        return self.name_en == KAZAKHSTAN_CITIZENSHIP_EN


class Gender(TrilingualNameMixin, db.Model):
    __tablename__ = "genders"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)


# Program kinds drive the §3 study-program info flags (isRegularBachelors, isMastersMBA, ...).
PROGRAM_KINDS = (
    "regular_bachelors",
    "masters_scientific_pedagogical",
    "masters_specialized",
    "masters_joint_nbk",
    "masters_mba",
    "masters_emba",
    "doctoral_phd",
    "doctoral_dba",
)


class StudyProgram(TrilingualNameMixin, db.Model):
    __tablename__ = "study_programs"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    degree: Mapped[str] = mapped_column(String(16))  # bachelor | master | doctoral
    kind: Mapped[str] = mapped_column(String(40))  # one of PROGRAM_KINDS
    order: Mapped[int] = mapped_column(Integer, default=0)
    additional_data: Mapped[dict] = mapped_column(JSON, default=dict)
