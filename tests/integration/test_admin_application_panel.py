"""GET /admin/application/{id}: the whole application rendered from the questionnaire definitions in the admin's
language (labels, option names, dd.MM.yyyy dates, yes/no switches, group rows), the photo and every document as
signed links, the messages; population separation (404), applicants 403, anonymous 401."""

from __future__ import annotations

import pytest

from server import forms

from ..helpers import assert_envelope, assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, applicant_application, staff
from .test_user_data_support import complete_answers, count_queries, engine_ctx, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")


def _answered(client, factories, kz: bool, **application_fields):
    """An application whose every step was saved by its applicant through the real save call, files included."""
    application = factories.application(user=factories.applicant(kz=kz), **application_fields)
    answers, files = complete_answers(application, factories, kz)
    assert_ok(post_bulk(client, factories.auth_headers(application.user), application.id, answers, files))
    return application, answers


def _panel(client, headers, application_id, lang=None):
    extra = {"Accept-Language": lang} if lang else {}
    return client.get(f"{API}/admin/application/{application_id}", headers={**headers, **extra})


def _field(section, key):
    return next(f for f in section["fields"] if f["key"] == key)


def test_foreign_panel_renders_every_step_in_the_admins_language(client, factories, db):
    application, answers = _answered(client, factories, kz=False, current_step=1)
    item = assert_ok(_panel(client, staff(factories, FOREIGN_ADMIN), application.id, lang="en"))["item"]
    ctx = engine_ctx(application.study_program.kind, kz=False, program_id=application.study_program_id)
    assert [s["key"] for s in item["sections"]] == forms.steps_for("foreign", ctx)
    assert item["segment"] == "FOREIGN" and item["variant"] == "foreign" and item["upload_code"] is None

    main = item["sections"][0]
    assert main["title"] == forms.label("form.fillStepMainInfo.title", "en")
    last_name = _field(main, "last_name")
    assert last_name["label"] == forms.label("form.fillStepMainInfo.last_name", "en")
    assert last_name["label_key"] == "form.fillStepMainInfo.last_name" and last_name["text"] == "Пример"
    birth = _field(main, "date_of_birth")
    year, month, day = answers["fillStepMainInfo"]["date_of_birth"].split("-")
    assert birth["text"] == f"{day}.{month}.{year}" and birth["value"] == f"{year}-{month}-{day}"
    nationality = _field(main, "nationality")
    option = db.session.get(forms_option_model(), answers["fillStepMainInfo"]["nationality"])
    assert nationality["text"] == option.name_en and nationality["value"] == option.id
    assert _field(main, "gender")["text"] == forms.label("form.switch.gender_2", "en")  # switch with named choices
    assert _field(main, "has_children")["text"] == forms.label("form.switch.no", "en")  # a plain switch: yes/no

    parents = next(s for s in item["sections"] if s["key"] == "fillStepParents")
    group = _field(parents, "parents")
    assert group["text"] is None and len(group["rows"]) == len(answers["fillStepParents"]["parents"])
    assert group["rows"][0]["title"].endswith(" 1")
    assert [f["key"] for f in group["rows"][0]["fields"]][:2] == ["parent_type", "full_name"]

    # the photo and every document: signed links that work without a token
    assert item["photo"]["url"].startswith(f"/api/v1/files/{item['photo']['id']}?expires=")
    assert client.get(item["photo"]["url"]).status_code == 200
    documents = item["documents"]
    assert {d["form_key"] for d in documents} >= {"fillStepMainInfo", "fillStepDocumentsFiles"}
    for document in documents:
        assert document["label"] and document["section"]
        download = client.get(document["url"])
        assert download.status_code == 200, document
    files_section = next(s for s in item["sections"] if s["key"] == "fillStepDocumentsFiles")
    passport = _field(files_section, "passport")
    assert passport["text"] == "passport.pdf" and passport["files"][0]["url"].startswith("/api/v1/files/")


def forms_option_model():
    from server.models import SelectOption

    return SelectOption


def test_citizens_panel_in_russian_and_kazakh(client, factories):
    application, answers = _answered(client, factories, kz=True, current_step=3)
    headers = staff(factories, KZ_ADMIN)
    item = assert_ok(_panel(client, headers, application.id))["item"]
    assert item["segment"] == "KZ" and item["variant"] == "home"
    assert len(item["upload_code"]) == 7 and item["upload_code"].isdigit()
    keys = [s["key"] for s in item["sections"]]
    assert (
        keys[0] == "fillStepMainInfoLocal" and "documentsSelfUpload" in keys and keys[-1] == "chooseEducationalProgram"
    )
    main = item["sections"][0]
    assert _field(main, "iin")["text"] == answers["fillStepMainInfoLocal"]["iin"]
    assert main["title"] == forms.label("form.fillStepMainInfoLocal.title", "ru")
    additional = next(s for s in item["sections"] if s["key"] == "fillStepAdditionalInfoLocal")
    assert _field(additional, "need_dorm")["text"] == forms.label("form.choices.Да", "ru")
    assert all(f["key"] != "residence_address_id" for f in additional["fields"])  # render: false
    exams = _field(additional, "medical_examinations")["rows"]
    assert len(exams) == 3 and all(row["fields"][0]["text"] for row in exams)
    kk = assert_ok(_panel(client, headers, application.id, lang="kk"))["item"]
    assert kk["sections"][0]["title"] == forms.label("form.fillStepMainInfoLocal.title", "kk")


def test_hidden_fields_are_not_shown(client, factories):
    application = applicant_application(
        factories,
        kz=True,
        answers={
            "fillStepAdditionalInfoLocal": {
                "need_dorm": "Нет",
                "is_actual_residence_address_same_as_residence_address": 1,
                "actual_street": "kept but hidden",
            }
        },
    )
    item = assert_ok(_panel(client, staff(factories, KZ_ADMIN), application.id))["item"]
    additional = next(s for s in item["sections"] if s["key"] == "fillStepAdditionalInfoLocal")
    keys = [f["key"] for f in additional["fields"]]
    assert "actual_street" not in keys and "residence_street" in keys
    assert _field(additional, "is_actual_residence_address_same_as_residence_address")["text"] == forms.label(
        "form.switch.yes", "ru"
    )
    assert _field(additional, "residence_street")["text"] is None  # empty, but shown: staff see what is missing


def test_messages_are_in_the_panel(client, factories, db):
    from server.models import ApplicationMessage

    admin = factories.admin(role=FOREIGN_ADMIN)
    application = applicant_application(factories, status=0)
    db.session.add(ApplicationMessage(application_id=application.id, author_id=admin.id, content="Добрый день"))
    db.session.commit()
    item = assert_ok(_panel(client, factories.auth_headers(admin), application.id))["item"]
    assert [(m["content"], m["author"]["email"]) for m in item["application_messages"]] == [
        ("Добрый день", admin.email)
    ]


def test_access(client, factories):
    foreign = applicant_application(factories, status=0)
    citizen = applicant_application(factories, kz=True)
    foreign_headers, kz_headers = staff(factories, FOREIGN_ADMIN), staff(factories, KZ_ADMIN)
    assert_envelope(client.get(f"{API}/admin/application/{foreign.id}"), 401)
    assert_envelope(_panel(client, factories.auth_headers(foreign.user), foreign.id), 403, "errors.forbidden")
    assert_envelope(_panel(client, kz_headers, foreign.id), 404, "applications.not_found")
    assert_envelope(_panel(client, foreign_headers, citizen.id), 404, "applications.not_found")
    assert_envelope(_panel(client, foreign_headers, 10**6), 404, "applications.not_found")
    assert_envelope(_panel(client, foreign_headers, 0), 404, "applications.not_found")
    assert_envelope(_panel(client, foreign_headers, 2**40), 404)
    assert client.get(f"{API}/admin/application/abc", headers=foreign_headers).status_code == 404
    assert_ok(_panel(client, foreign_headers, foreign.id))
    assert_ok(_panel(client, kz_headers, citizen.id))


def test_statements_are_bounded(client, factories, db):
    application, _ = _answered(client, factories, kz=False, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    db.session.expire_all()
    with count_queries(db.engine) as seen:
        assert_ok(_panel(client, headers, application.id))
    # session, caller, owner, answers, options, files, term, events, messages; the state machine's guards for
    # available_transitions read the answers and the document reviews once more; the documents' reviews and file
    # versions (decision 0074). A constant: nothing here grows with the answers.
    assert len(seen) <= 19, seen
