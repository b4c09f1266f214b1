"""Factories, not fixture files: each builds a valid row with overridable fields and commits it."""

from __future__ import annotations

import itertools
from datetime import UTC
from functools import lru_cache

from server.accounts import second_factor
from server.accounts.auth import start_session
from server.accounts.users import create_admin
from server.database import unit_of_work
from server.models import (
    KAZAKHSTAN_CITIZENSHIP_EN,
    Citizenship,
    EducationalInstitution,
    Gender,
    Kato,
    SelectOption,
    StudyProgram,
    User,
)
from server.models.dormitory import Building, Floor, Hall, RoomType, Section, SectionRoom
from server.security import hash_password

from .helpers import DEFAULT_PASSWORD, TEST_TOTP_SECRET

_seq = itertools.count(1)
_iin_serials = itertools.count(2000)


def new_iin(born: str = "040101", century_gender: str = "5") -> str:
    """A valid IIN no test names on its own (born 2004-01-01, male unless told otherwise; serials from 2000)."""
    from server.forms.masks import iin_check_digit

    while True:
        first11 = f"{born}{century_gender}{next(_iin_serials):04d}"
        check = iin_check_digit(first11)
        if check is not None:
            return f"{first11}{check}"


@lru_cache(maxsize=32)
def _password_hash(password: str) -> str:
    """argon2 is slow on purpose; hashing each test user's password once per run keeps the suite fast."""
    return hash_password(password)


class Factories:
    def __init__(self, db):
        self.db = db

    def citizenship(self, **kw) -> Citizenship:
        n = next(_seq)
        row = Citizenship(
            code=kw.pop("code", f"C{n}"),
            name_ru=kw.pop("name_ru", f"Страна {n}"),
            name_en=kw.pop("name_en", f"Country {n}"),
            name_kk=kw.pop("name_kk", f"Ел {n}"),
            **kw,
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def kazakhstan(self) -> Citizenship:
        return self.citizenship(
            code="KZ",
            order=0,
            name_en=KAZAKHSTAN_CITIZENSHIP_EN,
            name_ru="Гражданин Республики Казахстан",
            name_kk="Қазақстан Республикасының азаматы",
        )

    def gender(self, code="male", **kw) -> Gender:
        row = Gender(
            code=code,
            name_ru=kw.get("name_ru", "Мужской"),
            name_en=kw.get("name_en", "Male"),
            name_kk=kw.get("name_kk", "Ер"),
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def study_program(self, **kw) -> StudyProgram:
        n = next(_seq)
        row = StudyProgram(
            code=kw.pop("code", f"prog{n}"),
            degree=kw.pop("degree", "bachelor"),
            kind=kw.pop("kind", "regular_bachelors"),
            name_ru=kw.pop("name_ru", f"Программа {n}"),
            name_en=kw.pop("name_en", f"Program {n}"),
            name_kk=kw.pop("name_kk", f"Бағдарлама {n}"),
            additional_data=kw.pop("additional_data", {}),
            **kw,
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def select_option(self, type="fillStepMainInfo_marital_status", **kw) -> SelectOption:
        n = next(_seq)
        row = SelectOption(
            type=type,
            code=kw.pop("code", f"opt{n}"),
            name_ru=kw.pop("name_ru", f"Вариант {n}"),
            name_en=kw.pop("name_en", f"Option {n}"),
            name_kk=kw.pop("name_kk", f"Нұсқа {n}"),
            order=kw.pop("order", n),
            additional_data=kw.pop("additional_data", {}),
            **kw,
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def kato(self, code=None, parent=None, **kw) -> Kato:
        n = next(_seq)
        row = Kato(
            code=code or f"{90 + n % 9}{n:07d}"[:9],
            name_ru=kw.pop("name_ru", f"Район {n}"),
            name_kk=kw.pop("name_kk", f"Аудан {n}"),
            name_en=kw.pop("name_en", f"District {n}"),
            parent_id=parent.id if parent else None,
            level=kw.pop("level", parent.level + 1 if parent else 1),
            **kw,
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def institution(self, **kw) -> EducationalInstitution:
        n = next(_seq)
        row = EducationalInstitution(
            name=kw.pop("name", f"Школа № {n}"),
            region=kw.pop("region", "г. Алматы"),
            district=kw.pop("district", ""),
            address=kw.pop("address", ""),
            type=kw.pop("type", "school"),
            **kw,
        )
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def user(self, email=None, password=DEFAULT_PASSWORD, verified=True, citizenship=None, **kw) -> User:
        user = User(
            email=email or f"user{next(_seq)}@example.com",
            password_hash=_password_hash(password),
            is_verified=verified,
            citizenship_id=citizenship.id if citizenship else None,
            **kw,
        )
        self.db.session.add(user)
        self.db.session.commit()
        return user

    def admin(self, role="Админ", email=None, password=DEFAULT_PASSWORD, totp_secret=TEST_TOTP_SECRET) -> User:
        """A staff account with its second factor enrolled with `totp_secret` (None: none enrolled, the next
        sign-in asks for enrolment; decision 0078). helpers.fresh_totp(email) gives its code."""
        with unit_of_work():
            user = create_admin(email or f"admin{next(_seq)}@example.com", password, role)
            if totp_secret is not None:
                second_factor.enrol(user, totp_secret)
        return user

    def token(self, user: User) -> str:
        token = start_session(user)
        self.db.session.commit()
        return token

    def auth_headers(self, user: User) -> dict:
        return {"Authorization": f"Bearer {self.token(user)}"}

    # Dormitory hierarchy: each builds its missing parents.
    def _add(self, row):
        self.db.session.add(row)
        self.db.session.commit()
        return row

    def hall(self, **kw) -> Hall:
        return self._add(Hall(name=kw.pop("name", f"Общежитие {next(_seq)}"), **kw))

    def building(self, hall=None, **kw) -> Building:
        hall = hall or self.hall()
        return self._add(Building(name=kw.pop("name", f"Корпус {next(_seq)}"), hall_id=hall.id, **kw))

    def floor(self, building=None, **kw) -> Floor:
        building = building or self.building()
        return self._add(Floor(name=kw.pop("name", f"Этаж {next(_seq)}"), building_id=building.id, **kw))

    def section(self, floor=None, **kw) -> Section:
        floor = floor or self.floor()
        return self._add(Section(name=kw.pop("name", f"Секция {next(_seq)}"), floor_id=floor.id, **kw))

    def room_type(self, **kw) -> RoomType:
        return self._add(
            RoomType(
                name=kw.pop("name", f"Тип {next(_seq)}"),
                capacity=kw.pop("capacity", 2),
                price=kw.pop("price", 50000),
                **kw,
            )
        )

    def section_room(self, section=None, room_type=None, **kw) -> SectionRoom:
        section = section or self.section()
        room_type = room_type or self.room_type()
        return self._add(
            SectionRoom(
                name=kw.pop("name", f"Комната {next(_seq)}"), section_id=section.id, room_type_id=room_type.id, **kw
            )
        )

    # Admission terms, applications and questionnaire answers (the application journey).
    def term(self, year=None, opens_at=None, closes_at=None, is_active=True, windows=None):
        from datetime import datetime, timedelta

        from server.models import Term, TermProgramWindow

        now = datetime.now(UTC)
        row = Term(
            year=year if year is not None else 2000 + next(_seq),
            name=f"Term {next(_seq)}",
            opens_at=opens_at or now - timedelta(days=30),
            closes_at=closes_at or now + timedelta(days=30),
            is_active=is_active,
        )
        for program, window_opens, window_closes in windows or []:
            row.windows.append(
                TermProgramWindow(study_program_id=program.id, opens_at=window_opens, closes_at=window_closes)
            )
        return self._add(row)

    def closed_term(self, **kw):
        from datetime import datetime, timedelta

        now = datetime.now(UTC)
        return self.term(opens_at=now - timedelta(days=60), closes_at=now - timedelta(days=1), **kw)

    def applicant(self, kz: bool = False, citizenship=None, **kw) -> User:
        from sqlalchemy import select

        if citizenship is None:
            if kz:
                citizenship = (
                    self.db.session.scalar(select(Citizenship).where(Citizenship.name_en == KAZAKHSTAN_CITIZENSHIP_EN))
                    or self.kazakhstan()
                )
            else:
                citizenship = self.citizenship()
        return self.user(citizenship=citizenship, **kw)

    def application(self, user=None, program=None, term=None, **kw):
        from server.models import Application

        user = user or self.applicant()
        program = program or self.study_program()
        term = term or self.term()
        return self._add(
            Application(
                user_id=user.id,
                study_program_id=program.id,
                term_id=term.id,
                current_step=kw.pop("current_step", 1),
                financing=kw.pop("financing", "paid"),
                **kw,
            )
        )

    def bureau_data(self, user, iin=None, **kw):
        """What POST /pkb/check-code stores once the bureau confirmed the citizen (decision 0064), without the SMS
        round trip: the state machine moves a citizen's application only after it (issue 22)."""
        from server.iin import birth_date, gender
        from server.models import PkbPersonData

        iin = iin or new_iin()
        row = PkbPersonData(
            user_id=user.id,
            iin=iin,
            last_name=kw.pop("last_name", user.last_name or "Тестова"),
            first_name=kw.pop("first_name", user.first_name or "Айым"),
            middle_name=kw.pop("middle_name", None),
            date_of_birth=kw.pop("date_of_birth", birth_date(iin)),
            gender=kw.pop("gender", gender(iin)),
            **kw,
        )
        user.is_pkb_data_request_completed = True
        return self._add(row)

    def user_data(self, application, type, data):
        from server.models import UserData

        return self._add(
            UserData(
                user_id=application.user_id,
                application_id=application.id,
                term_id=application.term_id,
                type=type,
                data=data,
            )
        )

    def questionnaire_option(self, type, code=None, **kw):
        from server.models import SelectOption

        n = next(_seq)
        return self._add(
            SelectOption(
                type=type,
                code=code or f"opt{n}",
                name_ru=kw.pop("name_ru", f"Вариант {n}"),
                name_en=kw.pop("name_en", f"Option {n}"),
                name_kk=kw.pop("name_kk", f"Нұсқа {n}"),
                additional_data=kw.pop("additional_data", {}),
                **kw,
            )
        )
