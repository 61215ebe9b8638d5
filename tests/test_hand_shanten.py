"""Shanten numbers for bots: standard form, seven pairs, thirteen orphans (standard rules 和牌的规定 二(一);
§13.11.2; §13.11.8)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import InputError
from engine.core.hand import is_complete, waits
from engine.core.shanten import (
    DiscardShanten,
    DrawShanten,
    seven_pairs_shanten,
    shanten,
    shanten_after_discards,
    shanten_counts,
    thirteen_orphans_shanten,
)
from engine.core.tiles import counts, parse


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
    """Standard rules 和牌的规定 二(一), §13.11.2 七对, §13.11.8 十三幺: tiles from a complete hand."""
    assert shanten(parse(hand), n_melds) == expected


def test_four_identical_tiles_are_two_seven_pairs_pairs() -> None:
    """Ruling (lib B-08, §13.11.2): 1111m counts as two pairs, so this hand waits on 7z."""
    hand = counts(parse("1111m2255p3366s7z"))
    assert seven_pairs_shanten(hand) == 0
    assert shanten(parse("1111m2255p3366s7z")) == 0


def test_thirteen_orphans_counts_the_pair_once_13_11_8() -> None:
    """§13.11.8: thirteen faces and one pair; a second pair of orphans is one tile too many."""
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
_CHOWS = [(b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7)]


@st.composite
def _complete(draw: st.DrawFn) -> list[int]:
    """Four sets and a pair, never a fifth copy."""
    while True:
        sets = draw(
            st.lists(st.sampled_from(_CHOWS + [(k, k, k) for k in range(34)]), min_size=4, max_size=4)
        )
        pair = draw(st.integers(0, 33))
        hand = [t for s in sets for t in s] + [pair, pair]
        if max(Counter(hand).values()) <= 4:
            return hand


@settings(max_examples=150, deadline=None)
@given(_hands)
def test_shanten_agrees_with_the_hand_analysis(hand: list[int]) -> None:
    """Standard rules 和牌的规定: -1 exactly for a complete hand; a hand with a wait is waiting (0)."""
    value = shanten(hand)
    if len(hand) == 14:
        assert (value == -1) == is_complete(hand)
    else:
        assert value >= 0
        if waits(hand):
            assert value == 0


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(_complete(), st.integers(0, 13))
def test_complete_hands_are_minus_one_and_one_tile_short_is_waiting(hand: list[int], gap: int) -> None:
    """Standard rules 和牌的规定 (random tiles above are almost never complete): four sets and a pair is
    -1; take any tile out and the hand waits on that face (0)."""
    assert shanten(hand) == -1
    taken = hand.pop(gap)
    assert shanten(hand) == 0
    assert taken in waits(hand)


@st.composite
def _hand_before_discard(draw: st.DrawFn) -> tuple[list[int], int]:
    """A concealed hand of ``14 - 3 * n_melds`` tiles (no fifth copy) and its melds' number."""
    n_melds = draw(st.integers(0, 4))
    pool = [k for k in range(34) for _ in range(4)]
    tiles = draw(
        st.lists(
            st.sampled_from(range(len(pool))),
            min_size=14 - 3 * n_melds,
            max_size=14 - 3 * n_melds,
            unique=True,
        )
    )
    return counts(pool[i] for i in tiles), n_melds


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hand_before_discard())
def test_shanten_after_each_discard_equals_shanten_of_the_hand_left(case: tuple[list[int], int]) -> None:
    """A bot weighing its discards gets, for every face it holds, the shanten of the hand without one
    tile of it: standard form, seven pairs and thirteen orphans alike (§13.11.2, §13.11.8)."""
    vector, n_melds = case
    faces = [k for k in range(34) if vector[k]]
    expected = []
    for k in faces:
        vector[k] -= 1
        expected.append(shanten_counts(vector, n_melds))
        vector[k] += 1
    assert shanten_after_discards(vector, n_melds, faces) == expected
    assert shanten_after_discards(vector, n_melds, faces[::-1]) == expected[::-1]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hand_before_discard(), st.integers(0, 33))
def test_a_reading_after_a_draw_and_a_swap_equals_shanten_of_the_hand_made(
    case: tuple[list[int], int], drawn: int
) -> None:
    """A bot's playout draws to a hand and may keep the tile for another: the shanten after each
    draw, and after the draw and each discard, is that of the hand so made (§13.11.2, §13.11.8)."""
    vector, n_melds = case
    held = next(k for k in range(34) if vector[k])
    vector[held] -= 1
    reading = DrawShanten(vector, n_melds)
    assert reading.own() == shanten_counts(vector, n_melds)
    if vector[drawn] == 4:
        return
    vector[drawn] += 1
    assert reading[drawn] == shanten_counts(vector, n_melds)
    for k in [k for k in range(34) if vector[k]]:
        vector[k] -= 1
        assert reading.after_swap(drawn, k) == shanten_counts(vector, n_melds)
        vector[k] += 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hand_before_discard())
def test_a_hand_not_complete_keeps_its_shanten_after_its_best_discard(case: tuple[list[int], int]) -> None:
    """The bots' discard rests on this: a hand that is not complete holds a tile its best reading
    leaves out, so its lowest shanten after a discard is its own; a complete hand loses a step."""
    vector, n_melds = case
    own = DiscardShanten(vector, n_melds).own()
    assert own == shanten_counts(vector, n_melds)
    lowest = min(shanten_after_discards(vector, n_melds, [k for k in range(34) if vector[k]]))
    assert lowest == (own if own >= 0 else 0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.integers(0, 8))
def test_a_suit_reads_the_same_slid_along_or_turned_round(suit: list[int], shift: int) -> None:
    """Sets and partial sets join neighbouring faces only, so a suit's tiles give the same shanten
    wherever they lie in the suit and read from either end (standard rules 和牌的规定 二)."""
    tiles = [k for k in range(9) for _ in range(suit[k])][:14]
    span = max(tiles, default=0) - min(tiles, default=0)
    moved = [k - min(tiles, default=0) + min(shift, 8 - span) for k in tiles]
    turned = [8 - k for k in tiles]
    for n_melds in range(5):
        values = {
            shanten_counts(counts(hand), n_melds) for hand in (tiles, moved, turned, [k + 9 for k in tiles])
        }
        assert len(values) == 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hand_before_discard(), st.integers(0, 8))
def test_a_draw_out_of_reach_leaves_the_shanten_at_the_level(case: tuple[list[int], int], above: int) -> None:
    """A playout skips the draws its hand cannot use: a face out of :meth:`DrawShanten.reach` of a
    level at most the hand's own leaves the shanten at that level or above (§13.11.2, §13.11.8)."""
    vector, n_melds = case
    held = next(k for k in range(34) if vector[k])
    vector[held] -= 1
    reading = DrawShanten(vector, n_melds)
    level = max(reading.own() - above, 0)
    reach = reading.reach(level)
    for k in range(34):
        if not reach[k] and vector[k] < 4:
            assert reading[k] >= level
