"""Request and answer shapes of the staff calls (req §7 Admin; decision 0066)."""

from __future__ import annotations

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from ..common_schemas import BaseSchema, FileRead, TypedRows
from ..models.base import MAX_ID
from .dao import SORT_FIELDS

_ID_RANGE = validate.Range(min=1, max=MAX_ID, error="validation.invalid_input")
_ID = {"strict": True, "validate": _ID_RANGE}
MAX_MESSAGE_LENGTH = 5000
MAX_REASON_LENGTH = 1000
MAX_BULK_IDS = 200


def _optional_id(**kw):
    return fields.Integer(load_default=None, allow_none=True, validate=_ID_RANGE, **kw)


# ------------------------------------------------------------------------------------------------- queues


class QueueParams(BaseSchema):
    """additionalParams: every filter is optional; null means "any"."""

    selectedNation = _optional_id(metadata={"description": "citizenship id (the nationality filter)"})
    selectedProgram = _optional_id(metadata={"description": "study program id"})
    fromDate = fields.Date(load_default=None, allow_none=True, metadata={"description": "submitted on or after"})
    toDate = fields.Date(load_default=None, allow_none=True, metadata={"description": "submitted before (exclusive)"})
    needsDorm = fields.Boolean(
        load_default=None, allow_none=True, metadata={"description": "true: needs a dormitory; false: does not"}
    )
    unreadMessages = fields.Boolean(
        load_default=None,
        allow_none=True,
        metadata={"description": "true: only applications with replies staff have not opened (decision 0084)"},
    )
    country = _optional_id(metadata={"description": "country of residence (SelectOption id)"})
    campaignYear = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1900, max=2100),
        metadata={"description": "the admission term's year"},
    )
    untScoreFrom = fields.Float(load_default=None, allow_none=True, validate=validate.Range(min=0, max=1000))
    untScoreTo = fields.Float(load_default=None, allow_none=True, validate=validate.Range(min=0, max=1000))
    socialCategory = _optional_id(metadata={"description": "social category (SelectOption id)"})

    @validates_schema
    def _ranges(self, data, **kwargs):
        if data.get("fromDate") and data.get("toDate") and data["fromDate"] >= data["toDate"]:
            raise ValidationError("admin.date_range", field_name="toDate")
        low, high = data.get("untScoreFrom"), data.get("untScoreTo")
        if low is not None and high is not None and low > high:
            raise ValidationError("admin.score_range", field_name="untScoreTo")


class QueueFilters(BaseSchema):
    queue = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=32),
        metadata={
            "description": "foreign (isLocal false): users | applied | accepted | awaiting-visa | enrolled | archived; "
            "citizens (isLocal true): users | scholarship | paid | awaiting | enrolled | archived. Default users."
        },
    )


class QueueSort(BaseSchema):
    field = fields.String(required=True, validate=validate.OneOf(SORT_FIELDS))
    direction = fields.String(load_default="desc", validate=validate.OneOf(("asc", "desc")))


class AdminApplicationsRequest(BaseSchema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    size = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    searchWhere = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=100),
        metadata={"description": "name, e-mail, IIN or phone (every word must match)"},
    )
    additionalParams = fields.Nested(QueueParams, load_default=dict)
    applicationFilters = fields.Nested(QueueFilters, load_default=dict)
    isLocal = fields.Boolean(
        load_default=None, allow_none=True, metadata={"description": "true: citizens' queues; false: foreign"}
    )
    sort = fields.Nested(QueueSort, load_default=None, allow_none=True)


class NamedRef(BaseSchema):
    id = fields.Integer()
    code = fields.String(allow_none=True)
    name_ru = fields.String()
    name_en = fields.String()
    name_kk = fields.String()


class QueueUser(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    middle_name = fields.String(allow_none=True)


class QueueRow(BaseSchema):
    id = fields.Integer(allow_none=True, metadata={"description": "application id (users queue: the latest, or null)"})
    user = fields.Nested(QueueUser)
    citizenship = fields.Nested(NamedRef, allow_none=True)
    study_program_id = fields.Integer(allow_none=True)
    study_program = fields.Nested(NamedRef, allow_none=True)
    term_id = fields.Integer(allow_none=True)
    campaign_year = fields.Integer(allow_none=True)
    createdAt = fields.DateTime(allow_none=True)
    submittedAt = fields.DateTime(allow_none=True)
    need_dorm = fields.Boolean(allow_none=True)
    documents_count = fields.Integer()
    social_category = fields.List(fields.Nested(NamedRef))
    status = fields.Integer(allow_none=True)
    current_step = fields.Integer(allow_none=True)
    financing = fields.String(allow_none=True)
    unt_score = fields.Float(allow_none=True)
    is_exempted_from_payment = fields.Boolean(allow_none=True)
    upload_code = fields.String(allow_none=True, metadata={"description": "citizens only"})
    unread_messages = fields.Integer(metadata={"description": "the applicant's replies staff have not opened"})
    next_stage = fields.String(
        allow_none=True, metadata={"description": "the transition the row's 'send to next stage' takes, or null"}
    )


class AdminApplicationsResponse(BaseSchema):
    success = fields.Boolean()
    list = TypedRows(QueueRow)  # the queue page: a fast dump with the same output (common_schemas.py)
    total = fields.Integer()
    counts = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "queue → rows"})
    page = fields.Integer()
    size = fields.Integer()
    queue = fields.String()
    segment = fields.String()
    export_sync_max_rows = fields.Integer(
        metadata={"description": "a queue of more rows is exported by a background job (POST /admin/exports)"}
    )


# ------------------------------------------------------------------------------------------- the panel


class RenderedField(BaseSchema):
    key = fields.String()
    path = fields.String(metadata={"description": "field path in the answers: key, group.0.key, group.<option>.key"})
    type = fields.String()
    label_key = fields.String(allow_none=True)
    label = fields.String(metadata={"description": "in the caller's language (Accept-Language)"})
    value = fields.Raw(allow_none=True, metadata={"description": "the stored value (file references signed)"})
    text = fields.String(
        allow_none=True,
        metadata={"description": "the value as text: option names, dd.MM.yyyy dates, yes/no; null when empty"},
    )
    files = fields.List(fields.Nested(FileRead))
    rows = fields.List(fields.Nested(lambda: RenderedRow()))


class RenderedRow(BaseSchema):
    title = fields.String()
    fields = fields.List(fields.Nested(RenderedField))


class RenderedSection(BaseSchema):
    key = fields.String(metadata={"description": "form key"})
    title_key = fields.String(allow_none=True)
    title = fields.String()
    fields = fields.List(fields.Nested(RenderedField))


class DocumentRead(FileRead):
    form_key = fields.String()
    section = fields.String()
    field = fields.String()
    label = fields.String()


class AuthorRead(BaseSchema):
    id = fields.Integer()
    email = fields.String(allow_none=True)


class DocumentReviewRead(BaseSchema):
    id = fields.Integer()
    decision = fields.String(metadata={"description": "accepted or returned"})
    reason = fields.String(allow_none=True)
    file_ids = fields.List(fields.String(), metadata={"description": "the version judged"})
    reviewer = fields.Nested(AuthorRead, allow_none=True)
    createdAt = fields.DateTime()


class DocumentVersionRead(BaseSchema):
    id = fields.String()
    name = fields.String(allow_none=True)
    size = fields.Integer(allow_none=True)
    createdAt = fields.DateTime()
    by_staff = fields.Boolean(metadata={"description": "uploaded by staff on the applicant's behalf"})
    current = fields.Boolean(metadata={"description": "the field holds this file now"})
    url = fields.String(metadata={"description": "signed download link, valid 10 minutes"})


class ReviewedDocument(BaseSchema):
    form_key = fields.String()
    field = fields.String(metadata={"description": "field path in the answers"})
    label = fields.String()
    section = fields.String()
    files = fields.List(fields.Nested(FileRead), metadata={"description": "what the field holds now"})
    state = fields.String(metadata={"description": "pending, accepted, returned or replaced (decision 0074)"})
    reviews = fields.List(fields.Nested(DocumentReviewRead), metadata={"description": "oldest first"})
    versions = fields.List(fields.Nested(DocumentVersionRead), metadata={"description": "oldest first"})


class DocumentReviewRequest(BaseSchema):
    form_key = fields.String(required=True, validate=validate.Length(min=1, max=64))
    field = fields.String(required=True, validate=validate.Length(min=1, max=200))
    decision = fields.String(required=True, validate=validate.OneOf(("accepted", "returned")))
    reason = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=MAX_REASON_LENGTH, error="validation.too_long"),
        metadata={"description": "required when sending back; trimmed"},
    )

    @validates_schema
    def _reason_given(self, data, **kwargs):
        if data.get("decision") == "returned" and not (data.get("reason") or "").strip():
            raise ValidationError("documents.reason_required", field_name="reason")


class DocumentReviewResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    state = fields.String()


class PanelMessage(BaseSchema):
    id = fields.Integer()
    content = fields.String()
    createdAt = fields.DateTime()
    author = fields.Nested(AuthorRead, allow_none=True)
    author_side = fields.String(metadata={"description": "staff | applicant (decision 0084)"})
    readAt = fields.DateTime(allow_none=True, metadata={"description": "when the other side first opened it"})


class PanelUser(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    middle_name = fields.String(allow_none=True)
    citizenship = fields.Nested(NamedRef, allow_none=True)


class TermRef(BaseSchema):
    id = fields.Integer()
    year = fields.Integer()
    name = fields.String()


class SharedIin(BaseSchema):
    application_id = fields.Integer()
    user_id = fields.Integer()
    email = fields.String()
    same_account = fields.Boolean(metadata={"description": "another application of this applicant"})
    current_step = fields.Integer()
    grant_awarded = fields.Boolean(allow_none=True, metadata={"description": "its recorded grant result, if any"})


class BureauCheck(BaseSchema):
    received = fields.Boolean(metadata={"description": "the credit bureau confirmed the applicant's data"})
    iin = fields.String(allow_none=True, metadata={"description": "the IIN the bureau confirmed"})
    received_at = fields.DateTime(allow_none=True)
    iin_shared_with = fields.List(
        fields.Nested(SharedIin),
        metadata={"description": "other active applications of the same admission year under that IIN (a flag)"},
    )


class ApplicationPanel(BaseSchema):
    id = fields.Integer()
    user = fields.Nested(PanelUser)
    segment = fields.String(metadata={"description": "FOREIGN or KZ"})
    variant = fields.String(metadata={"description": "foreign or home (the questionnaire variant)"})
    study_program_id = fields.Integer()
    study_program = fields.Nested(NamedRef)
    term = fields.Nested(TermRef, allow_none=True)
    current_step = fields.Integer()
    status = fields.Integer(allow_none=True)
    financing = fields.String(allow_none=True)
    is_exempted_from_payment = fields.Boolean()
    createdAt = fields.DateTime()
    submittedAt = fields.DateTime(allow_none=True)
    updatedAt = fields.DateTime(allow_none=True)
    upload_code = fields.String(allow_none=True, metadata={"description": "citizens only"})
    photo = fields.Nested(FileRead, allow_none=True)
    sections = fields.List(fields.Nested(RenderedSection))
    documents = fields.List(fields.Nested(DocumentRead))
    documents_review = fields.List(
        fields.Nested(ReviewedDocument), metadata={"description": "one entry per document, with its review"}
    )
    application_messages = fields.List(fields.Nested(PanelMessage))
    history = fields.List(fields.Nested(lambda: HistoryEntry()), metadata={"description": "oldest first"})
    available_transitions = fields.List(
        fields.String(), metadata={"description": "what the caller may do now (buttons to show)"}
    )
    bureau = fields.Nested(BureauCheck, allow_none=True, metadata={"description": "citizens only (issue 22)"})


class ApplicationPanelResponse(BaseSchema):
    success = fields.Boolean()
    item = fields.Nested(ApplicationPanel)


# ---------------------------------------------------------------------------------------- messages, intake


class SendMessageRequest(BaseSchema):
    user_id = fields.Integer(required=True, **_ID)
    content = fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error="admin.message_required"),
            validate.Length(max=MAX_MESSAGE_LENGTH, error="validation.too_long"),
        ],
        error_messages={"required": "admin.message_required", "null": "admin.message_required"},
        metadata={"description": f"trimmed; 1..{MAX_MESSAGE_LENGTH} characters"},
    )
    application_id = _optional_id(metadata={"description": "default: the applicant's latest application"})


class SentMessage(BaseSchema):
    id = fields.Integer()
    application_id = fields.Integer()
    content = fields.String()
    author_side = fields.String()
    createdAt = fields.DateTime(attribute="created_at")


class MessagesReadResponse(BaseSchema):
    success = fields.Boolean()
    marked = fields.Integer(metadata={"description": "replies that were unread until now"})


class SendMessageResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    item = fields.Nested(SentMessage)


class UserIdRequest(BaseSchema):
    user_id = fields.Integer(required=True, **_ID)


class UploadApplicationResponse(BaseSchema):
    success = fields.Boolean()
    id = fields.Integer(metadata={"description": "the application to attach the documents to"})
    user_id = fields.Integer()
    upload_code = fields.String()


class UploadCodeRequest(BaseSchema):
    code = fields.String(required=True, validate=validate.Length(max=32), metadata={"description": "7 digits"})


class UploadCodeUser(BaseSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    middle_name = fields.String(allow_none=True)


class UploadCodeResponse(BaseSchema):
    success = fields.Boolean()
    user_id = fields.Integer()
    application_id = fields.Integer(allow_none=True)
    upload_code = fields.String()
    user = fields.Nested(UploadCodeUser)


# ------------------------------------------------------------------------------------------------- export

_SORT_PATTERN = "|".join(SORT_FIELDS)


class ExportQuery(QueueParams):
    """GET /admin/export: the list call's filters as query parameters (so a link reproduces the file)."""

    isLocal = fields.Boolean(load_default=None, allow_none=True)
    queue = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=32))
    search = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=100))
    sort = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(rf"^-?({_SORT_PATTERN})$", error="validation.one_of"),
        metadata={"description": "a sort field, '-' first for descending (e.g. -submittedAt)"},
    )
    lang = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(("ru", "kk", "en")))

    @post_load
    def _sort(self, data, **kwargs):
        raw = data.get("sort")
        if raw:
            data["sort"] = {"field": raw.lstrip("-"), "direction": "desc" if raw.startswith("-") else "asc"}
        return data


class ExportJob(BaseSchema):
    """A background export: its progress, then the file at GET /admin/exports/<id>/file."""

    id = fields.Integer()
    status = fields.String(metadata={"description": "queued | running | done | failed"})
    rows_done = fields.Integer()
    rows_total = fields.Integer()
    file_name = fields.String()
    queue = fields.String(allow_none=True, metadata={"description": "the exported queue (users, applied, paid, …)"})
    error_key = fields.String(allow_none=True, metadata={"description": "failed: a catalogue key"})
    error = fields.String(allow_none=True, metadata={"description": "failed: the message in the caller's language"})
    created_at = fields.DateTime()
    finished_at = fields.DateTime(allow_none=True)


class ExportJobResponse(ExportJob):
    success = fields.Boolean()


class SegmentQuery(BaseSchema):
    """?segment= of the calls about one population (dashboard, the admin's exports)."""

    segment = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(("FOREIGN", "KZ", "foreign", "kz")),
        metadata={"description": "FOREIGN or KZ; default: the caller's own population"},
    )


class ExportJobListResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(ExportJob))
    retention_hours = fields.Float(
        metadata={"description": "how long an export is kept (ADMIN_EXPORT_RETENTION_HOURS)"}
    )


# ---------------------------------------------------------------------------------------------- dashboard


class DashboardQuery(SegmentQuery):
    lang = fields.String(load_default=None, allow_none=True)


class DayCount(BaseSchema):
    date = fields.Date()
    count = fields.Integer()


class DashboardResponse(BaseSchema):
    success = fields.Boolean()
    segment = fields.String()
    counts = fields.Dict(keys=fields.String(), values=fields.Integer())
    unread_messages = fields.Integer(
        metadata={"description": "applicants' replies of this population staff have not opened (the menu badge)"}
    )
    submissions_per_day = fields.List(fields.Nested(DayCount), metadata={"description": "last 30 local days"})
    payments_per_day = fields.List(
        fields.Nested(DayCount), metadata={"description": "paid payments (a count) per local day, last 30 days"}
    )
    documents_awaiting_confirmation = fields.Integer(
        metadata={
            "description": "citizens: documents handed over, awaiting confirmation (step 5); "
            "foreign: applications awaiting review (applied)"
        }
    )


class CampaignRead(BaseSchema):
    id = fields.Integer()
    year = fields.Integer()
    name = fields.String()
    opens_at = fields.DateTime()
    closes_at = fields.DateTime()
    is_active = fields.Boolean()
    is_current = fields.Boolean()


class CampaignsResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(CampaignRead))
    total = fields.Integer()


# -------------------------------------------------------------------------------------------- stage moves

_TEXT = validate.Length(max=MAX_REASON_LENGTH)


class _ActionTarget(BaseSchema):
    user_id = fields.Integer(required=True, **_ID)
    term_id = _optional_id(metadata={"description": "the admission term; with user_id names the application"})
    application_id = _optional_id(metadata={"description": "optional: the application itself (else the latest)"})
    reason = fields.String(
        load_default=None, allow_none=True, validate=_TEXT, metadata={"description": "required to archive/restore"}
    )
    comment = fields.String(load_default=None, allow_none=True, validate=_TEXT)


class UpdateApplicationRequest(_ActionTarget):
    status = fields.Integer(
        required=True,
        strict=True,
        validate=validate.OneOf((-1, 0, 1, 2, 3)),
        metadata={
            "description": "the foreign status to move to: 1 accept (from 0), 2 awaiting visa (from 1), 3 enrolled "
            "(from 2), -1 archive (reason required), 0 restore an archived one (reason required)"
        },
    )


class TrueOnly(fields.Field):
    """Exactly JSON true: an action flag is never guessed from 1, "true" or "yes" (false is not an action)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value is not True:
            raise ValidationError("validation.invalid_input")
        return True


def _true_only(**kwargs):
    return TrueOnly(**kwargs)


class UpdateBody(BaseSchema):
    """Exactly one action per call."""

    study_program_id = fields.Integer(
        strict=True, validate=_ID_RANGE, metadata={"description": "change the study program (change_program)"}
    )
    upload_documents = _true_only(metadata={"description": "true: documents handed over and attached (4 → 5)"})
    confirm_documents = _true_only(metadata={"description": "true: receipt of the documents confirmed (5 → 6)"})
    enrol_scholarship = _true_only(metadata={"description": "true: enrol a scholarship holder (8 → 10)"})

    @validates_schema
    def _one_action(self, data, **kwargs):
        if len(data) != 1:
            raise ValidationError("admin.one_action")


class UpdateApplicationCustomRequest(_ActionTarget):
    updateBody = fields.Nested(UpdateBody, required=True)


class ExemptionRequest(BaseSchema):
    id = fields.Integer(required=True, **_ID, metadata={"description": "the user (applicant) id"})
    is_exempted_from_payment = fields.Integer(
        required=True, strict=True, validate=validate.OneOf((0, 1)), metadata={"description": "1 free, 0 paid"}
    )
    application_id = _optional_id(metadata={"description": "optional: default the latest active application"})
    comment = fields.String(load_default=None, allow_none=True, validate=_TEXT)


class ApplicationState(BaseSchema):
    id = fields.Integer()
    user_id = fields.Integer()
    term_id = fields.Integer()
    study_program_id = fields.Integer()
    current_step = fields.Integer()
    status = fields.Integer(allow_none=True)
    financing = fields.String(allow_none=True)
    is_exempted_from_payment = fields.Boolean()


class HistoryEntry(BaseSchema):
    id = fields.Integer()
    transition = fields.String()
    actor = fields.Nested(AuthorRead, allow_none=True)
    actor_role = fields.String(metadata={"description": "applicant, an admin role, or system:<source>"})
    from_step = fields.Integer(allow_none=True)
    to_step = fields.Integer(allow_none=True)
    from_status = fields.Integer(allow_none=True)
    to_status = fields.Integer(allow_none=True)
    changes = fields.Dict(metadata={"description": "other fields changed: {field: {from, to}}"})
    data = fields.Dict()
    reason = fields.String(allow_none=True)
    comment = fields.String(allow_none=True)
    createdAt = fields.DateTime()


class ActionResponse(BaseSchema):
    success = fields.Boolean()
    message = fields.String()
    message_key = fields.String()
    item = fields.Nested(ApplicationState)
    event = fields.Nested(HistoryEntry)


class BulkTransitionRequest(BaseSchema):
    ids = fields.List(
        fields.Integer(strict=True, validate=_ID_RANGE),
        required=True,
        validate=validate.Length(min=1, max=MAX_BULK_IDS),
        metadata={"description": f"application ids (1..{MAX_BULK_IDS})"},
    )
    transition = fields.String(
        required=True,
        validate=validate.OneOf(
            (
                "next",
                "accept",
                "await_visa",
                "enrol",
                "archive",
                "restore",
                "upload_documents",
                "confirm_documents",
                "enrol_scholarship",
            )
        ),
        metadata={"description": "next = each row's next stage (foreign by status; citizens 5 → 6, 8 → 10)"},
    )
    reason = fields.String(load_default=None, allow_none=True, validate=_TEXT)
    comment = fields.String(load_default=None, allow_none=True, validate=_TEXT)


class BulkRowResult(BaseSchema):
    id = fields.Integer()
    success = fields.Boolean()
    transition = fields.String()
    status = fields.Integer(allow_none=True)
    current_step = fields.Integer()
    http_status = fields.Integer(metadata={"description": "what the row alone would have answered"})
    message_key = fields.String()
    message = fields.String()


class BulkTransitionResponse(BaseSchema):
    success = fields.Boolean(metadata={"description": "true when every row moved"})
    message = fields.String()
    message_key = fields.String()
    succeeded = fields.Integer()
    failed = fields.Integer()
    results = fields.List(fields.Nested(BulkRowResult))
