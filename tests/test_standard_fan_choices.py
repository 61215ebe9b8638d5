"""Two readings of the standard fan table the cross-check against PyMahjongGB brought out
(``benchmarks/standard_fan.py``): a face all four of which the winner holds is no wait (spec 002
术语 十四, 番种 77–79; R151), and of choices worth the same the count itemises the first it finds
(番数计算规则 4 就高不就低; R152)."""

from __future__ import annotations

from engine.core.registry import ruleset
from engine.standard.vectors import parse_case


def _fans(case: str) -> tuple[int, dict[str, int]]:
    win, _ = parse_case(case)
    scored = ruleset("standard").score(win, {"limit": "unlimited"})
    return scored.total, {f.name: f.value * f.count for f in scored.fan}


def test_a_face_all_four_of_which_the_winner_holds_is_no_wait() -> None:
    """R151: 5678m 999s with 888m declared waits on 5m only — the 8m that would also complete it is
    the fourth of the winner's own — so 5m completing the pair counts 单钓将."""
    total, fans = _fans(";888m1,1111s0;5678m999s5m;E,S,1,0,1,0")
    assert fans["单钓将"] == 1
    assert total == 19


def test_a_second_live_wait_leaves_out_the_single_wait() -> None:
    """Control (R151): with 777m declared instead, 8m still exists; the hand waited on 5m and 8m, so
    5m completing the pair is no 单钓将 (番种 79 is a win on the one tile waited for)."""
    total, fans = _fans(";777m1,1111s0;5678m999s5m;E,S,1,0,1,0")
    assert "单钓将" not in fans
    assert total == 18


def test_of_two_one_fan_combinations_worth_the_same_the_first_found_counts() -> None:
    """R152: 789m 789p 789s make 三色三同顺; the second 789s combines once more (套算一次), as 一般高
    with 789s or 喜相逢 with 789m: both 1 fan, and the count itemises 喜相逢; the total is 14 either
    way."""
    total, fans = _fans("7f;789p0,789m0,789s0;5m789s5m;N,N,1,0,0,0")
    assert fans["三色三同顺"] == 8 and fans["喜相逢"] == 1 and "一般高" not in fans
    assert total == 14


def test_of_two_readings_worth_the_same_the_first_found_counts() -> None:
    """R152: 555666777p reads as three pungs (一色三节高, 三暗刻) or three 567p chows (一色三同顺, 全带五,
    平和); with 456m 55m both readings make 48, and the count itemises the pungs."""
    total, fans = _fans(";;4556m555666777p5m;S,N,1,0,0,0")
    assert fans["一色三节高"] == 24 and "一色三同顺" not in fans
    assert total == 48
