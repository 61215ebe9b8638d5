"""A session at a real table as §11 runs it (issue 31 item 2).

Before rounds 1, 3 and 5 (1, 2, 3 of a 4-round test session, §18.1) each phone is dealt two augments
of the tier, chosen in secret and revealed together (§5.2).  The dealer draws the world card and, with
the treasure module, the treasure order, shown with their texts (§6.2, §8).  The table shuffles,
builds and deals the tiles; the console asks it to say so only when a card acts once the deal is
done (W-15, S-18, P-14).  The contract offers go to each phone, chosen in secret and revealed
together (§9.1).  Then the round waits for the table to tell it what the cards need
(:mod:`tools.physical.listening`): each event's cards run while play goes on
(:class:`~tools.physical.state.Task`), a win is entered and scored (:mod:`tools.physical.wins`), the
wall at 24 opens the abandon window (§10), and the round ends at the third win or the wall's end
(§11 phases 5, 6).  The dealer moves on each round with no 连庄 (§4); the session ends after 8
rounds, or 4 (§18.1).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine.core.errors import IllegalActionError
from engine.core.melds import MeldKind
from engine.core.seats import PLAYERS
from engine.hextech.session import DRAFT_ROUNDS
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import StaticRule
from modules.party.challenges import Reward
from modules.party.chips import SpendPurpose
from tools.physical.asks import HOST, IDLE, Answer, Ask, Idle, Option, Part, Reply
from tools.physical.contracts import abandon, is_black, settle_contract
from tools.physical.deliver import InForce, fire, watch
from tools.physical.draws import end_card
from tools.physical.effects import Flow, TableEvent, ask_one, card_name, perform, reveal_treasure, yes_no
from tools.physical.lasting import expire, leave
from tools.physical.limits import spend, static_index, static_used_up
from tools.physical.listening import (
    KONGS,
    TOLD_BUTTONS,
    TURN_ENDS,
    WINDOW_WALL,
    allowances,
    event_options,
    listeners,
    turn_taps,
)
from tools.physical.state import SEATS, RoundState, TableState, Task, Win
from tools.physical.wins import Claim, needs_kept, parse_claim, round_points, score

Main = Generator[Ask | Idle, Answer, None]
"""The session's flow: it puts prompts, and waits (:data:`IDLE`) for the table to tell it an event."""
DEALT = "dealt"
CLOSE = "close"
"""The option that closes a discard's wins (一炮多响) when nobody else wins on it (§12.3)."""
MELD_OF = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "kong minkan": MeldKind.MINKAN,
    "kong ankan": MeldKind.ANKAN,
}
TIERS = {"silver": "银色强化", "gold": "金色强化", "prismatic": "棱彩强化"}
CONTRACT_ITEMS = ("contract_normal", "contract_black")
KEPT_QUESTION = "至少2张已公开的牌仍用于组成面子或将牌吗？"
REVEALED = 3
"""B-09's revealed tiles: a winner who keeps at least 2 of them in the hand keeps them all, as far as
the contract asks (R606)."""


def session(st: TableState, cards: InForce) -> Main:
    """Every round of the session, then its end (§16)."""
    for number in range(1, st.rounds + 1):
        yield from round_(st, cards, number)
    st.ended = True
    st.say("本场结束")


def round_(st: TableState, cards: InForce, number: int) -> Main:
    """One round of §11."""
    st.round = RoundState(number, (number - 1) % SEATS, st.now)
    st.say(f"第{number}局开始，庄家 {PLAYERS[st.dealer]}")
    tier = dict(DRAFT_ROUNDS[st.rounds]).get(number)
    if tier is not None:
        yield from draft(st, cards, tier)
    st.rnd.held = tuple(tuple(held) for held in st.augments)
    yield from cards.deliver(
        st, TableEvent("round.started", None, {"round": number, "dealer": PLAYERS[st.dealer]})
    )
    world = st.deck("world").draw()
    st.rnd.world = world
    if world is not None:
        st.say(f"世界牌：{card_name(st, world)}")
    yield from cards.deliver(st, TableEvent("world.revealed", None, {"card": world or ""}))
    if "treasure" in st.pool.modules:
        yield from reveal_treasure(st, cards)
        yield from cards.deliver(st, TableEvent("treasure.revealed", None, {"card": st.rnd.treasure or ""}))
    if any(heard.event in ("setup.dealt", "setup.ready") for heard in listeners(st)):
        text = "洗牌并码牌，庄家14张、其他玩家13张，完成起手补花后点击"
        options = (Option(DEALT, "发牌与起手补花完成"),)
        yield Ask(DEALT, "", text, {HOST: Part(options), st.dealer: Part(options)}, anyone=True)
    yield from cards.deliver(st, TableEvent("setup.dealt"))
    yield from cards.deliver(st, TableEvent("setup.ready"))
    yield from offer_contracts(st, cards)
    while not st.rnd.over:
        answer = yield IDLE
        (reply,) = answer.values()
        yield from on_event(st, cards, reply)
    yield from end_round(st, cards)


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


# ---- play ----------------------------------------------------------------------------------------


def spawn(st: TableState, flow: Flow[None]) -> None:
    """Set an event's effects going while play goes on."""
    st.tasks.append(Task(flow))


def on_event(st: TableState, cards: InForce, reply: Reply) -> Flow[None]:
    """What the table told: a win, the wall's count, a call, a card's trigger, a state's end."""
    option, player = reply.option, reply.player
    offered = {o.value for o in event_options(st, player)}
    if option not in offered:
        raise IllegalActionError(f"{PLAYERS[player]} has no button {option!r} now")
    if option == "hu":
        yield from hu(st, cards, player, parse_claim(st, player, reply.data))
        return
    if st.rnd.ron_group:
        yield from settle_group(st, cards)
    if option == CLOSE:
        return
    verb, _, rest = option.partition(" ")
    if verb == "wall":
        yield from wall(st, cards, int(rest))
    elif verb in ("chi", "pon", "kong", "flower"):
        button, _, source = option.partition(" from ")
        told(st, cards, player, button, PLAYERS.index(source) if source else None)
    elif verb == "end":
        yield from expire(st, cards, TURN_ENDS, player, rest)
    elif verb == "chip":
        _chip(st, player, rest)
    elif verb == "tile":
        spawn(st, _designated(st, player, *rest.split(" ")))
    else:
        _tap(st, cards, player, option)


def told(st: TableState, cards: InForce, player: int, button: str, source: int | None) -> None:
    """A call, a kong or a flower the table told: the melds and kongs counted (a kong's points, §13.9),
    then the cards that hear its events run while play goes on (§6.6)."""
    held = st.rnd.players[player]
    kind = button.split(" ")[1] if button in KONGS else button
    if button == "kong kakan":
        if MeldKind.PON in held.melds:
            held.melds[held.melds.index(MeldKind.PON)] = MeldKind.KAKAN
        else:
            held.melds.append(MeldKind.KAKAN)
    elif button in MELD_OF:
        held.melds.append(MELD_OF[button])
    if button in KONGS:
        held.kongs.append(MeldKind(kind))
    if button != "flower":
        held.calls[kind] = held.calls.get(kind, 0) + 1
    st.say(
        f"{PLAYERS[player]} {_word(button)}" + (f"（{PLAYERS[source]}的牌）" if source is not None else "")
    )
    data: dict[str, Any] = {"kind": kind}
    if source is not None:
        data["from"] = source
    events = []
    for name in TOLD_BUTTONS[button]:
        payload = dict(data)
        if name == "flower.revealed":
            payload = {"phase": "play"}
        elif name == "draw.replacement":
            payload = {"reason": "flower" if button == "flower" else "kong"}
        events.append(TableEvent(name, player, payload))
    spawn(st, _deliver_all(st, cards, events))


def _word(button: str) -> str:
    return {
        "chi": "吃",
        "pon": "碰",
        "kong ankan": "暗杠",
        "kong minkan": "明杠",
        "kong kakan": "加杠",
        "flower": "补花",
    }[button]


def _deliver_all(st: TableState, cards: InForce, events: list[TableEvent]) -> Flow[None]:
    for event in events:
        yield from cards.deliver(st, event)


def _tap(st: TableState, cards: InForce, player: int, option: str) -> None:
    """A trigger of a turn's moment its holder says has fired, or an allowance used."""
    for listener in turn_taps(st, player):
        if listener.tap == option:
            event = TableEvent(listener.event, player)
            if listener.hook is not None:
                spawn(st, fire(st, cards, listener, event, tapped=True))
            else:
                spawn(st, watch(st, cards, listener, event, tapped=True))
            return
    for card, rule in allowances(st, player):
        if option == f"use {card.id}":
            spend(st, card.id, player, static_index(card, rule), rule.limits, player)
            st.acted(card.id, True)
            st.say(f"{PLAYERS[player]} 使用 {card_name(st, card.id)}")
            return
    raise IllegalActionError(f"{PLAYERS[player]}: {option!r} is not a card's trigger now")


def _chip(st: TableState, player: int, card: str) -> None:
    """§7.4: one chip discards the player's lasting party card."""
    st.chips.spend(player, SpendPurpose.DISCARD_LASTING, card, st.rnd.number)
    end_card(st, player, "party")


def _designated(st: TableState, player: int, card: str, action: str) -> Flow[None]:
    """§7.5: a fresh designated tile kept at a turn's end: the single or the double action, a chip each
    time it is done, at most two turns a round."""
    for entry in st.rnd.designated.get(player, []):
        if entry[0] == card:
            entry[2] += 1
    texts = st.pool.texts[card]
    action_text = texts.field("双张动作" if action == "double" else "单张动作")
    text = f"{card_name(st, card)}：{action_text}（{texts.field('替代动作')}）"
    yield from perform(st, card, [player], Reward(), text=text)


def wall(st: TableState, cards: InForce, count: int) -> Flow[None]:
    """The table told the wall's drawable count: the cards counting on it run (W-08, S-15, G-16), the
    abandon window opens at 24 or fewer (§10), and at 0 the round ends (§11 phase 6)."""
    rnd = st.rnd
    if count >= rnd.drawable:
        raise IllegalActionError(f"wall: {count} is not below the {rnd.drawable} told before")
    rnd.drawable = count
    st.say(f"牌墙剩{count}张" if count else "牌墙摸完")
    yield from cards.deliver(st, TableEvent("wall.count", None, {"drawable": count}))
    if count <= WINDOW_WALL and not rnd.window_opened:
        yield from window(st, cards)
    if count == 0:
        rnd.exhausted = True
        rnd.end = st.now


def window(st: TableState, cards: InForce) -> Flow[None]:
    """§10: once a round, every player in the round with an unfinished contract (open or failed) keeps
    or abandons it in secret; the answers are shown together; a black contract abandoned costs 1 at
    once.  B-12 fails at the window; G-12 acts on a keep."""
    rnd = st.rnd
    rnd.window_opened = True
    asked = [
        p
        for p in st.in_game_players()
        if rnd.players[p].status in (ContractStatus.OPEN, ContractStatus.FAILED)
    ]
    parts = {p: Part((Option("keep", "保留"), Option("abandon", "放弃"))) for p in asked}
    choices: dict[int, str] = {}
    if parts:
        answer = yield Ask(
            "window",
            "",
            "统一弃约窗口：将“保留”或“放弃”握在手中，所有人选择后同时公开（§10）",
            parts,
            "secret",
        )
        choices = {p: answer[p].option for p in asked}
        st.say(
            "统一弃约窗口："
            + "，".join(f"{PLAYERS[p]} {'保留' if c == 'keep' else '放弃'}" for p, c in choices.items())
        )
        for p, choice in choices.items():
            if choice == "abandon":
                abandon(st, p)
    else:
        st.say("统一弃约窗口：无人需要选择")
    yield from cards.deliver(st, TableEvent("abandon.window"))
    yield from expire(st, cards, {"abandon_window"})
    for p, choice in choices.items():
        yield from cards.deliver(st, TableEvent("abandon.decided", p, {"choice": choice}))


def hu(st: TableState, cards: InForce, player: int, claim: Claim) -> Flow[None]:
    """A win entered (§12): the contract gate asked of the winner where the hand alone cannot show it,
    the score, the winner's exit, whose turn comes next, 一炮多响 in seat order from the discarder."""
    rnd = st.rnd
    group = rnd.ron_group
    same = group and claim.source is not None and claim.source == group[0].source
    if group and not same:
        yield from settle_group(st, cards)
    order = len(rnd.wins) + 1
    held = rnd.players[player]
    terms = st.pool.card(held.contract).contract if held.contract else None
    special = {"heavenly", "earthly"} & set(claim.request.flags)
    if not _may_be_legal(st, player, claim, order):
        raise IllegalActionError(
            f"{PLAYERS[player]}: {score(st, player, claim, order, 3).reason or 'not a legal hu'}"
        )
    tracked = terms is not None and terms.public and held.status is ContractStatus.OPEN and not special
    if tracked and (yield from yes_no(st, player, held.contract or "", "胡牌前契约已经完成了吗？")):
        settle_contract(st, player, "complete")
    kept = 0
    if needs_kept(terms) and (yield from yes_no(st, player, held.contract or "", KEPT_QUESTION)):
        kept = REVEALED
    result = score(st, player, claim, order, kept)
    buffer = _buffer(st, player)
    if not result.legal and buffer is not None:
        card, rule = buffer
        answer = yield from ask_one(
            st,
            player,
            "may",
            card,
            f"{card_name(st, card)}：放弃契约并胡牌？",
            [Option(f"use {card}", "使用"), Option(f"pass {card}", "不使用")],
        )
        if answer.startswith("use"):
            spend(st, card, player, static_index(st.pool.card(card), rule), rule.limits, player)
            abandon(st, player)
            result = score(st, player, claim, order, kept)
    if not result.legal:
        st.say(f"{PLAYERS[player]} 胡牌不成立：{result.reason}")
        return
    way = (
        "self_draw"
        if claim.source is None
        else "rob_kong"
        if "robbing_kong" in claim.request.flags
        else "ron"
    )
    form = result.decomposition.form if result.decomposition is not None else "standard"
    win = Win(
        player, claim.source, claim.wall, way, claim.hand, order, claim=claim, kept=kept, form=str(form)
    )
    _settle_score(win, result)
    held.won = win
    rnd.wins.append(win)
    rnd.drawable = min(rnd.drawable, claim.wall)
    if claim.source is not None:
        group.append(win)
        _reorder(st, group)
    completed_now = held.status is ContractStatus.OPEN and any(i["id"] in CONTRACT_ITEMS for i in win.items)
    st.say(
        f"{PLAYERS[player]} 胡牌"
        + (f"（{PLAYERS[claim.source]}放铳）" if claim.source is not None else "（自摸）")
        + f"：{win.total}分"
    )
    yield from cards.deliver(st, TableEvent("hu.confirmed", player, {"form": form, "source": way}))
    if completed_now:
        settle_contract(st, player, "complete")
        yield from cards.deliver(st, TableEvent("contract.completed", player, {"at_hu": True}))
    yield from expire(st, cards, {"next_win"})
    leave(st, player)
    yield from cards.deliver(
        st, TableEvent("player.exited", player, {"remaining": len(st.in_game_players())})
    )
    after = claim.source if claim.source is not None else player
    rnd.next_player = next(st.clockwise(after, others_only=True), None)
    if claim.source is None:
        yield from _settled(st, cards, [win])
    if len(rnd.wins) == 3:
        if group:
            yield from settle_group(st, cards)
        rnd.end = st.now
    elif rnd.drawable <= WINDOW_WALL and not rnd.window_opened:
        yield from window(st, cards)


def _may_be_legal(st: TableState, player: int, claim: Claim, order: int) -> bool:
    """Whether the hand is a legal hu if the winner confirms what the console asks: a contract the
    table tracks completed, revealed tiles kept, P-17 used."""
    held = st.rnd.players[player]
    status = held.status
    try:
        if score(st, player, claim, order, 3).legal:
            return True
        terms = st.pool.card(held.contract).contract if held.contract else None
        if terms is not None and terms.public and status is ContractStatus.OPEN:
            held.status = ContractStatus.COMPLETED
            if score(st, player, claim, order, 3).legal:
                return True
        if _buffer(st, player) is not None and held.contract is not None:
            held.status = ContractStatus.ABANDONED
            return score(st, player, claim, order, 3).legal
        return False
    finally:
        held.status = status


def _buffer(st: TableState, player: int) -> tuple[str, StaticRule] | None:
    """The winner's augment that lets them abandon the contract and win at once (P-17), if usable."""
    held = st.rnd.players[player]
    if held.contract is None or held.status not in (ContractStatus.OPEN, ContractStatus.FAILED):
        return None
    for card_id in st.augments[player]:
        card = st.pool.card(card_id)
        for rule in card.statics:
            if (
                rule.polarity == "allow"
                and rule.action == "hu_without_contract"
                and not static_used_up(st, card, player, rule)
            ):
                return card_id, rule
    return None


def _settle_score(win: Win, result: Any) -> None:
    win.total = result.total
    win.items = tuple(
        {"id": i.id, "name": i.name, "points": i.points, "capped_by": i.capped_by} for i in result.items
    )


def _reorder(st: TableState, group: list[Win]) -> None:
    """§12.3: the winners on one discard take their places in seat order from the discarder; each is
    scored again for its place."""
    source = group[0].source
    assert source is not None
    places = sorted(w.order for w in group)
    group.sort(key=lambda w: (st.seat_of[w.player] - st.seat_of[source]) % SEATS)
    for win, place in zip(group, places, strict=True):
        if win.order != place:
            win.order = place
            _settle_score(win, score(st, win.player, win.claim, place, win.kept))
    st.rnd.wins.sort(key=lambda w: w.order)


def settle_group(st: TableState, cards: InForce) -> Flow[None]:
    """Every winner on one discard has scored and left: the cards that hear it act (W-09, W-10)."""
    group = list(st.rnd.ron_group)
    st.rnd.ron_group.clear()
    if group:
        yield from _settled(st, cards, group)


def _settled(st: TableState, cards: InForce, wins: list[Win]) -> Flow[None]:
    data = {"winners": "".join(PLAYERS[w.player] for w in wins), "remaining": len(st.in_game_players())}
    yield from cards.deliver(st, TableEvent("hu.settled", None, data))


def end_round(st: TableState, cards: InForce) -> Flow[None]:
    """§11 phase 6: effects under way are closed (a prompt never answered is a missed trigger, §18.3),
    what was scheduled for after the round runs, the round's points are added, and the world card, the
    treasure order, the contracts and the lasting cards go back."""
    rnd = st.rnd
    for task in st.tasks:
        if task.ask is not None:
            for p in task.ask.parts:
                if p not in task.answers and p != HOST:
                    rnd.missed.append((task.ask.card, p, "unanswered"))
        task.flow.close()
    st.tasks.clear()
    if rnd.end is None:
        rnd.end = st.now
    yield from expire(st, cards, {"round_end"})
    yield from cards.deliver(
        st, TableEvent("round.ended", None, {"reason": "exhausted" if rnd.exhausted else "three_wins"})
    )
    rnd.scores = round_points(st)
    for p in range(SEATS):
        st.totals[p] += rnd.scores[p]
    st.say(f"第{rnd.number}局结束：" + "，".join(f"{PLAYERS[p]} {rnd.scores[p]:+d}" for p in range(SEATS)))
    if rnd.world is not None:
        st.deck("world").discards.append(rnd.world)
    if rnd.treasure is not None:
        st.deck("treasure").discards.append(rnd.treasure)
    for held in rnd.players:
        for card_id in [*held.offers, *([held.contract] if held.contract else [])]:
            st.deck(st.pool.card(card_id).type).put_back([card_id])
    for player, deck in list(rnd.lasting):
        end_card(st, player, deck)
    st.played.append(rnd)
    st.round = None
    st.seat_of = list(range(SEATS))
