"""Request and answer shapes of the application journey (req §3 Application / UserData item, §7 Users calls)."""

from __future__ import annotations

from marshmallow import fields, validate

from ..accounts.schemas import CitizenshipRead
from ..common_schemas import BaseSchema, FileRead
from ..forms.context import PROGRAM_FLAGS
from ..models.application import FINANCINGS, MESSAGE_SIDE_STAFF
from ..models.base import MAX_ID
from .workflow.schemas import ProgressRead, StatusHistoryEntryRead

_RANGE = validate.Range(min=1, max=MAX_ID, error="validation.invalid_input")
_ID = {"strict": True, "validate": _RANGE}
_QUERY_ID = {"validate": _RANGE}  # query strings are text: no strict integers there


class StudyProgramRead(BaseSchema):
    id = fields.Integer()
    code = fields.String()
    name_ru = fields.String()
    name_en = fields.String()
    name_kk = fields.String()
    degree = fields.String()
    kind = fields.String()
    additional_data = fields.Dict()


class ApplicationMessageRead(BaseSchema):
    id = fields.Integer()
    content = fields.String()
    author_side = fields.String(metadata={"description": "staff | applicant (decision 0084)"})
    createdAt = fields.DateTime(attribute="created_at")
    readAt = fields.DateTime(attribute="read_at", allow_none=True)


class UserDataRead(BaseSchema):
    id = fields.Integer()
    type = fields.String()
    data = fields.Dict()
    application_id = fields.Integer()
    term_id = fields.Integer()
    user_id = fields.Integer()
    createdAt = fields.DateTime(attribute="created_at")
    updatedAt = fields.DateTime(attribute="updated_at")


class DocumentToFixRead(BaseSchema):
    form_key = fields.String()
    field = fields.String(metadata={"description": "field path: send it back with the replacement"})
    label = fields.String(metadata={"description": "in the caller's language"})
    section = fields.String()
    files = fields.List(fields.Nested(FileRead), metadata={"description": "what the field holds now"})
    state = fields.String(metadata={"description": "returned (replace it) or replaced (awaiting staff)"})
    reason = fields.String(allow_none=True, metadata={"description": "staff's words"})
    returnedAt = fields.DateTime()
    multiple = fields.Boolean(metadata={"description": "the field takes several files (all are replaced)"})
    accept = fields.String(metadata={"description": "pdf"})


class ReplaceDocumentForm(BaseSchema):
    form_key = fields.String(required=True, validate=validate.Length(min=1, max=64))
    field = fields.String(required=True, validate=validate.Length(min=1, max=200))


class ReplaceDocumentResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()


class ApplicationRead(BaseSchema):
    id = fields.Integer()
    user_id = fields.Integer()
    term_id = fields.Integer()
    study_program_id = fields.Integer()
    study_program = fields.Nested(StudyProgramRead)
    current_step = fields.Integer()
    financing = fields.String(allow_none=True)
    status = fields.Integer(
        allow_none=True,
        metadata={
            "description": "Foreign admin status: -1 archived, 0 applied, 1 accepted, 2 awaiting visa, 3 enrolled; "
            "null before submission (and for citizens' applications)"
        },
    )
    createdAt = fields.DateTime(attribute="created_at")
    submittedAt = fields.DateTime(attribute="submitted_at", allow_none=True)
    is_exempted_from_payment = fields.Boolean()
    application_messages = fields.List(fields.Nested(ApplicationMessageRead), attribute="messages")
    # The card's summary of the thread (decision 0084), from the messages loaded with the application anyway.
    unread_messages = fields.Method(
        "_unread_messages", metadata={"type": "integer", "description": "staff messages not opened yet"}
    )
    latest_message = fields.Method(
        "_latest_message", metadata={"description": "the newest message of the thread, or null"}, allow_none=True
    )
    citizenship = fields.Nested(CitizenshipRead, allow_none=True, attribute="user.citizenship")
    documents_to_fix = fields.List(
        fields.Nested(DocumentToFixRead),
        metadata={"description": "documents staff sent back for correction (decision 0074); empty when none"},
    )

    def _unread_messages(self, application) -> int:
        return sum(1 for m in application.messages if m.author_side == MESSAGE_SIDE_STAFF and m.read_at is None)

    def _latest_message(self, application) -> dict | None:
        if not application.messages:
            return None
        latest = max(application.messages, key=lambda m: (m.created_at, m.id))
        return ApplicationMessageRead().dump(latest)


class ApplicationDetailRead(ApplicationRead):
    userDataItems = fields.List(fields.Nested(UserDataRead), attribute="user_data_items")
    upload_code = fields.String(
        allow_none=True,
        metadata={"description": "citizens: the 7-digit code to give staff when handing documents over; else null"},
    )
    status_history = fields.List(
        fields.Nested(StatusHistoryEntryRead),
        metadata={"description": "The application's progress as the applicant may see it, oldest first"},
    )
    progress = fields.Nested(
        ProgressRead,
        metadata={"description": "the stepper: every step with its state, derived from the workflow (decision 0083)"},
    )


class CreateApplicationRequest(BaseSchema):
    study_program_id = fields.Integer(
        required=True,
        **_ID,
        error_messages={
            "required": "application_form_study_program_error_msg_1",
            "null": "application_form_study_program_error_msg_1",
        },
    )
    financing = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(FINANCINGS),
        metadata={"description": "scholarship or paid (the home-page card the applicant came from); default paid"},
    )


class CreateApplicationResponse(BaseSchema):
    success = fields.Boolean()
    application_id = fields.Integer()
    citizenship = fields.Nested(CitizenshipRead, allow_none=True)


class ApplicationListResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(ApplicationRead))
    total = fields.Integer()


class ApplicationItemResponse(BaseSchema):
    success = fields.Boolean()
    item = fields.Nested(ApplicationDetailRead)


# The §3 study-program info: one boolean per program flag of the rule context (forms/context.json).
StudyProgramInfo = BaseSchema.from_dict(
    {**{flag: fields.Boolean() for flag in PROGRAM_FLAGS.values()}, "studyProgramId": fields.Integer()},
    name="StudyProgramInfo",
)


class StudyProgramInfoResponse(BaseSchema):
    success = fields.Boolean()
    studyProgramInfo = fields.Nested(StudyProgramInfo)


class StepsRequest(BaseSchema):
    application_id = fields.Integer(required=True, **_ID)
    type = fields.String(load_default="fill", validate=validate.Length(min=1, max=32))


class StepsResponse(BaseSchema):
    success = fields.Boolean()
    steps = fields.List(fields.Dict())
    variant = fields.String()


class FillItemsQuery(BaseSchema):
    user_id = fields.Integer(load_default=None, allow_none=True, **_QUERY_ID)
    foreign = fields.Boolean(load_default=None, allow_none=True)
    lang = fields.String(load_default=None)


class FillItemsResponse(BaseSchema):
    success = fields.Boolean()
    fill_items = fields.List(fields.Nested(UserDataRead))


class UserDataSaveResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    fill_items = fields.List(fields.Nested(UserDataRead))
    application = fields.Nested(ApplicationRead)


class SubmitApplicationQuery(BaseSchema):
    application_id = fields.Integer(load_default=None, allow_none=True, **_QUERY_ID)
    study_program_id = fields.Integer(load_default=None, allow_none=True, **_QUERY_ID)
    lang = fields.String(load_default=None)


class TermRead(BaseSchema):
    id = fields.Integer()
    year = fields.Integer()
    name = fields.String()
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()


class SubmitApplicationResponse(BaseSchema):
    success = fields.Boolean()
    is_open = fields.Boolean(metadata={"description": "whether the applicant can create/submit now"})
    message = fields.String(allow_none=True)
    message_key = fields.String(allow_none=True)
    term = fields.Nested(TermRead, allow_none=True)
    opens_at = fields.DateTime(allow_none=True)
    closes_at = fields.DateTime(allow_none=True)
    open_study_program_ids = fields.List(fields.Integer())
    is_submitted = fields.Boolean(allow_none=True)


class ApplicationProceedRequest(BaseSchema):
    application_id = fields.Integer(required=True, **_ID)
    type = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(("files", "handover", "paid")),
        metadata={
            "description": "documents step: files (self-upload complete) or handover (staff receive the papers); "
            "scholarship result step: paid (not awarded, continue on a paid basis); otherwise omitted"
        },
    )


class ApplicationProceedResponse(BaseSchema):
    success = fields.Boolean()
    transition = fields.String(metadata={"description": "the state-machine transition Next took"})
    application = fields.Nested(ApplicationRead)


class HomeCardsResponse(BaseSchema):
    success = fields.Boolean()
    main = fields.List(fields.String(), metadata={"description": "main cards to show, in order (issue 23)"})
    side = fields.List(fields.String(), metadata={"description": "side cards to show, in order"})
