"""Both journeys with the keyboard alone (issue 28, decision 0077), in ru and kk, at 1366 and 390 px.

A foreign applicant from sign-up to submit — the questionnaire with a date picker, both pickers (the KATO tree, the
institution listbox), repeatable groups and the uploads, one Tab stop each — and a foreign admin from sign-in to
export — the queue, the panel, a message, a stage move with its confirmation, the export, the skip link. No click(),
no fill(): Tab / Shift+Tab to a control (keyboard.py), `keyboard.type`, Enter, Space, the arrows, Escape. Every stop
is visible and not covered, every kind of control shows a focus indicator (a pixel comparison), and after each action
the focus is where decision 0077 says. axe-core finds no serious or critical violation on the journeys' screens, the
institution picker's open dialog and the stage-move confirmation included.

Lean on purpose (CI's 20 minutes): the admin's user and the applications come from the factories, and the applicant's
answers are prepared through the API where the journey is not about them.
"""

from __future__ import annotations

import re
import struct
import zlib
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import Application, ApplicationMessage, Citizenship, Kato, SelectOption, StudyProgram
from server.seed import run_all

from ..helpers import extract_code, fresh_totp
from ..integration.admin_support import applicant_application, main_info
from .contexts import browser_context_for
from .keyboard import Stops, expect_focus, tab_to, type_ahead, type_into
from .test_accessibility import Audit

PASSWORD = "keyboard-pass1"
LANGUAGES = ("ru", "kk")
WIDTHS = {"desktop": 1366, "phone": 390}
PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)


def tiny_png() -> bytes:
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x33\x66\x99" * 4 for _ in range(4))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def browser_context(request, browser, live_server, db):
    """At one of the two widths; bypass_csp only so that the test can inject axe-core (test_accessibility.py)."""
    with browser_context_for(
        browser,
        live_server,
        request,
        bypass_csp=True,
        accept_downloads=True,
        viewport={"width": WIDTHS[request.param], "height": 800},
    ) as context:
        yield context


@pytest.fixture(autouse=True)
def patient_expectations():
    """Several calls per screen on a shared 2-core machine."""
    expect.set_options(timeout=10_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture
def stops(page):
    # File choosers are intercepted from the start: turned on only by expect_file_chooser(), the interception may come
    # after the Enter that opens the chooser, and the chooser is then lost.
    page.on("filechooser", lambda _chooser: None)
    return Stops(page)


@pytest.fixture
def audit(page, request):
    return Audit(page, request.node.callspec.params["browser_context"])


def tid(page, test_id):
    return page.get_by_test_id(test_id)


def field(page, path):
    return page.get_by_test_id(f"field-{path}")


def option_name(db, type_, lang, index=0):
    rows = list(
        db.session.scalars(
            select(SelectOption).where(SelectOption.type == type_).order_by(SelectOption.order, SelectOption.id)
        )
    )
    return getattr(rows[index], f"name_{lang}") or rows[index].name_ru


def choose_language(page, stops, lang):
    """The language picker, by keyboard: its button keeps the focus."""
    if lang == "ru":
        return
    button = tid(page, f"lang-{lang}")
    tab_to(page, stops, button)
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect_focus(page, stops, button)


def autocomplete(page, stops, path, text):
    """An option list: Tab to it, type the option's name, ArrowDown to it, Enter."""
    box = field(page, path)
    type_into(page, stops, box, text)
    option = page.get_by_role("listbox").get_by_role("option", name=text, exact=True)
    expect(option).to_be_visible()
    for _ in range(10):
        page.keyboard.press("ArrowDown")
        if option.evaluate("(el) => el.classList.contains('Mui-focused') || el.dataset.focus === 'true'"):
            break
    page.keyboard.press("Enter")
    expect(box).to_have_value(text)
    expect_focus(page, stops, box)


def radio(page, stops, path, value):
    """A radio group: one Tab stop (the first or the checked radio), arrows to the option; arrows check it."""
    target = field(page, f"{path}-{value}")
    group_first = page.locator(f"[data-testid^='field-{path}-']").first
    tab_to(page, stops, group_first)
    for _ in range(6):
        if target.evaluate("(el) => el === document.activeElement"):
            break
        page.keyboard.press("ArrowDown")
        stops.check(f"radio {path}")
    page.keyboard.press("Space")
    expect(target).to_be_checked()


def upload(page, stops, path, name, content, mime):
    """An upload: its button is the one Tab stop; Enter opens the file chooser."""
    button = tid(page, f"field-{path}-choose")
    tab_to(page, stops, button)
    with page.expect_file_chooser() as chooser:
        page.keyboard.press("Enter")
    chooser.value.set_files(files=[{"name": name, "mimeType": mime, "buffer": content}])
    expect(tid(page, f"field-{path}-file").first).to_contain_text(name)
    # The button is busy while the file is stored, then has the focus again (decision 0077, focusKeeper).
    expect_focus(page, stops, button, f"after the upload of {path}")


def type_date(page, stops, box, digits, shown):
    """The date field (DD.MM.YYYY in sections): digits once the focused field shows its format with a section
    selected — keys typed before that are lost."""
    tab_to(page, stops, box)
    page.wait_for_function(
        "() => { const el = document.activeElement; return Boolean(el.value) && el.selectionEnd > el.selectionStart; }"
    )
    page.keyboard.type(digits)
    expect(box).to_have_value(shown)


def next_step(page, stops, key):
    """Next: the focus goes to the new step's heading (decision 0077)."""
    tab_to(page, stops, tid(page, "questionnaire-next"))
    page.keyboard.press("Enter")
    expect_focus(page, stops, tid(page, f"questionnaire-step-{key}"), f"after Next: {key}")


def wrong_next_goes_to(page, stops, target):
    """A failed Next: the focus goes to the first field in error."""
    tab_to(page, stops, tid(page, "questionnaire-next"))
    page.keyboard.press("Enter")
    expect_focus(page, stops, target, "after a failed Next")


# --------------------------------------------------------------------------------------------------- applicant


@pytest.fixture
def reference(db):
    run_all()
    germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return germany, programs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_foreign_applicant_signs_up_and_submits_by_keyboard(page, stops, audit, smtp, reference, db, lang):
    germany, programs = reference
    bachelor = programs["regular_bachelors"]
    email = f"keys.{lang}.{page.viewport_size['width']}@example.com"

    # /auth: the tabs are one Tab stop (arrows move between them), the code step keeps a wrong code's field focused.
    page.goto("/auth")
    expect(tid(page, "signin-email")).to_be_visible()
    choose_language(page, stops, lang)
    tab_to(page, stops, tid(page, "tab-sign-in"))
    page.keyboard.press("ArrowRight")
    expect_focus(page, stops, tid(page, "tab-sign-up"))
    page.keyboard.press("Enter")
    expect(tid(page, "tab-sign-up")).to_have_attribute("aria-selected", "true")
    type_into(page, stops, tid(page, "signup-email"), email)
    type_into(page, stops, tid(page, "signup-password"), PASSWORD)
    type_into(page, stops, tid(page, "signup-repeat-password"), PASSWORD)
    page.keyboard.press("Enter")
    code = tid(page, "otp-code")
    expect_focus(page, stops, code, "the code step")
    right = extract_code(smtp, email, timeout=10)
    page.keyboard.type("000000" if right != "000000" else "111111")
    expect(tid(page, "snackbar-error")).to_be_visible()
    expect_focus(page, stops, code, "after a wrong code")
    page.keyboard.type(right)

    # /choose-flow: the page's heading, then the citizenship by its search box and its radio.
    expect(page).to_have_url(re.compile(r"/choose-flow$"))
    expect_focus(page, stops, page.locator("main h1"), "a new page")
    type_into(page, stops, tid(page, "citizenship-search"), getattr(germany, f"name_{lang}") or germany.name_ru)
    tab_to(page, stops, tid(page, f"citizenship-{germany.id}"))
    page.keyboard.press("Space")
    tab_to(page, stops, tid(page, "choose-flow-continue"))
    page.keyboard.press("Enter")

    # Home → Apply → the programme (a radio group: arrows) → the questionnaire.
    expect(page).to_have_url(re.compile(r"/$"))
    expect_focus(page, stops, page.locator("main h1"), "home")
    tab_to(page, stops, tid(page, "card-apply"))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/apply$"))
    expect_focus(page, stops, page.locator("main h1"), "/apply")
    program = tid(page, f"study-program-{bachelor.id}")
    tab_to(page, stops, page.locator("[data-testid^=study-program-]:not([data-testid$=continue])").first)
    for _ in range(10):
        if program.evaluate("(el) => el === document.activeElement"):
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(program).to_be_checked()
    tab_to(page, stops, tid(page, "study-program-continue"))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    application_id = int(page.url.rsplit("/", 1)[1])

    # 1. Main info. Next with nothing: the first field in error, the photo's one Tab stop.
    expect(tid(page, "questionnaire-step-fillStepMainInfo")).to_be_visible()
    wrong_next_goes_to(page, stops, tid(page, "field-profile_image-choose"))
    upload(page, stops, "profile_image", "photo.png", tiny_png(), "image/png")
    type_into(page, stops, field(page, "last_name"), "Müller")
    type_into(page, stops, field(page, "first_name"), "Hans")
    type_date(page, stops, field(page, "date_of_birth"), "14032006", "14.03.2006")
    # The calendar: a dialog; Escape closes it and the focus is back on its button.
    calendar = (
        field(page, "date_of_birth")
        .locator("xpath=ancestor::div[contains(@class,'MuiInputBase-root')]")
        .get_by_role("button")
    )
    tab_to(page, stops, calendar)
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect_focus(page, stops, calendar, "the calendar closed")
    radio(page, stops, "gender", 1)
    autocomplete(page, stops, "marital_status", option_name(db, "fillStepMainInfo_marital_status", lang))
    radio(page, stops, "has_children", 2)
    autocomplete(page, stops, "nationality", option_name(db, "fillStepMainInfo_nationality", lang))
    type_into(page, stops, field(page, "email"), "hans@example.com")
    type_into(page, stops, field(page, "phone_number"), "+4915112345678")
    type_into(page, stops, field(page, "passport_number"), "C01X00T47")
    type_into(page, stops, field(page, "birthplace"), "Berlin")
    type_into(page, stops, field(page, "residential_address"), "Berlin, Unter den Linden 1")
    # Back up the form with Shift+Tab: no field hides under the sticky header (2.4.11).
    tab_to(page, stops, field(page, "last_name"), backwards=True)
    next_step(page, stops, "fillStepAdditionalInfo")

    # 2. Additional info.
    radio(page, stops, "need_dorm", "Да")
    autocomplete(page, stops, "degree", option_name(db, "fillStepAdditionalInfo_degree", lang))
    expect(field(page, "educational_program")).not_to_have_value("")
    next_step(page, stops, "fillStepImmigration")

    # 3. Immigration: the KATO tree — type-ahead, Right opens a region and enters it, Enter picks; the focus is back
    # on the button that opened it.
    radio(page, stops, "has_learning_disabilities", 2)
    autocomplete(page, stops, "country_of_residence", getattr(germany, f"name_{lang}") or germany.name_ru)
    radio(page, stops, "is_living_in_kazakhstan_currently", 1)
    almaty = db.session.scalar(select(Kato).where(Kato.code == "750000000"))
    bostandyk = db.session.scalar(select(Kato).where(Kato.code == "751410000"))
    opener = tid(page, "field-kazakhstan_residence_address-open")
    tab_to(page, stops, opener)
    page.keyboard.press("Enter")
    expect_focus(page, stops, tid(page, "kato-search"), "the KATO dialog")
    tab_to(page, stops, tid(page, "kato-tree"), within=True)
    type_ahead(page, kato_name(almaty, lang))
    region = page.locator(f"[role=treeitem][data-node-id='{almaty.id}']")
    expect_focus(page, stops, region, "type-ahead")
    page.keyboard.press("ArrowRight")
    expect(region).to_have_attribute("aria-expanded", "true")
    districts = tid(page, f"kato-group-{almaty.id}").get_by_role("treeitem")  # the group the region owns (aria-owns)
    expect(region).to_have_attribute("aria-owns", f"kato-group-{almaty.id}")
    expect(districts.first).to_be_visible()  # the districts load
    # Audited with a region open: the item's visible text is its own label, its districts are in the group it owns
    # (axe's label-content-name-mismatch, decision 0077).
    if lang == "ru":
        audit("the KATO dialog, a region open")
    page.keyboard.press("ArrowRight")
    expect(districts.first).to_be_focused()
    type_ahead(page, kato_name(bostandyk, lang))
    expect_focus(
        page, stops, page.locator(f"[role=treeitem][data-node-id='{bostandyk.id}']"), "type-ahead, a level down"
    )
    page.keyboard.press("Enter")
    expect(tid(page, "kato-dialog")).to_have_count(0)
    expect_focus(page, stops, opener, "the KATO dialog closed")
    expect(field(page, "kazakhstan_residence_address")).to_have_value(re.compile(kato_name(bostandyk, lang)))
    next_step(page, stops, "fillStepParents")

    # 4. Parents: a row added takes the focus to its first field.
    for index in range(2):
        if index:
            tab_to(page, stops, tid(page, "field-parents-add"))
            page.keyboard.press("Enter")
            expect_focus(page, stops, field(page, "parents.1.parent_type"), "a row added")
        autocomplete(
            page, stops, f"parents.{index}.parent_type", option_name(db, "fillStepParents_parent_type", lang, index)
        )
        type_into(page, stops, field(page, f"parents.{index}.full_name"), f"Parent {index}")
        type_into(page, stops, field(page, f"parents.{index}.address"), "Berlin")
        type_into(page, stops, field(page, f"parents.{index}.phone_number"), f"+49151000000{index}")
        type_into(page, stops, field(page, f"parents.{index}.email"), f"parent{index}@example.com")
        type_into(page, stops, field(page, f"parents.{index}.workplace"), "Charité")
    next_step(page, stops, "fillStepEducation")

    # 5. Education: the institution listbox (full names, one Tab stop, arrows, Enter); a language row removed sends
    # the focus to Add.
    autocomplete(page, stops, "education_level", option_name(db, "fillStepEducation_education_level", lang))
    type_into(page, stops, field(page, "education_document_number"), "AB-123456")
    type_date(page, stops, field(page, "education_document_given_date"), "20062024", "20.06.2024")
    opener = tid(page, "field-education_institution-open")
    tab_to(page, stops, opener)
    page.keyboard.press("Enter")
    expect(tid(page, "institution-abroad-hint")).to_be_visible()
    tab_to(page, stops, tid(page, "institution-not-listed"))
    page.keyboard.press("Enter")
    expect_focus(page, stops, tid(page, "institution-search"), "the list's search box")
    page.keyboard.type("Назарбаев")
    expect(tid(page, "institution-count")).to_have_text(re.compile(r"\d+\D+\d+"))
    rows = page.locator("[data-testid^=institution-row-]")
    expect(rows.first).to_contain_text("Назарбаев")
    page.keyboard.press("ArrowDown")
    expect_focus(page, stops, rows.first, "the first option")
    expect(rows.locator("[tabindex='0']")).to_have_count(0)
    expect(page.locator("[data-testid^=institution-row-][tabindex='0']")).to_have_count(1)  # one Tab stop
    name = rows.first.get_by_test_id("institution-name").inner_text()
    accessible = rows.first.evaluate("(el) => el.textContent")
    for part in rows.first.locator("span").all_inner_texts():
        assert part.strip() in accessible
    assert name in accessible and accessible.count(",") >= 3, accessible  # name, region, district, address
    audit("the institution picker, open")
    page.keyboard.press("Enter")
    expect(tid(page, "institution-dialog")).to_have_count(0)
    expect_focus(page, stops, opener, "the institution picker closed")
    expect(field(page, "education_institution")).to_have_value(re.compile(re.escape(name)))
    type_into(page, stops, field(page, "education_institution_address"), "Berlin, Schulstraße 5")
    autocomplete(page, stops, "education_language", option_name(db, "fillStepEducation_education_language", lang))
    radio(page, stops, "is_altyn_belgi", 2)
    type_into(page, stops, field(page, "average_grade"), "4.75")
    tab_to(page, stops, field(page, "admission_year"))
    page.keyboard.type("2013")
    expect(field(page, "admission_year")).to_have_value("2013")
    tab_to(page, stops, field(page, "graduation_year"))
    page.keyboard.type("2024")
    expect(field(page, "graduation_year")).to_have_value("2024")
    for index in range(2):
        if index:
            tab_to(page, stops, tid(page, "field-foreign_languages-add"))
            page.keyboard.press("Enter")
            first = field(page, "foreign_languages.1.language_option_id")
            expect_focus(page, stops, first, "a row added")
        autocomplete(
            page,
            stops,
            f"foreign_languages.{index}.language_option_id",
            option_name(db, "fillStepEducation_language_option", lang, index),
        )
        autocomplete(
            page,
            stops,
            f"foreign_languages.{index}.level_option_id",
            option_name(db, "fillStepEducation_level_option", lang, index),
        )
    tab_to(page, stops, tid(page, "field-foreign_languages-remove-1"))
    page.keyboard.press("Enter")
    expect(field(page, "foreign_languages.1.language_option_id")).to_have_count(0)
    expect_focus(page, stops, tid(page, "field-foreign_languages-add"), "a row removed")
    next_step(page, stops, "fillStepDocumentsFiles")

    # 6. Documents: each upload is one Tab stop; Submit.
    uploads = ("passport", "proof_of_education", "motivation_letter", "english_language_certificate")
    for key in uploads:
        upload(page, stops, key, f"{key}.pdf", PDF, "application/pdf")
    upload(page, stops, "medical_certificates", "medical.pdf", PDF, "application/pdf")
    if lang == "ru":
        audit("the documents step")
    tab_to(page, stops, tid(page, "questionnaire-submit"))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/apply/{application_id}/submitted$"), timeout=20_000)
    expect_focus(page, stops, page.locator("main h1"), "submitted")
    db.session.expire_all()
    assert db.session.get(Application, application_id).submitted_at is not None
    audit.check()


def kato_name(node, lang):
    return getattr(node, f"name_{lang}") or node.name_ru


# ------------------------------------------------------------------------------------------------------- admin


def open_admin_menu_item(page, stops, key):
    """The shell's menu: a drawer behind a button on a phone; the new page's heading takes the focus."""
    if page.viewport_size["width"] < 900:
        button = tid(page, "admin-menu-button")
        tab_to(page, stops, button, backwards=True)
        page.keyboard.press("Enter")
        item = tid(page, f"admin-mobile-menu-{key}")
        tab_to(page, stops, item)
    else:
        item = tid(page, f"admin-menu-{key}")
        tab_to(page, stops, item, backwards=True)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/admin/{key}(\?|$)"))
    expect_focus(page, stops, page.locator("main h1"), f"the {key} queue")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_foreign_admin_signs_in_and_exports_by_keyboard(page, stops, audit, factories, db, lang):
    email = f"keys.admin.{lang}@university.kz"
    factories.admin(role="Админ", email=email, password=PASSWORD)
    today = datetime.now(UTC)
    mine = applicant_application(
        factories, status=0, submitted_at=today, answers=main_info(False, last="Сагинтаева", first="Айнур")
    )
    applicant_application(factories, status=0, submitted_at=today, answers=main_info(False, last="Петров"))

    # Sign-in; the dashboard's heading has the focus.
    page.goto("/auth")
    expect(tid(page, "signin-email")).to_be_visible()
    choose_language(page, stops, lang)
    type_into(page, stops, tid(page, "signin-email"), email)
    type_into(page, stops, tid(page, "signin-password"), PASSWORD)
    page.keyboard.press("Enter")
    # The second factor (decision 0078): its heading has the focus, the code goes in by keyboard.
    expect_focus(page, stops, page.locator("#second-factor-heading"), "the second-factor step")
    type_into(page, stops, tid(page, "second-factor-code"), fresh_totp(email))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/admin$"))
    expect_focus(page, stops, page.locator("main h1"), "the dashboard")

    # The queue, then the skip link: the first stop of the shell, to the page's heading.
    open_admin_menu_item(page, stops, "applied")
    tab_to(page, stops, tid(page, "skip-link"), backwards=True)
    page.keyboard.press("Enter")
    expect_focus(page, stops, page.locator("main h1"), "the skip link")
    type_into(page, stops, tid(page, "queue-search"), "Сагинтаева")
    grid = tid(page, "queue-grid")
    expect(grid).not_to_contain_text("Петров")
    expect(tid(page, "live-region")).not_to_have_text("")  # the result count is said
    opener = tid(page, f"open-{mine.id}")
    tab_to(page, stops, opener)
    page.keyboard.press("Enter")
    panel = tid(page, "application-panel")
    expect(panel.get_by_test_id("panel-status")).to_be_visible()
    if lang == "ru":
        audit("the queue with the panel open")

    # A message: the focus goes to the messages' heading.
    type_into(page, stops, panel.get_by_test_id("message-input"), "Загрузите скан паспорта")
    tab_to(page, stops, panel.get_by_test_id("message-send"))
    page.keyboard.press("Enter")
    expect(panel.get_by_test_id("panel-messages")).to_contain_text("Загрузите скан паспорта")
    messages_heading = panel.locator("section:has([data-testid=panel-messages]) > h3")
    expect_focus(page, stops, messages_heading, "a message sent")

    # A stage move asks first (the focus starts on Cancel), then the panel's heading has the focus.
    tab_to(page, stops, panel.get_by_test_id("action-next"))
    page.keyboard.press("Enter")
    confirm = tid(page, "stage-confirm")
    expect_focus(page, stops, tid(page, "stage-confirm-cancel"), "the confirmation")
    audit("the stage move's confirmation")
    page.keyboard.press("Escape")
    expect(confirm).to_have_count(0)
    expect_focus(page, stops, panel.get_by_test_id("action-next"), "the confirmation cancelled")
    page.keyboard.press("Enter")
    tab_to(page, stops, tid(page, "stage-confirm-confirm"))
    page.keyboard.press("Enter")
    expect(panel.get_by_test_id("panel-status")).not_to_have_text(re.compile("^$"))
    expect_focus(page, stops, panel.locator("#panel-title"), "a stage move")
    db.session.expire_all()
    assert db.session.get(Application, mine.id).status == 1
    assert db.session.scalars(select(ApplicationMessage.content)).all() == ["Загрузите скан паспорта"]

    # Escape closes the panel; its row left the queue with the move, so the focus goes to the queue's heading.
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    expect_focus(page, stops, page.locator("main h1"), "the panel closed")

    # The accepted queue's export: the file comes, the focus stays on the button.
    open_admin_menu_item(page, stops, "accepted")
    expect(tid(page, "queue-grid")).to_contain_text("Сагинтаева")
    export = tid(page, "export-button")
    tab_to(page, stops, export)
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    assert info.value.suggested_filename.endswith(".xlsx")
    expect_focus(page, stops, export, "an export")
    audit.check()
