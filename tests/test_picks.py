"""The seeded picks of :mod:`engine.core.picks` draw exactly what :class:`random.Random` draws (§11
phase 1 "洗牌并码牌": a seed fixes the wall, the decks and every random agent's answer)."""

from __future__ import annotations

import random

import pytest

from engine.core.picks import below, choice, shuffle
from engine.core.tiles import NUM_INSTANCES
from engine.core.wall import Wall

SIZES = [*range(1, 140), 144, 1 << 20, 3 << 30]


@pytest.mark.parametrize("seed", range(5))
def test_below_is_randrange(seed: int) -> None:
    """Each number below ``n`` is ``randrange(n)``'s, and the generators stay in step."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in SIZES:
        assert below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", range(5))
def test_choice_is_random_choice(seed: int) -> None:
    """A choice among options of every length is ``rng.choice``'s, the generators in step."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in SIZES[:140]:
        options = tuple(f"discard {k}" for k in range(n))
        assert choice(ours, options) == theirs.choice(options)
    assert ours.getstate() == theirs.getstate()


def test_choice_of_nothing_is_an_index_error() -> None:
    """No option to choose from is an :class:`IndexError`, as for ``rng.choice``, and draws nothing."""
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(IndexError):
        choice(rng, ())
    assert rng.getstate() == state


@pytest.mark.parametrize("seed", range(5))
def test_shuffle_is_random_shuffle(seed: int) -> None:
    """A shuffle of lists of every length up to a wall's puts every item where ``rng.shuffle`` does."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in range(NUM_INSTANCES + 1):
        mine, yours = list(range(n)), list(range(n))
        shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
    assert ours.getstate() == theirs.getstate()


def test_the_wall_is_the_seeded_shuffle() -> None:
    """A wall of seed 7 is the 144 instances in the order ``rng.shuffle`` gives them, and a different
    seed gives a different wall."""
    tiles = list(range(NUM_INSTANCES))
    random.Random(7).shuffle(tiles)
    assert list(Wall.shuffled(random.Random(7))) == tiles
    assert list(Wall.shuffled(random.Random(8))) != tiles
