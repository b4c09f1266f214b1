"""Official letters in Chromium (issue 26, decision 0080): a citizen enrolled on a scholarship downloads the
enrolment letter from "My applications" in ru, kk and en; the PDF's text has the Kazakh letters and the name; its
verification page opens signed out and axe-core finds no serious violation there."""

from __future__ import annotations

import io
from pathlib import Path

from playwright.sync_api import expect
from pypdf import PdfReader
from sqlalchemy import select

from server.applications.workflow import Actor, transition
from server.database import unit_of_work
from server.models import Letter

from .test_accessibility import ANIMATIONS_DONE, NO_TRANSITIONS, RUN_AXE
from .test_dorm_booking import sign_in_as

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
KAZAKH_LETTERS = "әғқңөұүһі"
TITLES = {"ru": "Официальные письма", "kk": "Ресми хаттар", "en": "Official letters"}


def test_download_the_letter_in_three_languages_and_verify_it(browser, live_server, factories, db):
    user = factories.applicant(kz=True, first_name="Әлия Өмірқызы", last_name="Шаһарбанова", language="kk")
    factories.bureau_data(user)
    program = factories.study_program(name_kk="Ақпараттық жүйелер", name_ru="Информационные системы")
    application = factories.application(user=user, program=program, current_step=8, financing="scholarship")
    with unit_of_work():
        transition(application, "enrol_scholarship", actor=Actor.admin(factories.admin(role="Админ (граждане КЗ)")))
    letter = db.session.scalars(select(Letter).where(Letter.application_id == application.id)).one()

    context = browser.new_context(base_url=live_server, bypass_csp=True, accept_downloads=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        for lang, title in TITLES.items():
            sign_in_as(page, factories, user, lang)
            page.goto("/my-applications")
            expect(page.get_by_test_id(f"letters-{application.id}")).to_contain_text(title)
            with page.expect_download() as download_info:
                page.get_by_test_id(f"download-letter-{letter.id}").click()
            download = download_info.value
            assert download.suggested_filename == f"enrolment-{letter.code}-v1.pdf"
            data = Path(download.path()).read_bytes()
            text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages)
            assert "Шаһарбанова Әлия Өмірқызы" in text and "«Ақпараттық жүйелер»" in text
            assert all(char in text.lower() for char in KAZAKH_LETTERS), text

        # the QR code's address, opened by someone who is not signed in
        page.evaluate("() => window.localStorage.clear()")
        page.goto(f"/verify/{letter.code}")
        expect(page.get_by_test_id("verify-status-valid")).to_be_visible()
        expect(page.get_by_test_id("verify-facts")).to_contain_text("Шаһарбанова Әлия Өмірқызы")
        page.wait_for_load_state("networkidle")
        page.add_style_tag(content=NO_TRANSITIONS)
        page.add_script_tag(path=str(AXE_JS))
        page.wait_for_function(ANIMATIONS_DONE)
        blocking = [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]
        assert not blocking, blocking
    finally:
        context.close()
