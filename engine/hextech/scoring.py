"""The score of one win under §13, and the contract gate of §9 that makes a hu legal.

A win scores (§13.2):

* hu order: 4 / 3 / 2 for the first, second, third winner (§13.3);
* the contract bonus: 1 (normal) or 3 (black), only if the contract is
  completed and not abandoned (§13.4);
* self-draw: 1, not for 天胡 (§13.5, §13.10.5);
* add-ons, each kind stacking on the others (§13.13.1), all together at most 5 (§13.7): kong
  points as earned in the round (at most 2, §13.9.5), hand patterns (at most 4, §13.11.10), special
  wins (at most 2, §13.10.7), flower sets (§13.12), points an augment gives
  directly (§5.4), the treasure bonus (§13.6) and items a module adds.  The
  caps clip in that order, as §13.7's example does (暗杠, 清一色 and 门清
  reach 5; 杠上开花 then adds nothing);
* the penalty of an abandoned black contract, −1, outside every cap (§13.14).

The gate (§9, §9.8, §10.2, §12.3): a hu is legal only if the contract is
completed (a public one by the table's flag, any one by its hand condition on
some reading of the win), was abandoned, or the hand is 天胡/地胡, which bypass
the gate and earn the bonus only if the contract is actually met.  A contract
whose prohibited call was made cannot be completed (§9.7).  Of the readings
that make the hu legal the scorer takes the one that scores most.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from engine.core.errors import InputError
from engine.core.groups import Decomposition, group_order
from engine.core.hand import decompose, single_wait_on_pair
from engine.core.melds import Meld, MeldKind
from engine.core.shapes import ShapeGrant
from engine.core.tiles import Suit, format_tiles
from engine.hextech.conditions.hand_reading import WinBy, WinFacts
from engine.hextech.contracts import ContractTerms
from engine.hextech.hookspecs import ScoreContribution
from engine.hextech.predicates import Condition, Test, compiled, mentions
from engine.hextech.score_items import (
    ABANDON_BLACK,
    AUGMENT,
    CAPS,
    CONTRACT_BONUS,
    EXCLUDES,
    FLOWER_SETS,
    HU_ORDER,
    KONGS,
    PATTERNS,
    SELF_DRAW,
    SPECIAL_WIN_NEEDS,
    SPECIAL_WINS,
    TREASURE,
    ItemSpec,
)

SPECIAL_FLAGS: tuple[str, ...] = tuple(SPECIAL_WINS)
"""The flags a win may carry, one per special win (§13.10)."""


@dataclass(frozen=True)
class ScoreItem:
    """One line of a score: stable ``id``, rulebook ``name``, the ``points`` awarded, and the cap
    that clipped it (``kong``, ``special_win``, ``pattern``, ``add_on``, ``non_winner``) or ``None``."""

    id: str
    name: str
    points: int
    capped_by: str | None = None


@dataclass(frozen=True)
class ContractState:
    """The winner's contract as the table knows it at the hu.

    ``completed``: a public contract's completion as tracked by the table;
    ``abandoned``: given up at the window or by P-17 (§10.2); ``failed``: a
    failure condition was met (B-09, B-10, B-11, B-12, B-16), so it can no
    longer complete; ``penalty_settled``: the −1 of an abandoned black
    contract was already charged at the window, so the win does not repeat it;
    ``chosen_suit`` / ``chosen_number``: the holder's choice at reveal;
    ``revealed_kept``: revealed contract tiles still in the winning hand.
    """

    terms: ContractTerms
    completed: bool = False
    abandoned: bool = False
    failed: bool = False
    penalty_settled: bool = False
    chosen_suit: Suit | None = None
    chosen_number: str | None = None
    revealed_kept: int = 0


@dataclass(frozen=True)
class WinInput:
    """Everything the score of one win depends on.

    ``concealed`` holds the concealed tiles including the winning tile.
    ``kongs`` are the kongs that stood for this player this round, in the
    order established, as they earned kong points (§13.9; a robbed 加杠 or a
    kong of substituted tiles is left out, §13.9.4, §13.9.6); ``None`` reads
    them from ``melds`` (order unknown: 暗杠, 明杠, 加杠).  ``flags`` are names
    from :data:`SPECIAL_FLAGS`; ``grants`` the augment shapes the winner may
    use; ``direct_points`` what augments gave directly this round;
    ``is_treasure`` the winner's treasure test, ``None`` with the treasure
    module off; ``extra`` the items modules add.
    """

    concealed: tuple[int, ...]
    win_tile: int
    win_by: WinBy
    hu_order: int
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    contract: ContractState | None = None
    flags: frozenset[str] = frozenset()
    grants: tuple[ShapeGrant, ...] = ()
    kongs: tuple[MeldKind, ...] | None = None
    direct_points: int = 0
    is_treasure: Callable[[int], bool] | None = None
    before_abandon_window: bool = True
    extra: tuple[ScoreContribution, ...] = ()


@dataclass(frozen=True)
class ScoreResult:
    """A scored win: ``legal`` and its ``items`` and ``total``, the ``decomposition`` chosen; or
    ``legal`` false with the ``reason``."""

    legal: bool
    total: int = 0
    items: tuple[ScoreItem, ...] = ()
    decomposition: Decomposition | None = None
    reason: str = ""


@dataclass
class _Capper:
    """Applies the caps in order: an item's group cap, then the add-on cap (§13.7)."""

    outer: str
    left: dict[str, int] = field(default_factory=lambda: dict(CAPS))

    def take(self, spec: ItemSpec, points: int | None = None) -> ScoreItem:
        granted = spec.points if points is None else points
        capped_by = None
        group, outer, left = spec.group, self.outer, self.left
        if group is not None and granted > left[group]:
            granted, capped_by = left[group], group
        if granted > left[outer]:
            granted, capped_by = left[outer], outer
        if group is not None:
            left[group] -= granted
        left[outer] -= granted
        return ScoreItem(spec.id, spec.name, granted, capped_by)


def _kong_items(kongs: Sequence[MeldKind], capper: _Capper) -> list[ScoreItem]:
    """Kong points in the order the kongs stood, at most 2 a round (§13.9)."""
    return [capper.take(KONGS[k]) for k in kongs]


def score_non_winner(kongs: Sequence[MeldKind], direct_points: int = 0) -> tuple[ScoreItem, ...]:
    """What a player who does not win keeps: instant add-ons only (kong points, an augment's direct
    points), at most 2 (§13.8, §11 phase 6; example 5 of §13.15)."""
    capper = _Capper("non_winner")
    items = _kong_items(kongs, capper)
    if direct_points:
        items.append(capper.take(AUGMENT, direct_points))
    return tuple(items)


def total(items: Sequence[ScoreItem]) -> int:
    """The sum of the items' points."""
    return sum([item.points for item in items])


def _check(win: WinInput) -> None:
    if win.hu_order not in HU_ORDER:
        raise InputError(f"hu_order: {win.hu_order} is not 1, 2 or 3")
    if win.win_by not in ("ron", "tsumo"):
        raise InputError(f"win_by: {win.win_by!r} is not 'ron' or 'tsumo'")
    if win.win_tile not in win.concealed:
        raise InputError("win_tile: the winning tile is not among the concealed tiles")
    if not win.flags:
        return
    for flag in sorted(win.flags):
        if flag not in SPECIAL_WINS:
            raise InputError(f"flags: unknown flag {flag!r} (one of {', '.join(SPECIAL_FLAGS)})")
        if SPECIAL_WIN_NEEDS[flag] != win.win_by:
            raise InputError(f"flags: {flag} needs win_by {SPECIAL_WIN_NEEDS[flag]}")
    if {"heavenly", "earthly"} <= win.flags:
        raise InputError("flags: a hu cannot be both heavenly and earthly")
    if win.flags & {"heavenly", "earthly"} and win.melds:
        raise InputError("flags: heavenly and earthly hands have no melds (§13.10)")
    if "heavenly" in win.flags and win.hu_order != 1:
        raise InputError("flags: a heavenly hu is the round's first hu")


def _kongs(win: WinInput) -> tuple[MeldKind, ...]:
    if win.kongs is not None:
        return win.kongs
    if not win.melds:
        return ()
    rank = list(KONGS)
    return tuple(sorted((m.kind for m in win.melds if m.is_kong), key=rank.index))


def _grants(win: WinInput) -> tuple[ShapeGrant, ...]:
    """The shapes ``win`` is read with (:func:`hand_grants`, §9.9)."""
    return hand_grants(win.grants, win.contract)


def hand_grants(grants: tuple[ShapeGrant, ...], contract: ContractState | None) -> tuple[ShapeGrant, ...]:
    """The shapes a winning hand may be read with: the augment grants, plus the contract's own form
    while the contract is held (§9.9), with the number the holder wrote (B-15; none written: the
    card's own example)."""
    if contract is None or contract.abandoned or contract.terms.form is None:
        return grants
    return (*grants, written_form(contract.terms.form, contract.chosen_number))


@lru_cache(maxsize=64)
def written_form(form: ShapeGrant, number: str | None) -> ShapeGrant:
    """A contract's form with the holder's number, checked once per number (B-15)."""
    if "number" in form.rule.params and number is not None:
        return replace(form, params=(("number", number),))
    return form


def _facts(win: WinInput, reading: Decomposition, faces: bytes | None, single_wait: bool) -> WinFacts:
    """The win's :class:`WinFacts` for one reading; ``faces``: its physical tiles, when known."""
    state = win.contract
    return WinFacts(
        reading,
        win.win_tile,
        win.win_by,
        win.flowers,
        win.is_treasure,
        state.chosen_suit if state else None,
        state.chosen_number if state else None,
        single_wait,
        win.before_abandon_window,
        state.revealed_kept if state else 0,
        faces,
    )


def _faces(win: WinInput) -> bytes:
    """The physical tiles of a checked win, concealed and declared, as bytes."""
    if not win.melds:
        return bytes(win.concealed)
    return b"".join([bytes(win.concealed), *(bytes(m.tiles) for m in win.melds)])


def _met(state: ContractState, facts: WinFacts, melds: Sequence[Meld]) -> bool:
    """Whether the contract counts as completed with this reading of the win (§9.5, §9.7)."""
    terms = state.terms
    if state.failed or any(terms.forbids(m.kind) for m in melds):
        return False
    if terms.public and state.completed:
        return True
    return terms.met_at_hu(facts)


def _needs(condition: Condition | None, word: str) -> bool:
    return condition is not None and mentions(condition, word)


_PATTERN_TESTS: tuple[tuple[ItemSpec, Test], ...] = tuple((spec, compiled(cond)) for spec, cond in PATTERNS)
"""The hand patterns with their conditions compiled once."""


def _pattern_items(facts: WinFacts, capper: _Capper) -> list[ScoreItem]:
    found = [spec for spec, test in _PATTERN_TESTS if test(facts)]
    if not found:
        return []
    ruled_out = {other for spec in found for other in EXCLUDES.get(spec.id, ())}
    return [capper.take(spec) for spec in found if spec.id not in ruled_out]


def _flower_items(flowers: Sequence[int], capper: _Capper) -> list[ScoreItem]:
    held = set(flowers)
    found = [spec for spec, needed in FLOWER_SETS if needed <= held]
    ruled_out = {other for spec in found for other in EXCLUDES.get(spec.id, ())}
    return [capper.take(spec) for spec in found if spec.id not in ruled_out]


def _uncapped(spec: ItemSpec) -> ScoreItem:
    return ScoreItem(spec.id, spec.name, spec.points)


_HU_ORDER_ITEMS = {order: _uncapped(spec) for order, spec in HU_ORDER.items()}
_CONTRACT_ITEMS = {kind: _uncapped(spec) for kind, spec in CONTRACT_BONUS.items()}
_SELF_DRAW_ITEM = _uncapped(SELF_DRAW)
_ABANDON_ITEM = _uncapped(ABANDON_BLACK)


def _score(win: WinInput, facts: WinFacts, contract_met: bool) -> tuple[ScoreItem, ...]:
    items = [_HU_ORDER_ITEMS[win.hu_order]]
    state = win.contract
    if state is not None and contract_met and not state.abandoned:
        items.append(_CONTRACT_ITEMS[state.terms.kind])
    if win.win_by == "tsumo" and "heavenly" not in win.flags:
        items.append(_SELF_DRAW_ITEM)
    capper = _Capper("add_on")
    kongs = _kongs(win)
    if kongs:
        items += _kong_items(kongs, capper)
    items += _pattern_items(facts, capper)
    if win.flags:
        items += [capper.take(spec) for flag, spec in SPECIAL_WINS.items() if flag in win.flags]
    if win.flowers:
        items += _flower_items(win.flowers, capper)
    if win.direct_points:
        items.append(capper.take(AUGMENT, win.direct_points))
    if win.is_treasure is not None and any(win.is_treasure(t) for t in facts.tiles):
        items.append(capper.take(TREASURE))
    for extra in win.extra:
        spec = ItemSpec(extra.id, extra.name, extra.points)
        items.append(capper.take(spec) if extra.add_on else _uncapped(spec))
    if state is not None and state.abandoned and state.terms.kind == "black" and not state.penalty_settled:
        items.append(_ABANDON_ITEM)
    return tuple(items)


def _not_completed(terms: ContractTerms, melds: Sequence[Meld], failed: bool) -> str:
    broken = sorted({m.kind.value for m in melds if terms.forbids(m.kind)})
    if broken:
        return f"contract {terms.id} {terms.name} forbids {broken[0]}"
    if failed:
        return f"contract {terms.id} {terms.name} has failed"
    return f"contract {terms.id} {terms.name} is not completed"


def score_win(win: WinInput) -> ScoreResult:
    """Score one win (§13), or say why it is not a legal hu (§9).

    Raises :class:`engine.core.errors.InputError` for a description no table can
    produce (a bad tile count, a special win that contradicts the way of
    winning).
    """
    _check(win)
    grants = _grants(win)
    readings = decompose(win.concealed, win.melds, grants)
    if not readings:
        return ScoreResult(False, reason="not a complete hand")
    state = win.contract
    at_hu = state.terms.at_hu if state else None
    single_wait = False
    if _needs(at_hu, "single_wait_on_pair"):
        before = list(win.concealed)
        before.remove(win.win_tile)
        single_wait = single_wait_on_pair(before, win.melds, grants)
    bypass = bool(win.flags) and bool(win.flags & {"heavenly", "earthly"})
    best: tuple[Decomposition, tuple[ScoreItem, ...], int] | None = None
    best_order: tuple[tuple[object, ...], ...] | None = None
    # without grants every reading splits the same tiles; grants are left to count their own
    faces = None if grants else _faces(win)
    for reading in readings:
        facts = _facts(win, reading, faces, single_wait)
        met = state is not None and _met(state, facts, win.melds)
        if state is not None and not (met or state.abandoned or bypass):
            continue
        items = _score(win, facts, met)
        points = total(items)
        if best is None:
            best = (reading, items, points)
            continue
        # the reading that scores most, then uses fewest grants, then comes first in group order
        key, best_key = (-points, len(reading.grants_used)), (-best[2], len(best[0].grants_used))
        if key == best_key:
            if best_order is None:
                best_order = _group_orders(best[0])
            order = _group_orders(reading)
            if order < best_order:
                best, best_order = (reading, items, points), order
        elif key < best_key:
            best, best_order = (reading, items, points), None
    if best is None:
        assert state is not None
        return ScoreResult(False, reason=_not_completed(state.terms, win.melds, state.failed))
    return ScoreResult(True, best[2], best[1], best[0])


def _group_orders(reading: Decomposition) -> tuple[tuple[object, ...], ...]:
    return tuple(group_order(g) for g in reading.groups)


def describe(decomposition: Decomposition) -> list[str]:
    """The groups of a reading as text, e.g. ``pon 555p``, ``chow 123m``, ``pair 11z``,
    ``chow 135m as 123m by P-05``."""
    lines = []
    for group in decomposition.groups:
        word = group.meld.value if group.meld else group.kind.value
        text = f"{word} {format_tiles(group.tiles)}"
        if group.treated != group.tiles:
            text += f" as {format_tiles(group.treated)}"
        if group.granted_by:
            text += f" by {group.granted_by}"
        lines.append(text)
    return lines
