"""The application journey, part 2: saving questionnaire answers (every form key, valid and invalid), submission
with each kind of missing or wrong field, read-only after submission, snapshots, bounded fill-item queries
(req §2 Questionnaire, §3 UserData, §5, §7 upsertUserData / createUserData / getFillItems, §8)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from server import forms
from server.models import Application, ApplicationSnapshot, UserData

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import (
    API,
    PDF,
    PNG,
    complete_answers,
    count_queries,
    engine_ctx,
    fill_items,
    form_cases,
    post_bulk,
    step_of,
    valid_data,
)

pytestmark = pytest.mark.usefixtures("no_server_errors")

ALL_FORMS = form_cases()
# Forms shown only to one financing (the grant supporting documents: scholarship holders, decision 0068).
FINANCING_OF = {"grantSupportingDocuments": "scholarship"}
HOME_KEYS = [key for kz, key, _ in ALL_FORMS if kz]


def _application(factories, kz=False, kind="regular_bachelors", bureau=None, **kw):
    """bureau: whether the credit bureau confirmed the citizen; by default a citizen past step 1 (the state machine
    moves a citizen only after it, issue 22). Before it, the main-info answers are the applicant's to type."""
    user = factories.applicant(kz=kz)
    if kz and (bureau if bureau is not None else kw.get("current_step", 1) > 1):
        factories.bureau_data(user)
    return factories.application(user=user, program=factories.study_program(kind=kind), **kw)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


# -------------------------------------------------------------------------------- every form key: valid data


@pytest.mark.parametrize("kz, form_key, kind", ALL_FORMS)
def test_every_form_key_saves_valid_data_trimmed(client, factories, kz, form_key, kind):
    application = _application(factories, kz=kz, kind=kind, financing=FINANCING_OF.get(form_key, "paid"))
    headers = factories.auth_headers(application.user)
    ctx = engine_ctx(
        application.study_program.kind, kz=kz, financing=application.financing, program_id=application.study_program_id
    )
    data = valid_data(form_key, ctx, factories)
    files = {}
    if form_key == "documentsSelfUpload":
        files = {(form_key, "education_document"): (PDF, "diploma.pdf")}

    body = assert_ok(post_bulk(client, headers, application.id, {form_key: data}, files))

    assert body["message_key"] == "common.success"
    saved = fill_items(client, headers, application.id)[form_key]
    assert saved["application_id"] == application.id and saved["term_id"] == application.term_id
    for key in data:
        assert key in saved["data"], key
    assert all(text == text.strip() for text in _strings(saved["data"]))
    if form_key == "documentsSelfUpload":
        assert saved["data"]["education_document"]["content_type"] == "application/pdf"


@pytest.mark.parametrize("kz, form_key, kind", ALL_FORMS)
def test_every_form_key_refuses_invalid_data_and_keeps_the_saved_answers(client, factories, kz, form_key, kind):
    application = _application(factories, kz=kz, kind=kind, financing=FINANCING_OF.get(form_key, "paid"))
    headers = factories.auth_headers(application.user)
    ctx = engine_ctx(
        application.study_program.kind, kz=kz, financing=application.financing, program_id=application.study_program_id
    )
    if form_key == "documentsSelfUpload":
        assert_ok(post_bulk(client, headers, application.id, {}, {(form_key, "education_document"): (PDF, "a.pdf")}))
        response = post_bulk(client, headers, application.id, {form_key: {"education_document": {"id": "nope"}}})
        assert "documentsSelfUpload.education_document" in assert_envelope(response, 400, "files.not_found")["errors"]
        response = post_bulk(client, headers, application.id, {}, {(form_key, "education_document"): (PNG, "a.pdf")})
        assert_envelope(response, 400, "files.wrong_type_pdf")
        saved = fill_items(client, headers, application.id)[form_key]["data"]["education_document"]
        assert saved["name"] == "a.pdf" and saved["content_type"] == "application/pdf"
        return
    good = valid_data(form_key, ctx, factories)
    visible = forms.visible_fields(form_key, good, ctx)
    field = next(f for f in forms.resolve_step(form_key, ctx)["fields"] if f["key"] in visible)
    is_file = field["type"] in ("file", "image")
    is_image = field["type"] == "image"
    right, wrong = ((PNG, "scan.png"), (PDF, "scan.png")) if is_image else ((PDF, "scan.pdf"), (PNG, "scan.pdf"))
    files = {(form_key, field["key"]): right} if is_file else {}
    assert_ok(post_bulk(client, headers, application.id, {form_key: good}, files))

    bad = {"id": "f" * 32} if is_file else {"not": "a value"}
    response = post_bulk(client, headers, application.id, {form_key: {field["key"]: bad}})
    if field.get("auto_first"):  # a value not in the list is replaced by the first allowed one (req §4)
        assert_ok(response)
        assert fill_items(client, headers, application.id)[form_key]["data"][field["key"]] == good[field["key"]]
        return
    body = assert_envelope(response, 400, "files.not_found" if is_file else None)
    assert f"{form_key}.{field['key']}" in body["errors"]
    if is_file:
        response = post_bulk(client, headers, application.id, {}, {(form_key, field["key"]): wrong})
        assert_envelope(response, 400, "files.wrong_type_image" if is_image else "files.wrong_type_pdf")
        assert fill_items(client, headers, application.id)[form_key]["data"][field["key"]]["name"] == right[1]
        return

    response = post_bulk(client, headers, application.id, {form_key: {"hacker_field": "x"}})
    assert "hacker_field" in json.dumps(assert_envelope(response, 400, "unknown_field")["errors"])

    saved = fill_items(client, headers, application.id)[form_key]["data"]
    assert saved[field["key"]] == forms.prepare(form_key, good, ctx)[field["key"]]


@pytest.mark.parametrize(
    "field, value, key",
    [
        ("date_of_birth", "31.12.2001", "invalid_date"),
        ("date_of_birth", "2001-02-30", "invalid_date"),
        ("email", "not-an-email", "invalid_email"),
        ("phone_number", "12345", "invalid_format.phone_intl"),  # saved as +12345: too short (decision 0083)
        ("gender", 3, "invalid_option"),
        ("last_name", "x" * 300, "too_long"),
        ("last_name", ["list"], "invalid_type"),
        ("need_dorm", "Maybe", "invalid_option"),
        ("average_grade", "4.555", "invalid_format"),
        ("admission_year", 1800, "invalid_year"),
        ("foreign_languages", "English", "invalid_type"),
        ("parents", [{"full_name": 5}], "invalid_type"),
    ],
)
def test_wrong_values_name_the_field_and_key(client, factories, field, value, key):
    application = _application(factories)
    form_key = step_of(False, "regular_bachelors", field)
    response = post_bulk(client, factories.auth_headers(application.user), application.id, {form_key: {field: value}})
    body = assert_envelope(response, 400, key)
    assert any(path.startswith(f"{form_key}.{field}") for path in body["errors"]), body


def test_unknown_option_id_is_refused_when_the_list_exists(client, factories):
    application = _application(factories)
    option = factories.questionnaire_option("fillStepMainInfo_marital_status")
    headers = factories.auth_headers(application.user)
    assert_ok(post_bulk(client, headers, application.id, {"fillStepMainInfo": {"marital_status": option.id}}))
    response = post_bulk(client, headers, application.id, {"fillStepMainInfo": {"marital_status": option.id + 999}})
    assert_envelope(response, 400, "invalid_option")
    response = post_bulk(client, headers, application.id, {"fillStepMainInfo": {"marital_status": str(option.id)}})
    assert_envelope(response, 400, "invalid_type")


def test_kz_iin_is_checked(client, factories):
    application = _application(factories, kz=True)
    headers = factories.auth_headers(application.user)
    response = post_bulk(client, headers, application.id, {"fillStepMainInfoLocal": {"iin": "900101300018"}})
    assert "fillStepMainInfoLocal.iin" in assert_envelope(response, 400, "invalid_iin")["errors"]
    assert_ok(post_bulk(client, headers, application.id, {"fillStepMainInfoLocal": {"iin": " 900101300017 "}}))
    assert fill_items(client, headers, application.id)["fillStepMainInfoLocal"]["data"]["iin"] == "900101300017"


# --------------------------------------------------------------------------------------- partial saves, merge


def test_partial_saves_merge_and_never_drop_answers(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    assert_ok(post_bulk(client, headers, application.id, {"fillStepMainInfo": {"last_name": " Иванов "}}))
    assert_ok(
        post_bulk(
            client,
            headers,
            application.id,
            {"fillStepMainInfo": {"first_name": "Иван"}, "fillStepImmigration": {"is_not_applicable": 1}},
        )
    )
    items = fill_items(client, headers, application.id)
    assert items["fillStepMainInfo"]["data"] == {"last_name": "Иванов", "first_name": "Иван"}
    assert items["fillStepImmigration"]["data"]["is_not_applicable"] == 1
    rows = factories.db.session.scalars(select(UserData).where(UserData.application_id == application.id)).all()
    assert len(rows) == 2  # one row per (application, form key)


def test_unknown_form_key_and_bad_multipart_fields(client, factories, app):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    body = assert_envelope(
        post_bulk(client, headers, application.id, {"fillStepNope": {"a": 1}}), 400, "applications.unknown_form"
    )
    assert "fillStepNope._form" in body["errors"]
    home_only = post_bulk(client, headers, application.id, {"chooseEducationalProgram": {}})
    assert_envelope(home_only, 400, "applications.unknown_form")
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": str(application.id), "surprise": "1"},
    )
    assert "surprise" in assert_envelope(response, 400, "validation.unknown_field")["errors"]
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": str(application.id), "form___fillStepMainInfo___data_stringified": "[1, 2]"},
    )
    assert_envelope(response, 400, "validation.json_object")
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": str(application.id), "form___fillStepMainInfo___data_stringified": "{not json"},
    )
    assert_envelope(response, 400, "validation.json_object")
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"form___fillStepMainInfo___data_stringified": "{}"},
    )
    assert_envelope(response, 400, "validation.required")
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": "1e9", "form___fillStepMainInfo___data_stringified": "{}"},
    )
    assert_envelope(response, 400, "validation.integer")
    response = client.post(f"{API}/users/bulk-upsert-user-data", headers=headers, json={"a": 1})
    assert_envelope(response, 400)
    response = post_bulk(client, headers, application.id, {}, is_submit="perhaps")
    assert "is_submit" in assert_envelope(response, 400)["errors"]
    deep = "[" * 5000 + "]" * 5000
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": str(application.id), "form___fillStepMainInfo___data_stringified": deep},
    )
    assert_envelope(response, 400)


# ------------------------------------------------------------------------------------------ create-user-data


def test_create_user_data_main_info_multipart_with_profile_image(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    response = client.post(
        f"{API}/users/create-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={
            "type": "main_info",
            "application_id": str(application.id),
            "data_stringified": json.dumps({"last_name": " Петров "}),
            "profile_image": (__import__("io").BytesIO(PNG), "me.png"),
        },
    )
    assert_ok(response)
    data = fill_items(client, headers, application.id)["fillStepMainInfo"]["data"]
    assert data["last_name"] == "Петров" and data["profile_image"]["content_type"] == "image/png"


def test_create_user_data_json_body_and_default_application(client, factories):
    application = _application(factories, kz=True)
    headers = factories.auth_headers(application.user)
    form = step_of(True, "regular_bachelors", "birthplace")
    assert_ok(
        client.post(
            f"{API}/users/create-user-data", headers=headers, json={"type": form, "data": {"birthplace": " Алматы "}}
        )
    )
    assert fill_items(client, headers, application.id)[form]["data"]["birthplace"] == "Алматы"
    assert_envelope(
        client.post(f"{API}/users/create-user-data", headers=headers, json={"type": form, "data": {}, "bad": 1}), 400
    )
    assert_envelope(client.post(f"{API}/users/create-user-data", headers=headers, json={"data": {}}), 400)
    assert_envelope(
        client.post(f"{API}/users/create-user-data", headers=headers, json={"type": form, "data": "x"}), 400
    )
    assert_envelope(
        client.post(f"{API}/users/create-user-data", headers=headers, data="[]", content_type="application/json"), 400
    )
    without = factories.auth_headers(factories.applicant())
    assert_envelope(
        client.post(f"{API}/users/create-user-data", headers=without, json={"type": "fillStepMainInfo", "data": {}}),
        404,
    )


# ----------------------------------------------------------------------------------------------- submission


def _submit_all(client, headers, application, factories, kz=False, mutate=None):
    answers, files = complete_answers(application, factories, kz)
    if mutate:
        mutate(answers, files)
    return post_bulk(client, headers, application.id, answers, files, is_submit="true")


def test_foreign_submission_succeeds_and_freezes_the_questionnaire(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)

    body = assert_ok(_submit_all(client, headers, application, factories))

    assert body["message_key"] == "questionnary_submitted" and body["message"] == "Анкета успешно отправлена"
    item = assert_ok(client.get(f"{API}/users/application/{application.id}", headers=headers))["item"]
    assert item["submittedAt"] and item["status"] == 0 and item["current_step"] == 4
    snapshots = factories.db.session.scalars(
        select(ApplicationSnapshot).where(ApplicationSnapshot.application_id == application.id)
    ).all()
    assert {s.type for s in snapshots} == set(fill_items(client, headers, application.id))

    response = post_bulk(client, headers, application.id, {"fillStepMainInfo": {"last_name": "Другой"}})
    body = assert_envelope(response, 409, "applications.submitted_read_only")
    assert body["message"] == "Анкета уже отправлена, изменить её нельзя"
    assert_envelope(
        post_bulk(client, headers, application.id, {}, is_submit="1"), 409, "applications.already_submitted"
    )
    assert fill_items(client, headers, application.id)["fillStepMainInfo"]["data"]["last_name"] == "Пример"


def test_home_submission_sets_step_4_without_foreign_status(client, factories):
    application = _application(factories, kz=True, current_step=3)
    headers = factories.auth_headers(application.user)
    assert_ok(_submit_all(client, headers, application, factories, kz=True))
    factories.db.session.expire_all()
    application = factories.db.session.get(Application, application.id)
    assert application.submitted_at and application.status is None and application.current_step == 4


def test_home_submission_before_payment_step_is_refused(client, factories):
    application = _application(factories, kz=True, current_step=1, bureau=True)
    response = _submit_all(client, factories.auth_headers(application.user), application, factories, kz=True)
    assert_envelope(response, 422, "applications.step_not_reached")
    assert fill_items(client, factories.auth_headers(application.user), application.id) == {}


def test_submission_outside_the_window_is_unavailable_and_saves_nothing(client, factories):
    application = _application(factories, term=factories.closed_term())
    headers = factories.auth_headers(application.user)
    assert_envelope(_submit_all(client, headers, application, factories), 422, "applications.submission_unavailable")
    assert fill_items(client, headers, application.id) == {}
    assert_ok(post_bulk(client, headers, application.id, {"fillStepMainInfo": {"last_name": "Можно"}}))


def _mutation(kz, kind, action, field, value=None):
    """A change to a complete questionnaire; returns (mutate(answers, files), path of the expected error)."""
    if action == "signer_off":
        form = step_of(kz, kind, "parents")

        def mutate(answers, files):
            for row in answers[form]["parents"]:
                row["is_signer"] = False

        return mutate, f"{form}.parents"
    form = step_of(kz, kind, field)

    def mutate(answers, files):
        if action == "drop":
            answers[form].pop(field, None)
            files.pop((form, field), None)
        else:
            answers[form][field] = value

    return mutate, f"{form}.{field}"


@pytest.mark.parametrize(
    "kind, kz, action, field, value, key",
    [
        ("regular_bachelors", False, "drop", "last_name", None, "fill_required"),
        ("regular_bachelors", False, "set", "last_name", "   ", "fill_required"),
        ("regular_bachelors", False, "drop", "profile_image", None, "fill_required"),
        ("regular_bachelors", False, "drop", "passport", None, "fill_required"),
        ("regular_bachelors", False, "drop", "proof_of_education", None, "fill_required"),
        ("regular_bachelors", False, "drop", "country_of_residence", None, "fill_required"),
        ("regular_bachelors", False, "set", "foreign_languages", [], "min_items"),
        ("regular_bachelors", False, "set", "admission_year", 2020, "check_dates"),
        ("masters_specialized", False, "drop", "recommendation_letter", None, "fill_required"),
        ("masters_specialized", False, "drop", "document_number", None, "fill_required"),
        ("doctoral_phd", False, "drop", "researches", None, "fill_required"),
        # (the IIN of a citizen is the credit bureau's and cannot go missing: test_grant_identity.py)
        ("regular_bachelors", True, "drop", "phone_number", None, "fill_required"),
        ("regular_bachelors", True, "set", "identity_document_given_date", "2030-01-01", "check_dates"),
        ("regular_bachelors", True, "signer_off", None, None, "fillStepParents_choose_signer_label"),
        ("regular_bachelors", True, "drop", "need_dorm", None, "fill_required"),
        ("regular_bachelors", True, "set", "medical_examinations", [], "fill_required"),
        ("masters_specialized", True, "drop", "education_document_number", None, "fill_required"),
    ],
)
def test_submission_names_the_missing_or_wrong_field(client, factories, kind, kz, action, field, value, key):
    application = _application(factories, kz=kz, kind=kind, current_step=3 if kz else 1)
    headers = factories.auth_headers(application.user)
    mutate, path = _mutation(kz, kind, action, field, value)

    response = _submit_all(client, headers, application, factories, kz=kz, mutate=mutate)

    body = assert_envelope(response, 400, key)
    assert list(body["errors"]) == [path], body["errors"]
    assert body["message"] == body["errors"][path][0]
    factories.db.session.expire_all()
    assert factories.db.session.get(Application, application.id).submitted_at is None
    # the answers that passed save validation were kept
    assert fill_items(client, headers, application.id)


def test_conditionally_required_fields(client, factories):
    """Visible only with an answer: learning-disabilities description (foreign), military document (male)."""
    application = _application(factories)
    form = step_of(False, "regular_bachelors", "learning_disabilities_description")

    def mutate(answers, files):
        answers[form]["has_learning_disabilities"] = 1
        answers[form]["learning_disabilities_description"] = ""

    body = assert_envelope(
        _submit_all(client, factories.auth_headers(application.user), application, factories, mutate=mutate),
        400,
        "fill_required",
    )
    assert list(body["errors"]) == [f"{form}.learning_disabilities_description"]

    home = _application(factories, kz=True, current_step=3)
    main, documents = (
        step_of(True, "regular_bachelors", "gender"),
        step_of(True, "regular_bachelors", "military_document_type"),
    )

    def male(answers, files):
        answers[main]["gender"] = 1
        answers[documents].pop("military_document_type")

    body = assert_envelope(
        _submit_all(client, factories.auth_headers(home.user), home, factories, kz=True, mutate=male),
        400,
        "fill_required",
    )
    assert list(body["errors"]) == [f"{documents}.military_document_type"]


def test_fill_required_message_in_three_languages(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    mutate, _ = _mutation(False, "regular_bachelors", "drop", "last_name")
    body = assert_envelope(_submit_all(client, headers, application, factories, mutate=mutate), 400, "fill_required")
    assert body["message"] == "Заполните обязательное поле «Фамилия»"
    response = post_bulk(client, {**headers, "Accept-Language": "en"}, application.id, {}, is_submit="true")
    assert assert_envelope(response, 400, "fill_required")["message"].startswith("Please fill in the required field")
    response = post_bulk(client, {**headers, "Accept-Language": "kk-KZ"}, application.id, {}, is_submit="true")
    assert "міндетті өрісін толтырыңыз" in assert_envelope(response, 400, "fill_required")["message"]


def test_check_dates_message_names_both_fields(client, factories):
    application = _application(factories, kz=True, current_step=3)
    mutate, _ = _mutation(True, "regular_bachelors", "set", "identity_document_given_date", "2030-01-01")
    response = _submit_all(
        client, factories.auth_headers(application.user), application, factories, kz=True, mutate=mutate
    )
    body = assert_envelope(response, 400, "check_dates")
    assert body["message"].startswith("Проверьте даты: значение поля «") and body["message"].count("«") == 2
    # Issue 10: agrees whatever the labels' gender ("значение … должно"), never "«Срок действия» должна".
    assert "должно быть раньше значения поля «" in body["message"]


def test_hidden_fields_are_not_required(client, factories):
    """Female applicant: no military document; same address: no actual address; paid: no scholarship fields."""
    application = _application(factories, kz=True, current_step=3)

    main = step_of(True, "regular_bachelors", "gender")
    documents = step_of(True, "regular_bachelors", "military_document_type")
    awards = step_of(True, "regular_bachelors", "scholarship_type")

    def mutate(answers, files):
        answers[main]["gender"] = 2
        for field in ("military_document_type", "military_document_issued_by"):
            answers[documents].pop(field)
        for field in (
            "scholarship_type",
            "scholarship_document_number",
            "scholarship_document_given_date",
            "scholarship_document_valid_till",
        ):
            answers[awards].pop(field)

    assert_ok(
        _submit_all(client, factories.auth_headers(application.user), application, factories, kz=True, mutate=mutate)
    )


def test_archived_application_is_read_only_for_the_applicant(client, factories):
    application = _application(factories, status=-1)
    response = post_bulk(
        client, factories.auth_headers(application.user), application.id, {"fillStepMainInfo": {"last_name": "X"}}
    )
    assert_envelope(response, 409, "applications.archived")


def test_documents_self_upload_stays_open_until_documents_are_handed_in(client, factories):
    application = _application(factories, kz=True, current_step=4)
    application.submitted_at = application.created_at
    factories.db.session.commit()
    headers = factories.auth_headers(application.user)
    files = {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")}
    assert_ok(post_bulk(client, headers, application.id, {}, files))
    assert_envelope(
        post_bulk(client, headers, application.id, {"fillStepMainInfoLocal": {"iin": "900101300017"}}),
        409,
        "applications.submitted_read_only",
    )
    assert fill_items(client, headers, application.id)["documentsSelfUpload"]["data"]["education_document"]
    application.current_step = 5
    factories.db.session.commit()
    assert_envelope(post_bulk(client, headers, application.id, {}, files), 409, "applications.submitted_read_only")


# ------------------------------------------------------------------------------------- object-level checks


def test_another_applicants_answers_are_404(client, factories):
    application = _application(factories)
    factories.user_data(application, "fillStepMainInfo", {"last_name": "Тайна"})
    stranger = factories.auth_headers(factories.applicant())
    assert_envelope(client.get(f"{API}/users/fill-items/{application.id}", headers=stranger), 404)
    assert_envelope(post_bulk(client, stranger, application.id, {"fillStepMainInfo": {"last_name": "Взлом"}}), 404)
    assert_envelope(
        client.post(
            f"{API}/users/create-user-data",
            headers=stranger,
            json={"type": "fillStepMainInfo", "data": {}, "application_id": application.id},
        ),
        404,
    )
    assert_envelope(
        client.get(
            f"{API}/users/fill-items/{application.id}", headers=stranger, query_string={"user_id": application.user_id}
        ),
        404,
    )
    assert factories.db.session.scalar(select(UserData.data).where(UserData.application_id == application.id)) == {
        "last_name": "Тайна"
    }


def test_admin_reads_fill_items_of_their_population_only(client, factories):
    application = _application(factories)
    factories.user_data(application, "fillStepMainInfo", {"last_name": "Смит"})
    foreign_admin = factories.auth_headers(factories.admin(role="Админ"))
    kz_admin = factories.auth_headers(factories.admin(role="Админ (граждане КЗ)"))
    items = fill_items(client, foreign_admin, application.id, user_id=application.user_id, foreign="true")
    assert items["fillStepMainInfo"]["data"]["last_name"] == "Смит"
    assert_envelope(client.get(f"{API}/users/fill-items/{application.id}", headers=kz_admin), 404)
    assert_envelope(
        client.get(
            f"{API}/users/fill-items/{application.id}",
            headers=foreign_admin,
            query_string={"user_id": application.user_id + 1},
        ),
        404,
    )
    assert_envelope(
        client.get(
            f"{API}/users/fill-items/{application.id}", headers=foreign_admin, query_string={"foreign": "false"}
        ),
        404,
    )
    assert_envelope(
        client.get(f"{API}/users/fill-items/{application.id}", headers=foreign_admin, query_string={"user_id": "abc"}),
        400,
    )


# ----------------------------------------------------------------------------------------- query count


@pytest.mark.parametrize("sections", [1, 12])
def test_fill_items_runs_a_bounded_number_of_queries(client, factories, db, sections):
    application = _application(factories, kz=True)
    keys = (HOME_KEYS * 2)[:sections] if sections <= len(HOME_KEYS) else HOME_KEYS
    for index, key in enumerate(keys):
        factories.user_data(
            application, key, {"n": index, "file": {"id": "a" * 32, "url": "/api/v1/files/" + "a" * 32}}
        )
    headers = factories.auth_headers(application.user)
    url = f"{API}/users/fill-items/{application.id}"
    db.session.remove()  # nothing cached: every row the request needs is loaded by the request

    with count_queries(db.engine) as statements:
        response = client.get(url, headers=headers)

    assert response.status_code == 200 and len(response.get_json()["fill_items"]) == sections
    # token session, user (+roles), application (+messages), items, owned files (for signing)
    assert len(statements) <= 7, statements


# ---------------------------------------------------------------------------------------------- odd input


@pytest.mark.parametrize(
    "raw",
    [
        '{"average_grade": NaN}',
        '{"x": Infinity}',
        '{"education_document": -Infinity}',
        '"text"',
        "null",
        "1",
        '{"a": ' * 40 + "1" + "}" * 40,
        '{"last_name": "\\ud800"}',
        '{"\\udfff": 1}',
    ],
)
def test_odd_json_is_400(client, factories, raw):
    application = _application(factories, kz=True)
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=factories.auth_headers(application.user),
        content_type="multipart/form-data",
        data={"hidden_application_id": str(application.id), "form___documentsSelfUpload___data_stringified": raw},
    )
    assert_envelope(response, 400)


def test_oversized_form_json_is_413(client, factories):
    application = _application(factories)
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=factories.auth_headers(application.user),
        content_type="multipart/form-data",
        data={
            "hidden_application_id": str(application.id),
            "form___fillStepMainInfo___data_stringified": json.dumps({"x": "y" * 300000}),
        },
    )
    assert_envelope(response, 413)


@pytest.mark.parametrize(
    "data",
    [
        {"last_name": "a\u0000b"},
        {"last_name": "😀" * 10},
        {"marital_status": 10**30},
        {"gender": True},
        {"date_of_birth": "9999-99-99"},
        {"profile_image": "../../etc/passwd"},
        {"profile_image": ["a", "b"]},
        {"email": None},
        {"": 1},
        {"__proto__": {"x": 1}},
    ],
)
def test_odd_values_never_500(client, factories, data):
    application = _application(factories)
    response = post_bulk(client, factories.auth_headers(application.user), application.id, {"fillStepMainInfo": data})
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]


def test_odd_form_and_file_names(client, factories):
    application = _application(factories)
    headers = factories.auth_headers(application.user)
    for name in (
        "form___",
        "form______data_stringified",
        "form___x" * 40,
        "form___fillStepMainInfo___" + "a" * 300,
        "form___fill StepMainInfo___data_stringified",
        "form___fillStepMainInfo___data_stringified\x00",
    ):
        response = client.post(
            f"{API}/users/bulk-upsert-user-data",
            headers=headers,
            content_type="multipart/form-data",
            data={"hidden_application_id": str(application.id), name: "{}"},
        )
        assert_envelope(response, 400)
