"""The shanten count and the greedy discard orders give, on random hands, exactly what they gave before
their caches became plain dictionaries (issue 33 item 7): standard rules 术语 十四 向听数, 和牌的规定
二(一); §13.11.2 七对 and §13.11.8 十三幺 for the other two forms; §11 phase 2 for the bots' orders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agents.hextech import bots, choices
from engine.core import shanten
from engine.core.tiles import NUM_KINDS
from tests import shanten_reference as before


@st.composite
def _hands(draw: st.DrawFn, extra: int) -> tuple[list[int], int]:
    """A count vector of ``13 - 3 * n_melds + extra`` tiles, at most four of a face, and ``n_melds``."""
    n_melds = draw(st.integers(0, 4))
    size = 13 - 3 * n_melds + extra
    counts = [0] * NUM_KINDS
    faces = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=4 * NUM_KINDS, max_size=4 * NUM_KINDS))
    for k in faces:
        if sum(counts) == size:
            break
        if counts[k] < 4:
            counts[k] += 1
    for k in range(NUM_KINDS):
        while sum(counts) < size and counts[k] < 4:
            counts[k] += 1
    return counts, n_melds


@pytest.fixture(params=[1 << 15, 3], ids=["full-size caches", "caches emptied every few entries"])
def cache_size(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The caches at their size, and so small that they empty again and again while a hand is read."""
    monkeypatch.setattr(shanten, "_CACHED", request.param)
    monkeypatch.setattr(choices, "ORDERS_CACHED", max(request.param, 4))
    yield request.param


_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
"""The cache size is meant to hold for every example of a test."""


@_SETTINGS
@given(case=_hands(1), forms=st.tuples(st.booleans(), st.booleans()))
def test_shanten_after_each_discard_is_unchanged(
    cache_size: int, case: tuple[list[int], int], forms: tuple[bool, bool]
) -> None:
    """术语 十四: a full hand's shanten, the standard form's alone and each discard's, as before."""
    counts, n_melds = case
    assert shanten.shanten_counts(counts, n_melds) == before.shanten_counts(counts, n_melds)
    assert shanten.standard_shanten(counts, n_melds) == before.standard_shanten(counts, n_melds)
    now = shanten.DiscardShanten(counts, n_melds, *forms)
    then = before.DiscardShanten(counts, n_melds, *forms)
    assert now.own() == then.own()
    for k in range(NUM_KINDS):
        if counts[k]:
            assert now[k] == then[k], k


@_SETTINGS
@given(case=_hands(0), forms=st.tuples(st.booleans(), st.booleans()), level=st.integers(-1, 8))
def test_shanten_after_each_draw_and_swap_is_unchanged(
    cache_size: int, case: tuple[list[int], int], forms: tuple[bool, bool], level: int
) -> None:
    """术语 十四: a waiting-size hand's shanten after each draw, each draw and discard, and the faces
    in reach, as before."""
    counts, n_melds = case
    now = shanten.DrawShanten(counts, n_melds, *forms)
    then = before.DrawShanten(counts, n_melds, *forms)
    assert now.own() == then.own()
    assert now.reach(level) == then.reach(level)
    for drawn in range(NUM_KINDS):
        if counts[drawn] < 4:
            assert now[drawn] == then[drawn], drawn
            for discarded in range(NUM_KINDS):
                if counts[discarded] or discarded == drawn:
                    assert now.after_swap(drawn, discarded) == then.after_swap(drawn, discarded)


def _places(weigh: object, vec: bytes) -> tuple[int, ...]:
    """Each face's place in a discard order, worked out face by face with nothing cached."""
    return choices.order_places((weigh(k, vec) for k in range(NUM_KINDS)), 0)  # type: ignore[operator]


@_SETTINGS
@given(case=_hands(1))
def test_discard_orders_are_unchanged_s11(cache_size: int, case: tuple[list[int], int]) -> None:
    """§11 phase 2: the playout's and the greedy bot's discard orders, suit by suit from their caches,
    are those worked out face by face."""
    key = bytes(case[0])
    assert choices.discard_places(key) == _places(choices._loneliness, key)
    assert bots._discard_order(key) == _places(bots._isolation, key)
