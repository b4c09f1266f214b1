"""Shared builders for the /universal tests: a valid create body and a deletable row for every registered model."""

from __future__ import annotations

import itertools

from server.models import ChatKnowledge, EducationalInstitution, Kato, SelectOption

_seq = itertools.count(1)
BASE = "/api/v1/universal"


def select_option(db, **kw) -> SelectOption:
    n = next(_seq)
    row = SelectOption(
        type=kw.pop("type", "fillStepMainInfo_marital_status"),
        code=kw.pop("code", f"opt{n}"),
        name_ru=kw.pop("name_ru", f"Вариант {n}"),
        name_en=kw.pop("name_en", f"Option {n}"),
        name_kk=kw.pop("name_kk", f"Нұсқа {n}"),
        additional_data=kw.pop("additional_data", {}),
        **kw,
    )
    db.session.add(row)
    db.session.commit()
    return row


def kato(db, **kw) -> Kato:
    n = next(_seq)
    row = Kato(
        code=kw.pop("code", f"{710000000 + n}"),
        name_ru=kw.pop("name_ru", f"Пункт {n}"),
        name_kk=kw.pop("name_kk", f"Елді мекен {n}"),
        name_en=kw.pop("name_en", f"Place {n}"),
        **kw,
    )
    db.session.add(row)
    db.session.commit()
    return row


def institution(db, **kw) -> EducationalInstitution:
    n = next(_seq)
    row = EducationalInstitution(name=kw.pop("name", f"Школа №{n}"), region=kw.pop("region", "Алматы"), **kw)
    db.session.add(row)
    db.session.commit()
    return row


def create_body(model: str, f, db) -> dict:
    """A valid `create` object for the model; parents are built with the factories."""
    n = next(_seq)
    names = {"name_ru": f"Имя {n}", "name_en": f"Name {n}", "name_kk": f"Аты {n}"}
    if model == "Hall":
        return {"name": f"Общежитие {n}"}
    if model == "Building":
        return {"name": f"Корпус {n}", "order": 1, "hall_id": f.hall().id}
    if model == "Floor":
        return {"name": f"Этаж {n}", "order": 1, "building_id": f.building().id}
    if model == "Section":
        return {"name": f"Секция {n}", "order": 1, "floor_id": f.floor().id}
    if model == "RoomType":
        return {"name": f"Двухместная {n}", "capacity": 2, "price": 45000}
    if model == "SectionRoom":
        return {
            "name": f"Комната {n}",
            "order": 1,
            "section_id": f.section().id,
            "room_type_id": f.room_type().id,
            "assigned_gender_id": None,
            "external_reserved_places": 1,
        }
    if model == "Citizenship":
        return {"code": f"Q{n}", **names, "order": 5}
    if model == "Gender":
        return {"code": f"g{n}", **names}
    if model == "StudyProgram":
        return {
            "code": f"sp{n}",
            "degree": "master",
            "kind": "masters_mba",
            **names,
            "order": 1,
            "additional_data": {"is_hidden": False},
        }
    if model == "SelectOption":
        return {
            "type": "fillStepMainInfo_marital_status",
            "code": f"c{n}",
            **names,
            "order": 1,
            "additional_data": {"parent_id": 3},
            "additional_count": 0,
        }
    if model == "Kato":
        return {"code": f"{750000000 + n}", **names}
    if model == "EducationalInstitution":
        return {
            "name": f"Гимназия {n}",
            "region": "Астана",
            "district": "Есиль",
            "address": "пр. Мангилик Ел, 1",
            "type": "gymnasium",
            "kato_id": None,
        }
    if model == "ChatKnowledge":
        return {
            "key": f"entry_{n}",
            "topic": "general",
            "title_ru": f"Вопрос {n}",
            "title_kk": f"Сұрақ {n}",
            "title_en": f"Question {n}",
            "body_ru": "Ответ",
            "body_kk": "Жауап",
            "body_en": "Answer",
            "keywords": "ключ",
            "is_active": True,
            "order": 1,
        }
    raise KeyError(model)


def update_body(model: str) -> dict:
    if model in ("Hall", "Building", "Floor", "Section", "RoomType", "SectionRoom", "EducationalInstitution"):
        return {"name": "Обновлено"}
    if model == "ChatKnowledge":
        return {"title_ru": "Обновлено"}
    return {"name_ru": "Обновлено"}


def childless_row(model: str, f, db) -> int:
    """The id of a row of the model that nothing references (so delete succeeds)."""
    if model == "Hall":
        return f.hall().id
    if model == "Building":
        return f.building().id
    if model == "Floor":
        return f.floor().id
    if model == "Section":
        return f.section().id
    if model == "RoomType":
        return f.room_type().id
    if model == "SectionRoom":
        return f.section_room().id
    if model == "Citizenship":
        return f.citizenship().id
    if model == "Gender":
        return f.gender(code=f"g{next(_seq)}").id
    if model == "StudyProgram":
        return f.study_program().id
    if model == "SelectOption":
        return select_option(db).id
    if model == "Kato":
        return kato(db).id
    if model == "EducationalInstitution":
        return institution(db).id
    if model == "ChatKnowledge":
        row = ChatKnowledge(key=f"row_{next(_seq)}", title_ru="Вопрос", body_ru="Ответ")
        db.session.add(row)
        db.session.commit()
        return row.id
    raise KeyError(model)
