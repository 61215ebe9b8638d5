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

MODULE_TYPES = frozenset({"party", "treasure"})
"""Card types that belong to the optional module of the same name (§7, §8)."""

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


class _Call(_Node):
    """A name with its arguments, where the name is written."""

    name: str
    args: tuple[Arg, ...]
    location: Location


class FactCall(_Call):
    """A named predicate or table fact with its arguments, e.g. ``count(pung|kong)``."""

    op: Literal["fact"] = "fact"


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


class Action(_Call):
    """The legality question a static answers, e.g. ``chi(from: any)``."""


class EffectCall(_Call):
    """One primitive with its arguments, e.g. ``draw_card(chance, for: actor)``."""

    step: Literal["call"] = "call"


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


class _Permission(_Node):
    """The part statics and statuses share: ``allow|forbid <action> for <who> [when …]``."""

    polarity: Polarity
    action: Action
    who: str
    guard: Condition | None
    location: Location


class Status(_Permission):
    """``status allow|forbid <action> for <who> [when …] until <expiry>``: a static with a duration."""

    step: Literal["status"] = "status"
    duration: Duration


class Later(_Node):
    """``after <expiry> …``: effects run when a duration expires."""

    step: Literal["later"] = "later"
    expiry: str
    effects: tuple[Effect, ...]
    location: Location


Effect = Annotated[EffectCall | Choose | ForEach | IfEffect | Status | Later, Field(discriminator="step")]


class _OnEvent(_Node):
    """The part every event-driven ability shares: the event, where it is written, whose act it filters."""

    event: str
    event_location: Location
    actor: str | None
    guard: Condition | None
    location: Location


class _Hooked(_OnEvent):
    """A trigger or a replacement: an event hook with limits, a duration, an optional ``may`` and effects."""

    limits: tuple[Limit, ...]
    duration: Duration | None
    optional: bool
    effects: tuple[Effect, ...]


class EventName(_Node):
    """One more event a trigger listens to (``on a | b``), and where it is written."""

    name: str
    location: Location


class Trigger(_Hooked):
    """``on <event> [| <event>…] [by <who>] [when …] [limit …] [until …] [may] do …``: queued when the
    event fires.  Events written together are one ability: one guard, one effect, one count of its
    limits (G-08's two ways of completing a second meld, R550)."""

    ability: Literal["trigger"] = "trigger"
    also: tuple[EventName, ...] = ()

    @property
    def events(self) -> tuple[str, ...]:
        """Every event the trigger listens to, as written."""
        return (self.event, *(other.name for other in self.also))


class Replacement(_Hooked):
    """``instead of <event> … do …``: replaces the event, at most once per event."""

    ability: Literal["replacement"] = "replacement"


class Static(_Permission):
    """``allow|forbid <action> for <who> [when …] [limit …] [until …]``: never queued."""

    ability: Literal["static"] = "static"
    limits: tuple[Limit, ...]
    duration: Duration | None


class Grant(_Node):
    """``grant shape|form <name>(params)``: a hand shape switched on for the holder; its conditions
    (concealed hand, forms it may be used in) are the shape's own (``engine/core/shapes.py``)."""

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


class CompleteOn(_OnEvent):
    """``complete on <event> [by <who>] [when <condition>]``: the contract completes during play."""

    ability: Literal["complete_on"] = "complete_on"


class Fail(_OnEvent):
    """``fail on <event> [by <who>] [when …]``: the contract fails."""

    ability: Literal["fail"] = "fail"


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
        own = (self.type,) if self.type in MODULE_TYPES else ()
        return tuple(dict.fromkeys((*own, *self.tags)))


for _model in (AllOf, AnyOf, Negation, Option, ForEach, IfEffect, Later, Status, Choose):
    _model.model_rebuild()
