"""The messages the screens of a rule set's table get: a seat's from its own
:class:`~engine.core.seat_view.SeatView`, the host's from the public parts of the table (standard
rules 出牌 2–3; issue 14 item 5; R370, R371).

:func:`rules_seat_message` is the JSON of ``GET /api/seats/{token}`` and of a seat's frames: its
own concealed hand (``"hand"``), every seat's exposed melds, rivers, flowers and concealed-tile
counts, another seat's concealed kong face down (出牌 3 (二) "扣放"), the decision put to this seat
if any.  :func:`rules_host_message` is the JSON of ``GET /api/tables/{ID}`` and of the host's
frames: the same public parts for every seat, no concealed hand and no decision.  The ``"turn"``
of both is the seat holding a tile more than a waiting hand (it is to discard, R370), never the
seat a call is put to, so no screen tells that a seat was offered a call.

:class:`RulesFeed` is a sink of the table's events and of the turns' answers that writes each as a
line of public fields only (the round, 补花, discards, calls and kongs — a concealed kong without
its tile —, wins with their itemised fan and settlement, the round's end), and keeps the account of
the rounds played (R371).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import MeldKind
from engine.core.seat_view import SeatView
from engine.core.seats import PLAYERS
from engine.core.table import Table
from engine.core.tiles import FACES, WINDS, format_tiles, parse_one
from engine.core.tiles import name as tile_name
from tools.console_web.messages import asked

FEED_SHOWN = 30
"""How many of the latest feed lines a message carries."""
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


@dataclass
class RulesFeed:
    """The public feed and the account of the rounds of one session."""

    round: int = 0
    prevalent: str = ""
    lines: list[str] = field(default_factory=list)
    account: list[dict[str, Any]] = field(default_factory=list)
    """Each round played so far: its number, dealer, prevalent wind, wins, whether drawn, gains."""
    last_discard: int | None = None
    """The seat whose discard is the latest and still lies in its river (none once called)."""
    called: int | None = None
    """The seat that has just called a discard and is to discard without a draw (no drawn tile)."""

    def event(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A table sink: the public events as lines."""
        who = _letter(player)
        if name == "meld" and data.get("from"):
            self.last_discard = None
            self.called = player if data.get("kind") in CALLED else None
        if name == "round.started":
            self.last_discard = self.called = None
            self.round = int(data["number"])
            self.prevalent = str(data["prevalent"])
            self.account.append(
                {"number": self.round, "dealer": who, "prevalent_wind": self.prevalent, "wins": []}
            )
            wind = tile_name(parse_one(self.prevalent))
            self.lines.append(f"第{self.round}局开始，庄家 {who}，圈风 {wind}")
        elif name == "flower":
            self.lines.append(f"{who} 补花 {data['tile']}")
        elif name == "meld":
            kind = str(data["kind"])
            if kind == FACE_DOWN:
                self.lines.append(f"{who} 暗杠")
            else:
                source = f"（{data['from']}）" if data.get("from") else ""
                self.lines.append(f"{who} {MELD_WORDS.get(kind, kind)} {data['tile']}{source}")
        elif name == "win":
            self._win(who, data)
        elif name == "round.ended":
            record = self.account[-1]
            record.update(drawn=bool(data["drawn"]), gains=dict(zip(PLAYERS, data["gains"], strict=True)))
            ending = "荒牌" if data["drawn"] else "本局结束"
            self.lines.append(f"{ending}：{_gains_text(data['gains']) or '无人得失'}")

    def _win(self, who: str, data: Mapping[str, Any]) -> None:
        how = "自摸" if data["from"] is None else f"{data['from']} 点和"
        self.account[-1]["wins"].append(
            {
                "seat": who,
                "from": data["from"],
                "tile": data["tile"],
                "fan": [{"name": n, "value": v, "count": c} for n, v, c in data["fan"]],
                "total": data["total"],
                "gains": dict(zip(PLAYERS, data["gains"], strict=True)),
            }
        )
        self.lines.append(
            f"{who} 胡 {data['tile']}（{how}）{data['total']} 番 = {_fan_text(data['fan'])}；"
            f"{_gains_text(data['gains'])}"
        )

    def turn_answer(self, player: int, answer: str) -> None:
        """A turn's answer: a discard lies open in the river (出牌 2); kongs and wins are events."""
        verb, _, face = answer.partition(" ")
        self.called = None
        if verb == "discard":
            self.last_discard = player
            self.lines.append(f"{PLAYERS[player]} 打出 {FACES[parse_one(face)]}")


def _melds(shown: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    return [{"kind": kind, "tiles": tiles} for kind, tiles in shown]


def _turn(sizes: tuple[int, ...] | list[int], hand_size: int) -> str | None:
    """The seat that holds one tile more than a waiting hand: it is to discard (R370)."""
    for p, n in enumerate(sizes):
        if n % 3 == (hand_size + 1) % 3 and n:
            return PLAYERS[p]
    return None


SEATS_ONLY = frozenset({"nicknames", "bots", "scores", "hand_size"})
"""The facts a message gives seat by seat rather than as they are."""


def _common(facts: Mapping[str, Any], feed: RulesFeed) -> dict[str, Any]:
    return {
        **{key: value for key, value in facts.items() if key not in SEATS_ONLY},
        "round": feed.round,
        "prevalent_wind": feed.prevalent or None,
        "last_discard": _letter(feed.last_discard) or None,
        "feed": feed.lines[-FEED_SHOWN:],
        "account": feed.account,
    }


def _seat(facts: Mapping[str, Any], p: int) -> dict[str, Any]:
    letter = PLAYERS[p]
    return {
        "nickname": facts["nicknames"][letter],
        "bot": letter in facts["bots"],
        "score": facts["scores"][p],
    }


def rules_seat_message(
    view: SeatView, decision: Decision | None, facts: Mapping[str, Any], feed: RulesFeed, answered: int = 0
) -> dict[str, Any]:
    """A seat's message from its own view: its hand, the open table, its decision (``"options"``
    empty when the decision at hand is not this seat's), how many it has answered this session."""
    me = view.me
    dealt = any(view.hand_sizes)
    seats: dict[str, Any] = {}
    for p in range(4):
        seat = _seat(facts, p)
        if dealt:
            shown = [(m.kind.value, [FACES[k] for k in m.tiles]) for m in view.melds[p]]
            if p != me:
                shown += [(FACE_DOWN, [])] * view.concealed_kongs[p]
            seat.update(
                melds=_melds(shown),
                river=[FACES[k] for k in view.rivers[p]],
                flowers=[FACES[k] for k in view.flowers[p]],
                concealed_count=view.hand_sizes[p],
                seat_wind=FACES[WINDS[(p - view.dealer) % 4]],
            )
        seats[PLAYERS[p]] = seat
    mine = decision is not None and decision.player == me
    turn = mine and decision is not None and decision.kind is DecisionKind.TURN
    return {
        **_common(facts, feed),
        "seat": PLAYERS[me],
        "nickname": facts["nicknames"][PLAYERS[me]],
        "hand": format_tiles(view.hand),
        "drawn": decision.about if turn and decision is not None and feed.called != me else None,
        "wall": view.wall_left if dealt else None,
        "dealer": PLAYERS[view.dealer] if dealt else None,
        "turn": _turn(view.hand_sizes, facts["hand_size"]) if dealt else None,
        **asked(decision, mine, answered),
        "seats": seats,
    }


def rules_host_message(
    table: Table, facts: Mapping[str, Any], feed: RulesFeed, links: Mapping[str, str]
) -> dict[str, Any]:
    """The host's message: the public table (every concealed kong face down), the shared facts and
    each person's seat's join link."""
    sizes = [len(s.hand) for s in table.seats]
    dealt = any(sizes)
    seats: dict[str, Any] = {}
    for p, held in enumerate(table.seats):
        seat = _seat(facts, p)
        if dealt:
            shown = [
                (m.kind.value, [] if m.kind is MeldKind.ANKAN else [FACES[k] for k in m.tiles])
                for m in held.melds
            ]
            seat.update(
                melds=_melds(shown),
                river=[FACES[k] for k in held.river],
                flowers=[FACES[k] for k in held.flowers],
                concealed_count=sizes[p],
                seat_wind=FACES[table.seat_wind(p)],
            )
        seats[PLAYERS[p]] = seat
    return {
        **_common(facts, feed),
        "wall": len(table.wall) if dealt else None,
        "dealer": PLAYERS[table.dealer] if dealt else None,
        "turn": _turn(sizes, facts["hand_size"]) if dealt else None,
        "seats": seats,
        "links": dict(links),
    }
