"""Credit-bureau requests and the data the bureau answered. A DAO never commits."""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..models import PkbPersonData, PkbRequest, UserData


def latest_request(user_id: int) -> PkbRequest | None:
    return db.session.scalar(
        select(PkbRequest).where(PkbRequest.user_id == user_id).order_by(PkbRequest.id.desc()).limit(1)
    )


def request_by_public_id(public_id: str) -> PkbRequest | None:
    return db.session.scalar(select(PkbRequest).where(PkbRequest.public_id == public_id))


def person_of(user_id: int) -> PkbPersonData | None:
    return db.session.scalar(select(PkbPersonData).where(PkbPersonData.user_id == user_id))


def user_data_item(application_id: int, form_key: str) -> UserData | None:
    return db.session.scalar(
        select(UserData).where(UserData.application_id == application_id, UserData.type == form_key)
    )
