"""The 红中 rule set's declaration (spec 003; docs/rulings.md R430–R452).

112 tiles (筒、条、万 and four 红中), thirteen to a hand; 胡 above 碰/杠, no 吃 (可碰可杠、不准吃牌);
a waiting hand pons and kongs no discard (spec 002 术语 十四, R553); one winner per discard, the
first from the discarder in the order of play (无一炮两响); the five basic shapes with eight of a
suit; the deal passes on after every round, sixteen rounds a session (R451).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.groups import STANDARD
from engine.core.ruleset import Call, DealerRotation, OptionValue, RuleSet, TileSet
from engine.core.win import Scored, WinContext
from engine.hongzhong import scoring, settlement
from engine.hongzhong.hand import EIGHT, KINDS, check_tiles, readings
from engine.hongzhong.options import DISCARD_WIN, OPTIONS, chosen


@dataclass(frozen=True)
class HongzhongRules(RuleSet):
    """The 红中 rules: :meth:`may_win` adds 和牌必须够八支 and 可点炮胡 to the basic shapes,
    :meth:`score` is spec 003's 番数计算, :meth:`settle` its 付钱规则 and 报警."""

    def may_win(self, win: WinContext, options: Mapping[str, OptionValue]) -> bool:
        """A pair and four sets holding eight tiles of one suit; on a discard only with 可点炮胡."""
        check_tiles(win)
        if win.discarder is not None and not chosen(options, DISCARD_WIN):
            return False
        return bool(readings(win.concealed, win.melds))

    def score(self, win: WinContext, options: Mapping[str, OptionValue]) -> Scored:
        """底番, 支番, 杠, 嘴子, 全交, 自摸嘴子翻番 and the chosen extras (:mod:`.scoring`)."""
        return scoring.score(win, options)

    def settle(self, win: WinContext, scored: Scored, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """谁点炮谁付钱, 自摸其他3家都付钱, 胡牌赢3家 and 包牌 (:mod:`.settlement`)."""
        return settlement.settle(win, scored, options)


RULES = HongzhongRules(
    name="hongzhong",
    title="红中麻将 (112 张)",
    source="spec 003",
    tiles=TileSet(kinds=KINDS),
    calls=((Call.HU,), (Call.PON, Call.KONG, Call.ADDED_KONG, Call.CONCEALED_KONG)),
    win_forms=(STANDARD,),
    min_suit_tiles=EIGHT,
    session_rounds=16,
    dealer_rotation=DealerRotation.ROTATE,
    winners_per_discard=1,
    waiting_hand_calls=False,
    options=OPTIONS,
    settlement="谁点炮谁付钱（报警另算），自摸其他3家都付钱；包牌者一人付三家",
    notes={
        "红中": "the four 红中 are the set's only honour: they pair, pon and kong among themselves (R430)",
        "八支": "one of 筒、条、万 holds eight tiles of the hand, melds counted, a kong as four (R431)",
        "dealer": "the deal passes to the next seat after every round; 16 rounds a session (R451)",
        "waiting": "a waiting hand (听牌) pons and kongs no discard, as spec 002 术语 十四 says (R553)",
    },
)
"""The rule set the plugin registers."""
