"""Who pays for a 红中 win (spec 003 付钱规则, 报警; docs/rulings.md R446–R449).

谁点炮谁付钱: the discarder pays the win's 总番数; 自摸其他3家都付钱: on a self-draw each of the
three others pays it, and with 胡牌赢3家 a discard win too is paid by all three.  With 报警 a hand
the table was warned of makes one player 包牌: he alone pays what the three would pay together
(R447).  The three warnings, in the document's order (R448):

* 清一色或混一色3对: a 清一色 or 混一色 win with three claimed sets.  When one player gave all three
  and the win is 交, he 包 whoever let the winning tile go; otherwise whoever let it go (出冲) 包.
* 双八支: a 双八支 win that also claimed a set of its eight-tile suit: whoever let it go 包.
* 双四核: a 双四核 win whose two 四核 are claimed pons of one suit, on the face of one of them
  (顶嘴子): whoever let it go 包.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import OptionValue
from engine.core.seats import PLAYERS
from engine.core.win import Scored, WinContext
from engine.hongzhong.hand import tiles_of
from engine.hongzhong.options import ALARM, ALL_THREE_PAY, chosen
from engine.hongzhong.scoring import QUANJIAO_NAMES, ZUIZI_NAMES, double_eight_suit

SEATS = len(PLAYERS)
CLAIMED = frozenset((MeldKind.PON, MeldKind.MINKAN, MeldKind.KAKAN))
"""对下来: the sets made on another player's discard (a kong added to a claimed pon among them)."""
FLUSH_ALARM = 3
"""清一色或混一色3对报警: the claimed sets that raise the warning."""


def settle(win: WinContext, scored: Scored, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
    """Each seat's gain for ``scored``: the payers' losses are the winner's gain."""
    if not 0 <= win.winner < SEATS or (win.discarder is not None and not 0 <= win.discarder < SEATS):
        raise InputError(f"winner/discarder: seats are 0..{SEATS - 1}")
    if win.discarder == win.winner:
        raise InputError("discarder: the winner cannot have discarded the winning tile")
    others = [seat for seat in range(SEATS) if seat != win.winner]
    liable = liable_seat(win, scored) if chosen(options, ALARM) else None
    if liable is not None:
        shares = {liable: len(others) * scored.total}
    elif win.discarder is None or chosen(options, ALL_THREE_PAY):
        shares = dict.fromkeys(others, scored.total)
    else:
        shares = {win.discarder: scored.total}
    gains = [-shares.get(seat, 0) for seat in range(SEATS)]
    gains[win.winner] = sum(shares.values())
    return tuple(gains)


def liable_seat(win: WinContext, scored: Scored) -> int | None:
    """The seat that 包 the win under 报警, or ``None`` when everybody pays as usual."""
    names = [f.name for f in scored.fan for _ in range(f.count)]
    claimed = _claimed(win)
    if ("清一色" in names or "混一色" in names) and len(claimed) >= FLUSH_ALARM:
        feeders = [seat for _, seat in claimed]
        feeder = next((s for s in feeders if s is not None and feeders.count(s) >= FLUSH_ALARM), None)
        if feeder is not None and _jiao(names):
            return feeder
        return win.discarder
    if "双八支" in names:
        kong_suit = double_eight_suit(win.melds, tiles_of(win.concealed, win.melds))
        if any(m.tiles[0] // 9 != kong_suit and m.tiles[0] < 27 for m, _ in claimed):
            return win.discarder
        return None
    if "双四核" in names and win.winning_tile in _si_he_pons(win):
        return win.discarder
    return None


def _jiao(names: Sequence[str]) -> bool:
    """交: the win holds a 全交, or two 嘴子 (两嘴, R438)."""
    return any(n in QUANJIAO_NAMES for n in names) or sum(n in ZUIZI_NAMES for n in names) >= 2


def _claimed(win: WinContext) -> list[tuple[Meld, int | None]]:
    """The claimed sets and who gave each one's tile (``None`` when the table did not say)."""
    sources: Sequence[int | None] = win.meld_sources or (None,) * len(win.melds)
    if len(sources) != len(win.melds):
        raise InputError(f"meld_sources: {len(sources)} given for {len(win.melds)} meld(s)")
    return [(m, s) for m, s in zip(win.melds, sources, strict=True) if m.kind in CLAIMED]


def _si_he_pons(win: WinContext) -> frozenset[int]:
    """双四核报警: the faces of the hand's claimed pons whose fourth tile it holds, when two of them
    are of one suit (不论谁打的2对（颜色相同），必须对下来)."""
    held = tiles_of(win.concealed, win.melds)
    faces = [m.tiles[0] for m in win.melds if m.kind is MeldKind.PON and held.count(m.tiles[0]) == 4]
    suits = [f // 9 for f in faces if f < 27]
    return frozenset(f for f in faces if f < 27 and suits.count(f // 9) >= 2)
