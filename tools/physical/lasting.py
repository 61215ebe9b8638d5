"""The end of what lasts at a real table (§6.5, §6.9, §7.3, §12.5): a lasting card, a state a card
put on, steps a card scheduled for later.

What lasts until a moment the console is told — the next win, the abandon window, the round's end —
ends by itself; what lasts until a moment of a turn ends when its holder taps ``end`` (the console
never sees turns).  Steps scheduled for that moment (O-C06's look at the wall, G-11's) run then.  A
player who wins leaves the round: their lasting cards end at once (§12.5), and only what was
scheduled for after the round survives (§7.6).
"""

from __future__ import annotations

from collections.abc import Collection

from tools.physical.draws import end_card
from tools.physical.effects import Cards, Flow, Run, TableEvent, run_program
from tools.physical.state import TableState, Until


def expire(
    st: TableState,
    cards: Cards,
    durations: Collection[str],
    player: int | None = None,
    card: str | None = None,
) -> Flow[None]:
    """End what lasts until one of ``durations`` (``player``'s only, ``card``'s only, when given):
    scheduled steps run first, then the states go and the lasting cards are discarded."""
    ending = [
        u
        for u in st.rnd.until
        if u.until in durations
        and (player is None or u.holder == player)
        and (card is None or u.source == card)
    ]
    for item in ending:
        if item.kind == "later" and item in st.rnd.until:
            st.rnd.until.remove(item)
            yield from _later(st, cards, item)
    for item in ending:
        if item.kind == "status" and item in st.rnd.until:
            st.rnd.until.remove(item)
    for item in ending:
        if item.kind == "card":
            end_card(st, item.holder, item.deck)


def _later(st: TableState, cards: Cards, item: Until) -> Flow[None]:
    run = Run(
        st.pool.card(item.source), item.holder, TableEvent("expired", item.holder), cards, dict(item.values)
    )
    yield from run_program(st, run, item.steps)


def leave(st: TableState, player: int) -> None:
    """A winner leaves the round: their lasting cards end (§12.5) and their states with them; what
    was scheduled for after the round stays (§7.6)."""
    for holder, deck in list(st.rnd.lasting):
        if holder == player:
            end_card(st, player, deck)
    st.rnd.until[:] = [
        u for u in st.rnd.until if u.holder != player or (u.kind == "later" and u.until == "round_end")
    ]
    st.rnd.designated.pop(player, None)
