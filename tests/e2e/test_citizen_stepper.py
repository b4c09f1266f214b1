"""The citizen's journey through the stepper in Chromium (req §2 Stepper, §4, §5; issue 11 items 1, 3, 4, 5;
decisions 0065, 0068): sign-up with the e-mailed code, Kazakhstan, the scholarship card, a programme, the
credit-bureau request with the code from the SMS dev outbox, the instruction (five ticks), the admission fee paid on
the sandbox card page (a declined card first, then the success card; the polled stepper moves on by itself), the
home-country questionnaire (answers saved through the same save call, then every step walked and submitted in the
browser), self-upload of PDFs with progress, the orange banner, staff confirmation through the admin API (the page
moves on by itself), the grant list imported through the API (the awaiting page finds the result), the grant
document and the program choice, the enrolment page and /my-applications with the receipt. Then one pass of the
stepper in Kazakh and in English."""

from __future__ import annotations

import io
import json
import re

import pytest
from openpyxl import Workbook
from playwright.sync_api import expect
from sqlalchemy import select

from server.integrations.credit_bureau.sandbox_persons import BY_IIN
from server.models import ROLE_KZ_ADMIN, Application, Citizenship, StudyProgram, Term, User
from server.seed import run_all

from ..helpers import API, extract_code, find_code
from ..integration.test_user_data_support import complete_answers, post_bulk
from .test_foreign_application import tiny_pdf
from .test_payments import pay_on_card_page

PASSWORD = "citizen-pass1"
PERSON = BY_IIN["060315501232"]  # Ахметов Нурлан Серикович
GRANT_HEADERS = [
    "ИИН / IIN",
    "ФИО / Full name",
    "Код группы образовательных программ / Programme group code",
    "Вид гранта / Grant kind",
]


def one_current_step(page, key: str) -> None:
    """Exactly one step of the stepper is current, and it is the step of the card shown (decision 0083)."""
    current = page.locator('[data-testid^="stepper-step-"][data-state="current"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-testid", f"stepper-step-{key}")
    expect(page.get_by_test_id(f"stepper-action-{key}")).to_be_visible()


@pytest.fixture
def reference(db):
    run_all()
    kazakhstan = db.session.scalar(select(Citizenship).where(Citizenship.code == "KZ"))
    programs = {p.kind: p for p in db.session.scalars(select(StudyProgram))}
    return kazakhstan, programs


@pytest.fixture
def api(app, factories):
    """The staff side and the answers' save call, through the app's own HTTP layer (a Flask test client of the
    same app and database the browser talks to)."""
    client = app.test_client()
    staff = factories.auth_headers(factories.admin(role=ROLE_KZ_ADMIN))

    class Api:
        def post(self, path, headers=None, **kwargs):
            response = client.post(f"{API}{path}", headers=headers or staff, **kwargs)
            assert response.status_code == 200, (path, response.status_code, response.get_data(as_text=True)[:400])
            return response.get_json()

    api_ = Api()
    api_.client = client
    return api_


def sms_code(page, phone) -> str:
    response = page.request.get(f"{API}/dev/sms-outbox", params={"phone": phone})
    assert response.ok, response.text()
    for message in response.json()["list"]:
        code = find_code(message["body"])
        if code:
            return code
    raise AssertionError(f"no SMS code for {phone}")


def grant_list(iin: str, full_name: str) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(GRANT_HEADERS)
    sheet.append([iin, full_name, "B057", "Государственный грант"])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def application_row(db, application_id) -> Application:
    db.session.expire_all()
    return db.session.get(Application, application_id)


def test_citizen_goes_from_sign_up_to_enrolment(page, smtp, reference, db, api, factories, tmp_path):
    kazakhstan, programs = reference
    email = "nurlan.stepper@example.kz"

    # Sign-up with the e-mailed code, Kazakhstan, the scholarship card and a programme.
    page.goto("/auth")
    page.get_by_test_id("tab-sign-up").click()
    page.get_by_test_id("signup-email").fill(email)
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-repeat-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.get_by_test_id("otp-code").fill(extract_code(smtp, email, timeout=10))
    page.get_by_test_id(f"citizenship-{kazakhstan.id}").check()
    page.get_by_test_id("choose-flow-continue").click()
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/local-select-path")
    page.get_by_test_id("card-local-scholarship").click()
    page.get_by_test_id("presence-continue").click()
    page.get_by_test_id(f"study-program-{programs['regular_bachelors'].id}").check()
    page.get_by_test_id("study-program-continue").click()

    # The credit-bureau request with the SMS code.
    expect(page.get_by_test_id("pkb-form")).to_be_visible()
    page.get_by_test_id("pkb-iin").press_sequentially(PERSON.iin)
    page.get_by_test_id("pkb-phone").fill("")
    page.get_by_test_id("pkb-phone").press_sequentially(PERSON.phone)  # typed key by key, +7 included (issue 23)
    page.get_by_test_id("pkb-last_name").fill(PERSON.last_name)
    page.get_by_test_id("pkb-first_name").fill(PERSON.first_name)
    page.get_by_test_id("pkb-submit").click()
    expect(page.get_by_test_id("pkb-code-dialog")).to_be_visible()
    page.get_by_test_id("pkb-code").fill(sms_code(page, PERSON.phone))
    expect(page).to_have_url(re.compile(r"/stepper/\d+$"))
    application_id = int(page.url.rsplit("/", 1)[1])
    user = db.session.scalar(select(User).where(User.email == email))
    headers = factories.auth_headers(user)

    # 1 → 2: the instruction needs all five ticks.
    one_current_step(page, "instruction")
    panel = page.get_by_test_id("stepper-action-instruction")
    expect(panel.get_by_role("checkbox")).to_have_count(5)
    for key in ("rules", "presence", "fee", "tracking"):
        page.get_by_test_id(f"instruction-{key}").check()
    expect(panel.get_by_test_id("step-next")).to_be_disabled()
    page.get_by_test_id("instruction-accept").check()
    panel.get_by_test_id("step-next").click()

    # 2: the fee, and no way on until it is paid: a declined card, then the success card on the sandbox page.
    slot = page.get_by_test_id("payment-step-slot")
    expect(slot.get_by_test_id("payment-amount")).to_have_text(re.compile(r"10\s000 тенге"))
    expect(slot.get_by_test_id("step-next")).to_have_count(0)
    refused = api.client.post(
        f"{API}/users/application-proceed", headers=headers, json={"application_id": application_id}
    )
    assert refused.status_code == 409 and refused.get_json()["message_key"] == "stepper.payment_required"
    # The questionnaire's answers go in through the save call the questionnaire uses (the browser part below walks
    # every step and submits); the bureau's names stay as the bureau gave them.
    answers, files = complete_answers(application_row(db, application_id), factories, kz=True)
    answers["fillStepMainInfoLocal"].update(iin=PERSON.iin, last_name=PERSON.last_name, first_name=PERSON.first_name)
    response = post_bulk(api.client, headers, application_id, answers, files)
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    proceed_to_payment = slot.get_by_test_id("payment-proceed")
    expect(proceed_to_payment).to_be_disabled()
    slot.get_by_test_id("payment-consent").check()
    with page.expect_popup() as popup_info:
        proceed_to_payment.click()
    card_page = popup_info.value
    card_page.wait_for_load_state()
    pay_on_card_page(card_page, "4000 0000 0000 0002")
    expect(card_page.get_by_test_id("sandbox-result")).to_contain_text("Банк отклонил оплату")
    expect(slot.get_by_test_id("payment-declined")).to_be_visible(timeout=15_000)
    assert application_row(db, application_id).current_step == 2  # a declined card changes nothing
    pay_on_card_page(card_page, "4242 4242 4242 4242")
    expect(card_page.get_by_test_id("sandbox-result")).to_have_text("Оплата прошла успешно")
    card_page.close()

    # 3 → 4: the home-country questionnaire, every step in the browser, submitted at the end.
    form = page.get_by_test_id("stepper-action-form")
    # the verified payment moved the application on; the stepper's 5-second poll shows the form
    expect(form.get_by_test_id("questionnaire-step-fillStepMainInfoLocal")).to_be_visible(timeout=15_000)
    for _ in range(20):
        submit = form.get_by_test_id("questionnaire-submit")
        if submit.count():
            break
        form.get_by_test_id("questionnaire-next").click()
        page.wait_for_timeout(200)
    expect(form.get_by_test_id("questionnaire-step-fillStepParents")).to_be_visible()
    form.get_by_test_id("questionnaire-submit").click()

    # 4: the hand-over (recommended, with the 7-digit upload code) or self-upload; self-upload of PDFs.
    choice = page.get_by_test_id("stepper-action-document_submission")
    one_current_step(page, "document_submission")
    expect(choice.get_by_test_id("upload-code")).to_have_text(re.compile(r"^\d{7}$"))
    upload_code = choice.get_by_test_id("upload-code").inner_text()
    choice.get_by_test_id("go-self-upload").click()
    expect(page).to_have_url(re.compile(rf"/documents-upload/{application_id}$"))
    expect(page.get_by_test_id("upload-submit")).to_be_disabled()
    rows = page.get_by_test_id("upload-list").locator("li")
    expect(rows.first).to_be_visible()
    png = tmp_path / "photo.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 16)
    first = page.locator("input[type=file]").first
    first.set_input_files(str(png))
    expect(page.get_by_text("Можно загрузить только PDF-файл")).to_be_visible()
    pdf = tiny_pdf(tmp_path / "document.pdf")
    count = page.locator("input[type=file]").count()
    for index in range(count):
        row = rows.nth(index)
        row.locator("input[type=file]").set_input_files(str(pdf))
        expect(row.get_by_text("Загружен: document.pdf")).to_be_visible()
    page.get_by_test_id("upload-submit").click()

    # 5: the orange banner until staff confirm (admin API); the polled page moves on by itself.
    expect(page).to_have_url(re.compile(rf"/stepper/{application_id}$"))
    banner = page.get_by_test_id("awaiting-documents-banner")
    expect(banner).to_contain_text("Ожидается подтверждение получения ваших оригиналов документов")
    expect(banner).to_contain_text(upload_code)
    assert application_row(db, application_id).current_step == 5
    one_current_step(page, "physical_documents_awaiting")
    api.post(
        "/admin/update-application-custom",
        json={"user_id": user.id, "application_id": application_id, "updateBody": {"confirm_documents": True}},
    )

    # 6: the grant result is awaited; staff import the year's list (API); the awaiting page finds the result.
    expect(page.get_by_test_id("scholarship-pending")).to_be_visible(timeout=15_000)
    year = db.session.get(Term, application_row(db, application_id).term_id).year
    api.post(
        "/admin/gov-grants/import",
        data={"year": str(year), "file": (io.BytesIO(grant_list(PERSON.iin, "Ахметов Нурлан Серикович")), "g.xlsx")},
        content_type="multipart/form-data",
    )

    # 7: awarded → the grant document and the educational program, then Next (choose_program).
    result = page.get_by_test_id("stepper-action-choose_educational_program")
    expect(result.get_by_test_id("scholarship-awarded")).to_contain_text("Государственный грант", timeout=15_000)
    expect(result.get_by_test_id("questionnaire-step-grantSupportingDocuments")).to_be_visible()
    result.get_by_test_id("field-grant_certificate").set_input_files(str(pdf))
    expect(result.get_by_test_id("field-grant_certificate-file")).to_be_visible()
    result.get_by_test_id("questionnaire-next").click()
    expect(result.get_by_test_id("questionnaire-step-chooseEducationalProgram")).to_be_visible()
    result.get_by_test_id("questionnaire-submit").click()

    # 8: the scholarship holder waits for the enrolment order; staff enrol (API) → 10, the page shows it.
    expect(page.get_by_test_id("enrolment-waiting")).to_be_visible()
    one_current_step(page, "enrolment")
    assert application_row(db, application_id).current_step == 8
    api.post(
        "/admin/update-application-custom",
        json={"user_id": user.id, "application_id": application_id, "updateBody": {"enrol_scholarship": True}},
    )
    expect(page.get_by_test_id("enrolment-scholarship")).to_contain_text("по государственному гранту", timeout=15_000)
    expect(page.get_by_test_id("stepper-done")).to_be_visible()

    # /my-applications: the real state and the status history.
    page.goto("/my-applications")
    expect(page.get_by_test_id(f"application-status-{application_id}")).to_have_text("Зачислен(а) по гранту")
    receipt = page.get_by_test_id(f"receipt-slot-{application_id}")
    expect(receipt.get_by_test_id("receipt-amount")).to_have_text(re.compile(r"10\s000\s₸"))
    page.get_by_test_id(f"toggle-history-{application_id}").click()
    history = page.get_by_test_id(f"application-history-{application_id}")
    for text in (
        "Заявка создана",
        "Инструкция прочитана",
        "Вступительный взнос оплачен",
        "Анкета отправлена",
        "Документы загружены",
        "Получение документов подтверждено",
        "Получены результаты гранта",
        "Образовательная программа выбрана",
        "Зачисление по гранту",
    ):
        expect(history).to_contain_text(text)


@pytest.mark.parametrize(
    "lang, texts",
    [
        (
            "kk",
            {
                "instruction": "Нұсқаулық",
                "next": "Келесі",
                "payment": "Түсу жарнасы: 10 000 теңге",
                "handover": "Ұсынылады",
                "banner": "Құжаттарыңыздың түпнұсқаларын алғаны туралы растау күтілуде",
            },
        ),
        (
            "en",
            {
                "instruction": "Instruction",
                "next": "Next",
                "payment": "Admission fee: 10,000 tenge",
                "handover": "Recommended",
                "banner": "Awaiting confirmation of your physical documents",
            },
        ),
    ],
)
def test_one_pass_of_the_stepper_in_kazakh_and_english(page, factories, reference, db, lang, texts):
    kazakhstan, programs = reference
    term = db.session.scalars(select(Term)).first()  # the seeded term of the current year
    user = factories.user(email=f"stepper.{lang}@example.kz", citizenship=kazakhstan)
    factories.bureau_data(user)  # both citizens passed the credit-bureau step (the stepper needs it, issue 22)
    application = factories.application(
        user=user, program=programs["regular_bachelors"], term=term, current_step=1, financing="scholarship"
    )
    handing_over = factories.user(email=f"handover.{lang}@example.kz", citizenship=kazakhstan)
    factories.bureau_data(handing_over)
    handover = factories.application(
        user=handing_over,
        program=programs["regular_bachelors"],
        term=term,
        current_step=4,
        financing="paid",
    )
    stored = {"id": user.id, "email": user.email, "token": factories.token(user), "is_verified": True}
    page.goto(f"{API}/health")
    page.evaluate(
        "([user, lang]) => { localStorage.setItem('dorm_user', user); localStorage.setItem('qabyldau_lang', lang); }",
        [json.dumps({**stored, "citizenship_id": kazakhstan.id}), lang],
    )
    page.goto(f"/stepper/{application.id}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    panel = page.get_by_test_id("stepper-action-instruction")
    expect(panel.get_by_role("heading", name=texts["instruction"])).to_be_visible()
    for key in ("rules", "presence", "fee", "tracking", "accept"):
        page.get_by_test_id(f"instruction-{key}").check()
    panel.get_by_role("button", name=texts["next"]).click()
    expect(page.get_by_test_id("payment-amount")).to_have_text(texts["payment"].replace("10 000", "10\u00a0000"))

    other = db.session.get(User, handover.user_id)
    page.goto(f"{API}/health")
    page.evaluate(
        "(user) => localStorage.setItem('dorm_user', user)",
        json.dumps(
            {
                "id": other.id,
                "email": other.email,
                "token": factories.token(other),
                "is_verified": True,
                "citizenship_id": kazakhstan.id,
            }
        ),
    )
    page.goto(f"/stepper/{handover.id}")
    option = page.get_by_test_id("handover-option")
    expect(option).to_contain_text(texts["handover"])
    option.get_by_test_id("choose-handover").click()
    expect(page.get_by_test_id("awaiting-documents-banner")).to_contain_text(texts["banner"])
