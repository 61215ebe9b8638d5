"""The shanten count and the greedy discard orders give, on random hands, the same whatever their
caches hold (issue 33 item 7): read through caches so small that they empty every few entries, and
through caches that keep every reading, each hand's figures are the same (standard rules 术语 十四
向听数, 和牌的规定 二(一); §13.11.2 七对 and §13.11.8 十三幺 for the other two forms); the discard orders
read suit by suit from their caches are those worked out face by face (§11 phase 2).  The figures
themselves are proved against the rules in tests/test_hand_shanten.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agents.hextech import choices, counsel
from engine.core import shanten
from engine.core.tiles import NUM_KINDS


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


def both(read: Callable[[], Any], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """``read()`` through caches emptied every few entries, then through caches that keep all."""
    monkeypatch.setattr(shanten, "_CACHED", 3)
    monkeypatch.setattr(choices, "ORDERS_CACHED", 4)
    small = read()
    monkeypatch.setattr(shanten, "_CACHED", 1 << 15)
    monkeypatch.setattr(choices, "ORDERS_CACHED", 1 << 15)
    return small, read()


_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
"""The cache size is meant to hold for every example of a test."""


@_SETTINGS
@given(case=_hands(1), forms=st.tuples(st.booleans(), st.booleans()))
def test_shanten_after_each_discard_is_the_same_whatever_the_caches_hold(
    monkeypatch: pytest.MonkeyPatch, case: tuple[list[int], int], forms: tuple[bool, bool]
) -> None:
    """术语 十四: a full hand's shanten, the standard form's alone and each discard's."""
    counts, n_melds = case

    def read() -> tuple[object, ...]:
        after = shanten.DiscardShanten(counts, n_melds, *forms)
        each = tuple(after[k] for k in range(NUM_KINDS) if counts[k])
        return (
            shanten.shanten_counts(counts, n_melds),
            shanten.standard_shanten(counts, n_melds),
            after.own(),
            each,
        )

    small, kept = both(read, monkeypatch)
    assert small == kept


@_SETTINGS
@given(case=_hands(0), forms=st.tuples(st.booleans(), st.booleans()), level=st.integers(-1, 8))
def test_shanten_after_each_draw_and_swap_is_the_same_whatever_the_caches_hold(
    monkeypatch: pytest.MonkeyPatch, case: tuple[list[int], int], forms: tuple[bool, bool], level: int
) -> None:
    """术语 十四: a waiting-size hand's shanten after each draw, each draw and discard, and the faces
    in reach."""
    counts, n_melds = case

    def read() -> tuple[object, ...]:
        now = shanten.DrawShanten(counts, n_melds, *forms)
        drawn = [d for d in range(NUM_KINDS) if counts[d] < 4]
        swaps = tuple(now.after_swap(d, k) for d in drawn for k in range(NUM_KINDS) if counts[k] or k == d)
        return now.own(), now.reach(level), tuple(now[d] for d in drawn), swaps

    small, kept = both(read, monkeypatch)
    assert small == kept


def _places(weigh: object, vec: bytes) -> tuple[int, ...]:
    """Each face's place in a discard order, worked out face by face with nothing cached."""
    return choices.order_places((weigh(k, vec) for k in range(NUM_KINDS)), 0)  # type: ignore[operator]


@_SETTINGS
@given(case=_hands(1))
def test_discard_orders_are_those_worked_out_face_by_face_s11(
    monkeypatch: pytest.MonkeyPatch, case: tuple[list[int], int]
) -> None:
    """§11 phase 2: the playout's and the greedy bot's discard orders, suit by suit from their caches
    (small or not), are those worked out face by face."""
    key = bytes(case[0])
    for orders in both(lambda: (choices.discard_places(key), counsel._discard_order(key)), monkeypatch):
        assert orders == (_places(choices._loneliness, key), _places(counsel._isolation, key))
