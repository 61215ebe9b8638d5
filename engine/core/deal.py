"""The wall of a rule set's tiles, the deal and 补花 (standard rules 术语 三, 十三, 二十一; issue 14
item 1).

The wall holds every tile of :attr:`RuleSet.tiles` as a kind, in the order a seeded shuffle gives
(or an order a test arranges, which must hold the same tiles).  Each seat in turn order from the
dealer takes ``hand_size`` tiles from the front, then the dealer one more.  A flower is set aside
in front of its holder and replaced from the tail of the wall (术语 十三: "抓到花牌后，明放在立牌前，
并从牌墙最后补一张牌"); a flower drawn as the replacement is replaced again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.core.errors import InputError
from engine.core.ruleset import TileSet
from engine.core.seats import SEATS_AFTER
from engine.core.table import Table
from engine.core.tiles import FACES, format_tiles, is_flower, kind_of_instance
from engine.core.wall import Wall


def tiles_of(tiles: TileSet) -> list[int]:
    """Every tile of the set as a kind, in kind order (four of each face, one of each flower)."""
    return [kind_of_instance(i) for i in tiles.instances()]


def shuffled_wall(tiles: TileSet, rng: random.Random) -> Wall:
    """The set's tiles in the order a seeded shuffle gives them, front first."""
    order = tiles_of(tiles)
    rng.shuffle(order)
    return Wall(order)


def arranged_wall(tiles: TileSet, order: Sequence[int]) -> Wall:
    """A wall in a given order, front first; :class:`InputError` unless it holds exactly the set's
    tiles (a scripted table plays with the rule set's tiles, no more, no fewer)."""
    want, given = Counter(tiles_of(tiles)), Counter(order)
    if want != given:
        extra = format_tiles((given - want).elements())
        missing = format_tiles((want - given).elements())
        raise InputError(f"wall: not the rule set's tiles (extra: {extra or '-'}; missing: {missing or '-'})")
    return Wall(order)


def deal(table: Table) -> bool:
    """Deal the hands and replace the flowers, dealer first; False if the wall ran out meanwhile."""
    size = table.rules.hand_size
    wall = table.wall
    order = (table.dealer, *SEATS_AFTER[table.dealer])
    for p in order:
        table.seats[p].hand.extend(wall.draw_front() for _ in range(size))
    table.seats[table.dealer].hand.append(wall.draw_front())
    for p in order:
        if not replace_flowers(table, p):
            return False
    for p in order:
        table.emit("dealt", p, tiles=len(table.seats[p].hand))
    return True


def replace_flowers(table: Table, p: int) -> bool:
    """补花: every flower in ``p``'s hand is set aside and replaced from the tail, until none is left;
    False if the wall ran out first."""
    seat = table.seats[p]
    while any(is_flower(k) for k in seat.hand):
        flower = next(k for k in seat.hand if is_flower(k))
        seat.hand.remove(flower)
        seat.flowers.append(flower)
        table.emit("flower", p, tile=FACES[flower])
        if not table.wall:
            return False
        seat.hand.append(table.wall.draw_tail())
    return True


def draw(table: Table, p: int, *, tail: bool) -> int | None:
    """A draw into ``p``'s hand, from the front (a turn's draw) or the tail (a kong's replacement),
    flowers replaced; the tile that stays, or ``None`` when the wall ran out."""
    wall = table.wall
    if not wall:
        return None
    tile = wall.draw_tail() if tail else wall.draw_front()
    seat = table.seats[p]
    seat.hand.append(tile)
    if is_flower(tile):
        if not replace_flowers(table, p):
            return None
        tile = seat.hand[-1]
    return tile
