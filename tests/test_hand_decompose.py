"""Decompositions of complete hands: standard form, seven pairs, thirteen orphans
(standard rules 和牌的规定 二(一); §13.11.2 七对, §13.11.8 十三幺; lib B-08)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import InputError
from engine.core.groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from engine.core.hand import SetKind, decompose, decompose_counts, is_complete, is_complete_counts
from engine.core.melds import Meld
from engine.core.tiles import counts, format_tiles, parse

_CHOWS = [(b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7)]
_PUNGS = [(k, k, k) for k in range(34)]


def _shown(hand: str) -> set[tuple[str, ...]]:
    return {
        tuple(f"{g.kind.value}:{format_tiles(g.tiles)}" for g in d.groups) for d in decompose(parse(hand))
    }


def test_all_standard_readings_of_a_pure_hand() -> None:
    """Standard rules 和牌的规定 二(一): 11122233344455m reads four ways: four pungs, or one pung and
    three runs in three places."""
    assert _shown("11122233344455m") == {
        ("pung:111m", "pung:222m", "pung:333m", "pung:444m", "pair:55m"),
        ("pung:111m", "pair:22m", "chow:234m", "chow:345m", "chow:345m"),
        ("pung:111m", "chow:234m", "chow:234m", "chow:234m", "pair:55m"),
        ("chow:123m", "chow:123m", "chow:123m", "pung:444m", "pair:55m"),
    }


def test_declared_melds_are_groups_of_the_decomposition() -> None:
    """§13.9.1, §13.11.3: a declared pon and ankan stand as a pung and a kong of the reading."""
    melds = [Meld.parse("pon 555p"), Meld.parse("ankan 9999s")]
    (reading,) = decompose(parse("123m456m77z"), melds)
    assert reading.form == STANDARD
    declared = [g for g in reading.groups if g.meld is not None]
    assert [(g.kind, g.meld) for g in declared] == [
        (SetKind.PUNG, melds[0].kind),
        (SetKind.KONG, melds[1].kind),
    ]
    assert reading.pair is not None and reading.pair.tiles == tuple(parse("77z"))


def test_seven_pairs_13_11_2() -> None:
    """§13.11.2: seven pairs, not the four-sets structure; 11223344556677z is nothing else."""
    (reading,) = decompose(parse("11223344556677z"))
    assert reading.form == SEVEN_PAIRS
    assert [g.kind for g in reading.groups] == [SetKind.PAIR] * 7
    assert reading.pair is None


def test_four_identical_undeclared_tiles_are_two_pairs_b08() -> None:
    """Ruling (lib B-08, §13.11.2): four identical undeclared tiles count as two pairs of seven pairs."""
    forms = {d.form: d for d in decompose(parse("1111m2255p3366s77z"))}
    assert set(forms) == {SEVEN_PAIRS}
    assert [format_tiles(g.tiles) for g in forms[SEVEN_PAIRS].groups][:2] == ["11m", "11m"]
    assert is_complete(parse("1111m2255p3366s77z"))


def test_declared_kong_is_never_two_pairs_b08() -> None:
    """lib B-08: 已经宣布为杠牌的牌不能作为两组对子计算 — no seven pairs beside a declared kong."""
    kong = [Meld.parse("ankan 1111m")]
    assert not is_complete(parse("2255p33s6677z9m"), kong)
    readings = decompose(parse("555p345s345s77z"), kong)
    assert readings and all(d.form == STANDARD for d in readings)


def test_thirteen_orphans_13_11_8() -> None:
    (reading,) = decompose(parse("19m19p19s12345677z"))
    assert reading.form == THIRTEEN_ORPHANS
    assert reading.pair is not None and reading.pair.tiles == tuple(parse("77z"))
    assert not is_complete(parse("119m19p19s1234566z"))


def test_seven_pairs_and_standard_both_listed_13_11_2() -> None:
    """§13.11.2 beside the standard form: 11223344556677m is seven pairs and also four runs and a pair,
    with the pair on 1m (234 234 567 567), 4m (123 123 567 567) or 7m (123 123 456 456)."""
    readings = decompose(parse("11223344556677m"))
    assert Counter(d.form for d in readings) == {SEVEN_PAIRS: 1, STANDARD: 3}
    pairs = sorted(format_tiles(d.pair.tiles) for d in readings if d.form == STANDARD and d.pair is not None)
    assert pairs == ["11m", "44m", "77m"]


def test_knitted_hand_is_not_a_hextech_form() -> None:
    """Ruling: 全不靠 (standard rules 和牌的规定 二(一)2(3)) is no form of §13.11:
    147m258p369s12345z is not complete."""
    assert not is_complete(parse("147m258p369s12345z"))


@pytest.mark.parametrize(
    ("tiles", "melds", "message"),
    [
        (parse("123m"), [], "needs 14"),
        (parse("11m"), [Meld.parse(f"pon {m}") for m in ("111m", "222p", "333p", "444p")], "5 copies of 1m"),
        (parse("123m456m789m11z2z") + parse("1f"), [], "flowers"),
        (parse("2m"), [Meld.parse("pon 111m")] * 5, "at most 4"),
    ],
)
def test_bad_hand_is_a_one_line_input_error(tiles: list[int], melds: list[Meld], message: str) -> None:
    """Standard rules 麻将牌: four copies of a face, flowers set aside, 14 tiles counting 3 per meld."""
    with pytest.raises(InputError, match=message) as err:
        decompose(tiles, melds)
    assert "\n" not in str(err.value)


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """A random standard-form hand: four sets and a pair, never a fifth copy."""
    while True:
        sets = draw(st.lists(st.sampled_from(_CHOWS + _PUNGS), min_size=4, max_size=4))
        pair = draw(st.integers(0, 33))
        tiles = [t for s in sets for t in s] + [pair, pair]
        if max(Counter(tiles).values()) <= 4:
            return tiles


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(complete_hands(), st.randoms(use_true_random=False))
def test_readings_reassemble_the_hand_in_any_order(hand: list[int], rnd: random.Random) -> None:
    """Standard rules 和牌的规定: every reading uses exactly the hand's tiles, one pair (seven for
    §13.11.2); shuffling the input changes nothing."""
    readings = decompose(hand)
    assert readings and is_complete(hand)
    for d in readings:
        assert Counter(t for g in d.groups for t in g.tiles) == Counter(hand)
        assert sum(g.kind is SetKind.PAIR for g in d.groups) == (7 if d.form == SEVEN_PAIRS else 1)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert decompose(shuffled) == readings


_any_14 = st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(
    lambda h: max(Counter(h).values()) <= 4
)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(st.one_of(complete_hands(), _any_14))
def test_fast_win_check_agrees_with_decompositions(hand: list[int]) -> None:
    """Standard rules 和牌的规定: the fast check and the full decomposition agree, on complete hands
    (four sets and a pair, drawn half the time; random tiles are almost never complete) and others."""
    assert is_complete_counts(counts(hand)) == bool(decompose(hand)) == is_complete(hand)


def test_fast_win_check_knows_complete_and_incomplete_hands_13_11() -> None:
    """One complete hand of each form (§13.11.2 七对, §13.11.8 十三幺, four sets and a pair) and one
    tile away from each: the fast check says yes, then no."""
    for complete, broken in (
        ("123m456p789s11122z", "123m456p789s11123z"),
        ("1122m3344p5566s77z", "1122m3344p5566s67z"),
        ("19m19p19s12345677z", "129m19p19s1234567z"),
    ):
        assert is_complete_counts(counts(parse(complete)))
        assert not is_complete_counts(counts(parse(broken)))


def test_count_vector_fast_paths_match_the_tile_list_api() -> None:
    """Standard rules 和牌的规定: the trusted count-vector paths give the same answers as the validated
    tile-list API (four pungs of 11122233344455m; 123m456m11z beside a pon and a chi)."""
    hand = parse("11122233344455m")
    assert decompose_counts(counts(hand)) == decompose(hand)
    pons = [Meld.parse("pon 555p"), Meld.parse("chi 789s")]
    assert is_complete_counts(counts(parse("123m11z456m")), len(pons)) == is_complete(
        parse("123m11z456m"), pons
    )
