"""What a held contract's conditions ask of the tiles a hand keeps, in the terms the bots' readings of
the condition words are written in (:mod:`engine.agents.hextech.conditions`): the aims a hand is given
(:class:`Steer`, :class:`Shape`), what a term is read against (:class:`Context`), and the sets and
numbers an aim keeps for (§9.5, §9.9, lib 九–十; :mod:`engine.agents.hextech.steering` reads a contract
with them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.tiles import NUM_KINDS, NUMBER_SUITS, Suit, kind
from engine.hextech.predicates import Compare

HAND = 14
"""The tiles of a complete concealed hand."""
HONOURS = 27
"""The first honour kind (东); the number kinds come before it."""
ALL_FACES = frozenset(range(NUM_KINDS))
"""Every face, as an unfiltered measure reads them."""
NUMBER_DIGITS = 11
"""The digits of a written lucky number (B-15's kind)."""


@dataclass(frozen=True)
class Shape:
    """A whole-hand shape aimed at: ``pungs`` pungs and ``pairs`` pairs of distinct faces, or the
    digits of a lucky number with an honour pair and a single wind (``number``)."""

    pungs: int = 0
    pairs: int = 0
    number: str = ""


@dataclass(frozen=True)
class Steer:
    """The aims a held contract gives a hand (see the module); ``unrepeated``: how many of the
    round's own discards, from its first, throw no face twice (B-16's every one, C-09's first four);
    ``single``: its imagined rounds play for a single wait on the pair (C-16); ``spread``: the
    faces of the number suits the river lacks, thrown first of equal discards (C-03)."""

    junk: frozenset[int] = frozenset()
    wanted: frozenset[int] = frozenset()
    need: int = 0
    protect: frozenset[int] = frozenset()
    shape: Shape | None = None
    claims: bool = False
    unrepeated: int = 0
    single: bool = False
    spread: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(
            self.junk
            or (self.wanted and self.need > 0)
            or self.protect
            or self.shape
            or self.unrepeated
            or self.single
            or self.spread
        )

    def joined(self, other: Steer) -> Steer:
        """Both aims at once (the parts of an ``all``)."""
        return Steer(
            self.junk | other.junk,
            self.wanted | other.wanted,
            max(self.need, other.need),
            self.protect | other.protect,
            self.shape or other.shape,
            self.claims or other.claims,
            max(self.unrepeated, other.unrepeated),
            self.single or other.single,
            self.spread | other.spread,
        )


NO_AIM = Steer()


@dataclass(frozen=True)
class Context:
    """What a term is read against: the counts of the player's tiles (declared melds included), the
    filter facts (its chosen suit, its treasure), its revealed tiles, its melds, its written number."""

    counts: tuple[int, ...]
    facts_of: Callable[[], object]
    revealed: tuple[int, ...]
    n_melds: int
    number: str
    discarded: tuple[int, ...] = ()


def suits_by_count(counts: Sequence[int]) -> list[Suit]:
    return sorted(NUMBER_SUITS, key=lambda s: -sum(counts[kind(s, 1) : kind(s, 9) + 1]))


def suit_kinds(suits: Sequence[Suit]) -> frozenset[int]:
    return frozenset(k for s in suits for k in range(kind(s, 1), kind(s, 9) + 1))


def upper_bound(term: Compare) -> int | None:
    """The most the measure may be, when the term bounds it from above."""
    return {"==": term.right, "<=": term.right, "<": term.right - 1}.get(term.op)


def lower_bound(term: Compare) -> int | None:
    """The least the measure must be, when the term bounds it from below."""
    return {">=": term.right, ">": term.right + 1, "==": term.right}.get(term.op)


def set_words(arg: object) -> frozenset[str]:
    return frozenset(str(a) for a in (arg if isinstance(arg, tuple) else (arg,)))


def kept_sets(ctx: Context, faces: frozenset[int], least: int) -> Steer:
    """``least`` sets of ``faces`` kept for: the pungs the hand holds, then its fullest pairs (a pair
    waits for its third tile) and, while those are fewer, its lone honours of ``faces`` (an honour
    becomes a set only as a pung); all of them protected."""
    held = sorted((k for k in faces if ctx.counts[k] >= 2), key=lambda k: (-ctx.counts[k], k))
    kept = set(held[:least])
    if len(held) < least:
        kept |= {k for k in faces if ctx.counts[k] == 1 and k >= HONOURS}
    return Steer(protect=frozenset(kept)) if kept else NO_AIM


SetFaces = tuple[int, ...]
"""The faces of one set aimed at: a run's three, a pung's one face thrice."""

NEAR = 2
"""The tiles of a set the hand must hold for it to be kept for: a pair, or a run one tile short
(a lone tile may go any way and is not held back)."""
RUN_STARTS = range(1, 8)
"""The numbers a run of a suit may start at (一 to 七)."""


def suit_runs(suits: Sequence[Suit], start: int | None = None) -> list[SetFaces]:
    """The runs of ``suits`` (those starting at ``start`` only, when given)."""
    starts = RUN_STARTS if start is None else (start,)
    return [(kind(s, a), kind(s, a + 1), kind(s, a + 2)) for s in suits for a in starts]


def _suit_pungs(suits: Sequence[Suit]) -> list[SetFaces]:
    return [(k, k, k) for s in suits for k in range(kind(s, 1), kind(s, 9) + 1)]


def held_of(counts: Sequence[int], faces: SetFaces) -> SetFaces:
    """The tiles of the set the hand holds."""
    out: list[int] = []
    for k in faces:
        if counts[k] > out.count(k):
            out.append(k)
    return tuple(out)


def closest_sets(
    counts: Sequence[int], sets: Sequence[SetFaces], least: int, near: int = NEAR
) -> list[SetFaces]:
    """The ``least`` sets of ``sets`` the hand holds most of (of equals, the one of its loosest
    tiles, then the first), each held from the tiles the ones before it leave; fewer when the tiles
    left hold no set with ``near`` of its tiles."""
    left = list(counts)
    chosen = []

    def nearness(faces: SetFaces) -> tuple[int, int]:
        held = held_of(left, faces)
        return len(held), -sum(left[k] for k in held)

    for _ in range(least):
        best = max(sets, key=nearness)
        held = held_of(left, best)
        if len(held) < near:
            break
        for k in held:
            left[k] -= 1
        chosen.append(best)
    return chosen


def toward(counts: Sequence[int], chosen: Sequence[SetFaces], sets: Sequence[SetFaces]) -> Steer:
    """The aims of sets kept for: their held tiles *protected*, their missing ones *wanted* (of a
    set one tile short, every face that completes its held part with another of ``sets``: both
    ends of two neighbours), as many *needed* as are missing; none when every set is complete."""
    left = list(counts)
    protect: set[int] = set()
    wanted: set[int] = set()
    need = 0
    for faces in chosen:
        held = held_of(left, faces)
        for k in held:
            left[k] -= 1
        missing = Counter(faces) - Counter(held)
        need += sum(missing.values())
        protect.update(held)
        if sum(missing.values()) == 1:
            for other in sets:
                more = Counter(other) - Counter(held)
                if sum(more.values()) == 1 and not Counter(held) - Counter(other):
                    wanted.update(more)
        wanted.update(missing)
    if not need:
        return NO_AIM
    return Steer(wanted=frozenset(wanted), need=need, protect=frozenset(protect))


def suited_sets(words: frozenset[str], suit: Suit) -> list[SetFaces]:
    """The sets of ``suit`` a set kind names (``chow``, ``pung``, ``kong``, ``set``)."""
    runs = suit_runs((suit,)) if words & {"chow", "set"} else []
    return runs + (_suit_pungs((suit,)) if words & {"pung", "kong", "set"} else [])


def run_in(ctx: Context, numbers: Sequence[int]) -> Steer:
    """The suit holding most of ``numbers`` keeps those it holds and wants the rest (one of each)."""

    def held(suit: Suit) -> int:
        return sum(1 for n in numbers if ctx.counts[kind(suit, n)])

    suit = max(NUMBER_SUITS, key=held)
    faces = [kind(suit, n) for n in numbers]
    have = frozenset(k for k in faces if ctx.counts[k])
    if not have:
        return NO_AIM
    missing = frozenset(faces) - have
    return Steer(wanted=missing, need=len(missing), protect=have)


def numbers_of(args: Sequence[object]) -> list[int]:
    return [a for a in args if isinstance(a, int)]
