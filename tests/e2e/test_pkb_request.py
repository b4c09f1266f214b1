"""The citizen's credit-bureau request in Chromium (req §2 request_data, §4, §5; issue 11 item 2): sign-up with the
e-mailed code, Kazakhstan on /choose-flow, the paid card of /local-select-path, a programme, then the request_data
form (stopped once by the §5 rules), a sandbox test person, the code read from the SMS dev outbox, a wrong code
once, the right code, and the stepper. Once in Russian (from sign-up), once in Kazakh."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from server.integrations.credit_bureau.sandbox_persons import BY_IIN
from server.models import Citizenship, StudyProgram, User, UserData
from server.seed import run_all

from ..helpers import API, extract_code, find_code

PASSWORD = "citizen-pass1"
PERSON = BY_IIN["060315501232"]  # Ахметов Нурлан Серикович
WOMAN = BY_IIN["981204403213"]  # Жумабаева Әсем


@pytest.fixture
def reference(db):
    run_all()
    kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return kazakhstan, programs


def sms_code(page, phone) -> str:
    response = page.request.get(f"{API}/dev/sms-outbox", params={"phone": phone})
    assert response.ok, response.text()
    for message in response.json()["list"]:
        code = find_code(message["body"])
        if code:
            return code
    raise AssertionError(f"no SMS code for {phone}")


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 10**6:06d}"


def to_request_data(page, programs):
    """/local-select-path → paid card → the physical-presence modal → /apply?type=paid → a programme → /apply/{id}."""
    page.get_by_test_id("card-local-paid").click()
    expect(page.get_by_test_id("physical-presence-modal")).to_be_visible()
    page.get_by_test_id("presence-continue").click()
    expect(page).to_have_url(re.compile(r"/apply\?type=paid$"))
    page.get_by_test_id(f"study-program-{programs['regular_bachelors'].id}").check()
    page.get_by_test_id("study-program-continue").click()
    expect(page).to_have_url(re.compile(r"/apply/\d+$"))
    expect(page.get_by_test_id("pkb-form")).to_be_visible()
    return int(page.url.rsplit("/", 1)[1])


def fill_person(page, person, **overrides):
    values = {
        "iin": person.iin,
        "phone": person.phone,  # typed key by key with its +7 (the mask's rule, decision 0083)
        "last_name": person.last_name,
        "first_name": person.first_name,
        **overrides,
    }
    for field, value in values.items():
        box = page.get_by_test_id(f"pkb-{field}")
        box.fill("")
        box.press_sequentially(value) if field in ("iin", "phone") else box.fill(value)


def assert_prefilled(db, application_id, email, person, gender):
    db.session.expire_all()
    user = db.session.scalar(select(User).where(User.email == email))
    assert user.is_pkb_data_request_completed is True
    main = db.session.scalar(
        select(UserData).where(UserData.application_id == application_id, UserData.type == "fillStepMainInfoLocal")
    )
    assert main.data["iin"] == person.iin and main.data["last_name"] == person.last_name
    assert main.data["gender"] == gender


def test_citizen_requests_bureau_data_with_the_sms_code(page, smtp, reference, db):
    kazakhstan, programs = reference
    email = "nurlan.citizen@example.kz"

    # Sign-up with the e-mailed code, then Kazakhstan on /choose-flow.
    page.goto("/auth")
    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill(email)
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-repeat-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.get_by_test_id("otp-code").fill(extract_code(smtp, email, timeout=10))
    expect(page).to_have_url(re.compile(r"/choose-flow$"))
    page.get_by_test_id(f"citizenship-{kazakhstan.id}").check()
    page.get_by_test_id("choose-flow-continue").click()
    expect(page).to_have_url(re.compile(r"/$"))
    page.get_by_test_id("card-apply").click()
    expect(page).to_have_url(re.compile(r"/local-select-path$"))

    application_id = to_request_data(page, programs)
    expect(page.get_by_test_id("apply-steps")).to_contain_text("Запрос данных")
    expect(page.get_by_role("heading", name="Запрос данных из кредитного бюро")).to_be_visible()

    # The §5 rules stop a lower-case name and a space before the surname; nothing is sent.
    fill_person(page, PERSON, last_name=" Ахметов", first_name="нурлан")
    page.get_by_test_id("pkb-submit").click()
    expect(page.locator("#pkb-last_name-helper-text")).to_have_text(
        "Пожалуйста, проверьте поле «Фамилия»: уберите пробелы в начале и в конце"
    )
    expect(page.locator("#pkb-first_name-helper-text")).to_have_text(
        "Пожалуйста, проверьте поле «Имя»: должно начинаться с заглавной буквы"
    )
    expect(page.get_by_test_id("pkb-code-dialog")).to_have_count(0)
    # An IIN the e-government base does not know: the §5 message from the server.
    fill_person(page, PERSON, iin="070101599995")
    page.get_by_test_id("pkb-submit").click()
    expect(page.get_by_test_id("snackbar-error")).to_contain_text(
        "Вы не зарегистрированы в государственной базе данных электронного правительства"
    )

    fill_person(page, PERSON)
    expect(page.get_by_test_id("pkb-phone")).to_have_value(PERSON.phone)
    page.get_by_test_id("pkb-submit").click()
    dialog = page.get_by_test_id("pkb-code-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("pkb-code-hint")).to_contain_text("+7 701 *** ** 01")
    code = sms_code(page, PERSON.phone)

    page.get_by_test_id("pkb-code").fill(wrong(code))  # auto-submits at 6 digits
    expect(page.get_by_test_id("snackbar-error")).to_have_text("Неверный код")
    expect(page.get_by_test_id("pkb-code")).to_have_value("")
    page.get_by_test_id("pkb-code").fill(code)

    expect(page).to_have_url(re.compile(rf"/stepper/{application_id}$"))
    expect(page.get_by_test_id("stepper-step-instruction")).to_have_attribute("data-state", "current")
    stored = json.loads(page.evaluate("() => window.localStorage.getItem('dorm_user')"))
    assert stored["is_pkb_data_request_completed"] is True
    assert_prefilled(db, application_id, email, PERSON, gender=1)

    # The step is done: /apply/{id} now leads straight to the stepper.
    page.goto(f"/apply/{application_id}")
    expect(page).to_have_url(re.compile(rf"/stepper/{application_id}$"))


def test_credit_bureau_request_in_kazakh(page, factories, reference, db):
    kazakhstan, programs = reference
    user = factories.user(email="asem.citizen@example.kz", citizenship=kazakhstan)
    stored = {
        "id": user.id,
        "email": user.email,
        "token": factories.token(user),
        "is_verified": True,
        "citizenship_id": kazakhstan.id,
    }
    page.goto(f"{API}/health")
    page.evaluate(
        "(user) => { localStorage.setItem('dorm_user', user); localStorage.setItem('qabyldau_lang', 'kk'); }",
        json.dumps(stored),
    )
    page.goto("/local-select-path")
    expect(page.locator("html")).to_have_attribute("lang", "kk")

    application_id = to_request_data(page, programs)
    expect(page.get_by_role("heading", name="Кредиттік бюродан деректер сұрау")).to_be_visible()
    page.get_by_test_id("pkb-submit").click()
    expect(page.locator("#pkb-iin-helper-text")).to_have_text("«ЖСН» өрісін тексеріңіз: оны толтырыңыз")

    fill_person(page, WOMAN)
    page.get_by_test_id("pkb-submit").click()
    expect(page.get_by_test_id("pkb-code-dialog")).to_be_visible()
    expect(page.get_by_role("heading", name="SMS-тегі кодты енгізіңіз")).to_be_visible()
    code = sms_code(page, WOMAN.phone)
    page.get_by_test_id("pkb-code").fill(wrong(code))
    expect(page.get_by_test_id("snackbar-error")).to_have_text("Код қате")
    page.get_by_test_id("pkb-code").fill(code)

    expect(page).to_have_url(re.compile(rf"/stepper/{application_id}$"))
    assert_prefilled(db, application_id, user.email, WOMAN, gender=2)
