"""The home-page assistant in Chromium (req §1, §7 Chat, §8, §9; issue 14): a conversation in Russian (desktop) and
one in Kazakh (phone, full-screen window), each going through career guidance (recommended programs with apply
buttons) and an admission question with its source, and ending in a hand-off (the applicant's own question, issue
23) that the citizens' admin answers on the staff screen (/admin/kz/chats, in their own browser, in the same
language); the answer is seen by the applicant when they reopen the chat and is kept among their application
messages. axe-core audits the open window and the staff screen: no serious or critical violation."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import ApplicationMessage, ChatConversation, Citizenship, StudyProgram
from server.seed import run_all

from ..helpers import API
from .contexts import browser_context_for
from .test_accessibility import Audit

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture
def browser_context(request, browser, live_server, db):
    """bypass_csp only so the test can inject axe-core (as in test_accessibility.py); the app runs unchanged."""
    width = WIDTHS[getattr(request, "param", "desktop")]
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": width, "height": 844}
    ) as context:
        yield context


@pytest.fixture
def citizen(db, factories):
    run_all()
    kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
    bachelor = db.session.scalar(select(StudyProgram).where(StudyProgram.code == "bachelor"))
    user = factories.user(email="chat.applicant@example.kz", citizenship=kazakhstan)
    application = factories.application(user=user, program=bachelor)
    return user, application, bachelor


def sign_in(page, factories, user, language="ru"):
    stored = {
        "id": user.id,
        "email": user.email,
        "token": factories.token(user),
        "is_verified": True,
        "citizenship_id": user.citizenship_id,
    }
    page.goto(f"{API}/health")
    page.evaluate("(user) => window.localStorage.setItem('dorm_user', user)", json.dumps(stored))
    page.evaluate("(lng) => window.localStorage.setItem('qabyldau_lang', lng)", language)


def say(page, text):
    before = page.get_by_test_id("chat-message-assistant").count()
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")
    expect(page.get_by_test_id("chat-message-assistant")).to_have_count(before + 1)
    return page.get_by_test_id("chat-message-assistant").last


ADMIN_TEXTS = {
    "ru": {
        "unanswered": "Без ответа",
        "answered": "Отвечен",
        "required": "Введите ответ",
        "reply": "Ответ абитуриенту",
        "send": "Отправить ответ",
        "sent": "Ответ отправлен",
    },
    "kk": {
        "unanswered": "Жауапсыз",
        "answered": "Жауап берілді",
        "required": "Жауапты енгізіңіз",
        "reply": "Талапкерге жауап",
        "send": "Жауапты жіберу",
        "sent": "Жауап жіберілді",
    },
}


def admin_answers(browser, live_server, factories, db, user, text, language="ru", audit=None):
    """The citizens' admin answers through the staff screen (/admin/kz/chats) in their own browser: the hand-off is
    listed unanswered, an empty answer is refused, the answer is sent and the conversation shows as answered."""
    db.session.expire_all()
    conversation = db.session.scalar(select(ChatConversation).where(ChatConversation.user_id == user.id))
    assert conversation.handed_off_at is not None
    admin = factories.admin("Админ (граждане КЗ)")
    texts = ADMIN_TEXTS[language]
    context = browser.new_context(base_url=live_server, locale="ru-RU", bypass_csp=True)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        stored = {
            "id": admin.id,
            "email": admin.email,
            "token": factories.token(admin),
            "is_verified": True,
            "citizenship_id": admin.citizenship_id,
            "roles": [{"name": role.name} for role in admin.roles],
        }
        page.goto(f"{API}/health")
        page.evaluate("(user) => window.localStorage.setItem('dorm_user', user)", json.dumps(stored))
        page.evaluate("(lng) => window.localStorage.setItem('qabyldau_lang', lng)", language)
        page.goto("/admin/kz")
        page.get_by_test_id("admin-menu-kz_chats").click()
        expect(page).to_have_url(re.compile(r"/admin/kz/chats$"))
        item = page.get_by_role("listitem").filter(has_text=user.email)
        expect(item).to_contain_text(texts["unanswered"])
        if audit is not None:
            audit.page = page
            audit("/admin/kz/chats")
        item.get_by_role("link").click()
        expect(page).to_have_url(re.compile(rf"/admin/kz/chats/{re.escape(conversation.public_id)}$"))
        page.get_by_role("button", name=texts["send"]).click()  # empty: refused, nothing sent
        expect(page.get_by_text(texts["required"])).to_be_visible()
        page.get_by_role("textbox", name=texts["reply"]).fill(text)
        page.get_by_role("button", name=texts["send"]).click()
        # The toast, not the polite live region that reads the same text to screen readers (decision 0077).
        expect(page.get_by_test_id("snackbar-success")).to_contain_text(texts["sent"])
        expect(page.get_by_role("list").filter(has_text=text).last).to_be_visible()
        expect(page.get_by_text(texts["answered"]).first).to_be_visible()
        if audit is not None:
            audit("/admin/kz/chats/{id} answered")
    finally:
        context.close()
    db.session.expire_all()
    assert db.session.get(ChatConversation, conversation.id).staff_answered_at is not None


def test_russian_conversation_on_desktop_ends_in_a_hand_off_the_admin_answers(
    page, browser, live_server, factories, db, citizen
):
    user, application, bachelor = citizen
    audit = Audit(page, "desktop")
    sign_in(page, factories, user)
    page.goto("/")
    page.get_by_role("button", name="Открыть чат-помощник").click()
    window = page.get_by_role("dialog", name="Помощник по поступлению")
    expect(window).to_be_visible()
    box = window.bounding_box()
    assert (round(box["width"]), round(box["height"])) == (400, 600)  # req §9
    expect(page.get_by_test_id("chat-message-assistant").first).to_contain_text("Здравствуйте")
    expect(page.get_by_test_id("chat-input")).to_be_focused()

    expect(say(page, "Мне нравится программирование и компьютеры")).to_contain_text("школьные предметы")
    expect(say(page, "Математика и информатика")).to_contain_text("после учёбы")
    recommended = say(page, "Хочу работать в IT-компании")
    expect(recommended).to_contain_text("Вот программы бакалавриата")
    expect(recommended.get_by_test_id("chat-recommendations")).to_contain_text(
        "Профильные предметы ЕНТ: Математика, Информатика"
    )
    audit("/ chat: recommendations")

    answer = say(page, "Сколько стоит вступительный взнос?")
    expect(answer).to_contain_text("10 000 тенге")
    expect(answer.get_by_test_id("chat-sources")).to_contain_text("Источники: Вступительный взнос")

    # The text area grows to 80 px at most (req §9), then scrolls.
    page.get_by_test_id("chat-input").fill("\n".join(["строка"] * 12))
    assert page.get_by_test_id("chat-input").evaluate("(el) => el.getBoundingClientRect().height") <= 80.5
    page.get_by_test_id("chat-input").fill("")

    # "Ask a person" asks for the applicant's own question first (issue 23), then hands it off.
    page.get_by_test_id("chat-ask-person").click()
    question = page.get_by_role("textbox", name="Ваш вопрос для приёмной комиссии")
    question.fill("До какого числа можно оплатить взнос?")
    question.press("Enter")
    expect(page.get_by_test_id("chat-message-assistant").last).to_contain_text("передал ваш вопрос")
    expect(window).to_contain_text("Разговор передан сотруднику приёмной комиссии")
    expect(page.get_by_test_id("chat-back-to-assistant")).to_be_visible()
    audit("/ chat: handed off")

    admin_audit = Audit(page, "desktop")
    admin_answers(
        browser,
        live_server,
        factories,
        db,
        user,
        "Здравствуйте! Оплатить взнос можно до конца недели.",
        audit=admin_audit,
    )
    admin_audit.check()
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Открыть чат-помощник")).to_be_focused()
    page.reload()
    page.get_by_role("button", name="Открыть чат-помощник").click()
    expect(page.get_by_test_id("chat-message-staff")).to_contain_text("Оплатить взнос можно до конца недели.")
    db.session.expire_all()
    assert [m.content for m in db.session.scalars(select(ApplicationMessage))] == [
        "Здравствуйте! Оплатить взнос можно до конца недели."
    ]

    # The apply action of a recommendation opens /apply with the programme chosen.
    page.get_by_test_id("chat-apply-6B06102").click()
    expect(page).to_have_url(re.compile(rf"/apply\?study_program_id={bachelor.id}&educational_program=6B06102$"))
    audit.check()


@pytest.mark.parametrize("browser_context", ["phone"], indirect=True)
def test_kazakh_conversation_on_a_phone_ends_in_a_hand_off_the_admin_answers(
    page, browser, live_server, factories, db, citizen
):
    user, _application, _bachelor = citizen
    audit = Audit(page, "phone")
    sign_in(page, factories, user, language="kk")
    page.goto("/")
    page.get_by_role("button", name="Көмекші чатты ашу").click()
    window = page.get_by_role("dialog", name="Түсу бойынша көмекші")
    box = window.bounding_box()
    assert (round(box["width"]), round(box["height"])) == (390, 844)  # full screen on a phone
    expect(page.get_by_test_id("chat-message-assistant").first).to_contain_text("Сәлеметсіз бе")
    audit("/ chat (kk, phone): welcome")

    expect(say(page, "Маған қаржы мен банк ұнайды")).to_contain_text("мектеп пәндері")
    expect(say(page, "Математика және география")).to_contain_text("Оқудан кейін")
    recommended = say(page, "Банкте жұмыс істеу")
    expect(recommended).to_contain_text("Сізге сәйкес келетін бакалавриат бағдарламалары")
    expect(recommended.get_by_test_id("chat-apply-6B04102")).to_have_text("Өтінім беру")

    answer = say(page, "Жатақхана бөлмесін қалай брондауға болады?")
    expect(answer.get_by_test_id("chat-sources")).to_contain_text("Дереккөздер:")
    expect(answer).to_contain_text("бөлме")
    audit("/ chat (kk, phone): answer with sources")

    say(page, "Қызметкерден сұрау: брондау қашан ашылады?")
    expect(page.get_by_test_id("chat-message-assistant").last).to_contain_text("комиссиясына жібердім")
    expect(page.get_by_test_id("chat-ask-person")).to_have_count(0)
    expect(page.get_by_test_id("chat-back-to-assistant")).to_have_text("Ассистентке оралу")

    admin_answers(browser, live_server, factories, db, user, "Сәлеметсіз бе! Брондау қыркүйекте ашылады.", "kk")
    page.get_by_role("button", name="Чатты жабу").click()
    page.reload()
    page.get_by_role("button", name="Көмекші чатты ашу").click()
    expect(page.get_by_test_id("chat-message-staff")).to_contain_text("Брондау қыркүйекте ашылады.")
    expect(page.get_by_test_id("chat-message-staff")).to_contain_text("Қабылдау комиссиясының қызметкері")
    audit("/ chat (kk, phone): staff answer")
    audit.check()
