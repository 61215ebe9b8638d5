"""What every greedy bot shares, whatever rule set it plays (§11 phase 2): a
concealed hand as 34 counts, the face and verb an option names, and the hand a kong or a call
leaves.  How each greedy bot weighs that hand is its rule set's: the core table's
:class:`engine.agents.bots.GreedyBot` toward the rule set's aim, hextech's
:class:`engine.agents.hextech.bots.GreedyAgent` by plain shanten and its cards."""

from __future__ import annotations

from functools import lru_cache

from engine.core.tiles import NUM_KINDS, parse, parse_one

ANKAN = "ankan"
"""The turn's verb of a concealed kong; every other kong at one's turn adds a tile to a pon."""


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
