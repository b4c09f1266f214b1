from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Column, ForeignKey, Integer, String, Table, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .reference import Citizenship

# The two staff roles (design §6): 'Админ' reviews foreign applicants, 'Админ (граждане КЗ)' citizens of Kazakhstan.
ROLE_FOREIGN_ADMIN = "Админ"
ROLE_KZ_ADMIN = "Админ (граждане КЗ)"
ADMIN_ROLES = (ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN)
# The third staff role (issue 22, decision 0079): manages staff accounts (invite, roles, deactivation, second factor)
# and reads the audit trail. It reviews no applicant by itself; an account may hold it next to an admin role.
ROLE_STAFF_MANAGER = "Управление персоналом"
STAFF_ROLES = (*ADMIN_ROLES, ROLE_STAFF_MANAGER)

user_roles = Table(
    "user_roles",
    db.metadata,
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("role_id", ForeignKey("roles.id", ondelete="CASCADE"), primary_key=True),
)


class Role(db.Model):
    __tablename__ = "roles"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)


class User(db.Model):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    first_name: Mapped[str | None] = mapped_column(String(100))
    last_name: Mapped[str | None] = mapped_column(String(100))
    is_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    is_pkb_data_request_completed: Mapped[bool] = mapped_column(Boolean, default=False)
    is_exempted_from_payment: Mapped[bool] = mapped_column(Boolean, default=False)
    citizenship_id: Mapped[int | None] = mapped_column(ForeignKey("citizenships.id"), index=True)
    study_program_id: Mapped[int | None] = mapped_column(ForeignKey("study_programs.id"))
    # The interface language (ru/kk/en) every mail to this user goes out in: set at sign-up, updated when they switch
    # (issue 26); null for accounts older than that (accounts/users.py: language_of).
    language: Mapped[str | None] = mapped_column(String(2))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # A deactivated staff account cannot sign in and holds no session (decision 0079); reactivation clears it.
    deactivated_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set when a staff manager invited the account; cleared once the invitee has chosen a password.
    # (Who invited is the actor of the invitation's audit row.)
    invited_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    citizenship: Mapped[Citizenship | None] = relationship(lazy="joined")
    roles: Mapped[list[Role]] = relationship(secondary=user_roles, lazy="selectin")

    @property
    def role_names(self) -> set[str]:
        return {role.name for role in self.roles}

    @property
    def is_admin(self) -> bool:
        return bool(self.role_names & set(ADMIN_ROLES))

    @property
    def is_staff(self) -> bool:
        return bool(self.role_names & set(STAFF_ROLES))

    @property
    def is_staff_manager(self) -> bool:
        return ROLE_STAFF_MANAGER in self.role_names

    # applications_count (req §3) is a column_property declared in models/application.py, next to Application.


class AuthSession(db.Model):
    """Server-side record of every issued token, so logout, reset and role changes revoke at once."""

    __tablename__ = "auth_sessions"
    id: Mapped[int] = mapped_column(primary_key=True)
    jti: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OneTimeCode(db.Model):
    """A 6-digit code, stored only as a keyed hash (design §9)."""

    __tablename__ = "one_time_codes"
    __table_args__ = (UniqueConstraint("ticket", name="uq_one_time_codes_ticket"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(32))  # verify_email | reset_password | pkb
    code_hash: Mapped[str] = mapped_column(String(128))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    consumed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Random handle given back after a correct reset code (the spec's otp_id); never sequential.
    ticket: Mapped[str | None] = mapped_column(String(64))
    # Sign-up of an existing unverified account (decision 0002): the new password's argon2 hash waits here and is
    # applied only when this very code is verified, so a re-sign-up never writes users.password_hash directly.
    pending_password_hash: Mapped[str | None] = mapped_column(String(255))
