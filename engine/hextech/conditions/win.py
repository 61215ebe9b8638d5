"""The words of how the win came: by self-draw or not, concealed or not, on a single wait on the pair,
before the abandon window, with the contract's revealed tiles kept (§9.5, §10, §13.5, §13.11.1).

Each word's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.core.groups import STANDARD
from engine.core.melds import MeldKind
from engine.hextech.conditions.hand_reading import PredicateSpec, WinFacts


def _self_draw(facts: WinFacts) -> bool:
    return facts.win_by == "tsumo"


SELF_DRAW = PredicateSpec("self_draw", "bool", (), "The win is a self-draw (自摸, §13.5).", _self_draw)


def _concealed(facts: WinFacts) -> bool:
    return all(g.meld in (None, MeldKind.ANKAN) for g in facts.groups)


_CONCEALED_MELDS = (None, MeldKind.ANKAN)


def _quick_concealed(facts: WinFacts) -> bool:
    for group in facts.decomposition.groups:  # noqa: SIM110 - a loop is quicker than all() of a generator
        if group.meld not in _CONCEALED_MELDS:
            return False
    return True


CONCEALED = PredicateSpec(
    "concealed",
    "bool",
    (),
    "No chi, pon or exposed kong among the melds (门清; a concealed kong is allowed, §13.11.1).",
    _concealed,
    lambda const: (f"{const(_quick_concealed)}(facts)", "bool"),
)


def _single_wait_on_pair(facts: WinFacts) -> bool:
    pair = facts.decomposition.pair
    return (
        facts.single_wait_on_pair
        and facts.decomposition.form == STANDARD
        and pair is not None
        and facts.win_tile in pair.tiles
    )


SINGLE_WAIT_ON_PAIR = PredicateSpec(
    "single_wait_on_pair",
    "bool",
    (),
    "Standard form, and before the winning tile the hand waited on exactly one face, as the pair.",
    _single_wait_on_pair,
)


def _before_abandon_window(facts: WinFacts) -> bool:
    return facts.before_abandon_window


BEFORE_ABANDON_WINDOW = PredicateSpec(
    "before_abandon_window",
    "bool",
    (),
    "The win comes before the abandon window opened (§10).",
    _before_abandon_window,
)


def _revealed_kept(facts: WinFacts) -> int:
    return facts.revealed_kept


REVEALED_KEPT = PredicateSpec(
    "revealed_kept",
    "int",
    (),
    "Tiles revealed for the contract that are still used in the winning hand's sets or pair.",
    _revealed_kept,
    values=(0, 14),
)

WORDS = (SELF_DRAW, CONCEALED, SINGLE_WAIT_ON_PAIR, BEFORE_ABANDON_WINDOW, REVEALED_KEPT)
"""The words of this family, in the order the reference lists them."""
