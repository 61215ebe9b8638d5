"""What the messages of a table of the core's rule sets show of its own (standard rules 出牌 2–3;
issue 14 item 5; R370, R371, R770).

The one message builder (:mod:`tools.console_web.messages`) takes from here what the core's table
has that hextech lacks: :data:`TABLE_FEED`, its part of the public feed (the round, 补花, discards,
calls and kongs — a concealed kong without its tile —, wins with their itemised fan and
settlement, the round's end) with the account of the rounds played and the prevalent wind;
:func:`table_own`, its own facts, the rule set, its options and settlement;
:func:`table_seat`, a seat's own :class:`~engine.core.seat_view.SeatView` (another seat's
concealed kong face down, 出牌 3 (二) "扣放"); :func:`table_public`, the public table (every
concealed kong face down).  The ``"turn"`` of both is the seat holding a tile more than a waiting
hand (it is to discard, R370), never the seat a call is put to, so no screen tells that a seat was
offered a call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import MeldKind
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seat_view import SeatView
from engine.core.seats import PLAYERS
from engine.core.table import Player, Table
from engine.core.tiles import FACES, INSTANCE_KINDS, WINDS, parse_one
from engine.core.tiles import format_tiles as format_hand
from engine.core.tiles import name as tile_name
from tools.console_web.feed import DISCARD, FeedWords, Heard, PublicFeed
from tools.console_web.messages import SeatSight, TableSight

MELD_WORDS = {"chi": "吃", "pon": "碰", "minkan": "明杠", "ankan": "暗杠", "kakan": "加杠"}
"""The Chinese word for each kind of meld."""
FACE_DOWN = MeldKind.ANKAN.value
CALLED = frozenset({MeldKind.CHI.value, MeldKind.PON.value})
"""The calls after which the caller discards without drawing."""


def _letter(player: int | None) -> str:
    return "" if player is None else PLAYERS[player]


def _fan_text(fan: Any) -> str:
    """Itemised fan as ``清一色 24 + 自摸 1×2``."""
    items = [f"{n} {v}" + (f"×{c}" if c > 1 else "") for n, v, c in fan]
    return " + ".join(items) or "-"


def _gains_text(gains: Any) -> str:
    return " ".join(f"{PLAYERS[p]} {g:+d}" for p, g in enumerate(gains) if g)


def _started(feed: PublicFeed, event: Heard) -> None:
    feed.last_discard = feed.called = None
    feed.round = int(str(event.data["number"]))
    feed.marks["prevalent_wind"] = str(event.data["prevalent"])
    feed.account.append(
        {
            "number": feed.round,
            "dealer": _letter(event.player),
            "prevalent_wind": feed.marks["prevalent_wind"],
            "wins": [],
        }
    )


def _melded(feed: PublicFeed, event: Heard) -> None:
    if event.data.get("from"):
        feed.last_discard = None
        feed.called = event.player if event.data.get("kind") in CALLED else None


def _won(feed: PublicFeed, event: Heard) -> None:
    data: Mapping[str, Any] = event.data
    feed.account[-1]["wins"].append(
        {
            "seat": _letter(event.player),
            "from": data["from"],
            "tile": data["tile"],
            "fan": [{"name": n, "value": v, "count": c} for n, v, c in data["fan"]],
            "total": data["total"],
            "gains": dict(zip(PLAYERS, data["gains"], strict=True)),
        }
    )


def _ended(feed: PublicFeed, event: Heard) -> None:
    data: Mapping[str, Any] = event.data
    feed.account[-1].update(drawn=bool(data["drawn"]), gains=dict(zip(PLAYERS, data["gains"], strict=True)))


def _discarded(feed: PublicFeed, event: Heard) -> None:
    feed.last_discard = event.player


def _start_line(event: Heard) -> str:
    wind = tile_name(parse_one(str(event.data["prevalent"])))
    return f"第{event.data['number']}局开始，庄家 {_letter(event.player)}，圈风 {wind}"


def _meld_line(event: Heard) -> str:
    who, kind = _letter(event.player), str(event.data["kind"])
    if kind == FACE_DOWN:
        return f"{who} 暗杠"
    source = f"（{event.data['from']}）" if event.data.get("from") else ""
    return f"{who} {MELD_WORDS.get(kind, kind)} {event.data['tile']}{source}"


def _win_line(event: Heard) -> str:
    data: Mapping[str, Any] = event.data
    how = "自摸" if data["from"] is None else f"{data['from']} 点和"
    return (
        f"{_letter(event.player)} 胡 {data['tile']}（{how}）{data['total']} 番 = {_fan_text(data['fan'])}；"
        f"{_gains_text(data['gains'])}"
    )


def _end_line(event: Heard) -> str:
    ending = "荒牌" if event.data["drawn"] else "本局结束"
    return f"{ending}：{_gains_text(event.data['gains']) or '无人得失'}"


def _shown(feed: PublicFeed) -> dict[str, Any]:
    """The prevalent wind of the round in play and the account of the rounds played (R371)."""
    return {"prevalent_wind": feed.marks.get("prevalent_wind") or None, "account": feed.account}


TABLE_FEED = FeedWords(
    said={
        "round.started": _start_line,
        "flower": lambda event: f"{_letter(event.player)} 补花 {event.data['tile']}",
        "meld": _meld_line,
        "win": _win_line,
        "round.ended": _end_line,
        DISCARD: lambda event: f"{_letter(event.player)} 打出 {FACES[parse_one(str(event.data['tile']))]}",
    },
    marks={
        "round.started": _started,
        "meld": _melded,
        "win": _won,
        "round.ended": _ended,
        DISCARD: _discarded,
    },
    shown=_shown,
)
"""The core table's part of the public feed: its table's public events and its turns' discards."""


def table_own(rules: RuleSet, options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The facts of a table's rule set every screen shows: its name and title, its options' values
    and words, its settlement."""
    return {
        "rules": rules.name,
        "rules_title": rules.title,
        "rule_options": dict(options),
        "rule_words": [option.shown(options[option.name]) for option in rules.options],
        "settlement": rules.settlement,
    }


def _turn(sizes: Sequence[int], hand_size: int) -> str | None:
    """The seat that holds one tile more than a waiting hand: it is to discard (R370)."""
    for p, n in enumerate(sizes):
        if n % 3 == (hand_size + 1) % 3 and n:
            return PLAYERS[p]
    return None


def _melds(shown: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    return [{"kind": kind, "tiles": tiles} for kind, tiles in shown]


def table_seat(view: SeatView, decision: Decision | None, hand_size: int) -> SeatSight:
    """What a seat's own view shows: its hand, the wall, the dealer, whose turn it is, every seat's
    open parts and seat wind, and the tile it drew when its turn comes with a draw."""
    me = view.me
    dealt = any(view.hand_sizes)
    seats = []
    for p in range(len(PLAYERS)):
        shown = [(m.kind.value, [FACES[k] for k in m.tiles]) for m in view.melds[p]]
        if p != me:
            shown += [(FACE_DOWN, [])] * view.concealed_kongs[p]
        seats.append(
            {
                "melds": _melds(shown),
                "river": [FACES[k] for k in view.rivers[p]],
                "flowers": [FACES[k] for k in view.flowers[p]],
                "concealed_count": view.hand_sizes[p],
                "seat_wind": FACES[WINDS[(p - view.dealer) % 4]],
            }
        )
    own = {
        "hand": format_hand(view.hand),
        "wall": view.wall_left if dealt else None,
        "dealer": PLAYERS[view.dealer] if dealt else None,
        "turn": _turn(view.hand_sizes, hand_size) if dealt else None,
    }
    drawn = decision.about if decision is not None and decision.kind is DecisionKind.TURN else None
    return SeatSight(me, own, seats if dealt else [], drawn)


def table_public(table: Table[Player], hand_size: int) -> TableSight:
    """The public table: the wall, the dealer, whose turn it is and each seat's open parts, every
    concealed kong face down."""
    sizes = [len(held.hand) for held in table.players]
    dealt = any(sizes)
    seats = [
        {
            "melds": _melds(
                [
                    (
                        m.meld.kind.value,
                        [] if m.meld.kind is MeldKind.ANKAN else [FACES[k] for k in m.meld.tiles],
                    )
                    for m in held.melds
                ]
            ),
            "river": [FACES[INSTANCE_KINDS[i]] for i in held.river],
            "flowers": [FACES[INSTANCE_KINDS[i]] for i in held.flowers],
            "concealed_count": sizes[p],
            "seat_wind": FACES[table.seat_wind(p)],
        }
        for p, held in enumerate(table.players)
    ]
    own = {
        "wall": len(table.wall) if dealt else None,
        "dealer": PLAYERS[table.dealer] if dealt else None,
        "turn": _turn(sizes, hand_size) if dealt else None,
    }
    return TableSight(own, seats if dealt else [])
