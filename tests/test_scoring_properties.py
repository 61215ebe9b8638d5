"""Properties of the scorer over random complete hands: caps hold (§13.7, §13.9.5, §13.10.7,
§13.11.10, §13.8) and the result does not depend on the order the tiles are given in."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.melds import Meld, MeldKind
from engine.hextech.score_items import KONGS, PATTERNS, SPECIAL_WINS
from engine.hextech.scoring import ScoreResult, WinInput, score_non_winner, score_win, total

_CHOWS = [(b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7)]
_FLAGS = {"ron": ("robbing_kong", "last_discard"), "tsumo": ("kong_replacement", "last_tile", "earthly")}
_PATTERN_IDS = {spec.id for spec, _ in PATTERNS}
_KONG_IDS = {spec.id for spec in KONGS.values()}
_BASE_IDS = {"hu_order", "contract_normal", "contract_black", "self_draw", "abandon_black"}

# The caps as the rulebook writes them, not as the scorer's table holds them.
ADD_ON_CAP = 5  # §13.7
NON_WINNER_CAP = 2  # §13.8
KONG_CAP = 2  # §13.9.5
SPECIAL_WIN_CAP = 2  # §13.10.7
PATTERN_CAP = 4  # §13.11.10


@st.composite
def wins(draw: st.DrawFn) -> WinInput:
    """A random complete standard hand, some sets declared, a random way of winning and flags."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    held: Counter[int] = Counter()
    sets: list[tuple[str, tuple[int, ...]]] = []
    while len(sets) < 4:
        kind = rng.choice(("chow", "pung", "kong"))
        tiles = rng.choice(_CHOWS) if kind == "chow" else (rng.randrange(34),) * (3 if kind == "pung" else 4)
        if all(held[t] + tiles.count(t) <= 4 for t in set(tiles)):
            held.update(tiles)
            sets.append((kind, tiles))
    pair = rng.choice([k for k in range(34) if held[k] <= 2])
    concealed: list[int] = [pair, pair]
    melds: list[Meld] = []
    for kind, tiles in sets:
        if kind == "kong":
            melds.append(Meld(rng.choice((MeldKind.ANKAN, MeldKind.MINKAN, MeldKind.KAKAN)), tiles))
        elif rng.random() < 0.3:
            melds.append(Meld(MeldKind.CHI if kind == "chow" else MeldKind.PON, tiles))
        else:
            concealed += tiles
    win_by = rng.choice(("ron", "tsumo"))
    flags = frozenset(f for f in _FLAGS[win_by] if rng.random() < 0.3 and not (f == "earthly" and melds))
    return WinInput(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        win_by=win_by,  # type: ignore[arg-type]
        hu_order=rng.randint(1, 3),
        melds=tuple(melds),
        flowers=tuple(sorted(rng.sample(range(34, 42), rng.randint(0, 8)))),
        flags=flags,
        direct_points=rng.randint(0, 2),
    )


def _group_sum(result: ScoreResult, ids: set[str]) -> int:
    return sum(i.points for i in result.items if i.id in ids)


@settings(max_examples=60, deadline=None)
@given(wins())
def test_caps_are_never_exceeded_13_7(win: WinInput) -> None:
    """§13.7 (5), §13.9.5 (kongs 2), §13.10.7 (special wins 2), §13.11.10 (patterns 4)."""
    result = score_win(win)
    assert result.legal
    assert _group_sum(result, _KONG_IDS) <= KONG_CAP
    assert _group_sum(result, set(SPECIAL_WINS)) <= SPECIAL_WIN_CAP
    assert _group_sum(result, _PATTERN_IDS) <= PATTERN_CAP
    add_ons = [i for i in result.items if i.id not in _BASE_IDS]
    assert 0 <= sum(i.points for i in add_ons) <= ADD_ON_CAP
    assert result.total == total(result.items)


@settings(max_examples=40, deadline=None)
@given(wins(), st.randoms(use_true_random=False))
def test_tile_order_does_not_matter(win: WinInput, rng: random.Random) -> None:
    """§13.1, §13.13: the items and total depend on the tiles, not on the order they are given in."""
    shuffled = list(win.concealed)
    rng.shuffle(shuffled)
    melds = list(win.melds)
    rng.shuffle(melds)
    other = score_win(
        WinInput(
            concealed=tuple(shuffled),
            win_tile=win.win_tile,
            win_by=win.win_by,
            hu_order=win.hu_order,
            melds=tuple(melds),
            flowers=tuple(reversed(win.flowers)),
            flags=win.flags,
            direct_points=win.direct_points,
        )
    )
    first = score_win(win)
    assert other.total == first.total
    assert sorted(other.items, key=repr) == sorted(first.items, key=repr)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(list(KONGS)), max_size=4), st.integers(0, 3))
def test_non_winner_keeps_at_most_2_13_8(kongs: list[MeldKind], direct: int) -> None:
    """§13.8: whatever the kongs and direct points, a non-winner keeps at most 2."""
    kept = score_non_winner(kongs, direct)
    assert 0 <= total(kept) <= NON_WINNER_CAP
    assert sum(i.points for i in kept if i.id in _KONG_IDS) <= KONG_CAP
