"""The fan count of a win under the standard rules (spec 002 【番数计算规则】).

Every reading of the hand — the basic form's (four sets and a pair), 组合龙 with a set and a
pair, and the whole-hand forms (七对, 十三幺, 全不靠) — is counted on its own; the win counts as
its highest reading (就高不就低, 【番数计算规则】 4), the first found of equal ones.  A reading's fans
are the hand's (its tiles, its melds, how it was won) and the reading's own (its sets, their combinations, its
wait); the fans that the table says one does not count beside another are then left out, from the
top of the table down (不重复, ``engine.standard.fans``); a reading that counts nothing is 无番和.
花牌 are not counted here: they count after the win (row 81).

The count reads no sets: a hand is its per-suit keys and bit masks of kinds, a reading the
summaries of its suits' splits (``engine.standard.decompose``) joined by sums and masks, and the
fans of its sets the answers ``engine.standard.combos`` keeps per multiset of chows and per set of
pungs.  Concealed tiles holding more than four of a kind are in no legal form (the set has four,
【麻将牌】).
"""

from __future__ import annotations

from typing import Final

from engine.core.melds import MeldKind, is_plain_run
from engine.core.suit_tables import NUMBER_SIZE
from engine.core.win import WinContext
from engine.standard import fans as F
from engine.standard.combos import chow_fans, honour_pung_fans, number_pung_fans
from engine.standard.decompose import (
    ALL_FLAGS,
    ALONE,
    BASE_OF,
    CHOW_FLAGS,
    CHOW_UNIT,
    EVENS,
    FACE_BITS,
    FIVES,
    OUTSIDE,
    PAIR_FLAGS,
    PUNG_FLAGS,
    SUIT_OF,
    UNIT,
    Split,
    completing,
    pairs_of,
    shape_of,
    splits,
)
from engine.standard.forms import (
    KNITTED_KEYS,
    knitted_singles,
    knitted_straight,
    nine_gates,
    seven_pairs,
    thirteen_orphans,
    whole_knitted_straight,
)
from engine.standard.tally import Tally


def _mask(kinds: tuple[int, ...] | range) -> int:
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return bits


_CHI: Final = MeldKind.CHI
_PON: Final = MeldKind.PON
_ANKAN: Final = MeldKind.ANKAN
_ORPHANS: Final = _mask((0, 8, 9, 17, 18, 26, *range(27, 34)))
_TERMINALS: Final = _mask((0, 8, 9, 17, 18, 26))
_HONOURS: Final = _mask(range(27, 34))
_WINDS: Final = _mask(range(27, 31))
_DRAGONS: Final = _mask(range(31, 34))
_NUMBERS: Final = _mask(range(27))
_SUIT_MASKS: Final[tuple[int, ...]] = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
_GREEN: Final = _mask((19, 20, 21, 23, 25, 32))
"""绿一色's tiles: 23468 条 and 发 (row 3)."""
_REVERSIBLE: Final = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
"""推不倒's tiles: 1234589 饼, 245689 条 and 白板 (row 40)."""
_RANGES: Final = tuple(
    (fan, _mask(tuple(k for k in range(27) if k % 9 in ranks)))
    for fan, ranks in (
        (F.LOWER_TILES, (0, 1, 2)),
        (F.LOWER_FOUR, (0, 1, 2, 3)),
        (F.MIDDLE_TILES, (3, 4, 5)),
        (F.UPPER_TILES, (6, 7, 8)),
        (F.UPPER_FOUR, (5, 6, 7, 8)),
    )
)
"""全小, 小于五, 全中, 全大, 大于五: the number tiles a hand keeps to."""
_ODD: Final = sum(1 << FACE_BITS * face for face in range(NUMBER_SIZE))
"""The lowest bit of each face of a key: set where a face is held an odd number of times."""
_CONCEALED_PUNGS: Final[tuple[int, ...]] = (
    0,
    0,
    F.TWO_CONCEALED_PUNGS,
    F.THREE_CONCEALED_PUNGS,
    F.FOUR_CONCEALED_PUNGS,
)
_WAIT_FANS: Final[tuple[int, ...]] = (0, F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)
_FIVE_OF: Final = tuple(k // 9 + 1 if k < 27 and k % 9 == 4 else 0 for k in range(34))
"""A pair's suit plus one when it is a pair of fives (一色双龙会, 三色双龙会), else 0."""
_SECOND: Final = 5**7
_THIRD: Final = 5**14
"""What turns a chow number of the first suit's faces into the second's and the third's."""
_WIND_COUNT: Final = tuple(
    (winds & 1) + (winds >> 1 & 1) + (winds >> 2 & 1) + (winds >> 3) for winds in range(16)
)


def _count(first: int, second: int, third: int, honours: int, k: int) -> int:
    suit = SUIT_OF[k]
    key = first if suit == 0 else second if suit == 1 else third if suit == 2 else honours
    return key >> FACE_BITS * (k - BASE_OF[suit]) & 7


def _shown(first: int, second: int, third: int, honours: int, k: int, n: int) -> tuple[int, int, int, int]:
    suit = SUIT_OF[k]
    unit = n * UNIT[k]
    if suit == 0:
        return first + unit, second, third, honours
    if suit == 1:
        return first, second + unit, third, honours
    if suit == 2:
        return first, second, third + unit, honours
    return first, second, third, honours + unit


def _wind_bit(wind: int) -> int:
    """A wind's bit among the four (圈风刻, 门风刻), 0 for no wind."""
    return 1 << wind - 27 if 27 <= wind < 31 else 0


def _fours(key: int) -> int:
    """How many faces of a key are held four times."""
    fours = key >> 2 & ~(key >> 1) & ~key & _ODD
    found = 0
    while fours:
        found += fours & 1
        fours >>= FACE_BITS
    return found


class Hand:
    """A win as the counting reads it: per-suit keys of the concealed tiles, bit masks of kinds and
    the declared sets as one reading's part."""

    def __init__(self, win: WinContext) -> None:
        self.win = winning = win.winning_tile
        first_suit = second_suit = third_suit = honours = 0
        held = 0
        kinds = 0
        tiles = 0
        over = False
        win_held = 0
        for k in win.concealed:
            bit = 1 << k
            if held & bit:
                over = over or _count(first_suit, second_suit, third_suit, honours, k) == 4
            else:
                held |= bit
                kinds += 1
            suit = SUIT_OF[k]
            if suit == 0:
                first_suit += UNIT[k]
            elif suit == 1:
                second_suit += UNIT[k]
            elif suit == 2:
                third_suit += UNIT[k]
            else:
                honours += UNIT[k]
            if k == winning:
                win_held += 1
            tiles += 1
        self.keys = [first_suit, second_suit, third_suit, honours]
        self.held = held
        self.kinds = kinds
        self.chows = 0
        self.chow_count = 0
        self.pungs = 0
        self.pung_count = 0
        self.flags = ALL_FLAGS
        self.exposed = 0
        self.melded_kongs = 0
        self.concealed_kongs = 0
        self.melds = 0
        present = held
        honour_chow = False
        win_shown = 0
        for meld in win.melds:
            self.melds += 1
            meld_tiles = meld.tiles
            first = meld_tiles[0]
            kind = meld.kind
            for k in meld_tiles:
                present |= 1 << k
                if k == winning:
                    win_shown += 1
            if kind is not _ANKAN:
                self.exposed += 1
            if kind is _CHI:
                honour_chow = honour_chow or not is_plain_run(meld_tiles)
                self.chows += CHOW_UNIT[first]
                self.chow_count += 1
                self.flags &= CHOW_FLAGS[first] | EVENS
                for k in meld_tiles:
                    first_suit, second_suit, third_suit, honours = _shown(
                        first_suit, second_suit, third_suit, honours, k, 1
                    )
                continue
            self.pungs |= 1 << first
            self.pung_count += 1
            self.flags &= PUNG_FLAGS[first]
            if kind is _PON:
                first_suit, second_suit, third_suit, honours = _shown(
                    first_suit, second_suit, third_suit, honours, first, 3
                )
            elif kind is _ANKAN:
                self.concealed_kongs += 1
            else:
                self.melded_kongs += 1
        self.hog = _fours(first_suit) + _fours(second_suit) + _fours(third_suit) + _fours(honours)
        self.present = present
        self.self_drawn = win.discarder is None
        self.prevalent = self.seat = 0
        if present & _WINDS:
            self.prevalent = _wind_bit(win.prevalent_wind)
            self.seat = _wind_bit(win.seat_wind)
        self.countable = not honour_chow and not over and tiles + 3 * self.melds == 14 and win_held > 0
        """Fourteen tiles (a kong counting three) with the winning tile among the concealed ones, no
        kind more than four times, and no honour chow (chows are of number tiles, 术语 五)."""
        self.last_copy = win_shown == 3 or (win_held == 1 and win.last_copy)
        self.last_of_wall = win.last_of_wall
        self.after_kong = self.self_drawn and self.melded_kongs + self.concealed_kongs > 0 and win.after_kong
        self.robbing_kong = not self.self_drawn and win_held == 1 and win_shown == 0 and win.robbing_kong


def count(win: WinContext) -> tuple[list[int], int] | None:
    """The fan counts (indexed by fan number, 花牌 not counted) of the highest reading of ``win``
    and their total, or ``None`` when the hand is in no legal form."""
    best = highest(win)
    return None if best is None else (best.vector(), best.total)


def highest(win: WinContext) -> Tally | None:
    """The highest reading of ``win`` (the first of equal ones), its fans left out as the table
    says; ``None`` when the hand is in no legal form."""
    hand = Hand(win)
    if not hand.countable:
        return None
    best: Tally | None = None
    for tally in _readings(hand):
        tally.settle()
        if best is None or tally.total > best.total:
            best = tally
    return best


def counted_readings(win: WinContext) -> list[list[int]]:
    """Each reading's fan counts after the exclusions (花牌 not counted): the choices of which
    就高不就低 (番数计算规则 4) counts the highest; empty when the hand is in no legal form."""
    hand = Hand(win)
    found = _readings(hand) if hand.countable else []
    for tally in found:
        tally.settle()
    return [tally.vector() for tally in found]


def _readings(hand: Hand) -> list[Tally]:
    """Each reading's fans, before the exclusions: the whole-hand forms, 组合龙, the basic form."""
    found: list[Tally] = []
    base = _hand_fans(hand)
    keys = hand.keys
    if hand.melds == 0:
        form = seven_pairs(keys, hand.held, hand.kinds)
        if form:
            found.append(_with(base, form))
        if thirteen_orphans(hand.held, hand.kinds):
            found.append(_with(base, F.THIRTEEN_ORPHANS))
        form = knitted_singles(hand.held, hand.kinds)
        if form:
            tally = _with(base, form)
            if form == F.LESSER_HONORS_AND_KNITTED and whole_knitted_straight(hand.held):
                tally.add(F.KNITTED_STRAIGHT)
            found.append(tally)
    if hand.melds <= 1 and hand.kinds >= 9:
        pattern = knitted_straight(hand.held)
        if pattern >= 0:
            nine = KNITTED_KEYS[pattern]
            rest = [keys[0] - nine[0], keys[1] - nine[1], keys[2] - nine[2], keys[3]]
            _sets_and_pair(hand, base, rest, True, found)
    _sets_and_pair(hand, base, keys, False, found)
    return found


def _with(base: Tally, fan: int) -> Tally:
    tally = base.copy()
    tally.add(fan)
    return tally


def _hand_fans(hand: Hand) -> Tally:
    """The fans of the hand's tiles, melds and circumstances, whichever its reading."""
    tally = Tally()
    present = hand.present
    suits = 0
    for suit_mask in _SUIT_MASKS:
        if present & suit_mask:
            suits += 1
    honours = present & _HONOURS
    if not honours:
        tally.add(F.NO_HONORS)
        for fan, allowed in _RANGES:
            if not present & ~allowed:
                tally.add(fan)
    if suits == 2:
        tally.add(F.ONE_VOIDED_SUIT)
    elif suits == 1:
        tally.add(F.HALF_FLUSH if honours else F.FULL_FLUSH)
    elif suits == 3 and present & _WINDS and present & _DRAGONS:
        tally.add(F.ALL_TYPES)
    if not present & _ORPHANS:
        tally.add(F.ALL_SIMPLES)
    if not present & ~_REVERSIBLE:
        tally.add(F.REVERSIBLE_TILES)
    if not present & ~_GREEN:
        tally.add(F.ALL_GREEN)
    if not present & ~_HONOURS:
        tally.add(F.ALL_HONORS)
    if not present & ~_TERMINALS:
        tally.add(F.ALL_TERMINALS)
    if not present & ~_ORPHANS:
        tally.add(F.ALL_TERMINALS_AND_HONORS)
    if hand.hog:
        tally.add(F.TILE_HOG, hand.hog)
    if hand.self_drawn:
        tally.add(F.SELF_DRAWN)
    if hand.last_copy:
        tally.add(F.LAST_TILE)
    if hand.last_of_wall:
        tally.add(F.LAST_TILE_DRAW if hand.self_drawn else F.LAST_TILE_CLAIM)
    if hand.after_kong:
        tally.add(F.OUT_WITH_REPLACEMENT_TILE)
    if hand.robbing_kong:
        tally.add(F.ROBBING_THE_KONG)
    if hand.exposed == 0:
        tally.add(F.FULLY_CONCEALED_HAND if hand.self_drawn else F.CONCEALED_HAND)
    elif hand.exposed == 4 and not hand.self_drawn:
        tally.add(F.MELDED_HAND)
    kongs = hand.melded_kongs + hand.concealed_kongs
    if kongs == 4:
        tally.add(F.FOUR_KONGS)
    elif kongs == 3:
        tally.add(F.THREE_KONGS)
    if hand.concealed_kongs >= 2:
        tally.add(F.TWO_CONCEALED_KONGS)
    if hand.melded_kongs >= 2:
        tally.add(F.TWO_MELDED_KONGS)
    if hand.melded_kongs:
        tally.add(F.MELDED_KONG, hand.melded_kongs)
    if hand.concealed_kongs:
        tally.add(F.CONCEALED_KONG, hand.concealed_kongs)
    return tally


def _sets_and_pair(hand: Hand, base: Tally, keys: list[int], knitted: bool, found: list[Tally]) -> None:
    """The readings of ``keys`` as sets and one pair beside the declared sets: the basic form's
    (``knitted`` false), or 组合龙's fourth set and pair beside the knitted nine of the hand."""
    first = shape_of(0, keys[0])
    second = shape_of(1, keys[1])
    third = shape_of(2, keys[2])
    honours = shape_of(3, keys[3])
    if first is None or second is None or third is None or honours is None:
        return
    if first.pairs + second.pairs + third.pairs + honours.pairs != 1:
        return
    win = hand.win
    suit = SUIT_OF[win]
    face = win - BASE_OF[suit]
    waited = keys[suit] >> FACE_BITS * face & 7 > 0
    gates = not knitted and nine_gates(keys, win)
    own_pairs = (first if suit == 0 else second if suit == 1 else third if suit == 2 else honours).pairs
    unique = -1
    for a in splits(0, keys[0], first):
        for b in splits(1, keys[1], second):
            for c in splits(2, keys[2], third):
                for d in splits(3, keys[3], honours):
                    own = a if suit == 0 else b if suit == 1 else c if suit == 2 else d
                    if knitted:
                        tally = _knitted(hand, base, a, b, c, d)
                    else:
                        tally = _basic(hand, base, a, b, c, d, own, face)
                        if gates:
                            tally.add(F.NINE_GATES)
                    wait = own.wait(face) if waited else 0
                    if wait:
                        if unique < 0:
                            unique = _unique_wait(hand, keys, 1, own_pairs, hand.melds + 3 * knitted)
                        if unique:
                            tally.add(_WAIT_FANS[wait])
                    found.append(tally)


def _basic(hand: Hand, base: Tally, a: Split, b: Split, c: Split, d: Split, own: Split, face: int) -> Tally:
    """One basic-form reading's fans but its wait: its sets' fans, its concealed pungs, and the
    shape of its sets and pair."""
    tally = base.copy()
    pair = _pair(a, b, c, d)
    chow_count = hand.chow_count + a.chow_count + b.chow_count + c.chow_count + d.chow_count
    sets = hand.flags & a.flags & b.flags & c.flags & d.flags
    if chow_count >= 2:
        chows = hand.chows + a.chows + b.chows * _SECOND + c.chows * _THIRD
        tally.join(chow_fans(chows, _FIVE_OF[pair] if chow_count == 4 and sets & OUTSIDE else 0))
    _pung_fans(hand, tally, _pungs(hand, a, b, c, d), pair)
    concealed = a.pung_count + b.pung_count + c.pung_count + d.pung_count
    pung_count = hand.pung_count + concealed
    concealed += hand.concealed_kongs
    if not hand.self_drawn and own.claimed >> face & 1:
        concealed -= 1
    if concealed >= 2:
        tally.add(_CONCEALED_PUNGS[concealed])
    if pung_count == 4:
        tally.add(F.ALL_PUNGS)
    elif chow_count == 4 and pair < 27:
        tally.add(F.ALL_CHOWS)
    flags = sets & PAIR_FLAGS[pair]
    if flags & OUTSIDE:
        tally.add(F.OUTSIDE_HAND)
    elif flags & FIVES:
        tally.add(F.ALL_FIVE)
    elif chow_count == 0 and flags & EVENS:
        tally.add(F.ALL_EVEN_PUNGS)
    return tally


def _knitted(hand: Hand, base: Tally, a: Split, b: Split, c: Split, d: Split) -> Tally:
    """组合龙 with the basic form's fourth set and pair (row 35) but its wait: the knitted nine
    count as three chows for 平和, and the pungs count their fans."""
    tally = _with(base, F.KNITTED_STRAIGHT)
    pair = _pair(a, b, c, d)
    _pung_fans(hand, tally, _pungs(hand, a, b, c, d), pair)
    if hand.chow_count + a.chow_count + b.chow_count + c.chow_count + d.chow_count and pair < 27:
        tally.add(F.ALL_CHOWS)
    return tally


def _pair(a: Split, b: Split, c: Split, d: Split) -> int:
    """The reading's pair: the kind of the one its suits' splits hold."""
    if a.pair >= 0:
        return a.pair
    if b.pair >= 0:
        return 9 + b.pair
    return 18 + c.pair if c.pair >= 0 else 27 + d.pair


def _pungs(hand: Hand, a: Split, b: Split, c: Split, d: Split) -> int:
    """The reading's pungs and kongs as a bit mask of kinds."""
    return hand.pungs | a.pungs | b.pungs << 9 | c.pungs << 18 | d.pungs << 27


def _pung_fans(hand: Hand, tally: Tally, pungs: int, pair: int) -> None:
    """The fans of the reading's pungs: number and honour ones apart, and the winds' own."""
    numbers = pungs & _NUMBERS
    if numbers:
        tally.join(number_pung_fans(numbers))
    honours = pungs >> 27
    if honours:
        found = honour_pung_fans(honours, pair)
        tally.join(found.fans)
        if honours & hand.prevalent:
            tally.add(F.PREVALENT_WIND)
        if honours & hand.seat:
            tally.add(F.SEAT_WIND)
        plain = found.plain_winds & ~hand.prevalent & ~hand.seat
        if plain:
            tally.add(F.PUNG_OF_TERMINALS_OR_HONORS, _WIND_COUNT[plain])


def _completed(added: int, beside: int) -> int:
    """The faces whose tile completes a suit of which ``added`` is :func:`completing`'s answer,
    with ``beside`` pairs in the other suits: the hand must have one pair."""
    if beside == 0:
        return added >> NUMBER_SIZE & 0x1FF
    return added & 0x1FF if beside == 1 else 0


def _unique_wait(hand: Hand, keys: list[int], pairs: int, own_pairs: int, melds: int) -> bool:
    """Whether the tiles before the win (``keys`` less the winning tile; ``pairs`` the pairs of
    ``keys``, ``own_pairs`` those of the winning tile's suit) waited for that one kind only (独听):
    no other tile would have completed their shape in the basic form or as 七对 — a fifth copy
    included, for the wait is the hand's shape (术语 十四), not what is left of the wall.  A tile
    completes the basic form when its suit, with it, splits into sets and at most one pair and the
    hand then has one pair (``engine.standard.decompose.completing``)."""
    win = hand.win
    own = SUIT_OF[win]
    face = win - BASE_OF[own]
    standing = completing(own, keys[own] - UNIT[win])
    standing_pairs = standing >> ALONE
    others = pairs - own_pairs
    if _completed(standing, others) & ~(1 << face):
        return False
    if standing_pairs <= 1:
        total = others + standing_pairs
        for suit in range(4):
            if suit != own:
                beside = total - pairs_of(suit, keys[suit])
                if beside <= 1 and _completed(completing(suit, keys[suit]), beside):
                    return False
    if melds == 0:
        odd = 0
        for suit in range(4):
            bits = keys[suit] & _ODD
            while bits:
                odd += bits & 1
                bits >>= FACE_BITS
        if odd == 2 and keys[own] >> FACE_BITS * face & 1:
            return False
    return True
