"""A chance or party card drawn at a real table (§6.4–§6.10, §7.2, §7.3): drawn from its deck by the
console and shown on every screen (§6.5: 立即公开), its abilities on being drawn heard (S-10, O-X06),
resolved, and put on the discard pile when its effect ends.

A draw a card replaces (G-07, P-07, S-17: draw two, keep one) asks its holder.  A lasting card takes its
holder's one lasting slot of its deck: with one already there the holder keeps one of the two and the
other is discarded without effect (§6.9, §7.3).  A chance card that could not be done at all — every
table step answered "cannot", nothing else done — is discarded and another drawn, once a trigger; the
second one that cannot be done does nothing (§6.8).
"""

from __future__ import annotations

from engine.core.seats import PLAYERS
from engine.hextech.card_ids import base_of
from engine.hextech.vocabulary import CompiledCard
from tools.physical.asks import Option
from tools.physical.effects import Cards, Flow, Run, TableEvent, ask_one, card_name, card_text, run_program
from tools.physical.limits import spend, used_up
from tools.physical.listening import in_force
from tools.physical.state import Drawn, TableState, Until

DECK_WORDS = {"chance": "机遇牌", "party": "欢乐挑战牌"}
ACTED, UNEXECUTABLE, NOTHING = "acted", "unexecutable", "nothing"


def _base(card_id: str) -> str:
    return base_of(card_id)


def draw(st: TableState, cards: Cards, deck: str, player: int, source: str) -> Flow[None]:
    """``player`` draws a card of ``deck`` for ``source`` (a card id, or ``rule``): a card of the player
    that replaces the draw acts instead; a chance card that cannot be done is replaced once (§6.8)."""
    for card, holder in list(in_force(st)):
        if holder != player:
            continue
        for index, hook in enumerate(card.hooks):
            if not hook.replaces or hook.event != f"{deck}.draw":
                continue
            if used_up(st, card.id, holder, index, hook.limits, player):
                continue
            if hook.optional:
                answer = yield from ask_one(
                    st,
                    player,
                    "may",
                    card.id,
                    card_text(st, card.id),
                    [Option(f"use {card.id}", "使用"), Option(f"pass {card.id}", "不使用")],
                )
                if answer.startswith("pass"):
                    continue
            spend(st, card.id, holder, index, hook.limits, player)
            st.acted(card.id, True)
            run = Run(card, player, TableEvent(f"{deck}.draw", player, {"source": _base(source)}), cards)
            yield from run_program(st, run, hook.steps)
            return
    first = yield from draw_one(st, cards, deck, player, source)
    if first == UNEXECUTABLE and deck == "chance":
        st.say("§6.8：机遇牌完全无法执行，弃置并重抽1张")
        yield from draw_one(st, cards, deck, player, source)


def draw_keep(st: TableState, cards: Cards, deck: str, player: int, source: str, n: int) -> Flow[None]:
    """Draw ``n`` cards, keep one to resolve, discard the others without effect (G-07, P-07, S-17)."""
    drawn = [c for c in (st.deck(deck).draw() for _ in range(n)) if c is not None]
    if not drawn:
        return
    for card_id in drawn:
        st.say(f"{PLAYERS[player]} 抽到{DECK_WORDS.get(deck, deck)}：{card_name(st, card_id)}")
    options = [Option(f"card {source} {c}", card_name(st, c)) for c in drawn]
    answer = yield from ask_one(st, player, "keep", source, "选择1张结算，另一张弃置", options)
    kept = answer.rsplit(" ", 1)[1]
    for card_id in drawn:
        if card_id != kept:
            st.deck(deck).discards.append(card_id)
            st.rnd.drawn.append(Drawn(card_id, deck, player))
    first = yield from take(st, cards, deck, player, source, kept)
    if first == UNEXECUTABLE and deck == "chance":
        yield from draw_one(st, cards, deck, player, source)


def draw_one(st: TableState, cards: Cards, deck: str, player: int, source: str) -> Flow[str]:
    """Draw one card and resolve it; what came of it."""
    card_id = st.deck(deck).draw()
    if card_id is None:
        st.say(f"{DECK_WORDS.get(deck, deck)}牌库已空")
        return NOTHING
    st.say(f"{PLAYERS[player]} 抽到{DECK_WORDS.get(deck, deck)}：{card_name(st, card_id)}")
    return (yield from take(st, cards, deck, player, source, card_id))


def take(st: TableState, cards: Cards, deck: str, player: int, source: str, card_id: str) -> Flow[str]:
    """A card drawn is shown: the abilities that hear it being drawn act (a redraw among them), then
    it resolves; what came of it."""
    record = Drawn(card_id, deck, player)
    st.rnd.drawn.append(record)
    card = st.pool.card(card_id)
    st.drawing.append(card_id)
    event = TableEvent(
        f"{deck}.drawn", player, {"card": card.base_id, "source": _base(source)}, _base(source)
    )
    yield from cards.deliver(st, event, ((card, player),))
    marker = st.drawing.pop()
    if marker != card_id:
        st.deck(deck).discards.append(card_id)
        st.say(f"{card_name(st, card_id)} 弃置，重抽1张")
        return (yield from draw_one(st, cards, deck, player, source))
    outcome = yield from resolve(st, cards, card, deck, player)
    record.triggered = outcome == ACTED
    record.unexecutable = outcome == UNEXECUTABLE
    return outcome


def resolve(st: TableState, cards: Cards, card: CompiledCard, deck: str, player: int) -> Flow[str]:
    """Resolve a drawn card: a lasting one goes in front of its holder first (§6.9, §7.3)."""
    rnd = st.rnd
    if card.lasts is not None:
        key = (player, deck)
        old = rnd.lasting.get(key)
        if old is not None:
            options = [Option(f"card {card.id} {c}", f"保留 {card_name(st, c)}") for c in (old, card.id)]
            answer = yield from ask_one(
                st,
                player,
                "keep",
                card.id,
                "每名玩家同时最多保留1张持续牌：选择保留其中1张，另一张弃置且不触发",
                options,
            )
            if answer.rsplit(" ", 1)[1] == old:
                st.deck(deck).discards.append(card.id)
                return NOTHING
            end_card(st, player, deck)
        rnd.lasting[key] = card.id
        rnd.until.append(Until(card.id, player, card.lasts, "card", card_name(st, card.id), deck=deck))
    run = Run(card, player, TableEvent(f"{deck}.drawn", player, {"card": card.base_id}), cards)
    yield from run_program(st, run, card.resolution)
    if run.unable and not run.acted:
        if card.lasts is not None:
            end_card(st, player, deck)
        else:
            st.deck(deck).discards.append(card.id)
        return UNEXECUTABLE
    if card.lasts is None:
        st.deck(deck).discards.append(card.id)
    return ACTED


def end_card(st: TableState, player: int, deck: str) -> None:
    """The player's lasting card of ``deck`` ends: it and the states it put on go, and it is discarded."""
    card_id = st.rnd.lasting.pop((player, deck), None)
    if card_id is None:
        return
    st.rnd.until[:] = [u for u in st.rnd.until if not (u.holder == player and u.source == card_id)]
    st.rnd.designated.get(player, [])[:] = [d for d in st.rnd.designated.get(player, []) if d[0] != card_id]
    st.deck(deck).discards.append(card_id)
    st.say(f"{PLAYERS[player]} 的 {card_name(st, card_id)} 结束")
