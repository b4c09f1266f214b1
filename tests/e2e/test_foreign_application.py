"""The foreign applicant's journey (req §2 Application flow, Questionnaire, pickers; §5; §8) in Chromium:
sign-up with the e-mailed code, /choose-flow, a bachelor application filled section by section with both pickers
(the KATO tree for the Kazakhstan city of an applicant living here, the institution list for the school), stopped by
missing required fields and a wrong date order, submitted, then listed on /my-applications; the first steps again in
Kazakh and English. Decision 0032."""

from __future__ import annotations

import re
import struct
import zlib
from datetime import datetime

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.models import Citizenship, Kato, SelectOption, StudyProgram
from server.seed import run_all

from ..helpers import extract_code

PASSWORD = "foreign-pass1"


# ------------------------------------------------------------------------------------------------ helpers


def tiny_pdf(path):
    path.write_bytes(
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n"
        b"trailer<</Root 1 0 R>>\n%%EOF\n"
    )
    return path


def tiny_png(path):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x33\x66\x99" * 4 for _ in range(4))
    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
    path.write_bytes(png)
    return path


@pytest.fixture
def reference(db):
    run_all()
    germany = db.session.scalar(select(Citizenship).where(Citizenship.code == "DE"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return germany, programs


def option(db, type_, index=0, lang="ru"):
    rows = list(
        db.session.scalars(
            select(SelectOption).where(SelectOption.type == type_).order_by(SelectOption.order, SelectOption.id)
        )
    )
    return getattr(rows[index], f"name_{lang}") or rows[index].name_ru


def sign_in(page, email, password=PASSWORD):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(password)
    page.get_by_test_id("signin-submit").click()
    expect(page).to_have_url(re.compile(r"/$"))


def field(page, path):
    return page.get_by_test_id(f"field-{path}")


def choose(page, path, name):
    """An option list (autocomplete): type part of the name, pick the option."""
    box = field(page, path)
    box.click()
    box.fill(name)
    page.get_by_role("option", name=name, exact=True).click()
    expect(box).to_have_value(name)


# Issue 10: a helper or error text never overlaps another field's label, on a phone (390 px) or a laptop (1366 px).
OVERLAPS_JS = """() => {
  const root = document.querySelector('[data-testid=questionnaire]');
  if (!root) return [];
  const boxes = (sel) => [...root.querySelectorAll(sel)]
    .filter((el) => el.offsetParent !== null && el.textContent.trim())
    .map((el) => ({ text: el.textContent.trim().slice(0, 40), r: el.getBoundingClientRect() }));
  const helpers = boxes('.MuiFormHelperText-root');
  const labels = boxes('label, legend');
  const hits = [];
  for (const h of helpers) for (const l of labels) {
    const x = Math.min(h.r.right, l.r.right) - Math.max(h.r.left, l.r.left);
    const y = Math.min(h.r.bottom, l.r.bottom) - Math.max(h.r.top, l.r.top);
    if (x > 1 && y > 1) hits.push(`${h.text} / ${l.text}`);
  }
  return hits;
}"""


def assert_no_overlaps(page):
    size = page.viewport_size
    try:
        for width in (390, 1366):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(150)
            assert page.evaluate(OVERLAPS_JS) == [], f"helper text over a label at {width} px"
    finally:
        page.set_viewport_size(size)


def next_step(page, key):
    page.get_by_test_id("questionnaire-next").click()
    expect(page.get_by_test_id(f"questionnaire-step-{key}")).to_be_visible()
    assert_no_overlaps(page)


def error_snackbar(page):
    return page.get_by_test_id("snackbar-error")


def close_snackbar(page):
    alert = page.get_by_role("alert")
    if alert.count():
        alert.get_by_role("button").click()
        expect(alert).to_have_count(0)


# -------------------------------------------------------------------------------------------------- tests


def sign_up_as_foreigner(page, smtp, email, citizenship):
    """The real front door: sign-up, the code from the SMTP server, /choose-flow with a foreign citizenship."""
    page.goto("/auth")
    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill(email)
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-repeat-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.get_by_test_id("otp-code").fill(extract_code(smtp, email, timeout=10))  # auto-submits at 6 digits
    expect(page).to_have_url(re.compile(r"/choose-flow$"))
    page.get_by_test_id(f"citizenship-{citizenship.id}").check()
    page.get_by_test_id("choose-flow-continue").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_foreign_applicant_applies_fills_every_section_and_submits(page, smtp, reference, db, tmp_path):
    germany, programs = reference
    bachelor = programs["regular_bachelors"]
    almaty = db.session.scalar(select(Kato).where(Kato.code == "750000000"))  # seeded KATO tree
    bostandyk = db.session.scalar(select(Kato).where(Kato.code == "751410000"))
    email = "hans.foreign@example.com"
    pdf = tiny_pdf(tmp_path / "passport.pdf")
    pdf2 = tiny_pdf(tmp_path / "medical.pdf")
    png = tiny_png(tmp_path / "photo.png")

    sign_up_as_foreigner(page, smtp, email, germany)

    # Home → Apply card → /apply: the programme must be chosen first (req §5).
    page.get_by_test_id("card-apply").click()
    expect(page).to_have_url(re.compile(r"/apply$"))
    expect(page.get_by_test_id(f"study-program-{programs['doctoral_phd'].id}")).to_be_attached()
    page.get_by_test_id("study-program-continue").click()
    expect(error_snackbar(page)).to_contain_text("Пожалуйста, выберите тип программы")
    page.get_by_test_id(f"study-program-{bachelor.id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    application_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_test_id("apply-answer-study_program")).to_have_text("Бакалавриат")
    expect(page.get_by_test_id("apply-answer-citizenship")).to_have_text(germany.name_ru)

    # 1. Main info; the photo; a missing last name stops Next with «Фамилия».
    expect(page.get_by_test_id("questionnaire-step-fillStepMainInfo")).to_have_text("Основная информация")
    field(page, "profile_image").set_input_files(str(png))
    expect(page.get_by_test_id("field-profile_image-file")).to_contain_text("photo.png")
    field(page, "first_name").fill("Hans")
    field(page, "middle_name").fill("Peter")
    field(page, "date_of_birth").fill("14.03.2006")  # DD.MM.YYYY (req §5)
    field(page, "gender-1").check()
    choose(page, "marital_status", option(db, "fillStepMainInfo_marital_status"))
    field(page, "has_children-2").check()
    choose(page, "nationality", option(db, "fillStepMainInfo_nationality"))
    field(page, "email").fill("hans@example.com")
    field(page, "phone_number").fill("+4915112345678")
    field(page, "passport_number").fill("C01X00T47")
    field(page, "birthplace").fill("Berlin")
    field(page, "residential_address").fill("Berlin, Unter den Linden 1")
    page.get_by_test_id("questionnaire-next").click()
    expect(error_snackbar(page)).to_have_text("Заполните обязательное поле «Фамилия»")
    expect(page.get_by_test_id("questionnaire-step-fillStepMainInfo")).to_be_visible()
    expect(field(page, "last_name")).to_be_focused()  # issue 10: Next takes the applicant to the field
    assert_no_overlaps(page)
    field(page, "last_name").fill("  Müller  ")
    expect(error_snackbar(page)).to_have_count(0)  # issue 10: the toast goes once the field is fixed
    next_step(page, "fillStepAdditionalInfo")

    # 2. Additional info: need_dorm (raw Да/Нет), degree → programmes filtered by degree, first auto-selected.
    field(page, "need_dorm-Да").check()
    choose(page, "degree", option(db, "fillStepAdditionalInfo_degree"))
    expect(field(page, "educational_program")).not_to_have_value("")
    next_step(page, "fillStepImmigration")

    # 3. Immigration: the description appears only with learning disabilities (visible_if).
    expect(field(page, "learning_disabilities_description")).to_have_count(0)
    field(page, "has_learning_disabilities-1").check()
    expect(field(page, "learning_disabilities_description")).to_be_visible()
    field(page, "has_learning_disabilities-2").check()
    expect(field(page, "learning_disabilities_description")).to_have_count(0)
    choose(page, "country_of_residence", germany.name_ru)
    # Living in Kazakhstan: the city/district (KATO) appears, is required, and is picked in the tree modal.
    expect(field(page, "kazakhstan_residence_address")).to_have_count(0)
    field(page, "is_living_in_kazakhstan_currently-1").check()
    expect(field(page, "kazakhstan_residence_address")).to_be_visible()
    expect(field(page, "kazakhstan_residence_address")).to_have_value("")
    page.get_by_test_id("questionnaire-next").click()
    expect(error_snackbar(page)).to_have_text("Заполните обязательное поле «Город или район проживания в Казахстане»")
    expect(page.get_by_test_id("questionnaire-step-fillStepImmigration")).to_be_visible()
    close_snackbar(page)
    page.get_by_test_id("field-kazakhstan_residence_address-open").click()
    dialog = page.get_by_test_id("kato-dialog")
    tree = dialog.get_by_role("tree", name="Выберите населённый пункт")
    expect(tree.locator(":scope > li[role=treeitem]")).to_have_count(20)  # the seeded regions
    almaty_item = tree.locator(":scope > li[role=treeitem]").filter(has=page.get_by_test_id(f"kato-node-{almaty.id}"))
    expect(almaty_item).to_have_attribute("aria-expanded", "false")
    # The arrow opens a region with the mouse (the keyboard: Right, decision 0077 — test_keyboard_journeys.py).
    dialog.get_by_test_id(f"kato-expand-{almaty.id}").click()
    expect(almaty_item).to_have_attribute("aria-expanded", "true")
    districts = dialog.get_by_test_id(f"kato-group-{almaty.id}").get_by_role("treeitem")  # owned: aria-owns
    expect(districts).to_have_count(8)
    expect(districts.first).to_contain_text("Алатауский район")  # children ordered by name
    dialog.get_by_role("treeitem", name="Бостандыкский район", exact=True).get_by_text("Бостандыкский район").click()
    expect(dialog).to_have_count(0)
    expect(field(page, "kazakhstan_residence_address")).to_have_value("г. Алматы, Бостандыкский район")
    next_step(page, "fillStepParents")

    # 4. Parents: the first parent, then 'Add parent' for the second; iin / signer are hidden for foreigners.
    expect(field(page, "parents.0.iin")).to_have_count(0)
    expect(field(page, "parents.0.is_signer")).to_have_count(0)
    parents = [("Anna Müller", "anna@example.com", "Charité"), ("Karl Müller", "karl@example.com", "Siemens")]
    for index, (name, mail, work) in enumerate(parents):
        if index:
            page.get_by_test_id("field-parents-add").click()
        choose(page, f"parents.{index}.parent_type", option(db, "fillStepParents_parent_type", index))
        field(page, f"parents.{index}.full_name").fill(name)
        field(page, f"parents.{index}.address").fill("Berlin")
        field(page, f"parents.{index}.phone_number").fill(f"+49151000000{index}")
        field(page, f"parents.{index}.email").fill(mail)
        field(page, f"parents.{index}.workplace").fill(work)
    expect(page.get_by_test_id("field-parents-add")).to_have_count(0)  # max two parents
    next_step(page, "fillStepEducation")

    # 5. Education: document type derived from the level; the institution picker; years in the wrong order.
    choose(page, "education_level", option(db, "fillStepEducation_education_level"))
    expect(field(page, "education_document_type")).not_to_have_value("")
    field(page, "education_document_number").fill("AB-123456")
    field(page, "education_document_given_date").fill("20.06.2024")
    # the picker: 'not on the list' → free text; then a real institution found by search and paging
    page.get_by_test_id("field-education_institution-open").click()
    dialog = page.get_by_test_id("institution-dialog")
    # Issue 10: a foreign applicant starts on the foreign-school path; the Kazakhstan list is one click away.
    expect(page.get_by_test_id("institution-abroad-hint")).to_be_visible()
    expect(page.get_by_test_id("institution-not-listed")).to_have_text("Найти в списке учебных заведений Казахстана")
    page.get_by_test_id("institution-not-listed").click()
    # The list is a listbox (decision 0077); the column titles are for the eye.
    expect(dialog.get_by_test_id("institution-columns").locator("span")).to_have_text(
        ["Регион", "Район / город", "Название", "Адрес"]
    )
    expect(page.get_by_test_id("institution-count")).to_have_text(re.compile(r"Показано 20 из \d+"))
    page.get_by_test_id("institution-scroll").evaluate("el => { el.scrollTop = el.scrollHeight; }")
    expect(page.get_by_test_id("institution-count")).to_have_text(re.compile(r"Показано 40 из \d+"))
    page.get_by_test_id("institution-not-listed").click()
    page.get_by_test_id("institution-other-input").fill("Gymnasium Berlin-Mitte")
    page.get_by_test_id("institution-other-save").click()
    expect(field(page, "education_institution")).to_have_value("Gymnasium Berlin-Mitte")
    page.get_by_test_id("field-education_institution-open").click()
    page.get_by_test_id("institution-not-listed").click()  # back to the list
    # Every word against name, city/district and address (issue 10): a name part plus the city.
    page.get_by_test_id("institution-search").fill("Назарбаев физико Тараз")
    expect(page.get_by_test_id("institution-count")).to_have_text(re.compile(r"Показано \d из \d$"))
    rows = page.locator("[data-testid^=institution-row-]")
    expect(rows.first).to_contain_text("Назарбаев")
    chosen = rows.first.get_by_test_id("institution-name").inner_text()
    rows.first.click()
    expect(field(page, "education_institution")).to_have_value(re.compile(re.escape(chosen)))
    field(page, "education_institution_address").fill("Berlin, Schulstraße 5")
    choose(page, "education_language", option(db, "fillStepEducation_education_language"))
    field(page, "is_altyn_belgi-2").check()
    field(page, "average_grade").fill("4.756")
    expect(field(page, "average_grade")).to_have_value("4.75")  # two decimals at most (req §5)
    field(page, "admission_year").select_option("2024")
    field(page, "graduation_year").select_option("2020")
    # two foreign languages
    for index in range(2):
        if index:
            page.get_by_test_id("field-foreign_languages-add").click()
        choose(
            page,
            f"foreign_languages.{index}.language_option_id",
            option(db, "fillStepEducation_language_option", index),
        )
        choose(page, f"foreign_languages.{index}.level_option_id", option(db, "fillStepEducation_level_option", index))
    page.get_by_test_id("questionnaire-next").click()
    expect(error_snackbar(page)).to_have_text(
        "Проверьте даты: значение поля «Год поступления» должно быть раньше значения поля «Год окончания»"
    )
    expect(page.get_by_test_id("questionnaire-step-fillStepEducation")).to_be_visible()
    close_snackbar(page)
    field(page, "admission_year").select_option("2013")
    field(page, "graduation_year").select_option("2024")
    next_step(page, "fillStepDocumentsFiles")

    # 6. Documents: PDFs only; two medical certificates in one multiple field; Submit on the last step.
    expect(page.get_by_test_id("questionnaire-next")).to_have_count(0)
    field(page, "passport").set_input_files(str(png))
    expect(error_snackbar(page)).to_contain_text("PDF")
    close_snackbar(page)
    for key in ("passport", "proof_of_education", "motivation_letter", "english_language_certificate"):
        field(page, key).set_input_files(str(pdf))
    field(page, "medical_certificates").set_input_files([str(pdf), str(pdf2)])
    expect(page.get_by_test_id("field-medical_certificates-file")).to_have_count(2)
    page.get_by_test_id("questionnaire-submit").click()
    # Submitting stores six files and, with no broker in tests, sends the confirmation mail in-process: give a
    # loaded CI machine more than the default 5 s.
    expect(page.get_by_test_id("snackbar-success")).to_have_text("Анкета успешно отправлена", timeout=15_000)
    # Issue 10: what happens next and whom to ask, not the home cards.
    expect(page).to_have_url(re.compile(rf"/apply/{application_id}/submitted$"))
    expect(page.get_by_test_id("submitted-lead")).to_contain_text(f"Заявка № {application_id}")
    expect(page.get_by_test_id("submitted-steps")).to_contain_text("Приёмная комиссия проверит анкету")
    expect(page.get_by_test_id("submitted-contacts")).to_be_visible()

    # The saved answers: trimmed, derived, files stored, parents and languages kept.
    from server.models import Application, UserData

    db.session.expire_all()
    application = db.session.get(Application, application_id)
    assert application.submitted_at is not None and application.status == 0
    answers = {
        item.type: item.data
        for item in db.session.scalars(select(UserData).where(UserData.application_id == application_id))
    }
    assert answers["fillStepMainInfo"]["last_name"] == "Müller"
    assert answers["fillStepMainInfo"]["date_of_birth"] == "2006-03-14"  # typed DD.MM.YYYY, stored ISO
    assert answers["fillStepEducation"]["education_document_given_date"] == "2024-06-20"
    assert answers["fillStepMainInfo"]["profile_image"]["content_type"] == "image/png"
    assert answers["fillStepImmigration"]["is_living_in_kazakhstan_currently"] == 1
    assert answers["fillStepImmigration"]["kazakhstan_residence_address"] == "г. Алматы, Бостандыкский район"
    assert answers["fillStepImmigration"]["kazakhstan_residence_address_id"] == bostandyk.id
    assert len(answers["fillStepParents"]["parents"]) == 2
    assert len(answers["fillStepEducation"]["foreign_languages"]) == 2
    assert answers["fillStepEducation"]["education_institution"]["type"] == "list"
    assert len(answers["fillStepDocumentsFiles"]["medical_certificates"]) == 2

    # /my-applications: the card, then the read-only questionnaire.
    page.goto("/my-applications")
    card = page.get_by_test_id(f"application-card-{application_id}")
    expect(card).to_contain_text("Бакалавриат")
    expect(card).to_contain_text(datetime.now().strftime("%d.%m.%Y"))
    expect(page.get_by_test_id(f"application-status-{application_id}")).to_have_text("Рассматривается")
    # "Добавить заявку" once, above the cards (issue 23): it does not belong to one application.
    expect(page.get_by_role("link", name="Добавить заявку")).to_have_count(1)
    expect(card.get_by_role("link", name="Добавить заявку")).to_have_count(0)
    card.get_by_role("link", name="Открыть анкету").click()
    expect(page).to_have_url(re.compile(rf"/apply/{application_id}$"))
    expect(page.get_by_test_id("questionnaire-submitted")).to_be_visible()
    expect(field(page, "last_name")).to_be_disabled()
    expect(page.get_by_test_id("questionnaire-submit")).to_have_count(0)

    # The same programme again: the server's conflict, in the applicant's language.
    page.goto("/apply")
    page.get_by_test_id(f"study-program-{bachelor.id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(error_snackbar(page)).to_have_text("По этой программе уже есть активная заявка")


@pytest.mark.parametrize(
    "lang, texts",
    [
        (
            "kk",
            {
                "program_error": "Бағдарлама түрін таңдаңыз",
                "title": "Негізгі ақпарат",
                "missing": "Міндетті өрісті толтырыңыз «Тегі»",
                "photo": "Міндетті өрісті толтырыңыз «Фотосурет»",
                "next": "Әрі қарай",
            },
        ),
        (
            "en",
            {
                "program_error": "Please pick the type of the programme",
                "title": "Main information",
                "missing": "Please fill in the required field “Last name”",
                "photo": "Please fill in the required field “Photo”",
                "next": "Next",
            },
        ),
    ],
)
def test_first_steps_in_kazakh_and_english(page, factories, reference, lang, texts, tmp_path):
    germany, programs = reference
    email = f"applicant.{lang}@example.com"
    factories.user(email=email, password=PASSWORD, citizenship=germany)
    sign_in(page, email)
    page.get_by_test_id(f"lang-{lang}").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_test_id("card-apply").click()
    page.get_by_test_id("study-program-continue").click()
    expect(error_snackbar(page)).to_have_text(texts["program_error"])
    close_snackbar(page)
    page.get_by_test_id(f"study-program-{programs['masters_mba'].id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    expect(page.get_by_test_id("questionnaire-step-fillStepMainInfo")).to_have_text(texts["title"])
    field(page, "first_name").fill("Test")
    page.get_by_role("button", name=texts["next"]).click()
    # the photo is the first required field; then the last name
    expect(error_snackbar(page)).to_have_text(texts["photo"])
    close_snackbar(page)
    field(page, "profile_image").set_input_files(str(tiny_png(tmp_path / "photo.png")))
    page.get_by_role("button", name=texts["next"]).click()
    expect(error_snackbar(page)).to_have_text(texts["missing"])
