"""The ``standard`` rule set: seed 002's 144 tiles, calls, forms, 81-fan scoring and settlement.

* Tiles (【麻将牌】): four of each of the 34 kinds and the eight flowers, 144 in all.
* Calls (【出牌】 注): 胡 > 碰/杠 > 吃; a kong added to one's pon and a concealed kong are made in
  one's own turn, in the tier of 杠; 吃 only from the upper seat (【出牌】 1); a waiting hand calls
  no discard but hu, and kongs only on its own draw (术语 十四, R553).
* One winner per discard, the first in seat order from the discarder (【和牌的规定】 二 (三)).
* The dealer moves on after every round, won or not (术语 二: 庄家不连庄); a session is four
  圈 of four rounds.
* A win is one of the legal forms with at least ``min_fan`` fan before 花牌 (术语 十五, 起和分;
  R402); its score is the fan total, 花牌 added, capped at 128 in the limited mode (【游戏模式】).
* Settlement (【积分规则】): on a self-drawn win each loser pays base × fan; on a discard the
  discarder alone pays base × fan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import groups
from engine.core.ruleset import Call, DealerRotation, Option, OptionValue, RuleSet, TileSet
from engine.core.win import Scored, WinContext
from engine.standard.count import count
from engine.standard.itemise import score

OPTIONS = (
    Option(
        "limit",
        "limited",
        "limited: a win counts at most 128 fan; unlimited: no cap (spec 002 【游戏模式】)",
        choices=("limited", "unlimited"),
        label="游戏模式",
        choice_labels=("限制模式（总番数不超过128番）", "无限制模式"),
    ),
    Option(
        "min_fan",
        8,
        "起和分: the fan a win needs before 花牌 (spec 002 术语 十五; R402)",
        low=0,
        high=88,
        label="起和分",
    ),
    Option(
        "base",
        1,
        "底分: what one fan is worth in settlement, 1..10 (spec 002 【积分规则】)",
        low=1,
        high=10,
        label="底分",
    ),
)


@dataclass(frozen=True)
class StandardRules(RuleSet):
    """Seed 002's rules: its scoring is :func:`engine.standard.count.count`, its settlement the
    formula of 【积分规则】."""

    def may_win(self, win: WinContext, options: Mapping[str, OptionValue]) -> bool:
        """A legal form with ``min_fan`` fan or more, 花牌 not counted (row 81: 不计在起和分内)."""
        counted = count(win)
        return counted is not None and counted[1] >= int(options.get("min_fan", 8))

    score = staticmethod(score)
    """Each fan the win counts, 花牌 last, capped in the limited mode; a hand in no legal form
    scores nothing (``engine.standard.itemise.score``, called without a frame of this interpreted
    class)."""

    def settle(self, win: WinContext, scored: Scored, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """自摸: each loser pays base × fan, the winner gains three times it; 点和: the discarder
        alone pays base × fan (计分公式 of 【积分规则】 1, 2)."""
        stake = int(options.get("base", 1)) * scored.total
        gains = [0, 0, 0, 0]
        if win.discarder is None:
            for seat in range(4):
                gains[seat] = 3 * stake if seat == win.winner else -stake
        else:
            gains[win.winner] = stake
            gains[win.discarder] = -stake
        return tuple(gains)


STANDARD = StandardRules(
    name="standard",
    title="标准麻将（144 张，81 番）",
    source="spec 002",
    tiles=TileSet(kinds=tuple(range(34)), flowers=tuple(range(34, 42))),
    calls=((Call.HU,), (Call.PON, Call.KONG, Call.ADDED_KONG, Call.CONCEALED_KONG), (Call.CHI,)),
    win_forms=(
        groups.STANDARD,
        groups.SEVEN_PAIRS,
        groups.THIRTEEN_ORPHANS,
        groups.HONOURS_AND_KNITTED,
        groups.KNITTED_STRAIGHT,
    ),
    session_rounds=16,
    dealer_rotation=DealerRotation.ROTATE,
    winners_per_discard=1,
    waiting_hand_calls=False,
    options=OPTIONS,
    settlement="自摸：三家各付 底分×番数；点和：点和者一人付 底分×番数",
    notes={
        "min_fan": "R402: seed 002 names 起和分 without a number; 8, as the official rules",
        "session": "R403: four 圈 of four rounds, the dealer moving every round",
        "waiting": "R553: a waiting hand (听牌) calls no discard but hu; it kongs only on its own draw",
    },
)
"""The declaration the plug-in registers."""
