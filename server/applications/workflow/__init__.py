"""The application state machine: the only code that changes an application's current_step, foreign status,
financing, payment exemption, program, submission and withdrawal (design §3/§6, decision 0060).

    from server.applications.workflow import transition, Actor
    with unit_of_work():  # the calling use case's unit commits; jobs declared by the transition run after that
        event = transition(application, "accept", actor=Actor.admin(current_user), comment="documents fine")

The table of transitions is data (table.py); guards are small named functions (guards.py).
"""

from .actors import SYSTEM_SOURCES, Actor
from .engine import available_transitions, check, next_stage, next_stage_for, transition
from .history import events_for_admin, status_history
from .progress import of_application as progress_of
from .table import TRANSITION_NAMES, TRANSITIONS, Transition, status_transitions

__all__ = [
    "SYSTEM_SOURCES",
    "TRANSITIONS",
    "TRANSITION_NAMES",
    "Actor",
    "Transition",
    "available_transitions",
    "check",
    "next_stage",
    "next_stage_for",
    "progress_of",
    "events_for_admin",
    "status_history",
    "status_transitions",
    "transition",
]
