"""The cards as written: one :class:`Card` per ``card`` block of a ``.hex`` file (docs/dsl.md).

These models keep what the designer wrote (names still unresolved, with
their locations); :mod:`dsl.compiler` checks them against the engine's
vocabulary and turns them into hooks, statics and contract terms.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from dsl.errors import Location

CARD_GROUPS: dict[str, tuple[str, ...]] = {
    "world": (),
    "chance": ("positive", "negative", "choice", "chaos"),
    "party": ("tile", "instant", "response", "social"),
    "silver": (),
    "gold": (),
    "prismatic": (),
    "contract": (),
    "black_contract": (),
    "treasure": (),
}
"""The card types of the header and the groups each admits (lib 一)."""
Polarity = Literal["allow", "forbid"]


class _Node(BaseModel):
    model_config = ConfigDict(frozen=True)


class Atom(_Node):
    """One argument value: a name (``chance``, ``holder``), an integer, a tile (``7z``) or a text."""

    kind: Literal["name", "int", "tile", "text"]
    value: str | int


class Arg(_Node):
    """An argument, positional or ``name: value``; ``a|b`` gives several alternatives."""

    name: str | None
    alternatives: tuple[Atom, ...]
    location: Location


class FactCall(_Node):
    """A named predicate or table fact with its arguments, e.g. ``count(pung|kong)``."""

    op: Literal["fact"] = "fact"
    name: str
    args: tuple[Arg, ...]
    location: Location


class Comparison(_Node):
    """A measured fact compared with an integer, e.g. ``count(chow) >= 2``."""

    op: Literal["compare"] = "compare"
    fact: FactCall
    comparator: Literal[">=", ">", "==", "!=", "<=", "<"]
    value: int


class AllOf(_Node):
    """Every part holds (``and``)."""

    op: Literal["all"] = "all"
    parts: tuple[Condition, ...]


class AnyOf(_Node):
    """At least one part holds (``or``)."""

    op: Literal["any"] = "any"
    parts: tuple[Condition, ...]


class Negation(_Node):
    """The part does not hold (``not``)."""

    op: Literal["not"] = "not"
    part: Condition


Condition = Annotated[FactCall | Comparison | AllOf | AnyOf | Negation, Field(discriminator="op")]


class Limit(_Node):
    """``limit N per round`` / ``limit N per player per round`` / ``limit none``; ``count`` None is none."""

    count: int | None
    per: tuple[str, ...]
    location: Location


class Duration(_Node):
    """``until <expiry>`` or ``for N triggers``."""

    until: str | None = None
    triggers: int | None = None
    location: Location


class Action(_Node):
    """The legality question a static answers, e.g. ``chi(from: any)``."""

    name: str
    args: tuple[Arg, ...]
    location: Location


class EffectCall(_Node):
    """One primitive with its arguments, e.g. ``draw_card(chance, for: actor)``."""

    step: Literal["call"] = "call"
    name: str
    args: tuple[Arg, ...]
    location: Location


class Option(_Node):
    """One option of ``choose one``: its label, when it may be chosen, what it does."""

    label: str
    guard: Condition | None
    effects: tuple[Effect, ...]
    location: Location


class Choose(_Node):
    """``choose one { option … }``: the holder picks one option whose guard holds."""

    step: Literal["choose"] = "choose"
    options: tuple[Option, ...]
    location: Location


class ForEach(_Node):
    """``for each <players> [from <player>] …``: the effects for each player, clockwise."""

    step: Literal["for_each"] = "for_each"
    players: str
    start: str | None
    effects: tuple[Effect, ...]
    location: Location


class IfEffect(_Node):
    """``if <condition> { … } else { … }``."""

    step: Literal["if"] = "if"
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]
    location: Location


class Status(_Node):
    """``status allow|forbid <action> for <who> until <expiry>``: a static with a duration."""

    step: Literal["status"] = "status"
    polarity: Polarity
    action: Action
    who: str
    guard: Condition | None
    duration: Duration
    location: Location


class Later(_Node):
    """``after <expiry> …``: effects run when a duration expires."""

    step: Literal["later"] = "later"
    expiry: str
    effects: tuple[Effect, ...]
    location: Location


Effect = Annotated[EffectCall | Choose | ForEach | IfEffect | Status | Later, Field(discriminator="step")]


class Trigger(_Node):
    """``on <event> [by <who>] [when …] [limit …] [until …] [may] do …``: queued when the event fires."""

    ability: Literal["trigger"] = "trigger"
    event: str
    event_location: Location
    actor: str | None
    guard: Condition | None
    limits: tuple[Limit, ...]
    duration: Duration | None
    optional: bool
    effects: tuple[Effect, ...]
    location: Location


class Replacement(_Node):
    """``instead of <event> … do …``: replaces the event, at most once per event."""

    ability: Literal["replacement"] = "replacement"
    event: str
    event_location: Location
    actor: str | None
    guard: Condition | None
    limits: tuple[Limit, ...]
    duration: Duration | None
    optional: bool
    effects: tuple[Effect, ...]
    location: Location


class Static(_Node):
    """``allow|forbid <action> for <who> [when …] [limit …] [until …]``: never queued."""

    ability: Literal["static"] = "static"
    polarity: Polarity
    action: Action
    who: str
    guard: Condition | None
    limits: tuple[Limit, ...]
    duration: Duration | None
    location: Location


class Grant(_Node):
    """``grant shape|form <name>(params)``: a hand shape switched on for the holder; its conditions
    (concealed hand, forms it may be used in) are the shape's own (``engine/shapes.py``)."""

    ability: Literal["grant"] = "grant"
    kind: Literal["shape", "form"]
    name: str
    args: tuple[Arg, ...]
    location: Location


class CompleteAtHu(_Node):
    """``complete at hu when <hand condition>``: the contract is met by the winning hand."""

    ability: Literal["complete_at_hu"] = "complete_at_hu"
    condition: Condition
    location: Location


class CompleteOn(_Node):
    """``complete on <event> [by <who>] [when <condition>]``: the contract completes during play."""

    ability: Literal["complete_on"] = "complete_on"
    event: str
    event_location: Location
    actor: str | None
    condition: Condition | None
    location: Location


class Fail(_Node):
    """``fail on <event> [by <who>] [when …]``: the contract fails."""

    ability: Literal["fail"] = "fail"
    event: str
    event_location: Location
    actor: str | None
    guard: Condition | None
    location: Location


class Resolution(_Node):
    """``resolve do …``: what a chance, party or treasure card does when drawn (§6.5, §7.2, §8)."""

    ability: Literal["resolve"] = "resolve"
    effects: tuple[Effect, ...]
    location: Location


Ability = Annotated[
    Trigger | Replacement | Static | Grant | CompleteAtHu | CompleteOn | Fail | Resolution,
    Field(discriminator="ability"),
]


class Card(_Node):
    """One card as written: header, the library's labelled fields verbatim, behaviour, source.

    ``id`` includes the version suffix (``S-08-v2``); ``base_id`` is the
    library id (``S-08``); ``version`` is 1 when no suffix is written.
    ``tags`` are the ``module`` tags of the header.
    """

    id: str
    base_id: str
    version: int
    name: str
    type: str
    group: str | None
    tags: tuple[str, ...]
    fields: dict[str, str]
    field_locations: dict[str, Location]
    abilities: tuple[Ability, ...]
    location: Location

    @property
    def text(self) -> str:
        """The 卡面正文 (card text) field, or an empty string."""
        return self.fields.get("卡面正文", "")

    @property
    def modules(self) -> tuple[str, ...]:
        """The optional modules the card belongs to: its type's module and its ``module`` tags."""
        own = {"party": ("party",), "treasure": ("treasure",)}.get(str(self.type), ())
        return tuple(dict.fromkeys((*own, *self.tags)))


for _model in (AllOf, AnyOf, Negation, Option, ForEach, IfEffect, Later, Status, Choose):
    _model.model_rebuild()
