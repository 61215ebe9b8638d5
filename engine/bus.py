"""The event bus: records every event and delivers it to the cards listening, in §15 order.

An :class:`Event` carries its name (from the card language's event
vocabulary), the acting player, its cause (``"rule"`` or ``"card:<id>"``,
CARD-INVENTORY §0: world cards ignore card-caused events, §6.7, §14.6) and its
payload.  Listeners that answer the same event run sorted by their §15 level
(L1 legal hu … L9 plain calls), then clockwise from the acting player
(§6.4), then by card id: never in pluggy's call order.  A listener is a
generator step, so a card's effect may stop for a decision and resume.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, NamedTuple, Protocol

from engine.decisions import Decision

Step = Generator[Decision, str, None]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at a rule timing point; ``player`` is the acting player, if any."""

    name: str
    player: int | None = None
    cause: str = "rule"
    data: Mapping[str, object] = field(default_factory=dict)

    @property
    def card_caused(self) -> bool:
        """Caused by a card effect rather than by the ordinary flow (§6.7)."""
        return self.cause != "rule"


class Listener(Protocol):
    """A card ability or module handler on the bus: its event, §15 level, holder and source."""

    @property
    def event(self) -> str: ...

    @property
    def level(self) -> int: ...

    @property
    def holder(self) -> int | None: ...

    @property
    def source(self) -> str: ...

    def run(self, event: Event, game: Any) -> Step:
        """Resolve for ``event``; may yield decisions."""
        ...


@dataclass
class Bus:
    """Records events through ``sinks`` and runs the ``listeners`` of each event in §15 order.

    ``game`` may be the session or its round: card listeners get the round, module listeners (those
    with a ``handle``, ``engine.hookspecs.Listener``) get the session, the modules' ``Game``."""

    sinks: list[Callable[[Event], None]] = field(default_factory=list)
    listeners: dict[str, list[Listener]] = field(default_factory=dict)
    tied: set[str] = field(default_factory=set)
    """Events with two listeners of one level: only those are ranked by seat at each delivery."""
    entries: dict[str, list[_Entry]] = field(default_factory=dict)
    """Each event's listeners as in ``listeners``, with what :meth:`deliver` needs of them."""

    def listen(self, listener: Listener) -> None:
        """Add a listener for its event, keeping each event's listeners sorted by level and card id."""
        waiting = self.listeners.setdefault(listener.event, [])
        waiting.append(listener)
        waiting.sort(key=_rank)
        if any(a.level == b.level for a, b in pairwise(waiting)):
            self.tied.add(listener.event)
        self.entries[listener.event] = [_entry(li) for li in waiting]

    def clear(self) -> None:
        """Drop every listener (at the end of a round, §11 phase 6)."""
        self.listeners.clear()
        self.tied.clear()
        self.entries.clear()

    def deliver(self, event: Event, game: Any) -> Step:
        """Record ``event``, then run its listeners by level, clockwise seat from the actor, card id."""
        for sink in self.sinks:
            sink(event)
        waiting = self.entries.get(event.name)
        if not waiting:
            return
        table_side = getattr(game, "round", None) or game
        if event.name in self.tied:
            table = getattr(table_side, "table", None)
            ordered = sorted(waiting, key=lambda e: (e.listener.level, _distance(e.listener, event, table)))
        else:
            ordered = list(waiting)
        actor = event.player
        for listener, only, module in ordered:
            if only is None or only == actor:
                side = (getattr(game, "session", None) or game) if module else table_side
                yield from listener.run(event, side)


class _Entry(NamedTuple):
    """A listener as delivered: ``only`` the one acting player whose events it can answer (``-1``
    none, ``None`` any), ``module`` whether it is a module's (it then gets the session)."""

    listener: Listener
    only: int | None
    module: bool


def _entry(listener: Listener) -> _Entry:
    """A card trigger that answers only its holder's own events (``holder_only``) is passed over,
    unasked, for anyone else's."""
    only = None
    if getattr(listener, "holder_only", False):
        only = -1 if listener.holder is None else listener.holder
    return _Entry(listener, only, hasattr(listener, "handle"))


def _rank(listener: Listener) -> tuple[int, str]:
    """The order of an event's listeners before seats are known: §15 level, then card id."""
    return (listener.level, listener.source)


def _distance(listener: Listener, event: Event, table: Any) -> int:
    """Clockwise seats from the acting player to the listener's holder (§6.4); 0 when either is
    unknown.  Sorting stably by level and this distance keeps card-id order among equals."""
    if listener.holder is not None and event.player is not None and table is not None:
        distance: int = table.seat_distance(event.player, listener.holder)
        return distance
    return 0
