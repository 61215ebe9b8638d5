"""The basic form's readings of a hand: four sets and a pair (spec 002 【和牌的规定】 二 (一) 1).

A reading is the concealed part's sets — chows by their first tile, pungs by their tile — and its
pair; declared melds stay as they were declared.  Each suit is split on its own, once per shape of
its counts, and the suits' splits are joined so that the hand has exactly one pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

Reading = tuple[tuple[int, ...], tuple[int, ...], int]
"""Chows (first tiles, sorted), pungs (tiles, sorted) and the pair's tile."""

_Split = tuple[int, tuple[int, ...], tuple[int, ...]]
"""One suit's split: its pair (-1 for none), chows and pungs, as tile kinds."""

_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_MEMO: dict[tuple[bytes, int], tuple[_Split, ...]] = {}
_NONE: tuple[_Split, ...] = ()
_EMPTY: tuple[_Split, ...] = ((-1, (), ()),)


def readings(counts: Sequence[int]) -> list[Reading]:
    """Every reading of concealed ``counts`` (34 per-kind counts, ``3n + 2`` tiles) as sets and
    one pair."""
    parts: list[tuple[_Split, ...]] = []
    pairs = 0
    for low, high, numbers in _SUITS:
        key = bytes(counts[low:high])
        split = _split(key, low, numbers)
        if not split:
            return []
        parts.append(split)
        pairs += sum(key) % 3 == 2
    if pairs != 1:
        return []
    found: list[Reading] = []
    for choice in product(*parts):
        pair = -1
        chows: list[int] = []
        pungs: list[int] = []
        for suit_pair, suit_chows, suit_pungs in choice:
            if suit_pair >= 0:
                pair = suit_pair
            chows += suit_chows
            pungs += suit_pungs
        found.append((tuple(chows), tuple(pungs), pair))
    return found


def _split(key: bytes, low: int, numbers: bool) -> tuple[_Split, ...]:
    if not any(key):
        return _EMPTY
    memo_key = (key, low)
    known = _MEMO.get(memo_key)
    if known is None:
        if sum(key) % 3 == 1:
            known = _NONE
        else:
            found: list[_Split] = []
            _walk(list(key), 0, numbers, -1, [], [], found)
            known = tuple(
                dict.fromkeys(
                    (p + low if p >= 0 else -1, tuple(c + low for c in cs), tuple(k + low for k in ks))
                    for p, cs, ks in found
                )
            )
        _MEMO[memo_key] = known
    return known


def _walk(
    counts: list[int],
    start: int,
    numbers: bool,
    pair: int,
    chows: list[int],
    pungs: list[int],
    found: list[_Split],
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
