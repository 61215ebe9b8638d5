"""What the console of a real table (实体桌) holds in place of cards and markers (issue 31 item 1).

Every deck (world, chance, party, treasure, the augments by level, normal and black contracts), the
augments each player holds and their uses, each round's contracts (secret until §9.1's reveal) and
whether they are complete, lasting chance and party cards and the states cards put on with what ends
them (:class:`Until`), chips, the treasure order, the scores, and the §18.3 figures as the table
plays.  Of the tiles it holds only what the table told it: the melds and kongs tapped, the wall
count told, the wins entered.

Players are numbered 0..3 by the seat they took at the session's start (玩家A–D, §4); O-X01 moves
players between seats (:attr:`TableState.seat_of`) while the dealer, the seat winds and the order of
play stay with the seats (§14.3).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.melds import MeldKind
from engine.core.seats import PLAYERS, seat_wind
from engine.hextech.card_ids import base_of
from engine.hextech.state import ContractStatus, Deck
from engine.hextech.vocabulary import Program, StaticRule
from modules.party.chips import ChipLedger
from tools.physical.asks import Answer, Ask, Reply
from tools.physical.pool import TablePool

SEATS = 4
FLOW_START = 91
"""The drawable tiles the console assumes until the table tells a count: the most the wall holds once
the hands are dealt (144 − 14 − 3 × 13, §11)."""
UntilKind = Literal["card", "status", "later"]


@dataclass
class Until:
    """Something that lasts until a duration ends (§6.5, §6.9, §7.3, §14.4): a lasting chance or party
    card in front of its holder, a state a card put on (``status``), or steps a card runs when the
    duration ends (``later``, with the values its card had chosen)."""

    source: str
    holder: int
    until: str
    kind: UntilKind
    text: str
    deck: str = ""
    steps: Program = ()
    values: dict[str, str] = field(default_factory=dict)
    rule: StaticRule | None = None
    """A state's rule (O-N02: no chow, no pung), which the buttons it bars follow."""


@dataclass
class Task:
    """A card's effect under way at the table while play goes on (what an event the table told set
    off): its flow, the prompt it waits on, the answers given to it so far."""

    flow: Generator[Ask, Answer, None]
    ask: Ask | None = None
    answers: dict[int, Reply] = field(default_factory=dict)
    started: bool = False


@dataclass
class Win:
    """A win entered (§12): the winner, the discarder (``None`` self-drawn), the wall count the table
    told with it, how it was made, its scored items and total once settled."""

    player: int
    source: int | None
    wall: int
    way: str
    hand: dict[str, Any]
    order: int = 0
    total: int = 0
    items: tuple[dict[str, Any], ...] = ()
    form: str = ""
    claim: Any = None
    """The claim as entered (:class:`tools.physical.wins.Claim`), to score again when a win on the same
    discard takes an earlier place (§12.3)."""
    kept: int = 0


@dataclass
class PlayerRound:
    """One player's round: the contract and its standing, the offers still secret, the melds (a
    加杠 turns its pung into a kong), calls and kongs the table told, the penalty of an abandoned
    black contract, the win."""

    contract: str | None = None
    status: ContractStatus = ContractStatus.NONE
    offers: list[str] = field(default_factory=list)
    offer_size: tuple[int, int] = (2, 1)
    melds: list[MeldKind] = field(default_factory=list)
    calls: dict[str, int] = field(default_factory=dict)
    kongs: list[MeldKind] = field(default_factory=list)
    penalty: int = 0
    won: Win | None = None


@dataclass
class Drawn:
    """A chance or party card drawn this round (§6.4–§6.8, §7.2): by whom, and whether it acted or
    could not be done at all."""

    card: str
    deck: str
    player: int
    triggered: bool = False
    unexecutable: bool = False


@dataclass
class Dispute:
    """A rule dispute walked through §15's order: the question, the step that settled it (the card's
    text, §15's priority, two players not acting, or the reading less favourable to the acting
    player), the outcome."""

    question: str
    step: str
    outcome: str
    cards: tuple[str, ...] = ()


@dataclass
class RoundState:
    """One round of §11 at the table."""

    number: int
    dealer_seat: int
    start: int
    players: list[PlayerRound] = field(default_factory=lambda: [PlayerRound() for _ in range(SEATS)])
    world: str | None = None
    treasure: str | None = None
    treasure_die: int | None = None
    treasure_named: str | None = None
    personal_treasure: dict[int, str] = field(default_factory=dict)
    drawable: int = FLOW_START
    kakan: int | None = None
    """The player whose 加杠 was told and stands once nobody has robbed it (§9.4)."""
    window_opened: bool = False
    contracts_revealed: bool = False
    wins: list[Win] = field(default_factory=list)
    ron_group: list[Win] = field(default_factory=list)
    until: list[Until] = field(default_factory=list)
    lasting: dict[tuple[int, str], str] = field(default_factory=dict)
    values: dict[tuple[str, int], dict[str, str]] = field(default_factory=dict)
    """What a holder chose for a card, by the card's base id and the holder (B-11's suit, B-15's
    number, G-08's route)."""
    designated: dict[int, list[list[Any]]] = field(default_factory=dict)
    next_player: int | None = None
    drawn: list[Drawn] = field(default_factory=list)
    challenges: list[tuple[str, int, str]] = field(default_factory=list)
    acted: dict[str, int] = field(default_factory=dict)
    unable: dict[str, int] = field(default_factory=dict)
    lookups: int = 0
    missed: list[tuple[str, int, str]] = field(default_factory=list)
    disputes: list[Dispute] = field(default_factory=list)
    exhausted: bool = False
    end: int | None = None
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    held: tuple[tuple[str, ...], ...] = ()
    """The augments each player held this round (§5.3)."""
    lost_challenges: set[tuple[str, int]] = field(default_factory=set)

    @property
    def over(self) -> bool:
        """The third winner has appeared or the wall is exhausted (§11 phases 5, 6)."""
        return self.end is not None


@dataclass
class TableState:
    """A session at a real table: its pool and length, the decks, the augments held, the totals,
    chips and seats, the round in play and the rounds played, and the feed every screen shows."""

    pool: TablePool
    seed: int
    rounds: int
    rng: random.Random = field(init=False)
    decks: dict[str, Deck] = field(init=False)
    augments: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    totals: list[int] = field(default_factory=lambda: [0] * SEATS)
    seat_of: list[int] = field(default_factory=lambda: list(range(SEATS)))
    chips: ChipLedger = field(default_factory=lambda: ChipLedger.for_players(tuple(PLAYERS)))
    counters: dict[tuple[object, ...], int] = field(default_factory=dict)
    round: RoundState | None = None
    played: list[RoundState] = field(default_factory=list)
    feed: list[str] = field(default_factory=list)
    now: int = 0
    ended: bool = False
    tasks: list[Task] = field(default_factory=list)
    """The effects under way while play goes on, oldest first."""
    drawing: list[str] = field(default_factory=list)
    """The chance or party cards being drawn, innermost last; ``redraw`` once a card's ability asked to
    draw again (S-10, O-X06)."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        by_type: dict[str, list[str]] = {}
        for card in self.pool.cards:
            by_type.setdefault(str(card.type), []).append(card.id)
        self.decks = {kind: Deck(ids, self.rng) for kind, ids in sorted(by_type.items())}

    def deck(self, kind: str) -> Deck:
        """The deck of a card type (empty if the pool has none)."""
        return self.decks.setdefault(kind, Deck([], self.rng))

    @property
    def rnd(self) -> RoundState:
        """The round in play."""
        assert self.round is not None, "no round in play"
        return self.round

    def say(self, line: str) -> None:
        """Add a line to the feed every screen shows."""
        self.feed.append(line)

    # ---- seats and players ------------------------------------------------------------------

    def player_at(self, seat: int) -> int:
        """The player sitting at ``seat`` now."""
        return self.seat_of.index(seat)

    @property
    def dealer(self) -> int:
        """The player at the dealer's seat (§4; the dealership stays with the seat, §14.3)."""
        return self.player_at(self.rnd.dealer_seat)

    def wind_of(self, player: int) -> int:
        """The player's seat wind now (§14.3: it stays with the seat)."""
        return seat_wind(self.seat_of[player], self.rnd.dealer_seat)

    def in_game(self, player: int) -> bool:
        """The player has not won this round (仍在游戏中, §11)."""
        return self.round is None or self.rnd.players[player].won is None

    def in_game_players(self) -> list[int]:
        """The players still in the round, in seat order."""
        return [p for p in range(SEATS) if self.in_game(p)]

    def clockwise(self, player: int, *, others_only: bool = False, in_game: bool = True) -> Iterator[int]:
        """The players clockwise from ``player`` by seat (``player`` first unless ``others_only``),
        those still in the round only unless ``in_game`` is false."""
        seat = self.seat_of[player]
        start = 1 if others_only else 0
        for step in range(start, SEATS):
            other = self.player_at((seat + step) % SEATS)
            if not in_game or self.in_game(other):
                yield other

    def upper(self, player: int) -> int | None:
        """The nearest in-game player counter-clockwise (上家)."""
        ring = list(self.clockwise(player, others_only=True))
        return ring[-1] if ring else None

    def lower(self, player: int) -> int | None:
        """The nearest in-game player clockwise (下家)."""
        return next(self.clockwise(player, others_only=True), None)

    def lowest(self) -> list[int]:
        """The players whose session score is lowest at the round's start, ties included (S-11, W-15)."""
        least = min(self.totals)
        return [p for p in range(SEATS) if self.totals[p] == least]

    # ---- counters ---------------------------------------------------------------------------

    def count(self, key: tuple[object, ...]) -> int:
        """A use counter (limits, uses of an augment)."""
        return self.counters.get(key, 0)

    def bump(self, key: tuple[object, ...]) -> None:
        """Add one use."""
        self.counters[key] = self.counters.get(key, 0) + 1

    def acted(self, card: str, did: bool) -> None:
        """Count a held card's ability as having acted or as having been unable to (§18.3)."""
        book = self.rnd.acted if did else self.rnd.unable
        base = base_of(card)
        book[base] = book.get(base, 0) + 1
