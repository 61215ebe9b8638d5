"""Decompositions of a winning hand, its waits and the single wait on the pair (standard rules
和牌的规定 二; §13.11; lib 七–八, C-16, B-08, B-14, B-15).

A hand is its concealed tiles (with the winning tile) and its declared melds;
fourteen tiles in all, a kong counting as three.  It is complete when it
reads as

* the standard form: four sets (chows, pungs, kongs) and one pair;
* seven pairs (no declared meld; four identical undeclared tiles count as two
  pairs, see docs/rulings.md);
* thirteen orphans (no declared meld): one of each terminal and honour plus a
  second copy of one of them;
* or a whole-hand form a card grants (B-14, B-15).

Grants (:class:`engine.core.shapes.ShapeGrant`) bend sets and pairs: each is used
at most once per decomposition, each group is made by at most one grant, and
a decomposition records the sources it used.  Without grants the standard
form is answered from per-suit tables (``engine/core/suit_tables.py``); grants
take a slower search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, reduce
from itertools import product
from operator import getitem, itemgetter, or_
from typing import Final

from engine.core.errors import InputError
from engine.core.groups import (
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Decomposition,
    Group,
    SetKind,
    group_order,
)
from engine.core.melds import Meld, MeldKind, is_plain_run
from engine.core.shapes import SHAPES, Candidate, ShapeGrant, ShapeRule
from engine.core.suit_tables import HONOUR_SIZE, NUMBER_SIZE, complete_keys, suit_parts
from engine.core.tiles import ALL_KINDS, NUM_KINDS, ORPHANS, format_one

__all__ = [
    "Decomposition",
    "Group",
    "SetKind",
    "decompose",
    "decompose_counts",
    "is_complete",
    "is_complete_counts",
    "is_complete_granted",
    "single_wait_on_pair",
    "waits",
]

_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
_MELD_SET = {
    MeldKind.CHI: SetKind.CHOW,
    MeldKind.PON: SetKind.PUNG,
    MeldKind.MINKAN: SetKind.KONG,
    MeldKind.ANKAN: SetKind.KONG,
    MeldKind.KAKAN: SetKind.KONG,
}
_Rest = Callable[[list[int], tuple[Group, ...]], Iterator[tuple[Group, ...]]]
_Spoiled = Callable[[list[int]], int]
_FORM_ORDER = {STANDARD: 0, SEVEN_PAIRS: 1, THIRTEEN_ORPHANS: 2}
_orphan_counts = itemgetter(*ORPHANS)
_ORPHAN_ZEROS: Final = NUM_KINDS - len(ORPHANS)
_NUMBER_KEYS: Final = complete_keys(NUMBER_SIZE)
_HONOUR_KEYS: Final = complete_keys(HONOUR_SIZE)
_PARITY = bytes(n % 2 for n in range(256))
_SuitEntry = tuple[int, tuple[tuple[Group, ...], ...]]
_NO_SPLIT: _SuitEntry = (9, ())
_SUIT_MEMO: dict[int, dict[bytes, _SuitEntry]] = {lo: {} for lo, _ in _SUITS}
_MAN, _PIN, _SOU, _HONOURS = (_SUIT_MEMO[lo] for lo, _ in _SUITS)
_MEMO_SIZE = 4096
"""Hands with grants remembered by :func:`decompose` and :func:`waits` (a few MB at most)."""
_ORPHAN_KEYS: Final = frozenset(
    tuple(2 if j == i else 1 for j in range(len(ORPHANS))) for i in range(len(ORPHANS))
)


def is_complete_counts(counts: Sequence[int], n_melds: int = 0) -> bool:
    """Whether concealed ``counts`` (34 per-kind counts, ``14 - 3 * n_melds`` tiles) complete a hand
    with ``n_melds`` declared melds in a form without grants: standard, seven pairs or thirteen
    orphans.  The fast path; counts are trusted."""
    key = bytes(counts)
    pairs = _HONOUR_KEYS.get(key[27:34], 9) + _NUMBER_KEYS.get(key[0:9], 9)
    if pairs < 2 and pairs + _NUMBER_KEYS.get(key[9:18], 9) + _NUMBER_KEYS.get(key[18:27], 9) == 1:
        return True
    if n_melds:
        return False
    if key.count(1) == 0:
        return key.count(3) == 0
    return key.count(0) == _ORPHAN_ZEROS and _orphan_counts(key) in _ORPHAN_KEYS


class ShortHand:
    """Concealed counts one tile short of a whole hand, read once for the question every discard asks
    of them: does one more ``face`` complete the hand (:meth:`completed_by`, which answers as
    :func:`is_complete_counts` of the counts with that tile, without reading the hand again)?  Each
    suit's reading is kept: a tile changes only its own suit's, and while another suit splits into
    no sets and at most one pair, no tile completes the standard form."""

    __slots__ = ("key", "ones", "pairs", "suits", "threes", "zeros")

    def __init__(self, counts: Sequence[int]) -> None:
        key = self.key = bytes(counts)
        self.suits = (
            _NUMBER_KEYS.get(key[0:9], 9),
            _NUMBER_KEYS.get(key[9:18], 9),
            _NUMBER_KEYS.get(key[18:27], 9),
            _HONOUR_KEYS.get(key[27:34], 9),
        )
        self.pairs = sum(self.suits)
        self.ones = key.count(1)
        self.threes = key.count(3)
        self.zeros = key.count(0)

    def completed_by(self, face: int, n_melds: int = 0) -> bool:
        """Whether the counts with one more ``face`` complete a hand with ``n_melds`` declared melds in a
        form without grants: :func:`is_complete_counts` of those counts."""
        key = self.key
        held = key[face]
        suit = face // NUMBER_SIZE
        others = self.pairs - self.suits[suit]
        if others <= 1:
            lo = suit * NUMBER_SIZE
            grown = key[lo:face] + _ONE_MORE[held] + key[face + 1 : lo + NUMBER_SIZE]
            keys = _NUMBER_KEYS if suit < _HONOUR_SUIT else _HONOUR_KEYS
            if others + keys.get(grown, 9) == 1:
                return True
        if n_melds:
            return False
        if self.ones - (held == 1) + (held == 0) == 0:
            return self.threes - (held == 3) + (held == 2) == 0
        if self.zeros - (held == 0) != _ORPHAN_ZEROS:
            return False
        return _orphan_counts(key[:face] + _ONE_MORE[held] + key[face + 1 :]) in _ORPHAN_KEYS


_ONE_MORE: Final = tuple(bytes((n + 1,)) for n in range(255))
"""The byte of a count one higher, for each count."""
_HONOUR_SUIT: Final = 3
"""The honours' place among a key's suits (man, pin, sou, honours)."""


def decompose(
    concealed: Iterable[int], melds: Sequence[Meld] = (), grants: Sequence[ShapeGrant] = ()
) -> list[Decomposition]:
    """Every reading of the hand as a complete hand, in a deterministic order; empty if none.

    Raises :class:`engine.core.errors.InputError` for a flower, a fifth copy of a
    face, more than four melds or a tile count that is not ``14 - 3 * melds``.
    """
    counts = _checked_counts(concealed, melds, complete=True)
    if not grants:
        return _readings(counts, _meld_groups(melds, [])[0] if melds else ())
    return list(_granted_readings(bytes(counts), tuple(melds), tuple(grants)))


@lru_cache(maxsize=_MEMO_SIZE)
def _granted_readings(
    key: bytes, melds: tuple[Meld, ...], grants: tuple[ShapeGrant, ...]
) -> tuple[Decomposition, ...]:
    """:func:`decompose` of checked counts (``key``, one byte per kind) with grants, memoised: the
    table asks about the same hand again for each discard it could win on and at the settlement."""
    counts = list(key)
    meld_groups, free = _meld_groups(melds, sorted(grants, key=_grant_order))
    exposed = any(m.exposed for m in melds)
    found: dict[Decomposition, None] = dict.fromkeys(_readings(counts, meld_groups))
    for groups in _granted(counts, free, STANDARD, exposed, 1, _plain_standard, _unsplit_suits):
        found[_decomposition(STANDARD, meld_groups + groups)] = None
    if not melds:
        for groups in _granted(counts, free, SEVEN_PAIRS, exposed, 7, _plain_pairs, _unpaired_suits):
            found[_decomposition(SEVEN_PAIRS, groups)] = None
        for grant in free:
            match = grant.rule.match
            groups_of_form = match(counts, grant.values) if match else None
            if groups_of_form:
                marked = tuple(replace(g, granted_by=grant.source) for g in groups_of_form)
                found[Decomposition(grant.shape, marked, (grant.source,))] = None
    return tuple(sorted(found, key=_decomposition_order))


def _grant_order(grant: ShapeGrant) -> tuple[str, str]:
    """Grants are tried by card id, then shape."""
    return (grant.source, grant.shape)


def decompose_counts(counts: Sequence[int]) -> list[Decomposition]:
    """:func:`decompose` of a hand without melds or grants given as 34 per-kind counts of 14 tiles;
    the fast path for trusted input."""
    return _readings(counts, ())


def _readings(counts: Sequence[int], meld_groups: tuple[Group, ...]) -> list[Decomposition]:
    """The readings without grants, in canonical order (a declared P-01 chi may carry its grant)."""
    key = bytes(counts)
    man, pin, sou, honours = key[0:9], key[9:18], key[18:27], key[27:34]
    m = _MAN.get(man) or _suit(man, 0)
    p = _PIN.get(pin) or _suit(pin, 9)
    s = _SOU.get(sou) or _suit(sou, 18)
    z = _HONOURS.get(honours) or _suit(honours, 27)
    found = []
    if m[0] + p[0] + s[0] + z[0] == 1:
        used = tuple(sorted({g.granted_by for g in meld_groups if g.granted_by})) if meld_groups else ()
        for a, b, c, d in product(m[1], p[1], s[1], z[1]):
            found.append(Decomposition(STANDARD, meld_groups + a + b + c + d, used))
    if meld_groups:
        return found
    if key.count(1) == 0 and key.count(3) == 0:
        found.append(Decomposition(SEVEN_PAIRS, _pairs(counts)))
    elif key.count(0) == _ORPHAN_ZEROS and _orphan_counts(key) in _ORPHAN_KEYS:
        found.append(Decomposition(THIRTEEN_ORPHANS, _orphans_groups(counts)))
    return found


def _suit(suit: bytes, base: int) -> _SuitEntry:
    """One suit's number of pairs and its splits, memoised; a suit that does not split is
    ``_NO_SPLIT`` and is not stored."""
    memo = _SUIT_MEMO[base]
    entry = memo.get(suit)
    if entry is None:
        pairs = (_HONOUR_KEYS if len(suit) == HONOUR_SIZE else _NUMBER_KEYS).get(suit)
        if pairs is None:
            return _NO_SPLIT
        entry = memo[suit] = (pairs, suit_parts(suit, base))
    return entry


def is_complete(
    concealed: Iterable[int], melds: Sequence[Meld] = (), grants: Sequence[ShapeGrant] = ()
) -> bool:
    """Whether the hand (concealed tiles incl. the winning tile, and melds) is complete; input errors
    as for :func:`decompose`."""
    counts = _checked_counts(concealed, melds, complete=True)
    return is_complete_granted(counts, tuple(melds), tuple(grants))


def is_complete_granted(counts: list[int], melds: tuple[Meld, ...], grants: tuple[ShapeGrant, ...]) -> bool:
    """:func:`is_complete` of concealed ``counts`` (34 per-kind counts, trusted) with ``melds`` and
    ``grants``: the test of :func:`decompose`, stopping at the first reading found (the order the
    grants are tried in changes which readings come first, never whether there is one)."""
    if is_complete_counts(counts, len(melds)):
        return True
    if not grants:
        return False
    if melds:
        free = _free_grants(melds, list(grants))
        exposed = any(m.exposed for m in melds)
        return any(_granted(counts, free, STANDARD, exposed, 1, _plain_standard, _unsplit_suits))
    return (
        any(_granted(counts, grants, STANDARD, False, 1, _plain_standard, _unsplit_suits))
        or any(_granted(counts, grants, SEVEN_PAIRS, False, 7, _plain_pairs, _unpaired_suits))
        or any(g.rule.match is not None and g.rule.match(counts, g.values) for g in grants)
    )


def waits(
    concealed: Iterable[int], melds: Sequence[Meld] = (), grants: Sequence[ShapeGrant] = ()
) -> frozenset[int]:
    """The faces that would complete a hand one tile short (``13 - 3 * melds`` concealed tiles),
    with the holder's grants.

    A face of which the hand already holds all four copies (concealed or
    declared) is no wait: no fifth copy exists.
    """
    counts = _checked_counts(list(concealed), melds, complete=False)
    if grants:
        return _granted_waits(bytes(counts), tuple(melds), tuple(grants))
    held = list(_held(counts, melds))
    found: set[int] = set()
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if is_complete_counts(counts, len(melds)):
            found.add(k)
        counts[k] -= 1
    return frozenset(found)


@lru_cache(maxsize=_MEMO_SIZE)
def _granted_waits(key: bytes, melds: tuple[Meld, ...], grants: tuple[ShapeGrant, ...]) -> frozenset[int]:
    """:func:`waits` of checked counts with grants, memoised (C-16's single wait is asked at every
    judgement of the same hand)."""
    counts = bytearray(key)
    held = _held(list(counts), melds)
    found: set[int] = set()
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if _granted_readings(bytes(counts), melds, grants):
            found.add(k)
        counts[k] -= 1
    return frozenset(found)


def single_wait_on_pair(
    concealed: Iterable[int], melds: Sequence[Meld] = (), grants: Sequence[ShapeGrant] = ()
) -> bool:
    """单钓将 (lib C-16): before the winning tile the hand waits on exactly one face, and that face
    completes the pair of a standard-form reading.  Seven pairs has no 将 (CARD-INVENTORY H23)."""
    tiles = list(concealed)
    faces = waits(tiles, melds, grants)
    if len(faces) != 1:
        return False
    (face,) = faces
    for d in decompose([*tiles, face], melds, grants):
        pair = d.pair
        if d.form == STANDARD and pair is not None and face in pair.tiles:
            return True
    return False


def _checked_counts(concealed: Iterable[int], melds: Sequence[Meld], complete: bool) -> list[int]:
    tiles = concealed if isinstance(concealed, list) else list(concealed)
    counts = [0] * ALL_KINDS
    try:
        for t in tiles:
            counts[t] += 1
    except (IndexError, TypeError):
        counts[-1] = 1
    if any(counts[NUM_KINDS:]):
        bad = next(t for t in tiles if not (isinstance(t, int) and 0 <= t < NUM_KINDS))
        raise InputError(f"hand: tile {bad!r} is not a suit or honour tile (flowers are set aside)")
    del counts[NUM_KINDS:]
    if len(melds) > 4:
        raise InputError(f"hand: {len(melds)} melds; a hand has at most 4")
    need = (14 if complete else 13) - 3 * len(melds)
    if len(tiles) != need:
        raise InputError(
            f"hand: {len(tiles)} concealed tiles and {len(melds)} meld(s); "
            f"{'a complete hand' if complete else 'a hand waiting for a tile'} needs {need}"
        )
    held = _held(counts, melds)
    if max(held) > 4:
        over = held.index(max(held))
        raise InputError(f"hand: {held[over]} copies of {format_one(over)}; the set has 4")
    return counts


def _held(counts: list[int], melds: Sequence[Meld]) -> list[int]:
    """Every copy the player holds, concealed or declared."""
    if not melds:
        return counts
    held = list(counts)
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    return held


def _meld_groups(
    melds: Sequence[Meld], grants: list[ShapeGrant]
) -> tuple[tuple[Group, ...], list[ShapeGrant]]:
    """The declared melds as groups.  A chi that is not a plain run stands as the declarable shape
    it matches and uses up a grant of that shape if one is held (lib P-01)."""
    free = list(grants)
    groups: list[Group] = []
    for meld in melds:
        shape, source = "plain", None
        if meld.kind is MeldKind.CHI and not is_plain_run(meld.tiles):
            shape = next(
                r.name for r in SHAPES.values() if r.declarable and _is_candidate(r.name, meld.tiles)
            )
            grant = next((g for g in free if g.shape == shape), None)
            if grant is not None:
                free.remove(grant)
                source = grant.source
        groups.append(Group(_MELD_SET[meld.kind], meld.tiles, meld.tiles, shape, meld.kind, source))
    return tuple(sorted(groups, key=group_order)), free


def _free_grants(melds: Sequence[Meld], grants: list[ShapeGrant]) -> list[ShapeGrant]:
    """The grants a declared chi that is not a plain run leaves free (:func:`_meld_groups`, lib P-01)."""
    if all(m.kind is not MeldKind.CHI or is_plain_run(m.tiles) for m in melds):
        return grants
    return _meld_groups(melds, grants)[1]


def _is_candidate(shape: str, tiles: tuple[int, ...]) -> bool:
    return any(c.tiles == tiles for c in SHAPES[shape].candidates)


def _plain_standard(counts: Sequence[int], prefix: tuple[Group, ...] = ()) -> Iterator[tuple[Group, ...]]:
    """Plain splits of ``counts`` into sets and pairs, with exactly one pair among ``prefix`` and
    the split."""
    key = bytes(counts)
    pairs = (
        _HONOUR_KEYS.get(key[27:34], 9)
        + _NUMBER_KEYS.get(key[0:9], 9)
        + _NUMBER_KEYS.get(key[9:18], 9)
        + _NUMBER_KEYS.get(key[18:27], 9)
    )
    if sum(g.kind is SetKind.PAIR for g in prefix) + pairs != 1:
        return
    entries = [_suit(key[lo:hi], lo) for lo, hi in _SUITS]
    for man, pin, sou, honours in product(*(parts for _, parts in entries)):
        yield prefix + man + pin + sou + honours


def _unsplit_suits(counts: list[int]) -> int:
    """The suits (a bit each, in ``_SUITS`` order) whose tiles split into no sets and at most one pair."""
    key = bytes(counts)
    numbers = _NUMBER_KEYS
    return (
        (key[0:9] not in numbers)
        | (key[9:18] not in numbers) << 1
        | (key[18:27] not in numbers) << 2
        | (key[27:34] not in _HONOUR_KEYS) << 3
    )


def _plain_pairs(counts: Sequence[int], prefix: tuple[Group, ...] = ()) -> Iterator[tuple[Group, ...]]:
    """Seven pairs: every face held an even number of times; four of a face are two pairs."""
    if not any(n % 2 for n in counts):
        yield prefix + _pairs(counts)


def _unpaired_suits(counts: list[int]) -> int:
    """The suits (a bit each, in ``_SUITS`` order) holding a face an odd number of times."""
    odd = bytes(counts).translate(_PARITY)
    return (1 in odd[0:9]) | (1 in odd[9:18]) << 1 | (1 in odd[18:27]) << 2 | (1 in odd[27:34]) << 3


def _pairs(counts: Sequence[int]) -> tuple[Group, ...]:
    return tuple(Group(SetKind.PAIR, (k, k), (k, k)) for k, n in enumerate(counts) for _ in range(n // 2))


def _orphans_groups(counts: Sequence[int]) -> tuple[Group, ...]:
    double = next(k for k in ORPHANS if counts[k] == 2)
    singles = tuple(k for k in ORPHANS if k != double)
    return (Group(SetKind.PAIR, (double, double), (double, double)), Group(SetKind.LOOSE, singles, singles))


def _granted(
    counts: list[int],
    grants: Sequence[ShapeGrant],
    form: str,
    exposed: bool,
    max_pairs: int,
    rest: _Rest,
    spoiled: _Spoiled,
) -> Iterator[tuple[Group, ...]]:
    """Readings in ``form`` that use at least one grant: bent groups from the grants, each used at
    most once, then the plain rest.  The rest cannot read a suit that ``spoiled`` names unless the
    last grant's group takes tiles of it, so no other group of that grant is tried."""
    real = [g for g in grants if _usable(g, form, exposed)]
    if not real:
        return iter(())
    shapes = [_candidate_masks(g.rule) for g in real]
    present = [shape.present(counts) for shape in shapes]
    last = len(real) - 1

    def walk(i: int, bent: tuple[Group, ...], pairs: int) -> Iterator[tuple[Group, ...]]:
        if i == len(real):
            if bent:
                yield from rest(counts, bent)
            return
        yield from walk(i + 1, bent, pairs)
        grant, shape = real[i], shapes[i]
        tried = shape.touching(spoiled(counts), present[i]) if i == last else present[i]
        for cand in shape.picked(tried):
            more = cand.kind is SetKind.PAIR
            if pairs + more > max_pairs or not _take(counts, cand.tiles):
                continue
            group = Group(cand.kind, cand.tiles, cand.treated, grant.shape, None, grant.source)
            yield from walk(i + 1, (*bent, group), pairs + more)
            for t in cand.tiles:
                counts[t] += 1

    return walk(0, (), 0)


def _usable(grant: ShapeGrant, form: str, exposed: bool) -> bool:
    rule = grant.rule
    return not rule.is_form and form in rule.forms and not (rule.needs_concealed and exposed)


@dataclass(frozen=True, slots=True)
class _CandidateMasks:
    """A shape's candidates as bits, in the shape's order: ``short[k][n]`` marks the candidates that
    need more than ``n`` copies of face ``k``; ``suits[s]`` those with a tile of suit ``s`` (in
    ``_SUITS`` order)."""

    candidates: tuple[Candidate, ...]
    every: int
    short: tuple[tuple[int, ...], ...]
    suits: tuple[int, ...]

    def present(self, counts: list[int]) -> int:
        """The candidates whose every tile ``counts`` hold."""
        return self.every & ~reduce(or_, map(getitem, self.short, counts), 0)

    def touching(self, suits: int, among: int) -> int:
        """The candidates of ``among`` with a tile of every suit of ``suits`` (a bit each)."""
        for s, touching in enumerate(self.suits):
            if suits >> s & 1:
                among &= touching
        return among

    def picked(self, bits: int) -> Iterator[Candidate]:
        """The candidates of ``bits``, in the shape's order."""
        while bits:
            low = bits & -bits
            yield self.candidates[low.bit_length() - 1]
            bits ^= low


_MASKS: dict[str, _CandidateMasks] = {}
"""Each shape's :class:`_CandidateMasks`, built at its first use (one per shape name)."""


def _candidate_masks(rule: ShapeRule) -> _CandidateMasks:
    """The :class:`_CandidateMasks` of ``rule``'s candidates, built once."""
    known = _MASKS.get(rule.name)
    if known is not None and known.candidates is rule.candidates:
        return known
    short = [[0] * 5 for _ in range(NUM_KINDS)]
    suits = [0] * len(_SUITS)
    for bit, candidate in enumerate(rule.candidates):
        for k in set(candidate.tiles):
            suits[min(k // 9, 3)] |= 1 << bit
            for n in range(candidate.tiles.count(k)):
                short[k][n] |= 1 << bit
    every = (1 << len(rule.candidates)) - 1
    known = _CandidateMasks(rule.candidates, every, tuple(map(tuple, short)), tuple(suits))
    _MASKS[rule.name] = known
    return known


def _take(counts: list[int], tiles: tuple[int, ...]) -> bool:
    """Remove ``tiles`` from ``counts`` if all are there."""
    for j, t in enumerate(tiles):
        if counts[t] == 0:
            for u in tiles[:j]:
                counts[u] += 1
            return False
        counts[t] -= 1
    return True


def _decomposition(form: str, groups: tuple[Group, ...]) -> Decomposition:
    ordered = tuple(sorted(groups, key=group_order))
    used = tuple(sorted({g.granted_by for g in ordered if g.granted_by}))
    return Decomposition(form, ordered, used)


def _decomposition_order(d: Decomposition) -> tuple[int, str, tuple[tuple[object, ...], ...]]:
    return (_FORM_ORDER.get(d.form, 3), d.form, tuple(group_order(g) for g in d.groups))
