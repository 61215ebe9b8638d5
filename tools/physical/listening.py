"""What the cards in force listen to, and so what a real table is asked to tell its console (issue 31
item 3).

From the compiled triggers of the cards in force — the world card, each player's augments while in
the round (§5.4), the contracts, the lasting chance and party cards — the console knows which table
events it must be told, and offers exactly those as one-tap buttons, on the actor's phone and on the
host screen for any seat: a call (吃, 碰), a flower, the wall at a count a card names.  A kong and a
win are always asked, for their points (§13.9, §12); the wall at 24 for the abandon window (§10) and
its end (§11 phase 6).  What happens every turn is never asked one by one: a card listening to it is
shown on its holder's phone (on every phone for a world card) with its trigger, and the holder taps
when it fires (``trigger``, ``use`` for a card that may be used, ``complete`` / ``fail`` for a
contract watched on it); where the card then only has its holder do something with the tiles, that
tap is also its "done", with "cannot" beside it (R626); a state that lasts until a turn's moment ends
with its holder's ``end``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.hextech.effects.facts import FACTS
from engine.hextech.predicates import All, AnyOf, Call, Compare, Condition, Not
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import (
    DURATIONS,
    EVENTS,
    CompiledCard,
    ContractWatch,
    Hook,
    LaterStep,
    PrimitiveStep,
    StatusStep,
)
from engine.hextech.words import PRIMITIVES
from tools.physical.effects import TableEvent
from tools.physical.knowledge import Scene, facts_in, judge
from tools.physical.limits import used_up
from tools.physical.state import SEATS, TableState
from tools.physical.texts import table_text

TOLD_BUTTONS: dict[str, tuple[str, ...]] = {
    "chi": ("call.declared", "chi.established", "meld.exposed"),
    "pon": ("call.declared", "pon.established", "meld.exposed"),
    "kong minkan": ("call.declared", "kong.declared", "kong.established", "meld.exposed", "draw.replacement"),
    "kong kakan": ("kong.declared", "kong.established", "meld.exposed", "draw.replacement"),
    "kong ankan": ("kong.declared", "kong.established", "draw.replacement"),
    "flower": ("flower.revealed", "draw.replacement"),
}
"""Each table event button and the events it delivers, in order (§6.6, §11, §13.9)."""
KONGS = ("kong ankan", "kong minkan", "kong kakan")
"""Always asked: a kong earns its points as it stands (§13.9)."""
DECLARED = "kong.declared"
"""The one event of a 加杠 heard before it stands: nobody may have robbed it yet (§9.4)."""
DESIGNATED_TURNS = 2
"""§7.5: each F-T card triggers in at most two turns a round."""
WINDOW_WALL = 24
"""§10: the wall count that opens the abandon window."""
LABELS = {
    "chi": "我吃了",
    "pon": "我碰了",
    "kong ankan": "我暗杠了",
    "kong minkan": "我明杠了",
    "kong kakan": "我加杠了",
    "flower": "我补花了",
    "hu": "我胡了",
}
"""The buttons' words."""
TURN_ENDS = frozenset(name for name, spec in DURATIONS.items() if EVENTS[spec.ends_on].at_table == "turn")
"""The durations that end at a moment of a turn, which the console is never told: a state lasting until
one ends when its holder taps ``end``."""
HOLDER_ROLES = frozenset({"holder", "actor"})
"""The roles that name the tapping holder in a trigger of their own turn's moment."""
SHARED = frozenset({"pass_all", "exchange"})
"""Table effects done by more than one player."""


@dataclass(frozen=True)
class Listener:
    """One trigger or contract watch of a card in force, with its holder (``None``: the world card)."""

    card: CompiledCard
    holder: int | None
    index: int
    event: str
    actor: str | None
    condition: Condition | None
    hook: Hook | None = None
    watch: ContractWatch | None = None

    @property
    def tap(self) -> str:
        """The option its holder taps when it fires at a turn's moment."""
        if self.watch is not None:
            return f"{'complete' if self.watch.outcome == 'complete' else 'fail'} {self.card.id}"
        verb = "use" if self.hook is not None and self.hook.optional else "trigger"
        hooks = [h for h in self.card.hooks if EVENTS[h.event].at_table == "turn"]
        suffix = f":{self.index + 1}" if len(hooks) > 1 else ""
        return f"{verb} {self.card.id}{suffix}"

    @property
    def instruction(self) -> str:
        """What the holder does with the tiles when the trigger fires, when that is all its card does
        there: table effects the holder alone carries out, and what lasts after them (a state, steps
        for later) — nothing a player is asked; ``""`` otherwise.  Its tap is then also its "done"
        (R626)."""
        if self.hook is None:
            return ""
        shown = []
        for step in self.hook.steps:
            if isinstance(step, LaterStep | StatusStep):
                continue
            if not isinstance(step, PrimitiveStep) or PRIMITIVES[step.primitive].done_by != "table":
                return ""
            args = dict(step.args)
            named = [str(args[key]) for key in ("player", "owner") if key in args]
            if step.primitive in SHARED or any(word not in HOLDER_ROLES for word in named):
                return ""
            shown.append(table_text(step.primitive, args))
        return "；".join(shown)


def in_force(st: TableState) -> Iterator[tuple[CompiledCard, int | None]]:
    """The cards in force with their holders: the world card, the augments of players still in the
    round (§5.4), the contracts not abandoned (§10.2), the lasting cards in front of their holders."""
    if st.round is None:
        return
    rnd = st.rnd
    if rnd.world is not None:
        yield st.pool.card(rnd.world), None
    for p in range(SEATS):
        if st.in_game(p):
            for card_id in st.augments[p]:
                yield st.pool.card(card_id), p
        player = rnd.players[p]
        if player.contract is not None and player.status is not ContractStatus.ABANDONED:
            yield st.pool.card(player.contract), p
    for (p, _deck), card_id in sorted(rnd.lasting.items()):
        yield st.pool.card(card_id), p


def listeners(st: TableState) -> list[Listener]:
    """Every trigger and contract watch of the cards in force (replacements of a turn's draw count as
    triggers: the holder taps when they are used)."""
    found = []
    for card, holder in in_force(st):
        for index, hook in enumerate(card.hooks):
            found.append(Listener(card, holder, index, hook.event, hook.actor, hook.condition, hook=hook))
        if holder is None or card.contract is None:
            continue
        held = st.rnd.players[holder]
        if held.status is ContractStatus.OPEN and card.id == held.contract:
            for index, watch in enumerate(card.watches):
                found.append(
                    Listener(card, holder, index, watch.event, watch.actor, watch.condition, watch=watch)
                )
    return found


def hears(st: TableState, listener: Listener, actor: int | None) -> bool:
    """Whether the listener hears an event acted by ``actor`` (``by holder``, ``by others``, …)."""
    if listener.actor in (None, "any"):
        return True
    if actor is None:
        return False
    if listener.actor == "holder":
        return actor == listener.holder
    if listener.actor == "others":
        return actor != listener.holder
    return False


def actors(st: TableState, listener: Listener) -> list[int]:
    """The players whose acts the listener hears."""
    return [p for p in st.in_game_players() if hears(st, listener, p)]


def wall_counts(st: TableState) -> list[int]:
    """The wall counts the table is asked to tell: those the cards in force name (``drawable <= 32``)
    below the count told, 24 until the window has opened (§10), and 0, the wall's end, which a win on
    the last tile (海底捞月, 河底捞鱼) leaves to be told (§11 phase 6)."""
    rnd = st.rnd
    counts = {0}
    if not rnd.window_opened:
        counts.add(WINDOW_WALL)
    for listener in listeners(st):
        if listener.event == "wall.count":
            counts.update(_thresholds(listener.condition))
    return sorted((n for n in counts if n < rnd.drawable or n == 0), reverse=True)


def _thresholds(condition: Condition | None) -> list[int]:
    if isinstance(condition, Compare):
        if condition.left.name != "drawable":
            return []
        return [condition.right - (1 if condition.op == "<" else 0)]
    if isinstance(condition, Not):
        return _thresholds(condition.part)
    if isinstance(condition, All | AnyOf):
        return [n for part in condition.parts for n in _thresholds(part)]
    return []


def listener_used_up(st: TableState, listener: Listener, actor: int | None) -> bool:
    """Whether the trigger's limits leave it no use for this actor (a watch has none)."""
    if listener.hook is None:
        return False
    return used_up(st, listener.card.id, listener.holder, listener.index, listener.hook.limits, actor)


def _fact_players(st: TableState, listener: Listener, call: Call) -> list[int]:
    """The players whose counted melds a fact reads."""
    if call.name == "others_with_exposed_melds":
        return list(range(SEATS))
    word = str(call.args[0]) if call.args else "actor"
    if word == "holder" and listener.holder is not None:
        return [listener.holder]
    return actors(st, listener)


def told_buttons(st: TableState, player: int) -> list[str]:
    """The table events ``player`` is asked to tell: those the listeners in force may hear of them
    (judged on what the button tells: a chow's discarder is the upper player, so S-13 hears only its
    holder's lower player's chow), and those feeding a count a listener reads of them; the kongs
    always (§13.9)."""
    needed: set[str] = set(KONGS)
    for listener in listeners(st):
        if EVENTS[listener.event].at_table == "told" and player in actors(st, listener):
            needed.update(b for b in TOLD_BUTTONS if _may_hear(st, listener, player, b))
        for call in facts_in(listener.condition):
            spec = FACTS.get(call.name)
            if spec is not None and spec.console == "counts" and player in _fact_players(st, listener, call):
                needed.update(_counted(call, spec.fed_by))
    return [b for b in TOLD_BUTTONS if b in needed]


def _may_hear(st: TableState, listener: Listener, player: int, button: str) -> bool:
    """Whether a listener may hear one of the events ``player``'s button tells, judged on what the
    button says of it (the chow's discarder, the kind, a flower's phase)."""
    source = st.upper(player) if button == "chi" else None
    for event in told_events(button, player, source):
        if event.name != listener.event:
            continue
        scene = Scene(event.name, player, listener.card.id, listener.holder, event.data)
        if judge(st, scene, listener.condition) is not False:
            return True
    return False


KIND_BUTTONS = {
    "chi": ("chi",),
    "chow": ("chi",),
    "pon": ("pon",),
    "pung": ("pon",),
    "set": ("chi", "pon"),
}
"""The call buttons that feed a count of melds or calls of a kind (the kongs are always asked)."""


def _counted(call: Call, fed_by: tuple[str, ...]) -> set[str]:
    """The buttons whose entries a count reads: those of its kinds (``calls_made(holder, pon)``: 碰),
    all that feed it when it names none (``exposed_melds(actor)``)."""
    kinds = call.args[1] if len(call.args) > 1 else "set"
    words = [str(w) for w in kinds] if isinstance(kinds, tuple) else [str(kinds)]
    if call.name == "routed_melds" or call.name == "others_with_exposed_melds":
        words = ["set"]
    found = {b for w in words for b in KIND_BUTTONS.get(w, ())}
    return found or {b for b, events in TOLD_BUTTONS.items() if set(events) & set(fed_by)}


def told_events(button: str, player: int, source: int | None, phase: str = "play") -> list[TableEvent]:
    """The events a button tells, in order, with what the console knows of them: the call's kind and
    discarder, a flower's phase, a replacement draw's reason."""
    kind = button.split(" ")[1] if button in KONGS else button
    data: dict[str, object] = {"kind": kind}
    if source is not None:
        data["from"] = source
    events = []
    for name in TOLD_BUTTONS[button]:
        payload = dict(data)
        if name == "flower.revealed":
            payload = {"phase": phase}
        elif name == "draw.replacement":
            payload = {"reason": "flower" if button == "flower" else "kong"}
        events.append(TableEvent(name, player, payload))
    return events


SETUP_FLOWER = {"flower.revealed": {"phase": "setup"}, "draw.replacement": {"reason": "flower"}}
"""The events of an initial flower replacement (§11 phase 1), with what the console knows of them."""


def setup_flower_cards(st: TableState, player: int) -> list[str]:
    """The cards in force that would hear ``player``'s initial flower replacement (S-04's first
    replacement, R6; G-05; G-18), which the table tells nobody: the holder is asked once the deal is
    done (R616)."""
    found = []
    for listener in listeners(st):
        data = SETUP_FLOWER.get(listener.event)
        if data is None or not hears(st, listener, player):
            continue
        scene = Scene(listener.event, player, listener.card.id, listener.holder, data)
        if judge(st, scene, listener.condition) is not False and listener.card.id not in found:
            found.append(listener.card.id)
    return found


def turn_taps(st: TableState, player: int) -> list[Listener]:
    """The listeners of a turn's moments whose firing ``player`` taps, while their known conditions
    may hold and their limits last."""
    taps = []
    for listener in listeners(st):
        if EVENTS[listener.event].at_table != "turn" or player not in actors(st, listener):
            continue
        scene = Scene(listener.event, player, listener.card.id, listener.holder)
        if judge(st, scene, listener.condition) is False or listener_used_up(st, listener, player):
            continue
        taps.append(listener)
    return taps
