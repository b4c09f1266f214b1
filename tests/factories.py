"""Factories, not fixture files: each builds a valid row with overridable fields and commits it."""
from __future__ import annotations

import itertools

from server.models import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship, Gender, StudyProgram, User
from server.security import hash_password
from server.services.auth import start_session
from server.services.users import create_admin

_seq = itertools.count(1)
DEFAULT_PASSWORD = "secret123"


class Factories:
    def __init__(self, db):
        self.db = db

    def citizenship(self, **kw) -> Citizenship:
        n = next(_seq)
        row = Citizenship(code=kw.pop("code", f"C{n}"), name_ru=kw.pop("name_ru", f"Страна {n}"),
                          name_en=kw.pop("name_en", f"Country {n}"), name_kk=kw.pop("name_kk", f"Ел {n}"), **kw)
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def kazakhstan(self) -> Citizenship:
        return self.citizenship(code="KZ", order=0, name_en=KAZAKHSTAN_CITIZENSHIP_EN,
                                name_ru="Гражданин Республики Казахстан", name_kk="Қазақстан Республикасының азаматы")

    def gender(self, code="male", **kw) -> Gender:
        row = Gender(code=code, name_ru=kw.get("name_ru", "Мужской"), name_en=kw.get("name_en", "Male"),
                     name_kk=kw.get("name_kk", "Ер"))
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def study_program(self, **kw) -> StudyProgram:
        n = next(_seq)
        row = StudyProgram(code=kw.pop("code", f"prog{n}"), degree=kw.pop("degree", "bachelor"),
                           kind=kw.pop("kind", "regular_bachelors"), name_ru=kw.pop("name_ru", f"Программа {n}"),
                           name_en=kw.pop("name_en", f"Program {n}"), name_kk=kw.pop("name_kk", f"Бағдарлама {n}"),
                           additional_data=kw.pop("additional_data", {}), **kw)
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def user(self, email=None, password=DEFAULT_PASSWORD, verified=True, citizenship=None, **kw) -> User:
        user = User(email=email or f"user{next(_seq)}@example.com", password_hash=hash_password(password),
                    is_verified=verified, citizenship_id=citizenship.id if citizenship else None, **kw)
        self.db.session.add(user)
        self.db.session.commit()
        return user

    def admin(self, role="Админ", email=None, password=DEFAULT_PASSWORD) -> User:
        return create_admin(email or f"admin{next(_seq)}@example.com", password, role)

    def token(self, user: User) -> str:
        token = start_session(user)
        self.db.session.commit()
        return token

    def auth_headers(self, user: User) -> dict:
        return {"Authorization": f"Bearer {self.token(user)}"}
