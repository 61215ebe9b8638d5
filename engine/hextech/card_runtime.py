"""The cards in force during a round: registering compiled cards, delivering their replacements,
ending what lasts, and resolving drawn chance and party cards (§6.3–§6.10, §7.2–§7.6, §15).

A card is put in force by :func:`register`: its triggers and contract watches
listen on the bus, its replacements (``instead of …``) wait for
:func:`replaced`, its statics join the round's statuses.  Whatever lasts is
watched (:meth:`engine.hextech.round_state.RoundState.watch`) and ended when its duration's event is
delivered (:meth:`~engine.hextech.round_state.RoundState.emit`).  A drawn card that is completely
unexecutable is redrawn once (§6.8); a lasting one takes its holder's one lasting slot of its deck
(§6.9, §7.3); a winner's chance and party cards end at once (§7.6, §12.5).
"""

from __future__ import annotations

from collections.abc import Generator
from functools import partial

from engine.core.decisions import Decision, DecisionKind
from engine.hextech.bus import Event, Step
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.hooks import CardHook, Expiry, LaterHook, Status, WatchHook, limit_key
from engine.hextech.effects.program import run_program
from engine.hextech.round_state import DrawnCard, RoundState
from engine.hextech.state import Deck
from engine.hextech.vocabulary import CompiledCard, LimitRule, Program, StaticRule


def register(rnd: RoundState, card: CompiledCard, holder: int | None, expiry: Expiry | None = None) -> None:
    """Put a card's triggers, replacements, statics and contract watches in force for its holder."""
    for hook in card.hooks:
        listener = CardHook(hook, card, holder)
        ends = expiry or Expiry.of(_until(hook.duration), holder)
        if ends is not None and ends.event == hook.event:
            rnd.watch(ends, partial(rnd.in_force.retiring.append, listener))
        elif ends is not None:
            rnd.watch(ends, partial(setattr, listener, "live", False))
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


def replaceable(rnd: RoundState, name: str) -> bool:
    """Whether a card in force may replace the event ``name`` (``instead of …``)."""
    return bool(rnd.in_force.replacements.get(name))


def replaced(rnd: RoundState, name: str, p: int, **data: object) -> Generator[Decision, str, bool]:
    """Run a replacement (``instead of …``) the player holds for this event, if one applies."""
    hooks = rnd.in_force.replacements.get(name)
    if not hooks:
        return False
    event = Event(name, p, rnd.ambient, data)
    for hook in hooks:
        if hook.holder == p and hook.live and (yield from hook.attempt(event, rnd)):
            return True
    return False


def resolve(rnd: RoundState, ctx: Ctx, steps: Program) -> Step:
    """Run a card's program and record that the card was exercised: it acted, or it was called on
    and could do nothing (§6.8, §18.3).  A lasting card whose every limited trigger has reached its
    limit is used up and leaves its slot now ("发动后弃置", "触发1次后弃置", "最多触发N次", R132).  The
    drawable count a card effect lowered is announced once the outermost effect has settled
    (``wall.count``, H12, R117)."""
    rnd.exercised.add(ctx.card.base_id)
    rnd.in_force.effect_depth += 1
    try:
        yield from run_program(ctx, steps)
    finally:
        rnd.in_force.effect_depth -= 1
    tally = rnd.unable if ctx.unexecutable and not ctx.did_something else rnd.acted
    tally[ctx.card.base_id] = tally.get(ctx.card.base_id, 0) + 1
    if ctx.holder is not None and ctx.card.lasts is not None and _used_up(rnd, ctx.card, ctx.holder):
        yield from _leave_slot(rnd, ctx.card.id, ctx.holder)
    if not rnd.in_force.effect_depth and rnd.in_force.wall_count_due is not None:
        cause, rnd.in_force.wall_count_due = rnd.in_force.wall_count_due, None
        yield from rnd.emit("wall.count", None, cause, drawable=len(rnd.table.wall))


def draw_card(rnd: RoundState, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
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
        if (yield from _announce(rnd, deck_name, p, cause, kept)):
            deck.discards.append(kept)
            rnd.drawn.append(DrawnCard(kept, deck_name, p, False, discarded=True))
            again = deck.draw()
            if again is None:
                return
            kept = again
            yield from _announce(rnd, deck_name, p, cause, kept)
        done = yield from resolve_drawn(rnd, deck_name, deck, kept, p)
        if done or attempt == 1:
            return
        again = deck.draw()
        if again is None:
            return
        kept = again


def _announce(
    rnd: RoundState, deck_name: str, p: int, cause: str, card_id: str
) -> Generator[Decision, str, bool]:
    """Announce ``card_id`` drawn for ``p``; true when a card asked, on this announcement, that it be
    put away and redrawn (S-10, F-I08).  The request belongs to this one draw: the card drawn in its
    place is resolved (S-10 "第二张必须结算", F-I08 "不能形成无限接力", R361)."""
    in_force = rnd.in_force
    outer, in_force.redraw_asked = in_force.redraw_asked, False
    yield from rnd.emit(f"{deck_name}.drawn", p, cause, card=card_id, source=cause.removeprefix("card:"))
    asked, in_force.redraw_asked = in_force.redraw_asked, outer
    return asked


def ask_redraw(rnd: RoundState) -> None:
    """A card asks that the chance or party card being announced be put away and another of its deck
    drawn in its place (重抽: S-10 "弃置该牌并重抽1张", F-I08; R361); :func:`_announce` answers it."""
    rnd.in_force.redraw_asked = True


def resolve_drawn(
    rnd: RoundState, deck_name: str, deck: Deck, card_id: str, p: int
) -> Generator[Decision, str, bool]:
    """Resolve one drawn card for ``p``; false when it was completely unexecutable, so the draw is
    redone once (§6.8).  A lasting card takes ``p``'s slot of the deck, or ``p`` keeps the one held
    (§6.9, §7.3); a player about to leave cannot take a lasting card (§7.6).  The listeners dormant
    until a card of the deck is drawn hear from now on (:meth:`engine.hextech.bus.Bus.wake`)."""
    rnd.bus.wake(deck_name)
    card = rnd.cards.library[card_id]
    ctx = Ctx(rnd, card, p)
    lasting = card.lasts is not None
    if p in rnd.exiting and lasting:
        rnd.drawn.append(DrawnCard(card_id, deck_name, p, True))
        deck.discards.append(card_id)
        yield from rnd.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
        return False
    if lasting:
        held = lasting_card(rnd, p, deck_name)
        if held is not None:
            keep = yield Decision(HextechKind.KEEP_LASTING, p, (held, card_id), deck_name)
            if keep == held:
                deck.discards.append(card_id)
                rnd.drawn.append(DrawnCard(card_id, deck_name, p, False, discarded=True))
                return True
            yield from _leave_slot(rnd, held, p)
        _take_slot(rnd, deck_name, p, card)
    register(rnd, card, p)
    yield from resolve(rnd, ctx, card.resolution)
    unexecutable = ctx.unexecutable and not ctx.did_something
    rnd.drawn.append(DrawnCard(card_id, deck_name, p, unexecutable))
    if unexecutable and lasting:
        _vacate(rnd, deck_name, p, card_id)
    if unexecutable or not lasting:
        end_card(rnd, card_id, p)
        deck.discards.append(card_id)
    if unexecutable:
        yield from rnd.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
        return False
    return True


def _take_slot(rnd: RoundState, deck_name: str, p: int, card: CompiledCard) -> None:
    """``card`` fills ``p``'s lasting slot of the deck until the duration its 持续时间 names ends (R132);
    the card then goes to the deck's discard pile (§6.5 "效果结束后，将机遇牌放入弃牌区", §7.2)."""
    assert card.lasts is not None
    expiry = Expiry.of(card.lasts, p)
    assert expiry is not None
    rnd.in_force.lasting[(deck_name, p)] = card.id
    rnd.in_force.slot_ends[(deck_name, p)] = expiry
    rnd.watch(expiry, partial(_lapse, rnd, deck_name, p, expiry))


def _lapse(rnd: RoundState, deck_name: str, p: int, expiry: Expiry) -> None:
    """The slot's card reached the end of its 持续时间: it leaves the slot for the discard pile, and its
    end is announced once the event that ended it is delivered (R362)."""
    if rnd.in_force.slot_ends.get((deck_name, p)) is not expiry:
        return
    card_id = rnd.in_force.lasting[(deck_name, p)]
    _vacate(rnd, deck_name, p, card_id)
    deck = rnd.cards.decks.get(deck_name)
    if deck is not None:
        deck.discards.append(card_id)
    rnd.in_force.lapsed.append((p, card_id))


def _vacate(rnd: RoundState, deck_name: str, p: int, card_id: str) -> None:
    """``card_id`` no longer fills ``p``'s slot of the deck."""
    if rnd.in_force.lasting.get((deck_name, p)) == card_id:
        del rnd.in_force.lasting[(deck_name, p)]
        rnd.in_force.slot_ends.pop((deck_name, p), None)


def _used_up(rnd: RoundState, card: CompiledCard, p: int) -> bool:
    """Every trigger of the card has a limit over the round or the session, and has reached it."""
    return bool(card.hooks) and all(
        any(rule.period != "turn" and _count(rnd, card, h.index, rule, p) >= rule.count for rule in h.limits)
        for h in card.hooks
    )


def _count(rnd: RoundState, card: CompiledCard, index: int, rule: LimitRule, p: int) -> int:
    """How often the holder's trigger ``index`` of ``card`` has counted against ``rule``."""
    return rnd.counters.get(limit_key(card, index, rule, p, None, rnd), 0)


def _leave_slot(rnd: RoundState, card_id: str, p: int) -> Step:
    """``card_id`` leaves ``p``'s lasting slot now, without effect: its triggers, statuses and delayed
    steps end and it goes to its discard pile (§6.9 keep-one, a card used up, R132)."""
    for (deck_name, holder), held in list(rnd.in_force.lasting.items()):
        if holder == p and held == card_id:
            _vacate(rnd, deck_name, p, card_id)
            end_card(rnd, card_id, p)
            deck = rnd.cards.decks.get(deck_name)
            if deck is not None:
                deck.discards.append(card_id)
            yield from rnd.emit("card.ended", p, card=card_id)


def end_card(rnd: RoundState, card_id: str, p: int) -> None:
    """End ``card_id`` for ``p``: its triggers and delayed steps lapse (steps due after the round
    excepted, §7.6) and its statuses go; a lasting card takes its safe discard and the draw it bound
    with it (§6.9 "另一张弃置且不生效", R360, R720)."""
    for hooks in rnd.bus.listeners.values():
        for h in hooks:
            if isinstance(h, LaterHook) and h.after_round:
                continue
            if isinstance(h, CardHook | LaterHook) and h.holder == p and h.card.id == card_id:
                h.live = False
    rnd.in_force.statuses[:] = [
        s for s in rnd.in_force.statuses if not (s.holder == p and s.rule.source == card_id)
    ]
    card = rnd.cards.library.get(card_id)
    if card is not None and card.lasts is not None:
        rnd.card_states.lapsed(card.base_id, p)


def lasting_card(rnd: RoundState, p: int, deck_name: str) -> str | None:
    """The card in ``p``'s one lasting slot of ``deck_name``: it is there until its 持续时间 ends or it
    is used up (§6.9, §7.3, R132)."""
    return rnd.in_force.lasting.get((deck_name, p))


def end_lasting(rnd: RoundState, p: int, deck_name: str) -> Step:
    """``p`` puts his lasting card of ``deck_name`` in its discard pile without effect (§7.2, §7.4)."""
    held = rnd.in_force.lasting.pop((deck_name, p), None)
    rnd.in_force.slot_ends.pop((deck_name, p), None)
    if held is None:
        return
    end_card(rnd, held, p)
    deck = rnd.cards.decks.get(deck_name)
    if deck is not None:
        deck.discards.append(held)
    yield from rnd.emit("card.ended", p, card=held)


def end_holder(rnd: RoundState, p: int) -> Step:
    """A winner's chance and party cards end at once and go to their discard piles (§7.6, §12.5);
    their augments only pause."""
    for (_, holder), card_id in list(rnd.in_force.lasting.items()):
        if holder == p:
            yield from _leave_slot(rnd, card_id, p)


def close_slots(rnd: RoundState) -> None:
    """The round is over: every card still in a lasting slot goes to its discard pile (§6.5, §7.2)."""
    for (deck_name, p), card_id in sorted(rnd.in_force.lasting.items()):
        _vacate(rnd, deck_name, p, card_id)
        deck = rnd.cards.decks.get(deck_name)
        if deck is not None:
            deck.discards.append(card_id)


def add_status(rnd: RoundState, ctx: Ctx, rule: StaticRule) -> None:
    """A static in force for the named player until its duration ends (add_status); one that forbids
    keeping the drawn tile obliges the player to discard it (强制弃牌, B-10, R352)."""
    for who in ctx.players(rule.who, "holder"):
        expiry = Expiry.of(_until(rule.duration), ctx.holder if ctx.holder is not None else who)
        status = Status(rule, who, ctx, expiry)
        rnd.in_force.statuses.append(status)
        if rule.action == "keep_drawn":
            hand = rnd.table.players[who].hand
            rnd.card_states.force(ctx.card.base_id, who, hand[-1] if hand else None)
        if expiry is not None:
            rnd.watch(expiry, partial(drop_status, rnd, status))


def drop_status(rnd: RoundState, status: Status) -> None:
    """Take a status out of force when its duration ends."""
    if status in rnd.in_force.statuses:
        rnd.in_force.statuses.remove(status)


def add_later(rnd: RoundState, ctx: Ctx, until: str, steps: Program) -> None:
    """Steps to run when the holder's duration ends (O-C06, G-11)."""
    expiry = Expiry.of(until, ctx.holder)
    assert expiry is not None
    later = LaterHook(ctx.card, ctx.holder, expiry, steps)
    rnd.watch(expiry, partial(setattr, later, "due", True))
    rnd.bus.listen(later)


def _until(duration: object) -> str | None:
    return getattr(duration, "until", None)
