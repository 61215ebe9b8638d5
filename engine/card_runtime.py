"""The cards in force during a round: registering compiled cards, delivering their replacements,
ending what lasts, and resolving drawn chance and party cards (§6.3–§6.10, §7.2–§7.6, §15).

A card is put in force by :func:`register`: its triggers and contract watches
listen on the bus, its replacements (``instead of …``) wait for
:func:`replaced`, its statics join the round's statuses.  Whatever lasts is
watched (:func:`watch`) and ended when its duration's event is delivered
(:func:`expire`).  A drawn card that is completely unexecutable is redrawn once
(§6.8); a lasting one takes its holder's one lasting slot of its deck (§6.9,
§7.3); a winner's chance and party cards end at once (§7.6, §12.5).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from engine.bus import Event, Step
from engine.decisions import Decision, DecisionKind
from engine.effects import deck_ops, hand_ops, table_ops, wall_ops
from engine.effects.context import Ctx
from engine.effects.hooks import CardHook, Expiry, LaterHook, Status, WatchHook
from engine.effects.program import run_program
from engine.state import Deck
from engine.vocabulary import PRIMITIVES as PRIMITIVE_SPECS
from engine.vocabulary import (
    ChooseStep,
    CompiledCard,
    ForEachStep,
    IfStep,
    LaterStep,
    PrimitiveStep,
    Program,
    StaticRule,
    StatusStep,
)

if TYPE_CHECKING:
    from engine.round import Round

PRIMITIVE_GROUPS = (deck_ops, hand_ops, table_ops, wall_ops)
"""The modules of the effect primitives card programs run; importing them registers their
primitives (:func:`engine.effects.program.primitive`)."""


@dataclass
class DrawnCard:
    """A chance or party card drawn this round, for the records (§18.3)."""

    card: str
    deck: str
    player: int
    unexecutable: bool
    discarded: bool = False
    """Put away without effect: the §6.9 / §7.3 kept slot chose the card held, or S-10 redrew it."""


@dataclass
class InForce:
    """What the cards in force keep during a round: the statuses (statics), each player's lasting slot
    per deck, the replacements waiting for their event, the durations watched and the triggers that
    end on the event they answer (§6.9, §7.3, §15)."""

    statuses: list[Status] = field(default_factory=list)
    lasting: dict[tuple[str, int], str] = field(default_factory=dict)
    replacements: dict[str, list[CardHook]] = field(default_factory=dict)
    expiring: list[tuple[Expiry, Callable[[], None]]] = field(default_factory=list)
    retiring: list[CardHook] = field(default_factory=list)
    effect_depth: int = 0
    """How many card effects are resolving, one inside another."""
    wall_count_due: str | None = None
    """The cause of a drawable count lowered inside an effect, announced once the effects settle."""


def register(rnd: Round, card: CompiledCard, holder: int | None, expiry: Expiry | None = None) -> None:
    """Put a card's triggers, replacements, statics and contract watches in force for its holder."""
    for hook in card.hooks:
        listener = CardHook(hook, card, holder)
        ends = expiry or Expiry.of(_until(hook.duration), holder)
        if ends is not None and ends.event == hook.event:
            watch(rnd, ends, partial(rnd.in_force.retiring.append, listener))
        elif ends is not None:
            watch(rnd, ends, partial(setattr, listener, "live", False))
        if hook.replaces:
            rnd.in_force.replacements.setdefault(hook.event, []).append(listener)
        else:
            rnd.bus.listen(listener)
    if holder is not None:
        ctx = Ctx(rnd, card, holder)
        for rule in card.statics:
            rnd.in_force.statuses.append(Status(rule, holder, ctx, expiry))
        for contract_watch in card.watches:
            rnd.bus.listen(WatchHook(contract_watch, card, holder))


def watch(rnd: Round, expiry: Expiry, end: Callable[[], None]) -> None:
    """Run ``end`` when ``expiry`` ends; the bus then delivers the events that can end or arm it."""
    rnd.in_force.expiring.append((expiry, end))
    rnd.bus.wait_for(_waited_for(expiry))


def expire(rnd: Round, event: Event) -> None:
    """End every watched duration that ``event`` ends (its ``end`` runs once); an event no duration
    waits for changes nothing."""
    if event.name not in rnd.bus.awaited:
        return
    keep = []
    for expiry, end in rnd.in_force.expiring:
        if expiry.observe(event, rnd):
            end()
        else:
            keep.append((expiry, end))
    rnd.in_force.expiring = keep
    rnd.bus.wait_only_for(name for expiry, _ in keep for name in _waited_for(expiry))


def _waited_for(expiry: Expiry) -> tuple[str, ...]:
    """The events that can end ``expiry``, and the one that arms it while it waits for its holder's
    next turn to start (H10) or next normal draw (R137)."""
    return (expiry.event,) if expiry.armed else (expiry.event, expiry.arms_on)


def deliver_then_end(rnd: Round, event: Event) -> Iterable[Decision]:
    """A trigger whose duration ends on the very event it answers still answers it, then ends (F-R01
    "直到下一名玩家胡牌": the next hu is the one it celebrates; F-R02's next normal draw).  Done at
    once up to the first listener that acts, as :meth:`engine.bus.Bus.dispatch`."""
    ending, rnd.in_force.retiring = rnd.in_force.retiring, []
    delivering = rnd.bus.dispatch(event, rnd)
    if delivering == ():
        _retire(ending)
        return ()
    return _then_retire(delivering, ending)


def _then_retire(delivering: Iterable[Decision], ending: list[CardHook]) -> Step:
    yield from delivering
    _retire(ending)


def _retire(ending: list[CardHook]) -> None:
    for listener in ending:
        listener.live = False


def replaceable(rnd: Round, name: str) -> bool:
    """Whether a card in force may replace the event ``name`` (``instead of …``)."""
    return bool(rnd.in_force.replacements.get(name))


def replaced(rnd: Round, name: str, p: int, **data: object) -> Generator[Decision, str, bool]:
    """Run a replacement (``instead of …``) the player holds for this event, if one applies."""
    hooks = rnd.in_force.replacements.get(name)
    if not hooks:
        return False
    event = Event(name, p, rnd.ambient, data)
    for hook in hooks:
        if hook.holder == p and hook.live and (yield from hook.attempt(event, rnd)):
            return True
    return False


def resolve(rnd: Round, ctx: Ctx, steps: Program) -> Step:
    """Run a card's program and record that the card was exercised: it acted, or it was called on
    and could do nothing (§6.8, §18.3).  The drawable count a card effect lowered is announced
    once the outermost effect has settled (``wall.count``, H12, R117)."""
    rnd.exercised.add(ctx.card.base_id)
    rnd.in_force.effect_depth += 1
    try:
        yield from run_program(ctx, steps)
    finally:
        rnd.in_force.effect_depth -= 1
    tally = rnd.unable if ctx.unexecutable and not ctx.did_something else rnd.acted
    tally[ctx.card.base_id] = tally.get(ctx.card.base_id, 0) + 1
    if not rnd.in_force.effect_depth and rnd.in_force.wall_count_due is not None:
        cause, rnd.in_force.wall_count_due = rnd.in_force.wall_count_due, None
        yield from rnd.emit("wall.count", None, cause, drawable=len(rnd.table.wall))


def draw_card(rnd: Round, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
    """Draw a chance or party card for ``p`` and resolve it (§6.4–§6.10, §7.2): replacement hooks
    first (G-07, P-07, S-17), a completely unexecutable card is redrawn once (§6.8), a lasting card
    takes the player's one lasting slot of that deck (§6.9, §7.3)."""
    draw = f"{deck_name}.draw"
    if offered == 1 and replaceable(rnd, draw) and (yield from replaced(rnd, draw, p)):
        return
    deck = rnd.cards.decks.get(deck_name)
    if deck is None or rnd.table.players[p].won:
        return
    yield from rnd.emit(draw, p, cause, source=cause.removeprefix("card:"))
    drawn = [c for c in (deck.draw() for _ in range(offered)) if c is not None]
    if not drawn:
        return
    kept = drawn[0]
    if len(drawn) > 1:
        kept = yield Decision(DecisionKind.CHOOSE, p, tuple(drawn), f"keep 1 of {deck_name}")
        deck.discards.extend(c for c in drawn if c != kept)
    for attempt in range(2):
        yield from rnd.emit(f"{deck_name}.drawn", p, cause, card=kept, source=cause.removeprefix("card:"))
        if rnd.redraw_requested:
            rnd.redraw_requested = False
            deck.discards.append(kept)
            rnd.drawn.append(DrawnCard(kept, deck_name, p, False, discarded=True))
            again = deck.draw()
            if again is None:
                return
            kept = again
            yield from rnd.emit(f"{deck_name}.drawn", p, cause, card=kept, source=cause.removeprefix("card:"))
        done = yield from resolve_drawn(rnd, deck_name, deck, kept, p)
        if done or attempt == 1:
            return
        again = deck.draw()
        if again is None:
            return
        kept = again


def resolve_drawn(
    rnd: Round, deck_name: str, deck: Deck, card_id: str, p: int
) -> Generator[Decision, str, bool]:
    """Resolve one drawn card for ``p``; false when it was completely unexecutable, so the draw is
    redone once (§6.8).  A lasting card takes ``p``'s slot of the deck, or ``p`` keeps the one held
    (§6.9, §7.3); a player about to leave cannot take a lasting card (§7.6)."""
    card = rnd.cards.library[card_id]
    ctx = Ctx(rnd, card, p)
    lasting = any(h.duration is not None for h in card.hooks) or _lasting(card.resolution)
    if p in rnd.exiting and lasting:
        rnd.drawn.append(DrawnCard(card_id, deck_name, p, True))
        deck.discards.append(card_id)
        yield from rnd.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
        return False
    if lasting:
        held = rnd.in_force.lasting.get((deck_name, p))
        if held is not None and still_acts(rnd, held, p):
            keep = yield Decision(DecisionKind.KEEP_LASTING, p, (held, card_id), deck_name)
            dropped = card_id if keep == held else held
            deck.discards.append(dropped)
            end_card(rnd, dropped, p)
            if dropped == held:
                yield from rnd.emit("card.ended", p, card=held)
            if keep == held:
                rnd.drawn.append(DrawnCard(card_id, deck_name, p, False, discarded=True))
                return True
        rnd.in_force.lasting[(deck_name, p)] = card_id
    register(rnd, card, p)
    yield from resolve(rnd, ctx, card.resolution)
    unexecutable = ctx.unexecutable and not ctx.did_something and not lasting
    rnd.drawn.append(DrawnCard(card_id, deck_name, p, unexecutable))
    if not lasting:
        end_card(rnd, card_id, p)
        deck.discards.append(card_id)
    if unexecutable:
        yield from rnd.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
        return False
    return True


def still_acts(rnd: Round, card_id: str, p: int) -> bool:
    """Whether ``card_id`` still acts for ``p``: it lies before them, or a trigger or status of it is live."""
    if _stays(rnd.cards.library[card_id].resolution):
        return True
    hooks = [h for hs in rnd.bus.listeners.values() for h in hs if isinstance(h, CardHook)]
    return any(h.live and h.holder == p and h.card.id == card_id for h in hooks) or any(
        s.holder == p and s.rule.source == card_id for s in rnd.in_force.statuses
    )


def end_card(rnd: Round, card_id: str, p: int) -> None:
    """End ``card_id`` for ``p``: its triggers and delayed steps lapse (steps due after the round
    excepted, §7.6) and its statuses go."""
    for hooks in rnd.bus.listeners.values():
        for h in hooks:
            if isinstance(h, LaterHook) and h.after_round:
                continue
            if isinstance(h, CardHook | LaterHook) and h.holder == p and h.card.id == card_id:
                h.live = False
    rnd.in_force.statuses[:] = [
        s for s in rnd.in_force.statuses if not (s.holder == p and s.rule.source == card_id)
    ]


def lasting_card(rnd: Round, p: int, deck_name: str) -> str | None:
    """The card in ``p``'s one lasting slot of ``deck_name``, while it still acts (§6.9, §7.3)."""
    held = rnd.in_force.lasting.get((deck_name, p))
    return held if held is not None and still_acts(rnd, held, p) else None


def end_lasting(rnd: Round, p: int, deck_name: str) -> Step:
    """``p`` puts his lasting card of ``deck_name`` in its discard pile without effect (§7.2, §7.4)."""
    held = rnd.in_force.lasting.pop((deck_name, p), None)
    if held is None:
        return
    end_card(rnd, held, p)
    deck = rnd.cards.decks.get(deck_name)
    if deck is not None:
        deck.discards.append(held)
    yield from rnd.emit("card.ended", p, card=held)


def end_holder(rnd: Round, p: int) -> Step:
    """A winner's chance and party cards end at once (§7.6, §12.5); their augments only pause."""
    for (deck, holder), card_id in list(rnd.in_force.lasting.items()):
        if holder == p:
            end_card(rnd, card_id, p)
            del rnd.in_force.lasting[(deck, holder)]
            yield from rnd.emit("card.ended", p, card=card_id)


def add_status(rnd: Round, ctx: Ctx, rule: StaticRule) -> None:
    """A static in force for the named player until its duration ends (add_status)."""
    for who in ctx.players(rule.who, "holder"):
        expiry = Expiry.of(_until(rule.duration), ctx.holder if ctx.holder is not None else who)
        status = Status(rule, who, ctx, expiry)
        rnd.in_force.statuses.append(status)
        if rule.action == "keep_drawn":
            hand = rnd.table.players[who].hand
            rnd.table.players[who].forced_tile = hand[-1] if hand else None
        if expiry is not None:
            watch(rnd, expiry, partial(drop_status, rnd, status))


def drop_status(rnd: Round, status: Status) -> None:
    """Take a status out of force when its duration ends."""
    if status in rnd.in_force.statuses:
        rnd.in_force.statuses.remove(status)


def add_later(rnd: Round, ctx: Ctx, until: str, steps: Program) -> None:
    """Steps to run when the holder's duration ends (O-C06, G-11)."""
    expiry = Expiry.of(until, ctx.holder)
    assert expiry is not None
    later = LaterHook(ctx.card, ctx.holder, expiry, steps)
    watch(rnd, expiry, partial(setattr, later, "due", True))
    rnd.bus.listen(later)


def _until(duration: object) -> str | None:
    return getattr(duration, "until", None)


def _stays(program: Program) -> bool:
    """The card lies before its holder for the rest of the round: a lasting primitive (§7.5 F-T, §7.3)."""
    return any(isinstance(step, PrimitiveStep) and _lasting_primitive(step) for step in program)


def _lasting_primitive(step: PrimitiveStep) -> bool:
    spec = PRIMITIVE_SPECS.get(step.primitive)
    return spec is not None and spec.lasting


def _lasting(program: Program) -> bool:
    """A drawn card is lasting when it leaves a status or a delayed step behind, or stays before its
    holder (§6.9, §7.3)."""
    for step in program:
        if isinstance(step, StatusStep | LaterStep):
            return True
        if isinstance(step, PrimitiveStep) and _lasting_primitive(step):
            return True
        if isinstance(step, ChooseStep) and any(_lasting(o.steps) for o in step.options):
            return True
        if isinstance(step, ForEachStep) and _lasting(step.steps):
            return True
        if isinstance(step, IfStep) and (_lasting(step.then) or _lasting(step.otherwise)):
            return True
    return False
