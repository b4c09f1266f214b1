"""The home-page assistant through the HTTP API (req §7 Chat, §8; issue 14; decision 0071): POST /chat/start and
POST /chat/{chatId}/message — good, empty, too long, someone else's chatId (404), the per-account rate limit (429);
the career dialogue ending in recommendations with apply links; answers with sources in the asker's language; the
hand-off to the applicant's admin population and the staff answer coming back to the applicant's messages."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from server.models import ApplicationMessage, ChatConversation, ChatMessage
from server.seed import run_all

from ..helpers import API, assert_envelope

START = {"type": "career", "level": "bachelor"}


@pytest.fixture
def seeded(db):
    run_all()


def start(client, headers, **extra):
    return client.post(f"{API}/chat/start", json={**START, **extra}, headers=headers)


def say(client, headers, chat_id, text, **extra):
    return client.post(f"{API}/chat/{chat_id}/message", json={"message": text, **extra}, headers=headers)


def started(client, headers, **extra) -> str:
    response = start(client, headers, **extra)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["chatId"]


# ------------------------------------------------------------------------------------------------ start


def test_start_answers_chat_id_and_welcome_in_the_chosen_language(client, factories, seeded, no_server_errors):
    headers = factories.auth_headers(factories.applicant())
    ru = start(client, headers)
    assert ru.status_code == 200
    body = ru.get_json()
    assert set(body) == {"chatId", "welcome", "language"} and len(body["chatId"]) == 36
    assert body["welcome"].startswith("Здравствуйте") and body["language"] == "ru"
    kk = start(client, headers, language="kk").get_json()
    assert kk["welcome"].startswith("Сәлеметсіз бе") and kk["chatId"] != body["chatId"]
    en = client.post(f"{API}/chat/start?lang=en", json=START, headers=headers).get_json()
    assert en["welcome"].startswith("Hello")


def test_start_refuses_bad_bodies_and_anonymous_callers(client, factories, no_server_errors):
    headers = factories.auth_headers(factories.applicant())
    assert_envelope(client.post(f"{API}/chat/start", json=START), 401)
    assert_envelope(start(client, headers, type="master"), 400)
    assert_envelope(client.post(f"{API}/chat/start", json={"type": "career"}, headers=headers), 400)
    assert_envelope(start(client, headers, extra=1), 400)
    assert_envelope(client.post(f"{API}/chat/start", data="x", headers=headers), 400)


def test_start_is_rate_limited_per_account(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_CHAT_START_PER_ACCOUNT", "2 per hour")
    one, other = factories.applicant(), factories.applicant()
    headers = factories.auth_headers(one)
    assert start(client, headers).status_code == 200
    assert start(client, headers).status_code == 200
    assert_envelope(start(client, headers), 429, "errors.rate_limited")
    assert start(client, factories.auth_headers(other)).status_code == 200  # per account, not global


# ------------------------------------------------------------------------------------------------ message


def test_message_good_empty_too_long(client, factories, seeded, app, no_server_errors):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    good = say(client, headers, chat_id, "Сколько стоит вступительный взнос?")
    assert good.status_code == 200
    body = good.get_json()
    assert set(body) == {"reply", "sources", "recommendations", "language", "handed_off"}
    assert "10 000" in body["reply"] and body["language"] == "ru"
    assert body["sources"][0]["key"] == "fee" and body["sources"][0]["title"] == "Вступительный взнос"
    assert_envelope(say(client, headers, chat_id, ""), 400, "chat.message_required", lang="ru")
    assert_envelope(say(client, headers, chat_id, "   \n "), 400, "chat.message_required")
    assert_envelope(client.post(f"{API}/chat/{chat_id}/message", json={}, headers=headers), 400)
    assert_envelope(client.post(f"{API}/chat/{chat_id}/message", json={"message": None}, headers=headers), 400)
    limit = app.config["CHAT_MAX_MESSAGE_LENGTH"]
    too_long = assert_envelope(say(client, headers, chat_id, "я" * (limit + 1)), 400, "chat.message_too_long")
    assert str(limit) in too_long["message"]
    kk = client.post(f"{API}/chat/{chat_id}/message?lang=kk", json={"message": ""}, headers=headers)
    assert assert_envelope(kk, 400, "chat.message_required", lang="kk")["message"] == "Хабарлама енгізіңіз"
    assert say(client, headers, chat_id, "я" * limit).status_code == 200
    conversation = factories.db.session.scalar(select(ChatConversation).where(ChatConversation.public_id == chat_id))
    # welcome + 2 questions and 2 answers; refused messages are not stored
    assert [m.role for m in conversation.messages] == ["assistant", "user", "assistant", "user", "assistant"]


def test_someone_elses_chat_is_404_like_an_unknown_one(client, factories, seeded, no_server_errors):
    owner_headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, owner_headers)
    intruder = factories.auth_headers(factories.applicant())
    assert_envelope(say(client, intruder, chat_id, "Привет"), 404, "chat.not_found")
    assert_envelope(say(client, intruder, "00000000-0000-0000-0000-000000000000", "Привет"), 404, "chat.not_found")
    assert_envelope(say(client, intruder, "x" * 300, "Привет"), 404, "chat.not_found")
    assert_envelope(client.get(f"{API}/chat/{chat_id}", headers=intruder), 404, "chat.not_found")
    assert_envelope(client.post(f"{API}/chat/{chat_id}/handoff", json={"question": "?"}, headers=intruder), 404)
    assert_envelope(client.post(f"{API}/chat/{chat_id}/return", json={}, headers=intruder), 404)
    assert say(client, owner_headers, chat_id, "Привет").status_code == 200
    assert_envelope(say(client, {}, chat_id, "Привет"), 401)


def test_message_is_rate_limited_per_account(client, factories, seeded, app, monkeypatch):
    monkeypatch.setitem(app.config, "RATE_LIMIT_CHAT_MESSAGE_PER_ACCOUNT", "3 per 5 minutes")
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    for _ in range(3):
        assert say(client, headers, chat_id, "Какие сроки приёма?").status_code == 200
    limited = say(client, headers, chat_id, "Какие сроки приёма?")
    assert_envelope(limited, 429, "errors.rate_limited")
    assert limited.headers.get("Retry-After")
    other = factories.auth_headers(factories.applicant())
    assert say(client, other, started(client, other), "Какие сроки приёма?").status_code == 200


def test_the_conversation_is_kept_and_reopened(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    say(client, headers, chat_id, "Где взять список документов?")
    listed = client.get(f"{API}/chat", headers=headers).get_json()
    assert listed["total"] == 1 and listed["list"][0]["chatId"] == chat_id
    reopened = client.get(f"{API}/chat/{chat_id}", headers=headers).get_json()
    assert [m["role"] for m in reopened["messages"]] == ["assistant", "user", "assistant"]
    assert reopened["messages"][2]["sources"], reopened


# ------------------------------------------------------------------------------------------------ answers


def test_answers_in_the_language_the_applicant_writes_in(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)  # Russian chosen
    kk = say(client, headers, chat_id, "Жатақхана бөлмесін қалай брондауға болады?").get_json()
    assert kk["language"] == "kk" and "бөлме" in kk["reply"]
    assert kk["sources"][0]["key"] == "kb:dormitory_booking"
    en = say(client, headers, chat_id, "When is the admission deadline?").get_json()
    assert en["language"] == "en" and en["reply"].startswith("Admission deadlines")
    assert en["sources"][0]["key"] == "terms"


def test_dormitory_prices_come_from_the_room_types(client, factories, seeded):
    factories.room_type(name="Двухместная", capacity=2, price=45000)
    factories.room_type(name="Четырёхместная", capacity=4, price=30000)
    headers = factories.auth_headers(factories.applicant())
    body = say(client, headers, started(client, headers), "Сколько стоит общежитие?").get_json()
    assert body["sources"][0]["key"] == "dormitory:room_types"
    assert "Двухместная (2 мест): 45 000 ₸" in body["reply"] and "30 000 ₸" in body["reply"]


def test_an_edit_of_the_knowledge_base_is_answered_at_once(client, factories, seeded):
    from server.models import ChatKnowledge

    row = factories.db.session.scalar(select(ChatKnowledge).where(ChatKnowledge.key == "password_reset"))
    row.body_ru = "Напишите на почту приёмной комиссии, мы сбросим пароль вручную."
    factories.db.session.commit()
    headers = factories.auth_headers(factories.applicant())
    body = say(client, headers, started(client, headers), "Я забыл пароль, что делать?").get_json()
    assert "сбросим пароль вручную" in body["reply"]
    row.is_active = False
    factories.db.session.commit()
    body = say(client, headers, started(client, headers), "Я забыл пароль, что делать?").get_json()
    assert all(s["key"] != "kb:password_reset" for s in body["sources"])


def test_career_dialogue_recommends_bachelor_programs_with_apply_links(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    first = say(client, headers, chat_id, "Мне нравится программирование и компьютеры").get_json()
    assert "предметы" in first["reply"] and first["recommendations"] == []
    second = say(client, headers, chat_id, "Математика и информатика").get_json()
    assert "после учёбы" in second["reply"]
    third = say(client, headers, chat_id, "Хочу работать в IT-компании").get_json()
    codes = [r["code"] for r in third["recommendations"]]
    assert codes and all(code.startswith("6B061") for code in codes), codes
    top = third["recommendations"][0]
    assert top["unt_subjects"] == ["Математика", "Информатика"]
    assert top["reason"].startswith("Подходит") and "информационные технологии" in top["reason"]
    assert (
        top["apply_url"].startswith("/apply?study_program_id=")
        and f"educational_program={top['code']}" in top["apply_url"]
    )
    assert third["sources"][0]["key"] == "programs:bachelor"
    # a question in the middle of the dialogue is answered, and the dialogue goes on
    restarted = say(client, headers, chat_id, "заново").get_json()
    assert "интересно" in restarted["reply"]


def test_unknown_question_suggests_a_person(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant())
    body = say(client, headers, started(client, headers), "Какая погода на Марсе?").get_json()
    assert "Спросить сотрудника" in body["reply"] and body["sources"] == []


# ------------------------------------------------------------------------------------------------ hand-off


def test_hand_off_goes_to_the_applicants_population_and_the_answer_comes_back(client, factories, seeded):
    applicant = factories.applicant(kz=True)
    application = factories.application(user=applicant)
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    handed = client.post(
        f"{API}/chat/{chat_id}/handoff", json={"question": "Можно ли подать документы после срока?"}, headers=headers
    )
    assert handed.status_code == 200 and handed.get_json()["handed_off"] is True
    again = say(client, headers, chat_id, "Спросить сотрудника").get_json()
    assert again["handed_off"] is True and again["reply"] is None  # the assistant is silent while staff have it

    foreign_admin = factories.auth_headers(factories.admin("Админ"))
    kz_admin = factories.auth_headers(factories.admin("Админ (граждане КЗ)"))
    assert client.get(f"{API}/admin/chats", headers=foreign_admin).get_json()["total"] == 0
    assert_envelope(client.get(f"{API}/admin/chats/{chat_id}", headers=foreign_admin), 404, "chat.not_found")
    assert_envelope(
        client.post(f"{API}/admin/chats/{chat_id}/reply", json={"content": "x"}, headers=foreign_admin), 404
    )
    assert_envelope(client.get(f"{API}/admin/chats", headers=headers), 403)
    listed = client.get(f"{API}/admin/chats", headers=kz_admin).get_json()
    assert listed["total"] == 1 and listed["list"][0]["chatId"] == chat_id
    assert listed["list"][0]["user"]["email"] == applicant.email
    assert "после срока" in listed["list"][0]["messages"][1]["content"]
    assert_envelope(client.post(f"{API}/admin/chats/{chat_id}/reply", json={"content": " "}, headers=kz_admin), 400)
    answer = client.post(
        f"{API}/admin/chats/{chat_id}/reply", json={"content": "Да, до конца недели."}, headers=kz_admin
    )
    assert answer.status_code == 200 and answer.get_json()["item"]["role"] == "staff"

    reopened = client.get(f"{API}/chat/{chat_id}", headers=headers).get_json()
    assert reopened["messages"][-1] == {**reopened["messages"][-1], "role": "staff", "content": "Да, до конца недели."}
    stored = factories.db.session.scalars(
        select(ApplicationMessage).where(ApplicationMessage.application_id == application.id)
    ).all()
    assert [m.content for m in stored] == ["Да, до конца недели."]
    assert client.get(f"{API}/admin/chats/{chat_id}", headers=kz_admin).get_json()["staffAnsweredAt"]
    say(client, headers, chat_id, "Спасибо! А в субботу тоже можно?")
    assert client.get(f"{API}/admin/chats/{chat_id}", headers=kz_admin).get_json()["staffAnsweredAt"] is None


def test_a_chat_not_handed_off_is_invisible_to_staff(client, factories, seeded):
    applicant = factories.applicant()
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    admin = factories.auth_headers(factories.admin("Админ"))
    assert_envelope(client.get(f"{API}/admin/chats/{chat_id}", headers=admin), 404)
    assert client.get(f"{API}/admin/chats", headers=admin).get_json()["total"] == 0


def test_hand_off_needs_a_citizenship(client, factories, seeded):
    headers = factories.auth_headers(factories.user())
    chat_id = started(client, headers)
    assert_envelope(
        client.post(f"{API}/chat/{chat_id}/handoff", json={"question": "Вопрос"}, headers=headers),
        422,
        "chat.citizenship_required",
    )
    assert factories.db.session.scalar(select(ChatMessage.id).where(ChatMessage.role == "user")) is None


def test_admins_edit_the_knowledge_base_through_universal_and_the_assistant_uses_it(client, factories, seeded):
    admin = factories.auth_headers(factories.admin("Админ"))
    entry = {
        "key": "military_department",
        "topic": "study",
        "title_ru": "Военная кафедра",
        "title_kk": "Әскери кафедра",
        "title_en": "Military department",
        "body_ru": "Военная кафедра набирает студентов второго курса.",
        "body_kk": "Әскери кафедра екінші курс студенттерін қабылдайды.",
        "body_en": "The military department admits second-year students.",
        "keywords": "армия военный ROTC әскер",
    }
    created = client.post(f"{API}/universal/ChatKnowledge/create", json={"create": entry}, headers=admin)
    assert created.status_code == 200, created.get_json()
    bad = client.post(
        f"{API}/universal/ChatKnowledge/create", json={"create": {**entry, "key": "Bad Key"}}, headers=admin
    )
    assert_envelope(bad, 400)
    applicant = factories.auth_headers(factories.applicant())
    assert_envelope(client.get(f"{API}/universal/ChatKnowledge/all", headers=applicant), 403)
    chat_id = started(client, applicant)
    body = say(client, applicant, chat_id, "Әскери кафедра бар ма?").get_json()
    assert body["language"] == "kk" and body["reply"].startswith("Әскери кафедра. Әскери кафедра екінші курс")
    assert body["sources"][0] == {"key": "kb:military_department", "type": "knowledge", "title": "Әскери кафедра"}


@pytest.mark.parametrize(
    "body",
    [
        {"message": 123},
        {"message": ["Привет"]},
        {"message": {"text": "Привет"}},
        {"message": "Привет", "language": "de"},
        {"message": "Привет", "extra": True},
        {"message": "\ud800"},
        {"message": "\x00"},
        [],
        "Привет",
    ],
)
def test_hostile_message_bodies_are_400_and_store_nothing(client, factories, seeded, no_server_errors, body):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    raw = json.dumps(body)  # ASCII escapes, so a lone surrogate reaches the server as JSON text
    response = client.post(f"{API}/chat/{chat_id}/message", data=raw, content_type="application/json", headers=headers)
    assert_envelope(response, 400)
    assert factories.db.session.scalar(select(ChatMessage.id).where(ChatMessage.role == "user")) is None


def test_admin_list_refuses_bad_paging(client, factories, no_server_errors):
    admin = factories.auth_headers(factories.admin("Админ"))
    assert_envelope(client.get(f"{API}/admin/chats?page=0", headers=admin), 400)
    assert_envelope(client.get(f"{API}/admin/chats?per_page=1000", headers=admin), 400)
    assert_envelope(client.get(f"{API}/admin/chats?page=x", headers=admin), 400)
    assert_envelope(client.get(f"{API}/admin/chats"), 401)


def test_typed_hand_off_words_and_questions_that_only_mention_people(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    body = say(client, headers, chat_id, "Какие права человека изучают юристы?").get_json()
    assert body["handed_off"] is False
    body = say(client, headers, chat_id, "Хочу спросить сотрудника").get_json()
    assert body["handed_off"] is True and "передал" in body["reply"]
