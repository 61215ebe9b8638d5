"""A winning hand as the 红中 rules read it (spec 003 牌张的要求, 胡牌要求; docs/rulings.md R430–R434).

The set is the three suits and four 红中, the only honour (R430).  A hand wins in the five basic
shapes only, a pair and four sets (R432), and only when one of 筒、条、万 holds at least eight of its
tiles, declared melds counted, a kong as four, 红中 in no suit (和牌必须够八支, R431).  That count
is the hand's 成牌的支数 (R433).  A 压档 is a 坎张 on the hand's only wait (R434).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import InputError
from engine.core.groups import STANDARD, Decomposition, SetKind
from engine.core.hand import decompose
from engine.core.melds import Meld, MeldKind
from engine.core.tiles import RED, format_one, number_of
from engine.core.win import WinContext

SUITS = 3
"""筒、条、万: the number suits, kinds ``0..26`` nine to a suit."""
KINDS: tuple[int, ...] = (*range(27), RED)
"""The 28 faces of the 112 tiles: the three suits and 红中."""
EIGHT = 8
"""和牌必须够八支: the tiles one suit must hold in a winning hand."""
_IN_SET = frozenset(KINDS)


def check_tiles(win: WinContext) -> None:
    """Refuse a hand with a tile the 112-tile set does not have (a wind, 白, 发 or a flower), or a chi
    (不准吃牌)."""
    chi = next((m for m in win.melds if m.kind is MeldKind.CHI), None)
    if chi is not None:
        raise InputError(f"meld {chi}: the 红中 rules have no chi (可碰可杠、不准吃牌)")
    if win.flowers:
        raise InputError(f"flowers: {format_one(win.flowers[0])} — the 红中 set has no flowers")
    for tile in (win.winning_tile, *tiles_of(win.concealed, win.melds)):
        if tile not in _IN_SET:
            raise InputError(f"hand: {format_one(tile)} is not a tile of the 红中 set (筒、条、万 and 红中)")
    if win.winning_tile not in win.concealed:
        raise InputError(f"winning_tile: {format_one(win.winning_tile)} is not among the concealed tiles")


def tiles_of(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every tile of the hand: the concealed ones and each meld's, a kong's four."""
    return [*concealed, *(t for m in melds for t in m.tiles)]


def suit_counts(tiles: Sequence[int]) -> tuple[int, ...]:
    """How many tiles of 万, 筒 and 条 the hand holds, in that order (红中 in none)."""
    found = [0] * SUITS
    for tile in tiles:
        if tile < 9 * SUITS:
            found[tile // 9] += 1
    return tuple(found)


def zhi(concealed: Sequence[int], melds: Sequence[Meld]) -> int:
    """成牌的支数: the tiles of the hand's longest suit (R433)."""
    return max(suit_counts(tiles_of(concealed, melds)))


def readings(concealed: Sequence[int], melds: Sequence[Meld]) -> list[Decomposition]:
    """The hand's readings in the basic shapes, a pair and four sets; none unless it holds eight of a
    suit."""
    if zhi(concealed, melds) < EIGHT:
        return []
    return [d for d in decompose(concealed, melds) if d.form == STANDARD]


def waits(win: WinContext) -> frozenset[int]:
    """The faces that would have won the hand before its winning tile: each completes it in a basic
    shape with eight of a suit; a face of which the hand holds four is none."""
    before = list(win.concealed)
    before.remove(win.winning_tile)
    held = tiles_of(before, win.melds)
    return frozenset(k for k in KINDS if held.count(k) < 4 and readings([*before, k], win.melds))


def only_wait(win: WinContext) -> bool:
    """需要唯一一种牌: the hand waited on the winning tile's face alone (R434)."""
    return waits(win) == frozenset((win.winning_tile,))


def middle_of_run(reading: Decomposition, tile: int) -> bool:
    """即坎张: ``tile`` is the middle of a run of ``reading`` (R434)."""
    return any(g.kind is SetKind.CHOW and g.tiles[1] == tile for g in reading.groups)


def kanchan_points(win: WinContext) -> int:
    """压档点数: the number of the tile the 坎张 waited on (所压的牌牌点, R434)."""
    return number_of(win.winning_tile)
