"""Questionnaire answers: partial saves, uploads and submission (req §2 Questionnaire, §5, design §7).

One save request carries one or more forms (form key → field map and files). The order of work:
  1. who writes: the applicant on their own application, or an admin of the applicant's population on the
     applicant's behalf (from_admin + admin_selected_user_id); anyone else: 404;
  2. may it be written: archived applications and submitted questionnaires are read-only for the applicant;
  3. uploads are read and checked (type by content, size, name) — nothing is stored if one fails;
  4. answers are merged over what is saved (absent keys are kept), trimmed and normalised by the rule engine,
     validated in save mode — nothing is stored if one fails; the main-info answers the credit bureau confirmed
     (names, IIN, birth date) are read-only for the applicant (issue 22);
  5. files are written (atomic), then the rows; one commit;
  6. with is_submit: every step is validated in submit mode; on success the state machine's `submit_form`
     submits the application (step 4; foreign status applied 0) and a snapshot of every answer is kept.
Each numbered step is one function below; `save` runs them in order.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from sqlalchemy.exc import IntegrityError
from werkzeug.datastructures import FileStorage

from .. import audit, forms, populations
from ..database import unit_of_work
from ..errors import ApiError, Conflict, LocalizedMessage, NotFound
from ..extensions import db
from ..i18n import current_language
from ..models import Application, ApplicationSnapshot, User, UserData
from ..models.application import STEP_DOCUMENTS_UPLOADED
from ..models.base import utcnow
from ..models.file import FILE_KIND_DOCUMENT, FILE_KIND_IMAGE
from . import dao, prefill, workflow
from . import files as files_service
from . import operations as applications_service
from . import summary as application_summary
from .questionnaire import (
    STEP_TYPE_DOCUMENTS,
    STEP_TYPE_FILL,
    VARIANT_HOME,
    step_types,
    stored_questionnaire,
    validate_all,
)

MAIN_INFO_ALIAS = "main_info"
MAX_GROUP_ROWS = 50
_PATH = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,99}(\.[A-Za-z0-9_]{1,64}\.[A-Za-z][A-Za-z0-9_]{0,99})?$")


@dataclass
class FormPayload:
    form_key: str
    data: dict | None = None
    files: dict[str, list[FileStorage]] = field(default_factory=dict)


@dataclass
class SaveResult:
    application: Application
    items: list[UserData]
    submitted: bool
    message_key: str


# --------------------------------------------------------------------------------------------------- who


def resolve_target(
    actor: User, application_id: int | None, *, from_admin: bool, admin_selected_user_id: int | None
) -> tuple[Application, bool]:
    """(application, written by an admin). Object-level checks answer 404 for anything not the caller's."""
    if from_admin:
        if not actor.is_admin:
            raise NotFound("applications.not_found")
        owner = dao.get_user(admin_selected_user_id) if admin_selected_user_id else None
        if owner is None or not populations.is_admin_of(actor, owner):
            raise NotFound("applications.not_found")
        application = dao.get_application(application_id) if application_id else dao.latest_active_application(owner.id)
        if application is None or application.user_id != owner.id:
            raise NotFound("applications.not_found")
        return application, True
    if application_id is None:
        application = dao.latest_active_application(actor.id)
        if application is None:
            raise NotFound("applications.not_found")
        return application, False
    return applications_service.get_owned(actor, application_id), False


def _check_writable(application: Application, step_type: str, as_admin: bool) -> None:
    if as_admin:
        return
    if not application.is_active:
        raise Conflict("applications.archived")
    if step_type == STEP_TYPE_FILL and application.is_submitted:
        raise Conflict("applications.submitted_read_only")
    if step_type == STEP_TYPE_DOCUMENTS and application.current_step >= STEP_DOCUMENTS_UPLOADED:
        raise Conflict("applications.submitted_read_only")


# ---------------------------------------------------------------------------------------------- messages


def _label(key) -> str:
    if not key:
        return ""
    try:
        return forms.label(key, current_language())
    except (OSError, ValueError):
        return str(key)


# Masks whose format error names the expected format (server/i18n invalid_format.<mask>).
FORMAT_EXPLAINED = ("phone_kz", "phone_intl", "test_doc_number")


def localized(err: dict) -> LocalizedMessage:
    params = {k: v for k, v in (err.get("params") or {}).items()}
    params["label"] = _label(err.get("label"))
    labels = err.get("labels") or []
    if labels:
        params["label"] = _label(labels[0])
        params["other_label"] = _label(labels[1]) if len(labels) > 1 else ""
    params.setdefault("other_label", "")
    params.setdefault("field", err.get("field", ""))
    key = err["key"]
    if key == "invalid_format" and params.get("mask") in FORMAT_EXPLAINED:
        key = f"invalid_format.{params['mask']}"  # says which format is expected (decision 0083)
    return LocalizedMessage(key, **params)


def validation_error(errors: list[tuple[str, dict]], status: int = 400) -> ApiError:
    """ApiError with {"<formKey>.<field path>": [localized text]} and the first error's key as message_key."""
    messages: dict[str, list] = {}
    for form_key, err in errors:
        messages.setdefault(f"{form_key}.{err['field']}", []).append(localized(err))
    first = localized(errors[0][1])
    return ApiError(status, str(first), errors=messages, **first.params)


# ------------------------------------------------------------------------------------------- data helpers


def _file_fields(definition: dict) -> dict[str, dict]:
    """Field key (top level, or 'group.*.sub') → definition, for every file or image field."""
    out = {}
    for f in definition.get("fields", []):
        if f["type"] in ("file", "image"):
            out[f["key"]] = f
        for sub in f.get("fields", []) or []:
            if sub["type"] in ("file", "image"):
                out[f"{f['key']}.*.{sub['key']}"] = sub
    return out


def _field_for_path(file_fields: dict[str, dict], path: str) -> dict | None:
    parts = path.split(".")
    if len(parts) == 1:
        return file_fields.get(path)
    if len(parts) == 3:
        return file_fields.get(f"{parts[0]}.*.{parts[2]}")
    return None


def field_for_path(definition: dict, path: str) -> dict | None:
    """The file or image field a path names in a step's definition (key, or group.row.key), else None."""
    return _field_for_path(_file_fields(definition), path) if _PATH.match(path or "") else None


def value_at(data: dict, path: str):
    """The value at a field path of a step's answers (None when any part is missing)."""
    value = data
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def clear_path(definition: dict, data: dict, path: str) -> bool:
    """Empties a file field of a step's answers (its value becomes absent or null); False for a path that names
    no file field of the definition."""
    if field_for_path(definition, path) is None:
        return False
    if "." not in path:
        data.pop(path, None)
        return True
    return _set_path(definition, data, path, None)


def _set_path(definition: dict, data: dict, path: str, value) -> bool:
    parts = path.split(".")
    if len(parts) == 1:
        data[path] = value
        return True
    group_key, segment, sub_key = parts
    group = next((f for f in definition.get("fields", []) if f["key"] == group_key), None)
    if group is None:
        return False
    if group["type"] == "group":
        if not segment.isdigit() or int(segment) >= MAX_GROUP_ROWS:
            return False
        rows = data.get(group_key)
        if not isinstance(rows, list):
            rows = []
            data[group_key] = rows
        while len(rows) <= int(segment):
            rows.append({})
        if not isinstance(rows[int(segment)], dict):
            rows[int(segment)] = {}
        rows[int(segment)][sub_key] = value
        return True
    container = data.get(group_key)
    if not isinstance(container, dict):
        container = {}
        data[group_key] = container
    row = container.get(segment)
    if not isinstance(row, dict):
        row = {}
        container[segment] = row
    row[sub_key] = value
    return True


def _file_values(definition: dict, data: dict):
    """(path, field, value, setter) of every file field present in data."""
    file_fields = _file_fields(definition)
    for key, value in list(data.items()):
        f = file_fields.get(key)
        if f is not None:
            yield key, f, value, (lambda v, d=data, k=key: d.__setitem__(k, v))
        if isinstance(value, list):
            rows = enumerate(value)
        elif isinstance(value, dict):
            rows = value.items()
        else:
            continue
        for segment, row in rows:
            if not isinstance(row, dict):
                continue
            for sub_key, sub_value in list(row.items()):
                f = file_fields.get(f"{key}.*.{sub_key}")
                if f is not None:
                    yield (
                        f"{key}.{segment}.{sub_key}",
                        f,
                        sub_value,
                        (lambda v, r=row, k=sub_key: r.__setitem__(k, v)),
                    )


def _ref_ids(value) -> list:
    values = value if isinstance(value, list) else [value]
    out = []
    for ref in values:
        if isinstance(ref, dict):
            out.append(ref.get("id"))
        else:
            out.append(ref)
    return out


def _canonical_refs(
    form_key: str, definition: dict, data: dict, application: Application, known: dict
) -> list[tuple[str, dict]]:
    """Replaces file references sent back by the client with the server's own metadata; unknown ids or files of
    someone else are errors (a client cannot attach another applicant's file)."""
    errors = []
    for path, f, value, setter in _file_values(definition, data):
        if forms.is_empty(value):
            continue
        refs = []
        for file_id in _ref_ids(value):
            row = known.get(file_id) if isinstance(file_id, str) else None
            if row is None or row.owner_id != application.user_id:
                errors.append((form_key, {"field": path, "key": "files.not_found", "label": f.get("label")}))
                refs = None
                break
            refs.append(
                {
                    "id": row.id,
                    "name": row.original_name,
                    "content_type": row.content_type,
                    "size": row.size,
                    "url": f"/api/v1/files/{row.id}",
                }
            )
        if refs is not None:
            setter(refs if f.get("multiple") else refs[0])
    return errors


def _read_only_changes(form_key: str, definition: dict, incoming: dict, fixed: dict) -> list[tuple[str, dict]]:
    """A read-only field sent with another value is an error on that field (the same value, resent with the whole
    form, is fine); the saved answer keeps the fixed value either way."""
    labels = {f["key"]: f.get("label") for f in definition.get("fields", [])}
    return [
        (form_key, {"field": name, "key": "applications.bureau_read_only", "label": labels.get(name)})
        for name, value in fixed.items()
        if name in incoming and incoming[name] != value
    ]


def _changed_fields(before: dict, after: dict) -> dict:
    changed = {}
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            changed[key] = {"from": before.get(key), "to": after.get(key)}
    return changed


# ------------------------------------------------------------------------------------------------- saving


@dataclass
class SaveTarget:
    """The application a save writes to and its questionnaire as stored, loaded once per request."""

    application: Application
    as_admin: bool
    items: dict[str, UserData]
    variant: str
    ctx: dict  # the rule engine's context; ctx["answers"] follows the answers as this request changes them
    types: dict[str, str]  # form key → step type, for every step this application may write
    read_only: dict[str, dict] = field(default_factory=dict)  # form key → {field: the only value it may hold}


def save(
    actor: User,
    application_id: int | None,
    payloads: list[FormPayload],
    *,
    is_submit: bool = False,
    from_admin: bool = False,
    admin_selected_user_id: int | None = None,
) -> SaveResult:
    """One save request, in the order of the module docstring: nothing is stored unless every check passed."""
    target = load_target(actor, application_id, from_admin=from_admin, admin_selected_user_id=admin_selected_user_id)
    resolve_form_aliases(target, payloads)
    check_may_write(target, actor, payloads, is_submit=is_submit)
    checked = check_uploads(target, payloads)
    prepared = prepare_answers(target, payloads, checked)
    submitted = store(target, actor, checked, prepared, is_submit=is_submit)
    return SaveResult(
        application=target.application,
        # The commit expired every loaded row: one query reloads the answers, instead of one per row as the
        # answer reads them (issue 25's profile of the autosave).
        items=dao.user_data_of(target.application.id),
        submitted=submitted,
        message_key="questionnary_submitted" if submitted else "common.success",
    )


def load_target(
    actor: User, application_id: int | None, *, from_admin: bool, admin_selected_user_id: int | None
) -> SaveTarget:
    """1. who writes (404 for anything not the caller's) and the stored questionnaire."""
    application, as_admin = resolve_target(
        actor, application_id, from_admin=from_admin, admin_selected_user_id=admin_selected_user_id
    )
    items, variant, ctx = stored_questionnaire(application)
    return SaveTarget(
        application, as_admin, items, variant, ctx, step_types(application, ctx), _read_only(application, as_admin)
    )


def _read_only(application: Application, as_admin: bool) -> dict[str, dict]:
    """The credit bureau's values of the local main-info step. An applicant who could retype the IIN or the names
    the bureau confirmed would show staff someone else (issue 22); staff correcting the questionnaire on the
    applicant's behalf keep that right (audited), and the grant reads the bureau's own row, never these answers."""
    if as_admin or populations.population_of(application.user) != populations.POPULATION_KZ:
        return {}
    person = dao.person_data_of(application.user_id)
    return {forms.MAIN_INFO_LOCAL: prefill.bureau_values(person)} if person is not None else {}


def resolve_form_aliases(target: SaveTarget, payloads: list[FormPayload]) -> None:
    main_info = "fillStepMainInfoLocal" if target.variant == VARIANT_HOME else "fillStepMainInfo"
    for payload in payloads:
        if payload.form_key == MAIN_INFO_ALIAS:
            payload.form_key = main_info


def check_may_write(target: SaveTarget, actor: User, payloads: list[FormPayload], *, is_submit: bool) -> None:
    """2. the form keys exist for this application and may be written now (and submitted, if asked)."""
    unknown = [
        (p.form_key, {"field": "_form", "key": "applications.unknown_form", "label": None})
        for p in payloads
        if p.form_key not in target.types
    ]
    if unknown:
        raise validation_error(unknown)
    for payload in payloads:
        _check_writable(target.application, target.types[payload.form_key], target.as_admin)
    if is_submit:
        _check_submittable(target, actor)


def check_uploads(target: SaveTarget, payloads: list[FormPayload]) -> list[files_service.CheckedUpload]:
    """3. every upload is checked (field, count, type by content, size, name) before anything is stored."""
    checked: list[files_service.CheckedUpload] = []
    upload_errors: list[tuple[str, dict]] = []
    status = 400
    for payload in payloads:
        definition = forms.resolve_step(payload.form_key, target.ctx)
        file_fields = _file_fields(definition)
        for path, uploads in payload.files.items():
            f = _field_for_path(file_fields, path) if _PATH.match(path) else None
            if f is None:
                upload_errors.append((payload.form_key, {"field": path, "key": "files.unknown_field", "label": None}))
                continue
            if len(uploads) > 1 and not f.get("multiple"):
                upload_errors.append(
                    (payload.form_key, {"field": path, "key": "files.one_only", "label": f.get("label")})
                )
                continue
            kind = FILE_KIND_IMAGE if f["type"] == "image" else FILE_KIND_DOCUMENT
            for upload in uploads:
                result, error, error_status = files_service.check_upload(upload, kind)
                if error is not None:
                    upload_errors.append(
                        (
                            payload.form_key,
                            {"field": path, "key": str(error), "label": f.get("label"), "params": error.params},
                        )
                    )
                    status = max(status, error_status)
                    break
                result.form_key, result.field, result.id = payload.form_key, path, files_service.new_file_id()
                checked.append(result)
    if upload_errors:
        raise validation_error(upload_errors, status=413 if status == 413 else 400)
    return checked


def prepare_answers(
    target: SaveTarget, payloads: list[FormPayload], checked: list[files_service.CheckedUpload]
) -> dict[str, dict]:
    """4. the sent answers merged over the saved ones, trimmed, normalised and validated in save mode."""
    ctx = target.ctx
    referenced = set()
    for payload in payloads:
        if payload.data:
            definition = forms.resolve_step(payload.form_key, ctx)
            for _, _, value, _ in _file_values(definition, payload.data):
                if not forms.is_empty(value):
                    referenced.update(i for i in _ref_ids(value) if isinstance(i, str))
    known_files = dao.files_by_ids(referenced)

    errors: list[tuple[str, dict]] = []
    prepared: dict[str, dict] = {}
    for payload in payloads:
        key = payload.form_key
        definition = forms.resolve_step(key, ctx)
        incoming = forms.trim(copy.deepcopy(payload.data or {}))
        errors += _canonical_refs(key, definition, incoming, target.application, known_files)
        fixed = target.read_only.get(key, {})
        errors += _read_only_changes(key, definition, incoming, fixed)
        merged = {**ctx["answers"].get(key, {}), **incoming, **fixed}
        for upload in (u for u in checked if u.form_key == key):
            f = _field_for_path(_file_fields(definition), upload.field)
            ref = upload.reference()
            if f.get("multiple") and "." not in upload.field:
                current = merged.get(upload.field)
                merged[upload.field] = (current if isinstance(current, list) else []) + [ref]
            elif f.get("multiple") or not _set_path(definition, merged, upload.field, ref):
                errors.append((key, {"field": upload.field, "key": "files.unknown_field", "label": None}))
        data = forms.prepare(key, merged, ctx)
        touched = set(incoming) | {u.field.split(".")[0] for u in checked if u.form_key == key}
        for err in forms.validate_step(key, data, ctx, mode="save"):
            if err["field"].split(".")[0] in touched:
                errors.append((key, err))
        prepared[key] = data
        ctx["answers"][key] = data
    if errors:
        raise validation_error(errors)
    return prepared


def store(
    target: SaveTarget,
    actor: User,
    checked: list[files_service.CheckedUpload],
    prepared: dict[str, dict],
    *,
    is_submit: bool,
) -> bool:
    """5./6. files (atomic), then the rows, then the submission if asked; one commit. Whether it submitted."""
    application = target.application
    now = utcnow()
    written = files_service.write_all(
        checked,
        owner_id=application.user_id,
        uploaded_by_id=actor.id,
        application_id=application.id,
        session=db.session,
    )
    try:
        # A refused submission (an ApiError, raised by submit() only once the answers are flushed) keeps the
        # answers and their files: the unit commits them, then the refusal is raised.
        with unit_of_work(keep_on=(ApiError,)):
            changes = upsert_answers(target, actor, prepared, now)
            if target.as_admin:
                _audit_admin_update(target, actor, changes, checked, now)
            application.updated_at = now
            application_summary.refresh(application, {key: item.data or {} for key, item in target.items.items()})
            db.session.flush()
            submitted = is_submit and submit(target, actor, now)
    except ApiError:
        raise
    except IntegrityError:
        # A concurrent save of the same form created the row first: nothing of this request is kept (the unit
        # rolled it back); retry.
        files_service.discard(written)
        raise Conflict("errors.conflict") from None
    except Exception:
        files_service.discard(written)
        raise
    return submitted


def upsert_answers(target: SaveTarget, actor: User, prepared: dict[str, dict], now) -> dict[str, dict]:
    """One row per (application, form key), created or updated; the changed fields of each, from → to."""
    application = target.application
    changes = {}
    for key, data in prepared.items():
        item = target.items.get(key)
        if item is None:
            item = UserData(
                user_id=application.user_id,
                application_id=application.id,
                term_id=application.term_id,
                type=key,
                data=data,
                created_at=now,
                updated_at=now,
                updated_by_id=actor.id,
            )
            db.session.add(item)
            target.items[key] = item
            changes[key] = _changed_fields({}, data)
        else:
            changes[key] = _changed_fields(item.data or {}, data)
            item.data = data
            item.updated_at = now
            item.updated_by_id = actor.id
    return changes


def _audit_admin_update(target: SaveTarget, actor: User, changes: dict, checked: list, now) -> None:
    application = target.application
    audit.record(
        "user_data.admin_update",
        ("application", str(application.id)),
        {
            "user_id": application.user_id,
            "changes": changes,
            "files": [u.id for u in checked],
            "after_submission": application.is_submitted,
        },
        actor=actor,
    )


def _workflow_actor(target: SaveTarget, actor: User) -> workflow.Actor:
    return workflow.Actor.admin(actor) if target.as_admin else workflow.Actor.applicant(actor)


def _check_submittable(target: SaveTarget, actor: User) -> None:
    """Before anything is stored: the refusals the client shows (decision 0031), then the state machine's own
    checks of `submit_form`, except completeness, which holds only once this request's answers are stored."""
    application = target.application
    if not target.as_admin:
        if not application.is_active:
            raise Conflict("applications.archived")
        if application.is_submitted:
            raise Conflict("applications.already_submitted")
    if application.is_submitted:
        return  # an admin correcting a submitted questionnaire: there is nothing left to submit
    workflow.check(
        application,
        "submit_form",
        actor=_workflow_actor(target, actor),
        skip_guards=(workflow.guards.questionnaire_complete.name,),
    )


def submit(target: SaveTarget, actor: User, now) -> bool:
    """6. with is_submit: every fill step is validated in submit mode; the answers of this request are kept even
    when the submission is refused (they passed save validation: never lose a saved answer). On success the
    state machine submits the application and a snapshot of every answer is kept. Whether it submitted."""
    application = target.application
    errors = validate_all(application, target.ctx, STEP_TYPE_FILL)
    if errors:
        raise validation_error(errors)  # store()'s unit keeps the answers (keep_on=ApiError)
    if application.is_submitted:
        return False
    # The applicant's interface language goes with the event: the confirmation letter is written in it. A refused
    # transition (a concurrent submission won) refuses only the submission: store()'s unit keeps the answers.
    data = {} if target.as_admin else {"language": current_language()}
    workflow.transition(application, "submit_form", actor=_workflow_actor(target, actor), data=data)
    _snapshot(application, target.items.values(), actor, now, "submission")
    return True


def _snapshot(application: Application, items, actor: User, now, reason: str) -> None:
    for item in items:
        db.session.add(
            ApplicationSnapshot(
                application_id=application.id,
                user_data_id=item.id,
                type=item.type,
                data=copy.deepcopy(item.data),
                reason=reason,
                taken_by_id=actor.id,
                created_at=now,
            )
        )


def snapshot_answers(application: Application, actor: User, now, reason: str) -> None:
    """A copy of every stored answer of the application (kept when it is submitted); does not commit."""
    _snapshot(application, dao.user_data_of(application.id), actor, now, reason)


# ------------------------------------------------------------------------------------------------ reading


def fill_items(actor: User, application_id: int, user_id: int | None = None, foreign: bool | None = None) -> list[dict]:
    """The saved answers of an application, for its applicant or an admin of the applicant's population.
    A constant number of queries: the application (with its program and messages), its owner, its items."""
    application = applications_service.get_readable(actor, application_id)
    if user_id is not None and application.user_id != user_id:
        raise NotFound("applications.not_found")
    if foreign is not None and actor.id != application.user_id:
        population = populations.population_of(application.user)
        if (population == populations.POPULATION_FOREIGN) != bool(foreign):
            raise NotFound("applications.not_found")
    return present_items(dao.user_data_of(application.id), application.user_id)


def present_items(items: list[UserData], owner_id: int) -> list[dict]:
    """Saved answers as the API shows them, file references signed only where the file is the owner's."""
    signed = files_service.with_signed_urls([item.data or {} for item in items], owner_id)
    return [
        {
            "id": item.id,
            "type": item.type,
            "data": data,
            "application_id": item.application_id,
            "term_id": item.term_id,
            "user_id": item.user_id,
            "created_at": item.created_at,
            "updated_at": item.updated_at,
        }
        for item, data in zip(items, signed, strict=True)
    ]
