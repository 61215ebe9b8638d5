"""A round's whole state: the round as card effects act on it (:class:`RoundTable`) with the rules
and the cards in force (:class:`InForce`), the wins, the scores and the flow's own marks; it delivers
the round's events and ends what lasts on the event that ends it (§6.6, §6.9, §7.3, §15).

The flow of the round — :mod:`engine.hextech.setup`, :mod:`engine.hextech.turn`,
:mod:`engine.hextech.draws`, :mod:`engine.hextech.calls`, :mod:`engine.hextech.wins`,
:mod:`engine.hextech.abandon_window` and :mod:`engine.hextech.card_runtime` — is functions of a
:class:`RoundState`; :class:`engine.hextech.round.Round` derives from it, plays the round from phase
to phase and carries out what card effects ask.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine.core.decisions import Decision
from engine.core.hand_counts import HandCounts
from engine.core.wall import Wall
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.effects.context import RoundTable
from engine.hextech.effects.hooks import CardHook, Expiry, Status
from engine.hextech.hookspecs import Game
from engine.hextech.round_cards import Cards, ContractOffer
from engine.hextech.rules import Rules
from engine.hextech.state import Win


@dataclass
class DrawnCard:
    """A chance or party card drawn this round, for the records (§18.3)."""

    card: str
    deck: str
    player: int
    unexecutable: bool
    discarded: bool = False
    """Put away without effect: the §6.9 / §7.3 kept slot chose the card held, or S-10 redrew it."""


@dataclass
class InForce:
    """What the cards in force keep during a round: the statuses (statics), each player's lasting slot
    per deck, the replacements waiting for their event, the durations watched and the triggers that
    end on the event they answer (§6.9, §7.3, §15)."""

    statuses: list[Status] = field(default_factory=list)
    lasting: dict[tuple[str, int], str] = field(default_factory=dict)
    slot_ends: dict[tuple[str, int], Expiry] = field(default_factory=dict)
    """When each lasting slot's card lapses: the duration its 持续时间 names (R132)."""
    replacements: dict[str, list[CardHook]] = field(default_factory=dict)
    expiring: list[tuple[Expiry, Callable[[], None]]] = field(default_factory=list)
    retiring: list[CardHook] = field(default_factory=list)
    lapsed: list[tuple[int, str]] = field(default_factory=list)
    """Lasting cards whose 持续时间 ended on the event being delivered, with their holders."""
    effect_depth: int = 0
    """How many card effects are resolving, one inside another."""
    wall_count_due: str | None = None
    """The cause of a drawable count lowered inside an effect, announced once the effects settle."""
    redraw_asked: bool = False
    """A card asked that the chance or party card being announced be put away and redrawn (重抽: S-10,
    F-I08); the request belongs to that one announcement (R361)."""


class RoundState(RoundTable):
    """A round's table, its rules and cards in force, and what its flow keeps from phase to phase."""

    def __init__(
        self,
        *,
        dealer_seat: int,
        rng: random.Random,
        rules: Rules,
        bus: Bus[RoundTable, Game],
        contracts: ContractOffer | None = None,
        cards: Cards | None = None,
        number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        wall: Wall | None = None,
    ) -> None:
        super().__init__(
            dealer_seat=dealer_seat,
            rng=rng,
            bus=bus,
            contracts=contracts,
            cards=cards,
            number=number,
            scores=scores,
            wall=wall,
        )
        self.rules = rules
        self.audible = bus.audible
        """The events worth emitting (:attr:`Bus.audible`): the flow's hot paths skip the others unbuilt."""
        self.wins: list[Win] = []
        self.penalties = [0, 0, 0, 0]
        self.turn_of = self.dealer
        """Whose turn is in play: the rotation player, or the caller whose call on a turn's discard
        began a turn of its own (lib 二.1 本回合, R557)."""
        self.owing: set[int] = set()
        """Players whose own turn action is still pending while a card effect runs inside it: they do
        not answer a nested discard (H9; §14.5; §15 reading less favourable to the actor, R126)."""
        self.drawn: list[DrawnCard] = []
        self.exercised: set[str] = set()
        self.acted: dict[str, int] = {}
        self.unable: dict[str, int] = {}
        self.in_force = InForce()
        self.rinshan = False
        self.first_turn = True
        self.first_discard = True
        self.ambient = "rule"
        self.phase = "setup"
        self._started = False
        self.drew: set[int] = set()
        self.hand_counts: dict[int, HandCounts] = {}
        self.rules.statuses = self.in_force.statuses
        self.rules.card_states = self.card_states

    def emit(
        self, name: str, player: int | None = None, cause: str | None = None, **data: object
    ) -> Iterable[Decision]:
        """Record an event and deliver it to the cards listening (§6.6, §15); an event that is not
        :attr:`audible` is not built.  Done at once up to the first listener that acts: the caller
        iterates the answer at once (``yield from``)."""
        if name not in self.audible:
            return ()
        bus = self.bus
        cause = cause or self.ambient
        heard = bus.heard(name, player, cause)
        waited = name in bus.awaited
        recorders = bus.recorders(name) if bus.sinks else ()
        if not heard and not waited and not recorders:
            return ()
        event = Event(name, player, cause, data)
        if waited:
            _expire(self, event)
        if self.in_force.retiring:
            delivering = _deliver_then_end(self, event)
        else:
            for sink in recorders:
                sink(event)
            delivering = bus.answer(event, heard, self, self.cards.session) if heard else ()
        if waited and self.in_force.lapsed:
            return _announce_lapsed(self, delivering)
        return delivering

    def record(self, name: str, player: int | None = None, cause: str | None = None, **data: object) -> None:
        """Record an event that no card hears: what settles once the round is decided (the third hu's
        discard and hu, §11 phase 6, R570)."""
        if name in self.audible:
            event = Event(name, player, cause or self.ambient, data)
            for sink in self.bus.recorders(name):
                sink(event)

    def watch(self, expiry: Expiry, end: Callable[[], None]) -> None:
        """Run ``end`` when ``expiry`` ends; the bus then delivers the events that can end or arm it."""
        self.in_force.expiring.append((expiry, end))
        self.bus.wait_for(_waited_for(expiry))

    def on_end(self, until: str, holder: int | None, end: Callable[[], None]) -> None:
        """Run ``end`` once the duration ``until`` of ``holder`` ends (:meth:`watch`)."""
        expiry = Expiry.of(until, holder)
        assert expiry is not None
        self.watch(expiry, end)

    def is_black(self, contract_id: str) -> bool:
        """A black contract (§9.3): abandoning it costs a point (§10.2)."""
        return self.rules.is_black(contract_id)


def _expire(rnd: RoundState, event: Event) -> None:
    """End every watched duration that ``event`` ends (its ``end`` runs once); an event no duration
    waits for changes nothing."""
    if event.name not in rnd.bus.awaited:
        return
    keep = []
    for expiry, end in rnd.in_force.expiring:
        if expiry.observe(event, rnd):
            end()
        else:
            keep.append((expiry, end))
    rnd.in_force.expiring = keep
    rnd.bus.wait_only_for(name for expiry, _ in keep for name in _waited_for(expiry))


def _waited_for(expiry: Expiry) -> tuple[str, ...]:
    """The events that can end ``expiry``, and the one that arms it while it waits for its holder's
    next turn to start (H10) or next normal draw (R137)."""
    return (expiry.event,) if expiry.armed else (expiry.event, expiry.arms_on)


def _deliver_then_end(rnd: RoundState, event: Event) -> Iterable[Decision]:
    """A trigger whose duration ends on the very event it answers still answers it, then ends (F-R01
    "直到下一名玩家胡牌": the next hu is the one it celebrates; F-R02's next normal draw).  Done at
    once up to the first listener that acts, as :meth:`engine.hextech.bus.Bus.dispatch`."""
    ending, rnd.in_force.retiring = rnd.in_force.retiring, []
    delivering = rnd.bus.dispatch(event, rnd, rnd.cards.session)
    if delivering == ():
        _retire(ending)
        return ()
    return _then_retire(delivering, ending)


def _announce_lapsed(rnd: RoundState, delivering: Iterable[Decision]) -> Step:
    """Deliver the event that ended lasting cards' 持续时间, then announce each card's end
    (``card.ended``, as a card let go or used up, R362)."""
    yield from delivering
    ended, rnd.in_force.lapsed = rnd.in_force.lapsed, []
    for p, card_id in ended:
        yield from rnd.emit("card.ended", p, card=card_id)


def _then_retire(delivering: Iterable[Decision], ending: list[CardHook]) -> Step:
    yield from delivering
    _retire(ending)


def _retire(ending: list[CardHook]) -> None:
    for listener in ending:
        listener.live = False
