"""GET /admin/export: the current queue and filters as xlsx (req §7, §9), columns from the questionnaire
definitions, checked by opening the file with openpyxl."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from server import forms
from server.applications import upload_code
from server.forms import engine
from server.models import AuditLog, SelectOption

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, main_info, staff
from .test_user_data_support import complete_answers, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _export(client, headers, lang=None, **query):
    extra = {"Accept-Language": lang} if lang else {}
    return client.get(f"{API}/admin/export", headers={**headers, **extra}, query_string=query)


def _sheet(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    workbook = load_workbook(io.BytesIO(response.get_data()))
    rows = [list(row) for row in workbook.worksheets[0].iter_rows(values_only=True)]
    return rows[0], [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def _filename(response) -> str:
    match = re.fullmatch(r'attachment; filename="([^"]+)"', response.headers["Content-Disposition"])
    return match.group(1)


def _saved(client, factories, kz: bool, status=None, submitted_at=None, **fields):
    """Answers saved by the applicant through the real call; then the stage the test needs (set as test data)."""
    application = factories.application(user=factories.applicant(kz=kz), **fields)
    answers, files = complete_answers(application, factories, kz)
    assert_ok(post_bulk(client, factories.auth_headers(application.user), application.id, answers, files))
    application.status, application.submitted_at = status, submitted_at
    factories.db.session.commit()
    return application, answers


def test_foreign_export_has_a_column_per_field(client, factories, db):
    first, answers = _saved(client, factories, kz=False, status=0, submitted_at=datetime(2025, 6, 1, 4, 30, tzinfo=UTC))
    second, _ = _saved(client, factories, kz=False, status=0, submitted_at=datetime(2025, 6, 2, tzinfo=UTC))
    applicant_application(factories, status=1)  # another queue
    applicant_application(factories, kz=True, current_step=5)  # another population
    response = _export(client, staff(factories, FOREIGN_ADMIN), queue="applied", sort="submittedAt")
    assert re.fullmatch(r"foreign_students_\d{8}_\d{6}\.xlsx", _filename(response))
    header, rows = _sheet(response)
    assert [row["№ заявки"] for row in rows] == [first.id, second.id]

    main = forms.label("form.fillStepMainInfo.title")
    assert header[:4] == ["№ заявки", "Фамилия", "Имя", "Отчество"]
    assert f"{main} — {forms.label('form.fillStepMainInfo.last_name')}" in header
    row = rows[0]
    assert row["Статус"] == "Подана" and row["Дата подачи"] == "01.06.2025 09:30"  # Almaty time
    assert row["E-mail"] == first.user.email and row["Гражданство"] == first.user.citizenship.name_ru
    year, month, day = answers["fillStepMainInfo"]["date_of_birth"].split("-")
    assert row[f"{main} — {forms.label('form.fillStepMainInfo.date_of_birth')}"] == f"{day}.{month}.{year}"
    nationality = db.session.get(SelectOption, answers["fillStepMainInfo"]["nationality"])
    assert row[f"{main} — {forms.label('form.fillStepMainInfo.nationality')}"] == nationality.name_ru
    assert row[f"{main} — {forms.label('form.fillStepMainInfo.gender')}"] == forms.label("form.switch.gender_2")
    assert row[f"{main} — {forms.label('form.fillStepMainInfo.profile_image')}"] == "photo.png"
    files = forms.label("form.fillStepDocumentsFiles.title")
    assert row[f"{files} — {forms.label('form.fillStepDocumentsFiles.passport')}"] == "passport.pdf"
    # repeated groups: one set of columns per row, up to the longest present
    parents = forms.label("form.fillStepParents.title")
    group = forms.label("form.fillStepParents.parents")
    full_name = forms.label("form.fillStepParents.full_name")
    count = len(answers["fillStepParents"]["parents"])
    for n in range(1, count + 1):
        assert row[f"{parents} — {group} {n} — {full_name}"] == "Пример"
    assert f"{parents} — {group} {count + 1} — {full_name}" not in header
    # the audit trail knows who exported what
    audit = db.session.scalars(select(AuditLog).where(AuditLog.action == "applications.export")).one()
    assert audit.target_id == "foreign:applied" and audit.details["filename"] == _filename(response)


def test_export_follows_the_search_filters_and_language(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    wanted = applicant_application(
        factories, status=0, answers=main_info(False, last="Omarova"), submitted_at=datetime(2025, 3, 10, 8, tzinfo=UTC)
    )
    applicant_application(
        factories, status=0, answers=main_info(False, last="Other"), submitted_at=datetime(2025, 3, 12, tzinfo=UTC)
    )
    _, rows = _sheet(_export(client, headers, queue="applied", search="omarova"))
    assert [r["№ заявки"] for r in rows] == [wanted.id]
    _, rows = _sheet(_export(client, headers, queue="applied", fromDate="2025-03-10", toDate="2025-03-11"))
    assert [r["№ заявки"] for r in rows] == [wanted.id]
    header, rows = _sheet(_export(client, headers, lang="en", queue="applied", sort="-student"))
    assert header[:3] == ["Application no.", "Last name", "First name"]
    assert [r["Last name"] for r in rows] == ["Other", "Omarova"]
    phone = forms.label("form.fillStepMainInfo.phone_number", "en")
    assert f"{forms.label('form.fillStepMainInfo.title', 'en')} — {phone}" in header
    header, _ = _sheet(_export(client, headers, lang="en", queue="applied", search="nobody"))
    assert header[0] == "Application no."  # an empty queue still has its columns


def test_citizens_export(client, factories):
    application, answers = _saved(client, factories, kz=True, current_step=3, term=factories.term(year=2025))
    applicant_application(factories, kz=True, current_step=3, term=factories.term(year=2024))
    response = _export(client, staff(factories, KZ_ADMIN), isLocal="true", queue="paid", campaignYear=2025)
    assert re.fullmatch(r"student_\d{8}_\d{6}\.xlsx", _filename(response))
    header, rows = _sheet(response)
    assert len(rows) == 1
    row = rows[0]
    assert row["Код загрузки"] == upload_code.encode(application.user_id) and row["Год приёма"] == 2025
    extra = forms.label("form.fillStepAdditionalInfoLocal.title")
    exams = forms.label("form.fillStepAdditionalInfoLocal.medical_examinations")
    issued = forms.label("form.fillStepAdditionalInfoLocal.examination_document_issued_by")
    assert [row[f"{extra} — {exams} {n} — {issued}"] for n in (1, 2, 3)] == ["Пример"] * 3
    assert row[f"{extra} — {forms.label('form.fillStepAdditionalInfoLocal.need_dorm')}"] == "Да"
    assert row["Нужно общежитие"] == "Да"
    local = forms.label("form.fillStepMainInfoLocal.title")
    assert row[f"{local} — {forms.label('form.fillStepMainInfoLocal.iin')}"] == answers["fillStepMainInfoLocal"]["iin"]
    social = forms.label("form.fillStepSocialCategories.title")
    chosen = forms.label("form.fillStepSocialCategories.categories_data")
    assert row[f"{social} — {chosen} 1"]  # the chosen category's name
    self_upload = forms.label("form.documentsSelfUpload.title")
    assert f"{self_upload} — {forms.label('form.documentsSelfUpload.education_document')}" in header


def test_answers_cannot_become_formulas_or_break_the_file(client, factories):
    headers = staff(factories, FOREIGN_ADMIN)
    applicant_application(
        factories, status=0, answers=main_info(False, last='=HYPERLINK("http://evil","x")', first="a\x01b\x1fc")
    )
    response = _export(client, headers, queue="applied")
    workbook = load_workbook(io.BytesIO(response.get_data()))
    sheet = workbook.worksheets[0]
    header = [c.value for c in sheet[1]]
    cell = sheet.cell(row=2, column=header.index("Фамилия") + 1)
    assert cell.value == '=HYPERLINK("http://evil","x")' and cell.data_type == "s"
    assert sheet.cell(row=2, column=header.index("Имя") + 1).value == "abc"


def test_a_new_field_is_exported_without_code_changes(client, factories):
    definition = engine._load_all()["fillStepMainInfo"]
    added = {"key": "favourite_subject", "type": "select", "label": "form.fillStepMainInfo.favourite_subject"}
    definition["fields"].append(added)
    try:
        option = factories.questionnaire_option("fillStepMainInfo_favourite_subject", name_ru="Физика")
        applicant_application(factories, status=0, answers=main_info(False, favourite_subject=option.id))
        header, rows = _sheet(_export(client, staff(factories), queue="applied"))
        column = f"{forms.label('form.fillStepMainInfo.title')} — form.fillStepMainInfo.favourite_subject"
        assert column in header and rows[0][column] == "Физика"
    finally:
        definition["fields"].remove(added)


def test_access_and_bad_queries(client, factories):
    applicant = applicant_application(factories, status=0)
    headers = staff(factories, FOREIGN_ADMIN)
    assert_envelope(client.get(f"{API}/admin/export", query_string={"queue": "applied"}), 401)
    assert_envelope(_export(client, factories.auth_headers(applicant.user), queue="applied"), 403)
    assert_envelope(_export(client, headers, isLocal="true", queue="paid"), 403)
    assert_envelope(_export(client, staff(factories, KZ_ADMIN), isLocal="false", queue="applied"), 403)
    assert_envelope(_export(client, headers, queue="paid"), 400, "admin.unknown_queue")
    assert_envelope(_export(client, headers, queue="applied", sort="password_hash"), 400)
    assert_envelope(_export(client, headers, queue="applied", fromDate="yesterday"), 400)
    assert_envelope(_export(client, headers, queue="applied", needsDorm="maybe"), 400)
    assert_envelope(_export(client, headers, queue="applied", colour="red"), 400)
    assert_envelope(
        _export(client, headers, queue="applied", fromDate="2025-01-02", toDate="2025-01-01"), 400, "admin.date_range"
    )
