"""What the bots read of a hand whatever rule set they play (§11 phase 2): a concealed hand as 34
counts, the face and verb an option names, the hand a kong or a call leaves, and how much a tile
joins the rest of the hand.  How a hand is weighed is its rule set's counsel's
(:mod:`engine.agents.counsel`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.core.tiles import NUM_KINDS, TERMINALS, parse, parse_one

DISCARD = "discard"
"""The turn's verb of a discard."""
ANKAN = "ankan"
"""The turn's verb of a concealed kong; every other kong at one's turn adds a tile to a pon."""
KONGS = frozenset({ANKAN, "kakan"})
"""The turn's verbs of a kong."""
CALLS = frozenset({"kong", "pon", "chi"})
"""The verbs of a call on a discard that make a meld."""


def hand_vector(hand: tuple[int, ...]) -> list[int]:
    """A concealed hand as 34 counts, one per tile kind."""
    vec = [0] * NUM_KINDS
    for k in hand:
        vec[k] += 1
    return vec


@lru_cache(maxsize=256)
def face(text: str) -> int:
    """The face an option names (``1m``), read once."""
    return parse_one(text)


@lru_cache(maxsize=256)
def move(option: str) -> tuple[str, int]:
    """A turn option's verb and the face it names (``discard 1m``, ``ankan 5p``), read once."""
    verb, _, named = option.partition(" ")
    return verb, face(named)


def after_kong(vec: list[int], verb: str, kind: int) -> tuple[list[int], int]:
    """The concealed hand after a kong declared at one's turn, and the melds it adds: a concealed
    kong (``ankan``) lays down four and is one meld more, a kong added to a pon lays down one."""
    after = list(vec)
    concealed = verb == ANKAN
    after[kind] -= 4 if concealed else 1
    return after, 1 if concealed else 0


@lru_cache(maxsize=256)
def called_tiles(verb: str, run: str, kind: int) -> tuple[int, ...]:
    """The tiles a call on the discard ``kind`` takes from the hand: three of it for a kong, two for
    a pon, the run's other two for a chi (``chi 345m``)."""
    if verb == "kong":
        return (kind, kind, kind)
    if verb == "pon":
        return (kind, kind)
    used = parse(run)
    used.remove(kind)
    return tuple(used)


def less(vec: list[int], tiles: tuple[int, ...]) -> list[int]:
    """The counts ``vec`` without ``tiles``."""
    after = list(vec)
    for k in tiles:
        after[k] -= 1
    return after


def connection(vec: Sequence[int], k: int) -> int:
    """How much ``k`` joins the rest of the hand: the other copies of it and the faces within two of
    it in its suit, less one for a terminal; an honour only by its copies, a single one least of all
    (an honour, then a terminal, then a middle tile goes first)."""
    if k >= 27:
        return 2 * vec[k] - 4
    low, high = k - k % 9, k - k % 9 + 8
    near = sum(vec[j] for j in range(max(low, k - 2), min(high, k + 2) + 1)) - 1
    return near - (k in TERMINALS)
