"""Priority conflicts: one card permits an action that another card forbids (§15, §9.7).

Every ``allow``/``forbid`` static of a card, every status a card's effect
sets, and every primitive whose effect is a prohibition
(``engine.hextech.vocabulary.PrimitiveSpec.forbids``: a safe discard answers
``call_discard``, R89) answers a legality question at its card's §15 level.  When a permission
and a prohibition answer the same question, the lower level wins (L3 contract
prohibitions over L4 augments, and so on).  The order cannot decide between
two cards of one level, and a few pairs are read otherwise on purpose; those
rulings are data (``cards/conflict-rulings.yaml``), each with its section and
its reason (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any, Literal

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedSeq
from ruamel.yaml.error import YAMLError

from dsl.errors import Location
from dsl.model import Card, Effect, EffectCall, Static, Status
from engine.core.errors import InputError
from engine.hextech.vocabulary import LEVEL_OF_TYPE, Level
from engine.hextech.words import PRIMITIVES

Polarity = Literal["allow", "forbid"]

LEVEL_TITLES: dict[Level, str] = {
    Level.HU: "合法胡牌及一炮多响判定",
    Level.ROB_KONG: "抢杠胡判定",
    Level.CONTRACT: "契约中的禁止条件",
    Level.AUGMENT: "强化海克斯",
    Level.TREASURE: "宝牌令",
    Level.WORLD: "世界牌",
    Level.CHANCE: "机遇牌",
    Level.PARTY: "欢乐挑战牌",
    Level.PLAIN: "普通吃、碰、杠操作",
}
"""The rulebook's words for each level of §15."""

COVERS: dict[str, tuple[str, ...]] = {
    "call_discard": ("chi", "pon", "minkan"),
}
"""Actions that answer several narrower questions at once: a discard nobody may call can be
neither chi'd, pon'd nor kong'd (lib 二.1 安全弃牌)."""

RULINGS_FILE = Path(__file__).resolve().parent.parent / "cards" / "conflict-rulings.yaml"


@dataclass(frozen=True)
class Rule:
    """One permission or prohibition of one card: the action it answers, at its card's level."""

    card: str
    base: str
    polarity: Polarity
    action: str
    level: Level
    location: Location


@dataclass(frozen=True)
class Ruling:
    """How a pair of cards is decided when the §15 order does not settle it (data, with its basis)."""

    action: str
    allow: frozenset[str]
    forbid: frozenset[str]
    winner: Polarity
    section: str
    why: str


@dataclass(frozen=True)
class Conflict:
    """A permission and a prohibition of the same action; ``winner`` is None when nothing decides."""

    action: str
    allow: Rule
    forbid: Rule
    winner: Polarity | None
    basis: str


def _steps(effects: Iterable[Effect]) -> Iterable[Effect]:
    """Every effect of a program, nested ones included."""
    for effect in effects:
        yield effect
        for nested in (
            getattr(effect, "effects", ()),
            getattr(effect, "then", ()),
            getattr(effect, "otherwise", ()),
        ):
            yield from _steps(nested)
        for option in getattr(effect, "options", ()):
            yield from _steps(option.effects)


def card_rules(card: Card) -> list[Rule]:
    """The permissions and prohibitions a card states, sets through a status, or puts in force through
    a primitive that prohibits (a safe discard, R89), at its §15 level."""
    level = LEVEL_OF_TYPE.get(card.type, Level.PLAIN)
    found: list[tuple[Polarity, str, Location]] = []
    for ability in card.abilities:
        if isinstance(ability, Static):
            found.append((ability.polarity, ability.action.name, ability.location))
        for effect in _steps(getattr(ability, "effects", ())):
            if isinstance(effect, Status):
                found.append((effect.polarity, effect.action.name, effect.location))
            elif isinstance(effect, EffectCall) and effect.name in PRIMITIVES:
                found.extend(("forbid", name, effect.location) for name in PRIMITIVES[effect.name].forbids)
    return [
        Rule(card.id, card.base_id, polarity, action, level, where)
        for polarity, name, where in found
        for action in (name, *COVERS.get(name, ()))
    ]


def load_rulings(path: Path = RULINGS_FILE) -> list[Ruling]:
    """Read the rulings table; a malformed entry is an :class:`InputError` naming its line."""
    try:
        entries: Any = YAML(typ="rt").load(path.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as err:
        raise InputError(f"{path}: cannot read the rulings: {err}") from err
    if entries is None:
        return []
    if not isinstance(entries, CommentedSeq):
        raise InputError(f"{path}:1: the rulings are a list of entries")
    rulings = []
    for index, entry in enumerate(entries):
        try:
            rulings.append(
                Ruling(
                    action=str(entry["action"]),
                    allow=frozenset(entry["allow"]),
                    forbid=frozenset(entry["forbid"]),
                    winner=_polarity(entry["winner"]),
                    section=str(entry["section"]),
                    why=str(entry["why"]),
                )
            )
        except (KeyError, TypeError, ValueError) as err:
            line = entries.lc.item(index)[0] + 1
            raise InputError(
                f"{path}:{line}: a ruling needs action, allow, forbid, winner, section, why"
            ) from err
    return rulings


def _polarity(text: object) -> Polarity:
    if text == "allow":
        return "allow"
    if text == "forbid":
        return "forbid"
    raise ValueError(text)


def find_conflicts(rules: Sequence[Rule], rulings: Sequence[Ruling]) -> list[Conflict]:
    """Every permission/prohibition pair of different cards on one action, with what decides it."""
    conflicts = []
    allows = [rule for rule in rules if rule.polarity == "allow"]
    forbids = [rule for rule in rules if rule.polarity == "forbid"]
    for allow, forbid in product(allows, forbids):
        if allow.action != forbid.action or allow.base == forbid.base:
            continue
        conflicts.append(_decide(allow, forbid, rulings))
    return sorted(conflicts, key=lambda c: (c.action, c.forbid.card, c.allow.card))


def _decide(allow: Rule, forbid: Rule, rulings: Sequence[Ruling]) -> Conflict:
    for ruling in rulings:
        if ruling.action == allow.action and allow.base in ruling.allow and forbid.base in ruling.forbid:
            return Conflict(allow.action, allow, forbid, ruling.winner, f"{ruling.section}: {ruling.why}")
    if allow.level == forbid.level:
        return Conflict(
            allow.action,
            allow,
            forbid,
            None,
            f"both at §15 L{int(allow.level)} ({LEVEL_TITLES[allow.level]}) and no ruling decides",
        )
    winner: Polarity = "forbid" if forbid.level < allow.level else "allow"
    high, low = sorted((allow.level, forbid.level))
    basis = f"§15: L{int(high)} {LEVEL_TITLES[high]} over L{int(low)} {LEVEL_TITLES[low]}"
    return Conflict(allow.action, allow, forbid, winner, basis)
