"""Issue 23: the foreign panel is titled with the applicant's name (from the questionnaire), and each population's
export has its own columns: no citizen-only column for foreigners, every title once, the stage in words in the
caller's language, documents as links to the staff file page (absolute, opened with the staff member's session)."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from flask import current_app
from openpyxl import load_workbook

from server import forms
from server.models import ApplicationSummary

from ..helpers import assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff
from .test_admin_export import _export, _saved

pytestmark = pytest.mark.usefixtures("no_server_errors")

# Citizens' process only: financing, the test score, social categories, the fee exemption, the upload code.
CITIZEN_ONLY = ("Financing", "Test score", "Social category", "Exempt from the fee", "Upload code", "Step")


def _workbook(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return load_workbook(io.BytesIO(response.get_data())).worksheets[0]


def test_the_foreign_export_has_its_own_columns_unique_titles_stage_in_words_and_document_links(client, factories):
    application, _ = _saved(client, factories, kz=False, status=1, submitted_at=datetime(2025, 6, 1, tzinfo=UTC))
    sheet = _workbook(_export(client, staff(factories, FOREIGN_ADMIN), lang="en", queue="accepted"))
    header = [c.value for c in sheet[1]]
    assert not [title for title in CITIZEN_ONLY if title in header]
    assert len(header) == len(set(header))
    row = dict(zip(header, sheet[2], strict=True))
    assert row["Status"].value == "Accepted"
    files = forms.label("form.fillStepDocumentsFiles.title", "en")
    passport = row[f"{files} — {forms.label('form.fillStepDocumentsFiles.passport', 'en')}"]
    base = current_app.config["APP_BASE_URL"].rstrip("/")
    assert passport.value == "passport.pdf"
    assert passport.hyperlink is not None and passport.hyperlink.target.startswith(f"{base}/admin/files/")
    file_id = passport.hyperlink.target.rsplit("/", 1)[1]
    # the page behind the link downloads with the staff member's own session; a stranger gets nothing
    headers = staff(factories, FOREIGN_ADMIN)
    assert client.get(f"{API}/files/{file_id}", headers=headers).status_code == 200
    assert client.get(f"{API}/files/{file_id}", headers=staff(factories, KZ_ADMIN)).status_code == 404


def test_the_citizens_export_keeps_its_columns_and_says_the_step_in_words(client, factories):
    _saved(client, factories, kz=True, current_step=3, term=factories.term(year=2025))
    sheet = _workbook(_export(client, staff(factories, KZ_ADMIN), lang="en", isLocal="true", queue="paid"))
    header = [c.value for c in sheet[1]]
    for title in CITIZEN_ONLY[:-1]:
        assert title in header
    assert "Step" not in header and len(header) == len(set(header))
    row = dict(zip(header, (c.value for c in sheet[2]), strict=True))
    assert row["Status"] == "Questionnaire"  # step 3: the fee is paid, the questionnaire is current
    kk = _workbook(_export(client, staff(factories, KZ_ADMIN), lang="kk", isLocal="true", queue="paid"))
    kk_header = [c.value for c in kk[1]]
    assert dict(zip(kk_header, (c.value for c in kk[2]), strict=True))["Мәртебесі"] == "Сауалнама"


def test_unique_headers_number_repeats():
    from server.review.export import Column, unique_headers

    columns = unique_headers([Column("A", None), Column("B", None), Column("A", None), Column("A (2)", None)])
    assert [c.header for c in columns] == ["A", "B", "A (2)", "A (2) (2)"]


def test_the_panel_is_titled_with_the_questionnaire_name_not_the_email(client, factories, db):
    application, _ = _saved(client, factories, kz=False, status=0, submitted_at=datetime(2025, 6, 1, tzinfo=UTC))
    summary = db.session.get(ApplicationSummary, application.id)
    item = assert_ok(client.get(f"{API}/admin/application/{application.id}", headers=staff(factories, FOREIGN_ADMIN)))[
        "item"
    ]
    assert summary.last_name and item["user"]["last_name"] == summary.last_name
    assert item["user"]["first_name"] == summary.first_name
    assert "middle_name" in item["user"]
