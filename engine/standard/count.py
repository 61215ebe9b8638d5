"""The fan count of a win under the standard rules (spec 002 【番数计算规则】).

Every reading of the hand — the basic form's (four sets and a pair), 组合龙 with a set and a
pair, and the whole-hand forms (七对, 十三幺, 全不靠) — is counted on its own; the win counts as
its highest reading (就高不就低).  A reading's fans are the hand's (its tiles, its melds, how it
was won) and the reading's own (its sets, their combinations, its wait); the fans that the table
says one does not count beside another are then left out, from the top of the table down
(不重复, ``engine.standard.fans``); a reading that counts nothing is 无番和.  花牌 are not
counted here: they count after the win (row 81).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.melds import MeldKind, is_plain_run
from engine.core.ruleset import WinContext
from engine.core.suit_tables import HONOUR_SIZE, NUMBER_SIZE, complete_keys
from engine.core.tiles import NUM_KINDS, ORPHANS
from engine.standard import fans as F
from engine.standard.combos import chow_fans, pung_fans
from engine.standard.decompose import Reading, readings
from engine.standard.forms import (
    knitted_singles,
    knitted_straight,
    nine_gates,
    seven_pairs,
    shifted_pairs,
    thirteen_orphans,
)


def _mask(kinds: Iterable[int]) -> int:
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return bits


_ORPHAN = tuple(k in ORPHANS for k in range(NUM_KINDS))
_ORPHANS = _mask(ORPHANS)
_TERMINALS = _mask(k for k in range(27) if k % 9 in (0, 8))
_HONOURS = _mask(range(27, 34))
_WINDS = _mask(range(27, 31))
_DRAGONS = _mask(range(31, 34))
_SUITS = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
_GREEN = _mask((19, 20, 21, 23, 25, 32))
"""绿一色's tiles: 23468 条 and 发 (row 3)."""
_REVERSIBLE = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
"""推不倒's tiles: 1234589 饼, 245689 条 and 白板 (row 40)."""
_RANGES = tuple(
    (fan, _mask(k for k in range(27) if k % 9 in ranks))
    for fan, ranks in (
        (F.LOWER_TILES, (0, 1, 2)),
        (F.LOWER_FOUR, (0, 1, 2, 3)),
        (F.MIDDLE_TILES, (3, 4, 5)),
        (F.UPPER_TILES, (6, 7, 8)),
        (F.UPPER_FOUR, (5, 6, 7, 8)),
    )
)
"""全小, 小于五, 全中, 全大, 大于五: the number tiles a hand keeps to."""
_SUIT_RANGES = ((0, 9), (9, 18), (18, 27), (27, 34))
_SUIT_KEYS = (
    complete_keys(NUMBER_SIZE),
    complete_keys(NUMBER_SIZE),
    complete_keys(NUMBER_SIZE),
    complete_keys(HONOUR_SIZE),
)
"""Each suit's keys that split into sets and at most one pair, and their number of pairs."""
_NEAR = tuple(
    tuple(j for j in range(k - 2, k + 3) if 0 <= j < 27 and j // 9 == k // 9) if k < 27 else (k,)
    for k in range(NUM_KINDS)
)
_CONCEALED_PUNGS = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}


class Hand:
    """A win as the counting reads it: counts of kinds and the declared sets."""

    def __init__(self, win: WinContext) -> None:
        self.concealed = [0] * NUM_KINDS
        for k in win.concealed:
            self.concealed[k] += 1
        self.total = list(self.concealed)
        chows: list[int] = []
        pungs: list[int] = []
        kongs: list[int] = []
        self.exposed = 0
        self.melded_kongs = 0
        self.concealed_kongs = 0
        self.honour_chow = False
        for meld in win.melds:
            for k in meld.tiles:
                self.total[k] += 1
            if meld.kind is MeldKind.CHI:
                chows.append(meld.tiles[0])
                self.honour_chow = self.honour_chow or not is_plain_run(meld.tiles)
            else:
                pungs.append(meld.tiles[0])
            if meld.is_kong:
                kongs.append(meld.tiles[0])
                if meld.kind is MeldKind.ANKAN:
                    self.concealed_kongs += 1
                else:
                    self.melded_kongs += 1
            if meld.exposed:
                self.exposed += 1
        self.present = 0
        self.hog = 0
        for k in range(NUM_KINDS):
            held = self.total[k]
            if held:
                self.present |= 1 << k
                if held == 4 and k not in kongs:
                    self.hog += 1
        self.chows = tuple(chows)
        self.pungs = tuple(pungs)
        self.kongs = tuple(kongs)
        self.melds = len(win.melds)
        self.win = win.winning_tile
        self.self_drawn = win.self_drawn
        self.prevalent = win.prevalent_wind
        self.seat = win.seat_wind
        shown = self.total[self.win] - self.concealed[self.win]
        self.last_copy = (win.last_copy and self.concealed[self.win] == 1) or shown == 3
        self.last_of_wall = win.last_of_wall
        self.after_kong = win.after_kong and self.self_drawn and bool(kongs)
        self.robbing_kong = (
            win.robbing_kong and not self.self_drawn and self.concealed[self.win] == 1 and shown == 0
        )


def count(win: WinContext) -> tuple[list[int], int] | None:
    """The fan counts (indexed by fan number, 花牌 not counted) of the highest reading of ``win``
    and their total, or ``None`` when the hand is in no legal form."""
    hand = Hand(win)
    if not _countable(hand):
        return None
    best: list[int] | None = None
    best_total = -1
    for counted in _readings(hand):
        total = _settle(counted)
        if total > best_total:
            best, best_total = counted, total
    return None if best is None else (best, best_total)


def counted_readings(win: WinContext) -> list[list[int]]:
    """Each reading's fan counts after the exclusions (花牌 not counted): the choices of which
    就高不就低 (番数计算规则 4) counts the highest; empty when the hand is in no legal form."""
    hand = Hand(win)
    found = _readings(hand) if _countable(hand) else []
    for counted in found:
        _settle(counted)
    return found


def _countable(hand: Hand) -> bool:
    """Fourteen tiles (a kong counting three) with the winning tile among the concealed ones, and no
    honour chow (chows are of number tiles, 术语 五)."""
    return (
        not hand.honour_chow and sum(hand.concealed) + 3 * hand.melds == 14 and hand.concealed[hand.win] > 0
    )


def _readings(hand: Hand) -> list[list[int]]:
    """Each reading's fans, before the exclusions."""
    found: list[list[int]] = []
    held = hand.concealed
    base = _hand_fans(hand)
    shape = bytes(held)
    kinds = NUM_KINDS - shape.count(0)
    if hand.melds == 0:
        if shape.count(1) == 0 and shape.count(3) == 0 and seven_pairs(held):
            found.append(_with(base, F.SEVEN_SHIFTED_PAIRS if shifted_pairs(held) else F.SEVEN_PAIRS))
        if kinds == 13 and thirteen_orphans(held):
            found.append(_with(base, F.THIRTEEN_ORPHANS))
        form = knitted_singles(held) if kinds == 14 else 0
        if form:
            counted = _with(base, form)
            if form == F.LESSER_HONORS_AND_KNITTED and sum(held[:27]) == 9:
                counted[F.KNITTED_STRAIGHT] = 1
            found.append(counted)
    if hand.melds <= 1 and kinds >= 9:
        found += _knitted_straight_readings(hand, base)
    basic = readings(held)
    if basic:
        waits = any(_wait_fan(hand.win, chows, pair) for chows, _, pair in basic)
        unique = waits and _unique_wait(hand, held, hand.melds)
        gates = hand.melds == 0 and kinds == 9 and nine_gates(_without_win(hand, held), hand.win)
        for reading in basic:
            found.append(_basic(hand, base, reading, unique, gates))
    return found


def _with(base: list[int], fan: int) -> list[int]:
    counted = list(base)
    counted[fan] = 1
    return counted


def _without_win(hand: Hand, held: list[int]) -> list[int]:
    standing = list(held)
    standing[hand.win] -= 1
    return standing


def _hand_fans(hand: Hand) -> list[int]:
    """The fans of the hand's tiles, melds and circumstances, whichever its reading."""
    counted = [0] * F.SIZE
    present = hand.present
    suits = (present & _SUITS[0] != 0) + (present & _SUITS[1] != 0) + (present & _SUITS[2] != 0)
    honours = present & _HONOURS
    if not honours:
        counted[F.NO_HONORS] = 1
        for fan, allowed in _RANGES:
            if not present & ~allowed:
                counted[fan] = 1
    if suits == 2:
        counted[F.ONE_VOIDED_SUIT] = 1
    elif suits == 1:
        counted[F.HALF_FLUSH if honours else F.FULL_FLUSH] = 1
    elif suits == 3 and present & _WINDS and present & _DRAGONS:
        counted[F.ALL_TYPES] = 1
    if not present & _ORPHANS:
        counted[F.ALL_SIMPLES] = 1
    if not present & ~_REVERSIBLE:
        counted[F.REVERSIBLE_TILES] = 1
    if not present & ~_GREEN:
        counted[F.ALL_GREEN] = 1
    if not present & ~_HONOURS:
        counted[F.ALL_HONORS] = 1
    if not present & ~_TERMINALS:
        counted[F.ALL_TERMINALS] = 1
    if not present & ~_ORPHANS:
        counted[F.ALL_TERMINALS_AND_HONORS] = 1
    counted[F.TILE_HOG] = hand.hog
    if hand.self_drawn:
        counted[F.SELF_DRAWN] = 1
    if hand.last_copy:
        counted[F.LAST_TILE] = 1
    if hand.last_of_wall:
        counted[F.LAST_TILE_DRAW if hand.self_drawn else F.LAST_TILE_CLAIM] = 1
    if hand.after_kong:
        counted[F.OUT_WITH_REPLACEMENT_TILE] = 1
    if hand.robbing_kong:
        counted[F.ROBBING_THE_KONG] = 1
    if hand.exposed == 0:
        counted[F.FULLY_CONCEALED_HAND if hand.self_drawn else F.CONCEALED_HAND] = 1
    elif hand.exposed == 4 and not hand.self_drawn:
        counted[F.MELDED_HAND] = 1
    kongs = hand.melded_kongs + hand.concealed_kongs
    if kongs == 4:
        counted[F.FOUR_KONGS] = 1
    elif kongs == 3:
        counted[F.THREE_KONGS] = 1
    if hand.concealed_kongs >= 2:
        counted[F.TWO_CONCEALED_KONGS] = 1
    if hand.melded_kongs >= 2:
        counted[F.TWO_MELDED_KONGS] = 1
    counted[F.MELDED_KONG] = hand.melded_kongs
    counted[F.CONCEALED_KONG] = hand.concealed_kongs
    return counted


def _basic(hand: Hand, base: list[int], reading: Reading, unique: bool, gates: bool) -> list[int]:
    """One basic-form reading's fans: its sets, their combinations, its concealed pungs, its wait."""
    own_chows, own_pungs, pair = reading
    counted = list(base)
    chows = tuple(sorted(hand.chows + own_chows))
    pungs = tuple(sorted(hand.pungs + own_pungs))
    for fan, times in chow_fans(chows, pair):
        counted[fan] += times
    for fan, times in pung_fans(pungs, pair, hand.prevalent, hand.seat):
        counted[fan] += times
    concealed = len(own_pungs) + hand.concealed_kongs
    if not hand.self_drawn and hand.win in own_pungs and not any(s <= hand.win <= s + 2 for s in own_chows):
        concealed -= 1
    if concealed >= 2:
        counted[_CONCEALED_PUNGS[concealed]] = 1
    if len(pungs) == 4:
        counted[F.ALL_PUNGS] = 1
    elif len(chows) == 4 and pair < 27:
        counted[F.ALL_CHOWS] = 1
    if _ORPHAN[pair] and all(s % 9 in (0, 6) for s in chows) and all(_ORPHAN[k] for k in pungs):
        counted[F.OUTSIDE_HAND] = 1
    elif (
        pair < 27
        and pair % 9 == 4
        and all(2 <= s % 9 <= 4 for s in chows)
        and all(k < 27 and k % 9 == 4 for k in pungs)
    ):
        counted[F.ALL_FIVE] = 1
    elif not chows and _even(pair, pungs):
        counted[F.ALL_EVEN_PUNGS] = 1
    if gates:
        counted[F.NINE_GATES] = 1
    if unique:
        wait = _wait_fan(hand.win, own_chows, pair)
        if wait:
            counted[wait] = 1
    return counted


def _even(pair: int, pungs: tuple[int, ...]) -> bool:
    """全双刻: the pair and every pung of 2, 4, 6 or 8 (row 21)."""
    return all(k < 27 and k % 9 % 2 == 1 for k in (pair, *pungs))


def _wait_fan(win: int, chows: tuple[int, ...], pair: int) -> int:
    """边张, 坎张 or 单钓将 of a win on the only tile the hand waited for (rows 77–79): 边张 the 3
    of 123 or the 7 of 789, 坎张 the middle of a chow, 单钓将 the pair's tile; 边张 before 坎张
    before 单钓将 where a reading allows more than one."""
    edge = closed = False
    for start in chows:
        if win == start + 1:
            closed = True
        elif (start % 9 == 0 and win == start + 2) or (start % 9 == 6 and win == start):
            edge = True
    if edge:
        return F.EDGE_WAIT
    if closed:
        return F.CLOSED_WAIT
    return F.SINGLE_WAIT if pair == win else 0


def _unique_wait(hand: Hand, held: list[int], melds: int) -> bool:
    """Whether the tiles before the win waited for that one kind only (独听): no other tile would
    have completed their shape in the basic form or as 七对 — a fifth copy included, for the wait
    is the hand's shape (术语 十四), not what is left of the wall.  A tile completes the basic
    form when its suit, with it, splits into sets and at most one pair and the hand then has one
    pair (the per-suit tables of ``engine.core.suit_tables``)."""
    standing = _without_win(hand, held)
    codes = [
        _SUIT_KEYS[suit].get(bytes(standing[low:high]), 9) for suit, (low, high) in enumerate(_SUIT_RANGES)
    ]
    others = sum(codes)
    seen: set[int] = set()
    for k in range(NUM_KINDS):
        if standing[k]:
            seen.update(_NEAR[k])
    for t in seen:
        if t == hand.win:
            continue
        suit = t // 9 if t < 27 else 3
        low, high = _SUIT_RANGES[suit]
        standing[t] += 1
        if standing[t] == 5:
            complete = bool(readings(standing))
        else:
            complete = others - codes[suit] + _SUIT_KEYS[suit].get(bytes(standing[low:high]), 9) == 1
        standing[t] -= 1
        if complete:
            return False
    if melds == 0:
        odd = [k for k in range(NUM_KINDS) if standing[k] % 2]
        if len(odd) == 1 and odd[0] != hand.win:
            return False
    return True


def _knitted_straight_readings(hand: Hand, base: list[int]) -> list[list[int]]:
    """组合龙 with the basic form's fourth set and pair (row 35): the knitted nine count as three
    chows for 平和; a wait counts when the set and pair beside them waited for the winning tile
    alone."""
    pattern = knitted_straight(hand.concealed)
    if not pattern:
        return []
    rest = list(hand.concealed)
    for k in pattern:
        rest[k] -= 1
    found: list[list[int]] = []
    for own_chows, own_pungs, pair in readings(rest):
        counted = _with(base, F.KNITTED_STRAIGHT)
        chows = hand.chows + own_chows
        for fan, times in pung_fans(tuple(sorted(hand.pungs + own_pungs)), pair, hand.prevalent, hand.seat):
            counted[fan] += times
        if chows and pair < 27:
            counted[F.ALL_CHOWS] = 1
        if rest[hand.win] and _unique_wait(hand, rest, 3 + hand.melds):
            wait = _wait_fan(hand.win, own_chows, pair)
            if wait:
                counted[wait] = 1
        found.append(counted)
    return found


def _settle(counted: list[int]) -> int:
    """Leave out, from the top of the table down, what each counted fan does not count beside it;
    a hand left with nothing is 无番和 (row 43).  Returns the total."""
    total = 0
    for fan in range(1, F.SIZE):
        times = counted[fan]
        if times:
            for other in F.LEAVES_OUT[fan]:
                counted[other] = 0
            for other in F.ABSORBS[fan]:
                if counted[other]:
                    counted[other] -= 1
            total += F.VALUES[fan] * times
    if total == 0:
        counted[F.CHICKEN_HAND] = 1
        total = F.VALUES[F.CHICKEN_HAND]
    return total
