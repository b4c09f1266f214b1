"""The two populations and who administers each: the one table of design §6 / req §6, below every domain.

Applicants are citizens of Kazakhstan ('kz') or foreigners ('foreign'); 'Админ' administers the foreigners and
'Админ (граждане КЗ)' the citizens. The admin area names a population by segment (FOREIGN|KZ: GET
/users/check?segment=, the client's /admin and /admin/kz). Everything below is derived from POPULATIONS, so adding
or renaming a role or segment is one edit.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import Forbidden, Invalid
from .models.user import ROLE_FOREIGN_ADMIN, ROLE_KZ_ADMIN, User

POPULATION_FOREIGN = "foreign"
POPULATION_KZ = "kz"
SEGMENT_FOREIGN = "FOREIGN"
SEGMENT_KZ = "KZ"


class Population(NamedTuple):
    segment: str
    admin_role: str


# Foreign first: an admin holding both roles lands in the foreign area by default.
POPULATIONS = {
    POPULATION_FOREIGN: Population(SEGMENT_FOREIGN, ROLE_FOREIGN_ADMIN),
    POPULATION_KZ: Population(SEGMENT_KZ, ROLE_KZ_ADMIN),
}
POPULATION_ROLES = {population: entry.admin_role for population, entry in POPULATIONS.items()}
POPULATION_SEGMENTS = {population: entry.segment for population, entry in POPULATIONS.items()}
SEGMENT_POPULATIONS = {entry.segment: population for population, entry in POPULATIONS.items()}
# The admin area's segments and the role of each (GET /public-config `admin_segments`).
ADMIN_SEGMENTS = {entry.segment: entry.admin_role for entry in POPULATIONS.values()}


def population_of(user: User) -> str | None:
    """'kz' for citizens of Kazakhstan, 'foreign' for other citizenships, None before a citizenship is chosen."""
    if user.citizenship is None:
        return None
    return POPULATION_KZ if user.citizenship.is_kazakhstan else POPULATION_FOREIGN


def is_admin_of(actor: User, owner: User) -> bool:
    population = population_of(owner)
    return population is not None and POPULATION_ROLES[population] in actor.role_names


def can_read(actor: User, owner: User) -> bool:
    return actor.id == owner.id or is_admin_of(actor, owner)


def populations_of(actor: User) -> list[str]:
    """The populations this user administers, foreign first."""
    names = actor.role_names
    return [population for population, role in POPULATION_ROLES.items() if role in names]


def has_segment_access(actor: User, segment: str) -> bool:
    population = SEGMENT_POPULATIONS.get((segment or "").upper())
    return population is not None and population in populations_of(actor)


def require_population(actor: User, population: str) -> str:
    if population not in populations_of(actor):
        raise Forbidden("errors.forbidden")
    return population


def population_for(actor: User, *, segment: str | None = None, is_local: bool | None = None) -> str:
    """The population a list call is about: named by segment (FOREIGN|KZ) or isLocal (citizens); otherwise the
    caller's own (foreign first for someone holding both roles)."""
    if segment is not None:
        wanted = SEGMENT_POPULATIONS.get(segment.upper())
        if wanted is None:
            raise Invalid("validation.one_of", errors={"segment": ["validation.one_of"]})
        return require_population(actor, wanted)
    if is_local is not None:
        return require_population(actor, POPULATION_KZ if is_local else POPULATION_FOREIGN)
    own = populations_of(actor)
    if not own:
        raise Forbidden("errors.forbidden")
    return own[0]
