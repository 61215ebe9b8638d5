"""The wait of a 组合龙 hand (spec 002 番种 35 with 77 边张, 78 坎张, 79 单钓将; 番数计算规则 4
就高不就低; R405): a winning tile of a face that both the knitted straight and the fourth set or the
pair hold may be read as the set's or the pair's, so its wait counts; a tile only the knitted
straight needs completes no 边张, 坎张 or 单钓将."""

from __future__ import annotations

import pytest

from engine.core.registry import ruleset
from engine.standard.vectors import parse_case


def _fans(case: str) -> tuple[int, dict[str, int]]:
    win, _ = parse_case(case)
    scored = ruleset("standard").score(win, {"limit": "unlimited"})
    return scored.total, {f.name: f.value * f.count for f in scored.fan}


@pytest.mark.parametrize(
    ("case", "wait", "total"),
    [
        (";;258m3369p147777s3p;W,W,0,0,0,0", "单钓将", 18),
        (";;11147m258p23469s3s;N,N,0,0,0,0", "坎张", 17),
        (";;258m12369p147sPP3p;W,W,1,0,1,0", "边张", 25),
    ],
)
def test_a_knitted_face_won_as_the_sets_or_pairs_counts_its_wait(case: str, wait: str, total: int) -> None:
    """3p completes the pair 33p beside 369p (单钓将), 3s the 234s beside 369s (坎张), 3p the 123p
    beside 369p (边张); each the only tile the hand waited for."""
    counted, fans = _fans(case)
    assert fans["组合龙"] == 12 and fans[wait] == 1
    assert counted == total


def test_a_tile_only_the_knitted_straight_needs_counts_no_wait() -> None:
    """Control: 9s fills the 369s of the knitted straight; the 147m 258p 36s EEE PP hand waited for it
    alone, yet it is no 边张, 坎张 or 单钓将."""
    total, fans = _fans(";;147m258p36sEEEPP9s;S,W,0,0,0,0")
    assert not {"边张", "坎张", "单钓将"} & fans.keys()
    assert total == 21
