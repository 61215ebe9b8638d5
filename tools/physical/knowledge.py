"""A card's condition judged on what the console of a real table knows: true, false, or unknown
(issue 31 item 3).

The console knows what it holds (the round, who has won, the contracts, the wall count told), counts
what it was told (melds, calls), and reads the payload of an event the table told (a kong's kind, whose
discard was called); every other fact depends on tiles it never sees
(:data:`engine.hextech.effects.facts.FACTS`, ``console``).  A condition with such a fact in a part
that decides it is unknown, and the card's holder is asked yes or no with the card's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.core.melds import MeldKind
from engine.hextech.card_ids import base_of
from engine.hextech.conditions.hand_reading import Arg
from engine.hextech.effects.facts import FACTS
from engine.hextech.predicates import All, AnyOf, Call, Compare, Condition, Not
from engine.hextech.state import ContractStatus
from tools.physical.state import SEATS, TableState

PLAYER_FIELDS = frozenset({"from", "player"})
"""Payload fields that hold a player, compared with the players roles name (``is(from, holder)``)."""
SET_OF_MELD = {
    MeldKind.CHI: "chow",
    MeldKind.PON: "pung",
    MeldKind.MINKAN: "kong",
    MeldKind.KAKAN: "kong",
    MeldKind.ANKAN: "kong",
}
"""The set kind each declared meld is."""
CALL_KINDS = {"set": ("chi", "pon", "minkan", "kakan", "ankan")}


@dataclass(frozen=True)
class Scene:
    """What a condition is judged on: the event (its name, its actor and the payload fields the
    console holds), the card and its holder, the player of a ``for each`` step, the player picked."""

    event: str
    actor: int | None
    card: str
    holder: int | None
    data: Mapping[str, object] = field(default_factory=dict)
    each: int | None = None
    target: int | None = None


def role(st: TableState, scene: Scene, name: object) -> int | None:
    """The player a role names in this scene (``holder``, ``actor``, ``upper`` …), if one."""
    match str(name):
        case "holder":
            return scene.holder if scene.holder is not None else scene.actor
        case "actor":
            return scene.actor
        case "each":
            return scene.each
        case "target":
            return scene.target
        case "dealer":
            return st.dealer
        case "next_actor":
            if scene.actor is not None:
                return st.lower(scene.actor)
            return st.rnd.next_player
        case "upper":
            who = role(st, scene, "holder")
            return None if who is None else st.upper(who)
        case "lower":
            who = role(st, scene, "holder")
            return None if who is None else st.lower(who)
    return None


def _player(st: TableState, scene: Scene, args: tuple[Arg, ...], index: int = 0) -> int | None:
    return role(st, scene, args[index] if len(args) > index else "actor")


def _words(value: Arg) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, tuple) else (str(value),)


def _is(st: TableState, scene: Scene, args: tuple[Arg, ...]) -> bool | None:
    name = str(args[0])
    if name not in scene.data:
        return None
    value = scene.data[name]
    wanted = _words(args[1])
    if name in PLAYER_FIELDS:
        return any(role(st, scene, w) == value for w in wanted)
    base = base_of(scene.card)
    return str(value) in {base if w == "self" else w for w in wanted}


def _melds(st: TableState, player: int, kinds: Arg) -> int:
    words = set(_words(kinds))
    melds = [m for m in st.rnd.players[player].melds if m is not MeldKind.ANKAN]
    if "set" in words:
        return len(melds)
    return sum(1 for m in melds if m.value in words or SET_OF_MELD[m] in words)


def _calls(st: TableState, player: int, kinds: Arg) -> int:
    wanted = {k for w in _words(kinds) for k in CALL_KINDS.get(w, (w,))}
    return sum(n for kind, n in st.rnd.players[player].calls.items() if kind in wanted)


def _routed(st: TableState, scene: Scene, player: int) -> int:
    route = st.rnd.values.get((base_of(scene.card), player), {}).get("route")
    kinds = (
        {MeldKind.CHI} if route == "chow" else {MeldKind.PON, MeldKind.MINKAN, MeldKind.KAKAN, MeldKind.ANKAN}
    )
    return sum(1 for m in st.rnd.players[player].melds if m in kinds)


def fact(st: TableState, scene: Scene, call: Call) -> bool | int | None:
    """A fact's value, or ``None`` when the console cannot know it (asked of the holder)."""
    spec = FACTS.get(call.name)
    if spec is None or spec.console == "asks":
        return None
    args = call.args
    rnd = st.rnd
    if call.name == "is":
        return _is(st, scene, args)
    if call.name in ("drawable", "in_game", "round_number", "window_opened", "contract_revealed"):
        return {
            "drawable": rnd.drawable,
            "in_game": len(st.in_game_players()),
            "round_number": rnd.number,
            "window_opened": rnd.window_opened,
            "contract_revealed": rnd.contracts_revealed,
        }[call.name]
    if call.name == "module_enabled":
        return str(args[0]) in st.pool.modules
    if call.name == "chosen":
        holder = role(st, scene, "holder")
        chosen = rnd.values.get((base_of(scene.card), -1 if holder is None else holder), {})
        return str(args[0]) in chosen.values()
    player = _player(st, scene, args)
    if player is None:
        return None
    match call.name:
        case "lowest_score":
            return player in st.lowest()
        case "contract_completed":
            return rnd.players[player].status is ContractStatus.COMPLETED
        case "has_won":
            return not st.in_game(player)
        case "challenge_lost":
            return (scene.card, player) in rnd.lost_challenges
        case "exposed_melds":
            return _melds(st, player, args[1] if len(args) > 1 else "set")
        case "others_with_exposed_melds":
            return sum(1 for p in range(SEATS) if p != player and _melds(st, p, "set"))
        case "calls_made":
            return _calls(st, player, args[1] if len(args) > 1 else "set")
        case "routed_melds":
            return _routed(st, scene, player)
    return None


def judge(st: TableState, scene: Scene, condition: Condition | None) -> bool | None:
    """Whether the condition holds: true, false, or ``None`` when it turns on what the console does
    not know."""
    if condition is None:
        return True
    if isinstance(condition, Call):
        value = fact(st, scene, condition)
        return None if value is None else bool(value)
    if isinstance(condition, Compare):
        left = fact(st, scene, condition.left)
        if left is None:
            return None
        return _compare(int(left), condition.op, condition.right)
    if isinstance(condition, Not):
        inner = judge(st, scene, condition.part)
        return None if inner is None else not inner
    results = [judge(st, scene, part) for part in condition.parts]
    if isinstance(condition, All):
        return False if False in results else None if None in results else True
    assert isinstance(condition, AnyOf)
    return True if True in results else None if None in results else False


def _compare(left: int, op: str, right: int) -> bool:
    return {
        "==": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }[op]


def facts_in(condition: Condition | None) -> list[Call]:
    """Every fact a condition asks, in order."""
    if condition is None:
        return []
    if isinstance(condition, Call):
        return [condition]
    if isinstance(condition, Compare):
        return [condition.left]
    if isinstance(condition, Not):
        return facts_in(condition.part)
    return [call for part in condition.parts for call in facts_in(part)]
