"""Settings → reference imports (issue 23, decision 0087): preview (counts of a dry run, or row errors with row
numbers in the caller's language) then apply (all or nothing, one audit row), for admins only."""

from __future__ import annotations

import io

import pytest
from sqlalchemy import func, select

from server.models import AuditLog, EducationalInstitution, Kato

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff

pytestmark = pytest.mark.usefixtures("no_server_errors")

IMPORTS = f"{API}/admin/reference-imports"
KATO_CSV = (
    "te,ab,cd,ef,hij,k,name_kaz,name_rus\n"
    "750000000,75,00,00,000,1,Алматы,Алматы\n"
    "751000000,75,10,00,000,2,Алатау ауданы,Алатауский район\n"
)
INSTITUTIONS_CSV = "name,region,district,address,type\nШкола №1,Алматы,Алмалинский,ул. Абая 1,school\n"


def _upload(client, headers, kind, step, content: str, name: str, lang: str = "ru"):
    data = {"file": (io.BytesIO(content.encode("utf-8")), name)}
    return client.post(
        f"{IMPORTS}/{kind}/{step}?lang={lang}", headers=headers, data=data, content_type="multipart/form-data"
    )


def _count(db, model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def test_kato_preview_writes_nothing_then_apply_imports_and_audits(client, factories, db):
    headers = staff(factories, KZ_ADMIN)
    before = _count(db, Kato)
    preview = assert_ok(_upload(client, headers, "kato", "preview", KATO_CSV, "kato.csv"))
    assert preview["valid"] is True and preview["counts"]["rows"] == 2
    assert preview["counts"]["created"] + preview["counts"]["updated"] + preview["counts"]["unchanged"] == 2
    assert _count(db, Kato) == before
    assert db.session.scalars(select(AuditLog).where(AuditLog.action == "reference.import_kato")).first() is None

    applied = assert_ok(_upload(client, headers, "kato", "apply", KATO_CSV, "kato.csv"))
    assert applied["counts"] == preview["counts"]
    assert db.session.scalar(select(Kato).where(Kato.code == "751000000")).name_ru == "Алатауский район"
    [row] = db.session.scalars(select(AuditLog).where(AuditLog.action == "reference.import_kato")).all()
    assert row.details["file"] == "kato.csv"
    # The same file again changes nothing.
    again = assert_ok(_upload(client, headers, "kato", "preview", KATO_CSV, "kato.csv"))
    assert again["counts"]["unchanged"] == 2 and again["counts"]["created"] == 0


def test_row_errors_come_with_row_numbers_in_the_callers_language(client, factories, db):
    headers = staff(factories, FOREIGN_ADMIN)
    bad = "name,region,type\nШкола №1,Алматы,school\n,Алматы,school\nЛицей,Астана,zoo\n"
    before = _count(db, EducationalInstitution)
    preview = assert_ok(_upload(client, headers, "institutions", "preview", bad, "register.csv", lang="en"))
    assert preview["valid"] is False and preview["counts"] is None and preview["error_count"] == 2
    assert [e["row"] for e in preview["errors"]] == [3, 4]
    assert preview["errors"][0]["message"] == "Row 3: column 'name' is empty"
    assert preview["message"] == "Import cancelled: 2 row error(s). Nothing was imported"
    answer = assert_envelope(_upload(client, headers, "institutions", "apply", bad, "register.csv", lang="en"), 400)
    assert "Row 3: column 'name' is empty" in answer["errors"]["file"]
    assert _count(db, EducationalInstitution) == before

    wrong = assert_ok(_upload(client, headers, "kato", "preview", "x", "kato.txt", lang="kk"))
    assert wrong["valid"] is False and "kato.txt" in wrong["message"]


def test_institutions_apply_and_who_may(client, factories, db):
    headers = staff(factories, KZ_ADMIN)
    applied = assert_ok(_upload(client, headers, "institutions", "apply", INSTITUTIONS_CSV, "register.csv"))
    assert applied["counts"]["created"] == 1
    assert db.session.scalar(select(EducationalInstitution).where(EducationalInstitution.name == "Школа №1"))
    applicant = factories.auth_headers(factories.applicant())
    assert_envelope(_upload(client, applicant, "institutions", "preview", INSTITUTIONS_CSV, "register.csv"), 403)
    assert_envelope(_upload(client, headers, "halls", "preview", INSTITUTIONS_CSV, "register.csv"), 400)
    no_file = client.post(f"{IMPORTS}/kato/preview", headers=headers, data={}, content_type="multipart/form-data")
    assert_envelope(no_file, 400)
