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
from engine.hextech.vocabulary import DURATIONS
from modules.party.challenges import Reward
from modules.party.chips import SpendPurpose
from tools.physical.asks import HOST, IDLE, Answer, Ask, Idle, Option, Part, Reply
from tools.physical.buttons import CLOSE, event_options
from tools.physical.calls import CHI, NAMED_CALLS, UNNAMED, allowances, chi_allowances, forbidder
from tools.physical.contracts import abandon, settle_contract
from tools.physical.deliver import InForce, fire, watch
from tools.physical.draws import end_card
from tools.physical.effects import (
    CANNOT,
    DONE,
    Flow,
    TableEvent,
    ask_one,
    card_name,
    perform,
    reveal_treasure,
    yes_no,
)
from tools.physical.lasting import expire, leave
from tools.physical.limits import spend, static_index
from tools.physical.listening import (
    DECLARED,
    KONGS,
    TOLD_BUTTONS,
    TURN_ENDS,
    WINDOW_WALL,
    Listener,
    told_events,
    turn_taps,
)
from tools.physical.setup import deal, draft, offer_contracts
from tools.physical.state import SEATS, RoundState, TableState, Task, Win
from tools.physical.wins import (
    Claim,
    buffer,
    may_be_legal,
    may_win,
    needs_kept,
    parse_claim,
    round_points,
    score,
    tracked,
)

Main = Generator[Ask | Idle, Answer, None]
"""The session's flow: it puts prompts, and waits (:data:`IDLE`) for the table to tell it an event."""
KAKAN = "kong kakan"
WORDS = {
    "chi": "吃",
    "pon": "碰",
    "kong ankan": "暗杠",
    "kong minkan": "明杠",
    KAKAN: "加杠",
    "flower": "补花",
}
MELD_OF = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "kong minkan": MeldKind.MINKAN,
    "kong ankan": MeldKind.ANKAN,
}
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
    yield from deal(st, cards)
    yield from offer_contracts(st, cards)
    while not st.rnd.over:
        answer = yield IDLE
        (reply,) = answer.values()
        yield from on_event(st, cards, reply)
    yield from end_round(st, cards)


# ---- play ----------------------------------------------------------------------------------------


def spawn(st: TableState, flow: Flow[None]) -> None:
    """Set an event's effects going while play goes on."""
    st.tasks.append(Task(flow))


def on_event(st: TableState, cards: InForce, reply: Reply) -> Flow[None]:
    """What the table told: a win, the wall's count, a call, a card's trigger, a state's end.  A 加杠
    waiting stands first unless this is a win robbing it (§9.4); a discard's wins close (§12.3)."""
    option, player = reply.option, reply.player
    offered = {o.value for o in event_options(st, player)}
    if option not in offered:
        button = option.partition(" from ")[0]
        card = forbidder(st, player, button) if button in TOLD_BUTTONS else None
        if card is not None:
            raise IllegalActionError(f"{PLAYERS[player]}: {card_name(st, card)} forbids {option!r} now")
        raise IllegalActionError(f"{PLAYERS[player]} has no button {option!r} now")
    rnd = st.rnd
    if option == "hu":
        claim = parse_claim(st, player, reply.data)
        if rnd.kakan is not None and "robbing_kong" in claim.request.flags and claim.source == rnd.kakan:
            st.say(f"{PLAYERS[rnd.kakan]} 的加杠被抢杠胡，未成立（§9.4）")
            rnd.kakan = None
        stand_kakan(st, cards)
        yield from hu(st, cards, player, claim)
        return
    stand_kakan(st, cards)
    if rnd.ron_group:
        yield from settle_group(st, cards)
    if option == CLOSE:
        return
    rnd.next_player = None
    verb, _, rest = option.partition(" ")
    if verb == "wall":
        yield from wall(st, cards, int(rest))
    elif verb in ("chi", "pon", "kong", "flower"):
        button, _, source = option.partition(" from ")
        told(st, cards, player, button, _discarder(st, player, button, source))
    elif verb == "end":
        yield from expire(st, cards, TURN_ENDS, player, rest)
    elif verb == "chip":
        _chip(st, player, rest)
    elif verb == "tile":
        spawn(st, _designated(st, player, *rest.split(" ")))
    else:
        _tap(st, cards, player, option)


def _discarder(st: TableState, player: int, button: str, named: str) -> int | None:
    """Whose discard a call took: the one it names (a chow from another than the upper player spends
    the augment allowing it, R617), the upper player's for a chow, a player no card names for a pung
    or an exposed kong told without one (:data:`UNNAMED`), nobody's for a self-made kong or a flower."""
    if named:
        source = PLAYERS.index(named)
        if button == CHI:
            card, rule = chi_allowances(st, player)[0]
            spend(st, card.id, player, static_index(card, rule), rule.limits, player)
            st.acted(card.id, True)
            st.say(f"{PLAYERS[player]} 使用 {card_name(st, card.id)}")
        return source
    if button == CHI:
        return st.upper(player)
    return UNNAMED if button in NAMED_CALLS else None


def told(st: TableState, cards: InForce, player: int, button: str, source: int | None) -> None:
    """A call, a kong or a flower the table told: the melds and kongs counted (a kong's points, §13.9),
    then the cards that hear its events run while play goes on (§6.6).  A 加杠 is only declared: it
    stands once nobody robs it (:func:`stand_kakan`), at once when no other player may win (R628)."""
    whose = f"（{PLAYERS[source]}的牌）" if source is not None and source != UNNAMED else ""
    if button == KAKAN:
        st.rnd.kakan = player
        st.say(f"{PLAYERS[player]} 加杠（无人抢杠胡后成立，§9.4）")
        spawn(st, cards.deliver(st, TableEvent(DECLARED, player, {"kind": "kakan"})))
        if not any(may_win(st, other) for other in st.clockwise(player, others_only=True)):
            stand_kakan(st, cards)
        return
    st.say(f"{PLAYERS[player]} {WORDS[button]}{whose}")
    _count(st, player, button)
    events = told_events(button, player, source)
    spawn(st, _deliver_all(st, cards, events))


def stand_kakan(st: TableState, cards: InForce) -> None:
    """The 加杠 waiting stands: nobody robbed it (§9.4); its point counts and the cards hearing it act."""
    player = st.rnd.kakan
    if player is None:
        return
    st.rnd.kakan = None
    _count(st, player, KAKAN)
    st.say(f"{PLAYERS[player]} 的加杠成立")
    events = [event for event in told_events(KAKAN, player, None) if event.name != DECLARED]
    spawn(st, _deliver_all(st, cards, events))


def _count(st: TableState, player: int, button: str) -> None:
    """A call's meld, a kong's points, the calls of each kind (a 加杠 turns its pung into a kong)."""
    held = st.rnd.players[player]
    kind = button.split(" ")[1] if button in KONGS else button
    if button == KAKAN:
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


def _deliver_all(st: TableState, cards: InForce, events: list[TableEvent]) -> Flow[None]:
    for event in events:
        yield from cards.deliver(st, event)


def _tap(st: TableState, cards: InForce, player: int, option: str) -> None:
    """A trigger of a turn's moment its holder says has fired — where all the card then has its holder
    do is with the tiles, also that it was done or could not be (R626) — or an allowance used."""
    for listener in turn_taps(st, player):
        if option == listener.tap:
            told = DONE if listener.instruction else ""
        elif option == f"{listener.tap} {CANNOT}" and listener.instruction:
            told = CANNOT
        else:
            continue
        event = TableEvent(listener.event, player)
        if listener.hook is not None:
            spawn(st, _fire_at_end(st, cards, listener, event, told))
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


def _fire_at_end(
    st: TableState, cards: InForce, listener: Listener, event: TableEvent, told: str
) -> Flow[None]:
    """A tapped trigger (``told``: its instruction done or not, with the tap); a lasting card whose
    duration ends at the very moment it fires (F-R07: until the holder's next turn starts, acting as it
    starts) ends with it, with no tap of its own (R624)."""
    yield from fire(st, cards, listener, event, tapped=True, told=told)
    card, holder = listener.card, listener.holder
    if holder is None or card.lasts is None or DURATIONS[card.lasts].ends_on != listener.event:
        return
    if card.id in st.rnd.lasting.values():
        yield from expire(st, cards, {card.lasts}, holder, card.id)


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
    """The table told the wall's drawable count: the cards counting on it run (W-08, S-15, G-16) — while
    play goes on above 24, before the round goes on at 24 or fewer, where the abandon window then opens
    (§10: the current action settles first) — and at 0 the round ends (§11 phase 6), even after a win
    entered at 0 (海底捞月, 河底捞鱼)."""
    rnd = st.rnd
    if count >= rnd.drawable and count:
        raise IllegalActionError(f"wall: {count} is not below the {rnd.drawable} told before")
    rnd.drawable = count
    st.say(f"牌墙剩{count}张" if count else "牌墙摸完")
    counted = cards.deliver(st, TableEvent("wall.count", None, {"drawable": count}))
    if count > WINDOW_WALL:
        spawn(st, counted)
        return
    yield from counted
    if not rnd.window_opened:
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
    if not may_be_legal(st, player, claim, order):
        raise IllegalActionError(
            f"{PLAYERS[player]}: {score(st, player, claim, order, 3).reason or 'not a legal hu'}"
        )
    asked = tracked(st, held.contract) and held.status is ContractStatus.OPEN and not special
    if asked and (yield from yes_no(st, player, held.contract or "", "胡牌前契约已经完成了吗？")):
        settle_contract(st, player, "complete")
    kept = 0
    if needs_kept(terms) and (yield from yes_no(st, player, held.contract or "", KEPT_QUESTION)):
        kept = REVEALED
    result = score(st, player, claim, order, kept)
    augment = buffer(st, player)
    if not result.legal and augment is not None:
        card, rule = augment
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
    moved = False
    for win, place in zip(group, places, strict=True):
        if win.order != place:
            moved = True
            win.order = place
            _settle_score(win, score(st, win.player, win.claim, place, win.kept))
    st.rnd.wins.sort(key=lambda w: w.order)
    if moved:
        placed = "，".join(f"{PLAYERS[w.player]} 第{w.order}名 {w.total}分" for w in group)
        st.say(f"一炮多响按座位顺序：{placed}（§12.3）")


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
    """§11 phase 6: effects under way are closed (a prompt never answered is a missed trigger, §18.3:
    one for each addressee who owed an answer, one for a prompt any of them answers),
    what was scheduled for after the round runs, the round's points are added, and the world card, the
    treasure order, the contracts and the lasting cards go back."""
    rnd = st.rnd
    for task in st.tasks:
        if task.ask is not None:
            waited = [p for p in task.ask.parts if p not in task.answers and p != HOST]
            for p in waited[:1] if task.ask.anyone else waited:
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
