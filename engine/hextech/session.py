"""A session (一场): seats A–D, eight rounds with a fixed dealer order, augment drafts and the ranking
(§4, §5, §6.2, §16, §18.1).

The dealer order is A B C D A B C D with no 连庄 (§4).  Before rounds 1, 3
and 5 (rounds 1, 2, 3 of the 4-round test session, §18.1) every player is
dealt 2 augments of the tier from its deck, starting with the dealer, keeps 1
secretly, all reveal together, and the others go back and are reshuffled; a
player whose two cards are both unusable in the mode shows them, returns them
and redraws (§5.2).  Before each round the dealer draws the world card
(§6.2).  The final ranking is by total, ties ranking together (§16); a
4-round test session is marked and never ranked with full sessions.

:meth:`Session.steps` yields every decision and returns the
:class:`SessionResult`; :func:`engine.core.session.drive` answers it with agents, a script, or
both (a script first: that is how a log is replayed and resumed), as it answers every rule set's.  An agent is
whatever meets the core's :class:`~engine.core.agent.Agent` of a :class:`PlayerView`; the bots
live above the rule set
(:mod:`engine.agents.hextech`), which imports none of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, TypeVar

from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import InputError
from engine.core.seats import PLAYERS
from engine.core.shapes import ShapeGrant
from engine.core.standings import Standing, standings
from engine.core.table import Table
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.bus import Listener as BusListener
from engine.hextech.card_runtime import end_lasting, lasting_card, register
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.effects.context import RoundTable
from engine.hextech.hookspecs import (
    Game,
    Primitive,
    ScoreContribution,
    SetupStage,
    WinSummary,
)
from engine.hextech.plugins import Modules
from engine.hextech.round import Round, RoundResult
from engine.hextech.round_cards import Cards, ContractOffer, ModulePrimitive
from engine.hextech.rules import Rules
from engine.hextech.ruleset import FULL_ROUNDS as FULL_ROUNDS
from engine.hextech.ruleset import TEST_ROUNDS as TEST_ROUNDS
from engine.hextech.state import Deck, PlayerState
from engine.hextech.view import BLIND, PlayerView, build_view, with_parts
from engine.hextech.vocabulary import CompiledCard

DRAFT_ROUNDS: dict[int, tuple[tuple[int, str], ...]] = {
    FULL_ROUNDS: ((1, "silver"), (3, "gold"), (5, "prismatic")),
    TEST_ROUNDS: ((1, "silver"), (2, "gold"), (3, "prismatic")),
}
"""When each augment tier is drafted (§5.1, §18.1)."""
_R = TypeVar("_R")

MODES = ("strategy", "party", "all")
MODULE_DECISIONS = frozenset({DecisionKind.CHOOSE, HextechKind.KEEP_LASTING})
"""The kinds of decision a module may put (a challenge, a lasting challenge), so the only ones its
bot policy is asked about."""


@dataclass(frozen=True)
class SessionConfig:
    """What fixes a session: the seed, the mode, the number of rounds (8, or the 4-round test)."""

    seed: int
    mode: str = "all"
    rounds: int = FULL_ROUNDS

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InputError(f"--mode: {self.mode!r} is not one of {', '.join(MODES)}")
        if self.rounds not in DRAFT_ROUNDS:
            raise InputError(f"--rounds: {self.rounds} is not 8 or 4 (§16, §18.1)")


@dataclass(frozen=True)
class RoundRecord:
    """One round's account: dealer, world card, treasure, contracts, wins, scores (§18.3)."""

    number: int
    dealer: int
    world: str | None
    treasure: str | None
    augments: tuple[tuple[str, ...], ...]
    result: RoundResult


@dataclass
class SessionResult:
    """A whole session: its rounds, totals and ranking; ``test`` marks the 4-round test (§18.1)."""

    config: SessionConfig
    rounds: list[RoundRecord] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    @property
    def test(self) -> bool:
        """A shortened test session, ranked apart from full sessions (§16, §18.1)."""
        return self.config.rounds != FULL_ROUNDS

    def standings(self) -> list[Standing]:
        """By total, highest first; equal totals share a rank with no tie-break (§16)."""
        return standings(self.totals)


@dataclass(frozen=True)
class _RoundCardNote:
    """Listens for the event with which a module reveals the card setting its round, for the round
    record (a listener, so events nobody listens to are never built)."""

    session: Session
    event: str
    level: int = 5
    holder: int | None = None
    source: str = "session"

    def run(self, event: Event, game: object) -> Generator[Decision, str, None]:
        """Remember the card revealed."""
        self.session.note_round_card(event)
        yield from ()


class Session:
    """A session's state and flow; drive :meth:`steps` with :func:`drive`."""

    def __init__(
        self,
        config: SessionConfig,
        *,
        cards: Sequence[CompiledCard] = (),
        modules: frozenset[str] = frozenset(),
        plugins: Modules | None = None,
        sinks: Sequence[Callable[[Event], None]] = (),
    ) -> None:
        self.config = config
        self.rng = random.Random(config.seed)
        self.modules = modules
        self.plugins = plugins
        self.bus: Bus[RoundTable, Game] = Bus(sinks=list(sinks))
        self._revealed: str | None = None
        self.module_state: dict[str, Any] = {}
        self.counters: dict[tuple[object, ...], int] = {}
        self.cards = {card.id: card for card in cards}
        self.public_cards: Mapping[str, CompiledCard] = MappingProxyType(dict(self.cards))
        """The library as the views show it: a read-only copy, so no agent reaches the session's own."""
        self.contracts = {card.id: card.contract for card in cards if card.contract is not None}
        by_type: dict[str, list[str]] = {}
        for card in cards:
            by_type.setdefault(str(card.type), []).append(card.id)
        self._unusable = {c.id for c in cards if not set(c.modules) <= modules}
        self.decks = {kind: Deck(ids, self.rng) for kind, ids in sorted(by_type.items())}
        self.augments: list[list[str]] = [[], [], [], []]
        self.result = SessionResult(config)
        self.round: Round | None = None
        self.primitives: dict[str, ModulePrimitive] = {}
        self.primitive_modules: dict[str, str] = {}
        self._marks: dict[tuple[int, int], Mapping[str, frozenset[int]]] = {}
        """The marks asked this round, by player and seat, until a marking module's code runs."""
        self._module_listeners: list[BusListener[Game]] | None = None
        """The modules' listeners of every round (:meth:`_listen_modules`), once asked."""
        self._marking = 0
        """How many steps of a marking module's code are under way: meanwhile the faces are asked afresh."""
        if plugins is not None:
            self.module_state.update(plugins.session_state(tuple(PLAYERS)))
            for name, run in plugins.primitives().items():
                self.primitives[name] = self._marking_primitive(run)
            self.primitive_modules = plugins.primitive_modules()

    @property
    def table(self) -> Table[PlayerState] | None:
        """The table of the round in progress."""
        return None if self.round is None else self.round.table

    def hand_of(self, player: int) -> tuple[int, ...]:
        """The instances of ``player``'s concealed hand in the round in progress (modules' ``Game``)."""
        return () if self.round is None else tuple(self.round.table.players[player].hand)

    def lasting_card(self, player: int, deck: str) -> str | None:
        """The card in ``player``'s lasting slot of ``deck`` this round, if it still acts (§6.9, §7.3)."""
        return None if self.round is None else lasting_card(self.round, player, deck)

    def end_lasting(self, player: int, deck: str) -> Generator[Decision, str, None]:
        """``player`` puts his lasting card of ``deck`` away without effect (§7.4, modules' ``Game``)."""
        if self.round is not None:
            yield from end_lasting(self.round, player, deck)

    def tile_marks(self, player: int, seat: int) -> Mapping[str, frozenset[int]]:
        """The faces the enabled modules mark for ``player`` now, by mark (§8.3: the treasure): asked
        of them once for each player and seat until a marking module's own code runs again
        (``hexmj_tile_marks``)."""
        if self.plugins is None:
            return {}
        found = self._marks.get((player, seat))
        if found is None:
            found = self.plugins.tile_marks(player, seat, self)
            if not self._marking:
                self._marks[(player, seat)] = found
        return found

    def _marking_step(self, step: Generator[Decision, str, _R]) -> Generator[Decision, str, _R]:
        """A step of a module's code, which may change the marks: the faces are asked afresh while it
        is under way and once it is over."""
        self._marking += 1
        try:
            return (yield from step)
        finally:
            self._marking -= 1
            self._marks.clear()

    def _marking_primitive(self, run: Primitive) -> ModulePrimitive:
        """A module's primitive run as a :meth:`_marking_step` (O-X09 and P-14 change the faces, §8.3)."""
        return lambda game, holder, args: self._marking_step(run(self, holder, args))

    def _marking_handle(
        self, handle: Callable[[Event, Game], Step | None]
    ) -> Callable[[Event, Game], Step | None]:
        """A marking module's listener whose code, run at once or as a step, is a :meth:`_marking_step`."""

        def heard(event: Event, game: Game) -> Step | None:
            self._marking += 1
            try:
                step = handle(event, game)
            finally:
                self._marking -= 1
                self._marks.clear()
            return None if step is None else self._marking_step(step)

        return heard

    def score_items(self, win: WinSummary) -> tuple[ScoreContribution, ...]:
        """The score items the enabled modules add to one legal win (``WinInput.extra``, §13)."""
        return () if self.plugins is None else self.plugins.score_items(win, self)

    def deck(self, kind: str) -> Deck:
        """The deck of a card type (empty if the pool has none)."""
        return self.decks.setdefault(kind, Deck([], self.rng))

    def view(self, player: int) -> PlayerView:
        """The deciding player's view of the current table, a snapshot (§5.4: augments are public;
        §8.3: the treasure faces in force for the player, as the enabled modules mark them; the tile
        its own latest draw gave it, R500)."""
        augments = tuple(map(tuple, self.augments))
        scores = tuple(self.result.totals)
        if self.round is None:
            return with_parts(BLIND, me=player, augments=augments, scores=scores, cards=self.public_cards)
        rnd = self.round
        return build_view(
            rnd.table,
            player,
            augments=augments,
            scores=scores,
            seen=rnd.seen.get(player, ()),
            cards=self.public_cards,
            treasure=rnd.marked(player, TREASURE),
            drawn=rnd.win_tile,
        )

    blind = BLIND
    """The view handed to a bot that reads none."""

    def policy_answer(self, decision: Decision) -> str | None:
        """A module's bot policy's answer to its own challenge for a bot's seat (``hexmj_bot_answer``,
        §8.4), or ``None``: a person answers their own."""
        if self.plugins is None or decision.kind not in MODULE_DECISIONS:
            return None
        return self.plugins.bot_answer(decision, self)

    def steps(self) -> Generator[Decision, str, SessionResult]:
        """Play every round of the session (§4, §5, §11, §16)."""
        drafts = dict(DRAFT_ROUNDS[self.config.rounds])
        yield from self.bus.deliver(
            Event("session.started", data={"mode": self.config.mode, "rounds": self.config.rounds}), self
        )
        for number in range(1, self.config.rounds + 1):
            dealer = (number - 1) % 4
            if number in drafts:
                yield from self._draft(drafts[number], dealer)
            self._listen_modules()
            self._marks.clear()
            rnd = Round(
                dealer_seat=dealer,
                rng=self.rng,
                rules=Rules(contracts=self.contracts, grants=self._grants()),
                bus=self.bus,
                contracts=ContractOffer(self._offer("contract"), self._offer("black_contract")),
                cards=Cards(
                    library=self.cards,
                    decks=self.decks,
                    augments=[[self.cards[a] for a in held] for held in self.augments],
                    modules=self.modules,
                    module_primitives=self.primitives,
                    primitive_modules=self.primitive_modules,
                    tile_marks=self.tile_marks
                    if self.plugins is not None and self.plugins.marks_tiles()
                    else None,
                    score_items=self.score_items if self.plugins is not None else None,
                    session=self,
                    counters=self.counters,
                    setup=self._setup,
                ),
                number=number,
                scores=self.result.totals,
            )
            self.round = rnd
            yield from rnd.start()
            world = self.deck("world").draw()
            if world is not None:
                register(rnd, self.cards[world], None)
            yield from rnd.emit("world.revealed", dealer, card=world or "")
            yield from self._setup(SetupStage.AFTER_WORLD, dealer)
            treasure, self._revealed = self._revealed, None
            result = yield from rnd.play()
            self.bus.clear()
            chosen = [c for c in result.contracts if c]
            self.deck("contract").put_back(
                [*result.returned_contracts["normal"], *(c for c in chosen if not self.is_black(c))]
            )
            self.deck("black_contract").put_back(
                [*result.returned_contracts["black"], *(c for c in chosen if self.is_black(c))]
            )
            if world:
                self.deck("world").discards.append(world)
            for p in range(4):
                self.result.totals[p] += result.scores[p]
            self.result.rounds.append(
                RoundRecord(number, dealer, world, treasure, tuple(tuple(a) for a in self.augments), result)
            )
            self.round = None
        return self.result

    def _listen_modules(self) -> None:
        """Put the modules' listeners on the bus for the round: asked of the modules at the first
        round and kept, for a module declares its listeners and the events that reveal its round's
        card once (``hexmj_listeners``, ``hexmj_module``), and a listener keeps no state of a round."""
        if self.plugins is None:
            return
        if self._module_listeners is None:
            self._module_listeners = self._modules_listening(self.plugins)
        for listener in self._module_listeners:
            self.bus.listen_module(listener)

    def _modules_listening(self, plugins: Modules) -> list[BusListener[Game]]:
        """The modules' listeners, a marking module's run as :meth:`_marking_handle`, and the notes of
        the cards that set a round (:class:`_RoundCardNote`)."""
        marking = plugins.marking()
        found: list[BusListener[Game]] = []
        for listener in plugins.listeners():
            if listener.source in marking:
                listener = replace(listener, handle=self._marking_handle(listener.handle))
            found.append(listener)
        found += [_RoundCardNote(self, event) for event in plugins.revealing()]
        return found

    def _setup(self, stage: SetupStage, dealer: int) -> Generator[Decision, str, None]:
        """The modules' set-up step at this point of §11 phase 1: after the world card (the treasure
        order, §8) or after the deal and the initial flowers, before contracts (the round calls it)."""
        if self.plugins is not None:
            yield from self._marking_step(self.plugins.round_setup(stage, self, dealer))

    def note_round_card(self, event: Event) -> None:
        """The card a module revealed after the world card, before the deal, for the round record
        (§8: the treasure order, §18.3)."""
        self._revealed = str(event.data.get("card", "")) or None

    def _grants(self) -> list[list[ShapeGrant]]:
        """The hand shapes each player's augments switch on (lib 六–八)."""
        return [[g for cid in held for g in self.cards[cid].grants] for held in self.augments]

    def is_black(self, contract_id: str) -> bool:
        """Whether ``contract_id`` is a black contract (§9.3)."""
        terms = self.contracts.get(contract_id)
        return terms is not None and terms.kind == "black"

    def _offer(self, kind: str) -> list[str]:
        """The contract deck the round draws its offers from: every contract of the last round was
        returned and reshuffled at its end (§9.1, §11 phase 6), so each round sees the whole deck."""
        return self.deck(kind).cards

    def _draft(self, tier: str, dealer: int) -> Generator[Decision, str, None]:
        """§5.2: two each from the dealer clockwise, one kept secretly, all revealed together."""
        picks = yield from deal_draft(self.deck(tier), tier, dealer, self._unusable)
        for p in sorted(picks):
            self.augments[p].append(picks[p])
        yield from self.bus.deliver(drafted(tier, picks), self)


def deal_draft(
    deck: Deck, tier: str, dealer: int, unusable: Container[str]
) -> Generator[Decision, str, dict[int, str]]:
    """§5.2: two augments of ``deck`` to each player from the dealer clockwise (two both unusable in
    the mode are shown, returned and redrawn), each keeps one secretly, the others go back; the picks
    by player."""
    offers: dict[int, list[str]] = {}
    for p in [(dealer + step) % 4 for step in range(4)]:
        hand = [c for c in (deck.draw(), deck.draw()) if c is not None]
        while hand and all(c in unusable for c in hand) and len(deck.cards) >= 2:
            deck.put_back(hand)
            hand = [c for c in (deck.draw(), deck.draw()) if c is not None]
        offers[p] = hand
    picks: dict[int, str] = {}
    for p, hand in offers.items():
        if hand:
            picks[p] = yield Decision(HextechKind.AUGMENT, p, tuple(hand), tier)
    deck.put_back([c for p, hand in offers.items() for c in hand if c != picks.get(p)])
    return picks


def drafted(tier: str, picks: Mapping[int, str]) -> Event:
    """``augment.drafted``: the picks of a draft, revealed together (§5.2)."""
    return Event(
        "augment.drafted", data={"tier": tier, "picks": {PLAYERS[p]: picks[p] for p in sorted(picks)}}
    )
