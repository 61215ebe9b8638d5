"""What each screen of a real table shows (issue 31 items 1, 3, 9; §5.4, §9.4, §14.4).

The public state — every screen's — holds the round, the dealer, the world card and the treasure order,
the scores, each player's augments with their uses, contracts once revealed together (§9.4) and how
they stand, lasting cards and states with what ends them, chips, wins, the feed, and whom the table is
waiting for.  A seat's view adds its own: the offers of a secret choice, its own choice before the
reveal, the prompts put to it and the buttons it has, as ``options`` strings.  A prompt the others
may not read (a question about the holder's own tiles, a secret choice) shows on the other screens
only as whom it waits for.  Every card a message names comes with its name and every field, verbatim.
"""

from __future__ import annotations

from typing import Any

from engine.core.seats import PLAYERS
from engine.hextech.vocabulary import LimitRule
from tools.physical.asks import HOST, Ask, Option
from tools.physical.buttons import CLOSE, WALL, event_options
from tools.physical.game import Game
from tools.physical.results import account
from tools.physical.state import SEATS, RoundState
from tools.physical.texts import until_text
from tools.physical.wins import round_points

STATES = {"draft": "draft", "dealt": "dealing", "contract": "contracts", "window": "window"}
"""The table's state while the round's flow waits on a prompt of this kind; ``playing`` otherwise."""


def state(game: Game) -> str:
    """``draft``, ``dealing`` (the deal and what acts before the contracts), ``contracts``, ``playing``,
    ``window`` or ``results``."""
    if game.st.ended:
        return "results"
    ask = game.main_ask
    if isinstance(ask, Ask) and ask.kind in STATES:
        return STATES[ask.kind]
    rnd = game.st.round
    return "dealing" if rnd is not None and not rnd.contracts_revealed else "playing"


def _uses(game: Game, card_id: str, player: int) -> dict[str, int]:
    """How often each limited ability of an augment has been used, this round and this session."""
    st = game.st
    card = st.pool.card(card_id)
    limited: list[tuple[int, tuple[LimitRule, ...]]] = [(i, h.limits) for i, h in enumerate(card.hooks)]
    limited += [(-1 - i, s.limits) for i, s in enumerate(card.statics)]
    uses = {"round": 0, "session": 0}
    for index, rules in limited:
        for rule in rules:
            if rule.period == "turn":
                continue
            span: object = st.round.number if st.round and rule.period == "round" else "session"
            uses[rule.period] = max(
                uses[rule.period], st.count((card_id, index, rule.period, False, player, span))
            )
    return uses


def _player(game: Game, rnd: RoundState | None, p: int, nicknames: dict[str, str]) -> dict[str, Any]:
    st = game.st
    shown: dict[str, Any] = {
        "nickname": nicknames.get(PLAYERS[p], PLAYERS[p]),
        "seat": st.seat_of[p] + 1,
        "score": st.totals[p],
        "augments": [{"card": c, **_uses(game, c, p)} for c in st.augments[p]],
        "chips": st.chips.balance(p) if "party" in st.pool.modules else None,
        "contract": None,
        "contract_status": None,
        "lasting": [],
        "states": [],
        "won": None,
    }
    if rnd is None:
        return shown
    held = rnd.players[p]
    shown["round_points"] = round_points(st)[p] if st.round is not None else rnd.scores[p]
    if rnd.contracts_revealed and held.contract is not None:
        shown["contract"] = held.contract
        shown["contract_status"] = held.status.value
    shown["lasting"] = [
        {"card": u.source, "until": u.until, "ends": until_text(u.until)}
        for u in rnd.until
        if u.holder == p and u.kind == "card"
    ]
    shown["states"] = [
        {"card": u.source, "text": u.text, "until": u.until, "ends": until_text(u.until)}
        for u in rnd.until
        if u.holder == p and u.kind == "status"
    ]
    shown["designated"] = [
        {"card": c, "tile": face, "turns": fired} for c, face, fired in rnd.designated.get(p, [])
    ]
    if held.won is not None:
        won = held.won
        shown["won"] = {
            "order": won.order,
            "total": won.total,
            "items": list(won.items),
            "from": None if won.source is None else PLAYERS[won.source],
            "hand": won.hand,
            "wall": won.wall,
        }
    shown["personal_treasure"] = rnd.personal_treasure.get(p)
    shown["chosen"] = {
        card: dict(values) for (card, holder), values in sorted(rnd.values.items()) if holder == p
    }
    return shown


def _option(option: Option) -> dict[str, str]:
    return {"option": option.value, "label": option.label}


def _waiting(game: Game) -> list[dict[str, Any]]:
    """Whom the table waits for, with the prompt's text where every screen may read it."""
    found = []
    for ask in game.prompts():
        seats = [("host" if p == HOST else PLAYERS[p]) for p in game.waiting(ask)]
        answered = [PLAYERS[p] for p in ask.parts if p != HOST and p not in game.waiting(ask)]
        shown: dict[str, Any] = {
            "kind": ask.kind,
            "card": ask.card or None,
            "seats": seats,
            "answered": answered,
        }
        if ask.shown == "public":
            shown["text"] = ask.text
        found.append(shown)
    return found


def public(game: Game, nicknames: dict[str, str]) -> dict[str, Any]:
    """What every screen shows (§5.4: augments are public; §9.4: contracts once revealed together)."""
    st = game.st
    rnd = st.round or (st.played[-1] if st.played else None)
    view: dict[str, Any] = {
        "kind": "physical",
        "state": state(game),
        "round": None if rnd is None else rnd.number,
        "rounds": st.rounds,
        "mode": st.pool.mode,
        "pool": st.pool.name,
        "dealer": None,
        "world": None,
        "treasure": None,
        "scores": {
            PLAYERS[p]: st.totals[p] + (round_points(st)[p] if st.round is not None else 0)
            for p in range(SEATS)
        },
        "totals": {PLAYERS[p]: st.totals[p] for p in range(SEATS)},
        "wall": None,
        "window": False,
        "next": None,
        "seats": {PLAYERS[p]: _player(game, rnd, p, nicknames) for p in range(SEATS)},
        "wins": [],
        "waiting": _waiting(game),
        "feed": list(st.feed[-60:]),
        "chips": {PLAYERS[p]: st.chips.balance(p) for p in range(SEATS)}
        if "party" in st.pool.modules
        else None,
    }
    if rnd is not None:
        view["dealer"] = PLAYERS[st.player_at(rnd.dealer_seat) if st.round is not None else rnd.dealer_seat]
        view["world"] = rnd.world
        view["treasure"] = _treasure(rnd)
        view["wall"] = rnd.drawable
        view["window"] = rnd.window_opened
        view["next"] = None if rnd.next_player is None else PLAYERS[rnd.next_player]
        view["wins"] = [
            {
                "seat": PLAYERS[w.player],
                "order": w.order,
                "total": w.total,
                "from": None if w.source is None else PLAYERS[w.source],
                "wall": w.wall,
            }
            for w in rnd.wins
        ]
    view["account"] = account(st)
    view["cards"] = cards_of(game, view)
    return view


def _treasure(rnd: RoundState) -> dict[str, Any] | None:
    if rnd.treasure is None:
        return None
    return {"card": rnd.treasure, "die": rnd.treasure_die, "named": rnd.treasure_named}


def cards_of(game: Game, view: Any) -> dict[str, Any]:
    """The name and every field of each card the message names, verbatim."""
    texts = game.st.pool.texts
    named: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            for word in value.replace("：", " ").replace("，", " ").split():
                if word in texts:
                    named.add(word)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(view)
    return {card_id: texts[card_id].json() for card_id in sorted(named)}


def seat(game: Game, player: int, nicknames: dict[str, str]) -> dict[str, Any]:
    """A seat's view: the public state, its own secrets, the prompts put to it and its buttons."""
    view = public(game, nicknames)
    st = game.st
    view["seat"] = PLAYERS[player]
    view["nickname"] = nicknames.get(PLAYERS[player], PLAYERS[player])
    rnd = st.round
    mine: dict[str, Any] = {"contract": None, "chosen": None}
    if rnd is not None and rnd.players[player].contract is not None:
        mine["contract"] = rnd.players[player].contract
        mine["contract_status"] = rnd.players[player].status.value
    prompts = []
    options: list[str] = []
    for ask in game.prompts():
        if player in ask.parts and player in game.waiting(ask):
            part = ask.parts[player]
            prompts.append(
                {
                    "kind": ask.kind,
                    "card": ask.card or None,
                    "text": ask.text,
                    "options": [_option(o) for o in part.options],
                    "free": list(ask.free),
                }
            )
            options += part.values()
        elif player in ask.parts and ask.shown == "secret":
            mine["chosen"] = _own_answer(game, ask, player)
    buttons = event_options(st, player) if game.idle and rnd is not None else []
    options += [b.value for b in buttons]
    view["me"] = mine
    view["prompts"] = prompts
    view["buttons"] = [_option(b) for b in buttons]
    view["options"] = options
    view["cards"] = cards_of(game, view)
    return view


def _whole(option: Option) -> bool:
    """A button any player taps for the whole table: the wall's count, and "无人抢杠" or "继续"."""
    return option.value == CLOSE or option.value.startswith(WALL)


def _own_answer(game: Game, ask: Ask, player: int) -> str | None:
    for open_ask, answers, _ in game.open_prompts():
        if open_ask is ask and player in answers:
            return answers[player].option
    return None


def host(game: Game, nicknames: dict[str, str]) -> dict[str, Any]:
    """The host screen's view: the public state, and the options the host may enter for any seat — its
    table events and its answers to prompts every screen may read — and the host's own; the buttons any
    player taps for the whole table (the wall, "无人抢杠") are shown once, as the first seat's that has
    them (``table_buttons``)."""
    view = public(game, nicknames)
    options: list[str] = []
    prompts = []
    for ask in game.prompts():
        if ask.shown != "public":
            continue
        for p in game.waiting(ask):
            part = ask.parts[p]
            prefix = "" if p == HOST else f"{PLAYERS[p]} "
            options += [prefix + v for v in part.values()]
            prompts.append(
                {
                    "kind": ask.kind,
                    "card": ask.card or None,
                    "seat": None if p == HOST else PLAYERS[p],
                    "text": ask.text,
                    "options": [{"option": prefix + o.value, "label": o.label} for o in part.options],
                }
            )
    buttons: dict[str, list[dict[str, str]]] = {}
    table: list[dict[str, str]] = []
    if game.idle and game.st.round is not None:
        for p in range(SEATS):
            own = [
                (b, {"option": f"{PLAYERS[p]} {b.value}", "label": b.label})
                for b in event_options(game.st, p)
            ]
            buttons[PLAYERS[p]] = [shown for b, shown in own if not _whole(b)]
            table = table or [shown for b, shown in own if _whole(b)]
            options += [shown["option"] for _, shown in own]
    view["prompts"] = prompts
    view["buttons"] = buttons
    view["table_buttons"] = table
    view["options"] = options
    view["cards"] = cards_of(game, view)
    return view
