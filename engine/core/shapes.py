"""Hand shapes that cards grant, as data (CARD-INVENTORY §6).

A card does not add code to the hand analysis: it grants a shape by name
(:class:`ShapeGrant`), and the name is a :class:`ShapeRule` a rule set registered in
:data:`SHAPES` (:func:`register`; the core registers none).  A rule is either

* a bent set or pair: the finite list of :class:`Candidate` groups it allows
  (physical tiles, what they count as, and the kind of set they count as),
  the hand forms it may be used in, and whether the hand must be concealed;
* or a whole-hand form: a matcher that reads the fourteen concealed tiles.

The hand analysis (``engine/core/hand.py``) uses each grant at most once per
decomposition and lets one group be made by at most one grant, so one tile is
never substituted twice; grants of different cards combine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.errors import CardError, EngineFault, InputError
from engine.core.groups import STANDARD, Group, SetKind


@dataclass(frozen=True)
class Candidate:
    """One group a shape allows: physical ``tiles`` (sorted), ``treated[i]`` what ``tiles[i]`` counts
    as, and the kind of set it counts as."""

    kind: SetKind
    tiles: tuple[int, ...]
    treated: tuple[int, ...]


FormMatcher = Callable[[Sequence[int], Mapping[str, str]], "tuple[Group, ...] | None"]


@dataclass(frozen=True)
class ShapeRule:
    """A shape a card may grant: its candidate groups, or a whole-hand ``match``.

    ``forms``: the hand forms in which a candidate may be used;
    ``needs_concealed``: no exposed meld at hu (a concealed kong is allowed);
    ``declarable``: a candidate may also stand as a declared chi;
    ``params``: the parameters a grant must carry; ``check_params`` names what is wrong with them.
    """

    name: str
    doc: str
    candidates: tuple[Candidate, ...] = ()
    forms: frozenset[str] = frozenset({STANDARD})
    needs_concealed: bool = False
    declarable: bool = False
    match: FormMatcher | None = None
    params: tuple[str, ...] = ()
    check_params: Callable[[Mapping[str, str]], str] = field(default=lambda _params: "")

    @property
    def is_form(self) -> bool:
        """A whole-hand form rather than a bent set or pair."""
        return self.match is not None


SHAPES: dict[str, ShapeRule] = {}
"""Every shape a card may grant, by name: the core registers none; a rule set registers its own
(:func:`register`; hextech's eleven in ``engine/hextech/shapes.py``)."""


def register(rules: Sequence[ShapeRule]) -> None:
    """Make ``rules`` grantable by name; a name already registered for another rule is an
    :class:`engine.core.errors.EngineFault`, never silently replaced."""
    for rule in rules:
        if SHAPES.setdefault(rule.name, rule) is not rule:
            raise EngineFault(f"shape {rule.name!r} is registered twice")


@dataclass(frozen=True)
class ShapeGrant:
    """A card (``source``, its id) switches a shape on for its holder; ``params`` as (name, value).

    An unknown shape is a card error; a missing, unknown or malformed parameter an input error.
    """

    source: str
    shape: str
    params: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        rule = SHAPES.get(self.shape)
        if rule is None:
            raise CardError(f"{self.source}: unknown shape {self.shape!r} (known: {', '.join(SHAPES)})")
        given = dict(self.params)
        missing = [p for p in rule.params if p not in given]
        unknown = [p for p in given if p not in rule.params]
        if missing:
            problem = f"missing parameter {missing[0]!r}"
        elif unknown:
            problem = f"takes no parameter {unknown[0]!r} (parameters: {', '.join(rule.params) or 'none'})"
        else:
            problem = rule.check_params(given)
        if problem:
            raise InputError(f"{self.source}: shape {self.shape}: {problem}")

    @property
    def rule(self) -> ShapeRule:
        """The registered rule of this grant's shape."""
        return SHAPES[self.shape]

    @property
    def values(self) -> dict[str, str]:
        """The parameters as a mapping."""
        return dict(self.params)
