"""A card's numbers and choices as data, and the card printed again with other values (§18.3, §18.4).

``hexmj tune`` changes a card the way a designer would: the same ``.hex`` card with one of its
parameters set to another value inside the range the vocabulary declares, printed again in the one
canonical layout (:func:`dsl.formatter.format_text`), never per-card Python.  A parameter is

- a whole number a word or a fact is compared with (``max_suit_tiles >= 6``): its range is the
  values the word can take (:data:`engine.hextech.predicates.VALUE_RANGES`,
  :data:`engine.hextech.effects.facts.FACT_VALUES`); every comparison of the same word, written alike,
  with the same number is one parameter, so C-04's four ``normal_draws(holder) … 6`` move together,
  as its text names one number (R651);
- a whole-number argument of a primitive with a declared range (``look_and_reorder(3)``, R190);
- a limit's count (``limit 2 per round``) and a ``for N triggers`` duration, 1 … ``LIMIT_MOST``;
- a duration (``until next_turn_end``, ``reveal(until: …)``, ``after next_turn_end``): one of the
  vocabulary's durations.

Each parameter says what part of the card it belongs to (its *roles*), which is what §18.3's
可能调整 names: a contract's ``complete`` condition (``condition``), what a contract forbids or
fails on and what it makes its holder do (``restriction``), an ability's numbers (``effect``), its
limit (``limit``), how long it lasts or when it acts (``timing``) — and which way a larger number
moves what the card gives its holder (``more``: a looser condition or prohibition, a larger effect by
the worth the bots give its primitive, :data:`engine.agents.hextech.words.VALUES`, a looser
limit).  Besides numbers, a card may
lose one of its prohibitions (:func:`without_member`, a black contract's 限制) or gain an option
(:func:`with_option`, 改为二选一).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from lark import Token, Tree

from dsl.formatter import format_text
from dsl.parser import parse_tree
from engine.agents.hextech.words import VALUES
from engine.core.errors import InputError
from engine.hextech.effects.facts import FACT_VALUES
from engine.hextech.predicates import VALUE_RANGES
from engine.hextech.vocabulary import DURATIONS, LIMIT_MOST
from engine.hextech.words import PRIMITIVES

Role = Literal["condition", "restriction", "effect", "limit", "timing"]
Span = tuple[int, int]

CONTRACT_TYPES = frozenset({"contract", "black_contract"})


@dataclass(frozen=True)
class Parameter:
    """One tunable number or choice of a card.

    ``name`` is what the designer reads (``max_suit_tiles``, ``normal_draws(holder)``,
    ``look_and_take(n)``, ``limit``, ``until``); ``key`` is unique within the card (the name and the
    line and column of its first place); ``spans`` are every place it is written in the card's text.
    A whole number lies in ``low … high``; a choice is one of ``choices``.
    """

    key: str
    name: str
    roles: frozenset[Role]
    value: int | str
    spans: tuple[Span, ...]
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    more: int = 0
    """+1 when a larger number makes the card give its holder more (a looser condition or
    prohibition, a larger effect, a looser limit), −1 when less, 0 when the card does not say
    (``==``, a number its places read both ways, a primitive of no known worth)."""

    @property
    def numeric(self) -> bool:
        """A whole number (else a choice among ``choices``)."""
        return isinstance(self.value, int)


@dataclass(frozen=True)
class Member:
    """A part of a card that may be removed (a ``forbid`` static): its text and its span."""

    text: str
    span: Span


@dataclass(frozen=True)
class Option:
    """An option of a ``choose one``: its label (without quotes) and its body as written."""

    label: str
    body: str


def card_block(text: str, card_id: str) -> tuple[int, int]:
    """Where the block of ``card_id`` lies in the text of a ``.hex`` file (start and end offsets)."""
    for card in parse_tree(text).children:
        if isinstance(card, Tree) and str(card.children[0]) == card_id:
            return card.meta.start_pos, card.meta.end_pos
    raise InputError(f"no card {card_id!r} in this file")


def _card(block: str) -> Tree[Token]:
    cards = [c for c in parse_tree(block).children if isinstance(c, Tree)]
    if len(cards) != 1:
        raise InputError(f"a card block holds one card, not {len(cards)}")
    return cards[0]


def _card_type(card: Tree[Token]) -> str:
    kind = card.children[2]
    assert isinstance(kind, Tree)
    return str(kind.children[0])


def _members(card: Tree[Token]) -> Iterator[Tree[Token]]:
    for child in card.children[3:]:
        if isinstance(child, Tree) and child.data not in ("module_tag", "field"):
            yield child


@dataclass
class _Found:
    name: str
    value: int | str
    spans: list[Span]
    roles: set[Role]
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    senses: set[int] = field(default_factory=set)


_CAN_FAIL = {">=": (1, 0), ">": (0, -1), "<=": (0, -1), "<": (1, 0)}
"""How far inside the values a word can take a number compared with it stays, so that the comparison
can both hold and fail (R659): ``f >= k`` always holds at the word's least value, ``f > k`` never at
its largest."""
_LOOSER = {">=": -1, ">": -1, "<=": 1, "<": 1}
"""How a larger number changes a condition that must hold for the card to act or complete: ``f >= k``
holds less often (−1), ``f <= k`` more often (+1); ``==`` and ``!=`` neither."""


class _Walk:
    """Every parameter of one card, in the order they are written."""

    def __init__(self, block: str) -> None:
        self.block = block
        self.found: dict[tuple[str, ...], _Found] = {}

    def add(
        self,
        tie: tuple[str, ...],
        name: str,
        token: Token,
        role: Role,
        value: int | str,
        sense: int = 0,
        **bounds: object,
    ) -> None:
        span = (token.start_pos or 0, token.end_pos or 0)
        found = self.found.get(tie)
        if found is None:
            low, high = bounds.get("low", 0), bounds.get("high", 0)
            choices = bounds.get("choices", ())
            assert isinstance(low, int) and isinstance(high, int) and isinstance(choices, tuple)
            found = self.found[tie] = _Found(name, value, [], set(), low, high, choices)
        elif "low" in bounds:
            low, high = bounds["low"], bounds["high"]
            assert isinstance(low, int) and isinstance(high, int)
            found.low, found.high = max(found.low, low), min(found.high, high)
        found.spans.append(span)
        found.roles.add(role)
        found.senses.add(sense)

    def place(self, token: Token) -> str:
        return f"{token.line}:{token.column}"

    def member(self, member: Tree[Token], contract: bool) -> None:
        kind = member.data
        if kind in ("complete_at_hu", "complete_on"):
            self.node(member, "condition", "condition")
        elif kind == "failure":
            self.node(member, "restriction", "restriction")
        elif kind == "static":
            polarity = member.children[0]
            forbid = isinstance(polarity, Tree) and str(polarity.children[0]) == "forbid"
            role: Role = "restriction" if forbid else "effect"
            self.node(member, role, role)
        elif kind in ("trigger", "replacement", "resolution"):
            self.node(member, "condition", "restriction" if contract else "effect")

    def node(self, node: Tree[Token], guard_role: Role, effect_role: Role, in_effect: bool = False) -> None:
        """Walk ``node``: comparisons in an ability's guard take ``guard_role``, numbers and
        comparisons inside its effects ``effect_role``."""
        kind = node.data
        inside = in_effect or kind in _EFFECT_NODES
        if kind == "comparison" and len(node.children) == 3:
            self.comparison(node, effect_role if inside else guard_role)
            return
        if kind == "call":
            self.call(node, effect_role)
        elif kind in ("limit_count", "duration_triggers"):
            count = node.children[0]
            assert isinstance(count, Token)
            limit = kind == "limit_count"
            name = "limit" if limit else "for N triggers"
            role: Role = "limit" if limit else "timing"
            self.add((name, self.place(count)), name, count, role, int(count), 1, low=1, high=LIMIT_MOST)
        elif kind in ("duration_until", "later"):
            self.duration(node.children[0], "after" if kind == "later" else "until")
        for child in node.children:
            if isinstance(child, Tree):
                self.node(child, guard_role, effect_role, inside)

    def duration(self, token: Tree[Token] | Token, name: str) -> None:
        if isinstance(token, Token) and str(token) in DURATIONS:
            self.add((name, self.place(token)), name, token, "timing", str(token), choices=tuple(DURATIONS))

    def comparison(self, node: Tree[Token], role: Role) -> None:
        fact, comparator, number = node.children
        assert isinstance(fact, Tree) and isinstance(number, Token)
        word = str(fact.children[0])
        values = VALUE_RANGES.get(word) or FACT_VALUES.get(word)
        if values is None or number.type != "INT":
            return
        text = self.block[fact.meta.start_pos : fact.meta.end_pos]
        up, down = _CAN_FAIL.get(str(comparator), (0, 0))
        low, high = values[0] + up, values[1] + down
        looser = _LOOSER.get(str(comparator), 0)
        sense = {"condition": looser, "restriction": -looser}.get(role, 0)
        self.add(("compare", text, str(number)), text, number, role, int(number), sense, low=low, high=high)

    def call(self, node: Tree[Token], role: Role) -> None:
        name = str(node.children[0])
        spec = PRIMITIVES.get(name)
        if spec is None or len(node.children) < 2:
            return
        args = node.children[1]
        assert isinstance(args, Tree)
        for index, arg in enumerate(args.children):
            assert isinstance(arg, Tree)
            named = len(arg.children) == 2
            label = str(arg.children[0]) if named else None
            params = (
                [p for p in spec.params if p.name == label] if named else list(spec.params[index : index + 1])
            )
            value = arg.children[-1]
            if not params or not isinstance(value, Tree) or len(value.children) != 1:
                continue
            param, atom = params[0], value.children[0]
            if not isinstance(atom, Token):
                continue
            if (
                param.kind == "int"
                and atom.type == "INT"
                and param.low is not None
                and param.high is not None
            ):
                tie = ("arg", self.place(atom))
                worth = VALUES.get(name, 0.0)
                sense = (worth > 0) - (worth < 0)
                label = f"{name}({param.name})"
                self.add(tie, label, atom, role, int(atom), sense, low=param.low, high=param.high)
            elif param.kind == "duration":
                self.duration(atom, f"{name}(until)")


_EFFECT_NODES = frozenset({"block", "choose", "option", "for_each", "if_effect", "status", "later", "call"})
"""Nodes of a card's effects: a comparison inside them (an ``if``, an option's ``when``) is part of
the effect."""


def parameters(block: str) -> list[Parameter]:
    """Every tunable parameter of the one card in ``block``, in the order they are first written."""
    card = _card(block)
    walk = _Walk(block)
    contract = _card_type(card) in CONTRACT_TYPES
    for member in _members(card):
        walk.member(member, contract)
    out = []
    for found in walk.found.values():
        line, column = _line_column(block, found.spans[0][0])
        known = found.senses - {0}
        more = known.pop() if len(known) == 1 else 0
        out.append(
            Parameter(
                key=f"{found.name}@{line}:{column}",
                name=found.name,
                roles=frozenset(found.roles),
                value=found.value,
                spans=tuple(found.spans),
                low=found.low,
                high=found.high,
                choices=found.choices,
                more=more,
            )
        )
    return out


def _line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _replaced(block: str, edits: list[tuple[Span, str]]) -> str:
    """``block`` with each span replaced by its text, then in the canonical layout."""
    for (start, end), text in sorted(edits, reverse=True):
        block = block[:start] + text + block[end:]
    return format_text(block)


def with_values(block: str, values: Mapping[str, int | str], card_id: str | None = None) -> str:
    """The card of ``block`` with the parameters named by key set to ``values`` (and its id made
    ``card_id``), printed in the canonical layout; a value outside a parameter's range is refused."""
    found = {p.key: p for p in parameters(block)}
    edits: list[tuple[Span, str]] = []
    for key, value in values.items():
        param = found.get(key)
        if param is None:
            raise InputError(f"the card has no parameter {key!r}")
        if param.numeric and not (isinstance(value, int) and param.low <= value <= param.high):
            raise InputError(f"{param.name}: {value!r} is not in {param.low}..{param.high}")
        if not param.numeric and value not in param.choices:
            raise InputError(f"{param.name}: {value!r} is not one of {', '.join(param.choices)}")
        edits += [(span, str(value)) for span in param.spans]
    return _replaced(block, edits + _renamed(block, card_id))


def _renamed(block: str, card_id: str | None) -> list[tuple[Span, str]]:
    if card_id is None:
        return []
    token = _card(block).children[0]
    assert isinstance(token, Token)
    return [((token.start_pos or 0, token.end_pos or 0), card_id)]


def restrictions(block: str) -> list[Member]:
    """The card's prohibitions (``forbid`` statics), each of which a version may drop."""
    card = _card(block)
    found = []
    for member in _members(card):
        polarity = member.children[0] if member.data == "static" else None
        if isinstance(polarity, Tree) and str(polarity.children[0]) == "forbid":
            span = (member.meta.start_pos, member.meta.end_pos)
            found.append(Member(block[span[0] : span[1]], span))
    return found


def without_member(block: str, member: Member, card_id: str | None = None) -> str:
    """The card without ``member`` (one of :func:`restrictions`), in the canonical layout."""
    return _replaced(block, [(member.span, ""), *_renamed(block, card_id)])


def options(block: str) -> list[Option]:
    """The options of the card's ``choose one`` effects, with no ``when`` of their own."""
    found = []
    for node in _card(block).find_data("option"):
        label, *rest = node.children
        if len(rest) != 1 or not isinstance(label, Token):
            continue
        body = rest[0]
        span = (body.meta.start_pos, body.meta.end_pos) if isinstance(body, Tree) else (0, 0)
        found.append(Option(str(label)[1:-1], block[span[0] : span[1]]))
    return found


def with_option(block: str, first: str, option: Option, card_id: str | None = None) -> str | None:
    """The card whose ``resolve do`` effect becomes a choice (§18.3 改为二选一): its effect as the
    option labelled ``first``, then ``option``; a card that already chooses gains ``option`` as one
    more.  ``None`` for a card without a ``resolve do``."""
    card = _card(block)
    resolution = next((m for m in _members(card) if m.data == "resolution"), None)
    if resolution is None:
        return None
    body = resolution.children[0]
    assert isinstance(body, Tree)
    added = f' option "{option.label}" {option.body} '
    if body.data == "choose":
        end = body.meta.end_pos - 1
        return _replaced(block, [((end, end), added), *_renamed(block, card_id)])
    span = (body.meta.start_pos, body.meta.end_pos)
    chosen = f'choose one {{ option "{first}" {block[span[0] : span[1]]}{added}}}'
    return _replaced(block, [(span, chosen), *_renamed(block, card_id)])
