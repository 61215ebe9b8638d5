"""What one player may see of the table when they decide (§5.4, §9.4, §12.4, §14.4).

A :class:`PlayerView` holds the deciding player's own concealed tiles and
what is public: every river, exposed meld, flower, revealed hand tile, the
hands of players who have won (§11 phase 3), revealed contracts, augments
(public at any time, §5.4), scores, the drawable count, the card library in
play (every card's text is public, §3) and the treasure faces in force for
this player: the public order and their own personal treasure (§8.3), as the
enabled modules mark them.  It never holds
another player's concealed tiles, an undisclosed choice or the wall beyond
what a card let this player see (``seen``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.melds import MeldKind
from engine.state import ContractStatus, Table
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


def build_view(
    table: Table,
    me: int,
    *,
    contracts_public: bool,
    augments: tuple[tuple[str, ...], ...],
    scores: tuple[int, ...],
    seen: tuple[int, ...] = (),
    cards: Mapping[str, CompiledCard] = MappingProxyType({}),
    treasure: frozenset[int] = frozenset(),
) -> PlayerView:
    """The view of ``me``: own hand in full, others' concealed kongs face down, everything public;
    ``treasure`` the faces the modules mark as treasure for ``me`` (§8.3)."""
    players = table.players
    kinds = KINDS.__getitem__

    def melds_of(p: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        hidden = p != me and not players[p].won
        return tuple(
            (m.meld.kind.value, () if hidden and m.meld.kind is MeldKind.ANKAN else m.meld.tiles)
            for m in players[p].melds
        )

    return PlayerView(
        me=me,
        hand=tuple(sorted(map(kinds, players[me].hand))),
        melds=tuple(melds_of(p) for p in range(4)),
        rivers=tuple(tuple(map(kinds, pl.river)) for pl in players),
        flowers=tuple(tuple(map(kinds, pl.flowers)) for pl in players),
        revealed=tuple(tuple(sorted(map(kinds, pl.revealed))) for pl in players),
        won=tuple(pl.won for pl in players),
        won_hands=tuple(tuple(sorted(map(kinds, pl.hand))) if pl.won else () for pl in players),
        hand_sizes=tuple(len(pl.hand) for pl in players),
        contracts=tuple(pl.contract if contracts_public or p == me else None for p, pl in enumerate(players)),
        contract_open=players[me].contract_status is ContractStatus.OPEN,
        augments=augments,
        scores=scores,
        wall_left=len(table.wall),
        dealer=table.player_at(table.dealer_seat),
        seen=seen,
        cards=cards,
        treasure=treasure,
    )
