"""Who triggers a transition: the applicant, an admin (of the application's population), or a system source."""

from __future__ import annotations

from dataclasses import dataclass

from ... import populations
from ...errors import NotFound
from ...models import Application, User

APPLICANT = "applicant"
ADMIN = "admin"
SYSTEM = "system"

SYSTEM_PAYMENT = "payment"
SYSTEM_PKB = "pkb"
SYSTEM_GOV_SCHOLARSHIP = "gov_scholarship"
SYSTEM_SCHEDULER = "scheduler"
SYSTEM_SOURCES = (SYSTEM_PAYMENT, SYSTEM_PKB, SYSTEM_GOV_SCHOLARSHIP, SYSTEM_SCHEDULER)


def system_role(source: str) -> str:
    """How a system source is named in the table and in application_events.actor_role."""
    return f"{SYSTEM}:{source}"


@dataclass(frozen=True)
class Actor:
    kind: str
    user: User | None = None
    source: str | None = None

    @classmethod
    def applicant(cls, user: User) -> Actor:
        return cls(APPLICANT, user=user)

    @classmethod
    def admin(cls, user: User) -> Actor:
        return cls(ADMIN, user=user)

    @classmethod
    def system(cls, source: str) -> Actor:
        if source not in SYSTEM_SOURCES:
            raise ValueError(f"unknown system source {source!r}; one of {SYSTEM_SOURCES}")
        return cls(SYSTEM, source=source)

    @property
    def user_id(self) -> int | None:
        return self.user.id if self.user is not None else None

    def role_on(self, application: Application) -> str:
        """The role this actor plays on this application, as the transition table names it.

        Object-level checks first: an applicant acts only on their own application and an admin only on the
        applications of their population ('Админ' foreign, 'Админ (граждане КЗ)' citizens); anything else is
        404, never 403, so ids cannot be probed (design §6)."""
        owner = application.user
        if self.kind == APPLICANT:
            if self.user is None or owner is None or self.user.id != owner.id:
                raise NotFound("applications.not_found")
            return APPLICANT
        if self.kind == ADMIN:
            if self.user is None or owner is None or not populations.is_admin_of(self.user, owner):
                raise NotFound("applications.not_found")
            return populations.POPULATION_ROLES[populations.population_of(owner)]
        return system_role(self.source)
