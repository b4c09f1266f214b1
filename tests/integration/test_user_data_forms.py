"""The request shapes of a questionnaire save (server/applications/answer_schemas.py): the dynamic multipart keys are
grouped by form, typed fields accept what form libraries send, and anything else is refused naming the key as sent."""

from __future__ import annotations

import io
import json

import pytest

from ..helpers import assert_envelope, assert_ok
from .test_user_data_support import API, PDF, PNG, fill_items, post_bulk, step_of

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.fixture
def kz_application(factories):
    return factories.application(user=factories.applicant(kz=True), program=factories.study_program())


def _create(client, headers, **kwargs):
    return client.post(f"{API}/users/create-user-data", headers=headers, **kwargs)


def test_two_forms_and_their_files_are_saved_from_one_multipart_request(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    response = post_bulk(
        client,
        headers,
        kz_application.id,
        {"fillStepMainInfoLocal": {"last_name": " Ким "}},
        {("documentsSelfUpload", "education_document"): (PDF, "diploma.pdf")},
    )
    assert_ok(response)
    saved = fill_items(client, headers, kz_application.id)
    assert saved["fillStepMainInfoLocal"]["data"]["last_name"] == "Ким"
    assert saved["documentsSelfUpload"]["data"]["education_document"]["name"] == "diploma.pdf"


@pytest.mark.parametrize("flag", ["false", "0", "off", "no", "", "null", "undefined", " False "])
def test_a_false_is_submit_in_any_spelling_only_saves(client, factories, flag):
    application = factories.application(user=factories.applicant(), program=factories.study_program())
    headers = factories.auth_headers(application.user)
    assert assert_ok(post_bulk(client, headers, application.id, {}, is_submit=flag))["message_key"] == "common.success"


@pytest.mark.parametrize("value", ["", "null", "undefined", " "])
def test_an_empty_application_id_is_missing(client, factories, value):
    headers = factories.auth_headers(factories.applicant())
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": value},
    )
    assert list(assert_envelope(response, 400, "validation.required")["errors"]) == ["hidden_application_id"]


@pytest.mark.parametrize("value", ["0", "-1", "2147483648", "abc", "1.5"])
def test_an_application_id_out_of_range_or_not_a_number_is_refused(client, factories, value):
    headers = factories.auth_headers(factories.applicant())
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": value},
    )
    assert list(assert_envelope(response, 400, "validation.integer")["errors"]) == ["hidden_application_id"]


def test_a_file_sent_under_an_answers_key_or_a_plain_name_is_refused_by_name(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    for name in ("form___fillStepMainInfoLocal___data_stringified", "profile_image"):
        response = client.post(
            f"{API}/users/bulk-upsert-user-data",
            headers=headers,
            content_type="multipart/form-data",
            data={"hidden_application_id": str(kz_application.id), name: (io.BytesIO(PNG), "me.png")},
        )
        assert list(assert_envelope(response, 400, "validation.unknown_field")["errors"]) == [name]


def test_answers_sent_as_a_file_field_name_in_text_are_refused(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    name = "form___fillStepMainInfoLocal___profile_image"
    response = client.post(
        f"{API}/users/bulk-upsert-user-data",
        headers=headers,
        content_type="multipart/form-data",
        data={"hidden_application_id": str(kz_application.id), name: "{}"},
    )
    assert list(assert_envelope(response, 400, "validation.unknown_field")["errors"]) == [name]


def test_create_user_data_takes_answers_as_json_text_in_a_json_body(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    form = step_of(True, "regular_bachelors", "birthplace")
    body = {"type": form, "data_stringified": json.dumps({"birthplace": "Шымкент"}), "is_submit": False}
    assert_ok(_create(client, headers, json=body))
    assert fill_items(client, headers, kz_application.id)[form]["data"]["birthplace"] == "Шымкент"


def test_create_user_data_refuses_answers_that_are_not_an_object(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    for data in ("x", [1], 5, True):
        body = assert_envelope(_create(client, headers, json={"type": "fillStepMainInfoLocal", "data": data}), 400)
        assert body["message_key"] == "validation.json_object" and list(body["errors"]) == ["data"]


def test_create_user_data_answers_too_large_are_413_naming_the_field(client, factories, kz_application):
    headers = factories.auth_headers(kz_application.user)
    response = _create(
        client,
        headers,
        content_type="multipart/form-data",
        data={"type": "fillStepMainInfoLocal", "data_stringified": json.dumps({"x": "y" * 300000})},
    )
    assert list(assert_envelope(response, 413, "errors.payload_too_large")["errors"]) == ["data_stringified"]


@pytest.mark.parametrize("form_type", ["", "1abc", "fill step", "x" * 65, None, 5])
def test_create_user_data_needs_a_form_key(client, factories, kz_application, form_type):
    headers = factories.auth_headers(kz_application.user)
    response = _create(client, headers, json={"type": form_type, "data": {}})
    assert list(assert_envelope(response, 400)["errors"]) == ["type"]


def test_the_openapi_document_names_the_multipart_keys(client, db):
    schemas = client.get(f"{API}/openapi.json").get_json()["components"]["schemas"]
    bulk = schemas["BulkUpsertForm"]
    assert bulk["required"] == ["hidden_application_id"]
    assert bulk["properties"]["is_submit"]["type"] == "boolean"
    assert "form___{formKey}___data_stringified" in bulk["properties"]
    assert "form___<formKey>___<field>" in bulk["properties"]["form___{formKey}___data_stringified"]["description"]
    assert schemas["CreateUserDataForm"]["required"] == ["type"]
