"""What one seat may see of a rule set's table when it decides (standard rules 出牌 3 (二); issue 14
item 2).

A :class:`SeatView` holds the seat's own concealed hand and what lies open on the table: every
exposed meld, every river, every flower set aside, how many tiles each seat holds, the wall's
count, the scores, the dealer and the prevalent wind.  Another seat's concealed kong is 扣放 (laid
face down, 出牌 3 (二)): the view counts it and never names its face.  It never holds another
seat's concealed tiles nor the order of the wall, and it is a snapshot of tuples and frozen melds
with no reference to the table, so an agent can neither read nor change what its seat may not.  It
carries the rule set's aim (:mod:`engine.core.aim`): the rules and the table's options, which every
seat knows.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.aim import PLAIN, Aim
from engine.core.melds import Meld, MeldKind
from engine.core.seats import seat_wind
from engine.core.table import P, Table
from engine.core.tiles import WINDS


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view; tiles are kinds, players 0..3 (A–D)."""

    me: int
    hand: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    """Each seat's melds in the order declared: all of its own, the exposed ones of the others."""
    concealed_kongs: tuple[int, ...]
    """How many concealed kongs each seat has declared."""
    rivers: tuple[tuple[int, ...], ...]
    flowers: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    wall_left: int
    scores: tuple[int, ...]
    dealer: int
    prevalent_wind: int
    aim: Aim = PLAIN
    """The rule set's win forms as a bot plays toward them: the rules, which every seat knows."""
    kinds: tuple[int, ...] = ()
    """The tile kinds the rule set plays with, four copies of each (its tile set, which every seat
    knows: 34 kinds of standard's 136 suited and honour tiles, 28 of 红中's 112)."""
    rules: str = ""
    """The name of the rule set the table plays (which every seat knows; the bots' counsel is found
    by it)."""

    @property
    def n_melds(self) -> int:
        """How many melds the deciding seat has declared (its concealed kongs among them)."""
        return len(self.melds[self.me])

    @property
    def seat_wind(self) -> int:
        """The deciding seat's wind (术语 一; :func:`engine.core.seats.seat_wind`)."""
        return seat_wind(self.me, self.dealer)


def view_of(table: Table[P], player: int) -> SeatView:
    """The view of ``player`` of ``table`` now, its tiles as kinds."""
    players = table.players
    return SeatView(
        me=player,
        hand=tuple(sorted(players[player].hand_kinds())),
        melds=tuple(
            [
                tuple([m.meld for m in held.melds if p == player or m.meld.kind is not MeldKind.ANKAN])
                for p, held in enumerate(players)
            ]
        ),
        concealed_kongs=tuple([sum(m.meld.kind is MeldKind.ANKAN for m in held.melds) for held in players]),
        rivers=tuple([held.river_kinds() for held in players]),
        flowers=tuple([held.flower_kinds() for held in players]),
        hand_sizes=tuple([len(held.hand) for held in players]),
        wall_left=len(table.wall),
        scores=table.scores,
        dealer=table.dealer,
        prevalent_wind=table.prevalent_wind,
        aim=table.aim,
        kinds=table.rules.tiles.kinds,
        rules=table.rules.name,
    )


BLIND = SeatView(
    0,
    (),
    ((), (), (), ()),
    (0, 0, 0, 0),
    ((), (), (), ()),
    ((), (), (), ()),
    (0,) * 4,
    0,
    (0,) * 4,
    0,
    WINDS[0],
)
"""The view handed to an agent that reads none (:attr:`engine.core.agent.Agent.sees`)."""
