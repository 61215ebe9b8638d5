"""The face words of a hand condition: the physical tiles of the whole win, declared melds included
(a kong counts four), flowers not ("全部牌", "完整牌型"; §9.5, CARD-INVENTORY §5, H23).

Each word's evaluation stands right above its declaration."""

from __future__ import annotations

from collections import Counter

from engine.core.tiles import NUMBER_SUITS, is_number, number_of, suit_of
from engine.hextech.conditions.hand_reading import (
    WIN_TILES,
    Arg,
    Const,
    Expression,
    Param,
    PredicateSpec,
    WinFacts,
    filter_kinds,
    fixed_filter,
)


def _tiles(facts: WinFacts, where: Arg) -> int:
    test = filter_kinds(where, facts)
    return sum(1 for t in facts.tiles if t in test)


def _fast_tiles(const: Const, where: Arg) -> Expression | None:
    test = fixed_filter(where)
    if test is None:
        return None
    others = const(bytes(k for k in range(256) if k not in test))
    return f"len(facts.faces.translate(None, {others}))", "int"


TILES = PredicateSpec(
    "tiles",
    "int",
    (Param("where", "tile_filter"),),
    "Physical tiles of the whole win (melds included, flowers not) passing the filter.",
    _tiles,
    _fast_tiles,
    (0, WIN_TILES),
)


def _distinct_faces(facts: WinFacts) -> int:
    return len(set(facts.tiles))


DISTINCT_FACES = PredicateSpec(
    "distinct_faces",
    "int",
    (),
    "Different physical faces among the tiles of the win (不同牌面).",
    _distinct_faces,
    lambda const: ("len(set(facts.faces))", "int"),
    (1, 14),
)


def _max_suit_tiles(facts: WinFacts) -> int:
    per_suit = Counter(suit_of(t) for t in facts.tiles if is_number(t))
    return max(per_suit.values(), default=0)


MAX_SUIT_TILES = PredicateSpec(
    "max_suit_tiles",
    "int",
    (),
    "The most tiles of the win that belong to one number suit.",
    _max_suit_tiles,
    values=(0, WIN_TILES),
)


def _number_suits(facts: WinFacts) -> int:
    return len({suit_of(t) for t in facts.tiles if is_number(t)})


_SUIT_CODE = bytes(k // 9 if k < 27 else 3 for k in range(256))
"""A face's number suit (0, 1, 2), 3 for any other."""


def _quick_number_suits(facts: WinFacts) -> int:
    suits = facts.faces.translate(_SUIT_CODE)
    return (0 in suits) + (1 in suits) + (2 in suits)


NUMBER_SUITS_WORD = PredicateSpec(
    "number_suits",
    "int",
    (),
    "How many of the number suits m, p, s appear among the tiles of the win.",
    _number_suits,
    lambda const: (f"{const(_quick_number_suits)}(facts)", "int"),
    (0, 3),
)


def _suits_with_numbers(facts: WinFacts, *numbers: int) -> int:
    present = {(suit_of(t), number_of(t)) for t in facts.tiles if is_number(t)}
    return sum(1 for suit in NUMBER_SUITS if all((suit, n) in present for n in numbers))


def _fast_suits_with_numbers(const: Const, *numbers: int) -> Expression:
    needs = const(tuple(frozenset(base + n - 1 for n in numbers) for base in (0, 9, 18)))
    return f"sum(1 for need in {needs} if need.issubset(facts.faces))", "int"


SUITS_WITH_NUMBERS = PredicateSpec(
    "suits_with_numbers",
    "int",
    (Param("numbers", "number", variadic=True),),
    "Number suits holding at least one tile of every given number: `suits_with_numbers(1, 9)`.",
    _suits_with_numbers,
    _fast_suits_with_numbers,
    (0, 3),
)

WORDS = (TILES, DISTINCT_FACES, MAX_SUIT_TILES, NUMBER_SUITS_WORD, SUITS_WITH_NUMBERS)
"""The words of this family, in the order the reference lists them."""
