"""An event at a real table runs every card whose trigger hears it, in §15's order (issue 31 item 3).

Triggers answer by their card's §15 level (contract, augment, treasure, world, chance, party), then
clockwise from the acting player, then by card id.  A card that replaces an event the table tells (S-04,
G-05: a flower's replacement drawn as the card says) answers it as a trigger does: the table does what
it says instead.  A world card never hears an event a card caused
(§6.7), and no card hears its own effects (lib 二.2).  A trigger's limits are counted (:mod:`limits`);
its condition is judged on what the console knows, and asked of the holder yes or no when it turns on
tiles the console does not see; a card that may be used (``may``) asks its holder.  A contract watched
on the event is completed or failed, and a completion is itself an event (W-04, G-17, P-04).
"""

from __future__ import annotations

from engine.core.seats import seat_distance
from engine.hextech.vocabulary import EVENTS, CompiledCard
from tools.physical import draws
from tools.physical.contracts import settle_contract
from tools.physical.effects import Flow, Run, TableEvent, run_program, yes_no
from tools.physical.knowledge import Scene, judge
from tools.physical.limits import spend, used_up
from tools.physical.listening import Listener, hears, listeners
from tools.physical.state import TableState


class InForce:
    """The cards in force as a program reaches them: an event delivered, a card drawn."""

    def deliver(
        self, st: TableState, event: TableEvent, extra: tuple[tuple[CompiledCard, int | None], ...] = ()
    ) -> Flow[None]:
        """Run every card that hears the event (see the module)."""
        return deliver(st, self, event, extra)

    def draw(self, st: TableState, deck: str, player: int, source: str) -> Flow[None]:
        """``player`` draws a card of ``deck`` (:func:`tools.physical.draws.draw`)."""
        return draws.draw(st, self, deck, player, source)

    def draw_keep(self, st: TableState, deck: str, player: int, source: str, n: int) -> Flow[None]:
        """``player`` draws ``n`` and keeps one (:func:`tools.physical.draws.draw_keep`)."""
        return draws.draw_keep(st, self, deck, player, source, n)


def _order(st: TableState, listener: Listener, actor: int | None) -> tuple[int, int, str]:
    """§15's level, then clockwise from the acting player, then the card."""
    distance = 0
    if actor is not None and listener.holder is not None:
        distance = seat_distance(st.seat_of[actor], st.seat_of[listener.holder])
    return (int(listener.card.level), distance, listener.card.id)


def _extra(card: CompiledCard, holder: int | None) -> list[Listener]:
    return [
        Listener(card, holder, index, hook.event, hook.actor, hook.condition, hook=hook)
        for index, hook in enumerate(card.hooks)
    ]


def heard(
    st: TableState, event: TableEvent, extra: tuple[tuple[CompiledCard, int | None], ...] = ()
) -> list[Listener]:
    """The triggers and watches that hear the event, in the order they answer."""
    found = [*listeners(st), *(found for card, holder in extra for found in _extra(card, holder))]
    chosen = []
    told = EVENTS[event.name].at_table == "told"
    for listener in found:
        replaces = listener.hook is not None and listener.hook.replaces
        if listener.event != event.name or (replaces and not told):
            continue
        if not hears(st, listener, event.actor):
            continue
        if listener.card.type == "world" and event.cause != "rule":
            continue
        if event.cause == listener.card.base_id:
            continue
        chosen.append(listener)
    return sorted(chosen, key=lambda listener: _order(st, listener, event.actor))


def deliver(
    st: TableState, cards: InForce, event: TableEvent, extra: tuple[tuple[CompiledCard, int | None], ...] = ()
) -> Flow[None]:
    """Run every card that hears the event, one after another."""
    for listener in heard(st, event, extra):
        if listener.hook is not None:
            yield from fire(st, cards, listener, event)
        else:
            yield from watch(st, cards, listener, event)


def _asked(st: TableState, listener: Listener, actor: int | None) -> int:
    for who in (listener.holder, actor):
        if who is not None:
            return who
    return st.dealer


def fire(
    st: TableState,
    cards: InForce,
    listener: Listener,
    event: TableEvent,
    *,
    tapped: bool = False,
    told: str = "",
) -> Flow[None]:
    """One trigger: its limits, its condition (asked when unseen; a tap asserts it), then its program;
    a ``may`` is asked with the program's first effect, and declined it spends no use.  ``told`` is the
    answer to its instruction given with the tap (``done``, ``cannot``; R626)."""
    hook = listener.hook
    assert hook is not None
    actor = event.actor
    if used_up(st, listener.card.id, listener.holder, listener.index, hook.limits, actor):
        return
    asked = _asked(st, listener, actor)
    if not tapped:
        holds = judge(
            st, Scene(event.name, actor, listener.card.id, listener.holder, event.data), listener.condition
        )
        if holds is None:
            holds = yield from yes_no(st, asked, listener.card.id, "此时是否满足卡面的触发条件？")
        if not holds:
            return
    spend(st, listener.card.id, listener.holder, listener.index, hook.limits, actor)
    run = Run(listener.card, listener.holder, event, cards, consent=hook.optional and not tapped, told=told)
    yield from run_program(st, run, hook.steps)
    if run.declined:
        spend(st, listener.card.id, listener.holder, listener.index, hook.limits, actor, uses=-1)
        return
    st.acted(listener.card.id, run.acted or not run.unable)


def watch(
    st: TableState, cards: InForce, listener: Listener, event: TableEvent, *, tapped: bool = False
) -> Flow[None]:
    """A contract watched on the event completes or fails (§9.5): its condition judged, or asked."""
    watched = listener.watch
    holder = listener.holder
    assert watched is not None and holder is not None
    if not tapped:
        holds = judge(
            st, Scene(event.name, event.actor, listener.card.id, holder, event.data), listener.condition
        )
        if holds is None:
            word = "完成" if watched.outcome == "complete" else "失败"
            holds = yield from yes_no(st, holder, listener.card.id, f"契约此时{word}了吗？")
        if not holds:
            return
    if not settle_contract(st, holder, watched.outcome):
        return
    name = "contract.completed" if watched.outcome == "complete" else "contract.failed"
    yield from deliver(st, cards, TableEvent(name, holder, {"at_hu": False}))
