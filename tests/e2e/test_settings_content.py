"""Settings → home-page messages and admission terms in Chromium (issue 23, decision 0087).

The citizens' admin (1366 px) creates a dated payment message for one applicant, titled and written in Russian,
Kazakh and English; the applicant (390 px, a phone) sees it on the home page in Kazakh. The admin gives a programme
its own window with a documents deadline; the deadlines modal of the home page shows it. Every screen passes axe
(no serious or critical violation) in ru, kk and en. Screenshots go to test-results/settings-content-*.png.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from server.models import ROLE_KZ_ADMIN

from .contexts import ARTIFACTS, browser_context_for
from .test_accessibility import Audit, signed_in

STAFF_VIEWPORT = {"width": 1366, "height": 900}
PHONE_VIEWPORT = {"width": 390, "height": 844}
HEADINGS = {
    "home-messages": {"ru": "Сообщения на главной", "kk": "Басты беттегі хабарламалар", "en": "Home-page messages"},
    "terms": {"ru": "Сроки приёма", "kk": "Қабылдау мерзімдері", "en": "Admission terms"},
    "knowledge": {"ru": "База знаний ассистента", "kk": "Көмекшінің білім қоры", "en": "Assistant knowledge base"},
}


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(browser, live_server, request, bypass_csp=True, viewport=STAFF_VIEWPORT) as context:
        yield context


@pytest.fixture
def phone(browser, live_server, db, request):
    with browser_context_for(browser, live_server, request, bypass_csp=True, viewport=PHONE_VIEWPORT) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture(autouse=True)
def patient_expectations():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"settings-content-{name}.png"), full_page=True)


def _local(moment: datetime) -> str:
    """A datetime-local input's value (the browser runs in the server's time zone in these tests)."""
    return moment.astimezone().strftime("%Y-%m-%dT%H:%M")


def _languages(page, audit: Audit, name: str, section: str) -> None:
    for lang in ("kk", "en", "ru"):
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.get_by_role("heading", level=1, name=HEADINGS[section][lang])).to_be_visible()
        expect(page).to_have_title(re.compile(f"^{HEADINGS[section][lang]} — "))
        audit(f"{name} [{lang}]")


def test_staff_message_for_one_applicant_reaches_their_home_page_in_kazakh(page, phone, factories, db):
    admin = factories.admin(role=ROLE_KZ_ADMIN, email="kz.settings@university.kz")
    applicant = factories.applicant(kz=True, email="aigerim@example.com", first_name="Айгерім", last_name="Серік")
    other = factories.applicant(kz=True, email="other.citizen@example.com")
    audit = Audit(page, "desktop")

    signed_in(page, factories, admin)
    page.goto("/admin/kz")
    page.get_by_test_id("admin-menu-kz_settings").click()
    page.get_by_test_id("settings-section-kz_home_messages").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/settings/home-messages$"))
    expect(page.get_by_test_id("home-messages-empty")).to_have_text("Действующих сообщений нет. Создайте первое.")
    _languages(page, audit, "home messages, empty", "home-messages")

    page.get_by_test_id("home-message-create").click()
    dialog = page.get_by_role("dialog", name="Новое сообщение")
    dialog.get_by_test_id("home-message-type-payment").check()
    dialog.get_by_test_id("home-message-amount").fill("9990")
    now = datetime.now(UTC)
    dialog.get_by_test_id("home-message-starts").fill(_local(now - timedelta(hours=1)))
    dialog.get_by_test_id("home-message-ends").fill(_local(now + timedelta(days=10)))
    dialog.get_by_test_id("home-message-audience-user").check()
    dialog.get_by_test_id("home-message-recipient").fill("aigerim")
    page.get_by_role("option", name="Серік Айгерім — aigerim@example.com").click()
    for lang, title, text in (
        ("ru", "Доплата за обучение", "Оплатите остаток взноса"),
        ("kk", "Оқу ақысының қалдығы", "Жарна қалдығын төлеңіз"),
        ("en", "Fee remainder", "Please pay the rest of the fee"),
    ):
        dialog.get_by_test_id(f"home-message-title-{lang}").fill(title)
        dialog.get_by_test_id(f"home-message-text-{lang}").fill(text)
    audit("home message dialog, filled")
    _shot(page, "staff-dialog-1366")
    dialog.get_by_test_id("home-message-save").click()
    expect(dialog).to_be_hidden()
    table = page.get_by_test_id("home-messages-table")
    expect(table).to_contain_text("Доплата за обучение")
    expect(table).to_contain_text("Серік Айгерім — aigerim@example.com")
    expect(table).to_contain_text("Оплата: 9 990 ₸")
    audit("home messages, one message")
    _shot(page, "staff-list-1366")

    # The applicant, on a phone, in Kazakh.
    signed_in(phone, factories, applicant)
    phone.evaluate("() => window.localStorage.setItem('qabyldau_lang', 'kk')")
    phone.goto("/")
    messages = phone.get_by_test_id("home-messages")
    expect(messages).to_contain_text("Оқу ақысының қалдығы")
    expect(messages).to_contain_text("Төлеуге: 9 990 ₸")
    phone_audit = Audit(phone, "phone")
    phone_audit("home page with the message [kk]")
    _shot(phone, "applicant-home-kk-390")
    messages.get_by_role("button", name="Төлеу").click()
    opened = phone.get_by_role("dialog", name="Оқу ақысының қалдығы")
    expect(opened).to_contain_text("Жарна қалдығын төлеңіз")
    phone_audit("the message opened [kk]")
    _shot(phone, "applicant-message-kk-390")
    phone_audit.check()

    # Nobody else of the population sees it.
    signed_in(phone, factories, other)
    phone.goto("/")
    expect(phone.get_by_test_id("deadlines-open")).to_be_visible()
    expect(phone.get_by_text("Оқу ақысының қалдығы")).to_have_count(0)
    audit.check()


def test_staff_set_a_documents_deadline_and_the_deadlines_modal_shows_it(page, phone, factories, db):
    admin = factories.admin(role=ROLE_KZ_ADMIN, email="kz.terms@university.kz")
    program = factories.study_program(
        name_ru="Магистратура (тест)", name_kk="Магистратура (сынақ)", name_en="Master's (test)"
    )
    now = datetime.now(UTC)
    term = factories.term(year=2096, opens_at=now - timedelta(days=5), closes_at=now + timedelta(days=90))
    applicant = factories.applicant(kz=True)
    audit = Audit(page, "desktop")

    signed_in(page, factories, admin)
    page.goto("/admin/kz")
    page.get_by_test_id("admin-menu-kz_settings").click()
    page.get_by_test_id("settings-section-terms").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/settings/terms$"))
    card = page.get_by_test_id(f"term-{term.id}")
    expect(card).to_be_visible()
    _languages(page, audit, "admission terms", "terms")

    card.get_by_test_id(f"term-{term.id}-set-window-{program.id}").click()
    dialog = page.get_by_role("dialog", name="Сроки программы «Магистратура (тест)»")
    due = now + timedelta(days=40)
    dialog.get_by_test_id("window-closes").fill(_local(now + timedelta(days=60)))
    dialog.get_by_test_id("window-documents").fill(_local(due))
    audit("program window dialog")
    dialog.get_by_test_id("window-dialog-save").click()
    expect(dialog).to_be_hidden()
    row = card.get_by_test_id(f"term-{term.id}-program-{program.id}")
    expect(row).to_contain_text("Свои сроки")
    expect(row).to_contain_text(due.astimezone().strftime("%d.%m.%Y"))
    audit("admission terms, a programme with its own dates")
    _shot(page, "staff-terms-1366")
    audit.check()

    signed_in(phone, factories, applicant)
    phone_audit = Audit(phone, "phone")
    for lang, title, name in (
        ("ru", "Сроки приёма", "Магистратура (тест)"),
        ("kk", "Қабылдау мерзімдері", "Магистратура (сынақ)"),
        ("en", "Admission deadlines", "Master's (test)"),
    ):
        phone.evaluate("(lng) => window.localStorage.setItem('qabyldau_lang', lng)", lang)
        phone.goto("/")
        # A permanent home-page message of someone else's test would open first; none here.
        phone.get_by_test_id("deadlines-open").click()
        modal = phone.get_by_role("dialog", name=title)
        program_row = modal.get_by_test_id(f"deadlines-program-{program.id}")
        expect(program_row).to_contain_text(name)
        expect(program_row).to_contain_text(due.astimezone().strftime("%d.%m.%Y"))
        phone_audit(f"deadlines modal [{lang}]")
        if lang == "kk":
            _shot(phone, "applicant-deadlines-kk-390")
        modal.get_by_test_id("deadlines-close").click()
        expect(modal).to_be_hidden()
        expect(phone.get_by_test_id("deadlines-open")).to_be_focused()
    phone_audit.check()


def test_staff_check_and_load_a_register_of_institutions(page, factories, db):
    admin = factories.admin(role=ROLE_KZ_ADMIN, email="kz.imports@university.kz")
    audit = Audit(page, "desktop")
    signed_in(page, factories, admin)
    page.goto("/admin/kz")
    page.get_by_test_id("admin-menu-kz_settings").click()
    page.get_by_test_id("settings-section-imports").click()
    expect(page.get_by_role("heading", level=1, name="Импорт справочников")).to_be_visible()
    page.get_by_test_id("imports-kind-institutions").check()

    bad = "name,region,type\nЛицей №7,Алматы,school\n,Астана,school\n".encode()
    page.get_by_test_id("imports-file").set_input_files(
        files=[{"name": "register.csv", "mimeType": "text/csv", "buffer": bad}]
    )
    page.get_by_test_id("imports-preview").click()
    errors = page.get_by_test_id("imports-preview-errors")
    expect(errors).to_contain_text("Строка 3")
    expect(page.get_by_test_id("imports-apply")).to_be_disabled()
    audit("reference imports, row errors")

    good = "name,region,type\nЛицей №7,Алматы,school\n".encode()
    page.get_by_test_id("imports-file").set_input_files(
        files=[{"name": "register.csv", "mimeType": "text/csv", "buffer": good}]
    )
    page.get_by_test_id("imports-preview").click()
    expect(page.get_by_test_id("imports-preview-counts")).to_be_visible()
    page.get_by_test_id("imports-apply").click()
    expect(page.get_by_test_id("imports-applied")).to_be_visible()
    audit("reference imports, applied")
    _shot(page, "staff-imports-1366")
    audit.check()


def test_staff_check_and_load_a_knowledge_base_file_with_one_new_entry(page, factories, db):
    """The foreign admin loads one new entry of the assistant's knowledge base; the list shows it at once."""
    admin = factories.admin(email="kb.settings@university.kz")
    audit = Audit(page, "desktop")
    signed_in(page, factories, admin)
    page.goto("/admin")
    page.get_by_test_id("admin-menu-settings").click()
    page.get_by_test_id("settings-section-knowledge").click()
    expect(page).to_have_url(re.compile(r"/settings/knowledge-base$"))
    expect(page.get_by_test_id("knowledge-empty")).to_be_visible()
    _languages(page, audit, "knowledge base, empty", "knowledge")

    content = (
        "key,topic,title_ru,title_kk,title_en,body_ru,body_kk,body_en,active\n"
        "parking,campus,Парковка,Тұрақ,Parking,Парковка у корпуса Б.,Тұрақ Б ғимаратының жанында.,"
        "Parking is next to building B.,да\n"
    ).encode()
    page.get_by_test_id("knowledge-file").set_input_files(
        files=[{"name": "kb.csv", "mimeType": "text/csv", "buffer": content}]
    )
    page.get_by_test_id("knowledge-check").click()
    expect(page.get_by_test_id("knowledge-check-counts")).to_contain_text("Будет добавлено / добавлено1")
    audit("knowledge base, checked")
    page.get_by_test_id("knowledge-load").click()
    expect(page.get_by_test_id("knowledge-loaded-counts")).to_contain_text("Будет добавлено / добавлено1")
    expect(page.get_by_test_id("knowledge-entries")).to_contain_text("Парковка")
    audit("knowledge base, loaded")
    _shot(page, "staff-knowledge-1366")
    audit.check()
