"""Request and answer shapes of the application journey (spec §3 Application / UserData item, §7 Users calls)."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from ..models.application import FINANCINGS
from .common import BaseSchema
from .user import CitizenshipRead

_RANGE = validate.Range(min=1, max=2**31 - 1, error="validation.invalid_input")
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
    createdAt = fields.DateTime(attribute="created_at")


class UserDataRead(BaseSchema):
    id = fields.Integer()
    type = fields.String()
    data = fields.Dict()
    application_id = fields.Integer()
    term_id = fields.Integer()
    user_id = fields.Integer()
    createdAt = fields.DateTime(attribute="created_at")
    updatedAt = fields.DateTime(attribute="updated_at")


class ApplicationRead(BaseSchema):
    id = fields.Integer()
    user_id = fields.Integer()
    term_id = fields.Integer()
    study_program_id = fields.Integer()
    study_program = fields.Nested(StudyProgramRead)
    current_step = fields.Integer()
    financing = fields.String(allow_none=True)
    status = fields.Integer(allow_none=True, metadata={
        "description": "Foreign admin status: -1 archived, 0 applied, 1 accepted, 2 awaiting visa, 3 enrolled; "
                       "null before submission (and for citizens' applications)"})
    createdAt = fields.DateTime(attribute="created_at")
    submittedAt = fields.DateTime(attribute="submitted_at", allow_none=True)
    is_exempted_from_payment = fields.Boolean()
    application_messages = fields.List(fields.Nested(ApplicationMessageRead), attribute="messages")
    citizenship = fields.Nested(CitizenshipRead, allow_none=True, attribute="user.citizenship")


class ApplicationDetailRead(ApplicationRead):
    userDataItems = fields.List(fields.Nested(UserDataRead), attribute="user_data_items")


class CreateApplicationRequest(BaseSchema):
    study_program_id = fields.Integer(required=True, **_ID, error_messages={
        "required": "application_form_study_program_error_msg_1",
        "null": "application_form_study_program_error_msg_1",
    })
    financing = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(FINANCINGS), metadata={
        "description": "scholarship or paid (the home-page card the applicant came from); default paid"})


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


class StudyProgramInfo(BaseSchema):
    isRegularBachelors = fields.Boolean()
    isMastersScientificOrPedagogical = fields.Boolean()
    isMastersSpecialized = fields.Boolean()
    isMastersJointWithNBK = fields.Boolean()
    isMastersMBA = fields.Boolean()
    isMastersEMBA = fields.Boolean()
    isDoctoralPHD = fields.Boolean()
    isDoctoralDBA = fields.Boolean()
    studyProgramId = fields.Integer()


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


class BulkUpsertForm(Schema):
    """Multipart body of bulk-upsert-user-data (spec §7). Besides these fields, each form of the step sends
    `form___{formKey}___data_stringified` (a JSON object) and `form___{formKey}___{field}` files."""

    class Meta:
        unknown = INCLUDE

    hidden_application_id = fields.String(metadata={"description": "the application id"})
    is_submit = fields.String(metadata={"description": "true/1 to submit the questionnaire after saving"})
    from_admin = fields.String(metadata={"description": "true/1 when an admin writes on the applicant's behalf"})
    admin_selected_user_id = fields.String(metadata={"description": "the applicant (with from_admin)"})


class CreateUserDataForm(Schema):
    """Multipart (main info with profile_image) or JSON body of create-user-data (spec §7)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(metadata={"description": "form key, or main_info"})
    data_stringified = fields.String(metadata={"description": "JSON object of the form's fields"})
    data = fields.Dict(metadata={"description": "the form's fields (JSON body)"})
    application_id = fields.Integer(metadata={"description": "default: the applicant's latest active application"})
    hidden_application_id = fields.String()
    from_admin = fields.String()
    admin_selected_user_id = fields.String()
    is_submit = fields.String()


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
