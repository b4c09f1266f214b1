"""Importing this package registers every model with the metadata (Alembic and create_all rely on it)."""
from .audit import AuditLog  # noqa: F401
from .mail import OutboxMessage  # noqa: F401
from .reference import (  # noqa: F401
    INSTITUTION_TYPES,
    KAZAKHSTAN_CITIZENSHIP_EN,
    Citizenship,
    EducationalInstitution,
    Gender,
    Kato,
    SelectOption,
    StudyProgram,
)
from .user import ADMIN_ROLES, ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, AuthSession, OneTimeCode, Role, User  # noqa: F401
from .dormitory import Building, Floor, Hall, RoomType, RoomTypeMedia, Section, SectionRoom  # noqa: F401
from .term import Term, TermProgramWindow  # noqa: F401
from .application import (  # noqa: F401
    Application,
    ApplicationMessage,
    ApplicationSnapshot,
)
from .user_data import UserData  # noqa: F401
from .file import StoredFile  # noqa: F401
from .seed_mark import SeedMark  # noqa: F401
