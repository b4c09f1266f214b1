"""Document slots carry unique, meaningful names, the same on every surface (issue 23, decision 0083): the
applicant's upload page and /upload (POST /users/steps, as the applicant and as staff), the staff panel
(GET /admin/application/{id}) and the sent-back notice (/users/applications documents_to_fix), in ru, kk and en."""

from __future__ import annotations

import pytest

from server.models import Application

from ..helpers import assert_ok
from .admin_support import API, FOREIGN_ADMIN, KZ_ADMIN, staff
from .test_document_review import _panel, _review, _submitted, _to_fix
from .test_user_data_support import PDF, complete_answers, post_bulk

pytestmark = pytest.mark.usefixtures("no_server_errors")

LANGS = ("ru", "kk", "en")
SELF_UPLOAD = "documentsSelfUpload"


def _steps(client, headers, application_id, lang="ru"):
    body = assert_ok(
        client.post(
            f"{API}/users/steps",
            headers={**headers, "Accept-Language": lang},
            json={"application_id": application_id, "type": "documents"},
        )
    )
    return next(step for step in body["steps"] if step["key"] == SELF_UPLOAD)


def _citizen_with_named_rows(client, factories, db):
    """A citizen whose three medical examinations are of two types (one twice) and who has two awards."""
    user = factories.applicant(kz=True)
    factories.bureau_data(user)
    application = factories.application(user=user, current_step=3, financing="scholarship")
    answers, files = complete_answers(application, factories, True)
    form_075 = factories.questionnaire_option(
        "fillStepAdditionalInfoLocal_examination_type",
        name_ru="форма 075/у",
        name_kk="075/у нысаны",
        name_en="form 075/u",
    )
    fluoro = factories.questionnaire_option(
        "fillStepAdditionalInfoLocal_examination_type", name_ru="флюорография", name_kk="флюорография", name_en="X-ray"
    )
    rows = answers["fillStepAdditionalInfoLocal"]["medical_examinations"]
    assert len(rows) == 3  # regular bachelors: three examinations
    for row, option in zip(rows, (form_075, fluoro, form_075), strict=True):
        row["examination_type"] = option.id
    db.session.commit()
    assert_ok(post_bulk(client, factories.auth_headers(user), application.id, answers, files, is_submit="true"))
    return db.session.get(Application, application.id)


def test_citizen_slots_are_unique_meaningful_and_the_same_everywhere(client, factories, db):
    application = _citizen_with_named_rows(client, factories, db)
    owner = factories.auth_headers(application.user)
    kz_staff = staff(factories, KZ_ADMIN)

    step = _steps(client, owner, application.id)
    slots = step["all_document_fields"]
    names = {slot["field"]: slot["names"] for slot in slots}
    for lang in LANGS:
        listed = [n[lang] for n in names.values()]
        assert len(listed) == len(set(listed)), (lang, listed)  # unique within the population's upload page
    medical = [names[f"medical_examination_{i}_document"]["ru"] for i in range(3)]
    assert medical == [
        "Медицинская справка 1 (форма 075/у)",
        "Медицинская справка (флюорография)",
        "Медицинская справка 3 (форма 075/у)",
    ]
    assert names["medical_examination_1_document"]["en"] == "Medical certificate (X-ray)"
    assert names["medical_examination_1_document"]["kk"] == "Медициналық анықтама (флюорография)"
    # the questionnaire's own fields (the /upload page draws them) carry the same names
    assert {f["key"]: f["names"] for f in step["fields"] if "names" in f} == names
    # /upload: staff open the same page on the applicant's behalf
    assert {s["field"]: s["names"] for s in _steps(client, kz_staff, application.id)["all_document_fields"]} == names

    # every slot uploaded, then the staff panel names each document the same way, in every language
    files = {(SELF_UPLOAD, field): (PDF, f"{field}.pdf") for field in names}
    assert_ok(post_bulk(client, owner, application.id, {}, files))
    for lang in LANGS:
        panel = _panel(client, kz_staff, application.id, lang=lang)
        shown = {d["field"]: d["label"] for d in panel["documents_review"] if d["form_key"] == SELF_UPLOAD}
        assert shown == {field: n[lang] for field, n in names.items()}, lang

    # the sent-back notice names the document the same way
    field = "medical_examination_2_document"
    assert_ok(_review(client, kz_staff, application.id, field, "returned", "Нет печати", form_key=SELF_UPLOAD))
    for lang in LANGS:
        notice = _to_fix(client, owner, application.id, lang=lang)
        assert [d["label"] for d in notice] == [names[field][lang]], lang


def test_foreign_document_names_are_unique(client, factories):
    application = _submitted(client, factories, kz=False, current_step=1)
    headers = staff(factories, FOREIGN_ADMIN)
    for lang in LANGS:
        labels = [d["label"] for d in _panel(client, headers, application.id, lang=lang)["documents_review"]]
        assert labels and len(labels) == len(set(labels)), (lang, labels)
