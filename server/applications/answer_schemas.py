"""Request shapes of a questionnaire save (req §7 upsertUserData / createUserData): multipart or JSON.

A save carries the answers of one or more forms of a step. Besides a few fixed fields, the keys are built from
the form keys: `form___{formKey}___data_stringified` (a JSON object of the form's answers, as text) and
`form___{formKey}___{field}` (the files of one file field; the key may repeat). The schemas below group those
keys by form, so a view receives {formKey: answers} and {formKey: {field: [files]}} and no key is read by hand.
Anything else is refused (400 `validation.unknown_field`, naming the key as sent).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from marshmallow import Schema, ValidationError, fields, post_load, pre_load

from ..errors import TooLarge
from ..models.base import MAX_ID

MAX_FORM_JSON = 256 * 1024  # characters of one form's answers; more is 413
MAX_FORM_JSON_DEPTH = 32
FORM_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
FORM_FIELD = re.compile(rf"^form___({FORM_KEY.pattern})___(.{{1,200}})$", re.DOTALL)
DATA_FIELD = "data_stringified"
ANSWERS_KEY = f"form___{{formKey}}___{DATA_FIELD}"  # how the grouped answers are named in the OpenAPI document
FILES_KEY = "form___{formKey}___{field}"
PLAIN_FILES_KEY = "{field}"  # create-user-data: a file of the form named by `type`
_TRUE = {"true", "1", "on", "yes"}
_FALSE = {"false", "0", "off", "no", "", "null", "undefined"}
_NONE = {"", "null", "undefined"}  # what form libraries send for an empty value


# ------------------------------------------------------------------------------------------------ values


def _no_constant(token):
    raise ValueError(token)  # NaN / Infinity are not JSON (PostgreSQL refuses them)


def _storable(text: str) -> bool:
    try:
        text.encode("utf-8")  # lone surrogates ("\ud800") cannot be stored
    except UnicodeEncodeError:
        return False
    return True


def _finite(value, depth: int = 0) -> bool:
    """Storable JSON: finite numbers (1e999 parses as infinity), encodable text, reasonable depth."""
    if depth > MAX_FORM_JSON_DEPTH:
        return False
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, str):
        return _storable(value)
    if isinstance(value, dict):
        return all(_storable(k) and _finite(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_finite(v, depth + 1) for v in value)
    return True


def form_answers(name: str, raw) -> dict:
    """One form's answers: a JSON object, or its text (blank text or none: no answers)."""
    if isinstance(raw, str) and len(raw) > MAX_FORM_JSON:
        raise TooLarge("errors.payload_too_large", errors={name: ["errors.payload_too_large"]})
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}
    value = raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            value = None
    if not isinstance(value, dict) or not _finite(value):
        raise ValidationError("validation.json_object")
    return value


def _documented(kwargs: dict, **schema) -> dict:
    """The field's OpenAPI type (a custom field has none of its own) merged into the caller's metadata."""
    return {**kwargs, "metadata": {**schema, **kwargs.get("metadata", {})}}


class FormAnswers(fields.Field):
    """The answers of the form named by `type`: a JSON object, or its text."""

    def __init__(self, **kwargs):
        super().__init__(allow_none=True, **_documented(kwargs, type="object"))

    def _deserialize(self, value, attr, data, **kwargs):
        return form_answers(attr, value)


class FormFlag(fields.Field):
    """A yes/no switch as form text ("true", "1", "on", "yes" / "false", "0", "off", "no", "") or a JSON boolean."""

    def __init__(self, **kwargs):
        super().__init__(load_default=False, allow_none=True, **_documented(kwargs, type="boolean"))

    def deserialize(self, value, attr=None, data=None, **kwargs):
        return super().deserialize("" if value is None else value, attr, data, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValidationError("validation.invalid_type")


class FormId(fields.Field):
    """A row id as form text or a JSON number; "", "null" and "undefined" mean none (refused when required)."""

    def __init__(self, **kwargs):
        super().__init__(allow_none=True, **_documented(kwargs, type="integer", minimum=1, maximum=MAX_ID))

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and value.strip().lower() in _NONE:
            if self.required:
                raise ValidationError("validation.required")
            return None
        if isinstance(value, bool):
            raise ValidationError("validation.integer")
        text = str(value).strip()
        if not text.isdigit() or not 1 <= int(text) <= MAX_ID:
            raise ValidationError("validation.integer")
        return int(text)


class FormKey(fields.Field):
    """A form key (a step definition's formKey, or the alias main_info)."""

    def __init__(self, **kwargs):
        super().__init__(**_documented(kwargs, type="string", pattern=f"^{FORM_KEY.pattern}$"))

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not FORM_KEY.fullmatch(value.strip()):
            raise ValidationError("validation.required")
        return value.strip()


# ------------------------------------------------------------------------------------------------ bodies


class StepSaveForm(Schema):
    """The text part of a save. Unknown keys are refused (marshmallow's default)."""

    hidden_application_id = FormId(load_default=None, metadata={"description": "the application id"})
    is_submit = FormFlag(metadata={"description": "true/1 to submit the questionnaire after saving"})
    from_admin = FormFlag(metadata={"description": "true/1 when an admin writes on the applicant's behalf"})
    admin_selected_user_id = FormId(load_default=None, metadata={"description": "the applicant (with from_admin)"})
    answers = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(),
        data_key=ANSWERS_KEY,
        load_default=dict,
        metadata={
            "description": "stands for one key per form of the step, form___<formKey>___data_stringified, each "
            "holding that form's answers as JSON text; the files of a file field go under form___<formKey>___<field>"
        },
    )

    @pre_load
    def _group_answers(self, data, **kwargs):
        """form___{formKey}___data_stringified keys → {formKey: answers}; errors name the key as sent."""
        if not isinstance(data, Mapping):
            return data
        grouped: dict[str, dict] = {}
        rest: dict = {}
        errors: dict[str, list] = {}
        for name in data:
            match = FORM_FIELD.match(name)
            if match and match.group(2) == DATA_FIELD:
                try:
                    grouped[match.group(1)] = form_answers(name, data[name])
                except ValidationError as error:
                    errors[name] = error.messages
            else:
                rest[name] = data[name]
        if errors:
            raise ValidationError(errors)
        return {**rest, ANSWERS_KEY: grouped}


class BulkUpsertForm(StepSaveForm):
    """Multipart body of bulk-upsert-user-data: the forms of one step, with their files."""

    hidden_application_id = FormId(required=True, metadata={"description": "the application id"})


class CreateUserDataForm(StepSaveForm):
    """Body of create-user-data: one form named by `type` (JSON, or multipart with the form's files as plain keys,
    e.g. main info with profile_image)."""

    type = FormKey(required=True, metadata={"description": "form key, or main_info"})
    data = FormAnswers(metadata={"description": "the form's answers (JSON body)"})
    data_stringified = FormAnswers(
        metadata={"type": "string", "description": "the form's answers as JSON text (multipart)"}
    )
    application_id = FormId(load_default=None, metadata={"description": "default: the latest active application"})

    @post_load
    def _own_answers(self, loaded, **kwargs):
        """`data` (or, without it, `data_stringified`) joins the grouped answers as those of the form `type`."""
        own = loaded.pop("data") if "data" in loaded else loaded.get("data_stringified")
        loaded.pop("data_stringified", None)
        if own is not None:
            loaded["answers"][loaded["type"]] = own
        return loaded


def _file_lists(data: Mapping, name: str) -> list:
    return data.getlist(name) if hasattr(data, "getlist") else [data[name]]


class StepSaveFiles(Schema):
    """The file part of a save: form___{formKey}___{field}, grouped as {formKey: {field: [files]}}."""

    files = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.List(fields.Raw())),
        data_key=FILES_KEY,
        load_default=dict,
    )

    def _plain(self, name: str) -> bool:
        """Whether a key that is not form___{formKey}___{field} is a file of the form named by `type`."""
        return False

    @pre_load
    def _group_files(self, data, **kwargs):
        grouped: dict[str, dict] = {}
        plain: dict[str, list] = {}
        unknown: dict[str, list] = {}
        for name in data:
            match = FORM_FIELD.match(name)
            if match and match.group(2) != DATA_FIELD:
                grouped.setdefault(match.group(1), {})[match.group(2)] = _file_lists(data, name)
            elif match is None and self._plain(name):
                plain[name] = _file_lists(data, name)
            else:
                unknown[name] = ["validation.unknown_field"]
        if unknown:
            raise ValidationError(unknown)
        return {FILES_KEY: grouped, **({PLAIN_FILES_KEY: plain} if plain else {})}


class CreateUserDataFiles(StepSaveFiles):
    """create-user-data also takes the files of the form named by `type` under their field names."""

    plain_files = fields.Dict(
        keys=fields.String(), values=fields.List(fields.Raw()), data_key=PLAIN_FILES_KEY, load_default=dict
    )

    def _plain(self, name: str) -> bool:
        return name != DATA_FIELD
