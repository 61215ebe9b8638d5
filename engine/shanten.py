"""Shanten (向听数): how many tile exchanges a hand is from waiting, for bots (standard rules 术语 十四).

``-1`` is a complete hand, ``0`` a waiting hand (听牌).  The value is the
least over the standard form, seven pairs (four identical undeclared tiles are
two pairs, docs/rulings.md) and thirteen orphans; the last two only
without declared melds.  Grants are not considered.

The standard form uses the classic count: with ``m`` sets, ``t`` partial sets
(two tiles of a set; at most ``4 - m`` count) and ``p`` = 1 when a pair serves
as the pair, shanten = ``8 - 2m - t - p``.  Each suit's achievable
``(m, t, p)`` are searched once per suit key and cached; a hand then folds its
four suits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import itemgetter

from engine.errors import InputError
from engine.tiles import NUM_KINDS, ORPHANS, format_one

_Triple = tuple[int, int, int]
_START = tuple(frozenset({(n, 0, 0)}) for n in range(5))
_orphan_counts = itemgetter(*ORPHANS)
_SUIT_STARTS = (0, 9, 18, 27)
_SUIT_OF = tuple(min(k // 9, 3) for k in range(NUM_KINDS))
_ORPHAN_SET = frozenset(ORPHANS)
_PAIRS = (0, 0, 1, 1, 2)
"""Pairs that ``n`` copies of a face make towards seven pairs."""


def shanten(concealed: Iterable[int], n_melds: int = 0) -> int:
    """The shanten of concealed tiles (``13 - 3 * n_melds`` or one more) beside ``n_melds`` melds.

    Raises :class:`engine.errors.InputError` for a flower, a fifth copy of a face, more than four
    melds or a tile count that does not fit them.
    """
    counts = [0] * NUM_KINDS
    for t in concealed:
        if not (isinstance(t, int) and 0 <= t < NUM_KINDS):
            raise InputError(f"shanten: tile {t!r} is not a suit or honour tile (a flower is set aside)")
        counts[t] += 1
    if not 0 <= n_melds <= 4 or sum(counts) not in (13 - 3 * n_melds, 14 - 3 * n_melds):
        raise InputError(f"shanten: {sum(counts)} concealed tiles do not fit {n_melds} melds")
    if max(counts) > 4:
        over = counts.index(max(counts))
        raise InputError(f"shanten: {counts[over]} copies of {format_one(over)}; the set has 4")
    return shanten_counts(counts, n_melds)


def shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """:func:`shanten` on a count vector of 34 kinds; trusted input, the fast path for bots."""
    key = bytes(counts)
    best = _standard(key, n_melds)
    if n_melds == 0:
        best = min(best, _seven_pairs(key), _thirteen_orphans(key))
    return best


def shanten_after_discards(counts: Sequence[int], n_melds: int, faces: Iterable[int]) -> list[int]:
    """:func:`shanten_counts` of ``counts`` less one tile of each face in ``faces``, in order (a bot
    weighing its discards).  The three suits a discard leaves alone are folded once per suit; seven
    pairs and thirteen orphans are counted once and adjusted for the one face."""
    key = bytes(counts)
    suits = [key[lo : lo + 9] for lo in _SUIT_STARTS]
    others: dict[int, frozenset[_Triple]] = {}
    if n_melds == 0:
        pairs = key.count(2) + key.count(3) + 2 * key.count(4)
        held: tuple[int, ...] = _orphan_counts(key)
        missing = held.count(0)
        doubled = len(held) - missing - held.count(1)
    found = []
    for k in faces:
        suit = _SUIT_OF[k]
        rest = others.get(suit)
        if rest is None:
            rest = _START[n_melds]
            for j, part in enumerate(suits):
                if j != suit:
                    rest = _fold(rest, _options(part, j < 3))
            others[suit] = rest
        best = _standard_value(rest, _options_less(suits[suit], k - _SUIT_STARTS[suit], suit < 3))
        if n_melds == 0:
            n = key[k]
            seven = 6 - min(7, pairs - _PAIRS[n] + _PAIRS[n - 1])
            orphan = k in _ORPHAN_SET
            lost = missing + (orphan and n == 1) - (doubled - (orphan and n == 2) > 0)
            best = min(best, seven, lost)
        found.append(best)
    return found


@lru_cache(maxsize=1 << 16)
def _options_less(key: bytes, i: int, chows: bool) -> frozenset[_Triple]:
    """:func:`_options` of one suit's tiles less one tile ``i``."""
    less = bytearray(key)
    less[i] -= 1
    return _options(bytes(less), chows)


@cache
def _standard_value(acc: frozenset[_Triple], part: frozenset[_Triple]) -> int:
    """The standard-form shanten of readings ``acc`` folded with the last suit's ``part``."""
    return _value(_fold(acc, part))


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten towards seven pairs; four of a face are two pairs."""
    return _seven_pairs(bytes(counts))


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten towards thirteen orphans: one of each terminal and honour, one of them twice."""
    return _thirteen_orphans(bytes(counts))


def _standard(key: bytes, n_melds: int) -> int:
    acc: frozenset[_Triple] = _START[n_melds]
    for part in (_options(key[0:9], True), _options(key[9:18], True), _options(key[18:27], True)):
        acc = _fold(acc, part)
    return _value(_fold(acc, _options(key[27:34], False)))


@cache
def _value(acc: frozenset[_Triple]) -> int:
    """The standard-form shanten of a hand's folded readings."""
    return 8 - max(2 * m + min(t, 4 - m) + p for m, t, p in acc)


def _seven_pairs(key: bytes) -> int:
    return 6 - min(7, key.count(2) + key.count(3) + 2 * key.count(4))


def _thirteen_orphans(key: bytes) -> int:
    held: tuple[int, ...] = _orphan_counts(key)
    return held.count(0) - (max(held) >= 2)


@cache
def _fold(acc: frozenset[_Triple], part: frozenset[_Triple]) -> frozenset[_Triple]:
    return _pareto((m + m2, t + t2, p + p2) for m, t, p in acc for m2, t2, p2 in part if p + p2 <= 1)


@lru_cache(maxsize=1 << 16)
def _options(key: bytes, chows: bool) -> frozenset[_Triple]:
    """The best (sets, partial sets, pair) readings of one suit's tiles."""
    i = next((j for j, n in enumerate(key) if n), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})
    counts = list(key)
    found: list[_Triple] = []
    for removed, gain in _moves(counts, i, chows):
        for n in removed:
            counts[n] -= 1
        found.extend((m + gain[0], t + gain[1], p + gain[2]) for m, t, p in _options(bytes(counts), chows))
        for n in removed:
            counts[n] += 1
    return _pareto(found)


def _moves(counts: list[int], i: int, chows: bool) -> list[tuple[tuple[int, ...], _Triple]]:
    """What the first tile ``i`` can be part of: a set, a partial set, the pair, or nothing."""
    moves: list[tuple[tuple[int, ...], _Triple]] = [((i,), (0, 0, 0))]
    if counts[i] >= 3:
        moves.append(((i, i, i), (1, 0, 0)))
    if counts[i] >= 2:
        moves += [((i, i), (0, 1, 0)), ((i, i), (0, 0, 1))]
    if chows:
        size = len(counts)
        if i + 2 < size and counts[i + 1] and counts[i + 2]:
            moves.append(((i, i + 1, i + 2), (1, 0, 0)))
        if i + 1 < size and counts[i + 1]:
            moves.append(((i, i + 1), (0, 1, 0)))
        if i + 2 < size and counts[i + 2]:
            moves.append(((i, i + 2), (0, 1, 0)))
    return moves


def _pareto(triples: Iterable[_Triple]) -> frozenset[_Triple]:
    """Drop every reading that another matches or beats in all three counts."""
    unique = set(triples)
    return frozenset(
        a
        for a in unique
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in unique)
    )
