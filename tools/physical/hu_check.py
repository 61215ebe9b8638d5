"""A hand checked before it is entered at a real table (issue 31 item 4): the hu picker on a phone or the
host screen sends the hand it is building, and the console says, in Chinese, what is wrong with it — what
``hexmj score`` refuses (a tile count, a fifth copy, a special win against its way, §13.10), what the
table refuses (a discarder not in the round, a wall count above the last one told, §10), a hand that is
no hu, a contract that stands in the way (§9.6) — or what it scores and what the winner will be asked
first (R607, R606, P-17).  Nothing is entered or counted (R629).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import HexError, InputError
from engine.core.melds import Meld
from engine.core.seats import PLAYERS
from engine.core.tiles import TileSyntaxError, is_flower, name, parse
from engine.hextech.score_items import SPECIAL_WIN_NEEDS
from engine.hextech.state import ContractStatus
from tools.cmd_score import ScoreRequest
from tools.physical.buttons import event_options
from tools.physical.game import Game
from tools.physical.state import TableState
from tools.physical.wins import (
    WALL_MOST,
    Claim,
    buffer,
    may_be_legal,
    needs_kept,
    parse_claim,
    request_of,
    score,
    tracked,
)

NOT_COMPLETE = "not a complete hand"
"""The scorer's reason for a hand no reading makes whole (:func:`engine.hextech.scoring.score_win`)."""
COPIES = 4
"""Copies of each face in the 144-tile set."""
MOST_MELDS = 4
FLAGS = {
    "kong_replacement": "杠上开花",
    "robbing_kong": "抢杠胡",
    "last_tile": "海底捞月",
    "last_discard": "河底捞鱼",
    "heavenly": "天胡",
    "earthly": "地胡",
}
"""The special wins (§13.10) in the rulebook's words."""
MELD_WORDS = {"chi": "吃", "pon": "碰", "minkan": "明杠", "ankan": "暗杠", "kakan": "加杠"}
CONFIRM = "提交后会先问你：胡牌前契约已经完成了吗？"
KEPT = "提交后会先问你：至少2张已公开的牌仍用于组成面子或将牌吗？"
WHOLE = "这手牌组不成胡牌：需要四组面子加一对将，或卡牌允许的其他牌型（§13.11）"


@dataclass(frozen=True)
class Verdict:
    """What the console says of a hand: whether it may be entered, what is wrong with it, what it
    scores as the table stands now, and what the winner will be asked before it is scored."""

    ok: bool
    problem: str = ""
    total: int | None = None
    items: tuple[dict[str, Any], ...] = ()
    asks: tuple[str, ...] = ()

    def json(self) -> dict[str, Any]:
        """As the API answers it: ``{"ok", "problem", "total", "items", "asks"}``."""
        return {
            "ok": self.ok,
            "problem": self.problem,
            "total": self.total,
            "items": list(self.items),
            "asks": list(self.asks),
        }


def check(game: Game, player: int, data: Mapping[str, Any]) -> Verdict:
    """Check ``player``'s hu as it would be entered (``data``: ``hand``, ``from``, ``wall``).  A body
    that is no such entry at all (a field of the wrong type, a tile string that does not parse) is an
    :class:`InputError` naming the field; everything else is the verdict's ``problem``."""
    st = game.st
    closed = _closed(game, player)
    if closed:
        return Verdict(False, closed)
    request = request_of(data.get("hand"))
    concealed = _tiles("hand.concealed", request.concealed)
    problem = (
        _hand_problem(request, concealed)
        or _way_problem(st, player, request, data.get("from"))
        or _wall_problem(st, data.get("wall"))
    )
    if problem:
        return Verdict(False, problem)
    try:
        claim = parse_claim(st, player, data)
    except HexError as err:
        return Verdict(False, f"录入有误：{err}")
    order = len(st.rnd.wins) + 1
    if not may_be_legal(st, player, claim, order):
        return Verdict(False, _refusal(st, player, claim, order))
    result = score(st, player, claim, order, 0)
    items = tuple({"name": i.name, "points": i.points, "capped": bool(i.capped_by)} for i in result.items)
    if not result.legal:
        return Verdict(True, asks=_asks(st, player, claim, legal=False))
    return Verdict(True, "", result.total, items, _asks(st, player, claim, legal=True))


def _closed(game: Game, player: int) -> str:
    """Why no hu can be entered for ``player`` now, or ``""``."""
    st = game.st
    if st.round is None or st.rnd.over:
        return "现在没有进行中的一局，不能录入胡牌"
    if not st.in_game(player):
        return f"{PLAYERS[player]} 本局已经胡牌离场"
    if not game.idle or "hu" not in {o.value for o in event_options(st, player)}:
        return "请先回答桌上正在等待的选择，再录入胡牌"
    return ""


def _tiles(field: str, text: str) -> list[int]:
    try:
        return parse(text)
    except TileSyntaxError as err:
        raise InputError(f"{field}: {err}") from None


def _hand_problem(request: ScoreRequest, concealed: list[int]) -> str:
    """What ``hexmj score`` would refuse in the tiles: the melds, the count (the winning tile among the
    concealed ones), the winning tile, a fifth copy, a flower twice."""
    melds: list[Meld] = []
    for index, text in enumerate(request.melds, start=1):
        try:
            melds.append(Meld.parse(text))
        except InputError:
            return f"第{index}组副露不是吃、碰或杠"
    flowers = _tiles("hand.flowers", request.flowers)
    win = _tiles("hand.win_tile", request.win_tile)
    if any(is_flower(k) for k in [*concealed, *win]) or any(not is_flower(k) for k in flowers):
        raise InputError("hand.flowers: flowers are listed in 'flowers' alone")
    if len(melds) > MOST_MELDS:
        return f"副露最多{MOST_MELDS}组"
    need, have = 14 - 3 * len(melds), len(concealed)
    if not win and have == need - 1:
        return "请选择胡的牌"
    if have != need:
        short = f"还差{need - have}张" if have < need else f"多了{have - need}张"
        return f"手牌连同胡的牌共{have}张，有{len(melds)}组副露时应为{need}张：{short}"
    if len(win) != 1 or win[0] not in concealed:
        return "请选择胡的牌" if not win else "胡的牌要算在手牌之中"
    held = Counter(concealed) + Counter(t for meld in melds for t in meld.tiles)
    over = sorted(k for k, n in held.items() if n > COPIES)
    if over:
        return f"{name(over[0])}共{held[over[0]]}张，一副牌每种只有{COPIES}张"
    if len(set(flowers)) != len(flowers):
        return "每种花牌只有1张"
    return ""


def _way_problem(st: TableState, player: int, request: ScoreRequest, source: object) -> str:
    """How the hand was won: whose discard (§12), and the special wins that fit it (§13.10)."""
    self_drawn = request.win_by != "ron"
    if self_drawn and source is not None:
        return "自摸不用选择放铳的玩家"
    if not self_drawn:
        if not isinstance(source, str) or source not in PLAYERS:
            return "请选择打出这张牌（或加杠）的玩家"
        discarder = PLAYERS.index(source)
        if discarder == player or not st.in_game(discarder):
            return f"{source} 不是仍在本局中的其他玩家"
    flags = set(request.flags)
    for flag in sorted(flags):
        if (SPECIAL_WIN_NEEDS[flag] == "ron") == self_drawn:
            way = "胡别人打出或加杠的牌" if self_drawn else "自摸"
            return f"{FLAGS[flag]}只能是{way}"
    if {"heavenly", "earthly"} <= flags:
        return "天胡和地胡不能同时成立"
    if flags & {"heavenly", "earthly"} and request.melds:
        return "天胡、地胡没有副露（§13.10）"
    if "heavenly" in flags and st.rnd.wins:
        return "天胡只能是本局第一位胡牌"
    return ""


def _wall_problem(st: TableState, wall: object) -> str:
    """The wall's drawable count told with the win (§18.3): a whole number no more than the last one."""
    if not isinstance(wall, int) or isinstance(wall, bool):
        return "请填写牌墙余量：牌墙中还能摸的牌数"
    if not 0 <= wall <= WALL_MOST:
        return f"牌墙余量应在0到{WALL_MOST}之间"
    if wall > st.rnd.drawable:
        return f"牌墙余量不能多于上次告知的{st.rnd.drawable}张"
    return ""


def _refusal(st: TableState, player: int, claim: Claim, order: int) -> str:
    """Why a hand that is well formed is no legal hu even after what the console would ask: no whole
    reading, or the contract (§9.6): a call it forbids, failed, or not completed."""
    if score(st, player, claim, order, 3).reason == NOT_COMPLETE:
        return WHOLE
    held = st.rnd.players[player]
    contract = held.contract or ""
    terms = st.pool.card(contract).contract
    named = f"契约「{st.pool.texts[contract].name}」"
    melds = [Meld.parse(text) for text in claim.request.melds]
    forbidden = sorted({m.kind.value for m in melds if terms is not None and terms.forbids(m.kind)})
    if forbidden:
        word = MELD_WORDS[forbidden[0]]
        return f"{named}禁止{word}，这手牌却有{word}的副露（§9）"
    if held.status is ContractStatus.FAILED:
        return f"{named}已经失败，不能胡牌（§9.6）"
    return f"{named}尚未完成，不能胡牌（§9.6）：{st.pool.texts[contract].field('卡面正文')}"


def _asks(st: TableState, player: int, claim: Claim, legal: bool) -> tuple[str, ...]:
    """What the console asks the winner before the win is scored."""
    held = st.rnd.players[player]
    terms = st.pool.card(held.contract).contract if held.contract else None
    special = {"heavenly", "earthly"} & set(claim.request.flags)
    asks = []
    if tracked(st, held.contract) and held.status is ContractStatus.OPEN and not special:
        asks.append(CONFIRM)
    if needs_kept(terms):
        asks.append(KEPT)
    augment = buffer(st, player)
    if not legal and augment is not None:
        asks.append(f"提交后可以使用「{st.pool.texts[augment[0]].name}」放弃契约并胡牌")
    return tuple(asks)
