"""The assistant's hand-off to staff in Chromium (issue 23, decision 0085): a citizen asks a person with their own
question in Kazakh, the assistant stays silent while staff have the conversation, the citizens' admin answers on the
staff chats page in their own browser, the answer appears in the open widget (the thread is refetched while handed
off) and by e-mail in Kazakh, and "back to the assistant" lets the assistant answer again. axe-core audits the
handed-off window in Russian, Kazakh and English: no serious or critical violation."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlalchemy import select

from server.i18n import catalogue
from server.models import ChatConversation

from ..helpers import API
from .test_accessibility import Audit
from .test_chat_assistant import admin_answers, browser_context, citizen, sign_in  # noqa: F401  (fixtures)

QUESTION = "Түпнұсқаларды сенбі күні әкелуге бола ма?"
STAFF_ANSWER = "Иә, сенбі күні 10:00-ден 14:00-ге дейін қабылдаймыз."
SCREENSHOTS = "/tmp/qabyldau-e2e-hand-off"


def open_chat(page, button_name):
    page.get_by_role("button", name=button_name).click()
    expect(page.get_by_test_id("chat-message-assistant").first).to_be_visible()


def test_a_kazakh_question_for_staff_is_answered_in_the_same_thread(page, browser, live_server, factories, db, citizen):  # noqa: F811
    user, _application, _bachelor = citizen
    audit = Audit(page, "desktop")
    sign_in(page, factories, user, language="kk")
    page.goto("/")
    open_chat(page, "Көмекші чатты ашу")
    window = page.get_by_role("dialog", name="Түсу бойынша көмекші")

    # the applicant writes the question for staff themselves
    page.get_by_test_id("chat-ask-person").click()
    question = page.get_by_role("textbox", name="Қабылдау комиссиясына сұрағыңыз")
    expect(question).to_be_focused()
    question.fill(QUESTION)
    question.press("Enter")
    expect(page.get_by_test_id("chat-message-assistant").last).to_have_text(
        "Көмекші" + catalogue("kk")["chat.handoff_done"]
    )
    expect(window).to_contain_text("Әңгіме қабылдау комиссиясының қызметкеріне жіберілді")
    expect(page.get_by_test_id("chat-message-user").last).to_contain_text(QUESTION)
    page.screenshot(path=f"{SCREENSHOTS}-kk-handed-off.png")
    audit("/ chat (kk): handed off")

    # the assistant stays silent: a further message goes to staff only
    assistant_bubbles = page.get_by_test_id("chat-message-assistant").count()
    to_staff = page.get_by_role("textbox", name="Қызметкерге хабарлама")
    to_staff.fill("Мен Алматыдан тыс тұрамын.")
    to_staff.press("Enter")
    expect(page.get_by_test_id("chat-message-user").last).to_contain_text("Мен Алматыдан тыс тұрамын.")
    expect(to_staff).to_be_enabled()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("chat-message-assistant")).to_have_count(assistant_bubbles)

    # staff answer on the staff chats page (listed unanswered, then answered), in their own browser
    admin_audit = Audit(page, "desktop")
    admin_answers(browser, live_server, factories, db, user, STAFF_ANSWER, audit=admin_audit)
    admin_audit.check()

    # the answer shows up in the window that stayed open (refetched while handed off), and by e-mail in Kazakh
    expect(page.get_by_test_id("chat-message-staff")).to_contain_text(STAFF_ANSWER, timeout=25_000)
    page.screenshot(path=f"{SCREENSHOTS}-kk-staff-answer.png")
    mails = page.request.get(f"{API}/dev/outbox", params={"email": user.email}).json()["list"]
    assert mails[0]["subject"] == catalogue("kk")["mail.chat_staff_reply.subject"]
    assert STAFF_ANSWER in mails[0]["body"]

    # back to the assistant: it answers again
    page.get_by_test_id("chat-back-to-assistant").click()
    expect(page.get_by_test_id("chat-message-assistant").last).to_contain_text("Мен қайта сіздемін")
    expect(page.get_by_test_id("chat-ask-person")).to_be_visible()
    answer = page.get_by_test_id("chat-message-assistant").count()
    page.get_by_test_id("chat-input").fill("Қандай құжаттар керек?")
    page.get_by_test_id("chat-input").press("Enter")
    expect(page.get_by_test_id("chat-message-assistant")).to_have_count(answer + 1)
    expect(page.get_by_test_id("chat-message-assistant").last.get_by_test_id("chat-sources")).to_contain_text(
        "Құжаттар"
    )
    db.session.expire_all()
    conversation = db.session.scalar(select(ChatConversation).where(ChatConversation.user_id == user.id))
    assert conversation.with_staff is False and conversation.staff_answered_at is not None
    audit.check()


def test_the_handed_off_window_is_accessible_in_three_languages(page, factories, db, citizen):  # noqa: F811
    user, _application, _bachelor = citizen
    audit = Audit(page, "desktop")
    sign_in(page, factories, user, language="ru")
    page.goto("/")
    open_chat(page, "Открыть чат-помощник")
    page.get_by_test_id("chat-ask-person").click()
    question = page.get_by_role("textbox", name="Ваш вопрос для приёмной комиссии")
    question.fill("Можно ли принести оригиналы в субботу?")
    question.press("Enter")
    expect(page.get_by_test_id("chat-back-to-assistant")).to_have_text("Вернуться к ассистенту")
    audit("/ chat (ru): handed off")
    page.screenshot(path=f"{SCREENSHOTS}-ru.png")
    for language, button, back in (
        ("kk", "Көмекші чатты ашу", "Ассистентке оралу"),
        ("en", "Open the assistant chat", "Back to the assistant"),
    ):
        page.evaluate("(lng) => window.localStorage.setItem('qabyldau_lang', lng)", language)
        page.reload()
        open_chat(page, button)
        expect(page.get_by_test_id("chat-back-to-assistant")).to_have_text(back)
        expect(page.get_by_test_id("chat-input")).to_be_visible()
        audit(f"/ chat ({language}): handed off")
        page.screenshot(path=f"{SCREENSHOTS}-{language}.png")
    audit.check()
