"""Settings → the assistant's knowledge base (issue 23, decision 0087 "Knowledge base import"): the paged list, the
xlsx export that loads back unchanged, check (dry run: counts or row errors with spreadsheet row numbers) and load
(all or nothing, one audit row), the assistant answering from a loaded entry at once, and who may."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from sqlalchemy import func, select

from server.models import AuditLog, ChatKnowledge
from server.seed import run_all

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")

KB = f"{API}/admin/chat-knowledge"
HEADER = "key,topic,title_ru,title_kk,title_en,body_ru,body_kk,body_en,keywords,order,active\n"
PARKING = (
    "parking,campus,Парковка у университета,Университет тұрағы,Parking at the university,"
    "Бесплатная парковка для абитуриентов работает у корпуса Б с 8 до 20 часов.,"
    "Талапкерлерге арналған тегін тұрақ Б ғимаратының жанында 8-ден 20-ға дейін жұмыс істейді.,"
    "Free parking for applicants is next to building B from 8 am to 8 pm.,"
    "парковка машина автомобиль parking car тұрақ көлік,,да\n"
)


@pytest.fixture
def seeded(db):
    run_all()


def _upload(client, headers, step, content, name="kb.csv", lang="ru"):
    raw = content if isinstance(content, bytes) else content.encode("utf-8")
    data = {"file": (io.BytesIO(raw), name)}
    return client.post(f"{KB}/{step}?lang={lang}", headers=headers, data=data, content_type="multipart/form-data")


def _count(db) -> int:
    return db.session.scalar(select(func.count()).select_from(ChatKnowledge))


def _export(client, headers) -> bytes:
    response = client.get(f"{KB}/export", headers=headers)
    assert response.status_code == 200 and response.mimetype.endswith("spreadsheetml.sheet")
    return response.get_data()


def test_export_loads_back_unchanged_and_an_edited_entry_is_updated(client, factories, db, seeded):
    headers = staff(factories, KZ_ADMIN)
    total = _count(db)
    exported = _export(client, headers)
    same = assert_ok(_upload(client, headers, "check", exported, "kb.xlsx"))
    assert same["valid"] is True
    assert same["counts"] == {"rows": total, "created": 0, "updated": 0, "unchanged": total, "absent": 0}

    book = load_workbook(io.BytesIO(exported))
    sheet = book.active
    headers_row = [cell.value for cell in sheet[1]]
    assert headers_row[:3] == ["key", "topic", "title_ru"]
    body_ru = headers_row.index("body_ru") + 1
    sheet.cell(row=2, column=body_ru, value="Новый текст ответа.")
    out = io.BytesIO()
    book.save(out)
    edited = assert_ok(_upload(client, headers, "check", out.getvalue(), "kb.xlsx"))
    assert edited["counts"]["updated"] == 1 and edited["counts"]["unchanged"] == total - 1
    key = sheet.cell(row=2, column=1).value
    # The check wrote nothing.
    assert db.session.scalar(select(ChatKnowledge.body_ru).where(ChatKnowledge.key == key)) != "Новый текст ответа."


def test_row_errors_have_spreadsheet_row_numbers_and_load_writes_nothing(client, factories, db, seeded):
    headers = staff(factories, FOREIGN_ADMIN)
    before = _count(db)
    bad = (
        HEADER
        + PARKING
        + "parking,campus,Дубль,,,Текст,,,,,да\n"  # row 3: the same key again
        + "library,campus,,,,Текст,,,,,да\n"  # row 4: no Russian title
        + "canteen,campus,Столовая,,,"
        + "x" * 4001
        + ",,,,,maybe\n"  # row 5: body too long, unknown "active"
    )
    answer = assert_ok(_upload(client, headers, "check", bad, lang="en"))
    assert answer["valid"] is False and answer["counts"] is None and answer["error_count"] == 4
    assert [e["row"] for e in answer["errors"]] == [3, 4, 5, 5]
    assert answer["errors"][0]["message"] == "Row 3: key 'parking' already appears in row 2"
    assert answer["errors"][1]["message"] == "Row 4: column 'title_ru' is empty"
    assert "longer than 4000" in answer["errors"][2]["message"]
    assert answer["message"] == "Import cancelled: 4 row error(s). Nothing was imported"
    ru = assert_ok(_upload(client, headers, "check", bad, lang="ru"))
    assert ru["errors"][0]["message"].startswith("Строка 3")

    refused = assert_envelope(_upload(client, headers, "load", bad, lang="en"), 400)
    assert "Row 4: column 'title_ru' is empty" in refused["errors"]["file"]
    assert _count(db) == before  # all or nothing: the good row 2 was not loaded either
    assert db.session.scalar(select(ChatKnowledge).where(ChatKnowledge.key == "parking")) is None
    assert db.session.scalar(select(AuditLog).where(AuditLog.action == "chat.knowledge_import")) is None

    language = assert_ok(_upload(client, headers, "check", "key,title_ru,body_ru,title_de\nx,a,b,c\n", lang="en"))
    assert language["valid"] is False and "Unknown language in columns: de" in language["message"]


def test_bad_files_are_a_localized_400(client, factories, app):
    headers = staff(factories, FOREIGN_ADMIN)
    wrong = assert_envelope(_upload(client, headers, "check", "x", "kb.pdf", lang="en"), 400)
    assert "kb.pdf" in wrong["errors"]["file"][0]
    app.config["CHAT_KNOWLEDGE_IMPORT_MAX_BYTES"] = 100
    try:
        big = assert_envelope(_upload(client, headers, "load", HEADER + PARKING, lang="kk"), 400)
        assert "МБ" in big["errors"]["file"][0]
    finally:
        app.config.pop("CHAT_KNOWLEDGE_IMPORT_MAX_BYTES")
    assert_envelope(client.post(f"{KB}/check", headers=headers, data={}, content_type="multipart/form-data"), 400)


def test_a_loaded_entry_is_audited_listed_and_answered_by_the_assistant(client, factories, db, seeded):
    headers = staff(factories, FOREIGN_ADMIN)
    loaded = assert_ok(_upload(client, headers, "load", HEADER + PARKING))
    assert loaded["counts"]["created"] == 1 and loaded["counts"]["absent"] == _count(db) - 1
    [row] = db.session.scalars(select(AuditLog).where(AuditLog.action == "chat.knowledge_import")).all()
    assert row.details["created"] == 1 and row.details["file"] == "kb.csv"

    page = assert_ok_list(client.get(f"{KB}?q=парков&page=1&per_page=5", headers=headers))
    assert page["total"] == 1 and page["list"][0]["key"] == "parking"
    everything = assert_ok_list(client.get(f"{KB}?page=2&per_page=3", headers=headers))
    assert len(everything["list"]) == 3 and everything["total"] == _count(db)

    applicant = factories.auth_headers(factories.applicant())
    chat = client.post(f"{API}/chat/start", json={"type": "career", "level": "bachelor"}, headers=applicant)
    chat_id = chat.get_json()["chatId"]
    reply = client.post(
        f"{API}/chat/{chat_id}/message", json={"message": "Где парковка для машины?"}, headers=applicant
    )
    body = reply.get_json()
    assert body["sources"][0]["key"] == "kb:parking" and "корпуса Б" in body["reply"]

    # Loading the same file again changes nothing; "active" = no switches the entry off.
    again = assert_ok(_upload(client, headers, "check", HEADER + PARKING))
    assert again["counts"]["unchanged"] == 1
    off = assert_ok(_upload(client, headers, "load", HEADER + PARKING.replace(",,да\n", ",,нет\n")))
    assert off["counts"]["updated"] == 1
    assert db.session.scalar(select(ChatKnowledge.is_active).where(ChatKnowledge.key == "parking")) is False


def assert_ok_list(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()


def test_only_admins_may(client, factories):
    applicant = factories.auth_headers(factories.applicant())
    assert_envelope(client.get(KB, headers=applicant), 403)
    assert_envelope(client.get(f"{KB}/export", headers=applicant), 403)
    assert_envelope(_upload(client, applicant, "check", HEADER + PARKING), 403)
    assert_envelope(_upload(client, applicant, "load", HEADER + PARKING), 403)
    assert_envelope(client.get(KB), 401)
    assert assert_ok_list(client.get(KB, headers=staff(factories, KZ_ADMIN)))["total"] == 0


def test_export_cells_are_text_never_formulas_and_load_back(client, factories, db):
    # A key typed on the generic ChatKnowledge screen need not follow the import's pattern for new keys.
    db.session.add(ChatKnowledge(key="Legacy Key", topic="general", title_ru="=HYPERLINK(1)", body_ru="+7 701"))
    db.session.commit()
    headers = staff(factories, KZ_ADMIN)
    exported = _export(client, headers)
    cell = load_workbook(io.BytesIO(exported)).active.cell(row=2, column=3)
    assert cell.value == "=HYPERLINK(1)" and cell.data_type == "s"
    assert assert_ok(_upload(client, headers, "check", exported, "kb.xlsx"))["counts"]["unchanged"] == 1
    new_key = assert_ok(
        _upload(client, headers, "check", HEADER + PARKING.replace("parking,", "New Key,", 1), lang="en")
    )
    assert new_key["errors"][0]["message"].startswith("Row 2: key 'New Key' may contain only lower-case Latin")
