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
contract watched on it); a state that lasts until a turn's moment ends with its holder's ``end``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.core.seats import PLAYERS
from engine.hextech.predicates import All, AnyOf, Call, Compare, Condition, Not
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import DURATIONS, EVENTS, FACTS, CompiledCard, ContractWatch, Hook, StaticRule
from tools.physical.asks import Option
from tools.physical.knowledge import Scene, facts_in, judge
from tools.physical.limits import static_used_up, used_up
from tools.physical.state import SEATS, TableState
from tools.physical.texts import until_text

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
    still above the count told, 24 until the window has opened (§10), and 0, the wall's end."""
    rnd = st.rnd
    counts = {0}
    if not rnd.window_opened:
        counts.add(WINDOW_WALL)
    for listener in listeners(st):
        if listener.event == "wall.count":
            counts.update(_thresholds(listener.condition))
    return sorted((n for n in counts if n < rnd.drawable), reverse=True)


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
    """The table events ``player`` is asked to tell: those the listeners in force hear of them, and
    those feeding a count a listener reads of them; the kongs always (§13.9)."""
    needed: set[str] = set(KONGS)
    for listener in listeners(st):
        if EVENTS[listener.event].at_table == "told" and player in actors(st, listener):
            needed.update(b for b, events in TOLD_BUTTONS.items() if listener.event in events)
        for call in facts_in(listener.condition):
            spec = FACTS.get(call.name)
            if spec is not None and spec.console == "counts" and player in _fact_players(st, listener, call):
                needed.update(_counted(call, spec.fed_by))
    return [b for b in TOLD_BUTTONS if b in needed]


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


def asks_source(st: TableState, button: str) -> bool:
    """Whether a listener in force reads whose discard a call took (``is(from, …)``): the call's
    button then names the discarder."""
    events = set(TOLD_BUTTONS.get(button, ()))
    for listener in listeners(st):
        if listener.event in events and any(
            call.name == "is" and call.args and str(call.args[0]) == "from"
            for call in facts_in(listener.condition)
        ):
            return True
    return False


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


def allowances(st: TableState, player: int) -> list[tuple[CompiledCard, StaticRule]]:
    """The player's augments that allow an action a limited number of times (G-04, P-03, G-13): the
    holder taps ``use`` each time, so the console counts the uses (§5.5)."""
    found: list[tuple[CompiledCard, StaticRule]] = []
    if not st.in_game(player):
        return found
    for card_id in st.augments[player]:
        card = st.pool.card(card_id)
        for rule in card.statics:
            counted = rule.polarity == "allow" and rule.limits and rule.action != "hu_without_contract"
            if counted and not static_used_up(st, card, player, rule):
                found.append((card, rule))
    return found


def event_options(st: TableState, player: int) -> list[Option]:
    """Every button ``player`` has while the round waits for the table."""
    if st.round is None or st.rnd.over or not st.in_game(player):
        return []
    names = {card.id: st.pool.texts[card.id].name for card, _ in in_force(st)}
    options = [Option("hu", LABELS["hu"])]
    for button in told_buttons(st, player):
        if asks_source(st, button) and button != "kong ankan" and button != "kong kakan":
            options += [
                Option(f"{button} from {PLAYERS[o]}", f"{LABELS[button]}（{PLAYERS[o]}的牌）")
                for o in st.clockwise(player, others_only=True)
            ]
        else:
            options.append(Option(button, LABELS[button]))
    for listener in turn_taps(st, player):
        options.append(
            Option(listener.tap, f"{names.get(listener.card.id, listener.card.id)}：{_tap_word(listener)}")
        )
    for card, _rule in allowances(st, player):
        options.append(Option(f"use {card.id}", f"使用 {names.get(card.id, card.id)}"))
    options += _lasting_options(st, player)
    for count in wall_counts(st):
        options.append(Option(f"wall {count}", f"牌墙剩{count}张或更少" if count else "牌墙摸完"))
    if st.rnd.ron_group:
        options.append(Option("close", "继续（没有其他人胡这张牌）"))
    return options


def _lasting_options(st: TableState, player: int) -> list[Option]:
    """A state that ends at a turn's moment ends when its holder taps (``end``); a designated tile kept
    (§7.5, ``tile``); one chip discards one's lasting party card (§7.4, ``chip``)."""
    rnd = st.rnd
    options = []
    ending = sorted({u.source for u in rnd.until if u.holder == player and u.until in TURN_ENDS})
    for card_id in ending:
        until = next(
            u.until for u in rnd.until if u.holder == player and u.source == card_id and u.until in TURN_ENDS
        )
        options.append(Option(f"end {card_id}", f"{st.pool.texts[card_id].name} 结束（{until_text(until)}）"))
    for card_id, _face, fired in rnd.designated.get(player, []):
        if fired < DESIGNATED_TURNS:
            name = st.pool.texts[card_id].name
            options.append(Option(f"tile {card_id} single", f"{name}：单张动作"))
            options.append(Option(f"tile {card_id} double", f"{name}：双张动作"))
    party = rnd.lasting.get((player, "party"))
    if party is not None and st.chips.balance(player) > 0:
        options.append(Option(f"chip {party}", f"花费1枚筹码弃置 {st.pool.texts[party].name}"))
    return options


def _tap_word(listener: Listener) -> str:
    if listener.watch is not None:
        return "契约完成了" if listener.watch.outcome == "complete" else "契约失败了"
    return "我要使用" if listener.hook is not None and listener.hook.optional else "触发了"
