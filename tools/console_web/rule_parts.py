"""What a rule set gives the one console table and the replay view (§16, §17.2, §18.1; issue 33
item 1; R795).

A rule set's session at the console is opened through its session kind (:mod:`tools.kinds`), seated
there with its public feed, its winners' hands and its web seats (:class:`WebSeat`), and handed to
the one table (:class:`~tools.console_web.live.LiveTable`) as :class:`SessionParts`: the session,
its seats' agents and the stand-in bots, how far it has gone, the round last finished as every
screen shows it, the rule set's own facts (:class:`OwnFacts`), a seat's sight of its own view and
the public table's, the seats' hands laid open for a replay's frame, the record of the session
ended and a seat's view as a worker process is handed it.  :class:`RuleParts` makes them, for a
table from its set-up and for a replay from a log's header.  Neither protocol names a rule set:
hextech's parts are :mod:`tools.console_web.hextech_parts`, the core table's
:mod:`tools.console_web.table_parts`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from engine.core.agent import Agent
from engine.core.decisions import Decision
from engine.core.errors import IllegalActionError
from engine.core.log_writer import LogWriter
from engine.core.seats import PLAYERS
from engine.core.session import Playable
from tools.console_web.bot_pool import Packed
from tools.console_web.cards import CardText
from tools.console_web.feed import PublicFeed
from tools.console_web.messages import SeatSight, TableSight
from tools.console_web.spec import WEB, TableSpec


class WebSeat:
    """A seat a person answers from their phone; the table asks them, so this agent never decides."""

    name = WEB
    sees = True
    person = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: object, decision: Decision) -> str:
        """Never asked: the table stops at a person's decision."""
        raise IllegalActionError(f"{PLAYERS[decision.player]} answers from the web")


WEB_SEATS: Mapping[str, Callable[[random.Random], Agent[Any]]] = {WEB: WebSeat}
"""The people a console seats: a person's seat answered from the web."""


class LoggedSeat:
    """A seat in a replay: the log answers it, so what it says is never used; ``person`` as the
    seat's agent is, so a module's policy answer is drawn for a bot's seat as in play (§8.4)."""

    name = WEB
    sees = False

    def __init__(self, person: bool) -> None:
        self.person = person

    def decide(self, view: object, decision: Decision) -> str:
        """Any offered option: the logged answer stands in its place."""
        return decision.options[0]


@dataclass(frozen=True)
class OwnFacts:
    """A rule set's own part of the facts every screen shows: its fields, each seat's, the session's
    results once it has ended (``None`` before), and its cards' texts (``None`` without cards)."""

    own: Mapping[str, Any]
    seats_own: Sequence[Mapping[str, Any]]
    results: Mapping[str, Any] | None
    library: Mapping[str, CardText] | None


class Replayed(NamedTuple):
    """A finished log's session opened for its replay: its rule set, title and cards' texts."""

    rules: str
    title: str
    cards: Mapping[str, Any]
    parts: SessionParts


class SessionParts(Protocol):
    """One session of a rule set, opened and seated at the console (see the module)."""

    agents: list[Agent[Any]]
    """Its seats' agents (a searching bot replaced by itself after thinking in a worker)."""

    @property
    def line(self) -> Mapping[str, Any]:
        """The header line its log starts with."""
        ...

    @property
    def session(self) -> Playable[Any, Any]:
        """The session in play."""
        ...

    @property
    def stand_ins(self) -> Sequence[Agent[Any]]:
        """The bots that answer for a person's seat when it is away or its time is up (R535)."""
        ...

    @property
    def feed(self) -> PublicFeed:
        """Its public feed."""
        ...

    def totals(self) -> Sequence[int]:
        """Each seat's total so far."""
        ...

    def begun(self) -> bool:
        """Whether its first round has begun."""
        ...

    def finished_rounds(self) -> int:
        """How many rounds have ended."""
        ...

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished (R531), ``None`` before the first has ended."""
        ...

    def own_facts(self, result: Any) -> OwnFacts:
        """The rule set's own facts; ``result`` the session's once it has ended, else ``None``."""
        ...

    def seat_sight(self, player: int, pending: Decision | None) -> SeatSight:
        """What ``player``'s own view shows, ``pending`` the decision open at the table."""
        ...

    def table_sight(self) -> TableSight:
        """What the public table shows."""
        ...

    def record(self, result: Any) -> str:
        """The record of the session ended with ``result``, as the record store keeps it (§18.3)."""
        ...

    def packed(self, view: Any) -> Packed:
        """A seat's view as a worker process is handed it."""
        ...


class RuleParts(Protocol):
    """A rule set's parts: its sessions opened for a console table or for a replay."""

    def at_table(
        self, spec: TableSpec, seed: int, writer: LogWriter, stored: bool, replaying: bool
    ) -> SessionParts:
        """The session ``seed`` of the table ``spec`` asks for, its header written to ``writer``
        unless the table is ``stored``, answered by its log while ``replaying``."""
        ...

    def replayed(
        self, head: Mapping[str, Any], where: str, writer: LogWriter, round_ended: Callable[[], None]
    ) -> Replayed:
        """The session of the log whose header is ``head`` (``where`` names it), checked against
        ``writer``, every seat a person answered there answered by the log; ``round_ended`` hears
        each round's end once the feed has worded it."""
        ...
