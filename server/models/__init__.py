"""Importing this package registers every model with the metadata (Alembic and create_all rely on it)."""

from . import dorm_places  # noqa: F401  (the rooms' rules: their PostgreSQL triggers join create_all)
from .admin_export import AdminExport  # noqa: F401
from .application import (  # noqa: F401
    Application,
    ApplicationEvent,
    ApplicationMessage,
    ApplicationSnapshot,
)
from .application_summary import ApplicationSummary  # noqa: F401
from .audit import AuditLog  # noqa: F401
from .chat import ChatConversation, ChatKnowledge, ChatMessage  # noqa: F401
from .document_review import DocumentReview  # noqa: F401
from .dorm_booking import (  # noqa: F401
    DormBooking,
    DormBookingEvent,
    DormRefund,
    DormSwapNotice,
    DormTransferRequest,
    DormWaitlistEntry,
    Suborganization,
    SuborganizationBlock,
    SuborganizationMember,
)
from .dormitory import Building, Floor, Hall, RoomType, RoomTypeMedia, Section, SectionRoom  # noqa: F401
from .file import StoredFile  # noqa: F401
from .gov_grant import GovGrantHolder, GovGrantImport, GovGrantImportRow  # noqa: F401
from .letter import Letter  # noqa: F401
from .mail import OutboxMessage  # noqa: F401
from .notification import Notification, NotificationOptOut, ReminderSend  # noqa: F401
from .payment import HomePageMessage, Payment  # noqa: F401
from .pkb import PKB_STATUS_CONFIRMED, PKB_STATUS_SENT, PkbPersonData, PkbRequest  # noqa: F401
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
from .second_factor import SecondFactorChallenge, StaffRecoveryCode, StaffTotp  # noqa: F401
from .seed_mark import SeedMark  # noqa: F401
from .sms import SmsOutboxMessage  # noqa: F401
from .term import Term, TermProgramWindow  # noqa: F401
from .user import (  # noqa: F401
    ADMIN_ROLES,
    ROLE_FOREIGN_ADMIN,
    ROLE_KZ_ADMIN,
    ROLE_STAFF_MANAGER,
    STAFF_ROLES,
    AuthSession,
    OneTimeCode,
    Role,
    User,
)
from .user_data import UserData  # noqa: F401
