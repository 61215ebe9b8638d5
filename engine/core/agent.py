"""Who answers a seat's decisions (§4 seats): one protocol for every rule set, generic over the
view the rule set hands its seats.

An :class:`Agent` is handed only its own seat's view — the core's
:class:`~engine.core.seat_view.SeatView` at the core's table, or the view a rule set builds of its
own — and a :class:`~engine.core.decisions.Decision`, and answers one of the decision's options.
Every session (:func:`engine.core.table_session.drive` and a rule set's own), the console's seats
and every bot and person implement or ask this protocol alone.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from engine.core.decisions import Decision

V_contra = TypeVar("V_contra", contravariant=True)


class Agent(Protocol[V_contra]):
    """Answers one seat's decisions from that seat's view alone.

    ``sees`` is false for an agent that never reads its view (none is built for it); ``person`` is
    true for a person at the table, who answers the decisions a rule set would otherwise leave to
    its own bot policy."""

    name: str
    sees: bool
    person: bool

    def decide(self, view: V_contra, decision: Decision) -> str:
        """One of ``decision.options``."""
        ...
