"""Scenarios: given a table, when this happens, then that — short rule and card tests (§11, §12).

A :class:`Scenario` arranges the wall so the deal gives each player the
hand written in tile notation, the next normal draws come in the order
written, and the tail (flower and kong replacements) holds the tiles
written for it; it puts the cards of a card table in play (world card,
augments, contracts held or offered, stacked chance, party and treasure
decks, the enabled modules).  :meth:`Scenario.advance` answers decisions from a script and
stops at the first one the script does not cover, so a test can look at its
options; :meth:`Scenario.finish` plays the rest with a plain policy (discard
the tile just drawn, pass every call, keep every contract).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import HU, PASS, Decision, DecisionKind, check_answer
from engine.core.melds import Meld, MeldKind
from engine.core.seats import PLAYERS
from engine.core.table import TableMeld
from engine.core.tiles import (
    NUM_INSTANCES,
    format_one,
    format_tiles,
    instances_of,
    kind_of_instance,
    parse,
    parse_one,
)
from engine.core.wall import Wall
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.card_runtime import end_lasting, lasting_card, register
from engine.hextech.decision_kinds import KEEP
from engine.hextech.effects.context import RoundTable
from engine.hextech.hookspecs import Game, Primitive, ScoreContribution, SetupStage, WinSummary
from engine.hextech.plugins import Modules
from engine.hextech.round import Round, RoundResult
from engine.hextech.round_cards import Cards, ContractOffer, ModulePrimitive
from engine.hextech.rules import Rules
from engine.hextech.session import deal_draft, drafted
from engine.hextech.state import ContractStatus, Deck, PlayerState
from engine.hextech.vocabulary import CompiledCard

DIE_SIDES = 6
"""The faces of the die the rules and the cards roll (T-08, H24)."""


def arranged_wall(
    hands: Mapping[str, str],
    *,
    dealer: int = 0,
    draws: str = "",
    tail: str = "",
    melds: Mapping[str, Sequence[Sequence[int]]] | None = None,
    drawable: int | None = None,
) -> Wall:
    """A wall whose deal gives ``hands`` (by letter; short hands are filled with single copies of
    unused faces), whose next normal draws are ``draws`` and whose first replacements are ``tail``;
    the flowers left over sit in the middle of the wall.  ``melds`` are the tile instances of the
    melds each player has declared before the deal (:func:`meld_instances`): they are in no wall, and
    the player is dealt three tiles fewer for each.  ``drawable`` cuts the wall to that many tiles
    after the deal, the draws and the tail written among them and ordinary tiles between; the tiles
    cut are out of play."""
    aside = {i for placed in (melds or {}).values() for meld in placed for i in meld}
    used: set[int] = set(aside)

    def take(text: str) -> list[int]:
        chosen = []
        for k in parse(text):
            free = [i for i in instances_of(k) if i not in used]
            if not free:
                raise ValueError(f"no copy of {format_one(k)} left for {text!r}")
            used.add(free[0])
            chosen.append(free[0])
        return chosen

    written = {letter: take(text) for letter, text in sorted(hands.items())}
    front_draws = take(draws)
    tail_tiles = take(tail)
    ordinary = sorted((i for i in range(136) if i not in used), key=lambda i: (i % 4, i))
    flowers = [i for i in range(136, NUM_INSTANCES) if i not in used]
    front: list[int] = []
    for step in range(4):
        player = (dealer + step) % 4
        size = (14 if step == 0 else 13) - 3 * len((melds or {}).get(PLAYERS[player], ()))
        tiles = written.get(PLAYERS[player], [])
        if len(tiles) > size:
            raise ValueError(f"{PLAYERS[player]} is dealt {size} tiles, not {len(tiles)}")
        while len(tiles) < size:
            tiles.append(ordinary.pop(0))
        front += tiles
    if drawable is None:
        half = len(ordinary) // 2
        rest = [*ordinary[:half], *flowers, *ordinary[half:]]
    else:
        between = drawable - len(front_draws) - len(tail_tiles)
        if not 0 <= between <= len(ordinary):
            raise ValueError(
                f"a wall of {drawable} drawable tiles cannot hold the {len(front_draws)} draws and "
                f"{len(tail_tiles)} tail tiles written"
            )
        rest = ordinary[:between]
    return Wall([*front, *front_draws, *rest, *reversed(tail_tiles)])


def meld_instances(melds: Mapping[str, Sequence[Meld]]) -> dict[str, list[tuple[int, ...]]]:
    """The tile instances of the melds each player has declared before the deal: the lowest copies
    of each face, taken before any hand's (:func:`arranged_wall`)."""
    used: set[int] = set()
    placed: dict[str, list[tuple[int, ...]]] = {}
    for letter, declared in sorted(melds.items()):
        for meld in declared:
            chosen = []
            for k in meld.tiles:
                free = [i for i in instances_of(k) if i not in used]
                if not free:
                    raise ValueError(f"no copy of {format_one(k)} left for {letter}'s {meld}")
                used.add(free[0])
                chosen.append(free[0])
            placed.setdefault(letter, []).append(tuple(chosen))
    return placed


class LoadedDie(random.Random):
    """A table's seeded random source whose six-sided rolls come first from ``rolls``, in order: the
    die an example loads (T-08's roll, a card's ``pick_player(how: die)``).  Several sources of one
    table share the list, so the rolls are taken in the order the table rolls."""

    def __init__(self, seed: int, rolls: list[int]) -> None:
        super().__init__(seed)
        self.rolls = rolls

    def randint(self, a: int, b: int) -> int:
        """The next loaded roll for a d6 while any is left; the seeded draw otherwise."""
        if (a, b) == (1, DIE_SIDES) and self.rolls:
            return self.rolls.pop(0)
        return super().randint(a, b)


class RoundDriver:
    """Drives ``round``'s play one decision at a time: :meth:`advance` answers from a script, each
    answer checked against the options and handed to :meth:`_answered` to be recorded."""

    round: Round
    result: RoundResult | None

    def _start(self) -> None:
        self._steps: Generator[Decision, str, RoundResult] = self._opening()
        self._pending: Decision | None = None
        self.result = None
        self._send(None)

    def _opening(self) -> Generator[Decision, str, RoundResult]:
        """What is played from the first decision on: the round (a table may put steps before it)."""
        return self.round.play()

    def _send(self, answer: str | None) -> None:
        try:
            self._pending = next(self._steps) if answer is None else self._steps.send(answer)
        except StopIteration as done:
            self._pending = None
            self.result = done.value

    def _answered(self, decision: Decision, answer: str) -> None:
        """Record one answer given (nothing by default)."""

    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or ``None`` once the round is over."""
        return self._pending

    def advance(self, *answers: str) -> Decision | None:
        """Answer the next decisions in turn with ``answers`` (each checked); return the next one."""
        for answer in answers:
            decision = self._pending
            if decision is None:
                raise AssertionError(f"the round ended before the answer {answer!r}")
            self._answered(decision, check_answer(decision, answer))
            self._send(answer)
        return self._pending

    def finish(self, *, take_wins: bool = False) -> RoundResult:
        """Play on with the plain policy (discard the drawn tile, pass, keep); ``take_wins``: hu when
        offered."""
        while self._pending is not None:
            self.advance(plain_answer(self._pending, self.round, take_wins=take_wins))
        assert self.result is not None
        return self.result


def stacked(ids: Sequence[str]) -> Deck:
    """A deck that deals ``ids`` in the order written (first written, first drawn); an id written twice
    is a second physical copy (§3's 复本包, marked 副本2)."""
    deck = Deck([], random.Random(0))
    deck.cards = list(reversed(ids))
    return deck


@dataclass
class ModuleGame:
    """The session as the enabled modules see it (``hookspecs.Game``) around one arranged round."""

    modules: Modules
    decks: dict[str, Deck]
    bus: Bus[RoundTable, Game]
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    module_state: dict[str, Any] = field(default_factory=dict)
    round: Round | None = None

    def __post_init__(self) -> None:
        if not self.module_state:
            self.module_state = self.modules.session_state(tuple(PLAYERS))
        for listener in self.modules.listeners():
            self.bus.listen_module(listener)

    def deck(self, kind: str) -> Deck:
        return self.decks.setdefault(kind, stacked(()))

    def hand_of(self, player: int) -> tuple[int, ...]:
        return () if self.round is None else tuple(self.round.table.players[player].hand)

    def lasting_card(self, player: int, deck: str) -> str | None:
        return None if self.round is None else lasting_card(self.round, player, deck)

    def end_lasting(self, player: int, deck: str) -> Step:
        if self.round is not None:
            yield from end_lasting(self.round, player, deck)

    def tile_marks(self, player: int, seat: int) -> Mapping[str, frozenset[int]]:
        return self.modules.tile_marks(player, seat, self)

    def score_items(self, win: WinSummary) -> tuple[ScoreContribution, ...]:
        return self.modules.score_items(win, self)

    def setup(self, stage: SetupStage, dealer: int) -> Step:
        """The modules' set-up step at a stage of §11 phase 1."""
        yield from self.modules.round_setup(stage, self, dealer)

    def primitives(self) -> dict[str, ModulePrimitive]:
        """The modules' effect primitives, each run on this game."""
        return {name: self._on_game(run) for name, run in self.modules.primitives().items()}

    def _on_game(self, run: Primitive) -> ModulePrimitive:
        """``run`` as the round calls it, acting on this game as a session's primitive acts on the session."""
        return lambda _, holder, args: run(self, holder, args)


def seat(letter: str) -> int:
    """A player index from its letter A–D."""
    return PLAYERS.index(letter)


@dataclass
class Scenario(RoundDriver):
    """One round on an arranged table with the cards of a card table in play (§11, §12).

    ``library`` is the compiled cards by id (the caller loads it: the engine reads no card files); the
    contract terms of its contracts go to the rules, so a contract held (``contracts``, set on the
    table before play) or offered (``offered``, the candidates dealt from the dealer on clockwise, or
    ``offer``, the raw decks) is watched and completes as in a session (§9).  ``world`` and
    ``augments`` are put in force at the round's start; the chance, party, treasure and contract decks
    are stacked (first written, first drawn); ``plugins`` plays the enabled modules as a session would
    (their state, listeners, primitives, tile marks, score items and set-up after the world card, its
    decisions put before the deal).  ``seed`` seeds the table's random choices, ``die`` loads the die's
    next rolls; ``melds`` are declared before the deal (``"pon 555p"``), ``drawable`` cuts the wall
    after the deal to that many tiles; ``draft`` opens the round with the draft of a tier from
    ``augment_decks`` (§5.2).  ``previous`` is the round before in the same session
    (:meth:`next_round`).  ``events`` records every event; ``asked`` every decision answered.
    """

    hands: Mapping[str, str]
    draws: str = ""
    tail: str = ""
    dealer: int = 0
    library: Mapping[str, CompiledCard] = field(default_factory=dict)
    rules: Rules | None = None
    offer: ContractOffer | None = None
    world: str | None = None
    augments: Mapping[str, Sequence[str]] = field(default_factory=dict)
    contracts: Mapping[str, str] = field(default_factory=dict)
    offered: Mapping[str, Sequence[str]] | None = None
    chance: Sequence[str] = ()
    party: Sequence[str] = ()
    treasure: Sequence[str] = ()
    contract_deck: Sequence[str] = ()
    black_deck: Sequence[str] = ()
    number: int = 1
    scores: Sequence[int] = (0, 0, 0, 0)
    modules: frozenset[str] = frozenset()
    tile_marks: Callable[[int, int], Mapping[str, frozenset[int]]] | None = None
    module_primitives: Mapping[str, ModulePrimitive] = field(default_factory=dict)
    plugins: Modules | None = None
    seed: int = 0
    die: Sequence[int] = ()
    melds: Mapping[str, Sequence[str]] = field(default_factory=dict)
    drawable: int | None = None
    draft: str | None = None
    augment_decks: Mapping[str, Sequence[str]] = field(default_factory=dict)
    previous: Scenario | None = None
    events: list[Event] = field(default_factory=list)
    asked: list[Decision] = field(default_factory=list)

    def __post_init__(self) -> None:
        lib = self.library
        missing = [card for card in self._named() if card not in lib]
        if missing:
            raise ValueError(f"{missing[0]} is not in the card library the table plays with")
        self.held = [[lib[c] for c in self.augments.get(letter, ())] for letter in PLAYERS]
        rules = self.rules or Rules(
            contracts={cid: card.contract for cid, card in lib.items() if card.contract is not None},
            grants=[[g for card in cards for g in card.grants] for cards in self.held],
        )
        self.decks = self._decks()
        if self.draft is not None and self.draft not in self.decks:
            raise ValueError(f"a {self.draft} draft needs the {self.draft} deck stacked")
        rolls = list(self.die)
        bus: Bus[RoundTable, Game] = Bus(sinks=[self.events.append])
        game = self._module_game(bus, LoadedDie(self.seed, rolls))
        self.game = game
        declared = {letter: [Meld.parse(text) for text in texts] for letter, texts in self.melds.items()}
        placed = meld_instances(declared)
        self.round = Round(
            dealer_seat=self.dealer,
            rng=LoadedDie(self.seed, rolls),
            rules=rules,
            bus=bus,
            contracts=self._offer(),
            cards=Cards(
                library=lib,
                decks=self.decks,
                world=lib[self.world] if self.world else None,
                augments=self.held,
                modules=self.modules if game is None else frozenset(game.modules.names),
                tile_marks=game.tile_marks
                if game is not None and game.modules.marks_tiles()
                else self.tile_marks,
                score_items=None if game is None else game.score_items,
                module_primitives=self.module_primitives if game is None else game.primitives(),
                primitive_modules={} if game is None else game.modules.primitive_modules(),
                session=game,
                counters={} if self.previous is None else self.previous.round.counters,
                setup=None if game is None else game.setup,
            ),
            number=self.number,
            scores=self.scores,
            wall=arranged_wall(
                self.hands,
                dealer=self.dealer,
                draws=self.draws,
                tail=self.tail,
                melds=placed,
                drawable=self.drawable,
            ),
        )
        if game is not None:
            game.round = self.round
        for letter, melds in declared.items():
            self._declare(letter, melds, placed[letter])
        for letter, cid in self.contracts.items():
            player = self.player(letter)
            player.contract = cid
            player.contract_status = ContractStatus.OPEN
            register(self.round, lib[cid], seat(letter))
        if self.contracts:
            self.round.contracts_revealed = True
        self._start()

    def _decks(self) -> dict[str, Deck]:
        """The decks stacked as written; a deck not written goes on from the round before, if any."""
        written = {
            "chance": self.chance,
            "party": self.party,
            "contract": self.contract_deck,
            "black_contract": self.black_deck,
            "treasure": self.treasure,
            **self.augment_decks,
        }
        decks = {} if self.previous is None else self.previous.decks
        return {
            **decks,
            **{name: stacked(ids) for name, ids in written.items() if ids or name not in decks},
        }

    def _module_game(self, bus: Bus[RoundTable, Game], rng: random.Random) -> ModuleGame | None:
        """The modules' session: the round before's (their state, chips and piles go on) or a new one."""
        if self.plugins is None:
            return None
        before = None if self.previous is None else self.previous.game
        if before is None:
            return ModuleGame(self.plugins, self.decks, bus, rng)
        return ModuleGame(self.plugins, self.decks, bus, before.rng, before.module_state)

    def _declare(self, letter: str, melds: Sequence[Meld], instances: Sequence[tuple[int, ...]]) -> None:
        """Melds the player declared before the table was dealt: on the table, counted as calls and
        kongs of the round; they set off nothing and count toward no card's limit."""
        player = self.player(letter)
        for meld, tiles in zip(melds, instances, strict=True):
            player.melds.append(TableMeld(meld, tiles))
            if meld.kind in (MeldKind.ANKAN, MeldKind.MINKAN, MeldKind.KAKAN):
                player.kong_kinds.append(meld.kind)
            player.calls[meld.kind.value] = player.calls.get(meld.kind.value, 0) + 1
            if meld.exposed:
                self.round.table.any_call = True

    def _opening(self) -> Generator[Decision, str, RoundResult]:
        """The table's draft (§5.2), the round's start, the modules' set-up after the world card (the
        treasure order, §8, whose decisions are put before the deal), then the round (§11)."""
        rnd = self.round
        if self.draft is not None:
            usable = rnd.modules
            unusable = {cid for cid, card in self.library.items() if not set(card.modules) <= usable}
            picks = yield from deal_draft(self.decks[self.draft], self.draft, rnd.dealer, unusable)
            for p, cid in sorted(picks.items()):
                self.held[p].append(self.library[cid])
                rnd.rules.grants[p].extend(self.library[cid].grants)
            yield from rnd.bus.dispatch(drafted(self.draft, picks), rnd, self.game)
        yield from rnd.start()
        if self.game is not None:
            yield from self.game.setup(SetupStage.AFTER_WORLD, rnd.dealer)
        return (yield from rnd.play())

    def next_round(self, **table: Any) -> Scenario:
        """The session's next round on a table of its own (``table``: this class's arguments): the
        number after this one's, the dealer's seat next clockwise, the session's scores with this
        round's points, the augments held and those written, the limit counters, the modules' state
        and every deck not written again carried on (§4, §5, §16).  This round must be over."""
        if self.result is None:
            raise ValueError("the round is not over: finish it before the next round")
        written = table.pop("augments", {})
        augments = {
            PLAYERS[p]: [*(card.id for card in held), *written.get(PLAYERS[p], ())]
            for p, held in enumerate(self.held)
        }
        scores = tuple(a + b for a, b in zip(self.scores, self.result.scores, strict=True))
        table.setdefault("number", self.number + 1)
        table.setdefault("dealer", (self.dealer + 1) % 4)
        table.setdefault("scores", scores)
        return Scenario(
            library=self.library,
            plugins=self.plugins,
            previous=self,
            augments={letter: held for letter, held in augments.items() if held},
            events=self.events,
            asked=self.asked,
            **table,
        )

    def _named(self) -> list[str]:
        """Every card the table names: it must be in the library, or a contract would go unwatched."""
        return [
            *([self.world] if self.world else []),
            *(card for cards in self.augments.values() for card in cards),
            *self.contracts.values(),
            *(card for cards in (self.offered or {}).values() for card in cards),
            *self.chance,
            *self.party,
            *self.treasure,
            *self.contract_deck,
            *self.black_deck,
            *(card for ids in self.augment_decks.values() for card in ids),
        ]

    def _offer(self) -> ContractOffer | None:
        """The contract decks: ``offer`` as given, or ``offered``'s candidates dealt from the dealer on
        (2 normal + 1 black each, §9.1; candidates beyond those are what S-06 / P-09 draw next)."""
        if self.offered is None:
            return self.offer
        order = [PLAYERS[(self.dealer + step) % 4] for step in range(4)]
        named = [c for letter in order for c in self.offered.get(letter, ())]
        return ContractOffer(
            normal=[c for c in reversed(named) if not c.startswith("B")],
            black=[c for c in reversed(named) if c.startswith("B")],
        )

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


def plain_answer(decision: Decision, rnd: Round, *, take_wins: bool = False) -> str:
    """Discard the tile just drawn (tsumogiri), pass, keep; hu only with ``take_wins``."""
    if take_wins and HU in decision.options:
        return HU
    if decision.kind is DecisionKind.TURN:
        hand = rnd.table.players[decision.player].hand
        drawn = f"discard {format_one(kind_of_instance(hand[-1]))}"
        return drawn if drawn in decision.options else _last_discard(decision.options)
    if PASS in decision.options:
        return PASS
    if KEEP in decision.options:
        return KEEP
    return decision.options[0]


def _last_discard(options: Sequence[str]) -> str:
    return [o for o in options if o.startswith("discard")][-1]
