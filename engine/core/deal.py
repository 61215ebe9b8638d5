"""The wall of a rule set's tiles, the one deal of every rule set and its 补花 (standard rules
术语 三, 十三, 二十一; rulebook §11 phase 1, §6.6; issue 14 item 1, issue 33 item 1).

The wall holds every tile of :attr:`RuleSet.tiles` as an instance (:mod:`engine.core.tiles`), in the
order a seeded shuffle gives (or an order of kinds a test arranges, which must hold the same
tiles).  The deal (:func:`deal`) gives each seat in turn order from the dealer's seat
``hand_size`` tiles from the front, three fewer for each meld its player declared before the deal
(an arranged table's), and the dealer one more where the rule set declares it
(:class:`DealerTile`): after every hand, or with the dealer's own.  Then 补花 (:func:`replace_flowers`),
seat by seat from the dealer's: a flower is set aside in front of its holder and replaced from the
tail of the wall (术语 十三: "抓到花牌后，明放在立牌前，并从牌墙最后补一张牌"); a flower drawn as the
replacement is replaced again.

What a rule set does at each step — what it tells, how it draws a replacement — is its side of the
deal (:class:`DealSide`), whose steps are generators that may put decisions to the players: the
round drives the deal as one of its own steps.  The core table's side (:class:`TableDeal`) tells
its table's events and asks nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator, Sequence
from typing import Final, Protocol, TypeVar

from engine.core.decisions import Decision
from engine.core.errors import InputError
from engine.core.ruleset import DealerTile, TileSet
from engine.core.seats import SEATS_AFTER
from engine.core.table import Player, Table
from engine.core.tiles import FACES, INSTANCE_KINDS, format_tiles, is_flower, kind_of_instance
from engine.core.wall import Wall

P = TypeVar("P", bound=Player)
T = TypeVar("T")

MELD_TILES: Final = 3
"""The dealt tiles a meld declared before the deal stands for (a kong's fourth is its replacement's)."""

EXTRA_AFTER: Final = {DealerTile.AFTER_THE_HANDS: 4, DealerTile.WITH_THE_DEALERS_HAND: 1}
"""After how many of the four hands the dealer's extra tile is dealt."""


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


class FlowerSide(Protocol):
    """What a rule set does as 补花 sets a flower aside (:func:`replace_flowers`)."""

    def replace_flower(self, p: int, flower: int) -> Generator[Decision, str, bool]:
        """``p`` has set ``flower`` aside: tell it, and replace it from the tail; False when the wall
        ran out first."""
        ...


class DealSide(FlowerSide, Protocol):
    """What a rule set does at each step of the deal (:func:`deal`)."""

    def hands_dealt(self) -> Generator[Decision, str, None]:
        """Every hand is dealt, before 补花."""
        ...

    def flowers_replaced(self, order: Sequence[int]) -> Generator[Decision, str, None]:
        """补花 is done for every player of ``order`` (from the dealer on): the deal is done."""
        ...


def deal(table: Table[P], side: DealSide) -> Generator[Decision, str, bool]:
    """Deal the hands from the front and replace the flowers, each in seat order from the dealer's
    seat, as the rule set declares (:attr:`RuleSet.hand_size`, :attr:`RuleSet.dealer_tile`); False if
    the wall ran out meanwhile."""
    rules = table.rules
    wall = table.wall
    players = table.players
    order = [table.player_at(seat) for seat in (table.dealer_seat, *SEATS_AFTER[table.dealer_seat])]
    portions = [(p, rules.hand_size - MELD_TILES * len(players[p].melds)) for p in order]
    portions.insert(EXTRA_AFTER[rules.dealer_tile], (order[0], 1))
    for p, n in portions:
        players[p].hand.extend(wall.draw_front() for _ in range(n))
    yield from side.hands_dealt()
    for p in order:
        if not (yield from replace_flowers(table, side, p)):
            return False
    yield from side.flowers_replaced(order)
    return True


def replace_flowers(table: Table[P], side: FlowerSide, p: int) -> Generator[Decision, str, bool]:
    """补花: ``p``'s first flower in hand is set aside and the side replaces it, until none is left (a
    flower drawn as the replacement too); False if the wall ran out first."""
    held = table.players[p]
    while True:
        flower = next((i for i in held.hand if is_flower(INSTANCE_KINDS[i])), None)
        if flower is None:
            return True
        held.hand.remove(flower)
        held.flowers.append(flower)
        if not (yield from side.replace_flower(p, flower)):
            return False


class TableDeal:
    """The core table's side of the deal and of 补花: ``flower`` told as each flower is set aside and
    the wall's tail tile drawn for it, ``dealt`` told for each hand once the deal is done; nothing is
    asked."""

    __slots__ = ("table",)

    def __init__(self, table: Table[Player]) -> None:
        self.table = table

    def hands_dealt(self) -> Generator[Decision, str, None]:
        """Nothing is told before 补花."""
        yield from ()

    def replace_flower(self, p: int, flower: int) -> Generator[Decision, str, bool]:
        """``flower`` told; the tail tile into ``p``'s hand, unless the wall is empty."""
        yield from ()
        table = self.table
        table.emit("flower", p, tile=FACES[INSTANCE_KINDS[flower]])
        if not table.wall:
            return False
        table.players[p].hand.append(table.wall.draw_tail())
        return True

    def flowers_replaced(self, order: Sequence[int]) -> Generator[Decision, str, None]:
        """``dealt`` with each hand's size, from the dealer on."""
        yield from ()
        table = self.table
        for p in order:
            table.emit("dealt", p, tiles=len(table.players[p].hand))


def _outcome(steps: Generator[Decision, str, T]) -> T:
    """The outcome of steps that put no decision (the core table's side of 补花 in a plain draw);
    :class:`RuntimeError` if they put one."""
    try:
        asked = next(steps)
    except StopIteration as done:
        outcome: T = done.value
        return outcome
    raise RuntimeError(f"steps that ask nothing put {asked}")


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
        if not _outcome(replace_flowers(table, TableDeal(table), p)):
            return None
        tile = held.hand[-1]
    return tile
