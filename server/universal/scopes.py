"""Server-side row scopes named by the registry (models_registry: `scopes`). Each returns a SQL clause that is
ANDed with the caller's own filters, so a filter can never widen what an audience may read."""

from __future__ import annotations

from sqlalchemy import or_

from ..models.reference import HIDDEN_PROGRAM_KEY, HIDDEN_PROGRAM_TEXTS
from .dao import json_text


def visible_study_programs(cls):
    """Hidden programs (models/reference.py: the is_hidden rule) are not offered to applicants (admins see them)."""
    flag = json_text(cls.additional_data, HIDDEN_PROGRAM_KEY)
    return or_(flag.is_(None), flag.not_in(HIDDEN_PROGRAM_TEXTS))
