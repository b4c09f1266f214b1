"""What a workflow transition may be given (`transition(..., data=...)`) and how its history is shown.

Admin and integration endpoints load their request bodies with these shapes (or pass them on as they are); the
state machine loads `data` with them again, so a transition never stores anything it has not validated.
"""

from __future__ import annotations

from marshmallow import fields, validate

from ...common_schemas import BaseSchema
from ...i18n import LANGUAGES
from ...models.application import FINANCINGS
from ...models.base import MAX_ID

_ID = validate.Range(min=1, max=MAX_ID, error="validation.invalid_input")
TEXT_MAX = 2000  # reason / comment


def _flag(**kwargs) -> fields.Boolean:
    """true or false only: a yes/no decision is never guessed from "1", "on" or "да"."""
    return fields.Boolean(truthy={True}, falsy={False}, **kwargs)


class CreationData(BaseSchema):
    financing = fields.String(required=True, validate=validate.OneOf(FINANCINGS))
    is_exempted_from_payment = _flag(required=True)


class SubmissionData(BaseSchema):
    """The language the applicant used when submitting: the confirmation (and later status) letters use it
    (issue 10). Absent when an admin submits on the applicant's behalf."""

    language = fields.String(load_default=None, validate=validate.OneOf(LANGUAGES))


class PaymentConfirmationData(BaseSchema):
    """A payment the payment integration has confirmed with its provider."""

    payment_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    amount = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=MAX_ID))


class GrantResultData(BaseSchema):
    awarded = _flag(required=True)


class ExemptionData(BaseSchema):
    is_exempted_from_payment = _flag(required=True)


class ProgramChangeData(BaseSchema):
    study_program_id = fields.Integer(required=True, strict=True, validate=_ID)


class StatusHistoryEntryRead(BaseSchema):
    """One applicant-visible transition: what changed and when (never who on the staff side, never comments)."""

    transition = fields.String()
    from_step = fields.Integer(allow_none=True)
    to_step = fields.Integer(allow_none=True)
    from_status = fields.Integer(allow_none=True)
    to_status = fields.Integer(allow_none=True)
    createdAt = fields.DateTime(attribute="created_at")


class ProgressStepRead(BaseSchema):
    key = fields.String()
    label_key = fields.String(metadata={"description": "i18n key of the step's title (the client catalogue)"})
    state = fields.String(metadata={"description": "done | current | upcoming | hidden (not on this path)"})


class ProgressRead(BaseSchema):
    current = fields.String(metadata={"description": "the key of the one current step"})
    archived = fields.Boolean()
    completed = fields.Boolean(metadata={"description": "enrolled: nothing is left to do"})
    steps = fields.List(fields.Nested(ProgressStepRead))
