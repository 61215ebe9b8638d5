"""The tables behind the standard count (docs/standard.md, Speed; spec 002 【番数计算规则】).

The fans of a hand's number sets are kept once for the three suits in any order
(``engine.standard.combos``): right only because no fan of chows or number pungs tells one suit
from another (mixed fans ask for three suits, pure ones for one) and the choice among instances
(不拆移, 不得相同, 套算一次, 就高不就低) comes out the same whichever suit is which — checked here
by working the instances out afresh for each of the six orders.  A suit's splits are kept per shape
of its counts whichever suit it is, so the same shape in two suits reads alike."""

from __future__ import annotations

import random
from itertools import permutations

from engine.core.registry import ruleset
from engine.core.tiles import EAST, SOUTH
from engine.core.win import WinContext
from engine.standard.combos import _best, _chow_instances, _pung_instances, _tally
from engine.standard.vectors import parse_case

SAMPLES = 150
CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]


def _reorder(kinds: list[int], order: tuple[int, ...]) -> list[int]:
    return sorted(order[k // 9] * 9 + k % 9 for k in kinds)


def test_chow_fans_do_not_depend_on_which_suit_is_which() -> None:
    draw = random.Random(14)
    for _ in range(SAMPLES):
        starts = sorted(draw.choice(CHOW_STARTS) for _ in range(draw.randint(2, 4)))
        found = {
            tuple(sorted(_tally(_best(_chow_instances(tuple(_reorder(starts, order)), -1))).items()))
            for order in permutations(range(3))
        }
        assert len(found) == 1, starts


def test_number_pung_fans_do_not_depend_on_which_suit_is_which() -> None:
    draw = random.Random(15)
    for _ in range(SAMPLES):
        kinds = sorted(draw.sample(range(27), draw.randint(2, 4)))
        found = {
            tuple(sorted(_tally(_best(_pung_instances(tuple(_reorder(kinds, order)), -1))).items()))
            for order in permutations(range(3))
        }
        assert len(found) == 1, kinds


def test_one_shape_in_two_suits_counts_the_same_sets() -> None:
    """三色三同顺 (row 41) and 连六 (row 71) from the same 123 in each suit, the first suit's shape
    met again in the others, and the same hand with its suits in another order."""
    expected = {"三色三同顺": 8, "门前清": 2, "平和": 2, "连六": 1, "单钓将": 1}
    for case in (";;123m123p123s456m99s;E,E,0,0,0,0", ";;123p123s123m456p99m;E,E,0,0,0,0"):
        scored = ruleset("standard").score(parse_case(case)[0], {})
        assert {line.name: line.value * line.count for line in scored.fan} == expected, case


def test_a_hand_of_five_copies_is_in_no_legal_form() -> None:
    """The set has four of each kind (【麻将牌】): concealed tiles holding a fifth copy are no hand
    (the command and the vectors refuse them before scoring)."""
    win = WinContext(
        concealed=(0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8),
        melds=(),
        winning_tile=8,
        winner=0,
        discarder=None,
        prevalent_wind=EAST,
        seat_wind=SOUTH,
        dealer=0,
    )
    assert ruleset("standard").score(win, {}).total == 0
