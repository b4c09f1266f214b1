"""The whole application as staff and applicants read it: every step rendered from the questionnaire definitions
(labels in the reader's language, option names, signed file links). Shared by the admin panel and the document
review (decision 0066 "The panel", decision 0074)."""

from __future__ import annotations

from .. import forms
from ..i18n import current_language
from ..models import Application
from . import dao as applications_dao
from . import files as files_service
from . import render as application_render
from .answers import value_at
from .questionnaire import STEP_TYPE_STEPPER, questionnaire_context, step_types


def render_sections(application: Application, answers: dict[str, dict], language: str | None = None) -> list[dict]:
    """Every step of the application's questionnaire in order, then the stepper's steps, then any
    other saved form (kept answers of a step the program no longer shows), rendered in the caller's language."""
    _, ctx, keys = questionnaire_context(application, answers)
    kinds = step_types(application, ctx)
    ordered = list(dict.fromkeys([*keys, *(k for k, kind in kinds.items() if kind == STEP_TYPE_STEPPER)]))
    ordered += [key for key in answers if key not in ordered and _known_form(key)]
    signed = dict(
        zip(answers, files_service.with_signed_urls(list(answers.values()), application.user_id), strict=True)
    )
    rc = application_render.RenderContext(
        language=language or current_language(),
        options=application_render.options_by_id(ctx["options"]),
        institutions=applications_dao.institution_names(application_render.institution_ids(answers)),
    )
    sections = []
    for key in ordered:
        rendered = application_render.section(key, answers.get(key) or {}, ctx, rc)
        _replace_file_values(rendered["fields"], signed.get(key) or {})
        sections.append(rendered)
    return sections


def _known_form(form_key: str) -> bool:
    try:
        forms.get_step(form_key)
    except KeyError:
        return False
    return True


def _replace_file_values(fields: list[dict], signed_data: dict) -> None:
    """File fields show the signed copies of their references (short-lived download links)."""
    for entry in fields:
        if "files" in entry:
            signed_value = value_at(signed_data, entry["path"])
            entry["value"] = signed_value
            entry["files"] = application_render.file_refs(signed_value)
        for row in entry.get("rows", []):
            _replace_file_values(row["fields"], signed_data)
