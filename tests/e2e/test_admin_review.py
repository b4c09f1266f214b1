"""The admin review area in Chromium (issue 12; req §2 Staff routes, §4, §5, §6).

A foreign admin (no citizenship: never sent to /choose-flow) signs in to their shell, filters the applied queue
(the filter lives in the URL), opens the panel, sends a message, moves the applicant applied → accepted →
awaiting visa → enrolled and exports the queue (a large one through a background job with a progress bar); the
applicant sees the message and the status. A citizens' admin
finds a citizen by the 7-digit upload code (a wrong code says so) and attaches a PDF on their behalf. The screens
pass axe-core with no serious violation, and in kk and en show their own texts.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect
from sqlalchemy import select

from server.applications import upload_code
from server.models import Application, ApplicationMessage, UserData

from ..factories import DEFAULT_PASSWORD
from ..integration.admin_support import applicant_application, main_info
from .contexts import browser_context_for
from .second_factor import pass_second_factor
from .test_accessibility import Audit

PASSWORD = "staff-pass-2026"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture
def browser_context(browser, live_server, db, request):
    """bypass_csp only so the test can inject axe-core (see test_accessibility.py); the app runs unchanged."""
    with browser_context_for(
        browser, live_server, request, bypass_csp=True, viewport={"width": 1280, "height": 900}, accept_downloads=True
    ) as context:
        yield context


@pytest.fixture(autouse=True)
def patient_expectations():
    """The grid and the panel load several calls; on a shared 2-core machine 5 s is not always enough."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def sign_in(page, email, password=PASSWORD, staff=True):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(password)
    page.get_by_test_id("signin-submit").click()
    if staff:
        pass_second_factor(page, email)


def test_foreign_admin_reviews_moves_messages_and_exports(page, factories, db, tmp_path):
    factories.admin(role="Админ", email="foreign.admin@university.kz", password=PASSWORD)
    today = datetime.now(UTC)
    mine = applicant_application(
        factories, status=0, submitted_at=today, answers=main_info(False, last="Сагинтаева", first="Айнур")
    )
    other = applicant_application(factories, status=0, submitted_at=today, answers=main_info(False, last="Петров"))
    citizen = applicant_application(factories, kz=True, current_step=4, answers=main_info(True, last="Нуржанов"))
    audit = Audit(page, "desktop")

    sign_in(page, "foreign.admin@university.kz")
    expect(page).to_have_url(re.compile(r"/admin$"))  # staff land in their shell, never /choose-flow
    expect(page.get_by_test_id("admin-dashboard")).to_be_visible()
    expect(page.get_by_test_id("dashboard-count-applied")).to_contain_text("2")
    audit("/admin dashboard")
    # On a phone the per-queue bars lie down so that every queue keeps its name (standing bars dropped most names).
    page.set_viewport_size({"width": 390, "height": 844})
    for name in ("Пользователи", "Подавшие заявку", "Принятые", "Ожидают визу", "Зачисленные", "Архив"):
        expect(page.get_by_test_id("chart-queues").get_by_text(name, exact=True)).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 900})
    menu = page.get_by_test_id("admin-menu")
    expect(menu.get_by_test_id("admin-count-applied")).to_have_text("2")
    expect(menu.get_by_test_id("admin-menu-kz_users")).to_have_count(0)  # only the entries the role allows
    expect(menu.get_by_test_id("admin-menu-dormitory")).to_be_visible()  # dormitory screens stay in the shell

    menu.get_by_test_id("admin-menu-applied").click()
    expect(page).to_have_url(re.compile(r"/admin/applied$"))
    grid = page.get_by_test_id("queue-grid")
    expect(grid).to_contain_text("Сагинтаева")
    expect(grid).to_contain_text("Петров")
    page.get_by_test_id("queue-search").fill("Сагинтаева")
    expect(page).to_have_url(re.compile(r"/admin/applied\?q=%D0%A1"))  # the filter is in the URL
    expect(grid).not_to_contain_text("Петров")
    # The link reproduces the view.
    page.reload()
    expect(page.get_by_test_id("queue-grid")).to_contain_text("Сагинтаева")
    expect(page.get_by_test_id("queue-grid")).not_to_contain_text("Петров")
    audit("/admin/applied filtered")

    page.get_by_test_id(f"open-{mine.id}").click()
    panel = page.get_by_test_id("application-panel")
    expect(panel.get_by_test_id("panel-status")).to_have_text("Подана")
    expect(panel).to_contain_text("Сагинтаева")
    audit("/admin/applied with the panel open")

    panel.get_by_test_id("message-input").fill("Пожалуйста, загрузите скан паспорта")
    panel.get_by_test_id("message-send").click()
    expect(panel.get_by_test_id("panel-messages")).to_contain_text("Пожалуйста, загрузите скан паспорта")

    for status in ("Принята", "Ожидает визу", "Зачислен"):
        panel.get_by_test_id("action-next").click()
        page.get_by_test_id("stage-confirm-confirm").click()  # a stage move asks first (decision 0077)
        expect(panel.get_by_test_id("panel-status")).to_have_text(status)
    expect(panel.get_by_test_id("action-next")).to_have_count(0)  # enrolled has no next step
    expect(panel.get_by_test_id("panel-history")).to_contain_text("foreign.admin@university.kz")
    db.session.expire_all()
    assert db.session.get(Application, mine.id).status == 3
    assert db.session.get(Application, other.id).status == 0
    assert db.session.scalars(select(ApplicationMessage.content)).all() == ["Пожалуйста, загрузите скан паспорта"]
    panel.get_by_test_id("panel-close").click()

    page.get_by_test_id("admin-menu-enrolled").click()
    expect(page.get_by_test_id("queue-grid")).to_contain_text("Сагинтаева")
    with page.expect_download() as info:
        page.get_by_test_id("export-button").click()
    download = info.value
    assert re.fullmatch(r"foreign_students_.+\.xlsx", download.suggested_filename)
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    sheet = load_workbook(target, read_only=True).active
    text = " ".join(str(c) for row in sheet.iter_rows(values_only=True) for c in row if c is not None)
    assert "Сагинтаева" in text and "Петров" not in text

    # The other population's application is "not found"; a missing admin route says so.
    page.goto(f"/admin/applied?application={citizen.id}")
    expect(page.get_by_test_id("application-panel").get_by_role("alert")).to_be_visible()
    page.goto("/admin/no-such-queue")
    expect(page.get_by_test_id("admin-not-found")).to_be_visible()

    # Kazakh and English: the shell and the queue in their own words.
    page.goto("/admin/applied")
    page.get_by_test_id("lang-kk").click()
    expect(page.get_by_role("heading", name="Өтінім бергендер")).to_be_visible()
    expect(page.get_by_test_id("admin-menu-accepted")).to_have_text(re.compile("Қабылданғандар"))
    expect(page.get_by_test_id("export-button")).to_have_text("Экспорт")
    audit("/admin/applied in kk")
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_role("heading", name="Applied")).to_be_visible()
    expect(page.get_by_test_id("queue-grid")).to_contain_text("Петров")
    expect(page.get_by_test_id("admin-menu-awaiting-visa")).to_have_text(re.compile("Awaiting visa"))
    audit("/admin/applied in en")
    audit.check()


def test_foreign_admin_exports_a_large_queue_in_the_background(page, factories, db, app, monkeypatch, tmp_path):
    """Above ADMIN_EXPORT_SYNC_MAX_ROWS the Export starts a job (on a thread: no Redis here): a progress bar while
    it runs, then Download gives the file."""
    import threading

    from server.jobs import wait_for_background_jobs
    from server.review import export as admin_export

    monkeypatch.setitem(app.config, "ADMIN_EXPORT_SYNC_MAX_ROWS", 2)
    release = threading.Event()
    write_workbook = admin_export.write_workbook

    def held(*args, **kwargs):  # the job waits until the test has seen its progress bar
        release.wait(30)
        return write_workbook(*args, **kwargs)

    monkeypatch.setattr(admin_export, "write_workbook", held)
    factories.admin(role="Админ", email="bulk.export@university.kz", password=PASSWORD)
    for last in ("Ахметова", "Борисова", "Ванина"):
        applicant_application(factories, status=0, answers=main_info(False, last=last))
    audit = Audit(page, "desktop")
    try:
        sign_in(page, "bulk.export@university.kz")
        expect(page.get_by_test_id("admin-dashboard")).to_be_visible()
        page.goto("/admin/applied")
        expect(page.get_by_test_id("queue-grid")).to_contain_text("Ванина")
        page.get_by_test_id("export-button").click()
        expect(page.get_by_role("progressbar", name="Подготовка файла экспорта")).to_be_visible()
        expect(page.get_by_test_id("export-progress-text")).to_have_text(re.compile(r"из 3$"))
        expect(page.get_by_test_id("export-button")).to_be_disabled()
        audit("/admin/applied exporting")
        release.set()
        download_button = page.get_by_test_id("export-download")
        expect(download_button).to_be_visible()
        with page.expect_download() as info:
            download_button.click()
        download = info.value
        assert re.fullmatch(r"foreign_students_\d{8}_\d{6}\.xlsx", download.suggested_filename)
        target = tmp_path / download.suggested_filename
        download.save_as(target)
        sheet = load_workbook(target, read_only=True).active
        names = {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)}
        assert names == {"Ахметова", "Борисова", "Ванина"}

        # After a reload the page has forgotten the job; "My exports" still has the file.
        page.reload()
        expect(page.get_by_test_id("queue-grid")).to_contain_text("Ванина")
        page.get_by_test_id("recent-exports-button").click()
        dialog = page.get_by_role("dialog", name="Мои файлы экспорта на сервере")
        expect(dialog.get_by_role("listitem")).to_have_count(1)
        expect(dialog).to_contain_text(download.suggested_filename)
        expect(dialog).to_contain_text("Подавшие заявку")  # the queue it came from
        audit("/admin/applied my exports")
        with page.expect_download() as again:
            dialog.get_by_role("button", name=re.compile("^Скачать")).click()
        assert again.value.suggested_filename == download.suggested_filename
    finally:
        release.set()
        with app.app_context():
            assert wait_for_background_jobs(30)


def test_citizens_admin_finds_a_citizen_by_upload_code_and_attaches_a_pdf(page, factories, db):
    factories.admin(role="Админ (граждане КЗ)", email="kz.admin@university.kz", password=PASSWORD)
    citizen = applicant_application(
        factories,
        kz=True,
        current_step=4,
        submitted_at=datetime.now(UTC),
        answers=main_info(True, last="Сейтказиева", first="Мадина"),
    )
    foreigner = applicant_application(factories, status=0)
    audit = Audit(page, "desktop")

    sign_in(page, "kz.admin@university.kz")
    expect(page).to_have_url(re.compile(r"/admin/kz$"))
    page.get_by_test_id("admin-menu-upload").click()
    expect(page).to_have_url(re.compile(r"/upload$"))
    code = page.get_by_test_id("upload-code")
    find = page.get_by_test_id("upload-find")
    own = upload_code.encode(citizen.user_id)
    code.fill(own[:6])
    expect(find).to_be_disabled()  # Find only at exactly seven digits
    audit("/upload")
    code.fill(upload_code.encode(foreigner.user_id))
    expect(find).to_be_enabled()
    find.click()
    expect(page.get_by_test_id("upload-code-page")).to_contain_text("По этому коду абитуриент не найден")

    code.fill(own)
    find.click()
    expect(page).to_have_url(re.compile(rf"/upload/{citizen.user_id}$"))
    page_box = page.get_by_test_id("upload-application-page")
    expect(page_box).to_contain_text("Сейтказиева")
    expect(page_box).to_contain_text(own)
    page.get_by_test_id("field-education_document").set_input_files(
        files=[{"name": "attestat.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    expect(page.get_by_test_id("field-education_document-file")).to_contain_text("attestat.pdf")
    page.get_by_test_id("questionnaire-save").click()  # staff save what was handed over; nothing is submitted
    expect(page.get_by_test_id("field-education_document-file").get_by_role("link")).to_have_text("attestat.pdf")
    audit("/upload/{id} with a document attached")
    db.session.expire_all()
    row = db.session.scalars(
        select(UserData).where(UserData.application_id == citizen.id, UserData.type == "documentsSelfUpload")
    ).one()
    assert "attestat.pdf" in str(row.data["education_document"])
    assert db.session.get(Application, citizen.id).current_step == 4

    # The rest of the papers, then the receipt is confirmed through the state machine (4 → 5).
    page.get_by_test_id("field-unt_document").set_input_files(
        files=[{"name": "unt.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    page.get_by_test_id("questionnaire-save").click()
    expect(page.get_by_test_id("field-unt_document-file").get_by_role("link")).to_have_text("unt.pdf")
    page.get_by_test_id("upload-confirm").click()
    expect(page.get_by_test_id("snackbar-success")).to_be_visible()
    db.session.expire_all()
    assert db.session.get(Application, citizen.id).current_step == 5
    audit.check()


def _applicant_page(browser, live_server, email):
    """The applicant in a browser of their own (phone width), signed in."""
    context = browser.new_context(
        base_url=live_server, locale="ru-RU", bypass_csp=True, viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(15_000)
    applicant_page = context.new_page()
    sign_in(applicant_page, email, DEFAULT_PASSWORD, staff=False)
    expect(applicant_page).not_to_have_url(re.compile(r"/auth"))
    return applicant_page


def test_citizens_admin_sends_a_document_back_the_citizen_replaces_it(page, browser, live_server, factories, db):
    """Document review (decision 0074): the education document is sent back with a reason, the receipt cannot be
    confirmed meanwhile; the citizen reads the reason on /my-applications (phone) and replaces exactly that
    document; staff see the new version, accept it and confirm the receipt (5 → 6)."""
    factories.admin(role="Админ (граждане КЗ)", email="kz.reviewer@university.kz", password=PASSWORD)
    citizen = applicant_application(
        factories,
        kz=True,
        current_step=5,
        submitted_at=datetime.now(UTC),
        answers={
            **main_info(True, last="Жумабаева", first="Алия"),
            "documentsSelfUpload": {},
        },
    )
    email = citizen.user.email
    _attach(db, citizen, "education_document", "attestat.pdf")
    audit = Audit(page, "desktop")
    field = "documentsSelfUpload-education_document"

    sign_in(page, "kz.reviewer@university.kz")
    expect(page).to_have_url(re.compile(r"/admin/kz$"))
    page.goto(f"/admin/kz/paid?application={citizen.id}")
    panel = page.get_by_test_id("application-panel")
    state = panel.get_by_test_id(f"document-state-{field}")
    expect(state).to_have_text("Ждёт проверки")
    expect(panel.get_by_test_id("action-confirm-documents")).to_be_visible()
    panel.get_by_test_id(f"document-send-back-{field}").click()
    page.get_by_test_id("reason-input").fill("Нет второй страницы аттестата")
    page.get_by_test_id("reason-confirm").click()
    expect(state).to_have_text("Возвращён на исправление")
    expect(panel.get_by_test_id(f"document-reason-{field}")).to_contain_text("Нет второй страницы аттестата")
    expect(panel.get_by_test_id("action-confirm-documents")).to_have_count(0)  # the correction comes first
    audit("panel with a document sent back")

    applicant = _applicant_page(browser, live_server, email)
    applicant.goto("/my-applications")
    box = applicant.get_by_test_id(f"documents-to-fix-{citizen.id}")
    expect(box).to_contain_text("Нет второй страницы аттестата")
    expect(box).to_contain_text("attestat.pdf")
    phone_audit = Audit(applicant, "phone")
    phone_audit("/my-applications with a document to correct")
    applicant.get_by_test_id(f"fix-input-{citizen.id}-{field}").set_input_files(
        files=[{"name": "attestat-full.pdf", "mimeType": "application/pdf", "buffer": PDF.replace(b"1.4", b"1.7")}]
    )
    expect(applicant.get_by_test_id(f"fix-state-{citizen.id}-{field}")).to_have_text("Заменён, на проверке")
    phone_audit.check()
    applicant.context.close()

    page.reload()
    expect(state).to_have_text("Заменён — ждёт проверки")
    panel.get_by_test_id(f"toggle-versions-{field}").click()
    versions = panel.get_by_test_id(f"versions-{field}")
    expect(versions).to_contain_text("Версия 1: attestat.pdf")
    expect(versions).to_contain_text("Версия 2: attestat-full.pdf")
    panel.get_by_test_id(f"document-accept-{field}").click()
    expect(state).to_have_text("Принят")
    panel.get_by_test_id("action-confirm-documents").click()
    page.get_by_test_id("stage-confirm-confirm").click()  # a stage move asks first (decision 0077)
    expect(page.get_by_test_id("snackbar-success")).to_be_visible()
    expect(panel.get_by_test_id("action-confirm-documents")).to_have_count(0)
    db.session.expire_all()
    # A fee-paying citizen has no grant result to wait for: confirmed documents lead to step 7 (decision 0083).
    assert db.session.get(Application, citizen.id).current_step == 7

    # Kazakh and English: the documents' review in their own words (the panel is modal: close it to reach the header).
    for lang, accepted in (("kk", "Қабылданды"), ("en", "Accepted")):
        panel.get_by_test_id("panel-close").click()
        page.get_by_test_id(f"lang-{lang}").click()
        page.goto(f"/admin/kz/paid?application={citizen.id}")
        expect(state).to_have_text(accepted)
    expect(panel.get_by_test_id(f"document-send-back-{field}")).to_have_text("Send back")
    audit("panel in en")
    audit.check()


def test_citizens_admin_toggles_the_exemption_and_the_payment_step_follows(page, browser, live_server, factories, db):
    factories.admin(role="Админ (граждане КЗ)", email="kz.exempt@university.kz", password=PASSWORD)
    citizen = applicant_application(
        factories, kz=True, current_step=2, answers=main_info(True, last="Омарова", first="Дана")
    )
    email = citizen.user.email
    sign_in(page, "kz.exempt@university.kz")
    expect(page).to_have_url(re.compile(r"/admin/kz$"))
    page.goto(f"/admin/kz/paid?application={citizen.id}")
    switch = page.get_by_test_id("action-exemption")
    expect(switch).not_to_be_checked()
    switch.click()  # controlled by the server's answer: it flips once the call succeeds
    expect(page.get_by_test_id("snackbar-success")).to_be_visible()
    expect(switch).to_be_checked()
    db.session.expire_all()
    assert db.session.get(Application, citizen.id).is_exempted_from_payment is True

    applicant = _applicant_page(browser, live_server, email)
    applicant.goto(f"/stepper/{citizen.id}")
    expect(applicant.get_by_test_id("payment-exempted")).to_be_visible()
    applicant.context.close()

    # and back: the fee is due again
    switch.click()
    expect(switch).not_to_be_checked()
    db.session.expire_all()
    assert db.session.get(Application, citizen.id).is_exempted_from_payment is False
    applicant = _applicant_page(browser, live_server, email)
    applicant.goto(f"/stepper/{citizen.id}")
    expect(applicant.get_by_test_id("payment-proceed")).to_be_visible()
    expect(applicant.get_by_test_id("payment-exempted")).to_have_count(0)
    applicant.context.close()


def _attach(db, application, field, name):
    """A document the applicant uploaded, stored the way the save call stores it (file row + reference)."""
    import io

    from server.applications import files as files_service
    from server.integrations.storage import spool

    checked = files_service.CheckedUpload(
        form_key="documentsSelfUpload",
        field=field,
        kind="document",
        spooled=spool(io.BytesIO(PDF), len(PDF)),
        content_type="application/pdf",
        original_name=name,
        id=files_service.new_file_id(),
    )
    files_service.write_all(
        [checked],
        owner_id=application.user_id,
        uploaded_by_id=application.user_id,
        application_id=application.id,
        session=db.session,
    )
    row = db.session.scalars(
        select(UserData).where(UserData.application_id == application.id, UserData.type == "documentsSelfUpload")
    ).one()
    row.data = {**(row.data or {}), field: checked.reference()}
    db.session.commit()
