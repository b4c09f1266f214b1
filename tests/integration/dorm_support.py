"""Builders for the dormitory tests (issue 13): a hall with rooms, eligible applicants of a gender."""

from __future__ import annotations

from sqlalchemy import select

from server.applications import summary as application_summary
from server.models import ApplicationSummary, DormBooking, Gender
from server.models.application import STATUS_ACCEPTED, STATUS_APPLIED

GENDER_SWITCH = {"male": 1, "female": 2}


def genders(factories):
    db = factories.db
    out = {}
    for code, ru, en, kk in (("male", "Мужской", "Male", "Ер"), ("female", "Женский", "Female", "Әйел")):
        out[code] = db.session.scalar(select(Gender).where(Gender.code == code)) or factories.gender(
            code, name_ru=ru, name_en=en, name_kk=kk
        )
    return out


def hall_with_rooms(factories, rooms=1, capacity=2, price=60000, reserved=0, name=None, room_type=None):
    """One hall, one building, floor and section holding `rooms` rooms of one room type."""
    hall = factories.hall(name=name or "Общежитие №1")
    section = factories.section(factories.floor(factories.building(hall)))
    room_type = room_type or factories.room_type(name="Двухместная", capacity=capacity, price=price)
    made = [
        factories.section_room(section, room_type, external_reserved_places=reserved, order=i) for i in range(rooms)
    ]
    return hall, room_type, made


def applicant(factories, gender="male", kz=False, stage_ok=True, need_dorm=True, categories=(), email=None):
    """A foreign (or citizen) applicant whose application has reached (or not) the booking stage."""
    user = factories.applicant(kz=kz, email=email, first_name="Имя", last_name="Фамилия")
    if kz:
        application = factories.application(user=user, current_step=6 if stage_ok else 5)
        main, additional = "fillStepMainInfoLocal", "fillStepAdditionalInfoLocal"
    else:
        application = factories.application(user=user, status=STATUS_ACCEPTED if stage_ok else STATUS_APPLIED)
        main, additional = "fillStepMainInfo", "fillStepAdditionalInfo"
    answers = {
        main: {"gender": GENDER_SWITCH[gender]} if gender else {},
        additional: {"need_dorm": "Да" if need_dorm else "Нет"},
    }
    if categories:
        answers["fillStepSocialCategories"] = {"social_categories": [c.id for c in categories]}
    for form_key, data in answers.items():
        factories.user_data(application, form_key, data)
    application_summary.refresh(application, answers, user)
    factories.db.session.commit()
    assert factories.db.session.get(ApplicationSummary, application.id) is not None
    return user


def book(client, factories, user, hall, room_type, **extra):
    return client.post(
        "/api/v1/users/create-booking",
        json={"hall_id": hall.id, "room_type_id": room_type.id, **extra},
        headers=factories.auth_headers(user),
    )


def active_bookings(db, room_id=None):
    query = select(DormBooking).where(DormBooking.status.in_(("offered", "held", "confirmed")))
    if room_id is not None:
        query = query.where(DormBooking.room_id == room_id)
    db.session.expire_all()
    return list(db.session.scalars(query))
