"""Issue 10 (applicant UX), server side: the submission letter in the applicant's language through the job queue."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.models import ApplicationEvent, OutboxMessage

from ..helpers import assert_ok
from .test_user_data_support import complete_answers, post_bulk

SUBJECTS = {"ru": "Анкета отправлена", "kk": "Сауалнама жіберілді", "en": "Questionnaire submitted"}


def _submitted(client, factories, header: str):
    user = factories.applicant()
    program = factories.study_program(name_ru="Информатика", name_kk="Информатика (каз)", name_en="Computer science")
    application = factories.application(user=user, program=program)
    answers, files = complete_answers(application, factories, False)
    headers = {**factories.auth_headers(user), "Accept-Language": header}
    assert_ok(post_bulk(client, headers, application.id, answers, files, is_submit="true"))
    return application


@pytest.mark.parametrize(("header", "lang"), [("kk-KZ", "kk"), ("en", "en"), ("ru", "ru")])
def test_submission_letter_is_in_the_applicants_language(client, factories, db, header, lang):
    application = _submitted(client, factories, header)
    letters = db.session.scalars(select(OutboxMessage).where(OutboxMessage.recipient == application.user.email)).all()
    assert [letter.subject for letter in letters] == [SUBJECTS[lang]]
    program = {"ru": "Информатика", "kk": "Информатика (каз)", "en": "Computer science"}[lang]
    assert program in letters[0].body and str(application.id) in letters[0].body
    event = db.session.scalars(
        select(ApplicationEvent).where(
            ApplicationEvent.application_id == application.id, ApplicationEvent.transition == "submit_form"
        )
    ).one()
    assert event.data == {"language": lang}


def test_later_status_letters_keep_the_submission_language(client, factories, db):
    """An admin's move has no applicant language of its own: the letter uses the one the applicant submitted in."""
    from server.applications.notifications import mail_language

    application = _submitted(client, factories, "en")
    later = ApplicationEvent(application_id=application.id, transition="advance", data={})
    assert mail_language(later) == "en"
    assert mail_language(ApplicationEvent(application_id=10**9, transition="advance", data={})) == "ru"


# ------------------------------------------------------------------------------------ institution search


def test_institution_search_matches_every_word_against_name_city_and_address(client, factories, db):
    """Issue 10: «школа 25 Алматы» finds School No. 25 of Almaty (name + city), not No. 25 elsewhere nor another
    Almaty school; words may come from the address too; any letter case, Cyrillic included (SQLite and PostgreSQL)."""
    wanted = factories.institution(
        name="Школа-гимназия №25", region="г. Алматы", district="Бостандыкский район", address="ул. Тимирязева, 10"
    )
    factories.institution(name="Школа-гимназия №25", region="Карагандинская область", district="г. Караганда")
    factories.institution(name="Школа №40", region="г. Алматы", district="Бостандыкский район")
    db.session.commit()

    def found(q, **extra):
        response = client.get("/api/v1/institutions/search", query_string={"q": q, **extra})
        body = assert_ok(response)
        return [row["id"] for row in body["list"]], body["total"]

    assert found("школа 25 Алматы") == ([wanted.id], 1)
    assert found("ШКОЛА №25 алматы") == ([wanted.id], 1)
    assert found("Тимирязева 25") == ([wanted.id], 1)  # address + name
    assert found("бостандыкский гимназия") == ([wanted.id], 1)  # district + name
    ids, total = found("школа", size=1)
    assert total == 3 and len(ids) == 1
    assert found("100%_") == ([], 0)  # % and _ match literally
    assert client.get("/api/v1/institutions/search", query_string={"size": 1000}).status_code == 400


# ------------------------------------------------------------------------------------------------ KATO picker


def test_kato_nodes_put_the_republican_cities_first_and_tell_leaves(client, factories):
    """Issue 10: Almaty, Astana, Shymkent before the oblasts; a node without children says so (no expand arrow)."""
    akmola = factories.kato(code="110000000", name_ru="Акмолинская область", name_kk="Ақмола облысы")
    shymkent = factories.kato(code="790000000", name_ru="г. Шымкент", name_en="Shymkent")
    astana = factories.kato(code="710000000", name_ru="г. Астана", name_en="Astana")
    almaty = factories.kato(code="750000000", name_ru="г. Алматы", name_kk="Алматы қ.", name_en="Almaty")
    bostandyk = factories.kato(
        code="751410000", parent=almaty, name_ru="Бостандыкский район", name_kk="Бостандық ауданы", name_en="Bostandyk"
    )
    roots = assert_ok(client.get("/api/v1/kato/nodes"))["list"]
    assert [row["id"] for row in roots] == [almaty.id, astana.id, shymkent.id, akmola.id]
    assert {row["id"]: row["has_children"] for row in roots}[almaty.id] is True
    assert {row["id"]: row["has_children"] for row in roots}[akmola.id] is False
    children = assert_ok(client.get("/api/v1/kato/nodes", query_string={"parent_id": almaty.id}))["list"]
    assert [(row["id"], row["has_children"]) for row in children] == [(bostandyk.id, False)]


def test_kato_search_finds_any_level_in_any_language_with_the_path(client, factories):
    almaty = factories.kato(code="750000000", name_ru="г. Алматы", name_kk="Алматы қ.", name_en="Almaty")
    bostandyk = factories.kato(
        code="751410000", parent=almaty, name_ru="Бостандыкский район", name_kk="Бостандық ауданы", name_en="Bostandyk"
    )
    for q in ("бостандык", "Bostandyk district"[:9], "БОСТАНДЫҚ"):
        found = assert_ok(client.get("/api/v1/kato/nodes", query_string={"q": q}))["list"]
        assert [row["id"] for row in found] == [bostandyk.id], q
        assert [part["name_ru"] for part in found[0]["path"]] == ["г. Алматы"]
    found = assert_ok(client.get("/api/v1/kato/nodes", query_string={"q": "алматы"}))["list"]
    assert found[0]["id"] == almaty.id and found[0]["path"] == []
