"""What one player may see of the table when they decide (§5.4, §9.4, §12.4, §14.4).

A :class:`PlayerView` holds the deciding player's own concealed tiles and
what is public: every river, exposed meld, flower, revealed hand tile, the
hands of players who have won (§11 phase 3), revealed contracts, augments
(public at any time, §5.4), scores, the drawable count, the card library in
play (every card's text is public, §3) and the treasure faces in force for
this player: the public order and their own personal treasure (§8.3), as the
enabled modules mark them.  It never holds
another player's concealed tiles, an undisclosed choice or the wall beyond
what a card let this player see (``seen``).  A view is a snapshot: numbers,
strings, tuples and frozen values, the library as a read-only mapping of
frozen cards, and no reference to the table, the session, their random
generator or decks, so an agent can neither read nor change what its seat
may not.  The view of the table in play (:class:`Snapshot`) copies the
public parts when it is taken and reads them as kinds when the agent first
asks, so a decision pays only for what its agent reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.core.melds import MeldKind
from engine.core.tiles import NUM_INSTANCES, kind_of_instance
from engine.hextech.seat_copies import Seat, hand_kinds, seat_copies
from engine.hextech.state import ContractStatus, Table
from engine.hextech.vocabulary import CompiledCard

KINDS = tuple(kind_of_instance(i) for i in range(NUM_INSTANCES))
"""The kind of each tile instance, looked up rather than computed."""
NO_CARDS: Mapping[str, CompiledCard] = MappingProxyType({})
"""The library of a view given none."""


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
    cards: Mapping[str, CompiledCard] = field(default_factory=lambda: NO_CARDS)
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


def _meld_faces(seat: Seat, hidden: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A player's melds as kind and faces; ``hidden`` (another's, before they win): concealed kongs
    face down."""
    return tuple([(m.kind.value, () if hidden and m.kind is MeldKind.ANKAN else m.tiles) for m in seat.melds])


class Snapshot(PlayerView):
    """A :class:`PlayerView` of the table in play, taken when the decision is put: the own hand at
    once (every decision reads it), the public parts copied as they stand (:class:`Seat`) and read
    as kinds the first time the agent asks for them (a turn reads little more than the hand); the
    compiled :mod:`engine.hextech.seat_copies` takes the copies.  It holds copies only: nothing in
    it leads back to the table, which may change after it is taken."""

    __slots__ = ("_contracts_public", "_seats")
    _seats: tuple[Seat, ...]
    _contracts_public: bool | None

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
        treasure: frozenset[int],
    ) -> None:
        put = object.__setattr__
        players = table.players
        put(self, "me", me)
        put(self, "hand", hand_kinds(players[me]))
        put(self, "augments", augments)
        put(self, "scores", scores)
        put(self, "seen", seen)
        put(self, "cards", cards)
        put(self, "treasure", treasure)
        put(self, "wall_left", len(table.wall))
        put(self, "dealer", table.player_at(table.dealer_seat))
        put(self, "_seats", seat_copies(players))
        put(self, "_contracts_public", contracts_public)

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
        return len(self._seats[self.me].melds)

    def _melds(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
        me = self.me
        return tuple([_meld_faces(seat, p != me and not seat.won) for p, seat in enumerate(self._seats)])

    def _rivers(self) -> tuple[tuple[int, ...], ...]:
        return tuple([tuple(map(KINDS.__getitem__, seat.river)) for seat in self._seats])

    def _flowers(self) -> tuple[tuple[int, ...], ...]:
        return tuple([tuple(map(KINDS.__getitem__, seat.flowers)) for seat in self._seats])

    def _revealed(self) -> tuple[tuple[int, ...], ...]:
        return tuple([tuple(sorted(map(KINDS.__getitem__, seat.revealed))) for seat in self._seats])

    def _won(self) -> tuple[bool, ...]:
        return tuple([seat.won for seat in self._seats])

    def _won_hands(self) -> tuple[tuple[int, ...], ...]:
        """The hands of players who have won (§11 phase 3), laid down for all to see."""
        return tuple([tuple(sorted(map(KINDS.__getitem__, seat.won_hand))) for seat in self._seats])

    def _hand_sizes(self) -> tuple[int, ...]:
        return tuple([seat.hand_size for seat in self._seats])

    def _contracts(self) -> tuple[str | None, ...]:
        """Every contract once all are revealed, else only the own (§9.4)."""
        seats = self._seats
        public = self._contracts_public
        if public is None:
            public = all(seat.status is not ContractStatus.NONE for seat in seats)
        return tuple([seat.contract if public or p == self.me else None for p, seat in enumerate(seats)])

    def _contract_open(self) -> bool:
        return self._seats[self.me].status is ContractStatus.OPEN

    def _contract_failed(self) -> bool:
        return self._seats[self.me].status is ContractStatus.FAILED


_READERS: dict[str, Callable[[Snapshot], object]] = {
    "melds": Snapshot._melds,
    "rivers": Snapshot._rivers,
    "flowers": Snapshot._flowers,
    "revealed": Snapshot._revealed,
    "won": Snapshot._won,
    "won_hands": Snapshot._won_hands,
    "hand_sizes": Snapshot._hand_sizes,
    "contracts": Snapshot._contracts,
    "contract_open": Snapshot._contract_open,
    "contract_failed": Snapshot._contract_failed,
}
"""How a snapshot reads each part it was not given as kinds."""


def build_view(
    table: Table,
    me: int,
    *,
    contracts_public: bool | None = None,
    augments: tuple[tuple[str, ...], ...],
    scores: tuple[int, ...],
    seen: tuple[int, ...] = (),
    cards: Mapping[str, CompiledCard] = NO_CARDS,
    treasure: frozenset[int] = frozenset(),
) -> PlayerView:
    """The view of ``me``, a snapshot of the table now: own hand in full, others' concealed kongs
    face down until they have won, everything public; the contracts are public as
    ``contracts_public`` says, by default once every player has chosen one (§9.4); ``treasure`` is
    the faces the modules mark as treasure for ``me`` (§8.3).  Nothing in it leads back to the table."""
    return Snapshot(
        table,
        me,
        contracts_public=contracts_public,
        augments=augments,
        scores=scores,
        seen=seen,
        cards=cards,
        treasure=treasure,
    )
