"""A whole questionnaire submitted against the real seeded reference data (option lists, programs, the default
term), so definitions, option filters and seeds cannot drift apart unnoticed."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from server import forms
from server.applications.questionnaire import _option_types, all_step_definitions, load_options
from server.models import Application, StudyProgram, Term
from server.seed import run_all

from ..helpers import assert_ok
from .test_user_data_support import PDF, PNG, bureau_answers, engine_ctx, file_fields_of, post_bulk, valid_data

pytestmark = pytest.mark.usefixtures("no_server_errors")


@pytest.mark.parametrize(
    "kz, kind",
    [(False, "regular_bachelors"), (False, "doctoral_phd"), (True, "regular_bachelors"), (True, "masters_mba")],
)
def test_submission_with_seeded_reference_data(client, factories, db, kz, kind):
    run_all()
    program = db.session.scalars(select(StudyProgram).where(StudyProgram.kind == kind)).first()
    term = db.session.scalars(select(Term)).one()
    user = factories.applicant(kz=kz)
    if kz:  # the credit bureau confirmed the citizen: submitting needs it (issue 22)
        factories.bureau_data(user)
    application = factories.application(user=user, program=program, term=term, current_step=3 if kz else 1)
    variant = "home" if kz else "foreign"
    ctx = engine_ctx(
        kind, kz=kz, program_id=program.id, options=load_options(_option_types(all_step_definitions(variant)))
    )
    answers, files = {}, {}
    for key in forms.steps_for(variant, ctx):
        if key == "documentsSelfUpload":
            continue
        answers[key] = valid_data(key, ctx, factories)
        if key == forms.MAIN_INFO_LOCAL:  # the bureau's names, IIN and birth date are read-only
            answers[key].update(bureau_answers(application))
        ctx["answers"][key] = answers[key]
        for f in file_fields_of(key, ctx):
            files[(key, f["key"])] = (PNG, "photo.png") if f["type"] == "image" else (PDF, f"{f['key']}.pdf")

    body = assert_ok(post_bulk(client, factories.auth_headers(user), application.id, answers, files, is_submit="true"))

    assert body["message_key"] == "questionnary_submitted"
    db.session.expire_all()
    assert db.session.get(Application, application.id).submitted_at is not None
