"""Account jobs: the work behind an answer that must not depend on whether an address is registered."""

from __future__ import annotations

from celery import shared_task

from ..services import accounts as auth_service
from .celery_app import AppTask


@shared_task(base=AppTask, name="auth.send_reset_code", ignore_result=True)
def send_reset_code(email: str, lang: str) -> None:
    auth_service.send_reset_code(email, lang)
