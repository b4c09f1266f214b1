"""dormitory rooms keep their rules for every writer; swap-request mails at most once per pair and day

Issue 22, findings 6 and 11 (decision 0067, "Invariants" and "Swap requests"):
- PostgreSQL: deferred constraint triggers on dorm_bookings, section_rooms, room_types and suborganization_blocks
  check at commit that a room's portal bookings fit capacity minus its reserved places, that suborganization places
  stay inside the reserved ones and their blocks, and that every occupant has the room's gender and room type. The
  same rules as server/models/dorm_places.py (copied here as they are at this revision). SQLite relies on the service
  layer: its triggers cannot be deferred. Rows already breaking a rule are not rewritten; the next write that touches
  such a room is refused until staff fix it.
- dorm_swap_notices: one row per (requester, target, local day) a swap-request mail went out.
- dorm_transfer_requests.swap_email: the e-mail the requester typed, kept for staff.

Revision ID: b7d3c9e0f421
Revises: 596407ad1d0b
Create Date: 2026-11-24 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa
import server.models.base  # noqa: F401  (custom column types used below)


# revision identifiers, used by Alembic.
revision = 'b7d3c9e0f421'
down_revision = '596407ad1d0b'
branch_labels = None
depends_on = None

CHECK_ROOM_FUNCTION = """
CREATE OR REPLACE FUNCTION dorm_check_room(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    room record;
    portal integer;
    strangers integer;
    blocked integer;
    over_block integer;
BEGIN
    PERFORM pg_advisory_xact_lock(6700, target);
    SELECT r.id, r.external_reserved_places AS reserved, r.assigned_gender_id AS gender_id,
           r.room_type_id, t.capacity
      INTO room
      FROM section_rooms r JOIN room_types t ON t.id = r.room_type_id
     WHERE r.id = target;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT count(*) FILTER (WHERE b.suborganization_id IS NULL),
           count(*) FILTER (WHERE b.gender_id IS DISTINCT FROM room.gender_id
                               OR b.room_type_id <> room.room_type_id)
      INTO portal, strangers
      FROM dorm_bookings b
     WHERE b.room_id = target AND b.status IN ('offered', 'held', 'confirmed');
    SELECT coalesce(sum(k.places), 0) INTO blocked FROM suborganization_blocks k WHERE k.room_id = target;
    SELECT count(*) INTO over_block FROM (
        SELECT b.suborganization_id
          FROM dorm_bookings b
          LEFT JOIN suborganization_blocks k
                 ON k.room_id = b.room_id AND k.suborganization_id = b.suborganization_id
         WHERE b.room_id = target AND b.status IN ('offered', 'held', 'confirmed')
           AND b.suborganization_id IS NOT NULL
         GROUP BY b.suborganization_id, k.places
        HAVING count(*) > coalesce(k.places, 0)
    ) AS crowded;
    IF room.reserved < 0 OR room.reserved > room.capacity THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_reserved',
            MESSAGE = 'room ' || target || ': reserved places outside 0..capacity';
    END IF;
    IF portal > room.capacity - room.reserved THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_beds',
            MESSAGE = 'room ' || target || ': more portal bookings than capacity minus reserved places';
    END IF;
    IF blocked > room.reserved OR over_block > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_blocks',
            MESSAGE = 'room ' || target || ': suborganization places beyond the reserved ones or their block';
    END IF;
    IF strangers > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_occupants',
            MESSAGE = 'room ' || target || ': an occupant of another gender or room type than the room';
    END IF;
END;
$$
"""

TRIGGER_FUNCTIONS = """
CREATE OR REPLACE FUNCTION dorm_check_booking_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dorm_check_room(NEW.room_id);
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_section_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dorm_check_room(NEW.id);
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_room_type_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    one_room integer;
BEGIN
    FOR one_room IN SELECT id FROM section_rooms WHERE room_type_id = NEW.id ORDER BY id LOOP
        PERFORM dorm_check_room(one_room);
    END LOOP;
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION dorm_check_block_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM dorm_check_room(OLD.room_id);
    ELSE
        PERFORM dorm_check_room(NEW.room_id);
    END IF;
    RETURN NULL;
END;
$$
"""

TRIGGERS = (
    ('dorm_bookings', 'dorm_bookings_room_rules', "AFTER INSERT OR UPDATE ON dorm_bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status IN ('offered', 'held', 'confirmed')) EXECUTE FUNCTION dorm_check_booking_room()"),
    ('section_rooms', 'section_rooms_room_rules', 'AFTER INSERT OR UPDATE OF room_type_id, assigned_gender_id, external_reserved_places ON section_rooms DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dorm_check_section_room()'),
    ('room_types', 'room_types_room_rules', 'AFTER UPDATE OF capacity ON room_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dorm_check_room_type_rooms()'),
    ('suborganization_blocks', 'suborganization_blocks_room_rules', 'AFTER INSERT OR UPDATE OR DELETE ON suborganization_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dorm_check_block_room()'),
)

FUNCTIONS = ("dorm_check_booking_room()", "dorm_check_section_room()", "dorm_check_room_type_rooms()",
             "dorm_check_block_room()", "dorm_check_room(integer)")


def upgrade():
    op.create_table('dorm_swap_notices',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('requester_id', sa.Integer(), nullable=False),
    sa.Column('target_user_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('created_at', server.models.base.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['requester_id'], ['users.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['target_user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('requester_id', 'target_user_id', 'day', name='uq_dorm_swap_notices_pair_day')
    )
    with op.batch_alter_table('dorm_swap_notices', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dorm_swap_notices_target_user_id'), ['target_user_id'], unique=False)

    with op.batch_alter_table('dorm_transfer_requests', schema=None) as batch_op:
        batch_op.add_column(sa.Column('swap_email', sa.String(length=254), nullable=True))

    if op.get_bind().dialect.name == 'postgresql':
        op.execute(CHECK_ROOM_FUNCTION)
        op.execute(TRIGGER_FUNCTIONS)
        for table, name, definition in TRIGGERS:
            op.execute(f'CREATE CONSTRAINT TRIGGER {name} {definition}')


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        for table, name, _definition in reversed(TRIGGERS):
            op.execute(f'DROP TRIGGER IF EXISTS {name} ON {table}')
        for function in FUNCTIONS:
            op.execute(f'DROP FUNCTION IF EXISTS {function}')

    with op.batch_alter_table('dorm_transfer_requests', schema=None) as batch_op:
        batch_op.drop_column('swap_email')

    with op.batch_alter_table('dorm_swap_notices', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dorm_swap_notices_target_user_id'))

    op.drop_table('dorm_swap_notices')
