"""Cards as written → cards in the engine's terms, with every problem reported (docs/dsl.md).

:func:`check_cards` is the semantic pass: it resolves every name of every
card against the engine's vocabulary (``engine.hextech.vocabulary`` events,
primitives, statics, facts, durations, roles; ``engine.hextech.predicates`` for hand
conditions; ``engine.core.shapes`` for grants) and returns all findings as
:class:`dsl.errors.Diagnostic` values with stable codes.  :func:`compile_card`
turns a checked card into an ``engine.hextech.vocabulary.CompiledCard``: hooks the
engine registers on its bus, statics at the card's §15 level, shape grants,
and for a contract its ``engine.hextech.contracts.ContractTerms``.

Defaults applied here: a world card's trigger without a ``limit`` fires at
most once per player per round and four times per round in all (§6.3, lib
三); an augment's ability without a ``limit`` is used at most once per round
(lib 二.2 "未写明次数的个人效果，默认每局最多发动1次").
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, TypeVar

from dsl import model as m
from dsl.errors import CardCheckError, Diagnostic, Location
from dsl.lasting import slot_duration
from dsl.versions import sort_key
from engine.core.errors import HexError
from engine.core.shapes import SHAPES, ShapeGrant
from engine.core.tiles import TileSyntaxError, parse_one
from engine.hextech import predicates as pr
from engine.hextech import vocabulary as v
from engine.hextech.card_ids import is_card_id
from engine.hextech.conditions import hand_reading
from engine.hextech.contracts import PROHIBITABLE, ContractTerms
from engine.hextech.effects.facts import FACTS
from engine.hextech.plugins import ModuleInfo, installed_modules, module_names
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES

FIELD_LABELS: tuple[str, ...] = (
    "卡面正文", "时机", "持续时间", "频率", "触发者", "触发上限", "验证", "说明", "补充", "标签",
    "替换规则", "指定牌", "单张动作", "双张动作", "替代动作",
)  # fmt: skip
"""The labelled fields of the card library (lib 三–十一), kept verbatim."""

REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "world": ("触发者", "卡面正文"),
    "silver": ("频率", "卡面正文"),
    "gold": ("频率", "卡面正文"),
    "prismatic": ("频率", "卡面正文"),
    "contract": ("验证", "卡面正文"),
    "black_contract": ("验证", "卡面正文"),
    "party:tile": ("指定牌", "单张动作", "双张动作", "替代动作"),
}
"""Fields every card of a type (or ``type:group``) must carry; others need 卡面正文."""

OWN_SERIES: dict[str, tuple[str, str | None]] = {
    "W": ("world", None),
    "O-P": ("chance", "positive"),
    "O-N": ("chance", "negative"),
    "O-C": ("chance", "choice"),
    "O-X": ("chance", "chaos"),
    "S": ("silver", None),
    "G": ("gold", None),
    "P": ("prismatic", None),
    "C": ("contract", None),
    "B": ("black_contract", None),
}
"""The id ranges of the rule set's own cards (lib 一) and the type and group they imply; a module
declares the ranges of its cards itself (``ModuleSpec.series``)."""


@dataclass(frozen=True)
class Series:
    """The id ranges a card may carry (lib 一): the rule set's own and the installed modules'."""

    prefixes: dict[str, tuple[str, str | None]]
    """Each range's prefix and the type and group it implies."""
    tags: dict[str, str]
    """Each installed module's 标签 text (lib 一) and the name the header's ``module`` tag uses."""
    modules: frozenset[str]
    """The name of every installed module, whether it loads or not (R203)."""

    @property
    def longest_first(self) -> list[str]:
        """The prefixes, the longest first, so that ``O-P`` is tried before ``O``."""
        return sorted(self.prefixes, key=len, reverse=True)

    @property
    def letters(self) -> dict[str, str]:
        """The type each id letter implies; a module may add a group of its own to O or F (O-L01)."""
        return {prefix.split("-")[0]: kind for prefix, (kind, _) in self.prefixes.items()}


def series() -> Series:
    """The id ranges and module tags the installed modules declare beside the rule set's own."""
    return _series_of(tuple(installed_modules()), module_names())


@lru_cache(maxsize=4)
def _series_of(infos: tuple[ModuleInfo, ...], names: tuple[str, ...]) -> Series:
    prefixes = dict(OWN_SERIES)
    for info in infos:
        prefixes.update({s.prefix: (s.card_type, s.group) for s in info.series})
    ordered = dict(sorted(prefixes.items(), key=lambda item: sort_key(f"{item[0]}-01")[0]))
    return Series(ordered, {info.tag: info.name for info in infos}, frozenset(names))


_T = TypeVar("_T")

AUGMENTS = frozenset({"silver", "gold", "prismatic"})
"""The augment tiers (§5.1): their abilities default to once per round."""
CONTRACTS = frozenset({"contract", "black_contract"})
"""The types that may ``complete`` and ``fail`` (§9)."""
DRAWN = frozenset({"chance", "party", "treasure"})
"""The types drawn and resolved at once, which may ``resolve`` (§6.5, §7.2, §8)."""
SLOTTED = frozenset({"chance", "party"})
"""The drawn types with one lasting slot per player, which a 持续时间 fills (§6.9, §7.3)."""

WORLD_DEFAULT = (v.LimitRule(1, "round", per_player=True), v.LimitRule(4, "round"))
"""A world trigger without ``limit``: once per player per round, four times per round (§6.3, lib 三)."""
PERSONAL_DEFAULT = (v.LimitRule(1, "round"),)
"""An augment ability without ``limit``: once per round (lib 二.2)."""

FILTER_WORDS: tuple[str, ...] = ("flower", "seat_wind", "drawn", "latest", "not_latest", "pair")
"""Tile choices an effect may name beyond the hand-predicate tile filters."""

TILE_WORDS: tuple[str, ...] = ("tile", "chosen")
"""Names that stand for a tile: the event's tile, the face the holder chose."""


def _did_you_mean(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


class _Pass:
    """One card's semantic pass: collects diagnostics while building the compiled values."""

    def __init__(self, card: m.Card) -> None:
        self.card = card
        self.found: list[Diagnostic] = []
        self.level = v.LEVEL_OF_TYPE.get(card.type, v.Level.PLAIN)

    def report(self, code: str, message: str, location: Location | None, hint: str = "") -> None:
        self.found.append(Diagnostic.error(code, self.card.id, message, location or self.card.location, hint))

    def known(self, code: str, what: str, word: str, table: Iterable[str], where: Location | None) -> bool:
        names = list(table)
        if word in names:
            return True
        self.report(code, f"unknown {what} '{word}'", where, _did_you_mean(word, names))
        return False

    # ---- header -----------------------------------------------------------------

    def header(self) -> None:
        card = self.card
        if not is_card_id(card.id):
            message = f"{card.id} is not a card id of the library's form (lib 一, §18.4)"
            self.report(
                "BAD-ID", message, card.location, "e.g. W-01, O-P01, S-08-v2; a first version has no -v"
            )
        if self.known("UNKNOWN-TYPE", "card type", card.type, m.CARD_GROUPS, card.location):
            self.type_and_group()
        for label, where in card.field_locations.items():
            self.known("UNKNOWN-FIELD", "field", label, FIELD_LABELS, where)
        required = REQUIRED_FIELDS.get(f"{card.type}:{card.group}") or REQUIRED_FIELDS.get(
            card.type, ("卡面正文",)
        )
        for label in required:
            if label not in card.fields:
                self.report("MISSING-FIELD", f"{card.id} has no {label} field", card.location)
        known = series()
        tagged = known.tags.get(card.fields.get("标签", ""))
        if tagged is not None and tagged not in card.tags:
            self.report(
                "TAG-MISMATCH", f"标签 names the {tagged} module: add 'module {tagged}'", card.location
            )
        for tag in card.tags:
            named = self.known("UNKNOWN-MODULE", "module", tag, sorted(known.modules), card.location)
            if named and tagged != tag and tag in known.tags.values():
                self.report("TAG-MISMATCH", f"'module {tag}' needs the matching 标签 field", card.location)

    def type_and_group(self) -> None:
        card = self.card
        groups = m.CARD_GROUPS[card.type]
        if groups and card.group not in groups:
            message = f"a {card.type} card needs a group: one of {', '.join(groups)}"
            self.report("BAD-GROUP", message, card.location)
            return
        if not groups and card.group is not None:
            self.report("BAD-GROUP", f"a {card.type} card has no group, got '{card.group}'", card.location)
            return
        known = series()
        prefix = next((p for p in known.longest_first if card.base_id.startswith(p)), "")
        if prefix and re.fullmatch(rf"{prefix}-?[0-9]+", card.base_id):
            expected = known.prefixes[prefix]
        else:
            letter = card.base_id.split("-", 1)[0]
            letters = known.letters
            if letter not in letters:
                message = f"{card.base_id}: no card series {letter} (lib 一)"
                hint = "series: " + ", ".join(known.prefixes)
                self.report("UNKNOWN-SERIES", message, card.location, hint)
                return
            expected = (letters[letter], None)
        if (card.type, card.group if expected[1] else None) != expected:
            wanted = " ".join(word for word in expected if word)
            self.report("ID-TYPE", f"{card.base_id} is a {wanted} card by its id", card.location)

    # ---- arguments ------------------------------------------------------------

    def value(self, param: v.Param, arg: m.Arg, event: v.EventSpec | None) -> v.ArgValue | None:
        """The argument's value if every alternative fits the parameter's kind; else reported."""
        for atom in arg.alternatives:
            if not _fits(param.kind, atom, event):
                words = _names(param.kind, event) or ()
                hint = _did_you_mean(str(atom.value), words) or (
                    "one of " + ", ".join(words) if words else ""
                )
                message = f"{param.name}: '{atom.value}' is not a valid {param.kind}"
                self.report("BAD-ARGUMENT", message, arg.location, hint)
                return None
            if not _in_range(param, atom):
                message = f"{param.name}: {atom.value} is outside {param.low}…{param.high}"
                self.report(
                    "BAD-ARGUMENT",
                    message,
                    arg.location,
                    f"{param.name} is a whole number from {param.low} to {param.high}",
                )
                return None
        return _arg_value(arg)

    def bind(
        self, what: str, params: Sequence[v.Param], args: Sequence[m.Arg], where: Location,
        event: v.EventSpec | None = None,
    ) -> v.Args | None:  # fmt: skip
        """Match positional and named arguments to ``params``; fill defaults."""
        given: dict[str, m.Arg] = {}
        names = [p.name for p in params]
        ok = True
        for position, arg in enumerate(args):
            name = arg.name if arg.name is not None else (names[position] if position < len(names) else None)
            if name is None or name not in names:
                label = arg.name or f"argument {position + 1}"
                self.report(
                    "BAD-ARGUMENT", f"{what} takes no {label}", arg.location,
                    f"parameters: {', '.join(names) or 'none'}",
                )  # fmt: skip
                ok = False
            elif name in given:
                self.report("BAD-ARGUMENT", f"{what}: {name} given twice", arg.location)
                ok = False
            else:
                given[name] = arg
        bound: list[tuple[str, v.ArgValue]] = []
        for param in params:
            if param.name in given:
                value = self.value(param, given[param.name], event)
                ok = ok and value is not None
                if value is not None:
                    bound.append((param.name, value))
            elif param.default is None:
                self.report("BAD-ARGUMENT", f"{what} needs {param.name} ({param.kind})", where)
                ok = False
            else:
                bound.append((param.name, param.default))
        values = dict(bound)
        for param in params:
            value, most = values.get(param.name), values.get(param.most)
            if isinstance(value, int) and isinstance(most, int) and value > most:
                place = given[param.name].location if param.name in given else where
                self.report(
                    "BAD-ARGUMENT", f"{what}: {param.name} {value} is more than {param.most} {most}", place
                )
                ok = False
        return tuple(bound) if ok else None

    # ---- conditions --------------------------------------------------------

    def hand_condition(self, cond: m.Condition) -> pr.Condition | None:
        """A condition over the winning hand: names from ``engine.hextech.predicates.REGISTRY``; every unknown
        name and bad argument is reported at the fact that has it."""
        built = _convert(cond)
        ok = True
        for node, fact in _facts(cond, built):
            if fact.name not in pr.REGISTRY:
                hint = _did_you_mean(fact.name, pr.REGISTRY)
                self.report("UNKNOWN-PREDICATE", f"unknown hand predicate '{fact.name}'", fact.location, hint)
                ok = False
                continue
            for problem in pr.problems(node):
                self.report("BAD-ARGUMENT", problem, fact.location)
                ok = False
        return built if ok else None

    def fact_condition(self, cond: m.Condition, event: v.EventSpec | None) -> pr.Condition | None:
        """A condition over the table and the event's payload: names from
        ``engine.hextech.effects.facts.FACTS``."""
        if isinstance(cond, m.FactCall | m.Comparison):
            fact = cond if isinstance(cond, m.FactCall) else cond.fact
            if not self.known("UNKNOWN-FACT", "table fact", fact.name, FACTS, fact.location):
                return None
            spec = FACTS[fact.name]
            if any(arg.name is not None for arg in fact.args):
                self.report("BAD-ARGUMENT", f"{fact.name} takes positional arguments", fact.location)
                return None
            bound = self.bind(fact.name, spec.params, fact.args, fact.location, event)
            if bound is None:
                return None
            call = pr.Call(fact.name, tuple(value for _, value in bound))
            if isinstance(cond, m.FactCall):
                if spec.returns == "int":
                    self.report("BAD-ARGUMENT", f"{fact.name} is a number: compare it", fact.location)
                return call
            if spec.returns == "bool":
                self.report("BAD-ARGUMENT", f"{fact.name} is a truth, not a number", fact.location)
            return pr.Compare(call, cond.comparator, cond.value)
        if isinstance(cond, m.Negation):
            part = self.fact_condition(cond.part, event)
            return pr.Not(part) if part is not None else None
        parts = [self.fact_condition(p, event) for p in cond.parts]
        if any(p is None for p in parts):
            return None
        kept = tuple(p for p in parts if p is not None)
        return pr.All(kept) if isinstance(cond, m.AllOf) else pr.AnyOf(kept)

    # ---- abilities -----------------------------------------------------------

    def event(self, name: str, where: Location) -> v.EventSpec | None:
        if self.known("UNKNOWN-EVENT", "event", name, v.EVENTS, where):
            return v.EVENTS[name]
        return None

    def role(self, word: str | None, where: Location) -> None:
        if word is not None:
            self.known("UNKNOWN-ROLE", "player role", word, v.ROLES, where)

    def limits(self, written: Sequence[m.Limit], default: tuple[v.LimitRule, ...]) -> tuple[v.LimitRule, ...]:
        if not written:
            return default
        rules: list[v.LimitRule] = []
        for limit in written:
            if limit.count is None:
                continue
            per = list(limit.per)
            per_player = per[:1] == ["player"]
            period = next((known for known in v.LIMIT_PERIODS if known == per[-1]), None)
            if len(per) > 2 or (len(per) == 2 and not per_player) or period is None:
                self.report(
                    "BAD-LIMIT", f"limit 'per {' per '.join(per)}' is not a limit", limit.location,
                    "write: limit N per round | per player per round | per session | per turn",
                )  # fmt: skip
                continue
            rules.append(v.LimitRule(limit.count, period, per_player))
        return tuple(rules)

    def default_limits(self, allow: bool = True) -> tuple[v.LimitRule, ...]:
        if self.card.type == "world":
            return WORLD_DEFAULT
        if self.card.type in AUGMENTS and allow:
            return PERSONAL_DEFAULT
        return ()

    def duration(self, written: m.Duration | None) -> v.DurationRule | None:
        if written is None:
            return None
        if written.until is not None:
            self.known("UNKNOWN-DURATION", "duration", written.until, v.DURATIONS, written.location)
        return v.DurationRule(until=written.until, triggers=written.triggers)

    def static(self, written: m.Static | m.Status, limits: tuple[v.LimitRule, ...]) -> v.StaticRule | None:
        action = written.action
        if not self.known("UNKNOWN-STATIC", "static", action.name, STATICS, action.location):
            return None
        self.role(written.who, written.location)
        args = self.bind(action.name, STATICS[action.name].params, action.args, action.location)
        guard = self.fact_condition(written.guard, None) if written.guard is not None else None
        if args is None:
            return None
        return v.StaticRule(
            source=self.card.id,
            polarity=written.polarity,
            action=action.name,
            args=args,
            who=written.who,
            condition=guard,
            limits=limits,
            duration=self.duration(written.duration),
            level=self.level,
        )

    def program(self, effects: Sequence[m.Effect], event: v.EventSpec | None) -> v.Program:
        self.hand_kept(effects)
        return tuple(step for step in (self.step(e, event) for e in effects) if step is not None)

    def hand_kept(self, effects: Sequence[m.Effect]) -> None:
        """A block of steps leaves its player's hand no shorter: a tile a step takes out for good
        (``put_bottom``) is drawn back by a later step of the same block (H11, R561)."""
        balance, short = 0, None
        for effect in effects:
            if not isinstance(effect, m.EffectCall) or effect.name not in PRIMITIVES:
                continue
            balance += PRIMITIVES[effect.name].hand
            if balance < 0 and short is None:
                short = effect
        if balance < 0 and short is not None:
            message = f"{short.name} takes a tile from the hand and no later step of this block draws one"
            hint = "follow it with draw_tile(…) or look_and_take(…), as O-P09 and G-18 do"
            self.report("SHORT-HAND", message, short.location, hint)

    def step(self, effect: m.Effect, event: v.EventSpec | None) -> v.Step | None:
        if isinstance(effect, m.EffectCall):
            if not self.known("UNKNOWN-PRIMITIVE", "primitive", effect.name, PRIMITIVES, effect.location):
                return None
            args = self.bind(effect.name, PRIMITIVES[effect.name].params, effect.args, effect.location)
            return v.PrimitiveStep(effect.name, args) if args is not None else None
        if isinstance(effect, m.Choose):
            options = tuple(
                v.OptionStep(
                    option.label,
                    self.fact_condition(option.guard, event) if option.guard is not None else None,
                    self.program(option.effects, event),
                )
                for option in effect.options
            )
            return v.ChooseStep(options)
        if isinstance(effect, m.ForEach):
            self.role(effect.players, effect.location)
            self.role(effect.start, effect.location)
            return v.ForEachStep(effect.players, effect.start, self.program(effect.effects, event))
        if isinstance(effect, m.IfEffect):
            condition = self.fact_condition(effect.condition, event)
            then, otherwise = self.program(effect.then, event), self.program(effect.otherwise, event)
            return v.IfStep(condition, then, otherwise) if condition is not None else None
        if isinstance(effect, m.Status):
            rule = self.static(effect, ())
            return v.StatusStep(rule) if rule is not None else None
        self.known("UNKNOWN-DURATION", "duration", effect.expiry, v.DURATIONS, effect.location)
        return v.LaterStep(effect.expiry, self.program(effect.effects, event))

    def hooks(self, index: int, ability: m.Trigger | m.Replacement) -> list[v.Hook]:
        """One hook per event the ability listens to, all of the ability's ``index``: they share its
        guard, its effect and the counters of its limits (``engine.hextech.effects.hooks.limit_key``)."""
        named = [(ability.event, ability.event_location)]
        if isinstance(ability, m.Trigger):
            named += [(other.name, other.location) for other in ability.also]
        specs = [self.event(name, where) for name, where in named]
        known = [spec for spec in specs if spec is not None]
        event = _common(known) if known else None
        self.role(ability.actor, ability.location)
        guard = self.fact_condition(ability.guard, event) if ability.guard is not None else None
        steps = self.program(ability.effects, event)
        if event is None or len(known) < len(specs) or (ability.guard is not None and guard is None):
            return []
        limits = self.limits(ability.limits, self.default_limits())
        duration = self.duration(ability.duration)
        return [
            v.Hook(
                source=self.card.id,
                index=index,
                event=spec.name,
                actor=ability.actor,
                condition=guard,
                limits=limits,
                duration=duration,
                optional=ability.optional,
                steps=steps,
                level=self.level,
                replaces=isinstance(ability, m.Replacement),
            )
            for spec in known
        ]

    def grant(self, ability: m.Grant) -> ShapeGrant | None:
        """``grant shape`` names a bent set or pair, ``grant form`` a whole-hand form (engine/core/shapes.py);
        arguments bind to the shape's parameters by position or by name."""
        if not self.known("UNKNOWN-SHAPE", "shape", ability.name, SHAPES, ability.location):
            return None
        rule = SHAPES[ability.name]
        written = "form" if rule.is_form else "shape"
        if ability.kind != written:
            message = f"'{ability.name}' is a {written}, not a {ability.kind}"
            self.report("UNKNOWN-SHAPE", message, ability.location, f"write: grant {written} {ability.name}")
            return None
        params = tuple(
            (
                arg.name or (rule.params[i] if i < len(rule.params) else f"argument {i + 1}"),
                str(arg.alternatives[0].value),
            )
            for i, arg in enumerate(ability.args)
        )
        try:
            return ShapeGrant(self.card.id, ability.name, params)
        except HexError as err:
            self.report("BAD-ARGUMENT", str(err), ability.location)
            return None

    def watch(self, ability: m.CompleteOn | m.Fail) -> v.ContractWatch | None:
        event = self.event(ability.event, ability.event_location)
        self.role(ability.actor, ability.location)
        condition = self.fact_condition(ability.guard, event) if ability.guard is not None else None
        if event is None or (ability.guard is not None and condition is None):
            return None
        outcome: Literal["complete", "fail"] = "complete" if isinstance(ability, m.CompleteOn) else "fail"
        return v.ContractWatch(self.card.id, outcome, event.name, ability.actor, condition)

    def contract(
        self, at_hu: list[pr.Condition], statics: list[v.StaticRule], grants: list[ShapeGrant]
    ) -> ContractTerms:
        card = self.card
        prohibits = frozenset(
            rule.action
            for rule in statics
            if rule.polarity == "forbid" and rule.action in PROHIBITABLE and rule.condition is None
        )
        verification = card.fields.get("验证", "")
        return ContractTerms(
            id=card.id,
            name=card.name,
            kind="black" if card.type == "black_contract" else "normal",
            verification=verification,
            at_hu=(at_hu[0] if len(at_hu) == 1 else pr.All(tuple(at_hu))) if at_hu else None,
            prohibits=prohibits,
            form=next(iter(grants), None),
            public=verification in ("公开验证", "持续公开"),
        )

    def compile(self) -> v.CompiledCard:
        card = self.card
        self.header()
        hooks: list[v.Hook] = []
        statics: list[v.StaticRule] = []
        grants: list[ShapeGrant] = []
        watches: list[v.ContractWatch] = []
        at_hu: list[pr.Condition] = []
        resolution: v.Program = ()
        for index, ability in enumerate(card.abilities):
            self.placement(ability)
            if isinstance(ability, m.Trigger | m.Replacement):
                hooks += self.hooks(index, ability)
            elif isinstance(ability, m.Static):
                default = self.default_limits(allow=ability.polarity == "allow")
                _keep(statics, self.static(ability, self.limits(ability.limits, default)))
            elif isinstance(ability, m.Grant):
                _keep(grants, self.grant(ability))
            elif isinstance(ability, m.CompleteAtHu):
                _keep(at_hu, self.hand_condition(ability.condition))
            elif isinstance(ability, m.CompleteOn | m.Fail):
                _keep(watches, self.watch(ability))
            else:
                resolution = self.program(ability.effects, None)
        contract = self.contract(at_hu, statics, grants) if card.type in CONTRACTS else None
        return v.CompiledCard(
            id=card.id,
            base_id=card.base_id,
            version=card.version,
            name=card.name,
            type=card.type,
            group=card.group,
            level=self.level,
            modules=card.modules,
            hooks=tuple(hooks),
            statics=tuple(statics),
            grants=tuple(grants) if contract is None else (),
            contract=contract,
            watches=tuple(watches),
            resolution=resolution,
            lasts=slot_duration(dict(card.fields), resolution) if card.type in SLOTTED else None,
        )

    def placement(self, ability: m.Ability) -> None:
        contract_only = isinstance(ability, m.CompleteAtHu | m.CompleteOn | m.Fail)
        if contract_only and self.card.type not in CONTRACTS:
            self.report("MISPLACED", "only a contract can complete or fail", ability.location)
        if isinstance(ability, m.Resolution) and self.card.type not in DRAWN:
            self.report(
                "MISPLACED", "only a chance, party or treasure card resolves when drawn", ability.location
            )


def _keep(bucket: list[_T], item: _T | None) -> None:
    if item is not None:
        bucket.append(item)


def _is_tile(atom: m.Atom) -> bool:
    """A written tile that exists (``5m``, not ``0m`` or ``8z``)."""
    try:
        parse_one(str(atom.value))
    except TileSyntaxError:
        return False
    return atom.kind == "tile"


def _in_range(param: v.Param, atom: m.Atom) -> bool:
    """A whole number lies in its parameter's declared range (R190); other values have none."""
    if not isinstance(atom.value, int):
        return True
    low = param.low if param.low is not None else atom.value
    high = param.high if param.high is not None else atom.value
    return low <= atom.value <= high


def _filter_word(atom: m.Atom) -> bool:
    if atom.kind == "int":
        return isinstance(atom.value, int) and 1 <= atom.value <= 9
    if atom.kind == "tile":
        return _is_tile(atom)
    word = str(atom.value)
    return atom.kind == "name" and (
        word in hand_reading.TILE_CLASSES or word in hand_reading.FACT_FILTERS or word in FILTER_WORDS
    )


_ATOM_TESTS: dict[v.ParamKind, Callable[[m.Atom], bool]] = {
    "int": lambda atom: atom.kind == "int",
    "tile": lambda atom: _is_tile(atom) or (atom.kind == "name" and atom.value in TILE_WORDS),
    "filter": _filter_word,
}
"""Kinds that take more than a name; every other kind takes a name from :func:`_names`."""

_NAMED_BY: dict[v.ParamKind, Collection[str]] = {
    "player": v.ROLES,
    "players": v.ROLES,
    "duration": v.DURATIONS,
    **v.ARGUMENT_WORDS,
}
"""The names each enumerated parameter kind accepts."""


def _common(events: Sequence[v.EventSpec]) -> v.EventSpec:
    """The events a trigger listens to as one: a guard or an effect may name only the payload fields
    every one of them carries (``on meld.exposed | kong.established``: ``kind``, ``tile``, ``from``)."""
    first, *rest = events
    if not rest:
        return first
    payload = tuple(name for name in first.payload if all(name in other.payload for other in rest))
    return replace(first, payload=payload)


def _names(kind: v.ParamKind, event: v.EventSpec | None) -> Collection[str] | None:
    """The names an argument of ``kind`` may be (``None``: any name); a ``field`` is a payload field."""
    if kind == "name":
        return None
    if kind == "field":
        return event.payload if event is not None else ()
    return _NAMED_BY.get(kind, ())


def _fits(kind: v.ParamKind, atom: m.Atom, event: v.EventSpec | None) -> bool:
    test = _ATOM_TESTS.get(kind)
    if test is not None:
        return test(atom)
    names = _names(kind, event)
    return atom.kind == "name" and (names is None or atom.value in names)


def _arg_value(arg: m.Arg) -> hand_reading.Arg:
    values = tuple(atom.value for atom in arg.alternatives)
    return values[0] if len(values) == 1 else values


def _convert(cond: m.Condition) -> pr.Condition:
    if isinstance(cond, m.FactCall):
        return pr.Call(cond.name, tuple(_arg_value(a) for a in cond.args))
    if isinstance(cond, m.Comparison):
        call = pr.Call(cond.fact.name, tuple(_arg_value(a) for a in cond.fact.args))
        return pr.Compare(call, cond.comparator, cond.value)
    if isinstance(cond, m.Negation):
        return pr.Not(_convert(cond.part))
    parts = tuple(_convert(p) for p in cond.parts)
    return pr.All(parts) if isinstance(cond, m.AllOf) else pr.AnyOf(parts)


def _facts(cond: m.Condition, built: pr.Condition) -> list[tuple[pr.Call | pr.Compare, m.FactCall]]:
    """Each fact of ``cond`` (a call, or a call compared with a number) beside its built node."""
    if isinstance(cond, m.FactCall) and isinstance(built, pr.Call):
        return [(built, cond)]
    if isinstance(cond, m.Comparison) and isinstance(built, pr.Compare):
        return [(built, cond.fact)]
    if isinstance(cond, m.Negation) and isinstance(built, pr.Not):
        return _facts(cond.part, built.part)
    if isinstance(cond, m.AllOf | m.AnyOf) and isinstance(built, pr.All | pr.AnyOf):
        return [pair for c, b in zip(cond.parts, built.parts, strict=True) for pair in _facts(c, b)]
    return []


def _duplicates(cards: Sequence[m.Card]) -> list[Diagnostic]:
    counts = Counter(card.id for card in cards)
    seen: set[str] = set()
    found = []
    for card in cards:
        if counts[card.id] > 1 and card.id in seen:
            message = f"{card.id} is defined {counts[card.id]} times"
            found.append(Diagnostic.error("DUPLICATE-ID", card.id, message, card.location))
        seen.add(card.id)
    return found


def _compile_all(cards: Sequence[m.Card]) -> tuple[list[v.CompiledCard], list[Diagnostic]]:
    found = _duplicates(cards)
    compiled = []
    for card in cards:
        checker = _Pass(card)
        compiled.append(checker.compile())
        found.extend(checker.found)
    return compiled, found


def check_cards(cards: Sequence[m.Card]) -> list[Diagnostic]:
    """Every problem of the cards, in file order: unknown names, bad arguments, missing fields, duplicates."""
    return _compile_all(cards)[1]


def compile_card(card: m.Card) -> v.CompiledCard:
    """The card in the engine's terms; raises :class:`dsl.errors.CardCheckError` with every problem."""
    return compile_cards([card])[0]


def compile_cards(cards: Sequence[m.Card]) -> list[v.CompiledCard]:
    """Compile many cards; every problem of every card is raised together."""
    compiled, problems = _compile_all(cards)
    if problems:
        raise CardCheckError(problems, {})
    return compiled


def compile_pool(cards: Sequence[m.Card]) -> list[v.CompiledCard]:
    """Compile a pool: each card once, one compiled card per entry, so the second copy of a copy pack
    (§3, 副本2) stays in the list and the session's deck holds both copies."""
    distinct = list({card.id: card for card in cards}.values())
    by_id = {card.id: card for card in compile_cards(distinct)}
    return [by_id[card.id] for card in cards]
