"""Seeds the questionnaire's option lists (SelectOption), upserting by (type, code)."""

from __future__ import annotations

import re

from babel import Locale
from sqlalchemy import select

from ..extensions import db
from ..models import SelectOption, StudyProgram
from .data import select_options as data
from .marks import SeedMarks, natural_key
from .reference import _NOT_COUNTRIES


def country_rows() -> list[tuple]:
    """Countries of residence from Babel's territory names (ISO 3166 alpha-2 codes), ordered by Russian name."""
    ru, kk, en = (Locale(lang).territories for lang in ("ru", "kk", "en"))
    rows = []
    for code, name_en in en.items():
        if len(code) != 2 or not code.isalpha() or code in _NOT_COUNTRIES:
            continue
        rows.append((code, ru.get(code, name_en), kk.get(code) or ru.get(code, name_en), name_en, {"iso": code}))
    return sorted(rows, key=lambda row: (row[0] != "KZ", row[1]))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def embassy_rows() -> list[tuple]:
    ru, kk, en = (Locale(lang).territories for lang in ("ru", "kk", "en"))
    rows = []
    for iso, city_ru, city_kk, city_en, kind in data.EMBASSIES:
        if kind == "embassy":
            title_ru, title_kk, title_en = (
                "Посольство Республики Казахстан",
                "Қазақстан Республикасының Елшілігі",
                "Embassy of Kazakhstan",
            )
        else:
            title_ru, title_kk, title_en = (
                "Генеральное консульство Республики Казахстан",
                "Қазақстан Республикасының Бас консулдығы",
                "Consulate General of Kazakhstan",
            )
        rows.append(
            (
                f"{iso.lower()}_{_slug(city_en)}",
                f"{title_ru}, {ru[iso]} ({city_ru})",
                f"{title_kk}, {kk.get(iso) or ru[iso]} ({city_kk})",
                f"{title_en}, {en[iso]} ({city_en})",
                {"country": iso, "city": city_en, "kind": kind},
            )
        )
    return rows


def option_lists() -> list[tuple[str, list[tuple]]]:
    return [*data.OPTION_LISTS, (data.COUNTRY_OF_RESIDENCE, country_rows()), (data.EMBASSY, embassy_rows())]


def _resolve(additional: dict, study_program_ids: dict[str, int], option_ids: dict[tuple[str, str], int]) -> dict:
    result = {key: value for key, value in additional.items() if key not in ("parent", "hide_in_study_program_codes")}
    if "study_program_codes" in additional:
        ids = [study_program_ids[code] for code in additional["study_program_codes"] if code in study_program_ids]
        result["study_programs"] = ids
        result["study_program_id"] = ids[0] if ids else None
    if "hide_in_study_program_codes" in additional:
        result["study_programs_to_hide_in"] = [
            study_program_ids[code] for code in additional["hide_in_study_program_codes"] if code in study_program_ids
        ]
        result["study_program_codes_to_hide_in"] = list(additional["hide_in_study_program_codes"])
    if "parent" in additional:
        result["parent_id"] = option_ids.get(tuple(additional["parent"]))
    return result


def seed_select_options() -> int:
    study_program_ids = dict(db.session.execute(select(StudyProgram.code, StudyProgram.id)).all())
    existing = {(row.type, row.code): row for row in db.session.scalars(select(SelectOption))}
    option_ids = {key: row.id for key, row in existing.items()}
    marks = SeedMarks("select_options")
    count = 0
    for option_type, rows in option_lists():
        for order, (code, name_ru, name_kk, name_en, additional) in enumerate(rows, start=1):
            count += 1
            # Insert-only (decision 0010): names, order, additional_data (disabled, ...) of an existing option are
            # the admins' to edit, and an option an admin deleted stays deleted.
            if not marks.should_insert(natural_key(option_type, code), (option_type, code) in existing):
                continue
            additional_data = _resolve(additional, study_program_ids, option_ids)
            row = SelectOption(
                type=option_type,
                code=code,
                name_ru=name_ru,
                name_kk=name_kk,
                name_en=name_en,
                order=order,
                additional_data=additional_data,
                additional_count=len(additional_data.get("documents") or []),
            )
            db.session.add(row)
            existing[(option_type, code)] = row
        db.session.flush()  # ids for the `parent` references of later lists
        option_ids.update({key: row.id for key, row in existing.items() if key[0] == option_type})
    return count
