"""What one player may see of the table when they decide (§5.4, §9.4, §12.4, §14.4).

A :class:`PlayerView` holds the deciding player's own concealed tiles and
what is public: every river, exposed meld, flower, revealed hand tile, the
hands of players who have won (§11 phase 3), revealed contracts, augments
(public at any time, §5.4), scores, the drawable count, the card library in
play (every card's text is public, §3) and the treasure faces in force for
this player: the public order and their own personal treasure (§8.3), as the
enabled modules mark them.  It never holds
another player's concealed tiles, an undisclosed choice or the wall beyond
what a card let this player see (``seen``).  The view of the table in play
(:class:`TableView`) reads each part from the table when the agent first asks
for it, so a decision pays only for what its agent reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.melds import MeldKind
from engine.state import ContractStatus, PlayerState, Table
from engine.tiles import NUM_INSTANCES, kind_of_instance
from engine.vocabulary import CompiledCard

KINDS = tuple(kind_of_instance(i) for i in range(NUM_INSTANCES))
"""The kind of each tile instance, looked up rather than computed."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's view; tiles are kinds, players 0..3 (A–D)."""

    me: int
    hand: tuple[int, ...]
    melds: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
    rivers: tuple[tuple[int, ...], ...]
    flowers: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, ...], ...]
    won: tuple[bool, ...]
    won_hands: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    contracts: tuple[str | None, ...]
    contract_open: bool
    augments: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    wall_left: int
    dealer: int
    seen: tuple[int, ...] = ()
    cards: Mapping[str, CompiledCard] = field(default_factory=dict)
    treasure: frozenset[int] = frozenset()
    """The faces that are treasure for this player now (§8.3); empty while no module marks tiles."""
    contract_failed: bool = False
    """The player's own contract has failed (public, §9.5): the abandon window still asks it (R63)."""

    @property
    def n_melds(self) -> int:
        """How many melds the deciding player has declared."""
        return len(self.melds[self.me])


BLIND = PlayerView(
    me=0,
    hand=(),
    melds=((), (), (), ()),
    rivers=((), (), (), ()),
    flowers=((), (), (), ()),
    revealed=((), (), (), ()),
    won=(False,) * 4,
    won_hands=((), (), (), ()),
    hand_sizes=(0,) * 4,
    contracts=(None,) * 4,
    contract_open=False,
    augments=((), (), (), ()),
    scores=(0, 0, 0, 0),
    wall_left=0,
    dealer=0,
)
"""The view before any table exists (an augment draft), and what an agent that never looks gets."""


class TableView(PlayerView):
    """A :class:`PlayerView` of the table in play: the own hand at once (every decision reads it),
    every other part read from the table the first time the agent asks for it during its decision
    (a turn reads little more than the hand).  No part holds more than :class:`PlayerView` may; the
    table stays private to the view."""

    __slots__ = ("_contracts_public", "_table", "_treasure")
    _table: Table
    _contracts_public: bool | None
    _treasure: Callable[[], frozenset[int]]

    def __init__(
        self,
        table: Table,
        me: int,
        *,
        contracts_public: bool | None,
        augments: tuple[tuple[str, ...], ...],
        scores: tuple[int, ...],
        seen: tuple[int, ...],
        cards: Mapping[str, CompiledCard],
        treasure: Callable[[], frozenset[int]],
    ) -> None:
        put = object.__setattr__
        put(self, "me", me)
        put(self, "hand", tuple(sorted(map(KINDS.__getitem__, table.players[me].hand))))
        put(self, "augments", augments)
        put(self, "scores", scores)
        put(self, "seen", seen)
        put(self, "cards", cards)
        put(self, "_table", table)
        put(self, "_contracts_public", contracts_public)
        put(self, "_treasure", treasure)

    def __getattr__(self, name: str) -> object:
        read = _READERS.get(name)
        if read is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = read(self)
        object.__setattr__(self, name, value)
        return value

    @property
    def n_melds(self) -> int:
        """How many melds the deciding player has declared."""
        return len(self._table.players[self.me].melds)

    def _melds(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
        return tuple(self._melds_of(p, pl) for p, pl in enumerate(self._table.players))

    def _melds_of(self, p: int, player: PlayerState) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """A player's melds; another's concealed kongs face down until they have won."""
        hidden = p != self.me and not player.won
        return tuple(
            (m.meld.kind.value, () if hidden and m.meld.kind is MeldKind.ANKAN else m.meld.tiles)
            for m in player.melds
        )

    def _rivers(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(map(KINDS.__getitem__, pl.river)) for pl in self._table.players)

    def _flowers(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(map(KINDS.__getitem__, pl.flowers)) for pl in self._table.players)

    def _revealed(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(map(KINDS.__getitem__, pl.revealed))) for pl in self._table.players)

    def _won(self) -> tuple[bool, ...]:
        return tuple(pl.won for pl in self._table.players)

    def _won_hands(self) -> tuple[tuple[int, ...], ...]:
        """The hands of players who have won (§11 phase 3), laid down for all to see."""
        return tuple(
            tuple(sorted(map(KINDS.__getitem__, pl.hand))) if pl.won else () for pl in self._table.players
        )

    def _hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(pl.hand) for pl in self._table.players)

    def _contracts(self) -> tuple[str | None, ...]:
        """Every contract once all are revealed, else only the own (§9.4)."""
        players = self._table.players
        public = self._contracts_public
        if public is None:
            public = all(pl.contract_status is not ContractStatus.NONE for pl in players)
        return tuple(pl.contract if public or p == self.me else None for p, pl in enumerate(players))

    def _contract_open(self) -> bool:
        return self._table.players[self.me].contract_status is ContractStatus.OPEN

    def _contract_failed(self) -> bool:
        return self._table.players[self.me].contract_status is ContractStatus.FAILED

    def _wall_left(self) -> int:
        return len(self._table.wall)

    def _dealer(self) -> int:
        return self._table.player_at(self._table.dealer_seat)

    def _treasure_faces(self) -> frozenset[int]:
        return self._treasure()


_READERS: dict[str, Callable[[TableView], object]] = {
    "melds": TableView._melds,
    "rivers": TableView._rivers,
    "flowers": TableView._flowers,
    "revealed": TableView._revealed,
    "won": TableView._won,
    "won_hands": TableView._won_hands,
    "hand_sizes": TableView._hand_sizes,
    "contracts": TableView._contracts,
    "contract_open": TableView._contract_open,
    "contract_failed": TableView._contract_failed,
    "wall_left": TableView._wall_left,
    "dealer": TableView._dealer,
    "treasure": TableView._treasure_faces,
}
"""How a table view reads each part it was not given."""


def build_view(
    table: Table,
    me: int,
    *,
    contracts_public: bool | None = None,
    augments: tuple[tuple[str, ...], ...],
    scores: tuple[int, ...],
    seen: tuple[int, ...] = (),
    cards: Mapping[str, CompiledCard] = MappingProxyType({}),
    treasure: Callable[[], frozenset[int]] = frozenset,
) -> PlayerView:
    """The view of ``me``: own hand in full, others' concealed kongs face down, everything public;
    the contracts are public as ``contracts_public`` says, by default once every player has chosen
    one (§9.4); ``treasure`` tells the faces the modules mark as treasure for ``me`` (§8.3), asked
    only if the agent reads them.  The view is read during the decision it is built for."""
    return TableView(
        table,
        me,
        contracts_public=contracts_public,
        augments=augments,
        scores=scores,
        seen=seen,
        cards=cards,
        treasure=treasure,
    )
