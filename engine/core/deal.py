"""The wall of a rule set's tiles, the deal and 补花 (standard rules 术语 三, 十三, 二十一; issue 14
item 1).

The wall holds every tile of :attr:`RuleSet.tiles` as an instance (:mod:`engine.core.tiles`), in the
order a seeded shuffle gives (or an order of kinds a test arranges, which must hold the same
tiles).  Each seat in turn order from the dealer's seat takes ``hand_size`` tiles from the front,
then the dealer one more.  A flower is set aside
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
from engine.core.table import Player, Table
from engine.core.tiles import FACES, INSTANCE_KINDS, format_tiles, is_flower, kind_of_instance
from engine.core.wall import Wall


def tiles_of(tiles: TileSet) -> list[int]:
    """Every tile of the set as a kind, in kind order (four of each face, one of each flower)."""
    return [kind_of_instance(i) for i in tiles.instances()]


def shuffled_wall(tiles: TileSet, rng: random.Random) -> Wall:
    """The set's instances in the order a seeded shuffle gives them, front first: the shuffle of
    the set's instances in instance order, whose kinds fall as the same shuffle of its kinds would."""
    order = list(tiles.instances())
    rng.shuffle(order)
    return Wall(order)


def arranged_wall(tiles: TileSet, order: Sequence[int]) -> Wall:
    """A wall of the kinds ``order``, front first, each kind's instances handed out in instance
    order; :class:`InputError` unless it holds exactly the set's tiles (a scripted table plays with
    the rule set's tiles, no more, no fewer)."""
    want, given = Counter(tiles_of(tiles)), Counter(order)
    if want != given:
        extra = format_tiles((given - want).elements())
        missing = format_tiles((want - given).elements())
        raise InputError(f"wall: not the rule set's tiles (extra: {extra or '-'}; missing: {missing or '-'})")
    unused: dict[int, list[int]] = {}
    for i in reversed(tiles.instances()):
        unused.setdefault(INSTANCE_KINDS[i], []).append(i)
    return Wall(unused[k].pop() for k in order)


def deal(table: Table[Player]) -> bool:
    """Deal the hands and replace the flowers, in seat order from the dealer's seat; False if the
    wall ran out meanwhile."""
    size = table.rules.hand_size
    wall = table.wall
    players = table.players
    order = [table.player_at(seat) for seat in (table.dealer_seat, *SEATS_AFTER[table.dealer_seat])]
    for p in order:
        players[p].hand.extend(wall.draw_front() for _ in range(size))
    players[order[0]].hand.append(wall.draw_front())
    for p in order:
        if not replace_flowers(table, p):
            return False
    for p in order:
        table.emit("dealt", p, tiles=len(players[p].hand))
    return True


def replace_flowers(table: Table[Player], p: int) -> bool:
    """补花: every flower in ``p``'s hand is set aside and replaced from the tail, until none is left;
    False if the wall ran out first."""
    held = table.players[p]
    while any(is_flower(INSTANCE_KINDS[i]) for i in held.hand):
        flower = next(i for i in held.hand if is_flower(INSTANCE_KINDS[i]))
        held.hand.remove(flower)
        held.flowers.append(flower)
        table.emit("flower", p, tile=FACES[INSTANCE_KINDS[flower]])
        if not table.wall:
            return False
        held.hand.append(table.wall.draw_tail())
    return True


def draw(table: Table[Player], p: int, *, tail: bool) -> int | None:
    """A draw into ``p``'s hand, from the front (a turn's draw) or the tail (a kong's replacement),
    flowers replaced; the instance that stays, or ``None`` when the wall ran out."""
    wall = table.wall
    if not wall:
        return None
    tile = wall.draw_tail() if tail else wall.draw_front()
    held = table.players[p]
    held.hand.append(tile)
    if is_flower(INSTANCE_KINDS[tile]):
        if not replace_flowers(table, p):
            return None
        tile = held.hand[-1]
    return tile
