"""The search agent's augment draft: imagined deals with each offered augment held (§5.2, §13, lib 六–八).

An augment is drafted before its round is dealt (§5.2), so the search agent imagines the deal too:
``budget`` hands of 13 tiles dealt from the whole set, each played on over a player's share of a
fresh wall as the search's plain imagined rounds play it (a draw that lowers the shanten is kept and
the loneliest tile of the lowest shanten thrown, any other thrown back).  Every offered augment is
imagined held on the same deals and draws (common random numbers); what sets one apart is what the
engine's own rules give its holder on those rounds: a hand one or two exchanges from complete that a
granted shape completes (``grant shape …``, read by the engine's decomposer with the holder's grants,
:func:`engine.core.hand.decompose`) wins there, and every win is scored by the engine's scorer with
those grants (:func:`engine.hextech.scoring.score_win`).  An ending is worth its order points by how
soon it comes and the scorer's points, as the search's round endings are
(:class:`engine.agents.hextech.search.Weigher`).  Triggered abilities the imagined round does not play (a
look at the wall, an extra tidy) value alike on every imagined round, so between two such augments
the imagined rounds cannot tell, and the card-value table's order stands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from engine.agents.hextech import choices
from engine.core.hand import decompose
from engine.core.picks import shuffle
from engine.core.shanten import DrawShanten, shanten_counts
from engine.core.shapes import ShapeGrant
from engine.core.tiles import NUM_FLOWERS, NUM_KINDS
from engine.hextech.rules import GRANT_REACH

DEALT = 13
"""The tiles of a dealt hand."""
FRESH_WALL = 85
"""The drawable tiles at a round's first turn (85–89 in play, §4): the wall an imagined deal draws
from, a player's share of it the imagined round's draws."""
GRANTED_CACHED = 1 << 14
"""Hands and grants whose granted completeness is kept (bounded)."""


@lru_cache(maxsize=GRANTED_CACHED)
def granted_complete(key: bytes, grants: tuple[ShapeGrant, ...]) -> bool:
    """Whether the concealed 14 tiles ``key`` (counts) are a complete hand with ``grants``."""
    return bool(decompose([k for k in range(NUM_KINDS) for _ in range(key[k])], (), grants))


def reach(grants: Sequence[ShapeGrant]) -> int:
    """How many exchanges from complete, read plainly, the grants may leave a hand they complete
    (:data:`engine.hextech.rules.GRANT_REACH`, summed as the engine sums them; none without a grant)."""
    return sum(GRANT_REACH.get(g.shape, 1) for g in grants)


def _deal(pool: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
    """A hand of 13 tiles (no flower) drawn from ``pool``, and the tiles left."""
    bag = list(pool)
    shuffle(rng, bag)
    vec = [0] * NUM_KINDS
    dealt = 0
    rest = []
    for tile in bag:
        if dealt < DEALT and tile < NUM_KINDS:
            vec[tile] += 1
            dealt += 1
        else:
            rest.append(tile)
    return vec, rest


def imagined_deals(
    rng: random.Random, n: int, held: Sequence[tuple[ShapeGrant, ...]]
) -> list[list[choices.Ending]]:
    """``n`` imagined deals played on (see the module); for each, one ending per grants of ``held``
    (the same deal and draws for each: the round ends at the first step the hand is complete,
    plainly or by those grants)."""
    pool = [k for k in range(NUM_KINDS) for _ in range(choices.COPIES)]
    pool += list(range(NUM_KINDS, NUM_KINDS + NUM_FLOWERS))
    share = FRESH_WALL // 4 + 1
    reaches = [reach(g) for g in held]
    out = []
    for _ in range(n):
        vec, bag = _deal(pool, rng)
        out.append(_played(vec, bag, share, held, reaches))
    return out


def _played(
    vec: list[int], bag: list[int], draws: int, held: Sequence[tuple[ShapeGrant, ...]], reaches: list[int]
) -> list[choices.Ending]:
    """The endings of one deal, one per grants of ``held`` (see :func:`imagined_deals`)."""
    ends: list[choices.Ending | None] = [None] * len(held)
    level = shanten_counts(vec, 0)
    after = DrawShanten(bytes(vec), 0)
    discards: list[int] = []
    flowers = kongs = step = 0
    for tile in bag:
        if step >= draws:
            break
        if tile >= NUM_KINDS:
            flowers += 1
            continue
        step += 1
        now = after[tile]
        vec[tile] += 1
        for i, grants in enumerate(held):
            done = now < 0 or (now < reaches[i] and granted_complete(bytes(vec), grants))
            if ends[i] is None and done:
                ends[i] = choices.Ending(tuple(vec), step, tile, tuple(discards), flowers, kongs)
        if now < 0 or all(e is not None for e in ends):
            break
        out = tile
        if now < level:
            out = _discard(vec, now, after, tile)
            level = now
        vec[out] -= 1
        discards.append(out)
        kongs += vec[tile] == choices.COPIES
        if out != tile:
            after = DrawShanten(bytes(vec), 0)
    blank = choices.Ending(None, step, -1, tuple(discards), flowers, kongs)
    return [blank if e is None else e for e in ends]


def _discard(vec: list[int], now: int, after: DrawShanten, tile: int) -> int:
    """The tile thrown from the hand ``vec`` (the draw ``tile`` kept, at shanten ``now``): the
    loneliest (:func:`engine.agents.hextech.choices.discard_places`) of the lowest shanten."""
    order = sorted(p for p, n in zip(choices.discard_places(bytes(vec)), vec, strict=True) if n)
    faces = [place & choices.FACE for place in order]
    return next((k for k in faces if after.after_swap(tile, k) == now), faces[0])
