"""The counts kept of each player's concealed tiles follow every change of the hand (§12.2)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.core.hand_counts import HandCounts, count_hand
from engine.core.tiles import NUM_KINDS, counts, kind_of_instance


@given(st.randoms(use_true_random=False))
def test_counts_follow_draws_discards_and_reordering(rnd: random.Random) -> None:
    """Drawn tiles (flowers too), discards and reorderings: the counts always match the hand."""
    memo: dict[int, HandCounts] = {}
    wall = list(range(144))
    rnd.shuffle(wall)
    hand: list[int] = []
    for _ in range(60):
        move = rnd.random()
        if move < 0.5 and wall:
            hand.append(wall.pop())
        elif move < 0.85 and hand:
            hand.remove(rnd.choice(hand))
        else:
            rnd.shuffle(hand)
        counted = count_hand(memo, 0, hand)
        assert counted.vector == counts(kind_of_instance(i) for i in hand)
        assert counted.flowers == any(kind_of_instance(i) >= NUM_KINDS for i in hand)
        assert counted.hand == hand and counted.hand is not hand
