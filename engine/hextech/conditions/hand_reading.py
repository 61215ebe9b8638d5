"""What a word of a contract's hand condition reads: the facts of one win, the tile filters and set
kinds its arguments name, and the declaration every such word is made of (§9.5, lib 九–十).

Two readings of a hand (CARD-INVENTORY §5, H23):

* *structure* words (:mod:`engine.hextech.conditions.sets`) read the groups of the chosen
  decomposition by their **treated** identity, so a set a shape grant made counts as its base kind;
* *face* words (:mod:`engine.hextech.conditions.faces`) read the **physical** faces of every tile of
  the win, declared melds included (a kong counts four), flowers excluded ("全部牌", "完整牌型");

and the words of how the win came (:mod:`engine.hextech.conditions.win`) read the facts of the win
itself.

Arguments are identifiers, integers, tile strings (``5m``) or ``|``-joined
alternatives (a tuple).  A *tile filter* is any of :data:`TILE_CLASSES`,
``treasure`` (the treasure test of the win), ``chosen_suit`` (the suit chosen
at reveal, B-11), a tile string (that exact face) or an integer ``1..9``
(number tiles bearing that number); alternatives are a union.  A *set kind*
is ``chow``, ``pung``, ``kong``, ``pair`` or ``set`` (any of chow, pung,
kong: a 面子).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal, TypeAlias

from engine.core.groups import Decomposition, Group, SetKind
from engine.core.tiles import (
    NUM_KINDS,
    Suit,
    is_dragon,
    is_honor,
    is_number,
    is_terminal,
    is_wind,
    number_of,
    parse_one,
    suit_of,
)

Arg: TypeAlias = "str | int | tuple[str | int, ...]"
WinBy = Literal["ron", "tsumo"]


FactFields: TypeAlias = tuple[
    Decomposition,
    int,
    WinBy,
    tuple[int, ...],
    Callable[[int], bool] | None,
    Suit | None,
    str | None,
    bool,
    bool,
    int,
]
"""The fields of :class:`WinFacts`, as :meth:`WinFacts.fields` gives them."""
_FACT_FIELDS = (
    "decomposition",
    "win_tile",
    "win_by",
    "flowers",
    "is_treasure",
    "chosen_suit",
    "chosen_number",
    "single_wait_on_pair",
    "before_abandon_window",
    "revealed_kept",
)


class WinFacts:
    """What a contract may ask about one win (§9.5, §13).

    ``decomposition`` is the reading of the hand under test (declared melds
    are among its groups); ``win_tile`` the tile that completed it; ``win_by``
    ``tsumo`` for a self-draw (自摸), ``ron`` for a discard or a robbed kong;
    ``is_treasure`` the treasure test of the winner (§8; ``None`` with the
    module off); ``chosen_suit`` and ``chosen_number`` what the holder chose
    at reveal (B-11's suit, B-15's number); ``single_wait_on_pair`` whether the
    hand before the winning tile waited on exactly one face, as the pair
    (``engine.core.hand.single_wait_on_pair``); ``before_abandon_window`` whether
    the win comes before the abandon window opened (§10); ``revealed_kept``
    how many tiles the holder revealed for a contract are still used in the
    winning hand.  ``faces``: the physical tiles of the win as bytes, in any
    order, when the caller knows them (every reading of one hand holds the same
    tiles; a scorer makes facts for each reading of every win), else read from
    the decomposition when first asked.

    Its fields are :data:`~typing.Final` and it writes out its ``__init__``, so that the compiled
    build makes it a native class (docs/performance.md); the readings the words share are kept in it
    once worked out.
    """

    __slots__ = (
        "_faces",
        "_runs",
        "_tiles",
        "before_abandon_window",
        "chosen_number",
        "chosen_suit",
        "decomposition",
        "flowers",
        "is_treasure",
        "revealed_kept",
        "single_wait_on_pair",
        "win_by",
        "win_tile",
    )

    def __init__(
        self,
        decomposition: Decomposition,
        win_tile: int,
        win_by: WinBy,
        flowers: tuple[int, ...] = (),
        is_treasure: Callable[[int], bool] | None = None,
        chosen_suit: Suit | None = None,
        chosen_number: str | None = None,
        single_wait_on_pair: bool = False,
        before_abandon_window: bool = True,
        revealed_kept: int = 0,
        faces: bytes | None = None,
    ) -> None:
        self.decomposition: Final = decomposition
        self.win_tile: Final = win_tile
        self.win_by: Final = win_by
        self.flowers: Final = flowers
        self.is_treasure: Final = is_treasure
        self.chosen_suit: Final = chosen_suit
        self.chosen_number: Final = chosen_number
        self.single_wait_on_pair: Final = single_wait_on_pair
        self.before_abandon_window: Final = before_abandon_window
        self.revealed_kept: Final = revealed_kept
        self._faces: bytes | None = faces
        self._tiles: tuple[int, ...] | None = None
        self._runs: set[int] | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        """Every physical tile of the win, melds included (a kong counts four), sorted."""
        tiles = self._tiles
        if tiles is None:
            tiles = tuple(sorted([t for g in self.decomposition.groups for t in g.tiles]))
            self._tiles = tiles
        return tiles

    @property
    def groups(self) -> tuple[Group, ...]:
        """The groups of the decomposition under test."""
        return self.decomposition.groups

    @property
    def faces(self) -> bytes:
        """Every physical tile of the win, one byte each (in group order when read from the groups):
        the face words count on it."""
        faces = self._faces
        if faces is None:
            faces = bytes([t for g in self.decomposition.groups for t in g.tiles])
            self._faces = faces
        return faces

    @property
    def runs(self) -> set[int]:
        """The lowest treated tile of every chow that is a run n, n+1, n+2 of one number suit."""
        runs = self._runs
        if runs is None:
            runs = set()
            for group in self.decomposition.groups:
                if group.kind is _CHOW:
                    treated = group.treated
                    if len(treated) == 3:
                        low, mid, high = treated if treated[0] < treated[1] < treated[2] else sorted(treated)
                        if mid == low + 1 and high == low + 2 and high < 27 and low // 9 == high // 9:
                            runs.add(low)
            self._runs = runs
        return runs

    def fields(self) -> FactFields:
        return (
            self.decomposition,
            self.win_tile,
            self.win_by,
            self.flowers,
            self.is_treasure,
            self.chosen_suit,
            self.chosen_number,
            self.single_wait_on_pair,
            self.before_abandon_window,
            self.revealed_kept,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WinFacts) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(_FACT_FIELDS, self.fields(), strict=True)
        )
        return f"WinFacts({shown})"


_CHOW = SetKind.CHOW


ArgKind = Literal["set_kinds", "tile_filter", "number", "form"]


@dataclass(frozen=True)
class Param:
    """One parameter of a predicate: its name, what it accepts, and whether it may be left out.

    ``variadic`` takes every remaining argument (at least one).
    """

    name: str
    kind: ArgKind
    optional: bool = False
    variadic: bool = False


Yields = Literal["bool", "int", "any"]
"""What a compiled expression of a word yields: exactly a bool, exactly an int, or whatever the
word's evaluation returns."""

Expression: TypeAlias = tuple[str, Yields]
"""A word's expression in a compiled condition: its Python text over ``facts``, and what it yields."""

Const: TypeAlias = Callable[[object], str]
"""Binds a value into a compiled condition and gives the name the expression's text calls it by."""

Fast: TypeAlias = Callable[..., "Expression | None"]
"""A word's specialised expression, given ``const`` and checked arguments; ``None``: call the word's
evaluation instead."""


@dataclass(frozen=True)
class PredicateSpec:
    """One word of a hand condition, declared with its evaluation: its name, whether it yields a
    number or a truth, its arguments, its text for the reference, ``fn`` (the facts of a win and the
    arguments in, the answer out), ``fast`` (a specialised expression the compiled condition writes
    instead of calling ``fn``, when it has one) and ``values`` (for a number, the values it can take
    on a win, both ends included: what ``hexmj tune`` may compare it with, issue 34, R650)."""

    name: str
    returns: Literal["bool", "int"]
    params: tuple[Param, ...]
    doc: str
    fn: Callable[..., int | bool]
    fast: Fast | None = None
    values: tuple[int, int] | None = None


WIN_TILES = 18
"""The most tiles a win holds: 14, and one more for each of four kongs (§12)."""


# ---- tile filters ------------------------------------------------------------


def _kinds(test: Callable[[int], bool]) -> frozenset[int]:
    return frozenset(k for k in range(NUM_KINDS) if test(k))


def _face(kind: int) -> Callable[[int], bool]:
    return lambda k: k == kind


TILE_CLASSES: dict[str, Callable[[int], bool]] = {
    "any": lambda k: 0 <= k < NUM_KINDS,
    "number": is_number,
    "honour": is_honor,
    "wind": is_wind,
    "dragon": is_dragon,
    "terminal": is_terminal,
    "orphan": lambda k: is_terminal(k) or is_honor(k),
    "simple": lambda k: is_number(k) and not is_terminal(k),
    "man": lambda k: suit_of(k) is Suit.MAN,
    "pin": lambda k: suit_of(k) is Suit.PIN,
    "sou": lambda k: suit_of(k) is Suit.SOU,
    **{name: _face(27 + i) for i, name in enumerate(("east", "south", "west", "north"))},
    **{name: _face(31 + i) for i, name in enumerate(("white", "green", "red"))},
}
"""Tile classes a filter may name, as tests on kinds; ``treasure`` and ``chosen_suit`` depend on
the win."""

_CLASS_KINDS: dict[str, frozenset[int]] = {name: _kinds(test) for name, test in TILE_CLASSES.items()}

TREASURE: Final = "treasure"
"""The filter word of a player's treasure tiles (§8.2): the faces a module marks with it
(``hexmj_tile_marks``), which the §13.6 bonus and the cards' ``treasure`` filter read."""

FACT_FILTERS: tuple[str, ...] = (TREASURE, "chosen_suit")

SET_KINDS: dict[str, frozenset[SetKind]] = {
    "chow": frozenset({SetKind.CHOW}),
    "pung": frozenset({SetKind.PUNG}),
    "kong": frozenset({SetKind.KONG}),
    "pair": frozenset({SetKind.PAIR}),
    "set": frozenset({SetKind.CHOW, SetKind.PUNG, SetKind.KONG}),
}
"""Set kinds a predicate may name; ``set`` is any 面子 (chow, pung or kong)."""


def alternatives(arg: Arg) -> tuple[str | int, ...]:
    """The ``|``-joined atoms of an argument (one atom alone)."""
    return arg if isinstance(arg, tuple) else (arg,)


@cache
def fixed_kinds(atom: str | int) -> frozenset[int]:
    """The kinds of a filter atom that does not depend on the win."""
    if isinstance(atom, int):
        return _kinds(lambda k: is_number(k) and number_of(k) == atom)
    if atom in _CLASS_KINDS:
        return _CLASS_KINDS[atom]
    return frozenset({parse_one(atom)})


def _one_filter(atom: str | int, facts: WinFacts) -> frozenset[int]:
    if atom == "treasure":
        return _kinds(facts.is_treasure) if facts.is_treasure else frozenset()
    if atom == "chosen_suit":
        chosen = facts.chosen_suit
        return _kinds(lambda k: suit_of(k) is chosen)
    return fixed_kinds(atom)


def filter_kinds(arg: Arg, facts: WinFacts) -> frozenset[int]:
    """The kinds the tile filter ``arg`` admits (a union over ``|`` alternatives)."""
    atoms = alternatives(arg)
    if len(atoms) == 1:
        return _one_filter(atoms[0], facts)
    return frozenset().union(*(_one_filter(atom, facts) for atom in atoms))


def set_kinds(arg: Arg) -> frozenset[SetKind]:
    """The set kinds an argument names (a union over ``|`` alternatives)."""
    return frozenset().union(*(SET_KINDS[str(atom)] for atom in alternatives(arg)))


def sets(facts: WinFacts, kinds: Arg, where: Arg = "any") -> list[Group]:
    """The groups of the reading of those set kinds whose treated tiles all pass the filter."""
    wanted = set_kinds(kinds)
    test = filter_kinds(where, facts)
    return [g for g in facts.groups if g.kind in wanted and all(t in test for t in g.treated)]


def number_suit(group: Group) -> Suit | None:
    """The one number suit of the group's treated tiles, ``None`` for honours or mixed suits."""
    suits = {suit_of(t) for t in group.treated}
    if len(suits) == 1 and is_number(group.treated[0]):
        return suits.pop()
    return None


def chow_numbers(group: Group) -> tuple[int, ...]:
    """The numbers of the group's treated tiles, sorted."""
    return tuple(sorted(number_of(t) for t in group.treated))


def fixed_filter(where: Arg) -> frozenset[int] | None:
    """The kinds of a tile filter that does not depend on the win, ``None`` for one that does."""
    atoms = alternatives(where)
    if any(atom in FACT_FILTERS for atom in atoms):
        return None
    return frozenset().union(*(fixed_kinds(atom) for atom in atoms))
