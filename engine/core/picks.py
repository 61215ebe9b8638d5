"""Seeded random picks, drawn bit for bit as :class:`random.Random` draws them (§11 phase 1
"洗牌并码牌": a seed fixes the wall, the decks and every random agent's answer).

:func:`below`, :func:`choice` and :func:`shuffle` take from the generator exactly the bits that
``rng.randrange(n)``, ``rng.choice(options)`` and ``rng.shuffle(items)`` take, and give the same
results, so the same seed plays the same game and leaves the generator in the same state; they run
as one compiled loop where the generator's own methods are interpreted frames for every pick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A number in ``0 .. n - 1`` (``n`` at least 1): ``n``'s bit length of random bits, drawn again
    while they are ``n`` or more — ``rng.randrange(n)``."""
    bits = n.bit_length()
    pick = rng.getrandbits(bits)
    while pick >= n:
        pick = rng.getrandbits(bits)
    return pick


def choice(rng: random.Random, options: Sequence[T]) -> T:
    """One of ``options``, uniformly — ``rng.choice(options)``; :class:`IndexError` for none."""
    if not options:
        raise IndexError("cannot choose from an empty sequence")
    return options[below(rng, len(options))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place — ``rng.shuffle(items)``: from the last place down, swap each
    with a place picked at or below it."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
