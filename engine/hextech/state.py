"""The table as plain data: seats, players, hands, rivers, melds, flowers and the wall (§4, §11, §14.3).

Players are ``0..3`` (letters A–D, :data:`engine.core.seats.PLAYERS`); seats are ``0..3``
(table positions; the round's dealer seat is 东, :func:`engine.core.seats.seat_wind`).  A seat
keeps the dealer role, the wind and the turn order; a player keeps hand,
river, melds, flowers, cards and score, and moves with them when O-X01
rotates seats (§14.3).  Every tile is a physical instance (``0..143``), so
the 144 tiles are always accounted for (:meth:`Table.accounted`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from engine.core.melds import Meld, MeldKind
from engine.core.picks import shuffle
from engine.core.seats import SEATS_AFTER, SEATS_BEFORE, seat_distance
from engine.core.tiles import NUM_INSTANCES, kind_of_instance
from engine.core.wall import Wall


class ContractStatus(StrEnum):
    """Where a player's contract stands (§9, §10)."""

    NONE = "none"
    OPEN = "open"
    COMPLETED = "completed"
    ABANDONED = "abandoned"
    FAILED = "failed"


class WinWay(StrEnum):
    """How a hu was made (§12.1, §12.2, §13.9.4)."""

    SELF_DRAW = "self_draw"
    RON = "ron"
    ROB_KONG = "rob_kong"


@dataclass(slots=True)
class TableMeld:
    """A declared meld on the table: the meld, its physical tiles, and whose discard it took."""

    meld: Meld
    instances: tuple[int, ...]
    from_player: int | None = None


@dataclass(slots=True)
class Win:
    """One hu of the round, in the order the round settled them (§11 phases 3–5, §12.3)."""

    player: int
    order: int
    way: WinWay
    tile: int
    from_player: int | None
    total: int
    items: tuple[tuple[str, str, int], ...]
    wall_left: int


@dataclass(frozen=True, slots=True)
class ContractStart:
    """What a player had done when the contract in force began: its discards and normal draws before
    it, and the tiles then in its river.  A contract a card put in force mid-round reads only what
    came after ("原进度清零", "过去发生的事件不追溯计算": O-X08 补充, G-06, G-16, R556); one chosen at
    the round's start reads the whole round."""

    discards: int = 0
    draws: int = 0
    river: frozenset[int] = frozenset()


ROUND_START = ContractStart()
"""The start of a contract chosen at the round's start: nothing before it."""


@dataclass(slots=True)
class PlayerState:
    """One player's part of the table for the current round."""

    hand: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    won: bool = False
    contract: str | None = None
    contract_status: ContractStatus = ContractStatus.NONE
    normal_draws: int = 0
    kong_kinds: list[MeldKind] = field(default_factory=list)
    revealed: set[int] = field(default_factory=set)
    uncalled_streak: int = 0
    """The player's latest discards in a row that nobody chi'd, pon'd or kong'd, a discard won on
    among them ("弃牌被胡不影响该条件"): a record of the player's play every round keeps for every
    player, as it keeps the discards and the normal draws, which the table fact ``uncalled_streak``
    reads whatever cards are in force (W-16, P-06)."""
    calls: dict[str, int] = field(default_factory=dict)
    contract_start: ContractStart = ROUND_START
    last_discard: int | None = None
    """The tile of the player's latest discard (最新弃牌), in the river or called away: every river
    has one, which a view shows as kept or gone (R353) and ``retrieve`` takes back or passes over
    (O-C05 "若自己最新弃牌仍在牌河中", G-09, O-P05)."""

    def take_back(self, tile: int) -> None:
        """A tile of the river goes back to the hand (G-09, O-P05): discarded again, it is a discard
        the contract in force reads, however old the first one was (R556)."""
        self.river.remove(tile)
        if tile in self.contract_start.river:
            start = self.contract_start
            self.contract_start = ContractStart(start.discards, start.draws, start.river - {tile})

    @property
    def concealed(self) -> bool:
        """门清: no chi, pon or exposed kong (§13.11.1; a concealed kong keeps it)."""
        return all(m.meld.kind is MeldKind.ANKAN for m in self.melds)


@dataclass(slots=True)
class Table:
    """The whole table of one round: the wall, the four players and who sits where."""

    wall: Wall
    players: list[PlayerState]
    dealer_seat: int
    seat_of: list[int] = field(default_factory=lambda: [0, 1, 2, 3])
    abandon_window_done: bool = False
    any_call: bool = False

    def visible_kinds(self) -> list[int]:
        """Every face on view: rivers, exposed melds, revealed hand tiles, winners' hands (H21)."""
        seen: list[int] = []
        for p in self.players:
            seen += p.river
            seen += [i for m in p.melds if m.meld.exposed for i in m.instances]
            seen += list(p.hand) if p.won else sorted(p.revealed)
        return [kind_of_instance(i) for i in seen]

    def player_at(self, seat: int) -> int:
        """The player sitting at ``seat``."""
        return self.seat_of.index(seat)

    def in_game(self, player: int) -> bool:
        """仍在游戏中: the player has not won and left the round (lib 二.1)."""
        return not self.players[player].won

    def clockwise_from(self, player: int) -> list[int]:
        """The in-game players in seat order after ``player``'s seat (§6.4, §12.1)."""
        seats = self.seat_of
        players = self.players
        after = []
        for seat in SEATS_AFTER[seats[player]]:
            p = seats.index(seat)
            if not players[p].won:
                after.append(p)
        return after

    def next_in_game(self, player: int) -> int | None:
        """The next in-game player clockwise after ``player``, skipping seats that have won (§12.1)."""
        return self._first_in_game(SEATS_AFTER[self.seat_of[player]])

    def next_after_seat(self, seat: int) -> int | None:
        """The next in-game player clockwise after the seat ``seat``: the turn order stays with the
        seats when O-X01 moves the players (§14.3, R139)."""
        return self._first_in_game(SEATS_AFTER[seat])

    def upper_of(self, player: int) -> int | None:
        """上家: the nearest in-game player counter-clockwise (CARD-INVENTORY conventions)."""
        return self._first_in_game(SEATS_BEFORE[self.seat_of[player]])

    def _first_in_game(self, seats: tuple[int, ...]) -> int | None:
        """The player at the first of ``seats`` who has not won."""
        players = self.players
        seat_of = self.seat_of
        for seat in seats:
            p = seat_of.index(seat)
            if not players[p].won:
                return p
        return None

    def seat_distance(self, source: int, player: int) -> int:
        """Steps clockwise from ``source``'s seat to ``player``'s seat: orders an event's listeners (§6.4)."""
        return seat_distance(self.seat_of[source], self.seat_of[player])

    def accounted(self) -> bool:
        """True when the wall, hands, melds, rivers and flowers hold each of the 144 tiles exactly once."""
        seen = list(self.wall)
        for p in self.players:
            seen += p.hand
            seen += p.river
            seen += p.flowers
            for m in p.melds:
                seen += m.instances
        return len(seen) == NUM_INSTANCES and set(seen) == set(range(NUM_INSTANCES))


class Deck:
    """A shuffled deck of card ids with its discard pile; the pile is reshuffled when the deck runs
    out (§6.10, §7.2, §8.5).  Draws come off the end of ``cards``."""

    def __init__(self, ids: list[str], rng: random.Random) -> None:
        self.rng = rng
        self.cards = sorted(ids)
        shuffle(rng, self.cards)
        self.discards: list[str] = []

    def draw(self) -> str | None:
        """The next card, reshuffling the discards first if the deck is empty; ``None`` if both are."""
        if not self.cards and self.discards:
            self.cards, self.discards = self.discards, []
            shuffle(self.rng, self.cards)
        return self.cards.pop() if self.cards else None

    def put_back(self, ids: list[str]) -> None:
        """Return cards and reshuffle the deck (§5.2, §9.1)."""
        self.cards.extend(ids)
        shuffle(self.rng, self.cards)
