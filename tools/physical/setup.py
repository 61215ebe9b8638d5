"""A round's set-up at a real table (§11 phase 1, issue 31 item 2): the draft before rounds 1, 3 and 5
(1, 2, 3 of a 4-round test session, §5.2), the deal and the initial flowers, the contracts (§9.1).

The augments and the contracts are offered on each phone, chosen in secret and revealed together.
The table shuffles, builds and deals the tiles; the console asks it to say so only when a card acts
once the deal is done (W-15, S-18, P-14) or would hear a player's initial flower replacement (S-04,
G-05, G-18), and then asks that player whether they replaced a flower (R616).
"""

from __future__ import annotations

from engine.core.seats import PLAYERS
from engine.hextech.state import ContractStatus
from tools.physical.asks import HOST, Ask, Option, Part
from tools.physical.contracts import is_black
from tools.physical.deliver import InForce
from tools.physical.effects import Flow, TableEvent, ask_one, card_name
from tools.physical.listening import listeners, setup_flower_cards, told_events
from tools.physical.state import TableState

DEALT = "dealt"
TIERS = {"silver": "银色强化", "gold": "金色强化", "prismatic": "棱彩强化"}
DEAL_TEXT = "洗牌并码牌，庄家14张、其他玩家13张，完成起手补花后点击"
FLOWERED = "起手补花了吗？（§11：发牌后的起手补花，以下卡牌会听到）"


def draft(st: TableState, cards: InForce, tier: str) -> Flow[None]:
    """§5.2: two each from the dealer clockwise, one kept in secret, all revealed together; the others
    go back and are reshuffled.  A pool holds no card its mode leaves dead (§3, §6.12), so none is
    ever redealt (R601)."""
    deck = st.deck(tier)
    offers: dict[int, list[str]] = {}
    for p in st.clockwise(st.dealer, in_game=False):
        offers[p] = [c for c in (deck.draw(), deck.draw()) if c is not None]
    parts = {
        p: Part(tuple(Option(f"augment {c}", card_name(st, c)) for c in hand))
        for p, hand in offers.items()
        if hand
    }
    if not parts:
        return
    answer = yield Ask("draft", "", f"{TIERS[tier]}：秘密选择1张保留，另1张退回（§5.2）", parts, "secret")
    picks = {p: answer[p].option.split(" ", 1)[1] for p in parts}
    deck.put_back([c for p, hand in offers.items() for c in hand if c != picks.get(p)])
    for p in sorted(picks):
        st.augments[p].append(picks[p])
    st.say("同时公开强化：" + "，".join(f"{PLAYERS[p]} {card_name(st, picks[p])}" for p in sorted(picks)))
    data = {"tier": tier, "picks": {PLAYERS[p]: picks[p] for p in sorted(picks)}}
    yield from cards.deliver(st, TableEvent("augment.drafted", None, data))


def offer_contracts(st: TableState, cards: InForce) -> Flow[None]:
    """§9.1: each player is offered two normal contracts and one black (P-09: three and two; S-06 may
    swap one), chooses one in secret; all are revealed together and tracking starts (§9.4)."""
    rnd = st.rnd
    order = list(st.clockwise(st.dealer, in_game=False))
    for p in order:
        held = rnd.players[p]
        held.offers = _draw_offers(st, 2, 1)
        yield from cards.deliver(st, TableEvent("contract.offered", p))
        normal, black = held.offer_size
        have_normal = sum(1 for c in held.offers if not is_black(st, c))
        held.offers += _draw_offers(
            st, max(normal - have_normal, 0), max(black - (len(held.offers) - have_normal), 0)
        )
    parts = {
        p: Part(tuple(Option(f"contract {c}", card_name(st, c)) for c in rnd.players[p].offers))
        for p in order
        if rnd.players[p].offers
    }
    if parts:
        answer = yield Ask(
            "contract", "", "秘密选择1张契约，所有人选择完毕后同时公开（§9.1）", parts, "secret"
        )
        for p in parts:
            held = rnd.players[p]
            held.contract = answer[p].option.split(" ", 1)[1]
            held.status = ContractStatus.OPEN
            held.offers.remove(held.contract)
    rnd.contracts_revealed = True
    st.say(
        "同时公开契约："
        + "，".join(
            f"{PLAYERS[p]} {card_name(st, rnd.players[p].contract or '')}"
            for p in order
            if rnd.players[p].contract
        )
    )
    for p in order:
        if rnd.players[p].contract is not None:
            yield from cards.deliver(
                st, TableEvent("contract.revealed", p, {"contract": rnd.players[p].contract})
            )


def _draw_offers(st: TableState, normal: int, black: int) -> list[str]:
    drawn = [st.deck("contract").draw() for _ in range(normal)] + [
        st.deck("black_contract").draw() for _ in range(black)
    ]
    return [c for c in drawn if c is not None]


def deal(st: TableState, cards: InForce) -> Flow[None]:
    """The table deals and replaces its initial flowers (§11 phase 1).  The console waits for "dealt"
    when a card acts once the deal is done or would hear an initial flower; each player one of whose
    cards would hear it is asked, on every screen, whether they replaced a flower, and a yes delivers
    that flower's events (R6, R616); then the cards of "after the deal, before the contracts" act."""
    flowered = {p: setup_flower_cards(st, p) for p in st.clockwise(st.dealer, in_game=False)}
    flowered = {p: found for p, found in flowered.items() if found}
    if flowered or any(heard.event in ("setup.dealt", "setup.ready") for heard in listeners(st)):
        options = (Option(DEALT, "发牌与起手补花完成"),)
        yield Ask(DEALT, "", DEAL_TEXT, {HOST: Part(options), st.dealer: Part(options)}, anyone=True)
    yield from cards.deliver(st, TableEvent("setup.dealt"))
    for player, found in flowered.items():
        names = "、".join(card_name(st, card) for card in found)
        reply = yield from ask_one(
            st,
            player,
            "question",
            found[0],
            f"{FLOWERED}\n{names}",
            [Option(f"yes {found[0]}", "补了花"), Option(f"no {found[0]}", "没有花牌")],
        )
        if reply.startswith("yes"):
            st.say(f"{PLAYERS[player]} 起手补花")
            for event in told_events("flower", player, None, phase="setup"):
                yield from cards.deliver(st, event)
    yield from cards.deliver(st, TableEvent("setup.ready"))
