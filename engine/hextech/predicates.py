"""The hand-predicate vocabulary in which contracts state their conditions (§9, lib 九–十).

A condition is a small expression tree: named predicates from
:data:`REGISTRY` combined with ``all`` / ``any`` / ``not`` and compared with
integers.  The card language compiles ``complete at hu when …`` into these
nodes; :func:`compiled` makes each once into the one function that answers it against the facts of
one win.

Two readings of a hand (CARD-INVENTORY §5, H23):

* *structure* words (``count``, ``distinct_sets``, ``has_chow``,
  ``same_number_chows_different_suits``, ``suits_with``, ``pair``, ``form``)
  read the groups of the chosen decomposition by their **treated** identity,
  so a set a shape grant made counts as its base kind;
* *face* words (``tiles``, ``distinct_faces``, ``max_suit_tiles``,
  ``number_suits``, ``suits_with_numbers``) read the **physical** faces of
  every tile of the win, declared melds included (a kong counts four),
  flowers excluded ("全部牌", "完整牌型").

Arguments are identifiers, integers, tile strings (``5m``) or ``|``-joined
alternatives (a tuple).  A *tile filter* is any of :data:`TILE_CLASSES`,
``treasure`` (the treasure test of the win), ``chosen_suit`` (the suit chosen
at reveal, B-11), a tile string (that exact face) or an integer ``1..9``
(number tiles bearing that number); alternatives are a union.  A *set kind*
is ``chow``, ``pung``, ``kong``, ``pair`` or ``set`` (any of chow, pung,
kong: a 面子).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final, Literal, TypeAlias, cast

from engine.core.errors import CardError
from engine.core.groups import STANDARD, Decomposition, Group, SetKind
from engine.core.melds import MeldKind
from engine.core.tiles import (
    NUM_KINDS,
    NUMBER_SUITS,
    Suit,
    TileSyntaxError,
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
CompareOp = Literal[">=", ">", "==", "!=", "<=", "<"]
WinBy = Literal["ron", "tsumo"]


@dataclass(frozen=True)
class Call:
    """A named predicate or measure from :data:`REGISTRY` with its arguments."""

    name: str
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True)
class Compare:
    """A measure compared with an integer, e.g. ``count(chow) >= 2``."""

    left: Call
    op: CompareOp
    right: int


@dataclass(frozen=True)
class All:
    """Every part holds."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf:
    """At least one part holds."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class Not:
    """The part does not hold."""

    part: Condition


Condition: TypeAlias = "Call | Compare | All | AnyOf | Not"


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


@dataclass(frozen=True)
class PredicateSpec:
    """One word of the vocabulary: its name, whether it yields a number or a truth, its arguments."""

    name: str
    returns: Literal["bool", "int"]
    params: tuple[Param, ...]
    doc: str
    fn: Callable[..., int | bool]


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

_MELDED: frozenset[SetKind] = SET_KINDS["set"]


def _alternatives(arg: Arg) -> tuple[str | int, ...]:
    return arg if isinstance(arg, tuple) else (arg,)


@cache
def _fixed_kinds(atom: str | int) -> frozenset[int]:
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
    return _fixed_kinds(atom)


def filter_kinds(arg: Arg, facts: WinFacts) -> frozenset[int]:
    """The kinds the tile filter ``arg`` admits (a union over ``|`` alternatives)."""
    atoms = _alternatives(arg)
    if len(atoms) == 1:
        return _one_filter(atoms[0], facts)
    return frozenset().union(*(_one_filter(atom, facts) for atom in atoms))


def _set_kinds(arg: Arg) -> frozenset[SetKind]:
    return frozenset().union(*(SET_KINDS[str(atom)] for atom in _alternatives(arg)))


def _sets(facts: WinFacts, kinds: Arg, where: Arg = "any") -> list[Group]:
    wanted = _set_kinds(kinds)
    test = filter_kinds(where, facts)
    return [g for g in facts.groups if g.kind in wanted and all(t in test for t in g.treated)]


def _number_suit(group: Group) -> Suit | None:
    suits = {suit_of(t) for t in group.treated}
    if len(suits) == 1 and is_number(group.treated[0]):
        return suits.pop()
    return None


def _chow_numbers(group: Group) -> tuple[int, ...]:
    return tuple(sorted(number_of(t) for t in group.treated))


# ---- the words -----------------------------------------------------------------


def _count(facts: WinFacts, kinds: Arg, where: Arg = "any") -> int:
    return len(_sets(facts, kinds, where))


def _distinct_sets(facts: WinFacts, kinds: Arg, where: Arg = "any") -> int:
    return len({tuple(sorted(g.treated)) for g in _sets(facts, kinds, where)})


def _has_chow(facts: WinFacts, a: int, b: int, c: int) -> bool:
    wanted = tuple(sorted((a, b, c)))
    return any(_chow_numbers(g) == wanted and _number_suit(g) is not None for g in _sets(facts, "chow"))


def _same_number_chows(facts: WinFacts) -> int:
    suits_by_numbers: dict[tuple[int, ...], set[Suit]] = {}
    for group in _sets(facts, "chow"):
        suit = _number_suit(group)
        if suit is not None:
            suits_by_numbers.setdefault(_chow_numbers(group), set()).add(suit)
    return max((len(s) for s in suits_by_numbers.values()), default=0)


def _suits_with_chows(facts: WinFacts, *starts: int) -> int:
    runs: set[tuple[Suit, int]] = set()
    for group in _sets(facts, "chow"):
        suit, numbers = _number_suit(group), _chow_numbers(group)
        if suit is not None and numbers == (numbers[0], numbers[0] + 1, numbers[0] + 2):
            runs.add((suit, numbers[0]))
    return sum(1 for suit in NUMBER_SUITS if all((suit, n) in runs for n in starts))


def _suits_with(facts: WinFacts, kinds: Arg) -> int:
    return len({s for g in _sets(facts, kinds) if (s := _number_suit(g)) is not None})


def _pair(facts: WinFacts, where: Arg = "any") -> bool:
    pair = facts.decomposition.pair
    test = filter_kinds(where, facts)
    return pair is not None and all(t in test for t in pair.treated)


def _form(facts: WinFacts, name: str) -> bool:
    return facts.decomposition.form == name


def _tiles(facts: WinFacts, where: Arg) -> int:
    test = filter_kinds(where, facts)
    return sum(1 for t in facts.tiles if t in test)


def _distinct_faces(facts: WinFacts) -> int:
    return len(set(facts.tiles))


def _max_suit_tiles(facts: WinFacts) -> int:
    per_suit = Counter(suit_of(t) for t in facts.tiles if is_number(t))
    return max(per_suit.values(), default=0)


def _number_suits(facts: WinFacts) -> int:
    return len({suit_of(t) for t in facts.tiles if is_number(t)})


def _suits_with_numbers(facts: WinFacts, *numbers: int) -> int:
    present = {(suit_of(t), number_of(t)) for t in facts.tiles if is_number(t)}
    return sum(1 for suit in NUMBER_SUITS if all((suit, n) in present for n in numbers))


def _self_draw(facts: WinFacts) -> bool:
    return facts.win_by == "tsumo"


def _concealed(facts: WinFacts) -> bool:
    return all(g.meld in (None, MeldKind.ANKAN) for g in facts.groups)


def _single_wait_on_pair(facts: WinFacts) -> bool:
    pair = facts.decomposition.pair
    return (
        facts.single_wait_on_pair
        and facts.decomposition.form == STANDARD
        and pair is not None
        and facts.win_tile in pair.tiles
    )


def _before_abandon_window(facts: WinFacts) -> bool:
    return facts.before_abandon_window


def _revealed_kept(facts: WinFacts) -> int:
    return facts.revealed_kept


_KINDS = Param("kinds", "set_kinds")
_WHERE = Param("where", "tile_filter", optional=True)

REGISTRY: dict[str, PredicateSpec] = {
    spec.name: spec
    for spec in (
        PredicateSpec(
            "count",
            "int",
            (_KINDS, _WHERE),
            "Sets of those kinds whose treated tiles all pass the filter: `count(chow) >= 2` (C-01 shape).",
            _count,
        ),
        PredicateSpec(
            "distinct_sets",
            "int",
            (_KINDS, _WHERE),
            "Like `count`, but sets with the same treated faces count once (两副不同的…).",
            _distinct_sets,
        ),
        PredicateSpec(
            "has_chow",
            "bool",
            (Param("a", "number"), Param("b", "number"), Param("c", "number")),
            "A chow of one number suit whose treated numbers are a, b, c: `has_chow(1,2,3)`.",
            _has_chow,
        ),
        PredicateSpec(
            "same_number_chows_different_suits",
            "int",
            (),
            "The most chows that share the same treated numbers, each in a different suit (三色同顺).",
            _same_number_chows,
        ),
        PredicateSpec(
            "suits_with",
            "int",
            (_KINDS,),
            "Number suits (m, p, s) holding at least one set of those kinds: `suits_with(set) == 3`.",
            _suits_with,
        ),
        PredicateSpec(
            "suits_with_chows",
            "int",
            (Param("starts", "number", variadic=True),),
            "Number suits holding a chow n, n+1, n+2 for every given n: `suits_with_chows(1, 4, 7)`.",
            _suits_with_chows,
        ),
        PredicateSpec(
            "pair",
            "bool",
            (_WHERE,),
            "The hand has one pair (将) and its treated tiles pass the filter; seven pairs has none.",
            _pair,
        ),
        PredicateSpec(
            "form",
            "bool",
            (Param("name", "form"),),
            "The hand is read in that form: standard, seven_pairs, thirteen_orphans or a granted form.",
            _form,
        ),
        PredicateSpec(
            "tiles",
            "int",
            (Param("where", "tile_filter"),),
            "Physical tiles of the whole win (melds included, flowers not) passing the filter.",
            _tiles,
        ),
        PredicateSpec(
            "distinct_faces",
            "int",
            (),
            "Different physical faces among the tiles of the win (不同牌面).",
            _distinct_faces,
        ),
        PredicateSpec(
            "max_suit_tiles",
            "int",
            (),
            "The most tiles of the win that belong to one number suit.",
            _max_suit_tiles,
        ),
        PredicateSpec(
            "number_suits",
            "int",
            (),
            "How many of the number suits m, p, s appear among the tiles of the win.",
            _number_suits,
        ),
        PredicateSpec(
            "suits_with_numbers",
            "int",
            (Param("numbers", "number", variadic=True),),
            "Number suits holding at least one tile of every given number: `suits_with_numbers(1, 9)`.",
            _suits_with_numbers,
        ),
        PredicateSpec(
            "self_draw",
            "bool",
            (),
            "The win is a self-draw (自摸, §13.5).",
            _self_draw,
        ),
        PredicateSpec(
            "concealed",
            "bool",
            (),
            "No chi, pon or exposed kong among the melds (门清; a concealed kong is allowed, §13.11.1).",
            _concealed,
        ),
        PredicateSpec(
            "single_wait_on_pair",
            "bool",
            (),
            "Standard form, and before the winning tile the hand waited on exactly one face, as the pair.",
            _single_wait_on_pair,
        ),
        PredicateSpec(
            "before_abandon_window",
            "bool",
            (),
            "The win comes before the abandon window opened (§10).",
            _before_abandon_window,
        ),
        PredicateSpec(
            "revealed_kept",
            "int",
            (),
            "Tiles revealed for the contract that are still used in the winning hand's sets or pair.",
            _revealed_kept,
        ),
    )
}
"""Every word a contract condition may use, by name."""

WIN_TILES = 18
"""The most tiles a win holds: 14, and one more for each of four kongs (§12)."""

VALUE_RANGES: dict[str, tuple[int, int]] = {
    "count": (0, 7),
    "distinct_sets": (0, 7),
    "same_number_chows_different_suits": (0, 3),
    "suits_with": (0, 3),
    "suits_with_chows": (0, 3),
    "tiles": (0, WIN_TILES),
    "distinct_faces": (1, 14),
    "max_suit_tiles": (0, WIN_TILES),
    "number_suits": (0, 3),
    "suits_with_numbers": (0, 3),
    "revealed_kept": (0, 14),
}
"""The values each whole-number word can take on a win (both ends included): at most seven sets
(seven pairs), three number suits, a win's tiles, fourteen faces.  A comparison of a word with a
number in its range is what ``hexmj tune`` may vary (issue 34, R650)."""


# ---- checking and evaluating ---------------------------------------------------------


def _arg_problem(param: Param, arg: Arg) -> str | None:
    for atom in _alternatives(arg):
        if param.kind == "number":
            if not isinstance(atom, int) or not 1 <= atom <= 9 or isinstance(arg, tuple):
                return f"{param.name} must be a number 1..9, not {arg!r}"
        elif param.kind == "set_kinds":
            if atom not in SET_KINDS:
                return f"{param.name}: unknown set kind {atom!r} (one of {', '.join(SET_KINDS)})"
        elif param.kind == "form":
            if not isinstance(atom, str) or isinstance(arg, tuple):
                return f"{param.name} must be one form name, not {arg!r}"
        elif isinstance(atom, int):
            if not 1 <= atom <= 9:
                return f"{param.name}: a number filter must be 1..9, not {atom}"
        elif atom not in TILE_CLASSES and atom not in FACT_FILTERS:
            try:
                parse_one(atom)
            except TileSyntaxError:
                known = ", ".join((*TILE_CLASSES, *FACT_FILTERS))
                return f"{param.name}: unknown tile filter {atom!r} (one of {known}, a tile or 1..9)"
    return None


def _call_problems(call: Call) -> list[str]:
    spec = REGISTRY.get(call.name)
    if spec is None:
        return [f"unknown predicate {call.name!r} (one of {', '.join(sorted(REGISTRY))})"]
    params = spec.params
    variadic = bool(params) and params[-1].variadic
    least = sum(1 for p in params if not p.optional)
    most = None if variadic else len(params)
    if len(call.args) < least or (most is not None and len(call.args) > most):
        wanted = f"{least}+" if most is None else (f"{least}" if least == most else f"{least}..{most}")
        return [f"{call.name} takes {wanted} argument(s), got {len(call.args)}"]
    problems = []
    for index, arg in enumerate(call.args):
        param = params[min(index, len(params) - 1)]
        problem = _arg_problem(param, arg)
        if problem:
            problems.append(f"{call.name}: {problem}")
    return problems


def problems(condition: Condition) -> tuple[str, ...]:
    """Every mistake in ``condition``: unknown words, wrong arguments, a number used as a truth
    or a truth compared with a number.  Empty when the condition can be evaluated."""
    found: list[str] = []
    if isinstance(condition, Call):
        found += _call_problems(condition)
        spec = REGISTRY.get(condition.name)
        if spec is not None and spec.returns == "int":
            found.append(f"{condition.name} is a number: compare it, e.g. {condition.name}(…) >= 1")
    elif isinstance(condition, Compare):
        found += _call_problems(condition.left)
        spec = REGISTRY.get(condition.left.name)
        if spec is not None and spec.returns == "bool":
            found.append(f"{condition.left.name} is a truth and cannot be compared with a number")
    elif isinstance(condition, All | AnyOf):
        for part in condition.parts:
            found += problems(part)
    else:
        found += problems(condition.part)
    return tuple(found)


def check(condition: Condition) -> None:
    """Raise :class:`engine.core.errors.CardError` naming the first problem of ``condition``."""
    found = problems(condition)
    if found:
        raise CardError(found[0])


COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    "<": operator.lt,
}
"""The comparisons a condition may write (``count(chow) >= 2``); shared by every evaluator of
conditions (the scorer's, the table's facts, the bots' estimates)."""


# ---- compiled conditions -------------------------------------------------------------

Test: TypeAlias = Callable[[WinFacts], bool]
"""A compiled condition: the facts of one win in, whether the condition holds out."""


@lru_cache(maxsize=4096)
def compiled(condition: Condition) -> Test:
    """``condition`` compiled once into one Python function of the facts, remembered by its value
    (conditions are immutable values: equal conditions share one test).  ``all``/``any`` stop at the
    first part that decides; an unknown word or comparison raises
    :class:`engine.core.errors.CardError` when it is reached."""
    source = _Source()
    text = source.condition(condition)
    namespace = dict(source.constants)
    exec(compile(f"def test(facts):\n    return {text}\n", "<condition>", "exec"), namespace)
    return cast(Test, namespace["test"])


_Kind = Literal["bool", "int", "any"]
"""What an expression yields: exactly a bool, exactly an int, or whatever the registry's function
returns."""


class _Source:
    """The text of one compiled condition.  Every value in it (filters, names, numbers, functions) is
    a constant bound by a generated name, never written into the text."""

    def __init__(self) -> None:
        self.constants: dict[str, object] = {}

    def const(self, value: object) -> str:
        name = f"_k{len(self.constants)}"
        self.constants[name] = value
        return name

    def condition(self, condition: Condition) -> str:
        if isinstance(condition, Call | Compare):
            call = condition if isinstance(condition, Call) else condition.left
            if call.name not in REGISTRY:
                return self.refused(f"unknown predicate {call.name!r}")
            if isinstance(condition, Call):
                text, kind = self.word(condition)
                return text if kind == "bool" else f"bool({text})"
            if condition.op not in COMPARE:
                return self.refused(f"unknown comparison {condition.op!r}")
            text, kind = self.word(call)
            measure = text if kind == "int" else f"int({text})"
            return f"({measure} {condition.op} {self.const(condition.right)})"
        if isinstance(condition, All | AnyOf):
            if not condition.parts:
                return "True" if isinstance(condition, All) else "False"
            joint = " and " if isinstance(condition, All) else " or "
            return "(" + joint.join(self.condition(part) for part in condition.parts) + ")"
        return f"(not {self.condition(condition.part)})"

    def refused(self, message: str) -> str:
        """A part that raises :class:`engine.core.errors.CardError` with ``message`` when reached."""
        return f"{self.const(_refused(message))}(facts)"

    def word(self, call: Call) -> tuple[str, _Kind]:
        """A word with its arguments: a specialised expression for well-formed arguments that do not
        depend on the win, else a call of the registry's function."""
        fast = _FAST.get(call.name)
        if fast is not None and not _call_problems(call):
            found = fast(self, *call.args)
            if found is not None:
                return found
        fn = self.const(REGISTRY[call.name].fn)
        if not call.args:
            return f"{fn}(facts)", "any"
        return f"{fn}(facts, *{self.const(call.args)})", "any"


def _refused(message: str) -> Test:
    def test(_facts: WinFacts) -> bool:
        raise CardError(message)

    return test


def _fixed_filter(where: Arg) -> frozenset[int] | None:
    """The kinds of a tile filter that does not depend on the win, ``None`` for one that does."""
    atoms = _alternatives(where)
    if any(atom in FACT_FILTERS for atom in atoms):
        return None
    return frozenset().union(*(_fixed_kinds(atom) for atom in atoms))


def _fast_count(source: _Source, kinds: Arg, where: Arg = "any") -> tuple[str, _Kind] | None:
    test = _fixed_filter(where)
    if test is None:
        return None
    wanted, within = source.const(_set_kinds(kinds)), source.const(test.issuperset)
    groups = "facts.decomposition.groups"
    return f"sum(1 for g in {groups} if g.kind in {wanted} and {within}(g.treated))", "int"


def _fast_tiles(source: _Source, where: Arg) -> tuple[str, _Kind] | None:
    test = _fixed_filter(where)
    if test is None:
        return None
    others = source.const(bytes(k for k in range(256) if k not in test))
    return f"len(facts.faces.translate(None, {others}))", "int"


def _fast_form(source: _Source, name: str) -> tuple[str, _Kind]:
    return f"(facts.decomposition.form == {source.const(name)})", "bool"


def _fast_suits_with_chows(source: _Source, *starts: int) -> tuple[str, _Kind]:
    needs = [source.const(frozenset(base + n - 1 for n in starts)) for base in (0, 9, 18)]
    return "(" + " + ".join(f"({need} <= facts.runs)" for need in needs) + ")", "int"


_SUIT_CODE = bytes(k // 9 if k < 27 else 3 for k in range(256))
"""A face's number suit (0, 1, 2), 3 for any other."""


def _fast_number_suits(facts: WinFacts) -> int:
    suits = facts.faces.translate(_SUIT_CODE)
    return (0 in suits) + (1 in suits) + (2 in suits)


def _fast_suits_with_numbers(source: _Source, *numbers: int) -> tuple[str, _Kind]:
    needs = source.const(tuple(frozenset(base + n - 1 for n in numbers) for base in (0, 9, 18)))
    return f"sum(1 for need in {needs} if need.issubset(facts.faces))", "int"


_CONCEALED_MELDS = (None, MeldKind.ANKAN)


def _fast_concealed(facts: WinFacts) -> bool:
    for group in facts.decomposition.groups:  # noqa: SIM110 - a loop is quicker than all() of a generator
        if group.meld not in _CONCEALED_MELDS:
            return False
    return True


def _call_of(fn: Callable[[WinFacts], int | bool], kind: _Kind) -> Callable[[_Source], tuple[str, _Kind]]:
    return lambda source: (f"{source.const(fn)}(facts)", kind)


_FAST: dict[str, Callable[..., tuple[str, _Kind] | None]] = {
    "count": _fast_count,
    "tiles": _fast_tiles,
    "form": _fast_form,
    "suits_with_chows": _fast_suits_with_chows,
    "number_suits": _call_of(_fast_number_suits, "int"),
    "suits_with_numbers": _fast_suits_with_numbers,
    "distinct_faces": lambda _source: ("len(set(facts.faces))", "int"),
    "concealed": _call_of(_fast_concealed, "bool"),
}
"""Specialised expressions of words, given checked arguments; ``None``: call the registry's function."""


def mentions(condition: Condition, word: str) -> bool:
    """Whether ``condition`` uses ``word`` as a predicate name or an argument (e.g. ``chosen_suit``)."""
    if isinstance(condition, Call | Compare):
        call = condition if isinstance(condition, Call) else condition.left
        atoms = [a for arg in call.args for a in _alternatives(arg)]
        return call.name == word or word in atoms
    if isinstance(condition, All | AnyOf):
        return any(mentions(part, word) for part in condition.parts)
    return mentions(condition.part, word)
