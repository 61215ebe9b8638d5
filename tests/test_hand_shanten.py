"""Shanten numbers for bots: standard form, seven pairs, thirteen orphans (standard rules 和牌的规定 二(一);
§13.11.2; §13.11.8)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.hand import is_complete, waits
from engine.shanten import seven_pairs_shanten, shanten, thirteen_orphans_shanten
from engine.tiles import counts, parse


@pytest.mark.parametrize(
    ("hand", "n_melds", "expected"),
    [
        ("123m456p789s11122z", 0, -1),
        ("1112345678999m", 0, 0),
        ("123m456p789s1122z", 0, 0),
        ("123m456p789s1357z", 0, 2),
        ("19m19p19s123456z5m", 0, 1),
        ("19m19p19s1234567z", 0, 0),
        ("147m258p369s1234z", 0, 6),
        ("12m11z", 3, 0),
        ("123m11z", 3, -1),
        ("1m", 4, 0),
    ],
)
def test_known_shanten(hand: str, n_melds: int, expected: int) -> None:
    assert shanten(parse(hand), n_melds) == expected


def test_four_identical_tiles_are_two_seven_pairs_pairs() -> None:
    """Ruling (lib B-08, §13.11.2): 1111m counts as two pairs, so this hand waits on 7z."""
    hand = counts(parse("1111m2255p3366s7z"))
    assert seven_pairs_shanten(hand) == 0
    assert shanten(parse("1111m2255p3366s7z")) == 0


def test_thirteen_orphans_counts_the_pair_once() -> None:
    assert thirteen_orphans_shanten(counts(parse("119m19p19s123456z"))) == 0
    assert thirteen_orphans_shanten(counts(parse("1199m19p19s12345z"))) == 1


@pytest.mark.parametrize(
    ("tiles", "n_melds", "message"),
    [
        (parse("123m"), 0, "do not fit"),
        (parse("123m456p789s1122z"), 1, "do not fit"),
        ([34, *parse("1m")], 4, "flower"),
        (parse("11111m23456789p"), 0, "5 copies of 1m"),
        (["1m", *parse("123456789m123p")], 0, "flower"),
    ],
)
def test_bad_input_is_an_input_error(tiles: list[int], n_melds: int, message: str) -> None:
    """Four copies of each face, flowers set aside (standard rules 麻将牌): a fifth copy is refused."""
    with pytest.raises(InputError, match=message):
        shanten(tiles, n_melds)


_hands = st.lists(st.integers(0, 33), min_size=13, max_size=14).filter(
    lambda h: max(Counter(h).values()) <= 4
)


@settings(max_examples=150, deadline=None)
@given(_hands)
def test_shanten_agrees_with_the_hand_analysis(hand: list[int]) -> None:
    """-1 exactly for a complete hand; a hand with a wait is waiting (0)."""
    value = shanten(hand)
    if len(hand) == 14:
        assert (value == -1) == is_complete(hand)
    else:
        assert value >= 0
        if waits(hand):
            assert value == 0
