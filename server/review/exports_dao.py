"""Rows of background exports (admin_exports). Never commits: the service owns the transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update

from ..extensions import db
from ..models import AdminExport
from ..models.base import is_row_id, utcnow


def get(export_id: int) -> AdminExport | None:
    return db.session.get(AdminExport, export_id) if is_row_id(export_id) else None


def recent_of(actor_id: int, population: str, since: datetime, limit: int) -> list[AdminExport]:
    """The admin's exports of one population asked for since `since`, newest first."""
    return list(
        db.session.scalars(
            select(AdminExport)
            .where(
                AdminExport.actor_id == actor_id,
                AdminExport.population == population,
                AdminExport.created_at >= since,
            )
            .order_by(AdminExport.created_at.desc(), AdminExport.id.desc())
            .limit(limit)
        )
    )


def created_before(moment: datetime) -> list[AdminExport]:
    return list(db.session.scalars(select(AdminExport).where(AdminExport.created_at < moment)))


def write_progress(export_id: int, rows_done: int) -> None:
    """Records progress on a connection of its own, in a short transaction of its own: the job's session is in
    the middle of a streamed SELECT (a server-side cursor on PostgreSQL, which a commit of that session would
    close), and a poll from another process must see the figure at once."""
    with db.engine.begin() as connection:
        connection.execute(
            update(AdminExport).where(AdminExport.id == export_id).values(rows_done=rows_done, updated_at=utcnow())
        )


def finish(export_id: int, expected_status: str, **values) -> bool:
    """Ends an export only if it is still in `expected_status` (a poll may have declared it interrupted meanwhile,
    and the admin was told so): False when another writer got there first."""
    result = db.session.execute(
        update(AdminExport)
        .where(AdminExport.id == export_id, AdminExport.status == expected_status)
        .values(updated_at=utcnow(), **values)
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1
