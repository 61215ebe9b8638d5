"""The basic form's readings of a hand, one suit at a time (spec 002 【和牌的规定】 二 (一) 1: four
sets and a pair).

A suit's concealed tiles are read as a *key*: an int holding each face's count in three bits
(nine faces for a number suit, seven for the honours).  A hand is in the basic form exactly when
every suit's key splits into sets and at most one pair and the hand has exactly one pair, so the
test is a table look-up per suit (:data:`SHAPES`, built at import from
``engine.core.suit_tables``).  Each complete key's splits are worked out on first use and kept,
as :class:`Split` summaries in the suit's own faces, which the counting reads without building
sets: the chows as a multiset number, the pungs as a bit mask of faces, the flags of 全带幺, 全带五
and 全双刻, and, per face, the wait a win on that face makes and whether it turns a concealed pung
into a claimed one.  A number suit's key is the same shape in any of the three suits.  The tables
hold at most one entry per complete key (about 22,000 number-suit keys, 500 honour keys) and, for
the single wait (:func:`completing`), one per standing key met.
"""

from __future__ import annotations

from typing import Final

from engine.core.suit_tables import HONOUR_SIZE, NUMBER_SIZE, complete_keys

FACE_BITS: Final = 3
FACE_MASK: Final = 7
HONOUR_SUIT: Final = 3
SUIT_OF: Final = tuple(min(k // 9, HONOUR_SUIT) for k in range(34))
"""Each kind's suit: 0–2 the number suits, 3 the honours."""
BASE_OF: Final[tuple[int, ...]] = (0, 9, 18, 27)
UNIT: Final = tuple(1 << FACE_BITS * (k - BASE_OF[SUIT_OF[k]]) for k in range(34))
"""What one tile of a kind adds to its suit's key."""
CHOW_UNIT: Final = tuple(5 ** (7 * (k // 9) + k % 9) if k < 27 and k % 9 <= 6 else 0 for k in range(34))
"""What a chow starting at a kind adds to a hand's chow number: one base-5 digit per chow start
(21 of them), so that the sum of a hand's chows names their multiset."""

OUTSIDE: Final = 1
"""全带幺 (row 55): every chow 123 or 789 and every pung of terminals or honours."""
FIVES: Final = 2
"""全带五 (row 31): every chow through a 5 and every pung of 5s."""
EVENS: Final = 4
"""全双刻 (row 21): every pung of 2, 4, 6 or 8 (the hand has no chow)."""
ALL_FLAGS: Final = OUTSIDE | FIVES | EVENS

EDGE: Final = 1
CLOSED: Final = 2
SINGLE: Final = 3
"""A win's wait as the sets around the winning tile make it (rows 77–79), two bits per face."""


def _chow_flags(rank: int) -> int:
    return (OUTSIDE if rank in (0, 6) else 0) | (FIVES if 2 <= rank <= 4 else 0)


def _pung_flags(k: int) -> int:
    if k >= 27:
        return OUTSIDE
    rank = k % 9
    return (OUTSIDE if rank in (0, 8) else 0) | (FIVES if rank == 4 else 0) | (EVENS if rank % 2 else 0)


CHOW_FLAGS: Final = tuple(_chow_flags(k % 9) if k < 27 else 0 for k in range(34))
PUNG_FLAGS: Final = tuple(_pung_flags(k) for k in range(34))
PAIR_FLAGS: Final = tuple(
    (OUTSIDE if k >= 27 or k % 9 in (0, 8) else 0)
    | (FIVES if k < 27 and k % 9 == 4 else 0)
    | (EVENS if k < 27 and k % 9 % 2 else 0)
    for k in range(34)
)
"""What the pair allows of 全带幺, 全带五 and 全双刻."""


def key_of(counts: list[int], suit: int) -> int:
    """The key of one suit of 34 per-kind ``counts``."""
    base = BASE_OF[suit]
    key = 0
    for face in range(HONOUR_SIZE if suit == HONOUR_SUIT else NUMBER_SIZE):
        key |= counts[base + face] << FACE_BITS * face
    return key


class Shape:
    """A key that splits into sets and at most one pair: its number of pairs, and its splits,
    worked out on first use (:func:`splits`)."""

    def __init__(self, pairs: int) -> None:
        self.pairs = pairs
        self.splits: tuple[Split, ...] | None = None


def _shapes(size: int) -> dict[int, Shape]:
    table: dict[int, Shape] = {}
    for key, pairs in complete_keys(size).items():
        code = 0
        for face, n in enumerate(key):
            code |= n << FACE_BITS * face
        table[code] = Shape(pairs)
    return table


SHAPES: Final[tuple[dict[int, Shape], ...]] = (_shapes(NUMBER_SIZE), _shapes(HONOUR_SIZE))
"""Per kind of suit (number, honour): every key that splits into sets and at most one pair."""
NONE_HELD: Final = SHAPES[0][0]
"""The shape of a suit of which no tile is held."""
INCOMPLETE: Final = 9
"""What a key that does not split counts as pairs: more than a hand can have."""


def shape_of(suit: int, key: int) -> Shape | None:
    """The shape of a suit's key, ``None`` when it does not split."""
    if not key:
        return NONE_HELD
    return SHAPES[suit == HONOUR_SUIT].get(key)


def pairs_of(suit: int, key: int) -> int:
    """The pairs of a key that splits (0 or 1), :data:`INCOMPLETE` when it does not."""
    shape = SHAPES[suit == HONOUR_SUIT].get(key)
    return INCOMPLETE if shape is None else shape.pairs


class Split:
    """One split of a suit's tiles into sets and at most one pair, as the counting reads it, in
    the suit's own faces (a number suit's as the first suit's, the honours' from 东): the pair's
    face (-1 for none), the chows as a chow number (:data:`CHOW_UNIT`), the pungs as a bit mask of
    faces, the flags, and per face the wait of a win there and whether it claims a pung."""

    def __init__(self, honours: bool, pair: int, chows: tuple[int, ...], pungs: tuple[int, ...]) -> None:
        base = BASE_OF[HONOUR_SUIT] if honours else 0
        self.pair = pair
        self.chows = 0
        self.chow_count = len(chows)
        self.pungs = 0
        self.pung_count = len(pungs)
        self.flags = ALL_FLAGS
        self.claimed = 0
        self.waits = 0
        covered = 0
        for start in chows:
            self.chows += CHOW_UNIT[start]
            self.flags &= CHOW_FLAGS[start] | EVENS
            covered |= 0b111 << start
        for face in pungs:
            self.pungs |= 1 << face
            self.flags &= PUNG_FLAGS[base + face]
            if not covered >> face & 1:
                self.claimed |= 1 << face
        for face in range(HONOUR_SIZE if honours else NUMBER_SIZE):
            self.waits |= _wait(face, chows, pair) << 2 * face

    def wait(self, face: int) -> int:
        """The wait of a win on ``face`` of this suit (0, :data:`EDGE`, :data:`CLOSED`,
        :data:`SINGLE`)."""
        return self.waits >> 2 * face & 3


def _wait(face: int, chows: tuple[int, ...], pair: int) -> int:
    """边张 the 3 of 123 or the 7 of 789, 坎张 the middle of a chow, 单钓将 the pair's tile; 边张
    before 坎张 before 单钓将 where the sets allow more than one."""
    edge = closed = False
    for start in chows:
        if face == start + 1:
            closed = True
        elif (start == 0 and face == 2) or (start == 6 and face == 6):
            edge = True
    if edge:
        return EDGE
    if closed:
        return CLOSED
    return SINGLE if pair == face else 0


EMPTY: Final[tuple[Split, ...]] = (Split(False, -1, (), ()),)


def splits(suit: int, key: int, shape: Shape) -> tuple[Split, ...]:
    """Every split of a suit's key (of the given shape) into sets and at most one pair, in the order
    of the walk from the lowest face (a pung, then a pair, then a chow there).  A key is walked once,
    whichever number suit it is met in."""
    known = shape.splits
    if known is None:
        known = EMPTY
        if key:
            found: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
            _walk(_counts(suit, key), 0, suit < HONOUR_SUIT, -1, [], [], found)
            known = tuple(Split(suit == HONOUR_SUIT, *parts) for parts in dict.fromkeys(found))
        shape.splits = known
    return known


def _counts(suit: int, key: int) -> list[int]:
    faces = NUMBER_SIZE if suit < HONOUR_SUIT else HONOUR_SIZE
    return [key >> FACE_BITS * face & FACE_MASK for face in range(faces)]


def _walk(
    counts: list[int],
    start: int,
    numbers: bool,
    pair: int,
    chows: list[int],
    pungs: list[int],
    found: list[tuple[int, tuple[int, ...], tuple[int, ...]]],
) -> None:
    i = start
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        found.append((pair, tuple(chows), tuple(pungs)))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        pungs.append(i)
        _walk(counts, i, numbers, pair, chows, pungs, found)
        pungs.pop()
        counts[i] += 3
    if pair < 0 and counts[i] >= 2:
        counts[i] -= 2
        _walk(counts, i, numbers, i, chows, pungs, found)
        counts[i] += 2
    if numbers and i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        chows.append(i)
        _walk(counts, i, numbers, pair, chows, pungs, found)
        chows.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


_COMPLETING: Final[tuple[dict[int, int], ...]] = ({}, {})
ALONE: Final = 18
"""The shift of a key's own pairs (:func:`pairs_of`) in what :func:`completing` answers."""


def completing(suit: int, key: int) -> int:
    """What a tile added to ``key`` makes: bit ``face`` when the key with a tile of that face splits
    without a pair, bit ``9 + face`` when with one — a fifth copy counts (a wait is the hand's
    shape, 术语 十四, not what is left of the wall) — and, from bit :data:`ALONE` on, the key's
    own pairs.  Kept per key and kind of suit."""
    table = _COMPLETING[suit == HONOUR_SUIT]
    known = table.get(key)
    if known is None:
        known = pairs_of(suit, key) << ALONE
        counts = _counts(suit, key)
        for face, held in enumerate(counts):
            if held == 4:
                counts[face] += 1
                found: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
                _walk(counts, 0, suit < HONOUR_SUIT, -1, [], [], found)
                counts[face] -= 1
                pairs = INCOMPLETE if not found else 1 if found[0][0] >= 0 else 0
            else:
                pairs = pairs_of(suit, key + (1 << FACE_BITS * face))
            if pairs == 0:
                known |= 1 << face
            elif pairs == 1:
                known |= 1 << NUMBER_SIZE + face
        table[key] = known
    return known
