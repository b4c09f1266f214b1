"""The assistant's hand-off to staff (issue 23, decision 0085): the applicant's own question goes to the admissions
staff of their population, the assistant stays silent in that conversation until the applicant comes back to it,
new applicant messages make the conversation unanswered again, and a staff reply lands in the same thread and in
the applicant's mailbox in the language of the conversation (after the commit)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server.i18n import catalogue
from server.models import ChatConversation, ChatMessage
from server.seed import run_all

from ..helpers import API, assert_envelope, outbox

KZ_ADMIN = "Админ (граждане КЗ)"
QUESTION_KK = "Құжаттарды мерзімнен кейін тапсыруға бола ма?"


@pytest.fixture
def seeded(db):
    run_all()


def started(client, headers) -> str:
    response = client.post(f"{API}/chat/start", json={"type": "career", "level": "bachelor"}, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["chatId"]


def hand_off(client, headers, chat_id, question, **extra):
    return client.post(f"{API}/chat/{chat_id}/handoff", json={"question": question, **extra}, headers=headers)


def say(client, headers, chat_id, text):
    return client.post(f"{API}/chat/{chat_id}/message", json={"message": text}, headers=headers)


def roles(client, headers, chat_id) -> list[tuple[str, str]]:
    chat = client.get(f"{API}/chat/{chat_id}", headers=headers).get_json()
    return [(m["role"], m["content"]) for m in chat["messages"]]


def test_the_hand_off_carries_the_applicants_question_in_their_language(client, factories, seeded, no_server_errors):
    applicant = factories.applicant(kz=True, email="aigerim@example.com")
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    for body in ({}, {"question": "  "}, {"question": None}, {"question": "x" * 1001}):
        assert_envelope(client.post(f"{API}/chat/{chat_id}/handoff", json=body, headers=headers), 400)
    assert not factories.db.session.scalar(select(ChatConversation.with_staff))

    handed = hand_off(client, headers, chat_id, QUESTION_KK, language="ru")
    assert handed.status_code == 200
    body = handed.get_json()
    assert body["handed_off"] is True and body["language"] == "kk"
    assert body["reply"] == catalogue("kk")["chat.handoff_done"]
    assert roles(client, headers, chat_id)[-2:] == [("user", QUESTION_KK), ("assistant", body["reply"])]

    admin = factories.auth_headers(factories.admin(KZ_ADMIN))
    [listed] = client.get(f"{API}/admin/chats", headers=admin).get_json()["list"]
    assert listed["chatId"] == chat_id and listed["staffAnsweredAt"] is None
    assert QUESTION_KK in [m["content"] for m in listed["messages"]]


def test_the_assistant_is_silent_while_staff_have_the_conversation(client, factories, seeded):
    applicant = factories.applicant(kz=True)
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    hand_off(client, headers, chat_id, "Можно ли сдать оригиналы в субботу?")
    assistant_count = len([r for r, _ in roles(client, headers, chat_id) if r == "assistant"])

    # even a question the assistant could answer goes to staff only
    body = say(client, headers, chat_id, "Сколько стоит вступительный взнос?").get_json()
    assert body == {**body, "reply": None, "handed_off": True, "sources": [], "recommendations": []}
    assert len([r for r, _ in roles(client, headers, chat_id) if r == "assistant"]) == assistant_count
    assert client.get(f"{API}/chat/{chat_id}", headers=headers).get_json()["handed_off"] is True
    assert client.get(f"{API}/chat", headers=headers).get_json()["list"][0]["handed_off"] is True


def test_staff_reply_lands_in_the_thread_and_by_mail_and_new_messages_reopen_it(
    client, factories, seeded, no_server_errors
):
    applicant = factories.applicant(kz=True, email="dana@example.com")
    applicant.language = "ru"  # the interface language; the question is in Kazakh, so is the answer's e-mail
    factories.db.session.commit()
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    hand_off(client, headers, chat_id, QUESTION_KK)
    admin = factories.auth_headers(factories.admin(KZ_ADMIN))

    answer = client.post(f"{API}/admin/chats/{chat_id}/reply", json={"content": "Иә, жұмаға дейін."}, headers=admin)
    assert answer.status_code == 200
    assert roles(client, headers, chat_id)[-1] == ("staff", "Иә, жұмаға дейін.")
    [mail] = outbox(client, "dana@example.com")
    assert mail["subject"] == catalogue("kk")["mail.chat_staff_reply.subject"]
    assert "Иә, жұмаға дейін." in mail["body"]
    assert client.get(f"{API}/admin/chats/{chat_id}", headers=admin).get_json()["staffAnsweredAt"]

    # a new applicant message in the handed-off conversation is unanswered again, first in the staff list
    assert say(client, headers, chat_id, "Рахмет! Сенбіде де бола ма?").get_json()["reply"] is None
    assert client.get(f"{API}/admin/chats/{chat_id}", headers=admin).get_json()["staffAnsweredAt"] is None


def test_a_failed_reply_sends_no_mail(client, factories, seeded):
    applicant = factories.applicant(kz=True, email="nomail@example.com")
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    hand_off(client, headers, chat_id, "Вопрос сотруднику")
    admin = factories.auth_headers(factories.admin(KZ_ADMIN))
    assert_envelope(client.post(f"{API}/admin/chats/{chat_id}/reply", json={"content": " "}, headers=admin), 400)
    assert outbox(client, "nomail@example.com") == []


def test_back_to_the_assistant_ends_the_hand_off_for_new_questions(client, factories, seeded, no_server_errors):
    applicant = factories.applicant(kz=True)
    headers = factories.auth_headers(applicant)
    chat_id = started(client, headers)
    # not handed off: nothing to end, nothing said
    idle = client.post(f"{API}/chat/{chat_id}/return", json={}, headers=headers).get_json()
    assert idle == {**idle, "reply": None, "handed_off": False}

    hand_off(client, headers, chat_id, "Вопрос про общежитие для сотрудника")
    back = client.post(f"{API}/chat/{chat_id}/return", json={"language": "en"}, headers=headers)
    assert back.status_code == 200
    assert back.get_json() == {
        **back.get_json(),
        "handed_off": False,
        "reply": catalogue("en")["chat.handoff_returned"],
    }
    body = say(client, headers, chat_id, "How much is the admission fee?").get_json()
    assert body["handed_off"] is False and body["reply"] and "fee" in [s["key"] for s in body["sources"]]

    # staff keep the history and may still answer the earlier question: it lands in the same thread
    admin = factories.auth_headers(factories.admin(KZ_ADMIN))
    assert client.get(f"{API}/admin/chats", headers=admin).get_json()["total"] == 1
    assert (
        client.post(f"{API}/admin/chats/{chat_id}/reply", json={"content": "Ответ"}, headers=admin).status_code == 200
    )
    assert roles(client, headers, chat_id)[-1] == ("staff", "Ответ")

    # asking a person again hands it off again, with the new question
    again = hand_off(client, headers, chat_id, "Ещё один вопрос сотруднику").get_json()
    assert again["handed_off"] is True
    assert say(client, headers, chat_id, "Жду ответа").get_json()["reply"] is None


def test_typed_request_for_a_person_hands_off_and_the_next_message_waits_for_staff(client, factories, seeded):
    headers = factories.auth_headers(factories.applicant(kz=True))
    chat_id = started(client, headers)
    body = say(client, headers, chat_id, "Хочу спросить сотрудника про грант").get_json()
    assert body["handed_off"] is True and "передал" in body["reply"]
    assert say(client, headers, chat_id, "Мой грант не отображается").get_json()["reply"] is None
    stored = factories.db.session.scalars(
        select(ChatMessage.content).where(ChatMessage.role == "user").order_by(ChatMessage.id)
    ).all()
    assert stored == ["Хочу спросить сотрудника про грант", "Мой грант не отображается"]
