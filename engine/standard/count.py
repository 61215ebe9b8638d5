"""The fan count of a win under the standard rules (spec 002 【番数计算规则】).

Every reading of the hand — the basic form's (four sets and a pair), 组合龙 with a set and a
pair, and the whole-hand forms (七对, 十三幺, 全不靠) — is counted on its own; the win counts as
its highest reading (就高不就低), the first found of equal ones.  A reading's fans are the hand's
(its tiles, its melds, how it was won) and the reading's own (its sets, their combinations, its
wait); the fans that the table says one does not count beside another are then left out, from the
top of the table down (不重复, ``engine.standard.fans``); a reading that counts nothing is 无番和.
花牌 are not counted here: they count after the win (row 81).

The count reads no sets: a hand is its per-suit keys and bit masks of kinds, a reading the
summaries of its suits' splits (``engine.standard.decompose``) joined by sums and masks, and the
fans of its sets the answers ``engine.standard.combos`` keeps per multiset of chows and per set of
pungs.  A hand with more than four tiles of a kind is in no legal form (the set has four, 【麻将牌】).
"""

from __future__ import annotations

from typing import Final

from engine.core.melds import MeldKind, is_plain_run
from engine.core.ruleset import WinContext
from engine.core.suit_tables import NUMBER_SIZE
from engine.standard import fans as F
from engine.standard.combos import chow_fans, honour_pung_fans, number_pung_fans
from engine.standard.decompose import (
    ALL_FLAGS,
    BASE_OF,
    CHOW_FLAGS,
    CHOW_UNIT,
    EVENS,
    FACE_BITS,
    FIVES,
    HONOUR_SUIT,
    OUTSIDE,
    PAIR_FLAGS,
    PUNG_FLAGS,
    SUIT_OF,
    UNIT,
    Split,
    completing,
    pairs_of,
    splits,
)
from engine.standard.forms import KNITTED, knitted_singles, shifted_pairs, thirteen_orphans


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
_SUIT_MASKS: Final = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
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
_KNITTED: Final = tuple(_mask(pattern) for pattern in KNITTED)
_KNITTED_KEYS: Final = tuple(
    tuple(sum(UNIT[k] for k in pattern if SUIT_OF[k] == suit) for suit in range(3)) for pattern in KNITTED
)
_NINE_GATES: Final = sum(n << FACE_BITS * face for face, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
"""九莲宝灯's thirteen tiles before the win as a suit's key (row 4)."""
_ODD: Final = sum(1 << FACE_BITS * face for face in range(NUMBER_SIZE))
"""The lowest bit of each face of a key: set where a face is held an odd number of times."""
_CONCEALED_PUNGS: Final = (0, 0, F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS)
_WAIT_FANS: Final = (0, F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)
_FIVE_OF: Final = tuple(k // 9 + 1 if k < 27 and k % 9 == 4 else 0 for k in range(34))
"""A pair's suit plus one when it is a pair of fives (一色双龙会, 三色双龙会), else 0."""

HIGH: Final = 62
"""Fans 1–61 are kept as bits of one mask, 62–81 (from 门前清 down) of another, so that each mask
stays a machine word."""
_LEAVES_LOW: Final = tuple(_mask(tuple(o for o in F.LEAVES_OUT[fan] if o < HIGH)) for fan in range(F.SIZE))
_LEAVES_HIGH: Final = tuple(
    _mask(tuple(o - HIGH for o in F.LEAVES_OUT[fan] if o >= HIGH)) for fan in range(F.SIZE)
)


class Tally:
    """One reading's fans: how many times each counts (indexed by fan number) and, as bits of
    ``low`` (fans below :data:`HIGH`) and ``high``, which count."""

    def __init__(self, counts: list[int], low: int, high: int) -> None:
        self.counts = counts
        self.low = low
        self.high = high
        self.total = 0

    def copy(self) -> Tally:
        return Tally(self.counts.copy(), self.low, self.high)

    def add(self, fan: int, times: int) -> None:
        self.counts[fan] += times
        if fan < HIGH:
            self.low |= 1 << fan
        else:
            self.high |= 1 << fan - HIGH

    def add_all(self, fans: tuple[tuple[int, int], ...]) -> None:
        for fan, times in fans:
            self.add(fan, times)

    def settle(self) -> None:
        """Leave out, from the top of the table down, what each counted fan does not count beside
        it (and take in what it absorbs); a hand left with nothing is 无番和 (row 43)."""
        counts = self.counts
        left_low = left_high = 0
        kept_low = kept_high = 0
        total = 0
        bits = self.low
        fan = 0
        while bits:
            if bits & 1 and not left_low >> fan & 1 and counts[fan]:
                kept_low |= 1 << fan
                left_low |= _LEAVES_LOW[fan]
                left_high |= _LEAVES_HIGH[fan]
                for other in F.ABSORBS[fan]:
                    if counts[other]:
                        counts[other] -= 1
                total += F.VALUES[fan] * counts[fan]
            bits >>= 1
            fan += 1
        bits = self.high
        fan = HIGH
        while bits:
            if bits & 1 and not left_high >> fan - HIGH & 1 and counts[fan]:
                kept_high |= 1 << fan - HIGH
                left_high |= _LEAVES_HIGH[fan]
                total += F.VALUES[fan] * counts[fan]
            bits >>= 1
            fan += 1
        if total == 0:
            counts[F.CHICKEN_HAND] = 1
            kept_low = 1 << F.CHICKEN_HAND
            total = F.VALUES[F.CHICKEN_HAND]
        self.low = kept_low
        self.high = kept_high
        self.total = total

    def counted(self, fan: int) -> int:
        """How many times ``fan`` counts."""
        kept = self.low >> fan if fan < HIGH else self.high >> fan - HIGH
        return self.counts[fan] if kept & 1 else 0

    def vector(self) -> list[int]:
        """The counts indexed by fan number, 0 for a fan that does not count."""
        return [self.counted(fan) for fan in range(F.SIZE)]


class Hand:
    """A win as the counting reads it: per-suit keys of the concealed tiles, bit masks of kinds and
    the declared sets as one reading's part."""

    def __init__(self, win: WinContext) -> None:
        concealed = [0] * 34
        keys = [0, 0, 0, 0]
        held = 0
        kinds = 0
        over = False
        for k in win.concealed:
            n = concealed[k] + 1
            concealed[k] = n
            keys[SUIT_OF[k]] += UNIT[k]
            held |= 1 << k
            kinds += n == 1
            over = over or n > 4
        shown = keys.copy()
        present = held
        self.chows = 0
        self.chow_count = 0
        self.pungs = 0
        self.pung_count = 0
        self.flags = ALL_FLAGS
        self.exposed = 0
        self.melded_kongs = 0
        self.concealed_kongs = 0
        honour_chow = False
        self.win = win.winning_tile
        win_shown = 0
        for meld in win.melds:
            tiles = meld.tiles
            first = tiles[0]
            kind = meld.kind
            for k in tiles:
                present |= 1 << k
                win_shown += k == self.win
            if kind is _CHI:
                honour_chow = honour_chow or not is_plain_run(tiles)
                self.chows += CHOW_UNIT[first]
                self.chow_count += 1
                self.flags &= CHOW_FLAGS[first] | EVENS
                for k in tiles:
                    shown[SUIT_OF[k]] += UNIT[k]
            else:
                self.pungs |= 1 << first
                self.pung_count += 1
                self.flags &= PUNG_FLAGS[first]
                if kind is _PON:
                    shown[SUIT_OF[first]] += 3 * UNIT[first]
                elif kind is _ANKAN:
                    self.concealed_kongs += 1
                else:
                    self.melded_kongs += 1
            if kind is not _ANKAN:
                self.exposed += 1
        self.concealed = concealed
        self.keys = keys
        self.held = held
        self.present = present
        self.kinds = kinds
        self.melds = len(win.melds)
        self.hog = 0
        for suit_key in shown:
            fours = suit_key >> 2 & ~(suit_key >> 1) & ~suit_key & _ODD
            while fours:
                self.hog += fours & 1
                fours >>= FACE_BITS
        self.self_drawn = win.discarder is None
        self.prevalent = win.prevalent_wind
        self.seat = win.seat_wind
        win_held = concealed[self.win] if 0 <= self.win < 34 else 0
        self.countable = (
            not honour_chow and not over and len(win.concealed) + 3 * self.melds == 14 and win_held > 0
        )
        """Fourteen tiles (a kong counting three) with the winning tile among the concealed ones, no
        kind more than four times, and no honour chow (chows are of number tiles, 术语 五)."""
        self.last_copy = (win.last_copy and win_held == 1) or win_shown == 3
        self.last_of_wall = win.last_of_wall
        self.after_kong = win.after_kong and self.self_drawn and self.melded_kongs + self.concealed_kongs > 0
        self.robbing_kong = win.robbing_kong and not self.self_drawn and win_held == 1 and win_shown == 0


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
    held = hand.concealed
    keys = hand.keys
    if hand.melds == 0:
        if not (keys[0] | keys[1] | keys[2] | keys[3]) & _ODD:
            found.append(_with(base, F.SEVEN_SHIFTED_PAIRS if shifted_pairs(held) else F.SEVEN_PAIRS))
        if hand.kinds == 13 and thirteen_orphans(held):
            found.append(_with(base, F.THIRTEEN_ORPHANS))
        form = knitted_singles(held) if hand.kinds == 14 else 0
        if form:
            tally = _with(base, form)
            if form == F.LESSER_HONORS_AND_KNITTED and sum(held[:27]) == 9:
                tally.add(F.KNITTED_STRAIGHT, 1)
            found.append(tally)
    if hand.melds <= 1 and hand.kinds >= 9:
        _knitted_straight_readings(hand, base, found)
    _basic_readings(hand, base, keys, found)
    return found


def _with(base: Tally, fan: int) -> Tally:
    tally = base.copy()
    tally.add(fan, 1)
    return tally


def _hand_fans(hand: Hand) -> Tally:
    """The fans of the hand's tiles, melds and circumstances, whichever its reading."""
    tally = Tally([0] * F.SIZE, 0, 0)
    present = hand.present
    suits = 0
    for suit_mask in _SUIT_MASKS:
        suits += present & suit_mask != 0
    honours = present & _HONOURS
    if not honours:
        tally.add(F.NO_HONORS, 1)
        for fan, allowed in _RANGES:
            if not present & ~allowed:
                tally.add(fan, 1)
    if suits == 2:
        tally.add(F.ONE_VOIDED_SUIT, 1)
    elif suits == 1:
        tally.add(F.HALF_FLUSH if honours else F.FULL_FLUSH, 1)
    elif suits == 3 and present & _WINDS and present & _DRAGONS:
        tally.add(F.ALL_TYPES, 1)
    if not present & _ORPHANS:
        tally.add(F.ALL_SIMPLES, 1)
    if not present & ~_REVERSIBLE:
        tally.add(F.REVERSIBLE_TILES, 1)
    if not present & ~_GREEN:
        tally.add(F.ALL_GREEN, 1)
    if not present & ~_HONOURS:
        tally.add(F.ALL_HONORS, 1)
    if not present & ~_TERMINALS:
        tally.add(F.ALL_TERMINALS, 1)
    if not present & ~_ORPHANS:
        tally.add(F.ALL_TERMINALS_AND_HONORS, 1)
    if hand.hog:
        tally.add(F.TILE_HOG, hand.hog)
    if hand.self_drawn:
        tally.add(F.SELF_DRAWN, 1)
    if hand.last_copy:
        tally.add(F.LAST_TILE, 1)
    if hand.last_of_wall:
        tally.add(F.LAST_TILE_DRAW if hand.self_drawn else F.LAST_TILE_CLAIM, 1)
    if hand.after_kong:
        tally.add(F.OUT_WITH_REPLACEMENT_TILE, 1)
    if hand.robbing_kong:
        tally.add(F.ROBBING_THE_KONG, 1)
    if hand.exposed == 0:
        tally.add(F.FULLY_CONCEALED_HAND if hand.self_drawn else F.CONCEALED_HAND, 1)
    elif hand.exposed == 4 and not hand.self_drawn:
        tally.add(F.MELDED_HAND, 1)
    kongs = hand.melded_kongs + hand.concealed_kongs
    if kongs == 4:
        tally.add(F.FOUR_KONGS, 1)
    elif kongs == 3:
        tally.add(F.THREE_KONGS, 1)
    if hand.concealed_kongs >= 2:
        tally.add(F.TWO_CONCEALED_KONGS, 1)
    if hand.melded_kongs >= 2:
        tally.add(F.TWO_MELDED_KONGS, 1)
    if hand.melded_kongs:
        tally.add(F.MELDED_KONG, hand.melded_kongs)
    if hand.concealed_kongs:
        tally.add(F.CONCEALED_KONG, hand.concealed_kongs)
    return tally


def _basic_readings(hand: Hand, base: Tally, keys: list[int], found: list[Tally]) -> None:
    """The basic form's readings: each suit's splits joined, the sets' fans, the concealed pungs,
    the shape of sets and pair, 九莲宝灯 and the wait."""
    pairs = 0
    for suit in range(4):
        pairs += pairs_of(suit, keys[suit])
    if pairs != 1:
        return
    win = hand.win
    suit = SUIT_OF[win]
    face = win - BASE_OF[suit]
    gates = suit < HONOUR_SUIT and keys[suit] - UNIT[win] == _NINE_GATES
    unique = -1
    for a in splits(0, keys[0]):
        for b in splits(1, keys[1]):
            for c in splits(2, keys[2]):
                for d in splits(3, keys[3]):
                    own = a if suit == 0 else b if suit == 1 else c if suit == 2 else d
                    tally = _basic(hand, base, a, b, c, d, own, face)
                    if gates:
                        tally.add(F.NINE_GATES, 1)
                    wait = own.wait(face)
                    if wait:
                        if unique < 0:
                            unique = _unique_wait(hand, keys, hand.melds)
                        if unique:
                            tally.add(_WAIT_FANS[wait], 1)
                    found.append(tally)


def _basic(hand: Hand, base: Tally, a: Split, b: Split, c: Split, d: Split, own: Split, face: int) -> Tally:
    """One basic-form reading's fans but its wait."""
    tally = base.copy()
    pair = max(a.pair, b.pair, c.pair, d.pair)
    chow_count = hand.chow_count + a.chow_count + b.chow_count + c.chow_count + d.chow_count
    if chow_count >= 2:
        chows = hand.chows + a.chows + b.chows + c.chows + d.chows
        tally.add_all(chow_fans(chows, _FIVE_OF[pair]))
    pungs = hand.pungs | a.pungs | b.pungs | c.pungs | d.pungs
    _pung_fans(hand, tally, pungs, pair)
    concealed = a.pung_count + b.pung_count + c.pung_count + d.pung_count
    pung_count = hand.pung_count + concealed
    concealed += hand.concealed_kongs
    if not hand.self_drawn and own.claimed >> face & 1:
        concealed -= 1
    if concealed >= 2:
        tally.add(_CONCEALED_PUNGS[concealed], 1)
    if pung_count == 4:
        tally.add(F.ALL_PUNGS, 1)
    elif chow_count == 4 and pair < 27:
        tally.add(F.ALL_CHOWS, 1)
    flags = hand.flags & a.flags & b.flags & c.flags & d.flags & PAIR_FLAGS[pair]
    if flags & OUTSIDE:
        tally.add(F.OUTSIDE_HAND, 1)
    elif flags & FIVES:
        tally.add(F.ALL_FIVE, 1)
    elif chow_count == 0 and flags & EVENS:
        tally.add(F.ALL_EVEN_PUNGS, 1)
    return tally


def _pung_fans(hand: Hand, tally: Tally, pungs: int, pair: int) -> None:
    numbers = pungs & _NUMBERS
    if numbers:
        tally.add_all(number_pung_fans(numbers))
    honours = pungs >> 27
    if honours:
        tally.add_all(honour_pung_fans(honours, pair, hand.prevalent, hand.seat))


def _unique_wait(hand: Hand, keys: list[int], melds: int) -> bool:
    """Whether the tiles before the win (``keys`` less the winning tile) waited for that one kind
    only (独听): no other tile would have completed their shape in the basic form or as 七对.  A
    tile completes the basic form when its suit, with it, splits into sets and at most one pair and
    the hand then has one pair (``engine.standard.decompose.completing``)."""
    win = hand.win
    own = SUIT_OF[win]
    standing = keys.copy()
    standing[own] -= UNIT[win]
    codes = [pairs_of(suit, standing[suit]) for suit in range(4)]
    total = codes[0] + codes[1] + codes[2] + codes[3]
    for suit in range(4):
        others = total - codes[suit]
        if others <= 1:
            faces = completing(suit, standing[suit]) >> (NUMBER_SIZE if others == 0 else 0) & 0x1FF
            if suit == own:
                faces &= ~(1 << win - BASE_OF[own])
            if faces:
                return False
    if melds == 0:
        odd = [k for k in range(34) if hand.concealed[k] % 2]
        if len(odd) == 2 and win in odd:
            return False
    return True


def _knitted_straight_readings(hand: Hand, base: Tally, found: list[Tally]) -> None:
    """组合龙 with the basic form's fourth set and pair (row 35): the knitted nine count as three
    chows for 平和; a wait counts when the set and pair beside them waited for the winning tile
    alone."""
    knitted = [i for i, pattern in enumerate(_KNITTED) if hand.held & pattern == pattern]
    if not knitted:
        return
    nine = _KNITTED_KEYS[knitted[0]]
    keys = [hand.keys[0] - nine[0], hand.keys[1] - nine[1], hand.keys[2] - nine[2], hand.keys[3]]
    pairs = 0
    for suit in range(4):
        pairs += pairs_of(suit, keys[suit])
    if pairs != 1:
        return
    win = hand.win
    suit = SUIT_OF[win]
    face = win - BASE_OF[suit]
    waited = keys[suit] >> FACE_BITS * face & 7 > 0
    unique = -1
    for a in splits(0, keys[0]):
        for b in splits(1, keys[1]):
            for c in splits(2, keys[2]):
                for d in splits(3, keys[3]):
                    tally = _with(base, F.KNITTED_STRAIGHT)
                    pair = max(a.pair, b.pair, c.pair, d.pair)
                    _pung_fans(hand, tally, hand.pungs | a.pungs | b.pungs | c.pungs | d.pungs, pair)
                    chows = hand.chow_count + a.chow_count + b.chow_count + c.chow_count + d.chow_count
                    if chows and pair < 27:
                        tally.add(F.ALL_CHOWS, 1)
                    if waited:
                        if unique < 0:
                            unique = _unique_wait(hand, keys, 3 + hand.melds)
                        own = a if suit == 0 else b if suit == 1 else c if suit == 2 else d
                        wait = own.wait(face)
                        if unique and wait:
                            tally.add(_WAIT_FANS[wait], 1)
                    found.append(tally)
