"""The home page's cards for the signed-in applicant (req §1 home cards; issue 23).

"State grant at the university" (scholarship) and "Grant at another university" (gov_grant) are the citizens'
grant paths: a foreign applicant cannot take them, so the server leaves them out of that applicant's cards rather
than trusting the page to hide them. An account with no citizenship chosen yet, and anonymous visitors (who see the
page without calling this), get every card: they have not said which population they belong to.
"""

from __future__ import annotations

from ..models import User
from ..populations import POPULATION_FOREIGN, population_of

MAIN_CARDS = ("scholarship", "partners", "gov_grant", "paid")
SIDE_CARDS = ("apply", "meetings", "foundation", "career")
CITIZEN_ONLY_CARDS = frozenset({"scholarship", "gov_grant"})


def cards_for(user: User) -> dict[str, list[str]]:
    foreign = population_of(user) == POPULATION_FOREIGN
    keep = [card for card in MAIN_CARDS if not (foreign and card in CITIZEN_ONLY_CARDS)]
    return {"main": keep, "side": list(SIDE_CARDS)}
