"""The hand shapes hextech's cards grant (lib 七–八, lib B-14/B-15; CARD-INVENTORY §6), registered
with the core's shapes (:func:`engine.core.shapes.register`) when the rule set's package is imported.

Nine bent sets and pairs (G-01, G-03, G-14, P-01, P-02, P-05, P-11, P-15, P-16) and two whole-hand
forms (B-14, B-15); a card grants one by name (``grant shape NAME``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.core.groups import SEVEN_PAIRS, STANDARD, Group, SetKind
from engine.core.melds import HONOUR_RUNS
from engine.core.shapes import Candidate, ShapeRule, register
from engine.core.tiles import WINDS

_SUIT_BASES = (0, 9, 18)
_HONOURS = tuple(range(27, 34))
_RUNS = tuple((b + n, b + n + 1, b + n + 2) for b in _SUIT_BASES for n in range(7))


def _candidate(kind: SetKind, pairs: Sequence[tuple[int, int]]) -> Candidate:
    ordered = sorted(pairs)
    return Candidate(kind, tuple(p for p, _ in ordered), tuple(t for _, t in ordered))


def _substituted_chows(allowed: Callable[[int, int], bool]) -> tuple[Candidate, ...]:
    """Chows in which one physical tile ``p`` counts as the run's tile ``t`` when ``allowed(t, p)``."""
    found: dict[Candidate, None] = {}
    for run in _RUNS:
        for i, target in enumerate(run):
            for physical in range(27):
                if physical != target and allowed(target, physical):
                    pairs = [(physical if j == i else t, t) for j, t in enumerate(run)]
                    found[_candidate(SetKind.CHOW, pairs)] = None
    return tuple(found)


def _same_suit(a: int, b: int) -> bool:
    return a // 9 == b // 9


def _plain(kind: SetKind, tiles: Sequence[int]) -> Candidate:
    ordered = tuple(sorted(tiles))
    return Candidate(kind, ordered, ordered)


def _honour_substitutes() -> tuple[Candidate, ...]:
    """An honour pair or pung in which one honour counts as another honour (lib P-15)."""
    found: list[Candidate] = []
    for target in _HONOURS:
        for other in _HONOURS:
            if other != target:
                found.append(_candidate(SetKind.PAIR, [(target, target), (other, target)]))
                found.append(_candidate(SetKind.PUNG, [(target, target), (target, target), (other, target)]))
    return tuple(found)


def _four_pairs_two_pungs(counts: Sequence[int], _params: Mapping[str, str]) -> tuple[Group, ...] | None:
    """The fourteen tiles are exactly four pairs and two pungs of six different faces (lib B-14)."""
    faces = [k for k, n in enumerate(counts) if n]
    if sorted(counts[k] for k in faces) != [2, 2, 2, 2, 3, 3]:
        return None
    kinds = {2: SetKind.PAIR, 3: SetKind.PUNG}
    return tuple(
        Group(kinds[counts[k]], (k,) * counts[k], (k,) * counts[k], "four_pairs_two_pungs") for k in faces
    )


def _lucky_number(counts: Sequence[int], params: Mapping[str, str]) -> tuple[Group, ...] | None:
    """Eleven number tiles whose digits are the written number's digits, an identical honour
    pair and one single wind different from the pair (lib B-15; CARD-INVENTORY H6)."""
    number = params["number"]
    digits = [sum(counts[b + d] for b in _SUIT_BASES) for d in range(9)]
    if digits != [number.count(str(d + 1)) for d in range(9)]:
        return None
    honours = {k: counts[k] for k in _HONOURS if counts[k]}
    pair = [k for k, n in honours.items() if n == 2]
    single = [k for k, n in honours.items() if n == 1]
    if len(honours) != 2 or len(pair) != 1 or len(single) != 1 or single[0] not in WINDS:
        return None
    numbers = tuple(k for k in range(27) for _ in range(counts[k]))
    name = "lucky_number"
    return (
        Group(SetKind.LOOSE, numbers, numbers, name),
        Group(SetKind.PAIR, (pair[0],) * 2, (pair[0],) * 2, name),
        Group(SetKind.LOOSE, (single[0],), (single[0],), name),
    )


def _check_lucky_number(params: Mapping[str, str]) -> str:
    number = params.get("number", "")
    if len(number) != 11 or any(ch not in "123456789" for ch in number):
        return f"the lucky number must be 11 digits 1-9, got {number!r}"
    return ""


def _ends_substituted(candidate: Candidate) -> bool:
    changed = [p for p, t in zip(candidate.tiles, candidate.treated, strict=True) if p != t]
    kept = sorted(p for p, t in zip(candidate.tiles, candidate.treated, strict=True) if p == t)
    return len(changed) == 1 and kept[1] == kept[0] + 1


HEXTECH_SHAPES = (
    ShapeRule(
        "adjacent_shift",
        "In a chow, one number tile counts as the adjacent number (±1) of its suit; never past 1 or 9; "
        "hand concealed at hu, a concealed kong allowed (lib G-01).",
        _substituted_chows(lambda t, p: _same_suit(t, p) and abs(t - p) == 1),
        needs_concealed=True,
    ),
    ShapeRule(
        "honour_mixed_pair",
        "Two different honour tiles form a special pair; not in seven pairs or thirteen orphans (lib G-03).",
        tuple(_plain(SetKind.PAIR, (a, b)) for a in _HONOURS for b in _HONOURS if a < b),
    ),
    ShapeRule(
        "cross_suit_chow",
        "In a chow, one number tile at either end counts as the same number of another suit; the other "
        "two tiles are of one suit and consecutive (lib G-14).",
        tuple(
            c
            for c in _substituted_chows(lambda t, p: not _same_suit(t, p) and t % 9 == p % 9)
            if _ends_substituted(c)
        ),
    ),
    ShapeRule(
        "honour_chow",
        "东南西, 南西北 or 白发中 counts as a chow; may also be declared once by chi (lib P-01).",
        tuple(_plain(SetKind.CHOW, run) for run in HONOUR_RUNS),
        declarable=True,
    ),
    ShapeRule(
        "number_mixed_pair",
        "Two number tiles of the same number and different suits form a special pair (lib P-02).",
        tuple(
            _plain(SetKind.PAIR, (n + 9 * i, n + 9 * j))
            for n in range(9)
            for i, j in ((0, 1), (0, 2), (1, 2))
        ),
    ),
    ShapeRule(
        "wild_in_chow",
        "In a chow, one number tile counts as any number of its suit; chows only (lib P-05).",
        _substituted_chows(_same_suit),
    ),
    ShapeRule(
        "three_suit_pung",
        "The same number in all three suits counts as a pung, never a kong (lib P-11).",
        tuple(_plain(SetKind.PUNG, (n, n + 9, n + 18)) for n in range(9)),
    ),
    ShapeRule(
        "honour_substitute",
        "One honour counts as another honour to make an honour pair or pung; also in seven pairs, never "
        "in thirteen orphans (lib P-15).",
        _honour_substitutes(),
        forms=frozenset({STANDARD, SEVEN_PAIRS}),
    ),
    ShapeRule(
        "wrap_chow",
        "8-9-1 or 9-1-2 of one suit counts as a chow; formed in hand only, never by chi (lib P-16).",
        tuple(
            _plain(SetKind.CHOW, (b + x, b + y, b + z))
            for b in _SUIT_BASES
            for x, y, z in ((7, 8, 0), (8, 0, 1))
        ),
    ),
    ShapeRule(
        "four_pairs_two_pungs",
        "Four pairs and two pungs of six different faces; nothing declared; no grant inside (lib B-14).",
        match=_four_pairs_two_pungs,
    ),
    ShapeRule(
        "lucky_number",
        "The eleven number tiles' digits are the written number; an identical honour pair and one "
        "single wind different from it; nothing declared; no grant inside (lib B-15).",
        match=_lucky_number,
        params=("number",),
        check_params=_check_lucky_number,
    ),
)
"""The shapes hextech's cards grant."""

register(HEXTECH_SHAPES)
