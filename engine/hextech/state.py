"""What hextech keeps of a round beside the core's table (:mod:`engine.core.table`): each player's
contract and its progress, the hand tiles a card revealed, the calls answered (:class:`PlayerState`,
§9, §10, H21), the round's wins (§12) and the card decks (§6.10, §7.2).

The wall, the players, the seats they sit at (moved by O-X01, §14.3) and the dealer are the core's
:class:`engine.core.table.Table`, which holds hextech's :class:`PlayerState` players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from engine.core.melds import MeldKind
from engine.core.picks import shuffle
from engine.core.table import Player
from engine.core.tiles import INSTANCE_KINDS


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
class PlayerState(Player):
    """One player's part of the table for the current round: the core's tiles of a player
    (:class:`engine.core.table.Player`) and what hextech keeps of the player beside them — the
    contract and its progress (§9, §10), the normal draws, the kongs made, the hand tiles a card
    revealed, the calls answered."""

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

    def on_view(self) -> list[int]:
        """The player's tiles on view to every seat (:meth:`Player.on_view`), then, while the player
        is in the round, the hand tiles a card revealed, in tile order (H21)."""
        shown = Player.on_view(self)
        if not self.won:
            shown += sorted(self.revealed)
        return shown

    def copies_on_view(self, face: int) -> int:
        """How many of :meth:`on_view` are of kind ``face`` (:meth:`Player.copies_on_view`, then the
        revealed hand tiles while the player is in the round)."""
        n = Player.copies_on_view(self, face)
        if not self.won:
            for i in self.revealed:
                if INSTANCE_KINDS[i] == face:
                    n += 1
        return n


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
