"""Server-side row scopes named by the registry (models_registry: `scopes`). Each returns a SQL clause that is
ANDed with the caller's own filters, so a filter can never widen what an audience may read."""
from __future__ import annotations

from sqlalchemy import or_

from ..daos.universal import json_text


def visible_study_programs(cls):
    """Programs flagged additional_data.is_hidden are not offered to applicants (admins see them all)."""
    flag = json_text(cls.additional_data, "is_hidden")
    return or_(flag.is_(None), flag.not_in(("true", "1")))
