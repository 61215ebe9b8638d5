"""Speed of the hand analysis against peer libraries, on one fixed seeded corpus (``make bench``).

Measures, in one run and on the same hands:

* win check of near-miss hands (a waiting hand plus a tile it does not wait
  on) and of complete hands: ``engine.core.hand.is_complete_counts`` against
  ``mahjong``'s ``Agari``;
* all decompositions: ``engine.core.hand.decompose`` (tile lists, validated) and
  ``engine.core.hand.decompose_counts`` (count vectors, the peer's input) against
  ``mahjong``'s ``HandDivider``;
* shanten: ``engine.core.shanten.shanten_counts`` against ``mahjong``'s
  ``Shanten`` and ``xiangting``.

Tables are warmed on a separate corpus first (the figures are steady-state);
the one-time table build is printed on its own.  Other comparisons (the
scoring one against PyMahjongGB) register a function in :data:`COMPARISONS`
that takes the :class:`Corpus` and returns :class:`Row` values.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.build_info import describe
from engine.core.hand import decompose, decompose_counts, is_complete_counts, waits
from engine.core.shanten import shanten_counts
from engine.core.suit_tables import HONOUR_SIZE, NUMBER_SIZE, complete_keys
from engine.core.tiles import counts

T = TypeVar("T")
SEED = 20261129
_CHOWS = [(b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7)]
_PUNGS = [(k, k, k) for k in range(34)]


@dataclass(frozen=True)
class Corpus:
    """The hands every comparison runs on: tile lists (kinds), all of 14 tiles unless said."""

    complete: list[list[int]]
    near_miss: list[list[int]]
    random13: list[list[int]]
    random14: list[list[int]]


@dataclass(frozen=True)
class Row:
    """One measured comparison: hands per second of ours and of the peer, the issue's target ratio and
    its floor in hands per second (0: none)."""

    name: str
    ours: float
    peer_name: str
    peer: float
    target: float
    floor: float = 0.0

    @property
    def ratio(self) -> float:
        return self.ours / self.peer if self.peer else float("inf")

    @property
    def verdict(self) -> str:
        """Whether the issue's targets are met: a ratio to the peer, or hands per second."""
        missed = [f"below {self.target:g}x"] if self.ratio < self.target else []
        missed += [f"below {self.floor:,.0f}/s"] if self.ours < self.floor else []
        if not (self.target or self.floor):
            return ""
        return "  " + (", ".join(missed) or "ok")


def complete_hand(rng: random.Random) -> list[int]:
    """A random standard-form hand: four sets and a pair, never a fifth copy."""
    while True:
        sets = [rng.choice(_CHOWS) if rng.random() < 0.7 else rng.choice(_PUNGS) for _ in range(4)]
        pair = rng.randrange(34)
        tiles = [t for s in sets for t in s] + [pair, pair]
        if max(Counter(tiles).values()) <= 4:
            return tiles


def near_miss_hand(rng: random.Random) -> list[int]:
    """A waiting hand plus one tile it does not wait on."""
    while True:
        tiles = complete_hand(rng)
        tiles.pop(rng.randrange(14))
        held = Counter(tiles)
        waiting = waits(tiles)
        wrong = [k for k in range(34) if k not in waiting and held[k] < 4]
        if waiting and wrong:
            return [*tiles, rng.choice(wrong)]


def build_corpus(seed: int = SEED, size: int = 20_000) -> Corpus:
    """The fixed corpus: ``size`` hands of each kind from ``random.Random(seed)``."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return Corpus(
        complete=[complete_hand(rng) for _ in range(size)],
        near_miss=[near_miss_hand(rng) for _ in range(size)],
        random13=[rng.sample(wall, 13) for _ in range(size)],
        random14=[rng.sample(wall, 14) for _ in range(size)],
    )


def rate(fn: Callable[[T], object], items: Sequence[T], repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in items per second of process CPU time (steady on a shared machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - start)
    return len(items) / best


def win_checks(corpus: Corpus) -> list[Row]:
    from mahjong.agari import Agari

    rows = []
    for name, hands, complete, target, floor in (
        ("win check, near-miss hands", corpus.near_miss, False, 0.0, 1_000_000.0),
        ("win check, complete hands", corpus.complete, True, 4.0, 0.0),
    ):
        vectors = [counts(h) for h in hands]
        assert all(is_complete_counts(v) is complete for v in vectors), name
        ours = rate(is_complete_counts, vectors)
        rows.append(Row(name, ours, "mahjong Agari", rate(Agari.is_agari, vectors), target, floor))
    return rows


def decompositions(corpus: Corpus) -> list[Row]:
    from mahjong.hand_calculating.divider import HandDivider

    hands = corpus.complete[:5000]
    vectors = [counts(h) for h in hands]
    differ = sum(
        len(decompose(h)) != len(HandDivider.divide_hand(v))
        for h, v in zip(hands, vectors, strict=True)
        if max(v) < 4
    )
    print(f"  decompositions: {differ} of {len(hands)} hands differ in count from HandDivider (no 4 copies)")
    peer = rate(HandDivider.divide_hand, vectors)
    return [
        Row("decompositions, tile lists", rate(decompose, hands), "mahjong HandDivider", peer, 0.0),
        Row("decompositions, counts", rate(decompose_counts, vectors), "mahjong HandDivider", peer, 7.0),
    ]


def shanten_rows(corpus: Corpus) -> list[Row]:
    import xiangting
    from mahjong.shanten import Shanten

    vectors = [counts(h) for h in corpus.random13 + corpus.random14]
    agree = sum(shanten_counts(v) == Shanten.calculate_shanten(v) for v in vectors)
    print(f"  shanten: agrees with mahjong Shanten on {agree} of {len(vectors)} hands")
    four = xiangting.PlayerCount.FOUR
    ours = rate(shanten_counts, vectors)
    peer = rate(Shanten.calculate_shanten, vectors)
    native = rate(lambda v: xiangting.calculate_replacement_number(v, four), vectors)
    return [
        Row("shanten", ours, "mahjong Shanten", peer, 3.0),
        Row("shanten", ours, "xiangting", native, 0.0),
    ]


_GB_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
_GB_SHARED = {"清一色": "full_flush", "混一色": "half_flush", "清龙": "pure_straight"}


def _gb_tile(kind: int) -> str:
    """A kind in PyMahjongGB's notation: W/B/T 1-9 for 万/筒/条, F1-F4 winds, J1 中 J2 发 J3 白."""
    return _GB_HONOURS[kind - 27] if kind >= 27 else "WBT"[kind // 9] + str(kind % 9 + 1)


def scoring_rows(corpus: Corpus) -> list[Row]:
    """Full scoring of a win on a discard (``engine.hextech.scoring.score_win``, §13) against PyMahjongGB's
    fan calculator (the 81-fan table), on the same complete hands, the last tile winning."""
    from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]

    from engine.hextech.scoring import WinInput, score_win

    hands = corpus.complete[:5000]
    wins = [WinInput(concealed=tuple(h), win_tile=h[-1], win_by="ron", hu_order=1) for h in hands]
    gb_args = [(tuple(_gb_tile(k) for k in h[:-1]), _gb_tile(h[-1])) for h in hands]

    def gb(args: tuple[tuple[str, ...], str]) -> tuple[tuple[int, str], ...]:
        fans: tuple[tuple[int, str], ...] = MahjongFanCalculator(
            (), args[0], args[1], 0, False, False, False, False, 0, 0
        )
        return fans

    agree = 0
    for win, args in zip(wins, gb_args, strict=True):
        ours = {item.id for item in score_win(win).items}
        theirs = {name for _, name in gb(args)}
        agree += all((gb_name in theirs) == (our_id in ours) for gb_name, our_id in _GB_SHARED.items())
    print(f"  scoring: 清一色, 混一色, 清龙 agree with PyMahjongGB on {agree} of {len(hands)} hands")
    return [Row("scoring, whole win", rate(score_win, wins), "PyMahjongGB fans", rate(gb, gb_args), 1 / 3)]


COMPARISONS: list[Callable[[Corpus], list[Row]]] = [win_checks, decompositions, shanten_rows, scoring_rows]
"""Every comparison of this benchmark; the scoring comparison (PyMahjongGB) is appended here."""


def main() -> None:
    print(describe())
    start = time.perf_counter()
    complete_keys.__wrapped__(NUMBER_SIZE), complete_keys.__wrapped__(HONOUR_SIZE)
    print(f"table build (once, at import of engine.core.hand): {time.perf_counter() - start:.3f} s")
    start = time.perf_counter()
    warm = build_corpus(SEED + 1, 5_000)
    corpus = build_corpus()
    took = time.perf_counter() - start
    print(f"corpus: {len(corpus.complete)} hands of each kind (seed {SEED}), {took:.1f} s")
    for h in warm.complete:
        decompose(h)
    for h in warm.random13 + warm.random14:
        shanten_counts(counts(h))
    for compare in COMPARISONS:
        for row in compare(corpus):
            print(
                f"{row.name:28} ours {row.ours:12,.0f}/s   {row.peer_name:20} {row.peer:12,.0f}/s   "
                f"{row.ratio:6.2f}x{row.verdict}"
            )


if __name__ == "__main__":
    main()
