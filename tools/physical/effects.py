"""A card's effects run at a real table (issue 31 item 3): what the console can do it does, what the
players must do with the tiles it shows to whoever must do it.

A card's program (:data:`engine.hextech.vocabulary.Program`) is walked step by step.  A primitive the
vocabulary marks ``done_by: console`` runs here (:data:`CONSOLE`): a card drawn and shown (§6.4, §6.5),
a choice asked on a phone, a die rolled, chips, a state with its end, a contract swapped or replaced,
the treasure order rewritten.  A primitive done by the table is gathered with the table steps next to
it and shown, with the card's own text, to whoever must do it, who answers "done" or "cannot" (§6.8).
A choice's options and an ``if`` are judged on what the console knows; one that turns on unseen
tiles is asked of the holder, yes or no.  A state that lasts (``status``, a lasting card, steps
``after`` a duration) is kept as an :class:`~tools.physical.state.Until` until its end.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from engine.core.seats import PLAYERS
from engine.core.tiles import name
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import (
    ArgValue,
    ChooseStep,
    CompiledCard,
    ForEachStep,
    IfStep,
    LaterStep,
    PrimitiveStep,
    Program,
    StatusStep,
)
from engine.hextech.words import PRIMITIVES
from engine.hextech.words.choice import EXAMPLE_NUMBER, VALUE_OPTIONS
from modules.party.challenges import Outcome, Reward, settle
from tools.physical.asks import HOST, Answer, Ask, Option, Part, Shown
from tools.physical.contracts import abandon
from tools.physical.knowledge import Scene, judge, role
from tools.physical.state import TableState, Until
from tools.physical.texts import STATIC_WORDS, VALUE_WORDS, table_text, until_text

T = TypeVar("T")
NEXT_ACTOR = "next_actor"
DONE, CANNOT = "done", "cannot"
"""What a tap that is also its card's answer says of the instruction: done, or could not be (§6.8,
R626); ``cannot`` follows the tap's option."""
NEXT_QUESTION = "下一位行动（摸牌）的玩家是谁？从该玩家开始按顺时针顺序结算（§6.4）"
Flow = Generator[Ask, Answer, T]
"""A step of the table's flow: it puts prompts and reads their answers."""


@dataclass(frozen=True)
class TableEvent:
    """An event at the table: its name (:data:`engine.hextech.vocabulary.EVENTS`), the acting player, the
    payload the console holds, and its cause (``rule`` or the card whose effect caused it, §6.7)."""

    name: str
    actor: int | None = None
    data: Mapping[str, object] = field(default_factory=dict)
    cause: str = "rule"


class Cards(Protocol):
    """The cards in force at the table, as a program reaches them (:class:`tools.physical.deliver.InForce`):
    an event delivered to them, a chance or party card drawn."""

    def deliver(
        self, st: TableState, event: TableEvent, extra: tuple[tuple[CompiledCard, int | None], ...] = ()
    ) -> Flow[None]:
        """Run every card that hears the event, in §15's order (``extra``: a card being drawn, which
        hears its own drawing, with its holder)."""
        ...

    def draw(self, st: TableState, deck: str, player: int, source: str) -> Flow[None]:
        """``player`` draws a card of ``deck`` and it resolves (§6.4–§6.9, §7.2)."""
        ...

    def draw_keep(self, st: TableState, deck: str, player: int, source: str, n: int) -> Flow[None]:
        """``player`` draws ``n`` cards of ``deck`` and resolves one (G-07, P-07, S-17)."""
        ...


@dataclass
class Run:
    """One card's program being run: the card, its holder, the event it answers, the values chosen so
    far, the players a ``for each`` and a pick name; whether it acted and whether a step could not."""

    card: CompiledCard
    holder: int | None
    event: TableEvent
    cards: Cards
    values: dict[str, str] = field(default_factory=dict)
    each: int | None = None
    target: int | None = None
    acted: bool = False
    unable: bool = False
    pending: list[tuple[str, Mapping[str, ArgValue], tuple[int, ...]]] = field(default_factory=list)
    consent: bool = False
    """The card may be used (``may``) and its holder has not yet said so: the first table effect shown
    to the holder alone offers "不使用" beside done and cannot, else the holder is asked first (R623)."""
    declined: bool = False
    told: str = ""
    """The holder's answer to the card's instruction, given with the tap that fired it (``done`` or
    ``cannot``, R626): the first table effects shown to the holder alone take it instead of a prompt."""

    def scene(self) -> Scene:
        """What a condition of this run is judged on."""
        return Scene(
            self.event.name,
            self.event.actor,
            self.card.id,
            self.holder,
            self.event.data,
            self.each,
            self.target,
        )

    def asked(self, st: TableState) -> int:
        """Whom the run asks: its holder, else the event's actor, else the dealer."""
        for who in (self.holder, self.event.actor):
            if who is not None:
                return who
        return st.dealer


Handler = Callable[[TableState, Run, Mapping[str, ArgValue]], Flow[None]]


def card_text(st: TableState, card_id: str) -> str:
    """The card's name and its 卡面正文 (or its first field), as a prompt shows it."""
    text = st.pool.texts[card_id]
    body = text.field("卡面正文") or (text.fields[0][1] if text.fields else "")
    return f"{card_id} {text.name}：{body}"


def card_name(st: TableState, card_id: str) -> str:
    """``O-P01 偷看未来``."""
    return f"{card_id} {st.pool.texts[card_id].name}"


def ask_one(
    st: TableState,
    player: int,
    kind: str,
    card: str,
    text: str,
    options: list[Option],
    shown: Shown = "public",
) -> Flow[str]:
    """Put one prompt to one player; the option answered."""
    answer = yield Ask(kind, card, text, {player: Part(tuple(options))}, shown)
    return answer[player].option


def yes_no(st: TableState, player: int, card: str, question: str) -> Flow[bool]:
    """Ask the player yes or no about what the console cannot see (issue 31 item 3)."""
    reply = yield from ask_one(
        st,
        player,
        "question",
        card,
        f"{card_text(st, card)}\n{question}",
        [Option(f"yes {card}", "是"), Option(f"no {card}", "否")],
        "private",
    )
    return reply.startswith("yes")


# ---- the program ---------------------------------------------------------------------------------


def _args(step: PrimitiveStep) -> dict[str, ArgValue]:
    return dict(step.args)


def _addressees(st: TableState, run: Run, primitive: str, args: Mapping[str, ArgValue]) -> tuple[int, ...]:
    """Who carries out a table effect: all players in the round for a pass, both for an exchange,
    else the player the effect names (its ``player`` or ``owner``), else the one the run asks."""
    if primitive == "pass_all":
        return tuple(st.in_game_players())
    scene = run.scene()
    if primitive == "exchange":
        other = role(st, scene, args.get("with", "target"))
        return tuple(p for p in (run.asked(st), other) if p is not None)
    for key in ("player", "owner"):
        if key in args:
            who = role(st, scene, args[key])
            if who is not None:
                return (who,)
    return (run.asked(st),)


def flush(st: TableState, run: Run) -> Flow[None]:
    """Show the table effects gathered so far to whoever must do them, with the card's text; each
    group is answered done or cannot (§6.8), the first of a card that may be used also "不使用"."""
    while run.pending:
        who = run.pending[0][2]
        if run.consent and who != (run.asked(st),):
            yield from consent(st, run)
        if run.declined:
            run.pending.clear()
            return
        group = []
        while run.pending and run.pending[0][2] == who:
            primitive, args, _ = run.pending.pop(0)
            group.append(table_text(primitive, args))
        names = "、".join(PLAYERS[p] for p in who)
        if run.told and who == (run.asked(st),):
            done = run.told == DONE
            run.acted, run.unable, run.told = run.acted or done, run.unable or not done, ""
            st.say(f"{names} {card_name(st, run.card.id)}：{'已完成' if done else '无法执行'}")
            continue
        text = f"{card_text(st, run.card.id)}\n{names}：" + "；".join(group)
        options = [Option(f"done {run.card.id}", "完成"), Option(f"cannot {run.card.id}", "无法执行")]
        if run.consent:
            options.append(Option(f"pass {run.card.id}", "不使用"))
            run.consent = False
        parts = {p: Part(tuple(options)) for p in who}
        answer = yield Ask("do", run.card.id, text, parts, "public", anyone=True)
        replies = [reply.option for reply in answer.values()]
        if any(reply.startswith("pass") for reply in replies):
            run.declined = True
            run.pending.clear()
        elif any(reply.startswith("done") for reply in replies):
            run.acted = True
        else:
            run.unable = True


def consent(st: TableState, run: Run) -> Flow[None]:
    """Ask the holder of a card that may be used whether they use it, before anything else it does."""
    if not run.consent:
        return
    run.consent = False
    answer = yield from ask_one(
        st,
        run.asked(st),
        "may",
        run.card.id,
        card_text(st, run.card.id),
        [Option(f"use {run.card.id}", "使用"), Option(f"pass {run.card.id}", "不使用")],
    )
    run.declined = answer.startswith("pass")


def _ready(st: TableState, run: Run) -> Flow[bool]:
    """Before a step the console does: the table effects so far shown, the holder's consent had;
    whether the program goes on."""
    yield from flush(st, run)
    yield from consent(st, run)
    return not run.declined


def run_program(st: TableState, run: Run, program: Program) -> Flow[None]:
    """Walk a card's program: console steps done here, table steps shown to the players."""
    for step in program:
        if isinstance(step, PrimitiveStep) and PRIMITIVES[step.primitive].done_by == "table":
            args = _args(step)
            run.pending.append((step.primitive, args, _addressees(st, run, step.primitive, args)))
            continue
        if not (yield from _ready(st, run)):
            return
        if isinstance(step, PrimitiveStep):
            yield from CONSOLE[step.primitive](st, run, _args(step))
        elif isinstance(step, ChooseStep):
            yield from _choose(st, run, step)
        elif isinstance(step, ForEachStep):
            yield from _for_each(st, run, step)
        elif isinstance(step, IfStep):
            holds = judge(st, run.scene(), step.condition)
            if holds is None:
                holds = yield from yes_no(st, run.asked(st), run.card.id, "卡面的条件此时满足吗？")
            yield from run_program(st, run, step.then if holds else step.otherwise)
        elif isinstance(step, StatusStep):
            rule = step.rule
            until = rule.duration.until if rule.duration and rule.duration.until else "round_end"
            words = "禁止" if rule.polarity == "forbid" else "可以"
            target = run.asked(st) if rule.who == "holder" else None
            text = f"{words}{STATIC_WORDS.get(rule.action, rule.action)}"
            for p in [target] if target is not None else st.in_game_players():
                _hold(st, Until(run.card.id, p, until, "status", text, rule=rule))
            run.acted = True
        elif isinstance(step, LaterStep):
            _hold(
                st,
                Until(
                    run.card.id,
                    run.asked(st),
                    step.expiry,
                    "later",
                    "",
                    steps=step.steps,
                    values=dict(run.values),
                ),
            )
    yield from flush(st, run)


def _hold(st: TableState, item: Until) -> None:
    st.rnd.until.append(item)
    if item.kind == "status":
        st.say(
            f"{PLAYERS[item.holder]}：{card_name(st, item.source)} {item.text}，直到{until_text(item.until)}"
        )


def _choose(st: TableState, run: Run, step: ChooseStep) -> Flow[None]:
    """The holder picks one option whose condition may hold; none may: the step cannot be done."""
    scene = run.scene()
    open_ = [
        (i, o) for i, o in enumerate(step.options, start=1) if judge(st, scene, o.condition) is not False
    ]
    if not open_:
        run.unable = True
        return
    options = [Option(f"option {run.card.id} {i}", o.label) for i, o in open_]
    picked = yield from ask_one(st, run.asked(st), "choose", run.card.id, card_text(st, run.card.id), options)
    index = int(picked.rsplit(" ", 1)[1])
    chosen = step.options[index - 1]
    st.say(f"{PLAYERS[run.asked(st)]} 选择 {card_name(st, run.card.id)}：{chosen.label}")
    yield from run_program(st, run, chosen.steps)


def players_of(st: TableState, run: Run, word: str, start: str | int | None = None) -> list[int]:
    """The players a set role names, clockwise from ``start`` (a role, or a player the table named,
    §6.4): ``all`` in the round, ``everyone`` seated, ``others`` in the round but the holder, ``lowest``
    in score, or one role's player."""
    first = start if isinstance(start, int) else role(st, run.scene(), start) if start else run.event.actor
    if first is None:
        first = run.asked(st)
    if word == "everyone":
        return list(st.clockwise(first, in_game=False))
    ring = list(st.clockwise(first)) if st.in_game(first) else list(st.clockwise(first, others_only=True))
    if word == "others":
        return [p for p in ring if p != run.asked(st)]
    if word == "lowest":
        low = st.lowest()
        return [p for p in ring if p in low]
    if word in ("all", "any"):
        return ring
    one = role(st, run.scene(), word)
    return [] if one is None else [one]


def _for_each(st: TableState, run: Run, step: ForEachStep) -> Flow[None]:
    start: str | int | None = step.start
    if start == NEXT_ACTOR and role(st, run.scene(), NEXT_ACTOR) is None:
        start = yield from next_actor(st, run)
    for player in players_of(st, run, step.players, start):
        run.each = player
        yield from run_program(st, run, step.steps)
    run.each = None


def next_actor(st: TableState, run: Run) -> Flow[int]:
    """Ask the table whose turn comes next, when the console cannot know it (the wall's count told,
    W-08): one tap on any screen, the players in the round offered (§6.4, R621)."""
    text = f"{card_text(st, run.card.id)}\n{NEXT_QUESTION}"
    options = tuple(Option(f"next {run.card.id} {PLAYERS[p]}", PLAYERS[p]) for p in st.in_game_players())
    parts = {p: Part(options) for p in [HOST, *st.in_game_players()]}
    answer = yield Ask("next", run.card.id, text, parts, "public", anyone=True)
    picked = PLAYERS.index(next(iter(answer.values())).option.rsplit(" ", 1)[1])
    st.say(f"{card_name(st, run.card.id)}：下一位行动玩家 {PLAYERS[picked]}")
    return picked


# ---- console primitives --------------------------------------------------------------------------


def _draw_card(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    player = role(st, run.scene(), args.get("for", "holder"))
    if player is None or not st.in_game(player):
        run.unable = True
        return
    yield from run.cards.draw(st, str(args["deck"]), player, run.card.id)
    run.acted = True


def _draw_keep(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    yield from run.cards.draw_keep(st, str(args["deck"]), run.asked(st), run.card.id, _count(args, "n", 2))
    run.acted = True


def _redraw(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    if not st.drawing:
        run.unable = True
        return
    st.drawing[-1] = "redraw"
    run.acted = True
    return
    yield


def _value_label(kind: str, value: str) -> str:
    if kind == "face":
        return name(VALUE_OPTIONS["face"].index(value))
    return VALUE_WORDS.get(value, value)


def _choose_value(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """A suit, a face, a route, an 11-digit number: the chooser decides; the value is public."""
    chooser = role(st, run.scene(), args.get("chooser", "holder"))
    if chooser is None:
        chooser = run.asked(st)
    kind = str(args["kind"])
    card = run.card.id
    if kind == "number11":
        options = [Option(f"number {card} {EXAMPLE_NUMBER}", EXAMPLE_NUMBER)]
        answer = yield Ask(
            "value",
            card,
            card_text(st, card) + "\n写下一个只含1至9的11位虚构号码",
            {chooser: Part(tuple(options))},
            "public",
            free=(f"number {card} ",),
        )
        picked = answer[chooser].option
    else:
        options = [Option(f"{kind} {card} {v}", _value_label(kind, v)) for v in VALUE_OPTIONS[kind]]
        picked = yield from ask_one(st, chooser, "value", card, card_text(st, card), options)
    value = picked.rsplit(" ", 1)[1]
    run.values[str(args["as"])] = value
    holder = run.asked(st)
    st.rnd.values.setdefault((run.card.base_id, holder), {})[str(args["as"])] = value
    shown = value if kind == "number11" else _value_label(kind, value)
    st.say(f"{PLAYERS[chooser]} 为 {card_name(st, card)} 选择：{shown}")
    run.acted = True


def _pick_player(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """Choose a player, or roll a d6 and count clockwise over the players in the round from the next
    one (H24)."""
    among = players_of(st, run, str(args.get("among", "others")), "holder")
    if not among:
        run.unable = True
        return
    if args.get("how", "choice") == "die":
        roll = st.rng.randint(1, 6)
        holder = run.asked(st)
        ring = list(st.clockwise(holder, others_only=True))
        if st.in_game(holder):
            ring.append(holder)
        picked = ring[(roll - 1) % len(ring)]
        st.say(f"{card_name(st, run.card.id)}：掷骰 {roll}，{PLAYERS[picked]}")
    else:
        options = [Option(f"seat {run.card.id} {PLAYERS[p]}", PLAYERS[p]) for p in among]
        answer = yield from ask_one(
            st, run.asked(st), "pick", run.card.id, card_text(st, run.card.id), options
        )
        picked = PLAYERS.index(answer.rsplit(" ", 1)[1])
    run.target = picked
    run.acted = True


def _chips(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    n = args.get("n", 1)
    count = n if isinstance(n, int) else 1
    player = run.asked(st)
    if count > 0:
        st.chips.earn(player, count, run.card.id, st.rnd.number)
    run.acted = True
    return
    yield


OUTCOMES = {
    Outcome.DONE: "完成",
    Outcome.ALTERNATIVE: "以替代动作完成",
    Outcome.REFUSED: "拒绝（无条件拒绝权，§17.4）",
    Outcome.CHIP_SKIPPED: "花费1枚筹码跳过",
    Outcome.FAILED: "未成功",
    Outcome.LOST: "输了",
}
"""A challenge's outcomes as the performer's buttons read (§7.1, §7.4, §17.4)."""


def challenge_options(st: TableState, card: str, player: int, *, lose: bool = False) -> list[Option]:
    """What a performer may answer: done, by the alternative, refused (always, §17.4), failed, lost in a
    game (F-R02), skipped with a chip if the performer has one (§7.4)."""
    outcomes = [Outcome.DONE, Outcome.ALTERNATIVE, Outcome.REFUSED, Outcome.FAILED]
    if lose:
        outcomes.append(Outcome.LOST)
    if st.chips.balance(player) > 0:
        outcomes.append(Outcome.CHIP_SKIPPED)
    return [Option(f"challenge {card} {o.value}", OUTCOMES[o]) for o in outcomes]


def perform(
    st: TableState, card: str, performers: list[int], reward: Reward, *, lose: bool = False, text: str = ""
) -> Flow[list[int]]:
    """Put the challenge to its performers together and settle the chips; the performers who lost."""
    if not performers:
        return []
    parts = {p: Part(tuple(challenge_options(st, card, p, lose=lose))) for p in performers}
    answer = yield Ask("challenge", card, text or card_text(st, card), parts, "public")
    lost = []
    completions = st.count(("completions", card, st.rnd.number))
    paid = st.count(("paid", card, st.rnd.number))
    for player in performers:
        outcome = Outcome(answer[player].option.rsplit(" ", 1)[1])
        chips = 0
        if outcome.completed:
            completions += 1
            chips = reward.pays(completions, paid)
            paid += chips * len(reward.to or (player,))
        settle(st.chips, card, player, outcome, chips, st.rnd.number, reward.to)
        st.rnd.challenges.append((card, player, outcome.value))
        st.say(f"{PLAYERS[player]} {card_name(st, card)}：{OUTCOMES[outcome]}")
        if outcome is Outcome.LOST:
            lost.append(player)
    st.counters[("completions", card, st.rnd.number)] = completions
    st.counters[("paid", card, st.rnd.number)] = paid
    return lost


def _count(args: Mapping[str, ArgValue], key: str, default: int) -> int:
    value = args.get(key, default)
    return value if isinstance(value, int) else default


def _challenge(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    performers = players_of(st, run, str(args.get("performer", "holder")), "holder")
    to_word = str(args.get("reward_to", "performer"))
    to = () if to_word == "performer" else tuple(players_of(st, run, to_word, "holder"))
    reward = Reward(
        chips=_count(args, "reward", 1),
        to=to,
        rewarded=_count(args, "rewarded", 0),
        needs=max(1, _count(args, "needs", 1)),
        cap=_count(args, "max", 0),
    )
    lost = yield from perform(st, run.card.id, performers, reward, lose=args.get("lose") == "yes")
    for player in lost:
        st.rnd.lost_challenges.add((run.card.id, player))
    run.acted = True


def _watch_tile(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """The designated-tile template (§7.5): the card lies in front of its holder; the holder taps when a
    fresh designated tile is kept at a turn's end, at most two turns a round."""
    st.rnd.designated.setdefault(run.asked(st), []).append([run.card.id, str(args["face"]), 0])
    run.acted = True
    return
    yield


def _make_safe(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    scope = str(args.get("scope", "this_discard"))
    _hold(
        st,
        Until(run.card.id, run.asked(st), scope, "status", "弃牌成为安全弃牌（不能被吃、碰或杠，仍可被胡）"),
    )
    run.acted = True
    return
    yield


def _offer_contracts(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    st.rnd.players[run.asked(st)].offer_size = (_count(args, "normal", 2), _count(args, "black", 1))
    run.acted = True
    return
    yield


def _swap_candidate(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """S-06: put back one offered normal contract and draw another (§9.1)."""
    player = run.asked(st)
    offers = st.rnd.players[player].offers
    normal = [c for c in offers if st.pool.card(c).type == "contract"]
    deck = st.deck("contract")
    if not normal or not deck.cards:
        run.unable = True
        return
    options = [Option(f"contract {run.card.id} {c}", card_name(st, c)) for c in normal]
    options.append(Option(f"pass {run.card.id}", "不换"))
    answer = yield from ask_one(
        st, player, "swap", run.card.id, card_text(st, run.card.id), options, "secret"
    )
    if answer.startswith("pass"):
        return
    old = answer.rsplit(" ", 1)[1]
    offers[offers.index(old)] = deck.cards.pop()
    deck.put_back([old])
    run.acted = True


def _replace_contract(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """O-X08①, G-06, G-16: a new contract of the same type, chosen from ``offer``; progress is 0 and
    the new one is public (§9.4)."""
    player = run.asked(st)
    held = st.rnd.players[player]
    if held.contract is None:
        run.unable = True
        return
    deck = st.deck(st.pool.card(held.contract).type)
    fresh = [c for c in (deck.draw() for _ in range(_count(args, "offer", 1))) if c is not None]
    if not fresh:
        run.unable = True
        return
    options = [Option(f"contract {run.card.id} {c}", card_name(st, c)) for c in fresh]
    if args.get("optional") == "yes":
        options.append(Option(f"pass {run.card.id}", "保留原契约"))
    answer = yield from ask_one(
        st, player, "replace", run.card.id, card_text(st, run.card.id), options, "secret"
    )
    if answer.startswith("pass"):
        deck.put_back(fresh)
        return
    new = answer.rsplit(" ", 1)[1]
    deck.put_back([c for c in fresh if c != new] + [held.contract])
    old = held.contract
    held.contract = new
    held.status = ContractStatus.OPEN
    st.rnd.until[:] = [u for u in st.rnd.until if not (u.holder == player and u.source == old)]
    st.say(f"{PLAYERS[player]} 的契约换为 {card_name(st, new)}（进度清零，公开）")
    run.acted = True
    yield from run.cards.deliver(
        st, TableEvent("contract.replaced", player, {"old": old, "new": new}, run.card.base_id)
    )


def _abandon_contract(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    if not abandon(st, run.asked(st)):
        run.unable = True
        return
    run.acted = True
    return
    yield


def reveal_treasure(st: TableState, cards: Cards) -> Flow[None]:
    """Draw and reveal the round's treasure order and fix it: the die rolled, the face named (§8)."""
    card_id = st.deck("treasure").draw()
    st.rnd.treasure, st.rnd.treasure_die, st.rnd.treasure_named = card_id, None, None
    if card_id is None:
        return
    st.say(f"宝牌令：{card_name(st, card_id)}")
    run = Run(
        st.pool.card(card_id), st.dealer, TableEvent("treasure.revealed", None, {"card": card_id}), cards
    )
    yield from run_program(st, run, st.pool.card(card_id).resolution)


def _redraw_treasure(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """O-X09: the treasure order is discarded and a new one revealed; a win already settled keeps its
    bonus (§8.4)."""
    old = st.rnd.treasure
    if old is not None:
        st.deck("treasure").discards.append(old)
    yield from reveal_treasure(st, run.cards)
    run.acted = True
    event = TableEvent("treasure.changed", None, {"card": st.rnd.treasure or ""}, run.card.base_id)
    yield from run.cards.deliver(st, event)


def _treasure_order(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """What the treasure order makes treasure: the die rolled (T-08), the face the dealer names (T-09)."""
    kind = str(args.get("kind", "face"))
    if kind == "die_number":
        st.rnd.treasure_die = st.rng.randint(1, 6)
        st.say(f"{card_name(st, run.card.id)}：庄家掷骰 {st.rnd.treasure_die}")
    elif kind == "dealer_named":
        faces = VALUE_OPTIONS["face"]
        options = [Option(f"face {run.card.id} {f}", name(i)) for i, f in enumerate(faces)]
        answer = yield from ask_one(st, st.dealer, "value", run.card.id, card_text(st, run.card.id), options)
        named = answer.rsplit(" ", 1)[1]
        st.rnd.treasure_named = named
        st.say(f"{card_name(st, run.card.id)}：庄家指定 {name(faces.index(named))}")
    run.acted = True


def _set_personal_treasure(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    player = run.asked(st)
    options = [Option(f"face {run.card.id} {f}", name(i)) for i, f in enumerate(VALUE_OPTIONS["face"])]
    answer = yield from ask_one(st, player, "value", run.card.id, card_text(st, run.card.id), options)
    st.rnd.personal_treasure[player] = answer.rsplit(" ", 1)[1]
    st.say(
        f"{PLAYERS[player]} 的个人宝牌：{name(VALUE_OPTIONS['face'].index(st.rnd.personal_treasure[player]))}"
    )
    run.acted = True


def _rotate_seats(st: TableState, run: Run, args: Mapping[str, ArgValue]) -> Flow[None]:
    """O-X01: every player in the round moves to the next seat of a player in the round; the seats
    keep the dealership, the winds and the order of play (§14.3)."""
    moving = st.in_game_players()
    if len(moving) < 2:
        run.unable = True
        return
    seats = sorted(st.seat_of[p] for p in moving)
    after = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
    for p in moving:
        st.seat_of[p] = after[st.seat_of[p]]
    st.say("换座：" + "，".join(f"{PLAYERS[p]} → {st.seat_of[p] + 1}号位" for p in moving))
    run.acted = True
    yield from run.cards.deliver(st, TableEvent("seats.rotated", None, {}, run.card.base_id))


CONSOLE: dict[str, Handler] = {
    "draw_card": _draw_card,
    "draw_keep": _draw_keep,
    "redraw": _redraw,
    "choose_value": _choose_value,
    "pick_player": _pick_player,
    "chips": _chips,
    "challenge": _challenge,
    "watch_tile": _watch_tile,
    "make_safe": _make_safe,
    "offer_contracts": _offer_contracts,
    "swap_candidate": _swap_candidate,
    "replace_contract": _replace_contract,
    "abandon_contract": _abandon_contract,
    "redraw_treasure": _redraw_treasure,
    "treasure_order": _treasure_order,
    "set_personal_treasure": _set_personal_treasure,
    "rotate_seats": _rotate_seats,
}
"""What the console does for each effect the vocabulary marks ``done_by: console``."""
