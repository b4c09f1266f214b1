"""Settings in Chromium (issue 23, decision 0086): the citizens' admin signs in (password and second factor), opens
Settings, uploads the year's state-grant list built with the template, reads the preview, applies it, and the
applicant waiting for the scholarship result (step 6, whose bureau-confirmed IIN is on the list) moves on. Then the
flagged-payments screen lists a double charge, and the admin marks it resolved with a comment. Every screen passes
axe-core (no serious violation) in ru, kk and en; a 1366 px screenshot of the preview is kept for a look."""

from __future__ import annotations

import io
import re
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect
from sqlalchemy import select

from server.database import unit_of_work
from server.grants.holders import template_bytes
from server.models import ROLE_KZ_ADMIN, Application, Payment, Term
from server.models.base import utcnow

from ..helpers import API
from .contexts import ARTIFACTS, browser_context_for
from .second_factor import pass_second_factor
from .test_accessibility import Audit

PASSWORD = "staff-pass-2026"
ADMIN = "kz.settings@university.kz"
WAITING_IIN = "060315501232"
SCREENSHOT = ARTIFACTS / "settings_grants_1366.png"  # test-results/ (git-ignored): for a person to look at
HEADINGS = {"ru": "Настройки", "kk": "Баптаулар", "en": "Settings"}
GRANTS = {
    "ru": "Список обладателей госгранта",
    "kk": "Мемлекеттік грант иегерлерінің тізімі",
    "en": "State grant holders list",
}
PAYMENTS = {"ru": "Платежи на проверке", "kk": "Тексерудегі төлемдер", "en": "Flagged payments"}


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": 1366, "height": 900}
    ) as context:
        yield context


@pytest.fixture(autouse=True)
def patient_expectations():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def grant_list(tmp_path, year_rows) -> Path:
    """The official template, filled in: the waiting applicant's row and one nobody matches."""
    workbook = load_workbook(io.BytesIO(template_bytes()))
    sheet = workbook.worksheets[0]
    # Typed under the header, as staff would (append() would start below the template's 1,000 pre-formatted rows).
    for number, row in enumerate(year_rows, start=2):
        for column, value in enumerate(row, start=1):
            sheet.cell(row=number, column=column, value=value)
    path = tmp_path / "grant-holders.xlsx"
    workbook.save(path)
    return path


def set_language(page, lang):
    page.get_by_test_id(f"lang-{lang}").first.click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def wait_for_step(db, application_id, step, seconds=15):
    deadline = time.monotonic() + seconds
    while True:
        db.session.expire_all()
        current = db.session.get(Application, application_id).current_step
        if current == step or time.monotonic() > deadline:
            return current
        time.sleep(0.25)


def test_grant_list_import_moves_the_waiting_applicant_on_and_a_flagged_payment_is_resolved(
    page, factories, db, tmp_path
):
    year = datetime.now(UTC).year
    factories.admin(role=ROLE_KZ_ADMIN, email=ADMIN, password=PASSWORD)
    applicant = factories.applicant(kz=True, first_name="Нурлан", last_name="Ахметов")
    factories.bureau_data(applicant, iin=WAITING_IIN)
    term = db.session.scalar(select(Term).where(Term.year == year)) or factories.term(year=year)
    waiting = factories.application(user=applicant, term=term, current_step=6)
    payer = factories.applicant(kz=True, first_name="Айгерим", last_name="Смагулова")
    with unit_of_work():
        double = Payment(
            user_id=payer.id,
            purpose="admission_fee",
            amount=10000,
            provider="sandbox",
            provider_transaction_id="tx-e2e-double",
            status="paid",
            flagged=True,
            flag_reason="already_paid",
            paid_at=utcnow(),
        )
        db.session.add(double)
    xlsx = grant_list(
        tmp_path,
        [
            [WAITING_IIN, "Ахметов Нурлан Серикович", "B057", "Государственный грант"],
            ["990721307894", "Иванов Дмитрий Сергеевич", "B044", "Грант акимата"],
        ],
    )
    audit = Audit(page, "desktop")

    # Sign in: password, then the second factor; the citizens' admin lands in the KZ shell.
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(ADMIN)
    page.get_by_test_id("signin-password").fill(PASSWORD)
    page.get_by_test_id("signin-submit").click()
    pass_second_factor(page, ADMIN)
    expect(page).to_have_url(re.compile(r"/admin/kz$"))

    # Settings: the menu item, the landing page of the sections.
    page.get_by_test_id("admin-menu-kz_settings").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/settings$"))
    expect(page.get_by_role("heading", level=1, name=HEADINGS["ru"])).to_be_visible()
    expect(page.get_by_test_id("admin-menu-kz_settings")).to_have_attribute("aria-current", "page")
    audit("/admin/kz/settings (ru)")
    page.get_by_test_id("settings-section-grants").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/settings/grants$"))
    expect(page.get_by_test_id("grants-history-empty")).to_be_visible()
    audit("/admin/kz/settings/grants, no imports (ru)")

    # Upload → preview: one row matches the waiting application, one matches nobody.
    page.get_by_test_id("grants-year").fill(str(year))
    page.get_by_test_id("grants-file").set_input_files(str(xlsx))
    expect(page.get_by_test_id("grants-file-name")).to_have_text("grant-holders.xlsx")
    page.get_by_test_id("grants-preview-button").click()
    preview = page.get_by_test_id("grants-preview")
    expect(preview).to_be_visible()
    expect(page.get_by_test_id("grants-count-rows")).to_have_text("2")
    expect(page.get_by_test_id("grants-count-matched")).to_have_text("1")
    expect(page.get_by_test_id("grants-count-errors")).to_have_text("0")
    expect(page.get_by_test_id("grants-rows-matched")).to_contain_text("Ахметов Нурлан Серикович")
    expect(page.get_by_test_id("grants-rows-matched")).to_contain_text(f"Заявка № {waiting.id}")
    expect(page.get_by_test_id("grants-row-2")).to_contain_text(WAITING_IIN)
    assert db.session.get(Application, waiting.id).current_step == 6  # a preview changes nothing
    audit("/admin/kz/settings/grants, preview (ru)")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    page.get_by_test_id("grants-tab-unmatched").click()
    expect(page.get_by_test_id("grants-rows-unmatched")).to_contain_text("Иванов Дмитрий Сергеевич")

    # Apply, after the confirmation: the list is in force and the waiting applicant takes the result.
    page.get_by_test_id("grants-apply-button").click()
    dialog = page.get_by_test_id("grants-apply-confirm")
    expect(dialog).to_contain_text(f"Применить список за {year} год?")
    audit("/admin/kz/settings/grants, apply confirmation (ru)")
    dialog.get_by_role("button", name="Применить").click()
    expect(page.get_by_test_id("grants-preview-status")).to_have_text("Применён")
    history = page.get_by_test_id("grants-history")
    expect(history).to_contain_text("grant-holders.xlsx")
    expect(history.get_by_role("button", name=re.compile("^Отменить импорт"))).to_be_visible()
    assert wait_for_step(db, waiting.id, 7) == 7
    # … and the applicant's own check says so.
    answer = page.request.get(
        f"{API}/users/check-gov-scholarship/{waiting.id}",
        headers={"Authorization": f"Bearer {factories.token(applicant)}"},
    ).json()
    assert (answer["awarded"], answer["published"]) == (True, True)

    # The same screens in Kazakh and English.
    for lang in ("kk", "en"):
        set_language(page, lang)
        expect(page.get_by_role("heading", level=1, name=GRANTS[lang])).to_be_visible()
        audit(f"/admin/kz/settings/grants, applied ({lang})")
        page.get_by_test_id("admin-menu-kz_settings").click()
        expect(page.get_by_role("heading", level=1, name=HEADINGS[lang])).to_be_visible()
        expect(page.get_by_test_id("admin-menu-kz_settings")).to_have_text(HEADINGS[lang])
        audit(f"/admin/kz/settings ({lang})")
        page.get_by_test_id("settings-section-grants").click()
    set_language(page, "ru")

    # Flagged payments: the double charge is listed; marked resolved with a comment, the open list is empty.
    page.goto("/admin/kz/settings")
    page.get_by_test_id("settings-section-kz_payments").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/settings/payments$"))
    row = page.get_by_test_id(f"flagged-row-{double.id}")
    expect(row).to_contain_text("Смагулова Айгерим")
    expect(row).to_contain_text("Уже оплачено: двойное списание")
    audit("/admin/kz/settings/payments (ru)")
    page.screenshot(path=str(SCREENSHOT.with_name("settings_payments_1366.png")), full_page=True)
    row.get_by_test_id(f"flagged-resolved-{double.id}").click()
    resolve = page.get_by_test_id("flagged-resolve-dialog")
    resolve.get_by_test_id("flagged-comment").fill("Зачтено вручную: второй платёж возвращён банком")
    audit("/admin/kz/settings/payments, resolve dialog (ru)")
    resolve.get_by_test_id("flagged-resolve-submit").click()
    expect(page.get_by_test_id("flagged-empty")).to_have_text("Платежей на проверке нет.")
    audit("/admin/kz/settings/payments, empty (ru)")
    page.get_by_test_id("flagged-tab-resolved").click()
    expect(page.get_by_test_id(f"flagged-row-{double.id}")).to_contain_text("Зачтено вручную")
    db.session.expire_all()
    assert db.session.get(Payment, double.id).resolution == "resolved"
    for lang in ("kk", "en"):
        set_language(page, lang)
        expect(page.get_by_role("heading", level=1, name=PAYMENTS[lang])).to_be_visible()
        audit(f"/admin/kz/settings/payments, resolved ({lang})")

    audit.check()
