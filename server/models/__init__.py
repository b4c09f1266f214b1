"""Importing this package registers every model with the metadata (Alembic and create_all rely on it)."""
from .audit import AuditLog  # noqa: F401
from .mail import OutboxMessage  # noqa: F401
from .reference import KAZAKHSTAN_CITIZENSHIP_EN, Citizenship, Gender, StudyProgram  # noqa: F401
from .user import ADMIN_ROLES, ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, AuthSession, OneTimeCode, Role, User  # noqa: F401
