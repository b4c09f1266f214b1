"""Which reference rows the seeds have already inserted (decision 0010): a seed inserts a row only the first time
its natural key is seen, so admin edits survive re-seeding and a row an admin deleted is not brought back."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


class SeedMark(db.Model):
    __tablename__ = "seed_marks"

    kind: Mapped[str] = mapped_column(String(40), primary_key=True)  # "select_options", "kato", ...
    natural_key: Mapped[str] = mapped_column(String(255), primary_key=True)  # e.g. "<type>|<code>"
