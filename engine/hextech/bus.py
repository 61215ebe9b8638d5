"""The event bus: records every event and delivers it to the cards listening, in §15 order.

An :class:`Event` carries its name (from the card language's event
vocabulary), the acting player, its cause (``"rule"`` or ``"card:<id>"``,
CARD-INVENTORY §0: world cards ignore card-caused events, §6.7, §14.6) and its
payload.  Listeners that answer the same event run sorted by their §15 level
(L1 legal hu … L9 plain calls), then clockwise from the acting player
(§6.4), then by card id: never in pluggy's call order.  A listener is a
generator step, so a card's effect may stop for a decision and resume.

A card listener acts on the round (the bus's round in progress, :attr:`Bus.playing`), a module's on
the session as the modules see it (their ``Game``): the bus is typed by both, ``Bus[R, G]``, and a
listener by the one it acts on (:class:`Listener`), so neither is ever a guess.

A delivery offers an event only to the listeners that can answer it whatever the table holds: a
trigger written ``by holder`` hears only its holder's events, no card an event its own effect caused
(lib 二.2).  A world card is offered card-caused events too: it answers none (§6.7) but counts them
toward its "first" (``engine.hextech.effects.hooks.CardHook``, R552).  Each listener is then asked in turn
whether it acts now (its ``start``); the delivery becomes a step only from the first one that
does, so an event no listener acts on costs no generator.

A sink records events (the session log, the lab's counts): a plain callable records every event, a
:class:`NamedSink` only the events it names, and the bus gives each sink only the events it records.
The bus keeps the names a round must build an event for (:attr:`Bus.audible`): those listened to,
recorded, or awaited by a duration in force; any other event is never built.  A module's listener
may be dormant until a card of its deck is drawn or one of its own module's primitives runs in the
round (``dormant_until``, :class:`engine.hextech.hookspecs.Listener`): it is delivered every event that is
built as any other listener is, but no event is built for it alone while it sleeps, for until then
it has nothing to do.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from engine.core.decisions import Decision

Step = Generator[Decision, str, None]


class Seating(Protocol):
    """Who sits where: what the bus needs of a round's table to order listeners by seat."""

    def seat_distance(self, source: int, player: int) -> int:
        """Steps clockwise from ``source``'s seat to ``player``'s seat."""
        ...


class Seated(Protocol):
    """A round as the bus needs it: its table's seating."""

    @property
    def table(self) -> Seating: ...


R = TypeVar("R", bound=Seated)
"""The round card listeners act on."""
G = TypeVar("G")
"""The session module listeners act on (the modules' ``Game``)."""
A = TypeVar("A", contravariant=True)
"""What a listener acts on."""
Start = Callable[["Event", A], Generator[Decision, str, object] | None]
"""A listener asked whether it acts on an event now: its step, or ``None`` when it has nothing to do
(having done at once whatever needs no decision)."""
RULE: Final = "rule"
"""The cause of an event of the ordinary flow (CARD-INVENTORY §0)."""


@dataclass(slots=True, init=False)
class Event:
    """Something that happened at a rule timing point; ``player`` is the acting player, if any.

    Never changed once delivered (not frozen only because a frozen value costs three times as much
    to build, and a round builds hundreds; its ``__init__`` is written out so that the compiled
    build compiles it too)."""

    name: str
    player: int | None
    cause: str
    data: Mapping[str, object]

    def __init__(
        self,
        name: str,
        player: int | None = None,
        cause: str = RULE,
        data: Mapping[str, object] | None = None,
    ) -> None:
        self.name = name
        self.player = player
        self.cause = cause
        self.data = {} if data is None else data

    @property
    def card_caused(self) -> bool:
        """Caused by a card effect rather than by the ordinary flow (§6.7)."""
        return self.cause != RULE


Sink = Callable[[Event], None]
"""Records the events it is given: every event, unless it is a :class:`NamedSink`."""


class NamedSink(Protocol):
    """A sink that records only the events named in ``events``: the bus gives it no other."""

    @property
    def events(self) -> frozenset[str]: ...

    def __call__(self, event: Event) -> None: ...


class Placed(Protocol):
    """Where a listener stands among an event's listeners: its §15 level, holder and source."""

    @property
    def level(self) -> int: ...

    @property
    def holder(self) -> int | None: ...

    @property
    def source(self) -> str: ...


class Listener(Protocol[A]):
    """A card ability or module handler on the bus: its event, §15 level, holder and source, and what
    it acts on (``A``: the round for a card's, the session for a module's)."""

    @property
    def event(self) -> str: ...

    @property
    def level(self) -> int: ...

    @property
    def holder(self) -> int | None: ...

    @property
    def source(self) -> str: ...

    def run(self, event: Event, game: A) -> Step:
        """Resolve for ``event``; may yield decisions."""
        ...


class Bus(Generic[R, G]):
    """Records events through ``sinks`` and runs the ``listeners`` of each event in §15 order.

    The sinks are fixed when the bus is made; each is given, in their order, the events it records.

    Card listeners (:meth:`listen`) act on the round, ``R``; module listeners (:meth:`listen_module`)
    on the session, ``G``, the modules' ``Game``.  (A class written out rather than a dataclass, so
    that the compiled build compiles it generic.)"""

    def __init__(self, sinks: Sequence[Sink] = ()) -> None:
        self.sinks: tuple[Sink, ...] = tuple(sinks)
        self.listeners: dict[str, list[Listener[R] | Listener[G]]] = {}
        self.tied: set[str] = set()
        """Events with two listeners of one level: only those are ranked by seat at each delivery."""
        self.playing: R | None = None
        """The round in progress, which the card listeners of a delivery made by the session or a
        module act on (:meth:`deliver`); set by the round when it is made, cleared with the listeners."""
        self.entries: dict[str, tuple[_Entry[R, G], ...]] = {}
        """Each event's listeners as in ``listeners``, with what a delivery needs of them."""
        self.awaited: set[str] = set()
        """The events that can end or arm a duration in force (``engine.hextech.card_runtime.watch``):
        delivered even when nobody hears or records them."""
        self._heard: dict[str, dict[int | None, tuple[_Entry[R, G], ...]]] = {}
        """Per event and acting player, the entries that can answer an event of the ordinary flow."""
        self._woken: set[str] = set()
        """The decks whose dormant listeners hear this round (:meth:`wake`)."""
        self._woken_modules: set[str] = set()
        """The modules whose dormant listeners hear this round: one of their primitives has run
        (:meth:`wake_module`)."""
        self._recording_all: tuple[Sink, ...] = tuple(s for s in self.sinks if _named(s) is None)
        """The sinks that record every event: those of any event no named sink records."""
        named = {name for s in self.sinks for name in _named(s) or ()}
        self._recorders: dict[str, tuple[Sink, ...]] = {
            name: tuple(s for s in self.sinks if _records(s, name)) for name in named
        }
        """Per event a named sink records, every sink that records it."""
        self._audible: set[str] = set()
        self.audible: Container[str] = EVERY_EVENT if self._recording_all else self._audible
        """The events to build when they happen: listened to, recorded or awaited; every event when a
        sink records them all.  Kept up to date in place, so a round may hold it."""
        self._count_audible()

    def recorders(self, name: str) -> tuple[Sink, ...]:
        """The sinks that record the event ``name``, in their order; none when nobody records it."""
        return self._recorders.get(name, self._recording_all)

    def listen(self, listener: Listener[R]) -> None:
        """Add a card's listener, which acts on the round, for its event."""
        self._add(listener, _Entry(listener, getattr(listener, "start", None) or listener.run, None))

    def listen_module(self, listener: Listener[G]) -> None:
        """Add a module's listener, which acts on the session, for its event."""
        self._add(listener, _Entry(listener, None, getattr(listener, "start", None) or listener.run))

    def _add(self, listener: Listener[R] | Listener[G], entry: _Entry[R, G]) -> None:
        """Add a listener for its event, keeping each event's listeners sorted by level and card id: it
        goes after those of its rank already there, and the event's listeners are tied when it shares
        its level with a neighbour."""
        event = listener.event
        waiting = self.listeners.setdefault(event, [])
        rank = _rank(listener)
        at = len(waiting)
        while at and _rank(waiting[at - 1]) > rank:
            at -= 1
        waiting.insert(at, listener)
        level = rank[0]
        if (at and waiting[at - 1].level == level) or (
            at + 1 < len(waiting) and waiting[at + 1].level == level
        ):
            self.tied.add(event)
        entries = list(self.entries.get(event, ()))
        entries.insert(at, entry)
        self.entries[event] = tuple(entries)
        self._heard.pop(event, None)
        if not self._sleeps(entry.dormant_until, entry.source):
            self._audible.add(listener.event)

    def clear(self) -> None:
        """Drop every listener and awaited event (at the end of a round, §11 phase 6); the dormant
        listeners of the next round sleep until they are woken again."""
        self.listeners.clear()
        self.playing = None
        self.tied.clear()
        self.entries.clear()
        self._heard.clear()
        self.awaited.clear()
        self._woken.clear()
        self._woken_modules.clear()
        self._count_audible()

    def wake(self, deck: str) -> None:
        """The dormant listeners of ``deck`` (a card of it is drawn) hear for the rest of the round."""
        if deck not in self._woken:
            self._woken.add(deck)
            self._count_audible()

    def wake_module(self, module: str) -> None:
        """The dormant listeners of ``module`` (one of its primitives runs) hear for the rest of the
        round; another module's sleep on."""
        if module not in self._woken_modules:
            self._woken_modules.add(module)
            self._count_audible()

    def _sleeps(self, deck: str | None, module: str | None) -> bool:
        """Whether a listener of ``module`` dormant until ``deck`` (``None``: not dormant) sleeps still."""
        return deck is not None and deck not in self._woken and module not in self._woken_modules

    def wait_for(self, names: Iterable[str]) -> None:
        """Deliver the events ``names`` from now on even unheard: a duration in force may end on them."""
        self.awaited.update(names)
        self._audible.update(self.awaited)

    def wait_only_for(self, names: Iterable[str]) -> None:
        """Deliver unheard only the events ``names``: the durations still in force end on them."""
        self.awaited = set(names)
        self._count_audible()

    def _count_audible(self) -> None:
        """Gather :attr:`audible` afresh from the listeners, the named sinks and the awaited events."""
        audible = self._audible
        audible.clear()
        sleeps = self._sleeps
        for name, entries in self.entries.items():
            if not all(sleeps(e.dormant_until, e.source) for e in entries):
                audible.add(name)
        audible.update(self._recorders, self.awaited)

    def heard(self, name: str, actor: int | None, cause: str) -> tuple[_Entry[R, G], ...]:
        """The listeners of ``name`` that can answer an event of ``actor`` with ``cause``, in level and
        card-id order: those of the ordinary flow's events are kept per acting player."""
        if cause != RULE:
            return tuple(e for e in self.entries.get(name, ()) if e.answers(actor, cause))
        per_actor = self._heard.get(name)
        if per_actor is None:
            if name not in self.entries:
                return ()
            per_actor = self._heard[name] = {}
        found = per_actor.get(actor)
        if found is None:
            found = per_actor[actor] = tuple(e for e in self.entries[name] if e.answers(actor, cause))
        return found

    def deliver(self, event: Event, game: G) -> Step:
        """Record ``event`` the session or a module delivers, then run its listeners by level, clockwise
        seat from the actor, card id: the cards' on the round in progress, the modules' on ``game``."""
        yield from self.dispatch(event, self.playing, game)

    def dispatch(self, event: Event, rnd: R | None, game: G | None) -> Iterable[Decision]:
        """A delivery done at once up to the first listener that acts: the decisions of the listeners
        from there on, or nothing; card listeners act on ``rnd``, module listeners on ``game``.  The
        caller iterates it at once (``yield from``)."""
        for sink in self.recorders(event.name):
            sink(event)
        heard = self.heard(event.name, event.player, event.cause)
        if not heard:
            return ()
        return self.answer(event, heard, rnd, game)

    def answer(
        self, event: Event, heard: Sequence[_Entry[R, G]], rnd: R | None, game: G | None
    ) -> Iterable[Decision]:
        """Run ``heard``, the listeners that can answer ``event``, by level, clockwise seat from the
        actor, card id (:meth:`dispatch` without the sinks): card listeners act on ``rnd``, the
        round, and module listeners on ``game``, the session; one without what it acts on is passed
        over."""
        if len(heard) == 1:
            return heard[0].begin(event, rnd, game) or ()
        if event.name in self.tied:
            seating = None if rnd is None else rnd.table
            heard = sorted(heard, key=lambda e: (e.listener.level, _distance(e.listener, event, seating)))
        for at, entry in enumerate(heard):
            step = entry.begin(event, rnd, game)
            if step is not None:
                return _go_on(step, heard[at + 1 :], event, rnd, game)
        return ()


class _EveryEvent:
    """Every event name: what a sink recording every event needs built."""

    def __contains__(self, name: object) -> bool:
        return True


EVERY_EVENT: Container[str] = _EveryEvent()
"""The :attr:`Bus.audible` of a bus with a sink that records every event."""


def _go_on(
    step: Generator[Decision, str, object],
    rest: Sequence[_Entry[R, G]],
    event: Event,
    rnd: R | None,
    game: G | None,
) -> Step:
    """The delivery from the first listener that acts: its step, then each later listener in turn."""
    yield from step
    for entry in rest:
        later = entry.begin(event, rnd, game)
        if later is not None:
            yield from later


class _Entry(Generic[R, G]):
    """A listener as delivered: ``card`` asks a card's listener to act on the round, ``module`` a
    module's to act on the session (one of them is ``None``); ``only`` the one acting player whose
    events it can answer (``-1`` none, ``None`` any): a card trigger that answers only its holder's own
    events (``holder_only``) is passed over, unasked, for anyone else's; ``deaf_to`` the cause it
    never hears (its own card's, lib 二.2); ``source`` its card or module; ``dormant_until`` the deck
    that wakes it, if it is dormant (:meth:`Bus.wake`, :meth:`Bus.wake_module`).  A listener without
    a ``start`` is run whole."""

    __slots__ = ("card", "deaf_to", "dormant_until", "listener", "module", "only", "source")

    def __init__(
        self, listener: Listener[R] | Listener[G], card: Start[R] | None, module: Start[G] | None
    ) -> None:
        self.listener = listener
        self.card = card
        self.module = module
        holder_only: bool = getattr(listener, "holder_only", False)
        self.only: int | None = None
        if holder_only:
            self.only = -1 if listener.holder is None else listener.holder
        self.deaf_to: str | None = getattr(listener, "deaf_to", None)
        self.source: str | None = getattr(listener, "source", None)
        self.dormant_until: str | None = getattr(listener, "dormant_until", None)

    def answers(self, actor: int | None, cause: str) -> bool:
        """Whether an event of ``actor`` with ``cause`` can reach the listener at all."""
        if self.only is not None and self.only != actor:
            return False
        return cause != self.deaf_to

    def begin(self, event: Event, rnd: R | None, game: G | None) -> Generator[Decision, str, object] | None:
        """Ask the listener to act on ``event``: its step, or ``None``."""
        card = self.card
        if card is not None:
            return None if rnd is None else card(event, rnd)
        module = self.module
        return None if module is None or game is None else module(event, game)


def _named(sink: Sink) -> frozenset[str] | None:
    """The events a :class:`NamedSink` records; ``None`` for a plain sink (it records every event)."""
    events: frozenset[str] | None = getattr(sink, "events", None)
    return events


def _records(sink: Sink, name: str) -> bool:
    """Whether ``sink`` records the event ``name``: a plain sink records every event."""
    events = _named(sink)
    return events is None or name in events


def _rank(listener: Placed) -> tuple[int, str]:
    """The order of an event's listeners before seats are known: §15 level, then card id."""
    return (listener.level, listener.source)


def _distance(listener: Placed, event: Event, seating: Seating | None) -> int:
    """Clockwise seats from the acting player to the listener's holder (§6.4); 0 when either is
    unknown.  Sorting stably by level and this distance keeps card-id order among equals."""
    if listener.holder is not None and event.player is not None and seating is not None:
        return seating.seat_distance(event.player, listener.holder)
    return 0
