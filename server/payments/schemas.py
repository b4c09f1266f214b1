"""Payments and home-page messages: request and answer shapes (req §7; decision 0065)."""

from __future__ import annotations

from marshmallow import fields, validate

from ..common_schemas import BaseSchema
from ..models.base import MAX_ID

_ID = validate.Range(min=1, max=MAX_ID, error="validation.invalid_input")


class PaymentStartRequest(BaseSchema):
    application_id = fields.Integer(load_default=None, allow_none=True, strict=True, validate=_ID)
    purpose = fields.String(required=True, validate=validate.Length(min=1, max=32))
    purpose_ref_id = fields.Integer(load_default=None, allow_none=True, strict=True, validate=_ID)


class ReceiptRead(BaseSchema):
    payment_id = fields.Integer()
    application_id = fields.Integer(allow_none=True)
    purpose = fields.String()
    amount = fields.Integer(metadata={"description": "tenge"})
    currency = fields.String()
    paid_at = fields.DateTime()
    transaction_id = fields.String(metadata={"description": "the provider's transaction id"})
    provider = fields.String()
    flagged = fields.Boolean(metadata={"description": "paid but not applied (already settled); staff refund it"})


class PaymentRead(BaseSchema):
    id = fields.Integer()
    purpose = fields.String()
    purpose_ref_id = fields.Integer(allow_none=True)
    application_id = fields.Integer(allow_none=True)
    status = fields.String(metadata={"description": "pending | paid | failed"})
    amount = fields.Integer()
    currency = fields.String()
    provider = fields.String()
    failure_reason = fields.String(allow_none=True)
    created_at = fields.DateTime()
    receipt = fields.Nested(ReceiptRead, allow_none=True)


class WidgetRead(BaseSchema):
    script_url = fields.String()
    method = fields.String(metadata={"description": "charge"})
    options = fields.Dict(metadata={"description": "the widget's charge options (publicId, amount, invoiceId, ...)"})


class PaymentStartResponse(BaseSchema):
    success = fields.Boolean()
    payment = fields.Nested(PaymentRead)
    provider = fields.String()
    sandbox_url = fields.String(
        allow_none=True, metadata={"description": "sandbox: the card page to open (same origin)"}
    )
    widget = fields.Nested(WidgetRead, allow_none=True, metadata={"description": "cloudpayments: the widget call"})


class CheckPaymentStepResponse(BaseSchema):
    success = fields.Boolean()
    application_id = fields.Integer()
    paid = fields.Boolean(metadata={"description": "a confirmed admission-fee payment exists"})
    fee_settled = fields.Boolean(metadata={"description": "paid, or the application is past the payment step"})
    is_exempted_from_payment = fields.Boolean()
    current_step = fields.Integer()
    amount = fields.Integer(metadata={"description": "the admission fee in tenge"})
    currency = fields.String()
    payment = fields.Nested(PaymentRead, allow_none=True)
    receipt = fields.Nested(ReceiptRead, allow_none=True)


class PaymentPollResponse(BaseSchema):
    success = fields.Boolean()
    payment = fields.Nested(PaymentRead)


class ReceiptsQuery(BaseSchema):
    application_id = fields.Integer(load_default=None, allow_none=True, validate=_ID)
    lang = fields.String(load_default=None)


class ReceiptsResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(ReceiptRead))
    total = fields.Integer()


class NotificationAnswer(BaseSchema):
    code = fields.Integer(metadata={"description": "0 accepted; 10 invoice, 11 account, 12 amount, 13 refused"})


class HomePageMessageRead(BaseSchema):
    id = fields.Integer()
    type = fields.String(metadata={"description": "info | payment"})
    is_permanent = fields.Boolean()
    title = fields.String()
    text = fields.String()
    amount = fields.Integer(allow_none=True, metadata={"description": "payment: what is still owed, in tenge"})
    currency = fields.String(allow_none=True)
    ends_at = fields.DateTime(allow_none=True, metadata={"description": "a dated message: shown until then"})
    created_at = fields.DateTime()


class HomePageMessagesResponse(BaseSchema):
    success = fields.Boolean()
    list = fields.List(fields.Nested(HomePageMessageRead))
    total = fields.Integer()
