"""Per-suit tables behind the fast standard-form analysis (standard rules 和牌的规定 二).

A suit's tiles are read as a *key*: the bytes of its count vector (9 counts
for a number suit, 7 for the honours).  A hand is complete in the standard
form exactly when every suit's key splits into sets plus at most one pair and
the whole hand has exactly one pair, so the hot test is four dictionary
look-ups.  The tables are built once, on first use (``engine.core.hand`` does so at
import, in about 15 ms).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from engine.core.groups import Group, SetKind

NUMBER_SIZE = 9
HONOUR_SIZE = 7


def _vector(size: int, tiles: tuple[int, ...]) -> list[int]:
    vec = [0] * size
    for t in tiles:
        vec[t] += 1
    return vec


@cache
def complete_keys(size: int) -> dict[bytes, int]:
    """Every key of a suit of ``size`` faces that splits into sets and at most one pair, mapped to
    its number of pairs (0 or 1).  Chows exist only in the 9-face number suits."""
    chows = [(i, i + 1, i + 2) for i in range(size - 2)] if size == NUMBER_SIZE else []
    sets = chows + [(i, i, i) for i in range(size)]
    table: dict[bytes, int] = {}
    for n_sets in range(5):
        for combo in combinations_with_replacement(sets, n_sets):
            tiles = tuple(t for s in combo for t in s)
            base = _vector(size, tiles)
            if max(base, default=0) > 4:
                continue
            table[bytes(base)] = 0
            for p in range(size):
                if base[p] <= 2:
                    base[p] += 2
                    table[bytes(base)] = 1
                    base[p] -= 2
    return table


def suit_parts(key: bytes, base: int) -> tuple[tuple[Group, ...], ...]:
    """Every split of one suit's tiles (``key``; kinds start at ``base``) into sets and at most one
    pair, each split in canonical group order; empty when there is none.  Not memoised here:
    ``engine.core.hand`` keeps the splits of the keys it meets."""
    chows = len(key) == NUMBER_SIZE
    return tuple(tuple(_group(kind, base + i) for kind, i in split) for split in _splits(list(key), 0, chows))


def _group(kind: SetKind, first: int) -> Group:
    tiles = (
        (first, first + 1, first + 2)
        if kind is SetKind.CHOW
        else (first,) * (2 if kind is SetKind.PAIR else 3)
    )
    return Group(kind, tiles, tiles)


def _splits(
    counts: list[int], i: int, chows: bool, pair_free: bool = True
) -> list[list[tuple[SetKind, int]]]:
    """At the first face with tiles, decide at once how many pungs, pairs and chows start there, so
    each split is produced exactly once."""
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return [[]]
    found: list[list[tuple[SetKind, int]]] = []
    n = counts[i]
    for pungs in (0, 1):
        for pairs in (0, 1) if pair_free else (0,):
            runs = n - 3 * pungs - 2 * pairs
            if runs < 0 or (runs and not (chows and i + 2 < len(counts))):
                continue
            if runs and (counts[i + 1] < runs or counts[i + 2] < runs):
                continue
            head = [(SetKind.PUNG, i)] * pungs + [(SetKind.PAIR, i)] * pairs + [(SetKind.CHOW, i)] * runs
            counts[i] = 0
            if runs:
                counts[i + 1] -= runs
                counts[i + 2] -= runs
            found.extend(head + rest for rest in _splits(counts, i + 1, chows, pair_free and not pairs))
            counts[i] = n
            if runs:
                counts[i + 1] += runs
                counts[i + 2] += runs
    return found
