"""A table with cards in play, for the one-test-per-card play tests (issue "The game engine", item 3).

:class:`CardPlay` is the engine's :class:`engine.scenario.Scenario` with the
cards of a round added: the world card, each player's augments (their shape
grants go to the rules as in a session), the contracts each player holds, and
chance / party decks stacked in a known order (first written, first drawn).
Contracts are either set on the table before play starts (``contracts``) or
really offered and chosen (``offered``), so the cards timed at the contract
choice (S-06, P-09, B-09, B-11, B-15) see it happen (§9.1).  The offer decks are shared, drawn
from the dealer on clockwise, so ``offered`` names the dealer's candidates (and those of the players
after the dealer, in turn); candidates beyond two normal and one black are what S-06 / P-09 draw next.
With ``plugins`` (the enabled modules, ``engine.plugins.Modules``) the round plays with them as a
session would: their state, primitives, listeners, tile marks and score items, and the set-up step
after the world card, through a :class:`ModuleGame` standing for the session (``engine.hookspecs.Game``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from dsl import compile_cards, load_cards
from engine.bus import Bus, Event, Step
from engine.card_runtime import end_lasting, lasting_card, register
from engine.decisions import HU, PASS, Decision, DecisionKind
from engine.hookspecs import TREASURE_MARK, ScoreContribution, SetupStage, WinSummary
from engine.plugins import Modules
from engine.round import Cards, ContractOffer, ModulePrimitive, Round
from engine.rules import Rules
from engine.scenario import RoundDriver, arranged_wall, plain_answer
from engine.state import PLAYERS, ContractStatus, Deck, PlayerState
from engine.tiles import format_tiles, kind_of_instance, parse_one
from engine.vocabulary import CompiledCard


@cache
def library() -> dict[str, CompiledCard]:
    """Every library card (version 1) compiled, by id."""
    return {card.id: card for card in compile_cards(load_cards()) if card.version == 1}


def stacked(ids: Sequence[str]) -> Deck:
    """A deck that deals ``ids`` in the order written (first written, first drawn)."""
    deck = Deck([], random.Random(0))
    deck.cards = list(reversed(ids))
    return deck


def seat(letter: str) -> int:
    """A player index from its letter A–D."""
    return PLAYERS.index(letter)


def use(card_id: str) -> str:
    """The answer that takes up an optional card ability (``may do``)."""
    return f"use {card_id}"


@dataclass
class ModuleGame:
    """The session as the enabled modules see it (``engine.hookspecs.Game``) around one arranged round."""

    modules: Modules
    decks: dict[str, Deck]
    bus: Bus
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    module_state: dict[str, Any] = field(default_factory=dict)
    round: Round | None = None

    def __post_init__(self) -> None:
        self.module_state = self.modules.session_state(tuple(PLAYERS))
        for listener in self.modules.listeners():
            self.bus.listen(listener)

    def deck(self, kind: str) -> Deck:
        return self.decks.setdefault(kind, stacked(()))

    def hand_of(self, player: int) -> tuple[int, ...]:
        return () if self.round is None else tuple(self.round.table.players[player].hand)

    def lasting_card(self, player: int, deck: str) -> str | None:
        return None if self.round is None else lasting_card(self.round, player, deck)

    def end_lasting(self, player: int, deck: str) -> Step:
        if self.round is not None:
            yield from end_lasting(self.round, player, deck)

    def tile_marks(self, player: int, seat: int) -> frozenset[int]:
        return self.modules.tile_marks(player, seat, self).get(TREASURE_MARK, frozenset())

    def score_items(self, win: WinSummary) -> tuple[ScoreContribution, ...]:
        return self.modules.score_items(win, self)


@dataclass
class CardPlay(RoundDriver):
    """One round on an arranged table with cards in play; ``events`` records every event."""

    hands: Mapping[str, str]
    draws: str = ""
    tail: str = ""
    dealer: int = 0
    world: str | None = None
    augments: Mapping[str, Sequence[str]] = field(default_factory=dict)
    contracts: Mapping[str, str] = field(default_factory=dict)
    offered: Mapping[str, Sequence[str]] | None = None
    chance: Sequence[str] = ()
    party: Sequence[str] = ()
    contract_deck: Sequence[str] = ()
    black_deck: Sequence[str] = ()
    number: int = 1
    scores: Sequence[int] = (0, 0, 0, 0)
    modules: frozenset[str] = frozenset()
    tile_marks: Callable[[int, int], frozenset[int]] | None = None
    module_primitives: Mapping[str, ModulePrimitive] = field(default_factory=dict)
    plugins: Modules | None = None
    treasure: Sequence[str] = ()
    events: list[Event] = field(default_factory=list)
    asked: list[Decision] = field(default_factory=list)

    def __post_init__(self) -> None:
        lib = library()
        terms = {cid: card.contract for cid, card in lib.items() if card.contract is not None}
        held = [[lib[c] for c in self.augments.get(letter, ())] for letter in PLAYERS]
        grants = [[g for card in cards for g in card.grants] for cards in held]
        self.decks = {
            "chance": stacked(self.chance),
            "party": stacked(self.party),
            "contract": stacked(self.contract_deck),
            "black_contract": stacked(self.black_deck),
            "treasure": stacked(self.treasure),
        }
        bus = Bus(sinks=[self.events.append])
        game = None if self.plugins is None else ModuleGame(self.plugins, self.decks, bus)
        self.game = game
        offer = None
        if self.offered is not None:
            order = [(self.dealer + step) % 4 for step in range(4)]
            normal = [c for p in order for c in self.offered.get(PLAYERS[p], ()) if not c.startswith("B")]
            black = [c for p in order for c in self.offered.get(PLAYERS[p], ()) if c.startswith("B")]
            offer = ContractOffer(normal=list(reversed(normal)), black=list(reversed(black)))
        self.round = Round(
            dealer_seat=self.dealer,
            rng=random.Random(0),
            rules=Rules(contracts=terms, grants=grants),
            bus=bus,
            contracts=offer,
            cards=Cards(
                library=lib,
                decks=self.decks,
                world=lib[self.world] if self.world else None,
                augments=held,
                modules=self.modules if game is None else frozenset(game.modules.names),
                tile_marks=game.tile_marks
                if game is not None and game.modules.marks_tiles()
                else self.tile_marks,
                score_items=None if game is None else game.score_items,
                module_primitives=self.module_primitives if game is None else game.modules.primitives(),
                session=game,
                counters={},
            ),
            number=self.number,
            scores=self.scores,
            wall=arranged_wall(self.hands, dealer=self.dealer, draws=self.draws, tail=self.tail),
        )
        if game is not None:
            game.round = self.round
            asked = next(game.modules.round_setup(SetupStage.AFTER_WORLD, game, self.round.dealer), None)
            if asked is not None:
                raise AssertionError(f"the modules' set-up asked {asked}; stack an order that asks nothing")
        for letter, cid in self.contracts.items():
            player = self.player(letter)
            player.contract = cid
            player.contract_status = ContractStatus.OPEN
            register(self.round, lib[cid], seat(letter))
        if self.contracts:
            self.round.contracts_revealed = True
        self._start()

    # -- driving ---------------------------------------------------------------------

    def _answered(self, decision: Decision, answer: str) -> None:
        self.asked.append(decision)

    def play_until(self, want: Callable[[Decision], bool], *, limit: int = 400) -> Decision:
        """Play on with the plain policy (tsumogiri, pass, keep) up to the first decision ``want`` takes."""
        for _ in range(limit):
            if self._pending is None or want(self._pending):
                break
            self.advance(plain_answer(self._pending, self.round))
        if self._pending is None or not want(self._pending):
            raise AssertionError("the round ended before the decision looked for")
        return self._pending

    def until_event(
        self, name: str, *, player: int | None = None, since: int | None = None, limit: int = 400
    ) -> Event:
        """Play on with the plain policy until an event ``name`` (of ``player``) has happened after event
        number ``since`` (default: now); return it."""
        seen = len(self.events) if since is None else since
        for _ in range(limit):
            found = [
                e for e in self.events[seen:] if e.name == name and (player is None or e.player == player)
            ]
            if found:
                return found[0]
            if self._pending is None:
                break
            self.advance(plain_answer(self._pending, self.round))
        raise AssertionError(f"no {name} event happened")

    def discard(self, face: str) -> Event:
        """The deciding player discards ``face``; the responses are passed until it settles."""
        assert self._pending is not None
        p = self._pending.player
        since = len(self.events)
        self.advance(f"discard {face}")
        return self.until_event("discard.settled", player=p, since=since)

    def turn_of(self, letter: str) -> Decision:
        """Play on to ``letter``'s next turn decision."""
        p = seat(letter)
        return self.play_until(lambda d: d.player == p and d.kind is DecisionKind.TURN)

    def choice_about(self, card_id: str) -> Decision:
        """Play on to the next choice a card puts (``about`` names it)."""
        return self.play_until(lambda d: d.kind is DecisionKind.CHOOSE and d.about == card_id)

    # -- looking -----------------------------------------------------------------------

    def player(self, letter: str) -> PlayerState:
        """A player's state on the table."""
        return self.round.table.players[seat(letter)]

    def hand(self, letter: str) -> str:
        """A player's concealed hand in notation (sorted)."""
        return format_tiles(sorted(kind_of_instance(i) for i in self.player(letter).hand))

    def has(self, letter: str, face: str) -> int:
        """How many tiles of ``face`` are in a player's concealed hand."""
        k = parse_one(face)
        return sum(1 for i in self.player(letter).hand if kind_of_instance(i) == k)

    def names(self) -> list[str]:
        """Event names in order."""
        return [e.name for e in self.events]

    def of(self, name: str) -> list[Event]:
        """The events of one name in order."""
        return [e for e in self.events if e.name == name]

    def drawn_cards(self, deck: str = "chance") -> list[tuple[str, int | None]]:
        """``(card, player)`` for every card drawn from ``deck`` (``<deck>.drawn`` events)."""
        return [(str(e.data.get("card")), e.player) for e in self.of(f"{deck}.drawn")]

    def top(self, n: int) -> str:
        """The next ``n`` tiles of the wall front, in notation, in order."""
        return " ".join(format_tiles([kind_of_instance(i)]) for i in self.round.table.wall.look_front(n))


def hu_or_pass(decision: Decision) -> str:
    """``hu`` when offered, else ``pass``."""
    return HU if HU in decision.options else PASS
