"""Shanten toward the knitted forms and a bot's aim, checked against the standard rule set's own
reading of a win (spec 002 和牌的规定 二 (一) 3, fan table rows 20, 34, 35; R405)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.knitted import PATTERNS, honours_and_knitted_shanten, knitted_straight_shanten
from engine.core.registry import ruleset
from engine.core.tiles import EAST, counts, parse
from engine.core.win import WinContext

STANDARD = ruleset("standard")
AIM = STANDARD.aim()
ANY_FAN = STANDARD.resolve_options(("min_fan=0",))
TILES = [k for k in range(34) for _ in range(4)]


def legal(hand: list[int]) -> bool:
    """Whether standard reads the fourteen concealed tiles as a win in a legal form (no minimum)."""
    concealed = tuple(sorted(hand))
    return STANDARD.may_win(WinContext(concealed, (), concealed[-1], 0, None, EAST, EAST, 0), ANY_FAN)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATTERNS), st.sets(st.integers(27, 33), min_size=5, max_size=5), st.integers(0, 8))
def test_honours_and_knitted_hands_are_complete_and_legal(
    pattern: tuple[int, ...], honours: set[int], left_out: int
) -> None:
    """全不靠: eight of a pattern's nine and five honours are 七星不靠 short of two, nine and five
    complete; each complete hand is one standard declares."""
    hand = [k for i, k in enumerate(pattern) if i != left_out] + sorted(honours)
    assert len(hand) == 13 and honours_and_knitted_shanten(counts(hand), 0) == 0
    missing = pattern[left_out]
    assert honours_and_knitted_shanten(counts([*hand, missing]), 0) == -1
    assert legal([*hand, missing])
    assert honours_and_knitted_shanten(counts([*hand, missing]), 1) > 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATTERNS), st.integers(0, 26), st.integers(0, 33), st.booleans())
def test_knitted_straights_are_complete_and_legal(
    pattern: tuple[int, ...], start: int, pair: int, pung: bool
) -> None:
    """组合龙: the nine tiles of a pattern, a set and a pair are complete (shanten -1) and a win
    standard declares; without one of the nine tiles the hand is one from complete at most."""
    run = [start] * 3 if pung or start % 9 > 6 else [start, start + 1, start + 2]
    hand = [*pattern, *run, pair, pair]
    held = counts(hand)
    if max(held) > 4:
        return
    assert knitted_straight_shanten(held, 0) == -1 and legal(hand)
    held[pattern[0]] -= 1
    assert knitted_straight_shanten(held, 0) <= 0


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(range(len(TILES))), min_size=14, max_size=14, unique=True))
def test_an_aims_discards_and_waits_are_its_shanten_tile_by_tile(picks: list[int]) -> None:
    """Each discard's value is the shanten of the hand less that tile; each hand that waits has as
    waits exactly the faces that complete it."""
    held = counts([TILES[i] for i in picks])
    after = AIM.after_discards(held, 0)
    for k, value in after.items():
        less = list(held)
        less[k] -= 1
        assert value == AIM.shanten(less, 0)
        if value == 0:
            plus = [[n + (j == face) for j, n in enumerate(less)] for face in range(34)]
            complete = [face for face in range(34) if less[face] < 4 and AIM.shanten(plus[face], 0) < 0]
            assert AIM.waits(less, 0) == complete


def test_a_knitted_wait_outside_a_draws_reach_is_found() -> None:
    """全不靠 waiting on the honours it does not hold (东, 发, 中): the waits are found though no
    held tile is near them."""
    hand = parse("147m258p369s2345z")
    assert AIM.shanten(counts(hand), 0) == 0
    assert AIM.waits(counts(hand), 0) == [EAST, *parse("67z")]
