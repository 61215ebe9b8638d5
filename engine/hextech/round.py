"""One round (局) from the deal to its end: the flow of §11 and the play after a win of §12.

:meth:`Round.play` is a generator: it yields every :class:`Decision` a player
must take and resumes with the answer, and returns the :class:`RoundResult`.
Set-up (§11 phase 1): the wall is shuffled, the dealer gets 14 tiles and the
others 13, flowers are replaced from the tail, effects timed "after the deal,
before contracts" run, contracts are offered 2 normal + 1 black and chosen
secretly.  Play (phase 2): normal draws from the front, flowers and kongs
replaced from the tail, concealed / exposed / added kongs (an added kong may
be robbed), chi from the upper seat only unless a card says otherwise, pon,
hu with priority hu > pon/kong > chi and multiple ron in seat order from the
discarder.  A winner leaves and play goes on from the seat after the winner
(self-draw) or after the discarder (ron), skipping seats that have won; the
round ends at the third win or when the wall is exhausted (phases 3–6).  The
abandon window opens once, the first time the drawable tiles fall to 24 or
fewer, after the action in progress has settled (§10).

:class:`Round` holds the round's state and delivers its events; each part of
the flow is a module of functions taking the round: :mod:`engine.hextech.setup`
(phase 1), :mod:`engine.hextech.turn`, :mod:`engine.hextech.draws` and :mod:`engine.hextech.calls`
(phase 2), :mod:`engine.hextech.wins` (phases 3–5), :mod:`engine.hextech.abandon_window`
(§10).  The cards in play (:class:`Cards`) are run by
:mod:`engine.hextech.card_runtime`; their effects act on the round through the
methods under "what card effects use" and :mod:`engine.hextech.effects.table_changes`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision
from engine.core.hand_counts import HandCounts
from engine.core.seats import PLAYERS
from engine.core.tiles import FACES, kind_of_instance
from engine.core.wall import Wall
from engine.hextech import card_runtime, draws, turn
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.card_ids import base_of
from engine.hextech.card_runtime import (
    DrawnCard,
    InForce,
    announce_lapsed,
    deliver_then_end,
    expire,
    register,
)
from engine.hextech.effects.context import Ctx
from engine.hextech.hookspecs import ScoreContribution, SetupStage, WinSummary
from engine.hextech.rules import Rules
from engine.hextech.setup import choose_contracts, deal, opener
from engine.hextech.state import ContractStatus, Deck, PlayerState, Table, Win, seat_wind
from engine.hextech.turn import play_turn
from engine.hextech.vocabulary import CompiledCard, Program, StaticRule
from engine.hextech.wins import EndReason, RoundOver, Turn


@dataclass(frozen=True)
class ContractOffer:
    """The contract decks of the round (§9.1); candidates come off the end of each list."""

    normal: list[str]
    black: list[str]


ModulePrimitive = Callable[
    [Any, int, Mapping[str, object]], Generator[Decision, str, Mapping[str, object] | None]
]


@dataclass
class Cards:
    """The cards a round plays with: the library of compiled cards, the decks, the world card, each
    player's augments, and what the enabled modules add (primitives, tile marks)."""

    library: Mapping[str, CompiledCard] = field(default_factory=dict)
    decks: Mapping[str, Deck] = field(default_factory=dict)
    world: CompiledCard | None = None
    augments: Sequence[Sequence[CompiledCard]] = ((), (), (), ())
    modules: frozenset[str] = frozenset()
    module_primitives: Mapping[str, ModulePrimitive] = field(default_factory=dict)
    primitive_modules: Mapping[str, str] = field(default_factory=dict)
    """The module that implements each of ``module_primitives``: running one wakes that module's
    dormant listeners (:meth:`engine.hextech.bus.Bus.wake_module`)."""
    tile_marks: Callable[[int, int], Mapping[str, frozenset[int]]] | None = None
    score_items: Callable[[WinSummary], tuple[ScoreContribution, ...]] | None = None
    session: Any = None
    counters: dict[tuple[object, ...], int] = field(default_factory=dict)
    setup: Callable[[SetupStage, int], Step] | None = None
    """The enabled modules' set-up step at a stage of §11 phase 1, given the dealer."""


@dataclass
class RoundResult:
    """What a round produced: its wins in order, each player's points, and why it ended."""

    wins: list[Win]
    scores: list[int]
    penalties: list[int]
    contracts: list[str | None]
    statuses: list[ContractStatus]
    reason: EndReason
    wall_left: int
    turns: int
    drawn: list[DrawnCard]
    exercised: set[str]
    returned_contracts: dict[str, list[str]]
    acted: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability ran and acted (§18.3)."""
    unable: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability was called on and could do nothing (§6.8, §18.3)."""


class Round:
    """A round's table and its flow; drive it with :meth:`play`."""

    def __init__(
        self,
        *,
        dealer_seat: int,
        rng: random.Random,
        rules: Rules,
        bus: Bus,
        contracts: ContractOffer | None = None,
        cards: Cards | None = None,
        number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        wall: Wall | None = None,
    ) -> None:
        self.rng = rng
        self.rules = rules
        self.bus = bus
        self.audible = bus.audible
        """The events worth emitting (:attr:`Bus.audible`): the flow's hot paths skip the others unbuilt."""
        self.offer = contracts
        self.cards = cards or Cards()
        self.number = number
        self.scores = tuple(scores)
        self.table = Table(
            wall=wall if wall is not None else Wall.shuffled(rng),
            players=[PlayerState() for _ in PLAYERS],
            dealer_seat=dealer_seat,
        )
        self.wins: list[Win] = []
        self.penalties = [0, 0, 0, 0]
        self.returned: dict[str, list[str]] = {"normal": [], "black": []}
        self.turn_number = 0
        self.actor = self.dealer
        self.turn_of = self.dealer
        """Whose turn is in play: the rotation player, or the caller whose call on a turn's discard
        began a turn of its own (lib 二.1 本回合, R557)."""
        self.owing: set[int] = set()
        """Players whose own turn action is still pending while a card effect runs inside it: they do
        not answer a nested discard (H9; §14.5; §15 reading less favourable to the actor, R126)."""
        self.contracts_revealed = False
        self.in_tidy = False
        self.redraw_requested = False
        self.safe: dict[int, set[str]] = {}
        self.draw_end: dict[int, tuple[str, bool]] = {}
        self.offer_size: dict[int, tuple[int, int]] = {}
        self.candidates: dict[int, list[str]] = {}
        self.seen: dict[int, tuple[int, ...]] = {}
        self.drawn: list[DrawnCard] = []
        self.module_results: dict[tuple[str, int], Mapping[str, object]] = {}
        """What a module primitive last reported of a card of a holder (``challenge_lost``), by card id
        and holder: the facts of the card's later triggers read it."""
        self.exercised: set[str] = set()
        self.acted: dict[str, int] = {}
        self.unable: dict[str, int] = {}
        self.in_force = InForce()
        self.win_tile: dict[int, int] = {}
        self.rinshan = False
        self.first_turn = True
        self.first_discard = True
        self.ambient = "rule"
        self.phase = "setup"
        self._started = False
        self.retracted: set[int] = set()
        self.just_discarded: dict[int, int] = {}
        """The tile a player has just discarded, while its ``discard.made`` is delivered and before
        anyone answers it: the one discard P-10 may take back (R562)."""
        self.answers: dict[int, str] = {}
        self.call_chances: set[int] = set()
        self.exiting: set[int] = set()
        self.forced_discard: dict[int, bool] = {}
        self.drew: set[int] = set()
        self.hand_counts: dict[int, HandCounts] = {}
        self.rules.statuses = self.in_force.statuses

    @property
    def dealer(self) -> int:
        """The player at the dealer seat (§4)."""
        return self.table.player_at(self.table.dealer_seat)

    @property
    def counters(self) -> dict[tuple[object, ...], int]:
        """Limit counters, kept for the session (keys carry the round and turn they count in)."""
        return self.cards.counters

    @property
    def modules(self) -> frozenset[str]:
        """The modules enabled in the session."""
        return self.cards.modules

    @property
    def module_primitives(self) -> Mapping[str, ModulePrimitive]:
        """The primitives the enabled modules implement."""
        return self.cards.module_primitives

    @property
    def primitive_modules(self) -> Mapping[str, str]:
        """The module that implements each primitive of :attr:`module_primitives`."""
        return self.cards.primitive_modules

    @property
    def session(self) -> Any:
        """The session, as the modules' ``Game``."""
        return self.cards.session

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
            expire(self, event)
        if self.in_force.retiring:
            delivering = deliver_then_end(self, event)
        else:
            for sink in recorders:
                sink(event)
            delivering = bus.answer(event, heard, self, self.cards.session or self) if heard else ()
        if waited and self.in_force.lapsed:
            return announce_lapsed(self, delivering)
        return delivering

    def record(self, name: str, player: int | None = None, cause: str | None = None, **data: object) -> None:
        """Record an event that no card hears: what settles once the round is decided (the third hu's
        discard and hu, §11 phase 6, R570)."""
        if name in self.audible:
            event = Event(name, player, cause or self.ambient, data)
            for sink in self.bus.recorders(name):
                sink(event)

    def play(self) -> Generator[Decision, str, RoundResult]:
        """Deal, choose contracts, play until the third win or the exhausted wall (§11)."""
        reason = EndReason.WALL_EXHAUSTED
        yield from self.start()
        try:
            yield from deal(self)
            if self.cards.setup is not None:
                yield from self.cards.setup(SetupStage.AFTER_DEAL, self.dealer)
            yield from self.emit("setup.ready")
            yield from choose_contracts(self)
            self.phase = "play"
            upcoming: Turn | None = Turn(opener(self), draw=False)
            while upcoming is not None:
                upcoming = yield from play_turn(self, upcoming)
        except RoundOver as over:
            reason = over.reason
        yield from self.emit("round.ended", reason=reason.value)
        card_runtime.close_slots(self)
        return self._result(reason)

    def start(self) -> Step:
        """§11 phase 1 begins: the world card (if already known) and the augments are put in force, then
        ``round.started`` is delivered, so augments timed "at the start of the round" hear it (G-08).
        Once; :meth:`play` calls it if the session did not."""
        if self._started:
            return
        self._started = True
        if self.cards.world is not None:
            register(self, self.cards.world, None)
        for p, held in enumerate(self.cards.augments):
            for card in held:
                register(self, card, p)
        yield from self.emit("round.started", self.dealer, round=self.number, dealer=PLAYERS[self.dealer])

    # -- what card effects use ---------------------------------------------------------

    def acquire(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """A tile enters ``p``'s hand (:func:`engine.hextech.draws.acquire`)."""
        return draws.acquire(self, p, tile, via, cause, **data)

    def announce(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """The events of a tile already in ``p``'s hand (:func:`engine.hextech.draws.announce`)."""
        return draws.announce(self, p, tile, via, cause, **data)

    def card_discard(self, p: int, cause: str) -> Step:
        """A discard a card makes ``p`` take (:func:`engine.hextech.turn.card_discard`)."""
        return turn.card_discard(self, p, cause)

    def resolve(self, ctx: Ctx, steps: Program) -> Step:
        """Run a card's program (:func:`engine.hextech.card_runtime.resolve`)."""
        return card_runtime.resolve(self, ctx, steps)

    def draw_card(self, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
        """Draw a chance or party card for ``p`` and resolve it (:func:`card_runtime.draw_card`)."""
        return card_runtime.draw_card(self, deck_name, p, cause, offered)

    def add_status(self, ctx: Ctx, rule: StaticRule) -> None:
        """A static in force until its duration ends (:func:`engine.hextech.card_runtime.add_status`)."""
        card_runtime.add_status(self, ctx, rule)

    def add_later(self, ctx: Ctx, until: str, steps: Program) -> None:
        """Steps to run when the holder's duration ends (:func:`engine.hextech.card_runtime.add_later`)."""
        card_runtime.add_later(self, ctx, until, steps)

    def playing(self, p: int | None) -> bool:
        """Whether ``p`` may still act: in the round and not a winner about to leave (§6.6, §12.5, H18)."""
        return p is not None and self.table.in_game(p) and p not in self.exiting

    def next_actor(self) -> int:
        """The player who acts next, clockwise from the acting player (§6.4)."""
        nxt = self.table.next_in_game(self.actor)
        return self.actor if nxt is None else nxt

    def marked(self, p: int | None, mark: str) -> frozenset[int]:
        """The faces the enabled modules mark ``mark`` for ``p`` now (§8: the treasure faces)."""
        marks = self.cards.tile_marks
        if marks is None or p is None:
            return frozenset()
        return marks(p, self.table.seat_of[p]).get(mark, frozenset())

    def seat_wind(self, p: int | None) -> int:
        """The wind of ``p``'s seat this round (:func:`engine.hextech.state.seat_wind`; §4, §14.3)."""
        seat = self.table.seat_of[p] if p is not None else self.table.dealer_seat
        return seat_wind(seat, self.table.dealer_seat)

    def visible_kinds(self) -> list[int]:
        """Every face on view on the table (H21)."""
        return self.table.visible_kinds()

    # -- helpers -----------------------------------------------------------------------

    def show(self, tile: int) -> str:
        """A tile instance as the events name it (``5m``)."""
        return FACES[kind_of_instance(tile)]

    def _settled_contracts(self) -> set[str]:
        """Contracts whose condition was decided this round: completed, failed, or read at the holder's hu."""
        done = (ContractStatus.COMPLETED, ContractStatus.FAILED)
        return {
            base_of(p.contract)
            for p in self.table.players
            if p.contract and (p.contract_status in done or p.won)
        }

    def _result(self, reason: EndReason) -> RoundResult:
        t = self.table
        scores = [0, 0, 0, 0]
        for win in self.wins:
            scores[win.player] += win.total
        for p in range(4):
            if t.in_game(p):
                scores[p] += self.rules.non_winner_points(t, p)
            scores[p] += self.penalties[p]
        return RoundResult(
            wins=list(self.wins),
            scores=scores,
            penalties=list(self.penalties),
            contracts=[pl.contract for pl in t.players],
            statuses=[pl.contract_status for pl in t.players],
            reason=reason,
            wall_left=len(t.wall),
            turns=self.turn_number,
            drawn=self.drawn,
            exercised=self.exercised | self.rules.decided | self._settled_contracts(),
            returned_contracts=self.returned,
            acted=dict(self.acted),
            unable=dict(self.unable),
        )
