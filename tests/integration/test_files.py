"""Uploads and downloads (design §8 Storage, req §5 file types): checked by content, limited in size, stored
atomically under server-generated names, readable only by the owner and the admins of that population."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from server.applications.files import sanitise_name, signed_url, sniff
from server.models import StoredFile

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import API, JPEG, PDF, PNG, WEBP, fill_items, post_bulk, step_of

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _application(factories, kz=False):
    return factories.application(user=factories.applicant(kz=kz))


def _documents_form():
    return step_of(False, "regular_bachelors", "passport")


def _upload(client, headers, application, content, name, field="passport", form=None):
    form = form or (_documents_form() if field == "passport" else step_of(False, "regular_bachelors", field))
    return post_bulk(client, headers, application.id, {}, {(form, field): (content, name)})


def _files_count(db) -> int:
    return db.session.scalar(select(func.count()).select_from(StoredFile))


def _stored_paths(instance_dir: Path) -> list[Path]:
    root = instance_dir / "files"
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


# ------------------------------------------------------------------------------------------------ accepted


def test_pdf_upload_is_stored_under_a_generated_name_and_downloadable_by_the_owner(client, factories, db, instance_dir):
    application = _application(factories)
    headers = factories.auth_headers(application.user)

    assert_ok(_upload(client, headers, application, PDF, "Мой паспорт (скан).pdf"))

    row = db.session.scalars(select(StoredFile)).one()
    assert row.owner_id == application.user_id and row.application_id == application.id
    assert row.original_name == "Мой паспорт (скан).pdf" and row.content_type == "application/pdf"
    assert row.size == len(PDF) and len(row.sha256) == 64
    assert "паспорт" not in row.storage_key and row.storage_key.endswith(".pdf")
    on_disk = [p for p in _stored_paths(instance_dir) if p.name == row.storage_key.split("/")[-1]]
    assert on_disk and on_disk[0].read_bytes() == PDF
    assert not [p for p in _stored_paths(instance_dir) if p.name.endswith(".tmp")]

    saved = fill_items(client, headers, application.id)[_documents_form()]["data"]["passport"]
    assert saved["id"] == row.id and saved["content_type"] == "application/pdf"
    response = client.get(f"{API}/files/{row.id}", headers=headers)
    assert response.status_code == 200 and response.data == PDF
    assert response.mimetype == "application/pdf"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "no-store" in response.headers["Cache-Control"]


@pytest.mark.parametrize(
    "content, name, content_type",
    [
        (PNG, "photo.png", "image/png"),
        (JPEG, "photo.jpg", "image/jpeg"),
        (JPEG, "photo.JPEG", "image/jpeg"),
        (WEBP, "photo.webp", "image/webp"),
        (PNG, "photo.jpg", "image/png"),
        (JPEG, "photo", "image/jpeg"),
    ],
)
def test_profile_images_are_typed_by_content(client, factories, db, content, name, content_type):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    assert_ok(_upload(client, headers, application, content, name, field="profile_image"))
    row = db.session.scalars(select(StoredFile)).one()
    assert row.content_type == content_type and row.kind == "image"
    assert row.original_name.lower().endswith(
        {"image/png": ".png", "image/jpeg": (".jpg", ".jpeg"), "image/webp": ".webp"}[content_type]
    )


# ------------------------------------------------------------------------------------------------ refused


def _assert_refused_and_nothing_lost(client, factories, db, instance_dir, content, name, status, key, field="passport"):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    good = PNG if field == "profile_image" else PDF
    assert_ok(
        _upload(
            client, headers, application, good, "first" + (".png" if field == "profile_image" else ".pdf"), field=field
        )
    )
    before_rows, before_files = _files_count(db), sorted(_stored_paths(instance_dir))
    form = _documents_form() if field == "passport" else step_of(False, "regular_bachelors", field)
    saved_before = fill_items(client, headers, application.id)[form]["data"][field]

    response = _upload(client, headers, application, content, name, field=field)

    body = assert_envelope(response, status, key)
    assert f"{form}.{field}" in body["errors"]
    assert _files_count(db) == before_rows and sorted(_stored_paths(instance_dir)) == before_files
    saved_after = fill_items(client, headers, application.id)[form]["data"][field]
    assert saved_after["id"] == saved_before["id"]
    assert client.get(f"{API}/files/{saved_before['id']}", headers=headers).data == good
    return body


def test_png_renamed_pdf_is_refused(client, factories, db, instance_dir):
    body = _assert_refused_and_nothing_lost(
        client, factories, db, instance_dir, PNG, "passport.pdf", 400, "files.wrong_type_pdf"
    )
    assert "PDF" in body["message"]


def test_pdf_as_profile_image_is_refused(client, factories, db, instance_dir):
    _assert_refused_and_nothing_lost(
        client, factories, db, instance_dir, PDF, "me.png", 400, "files.wrong_type_image", field="profile_image"
    )


def test_oversized_file_is_refused_with_the_limit(client, factories, db, instance_dir, app, monkeypatch):
    monkeypatch.setitem(app.config, "UPLOAD_MAX_DOCUMENT_BYTES", 1024 * 1024)
    big = PDF + b"0" * (1024 * 1024)
    body = _assert_refused_and_nothing_lost(client, factories, db, instance_dir, big, "big.pdf", 413, "files.too_large")
    assert "1 МБ" in body["message"]


def test_request_over_the_global_limit_is_413(client, factories, app, monkeypatch):
    monkeypatch.setitem(app.config, "MAX_CONTENT_LENGTH", 4096)
    application = _application(factories)
    response = _upload(client, factories.auth_headers(application.user), application, PDF + b"0" * 8192, "a.pdf")
    assert_envelope(response, 413)


@pytest.mark.parametrize(
    "name",
    [
        "../../etc/passwd.pdf",
        "..\\..\\boot.pdf",
        "/etc/passwd.pdf",
        "C:\\Windows\\system.pdf",
        "a/b.pdf",
        "evil\x00.pdf",
        "..",
        "x" * 300 + ".pdf",
    ],
)
def test_path_traversal_names_are_refused(client, factories, db, instance_dir, name):
    _assert_refused_and_nothing_lost(client, factories, db, instance_dir, PDF, name, 400, "files.bad_name")


def test_zero_byte_file_is_refused(client, factories, db, instance_dir):
    body = _assert_refused_and_nothing_lost(client, factories, db, instance_dir, b"", "empty.pdf", 400, "files.empty")
    assert body["message"] == "«Паспорт»: файл пустой" or "пустой" in body["message"]


def test_one_bad_file_refuses_the_whole_request(client, factories, db, instance_dir):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    form = _documents_form()
    before = sorted(_stored_paths(instance_dir))
    response = post_bulk(
        client,
        headers,
        application.id,
        {form: {}},
        {(form, "passport"): (PDF, "ok.pdf"), (form, "proof_of_education"): (b"", "empty.pdf")},
    )
    assert_envelope(response, 400, "files.empty")
    assert _files_count(db) == 0 and sorted(_stored_paths(instance_dir)) == before


def test_files_for_unknown_fields_or_several_files_are_refused(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    form = _documents_form()
    response = post_bulk(client, headers, application.id, {}, {(form, "last_name"): (PDF, "a.pdf")})
    assert_envelope(response, 400, "files.unknown_field")
    response = post_bulk(client, headers, application.id, {}, {(form, "../passport"): (PDF, "a.pdf")})
    assert_envelope(response, 400, "files.unknown_field")
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={
            "hidden_application_id": str(application.id),
            f"form___{form}___passport": [
                (__import__("io").BytesIO(PDF), "a.pdf"),
                (__import__("io").BytesIO(PDF), "b.pdf"),
            ],
        },
    )
    assert_envelope(response, 400, "files.one_only")


def test_an_applicant_cannot_attach_someone_elses_file(client, factories, db):
    victim = _application(factories)
    assert_ok(_upload(client, factories.auth_headers(victim.user), victim, PDF, "secret.pdf"))
    file_id = db.session.scalars(select(StoredFile.id)).one()
    thief = _application(factories)
    response = post_bulk(
        client, factories.auth_headers(thief.user), thief.id, {_documents_form(): {"passport": {"id": file_id}}}
    )
    assert_envelope(response, 400, "files.not_found")


def test_a_smuggled_file_reference_is_never_signed_for_someone_else(client, factories, db):
    """Self-upload accepts per-category document keys it cannot list in advance; a reference to another
    applicant's file slipped in there must not come back as a working signed link (regression)."""
    victim = _application(factories)
    assert_ok(_upload(client, factories.auth_headers(victim.user), victim, PDF, "secret.pdf"))
    file_id = db.session.scalars(select(StoredFile.id)).one()
    thief = _application(factories, kz=True)
    headers = factories.auth_headers(thief.user)
    smuggled = {"id": file_id, "url": f"/api/v1/files/{file_id}"}
    saved = post_bulk(client, headers, thief.id, {"documentsSelfUpload": {"smuggled_document": smuggled}})
    if saved.status_code == 200:
        data = fill_items(client, headers, thief.id)["documentsSelfUpload"]["data"]
        assert data["smuggled_document"]["url"] is None
    else:
        assert_envelope(saved, 400)
    signed = signed_url(file_id)
    assert "signature=" in signed  # the thief never obtains this: nothing above handed it out
    fill = client.get(f"{API}/users/fill-items/{thief.id}", headers=headers).get_data(as_text=True)
    assert "signature=" not in fill


def test_multiple_file_field_appends(client, factories, db):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    form = _documents_form()
    from server import forms

    from .test_user_data_support import engine_ctx

    multiple = [f["key"] for f in forms.resolve_step(form, engine_ctx())["fields"] if f.get("multiple")]
    if not multiple:
        pytest.skip("no multi-file field in the current definitions")
    field = multiple[0]
    assert_ok(post_bulk(client, headers, application.id, {}, {(form, field): (PDF, "one.pdf")}))
    assert_ok(post_bulk(client, headers, application.id, {}, {(form, field): (PDF, "two.pdf")}))
    names = [ref["name"] for ref in fill_items(client, headers, application.id)[form]["data"][field]]
    assert names == ["one.pdf", "two.pdf"]


# ---------------------------------------------------------------------------------------------- downloads


@pytest.mark.parametrize(
    "who, status",
    [
        ("owner", 200),
        ("stranger", 404),
        ("foreign_admin", 200),
        ("kz_admin", 404),
        ("anonymous", 401),
        ("unverified", 404),
    ],
)
def test_download_permissions(client, factories, db, who, status):
    application = _application(factories)
    assert_ok(_upload(client, factories.auth_headers(application.user), application, PDF, "a.pdf"))
    file_id = db.session.scalars(select(StoredFile.id)).one()
    headers = {
        "owner": lambda: factories.auth_headers(application.user),
        "stranger": lambda: factories.auth_headers(factories.applicant()),
        "foreign_admin": lambda: factories.auth_headers(factories.admin(role="Админ")),
        "kz_admin": lambda: factories.auth_headers(factories.admin(role="Админ (граждане КЗ)")),
        "anonymous": lambda: {},
        "unverified": lambda: factories.auth_headers(factories.applicant(verified=False)),
    }[who]()
    response = client.get(f"{API}/files/{file_id}", headers=headers)
    assert response.status_code == status
    if status == 200:
        assert response.data == PDF
    else:
        assert_envelope(response, status)


def test_kz_applicant_files_are_for_the_citizens_admin(client, factories, db):
    application = _application(factories, kz=True)
    headers = factories.auth_headers(application.user)
    assert_ok(
        post_bulk(
            client, headers, application.id, {}, {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")}
        )
    )
    file_id = db.session.scalars(select(StoredFile.id)).one()
    kz_admin = factories.auth_headers(factories.admin(role="Админ (граждане КЗ)"))
    assert client.get(f"{API}/files/{file_id}", headers=kz_admin).status_code == 200
    foreign_admin = factories.auth_headers(factories.admin(role="Админ"))
    assert_envelope(client.get(f"{API}/files/{file_id}", headers=foreign_admin), 404)


def test_unknown_and_malformed_ids_are_404(client, factories):
    headers = factories.auth_headers(factories.applicant())
    for file_id in ("0" * 32, "nope", "../../etc/passwd", "A" * 32):
        assert client.get(f"{API}/files/{file_id}", headers=headers).status_code == 404


def test_signed_urls_work_without_a_token_until_they_expire(client, factories, db, app):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    assert_ok(_upload(client, headers, application, PDF, "a.pdf"))
    url = fill_items(client, headers, application.id)[_documents_form()]["data"]["passport"]["url"]
    assert "signature=" in url
    assert client.get(url).data == PDF
    assert_envelope(client.get(url.replace("signature=", "signature=0")), 404)
    file_id = db.session.scalars(select(StoredFile.id)).one()
    with app.test_request_context():
        expired = signed_url(file_id, ttl=-10)
    assert_envelope(client.get(expired), 404)
    assert_envelope(client.get(f"{API}/files/{file_id}?expires={int(time.time()) + 60}&signature=abc"), 404)


def test_an_inline_pdf_may_be_framed_by_this_origin_only(client, factories, db):
    """The admin panel previews PDFs in an iframe of the app (issue 12); a download and any image stay sandboxed
    and unframeable."""
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    assert_ok(_upload(client, headers, application, PDF, "a.pdf"))
    url = fill_items(client, headers, application.id)[_documents_form()]["data"]["passport"]["url"]
    inline = client.get(url)
    assert inline.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in inline.headers["Content-Security-Policy"]
    assert inline.headers["X-Content-Type-Options"] == "nosniff"
    attachment = client.get(url + "&download=1")
    assert attachment.headers["X-Frame-Options"] == "DENY"
    assert "sandbox" in attachment.headers["Content-Security-Policy"]
    assert "attachment" in attachment.headers["Content-Disposition"]


# ------------------------------------------------------------------------------------------------- units


@pytest.mark.parametrize(
    "head, expected",
    [
        (PDF, "application/pdf"),
        (b"\xef\xbb\xbf%PDF-1.7", "application/pdf"),
        (PNG, "image/png"),
        (JPEG, "image/jpeg"),
        (WEBP, "image/webp"),
        (b"GIF89a", None),
        (b"<html>", None),
        (b"", None),
        (b"RIFF\x00\x00\x00\x00WAVE", None),
    ],
)
def test_sniff(head, expected):
    assert sniff(head) == expected


@pytest.mark.parametrize(
    "name, content_type, expected",
    [
        ("passport.pdf", "application/pdf", "passport.pdf"),
        ("passport.PDF", "application/pdf", "passport.pdf"),
        ("scan", "application/pdf", "scan.pdf"),
        ("photo.png", "image/jpeg", "photo.png.jpg"),
        ("<script>.pdf", "application/pdf", "script.pdf"),
        ("  .hidden.pdf", "application/pdf", "hidden.pdf"),
        ("", "image/png", "file.png"),
        ("Паспорт №1.pdf", "application/pdf", "Паспорт _1.pdf"),
    ],
)
def test_sanitise_name(name, content_type, expected):
    assert sanitise_name(name, content_type) == expected


# ------------------------------------------------------------------------------------------- request size


def _big_pdf(size: int) -> bytes:
    return PDF + b"%" + b"0" * (size - len(PDF) - 1)


def test_a_documents_step_with_several_files_each_at_the_limit_is_accepted(client, factories, db, app):
    """One step is saved in one request; three documents just under the per-file limit must fit (regression:
    the request cap was a fixed 25 MB while each PDF may be 10 MB)."""
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    form = _documents_form()
    near_limit = app.config["UPLOAD_MAX_DOCUMENT_BYTES"] - 1024
    files = {
        (form, field): (_big_pdf(near_limit), f"{field}.pdf")
        for field in ("passport", "proof_of_education", "motivation_letter")
    }
    assert all(step_of(False, "regular_bachelors", field) == form for _, field in files)

    assert_ok(post_bulk(client, headers, application.id, {}, files))

    assert _files_count(db) == 3
    assert app.config["MAX_CONTENT_LENGTH"] == app.config["UPLOAD_MAX_REQUEST_BYTES"] >= 8 * near_limit


def test_a_request_over_the_request_cap_is_refused_with_the_envelope(client, factories, db, app, monkeypatch):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    monkeypatch.setitem(app.config, "MAX_CONTENT_LENGTH", 64 * 1024)
    response = post_bulk(
        client, headers, application.id, {}, {(_documents_form(), "passport"): (_big_pdf(128 * 1024), "a.pdf")}
    )
    assert_envelope(response, 413, "errors.payload_too_large")
    assert _files_count(db) == 0
