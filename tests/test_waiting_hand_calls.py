"""A waiting hand may not call (spec 002 术语 十四: "听牌不能吃、碰、杠对方的牌（自己抓牌可杠）"), in the
standard rule set and in 红中, which takes it from spec 002 (R553; issue 32 item 4).

A seat is waiting when one tile completes its hand in one of the rule set's win forms, whatever
that hand would score.  The response window offers it ``hu`` or nothing on a discard; its own turn
still offers the concealed and added kongs of its draw.  A seat that is not waiting is offered the
same call (the control).
"""

from __future__ import annotations

import pytest
from table_support import answered, arranged, core_table, deal_table, kinds

from engine.agents.roster import make_bots
from engine.core import registry
from engine.core.decisions import Decision, DecisionKind
from engine.core.flow import Next, turn
from engine.core.responses import response_options, waiting
from engine.core.ruleset import RuleSet
from engine.core.session import drive
from engine.core.table import Player, Table
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import parse_one

STANDARD = registry.ruleset("standard")
HONGZHONG = registry.ruleset("hongzhong")

WAITING_B = "345m888m99m333p44p"
"""The seat of the report: 9m or 4p completes it (对倒), so it is waiting."""
NOT_WAITING_B = "345m888m9m1p333p47p"
"""The same 888m and 345m, two tiles from complete: not waiting."""
A_HAND = "1m2m6m7m1s4s7s2p5p7p2s5s8s"
"""The dealer's thirteen, its fourteenth (the discard) added by each test."""
OTHERS = ["1p2p5p6p8p9p1s2s3s4s6s9s9p", "1p2p5p6p8p1s2s3s5s6s7s8s9s"]
"""C and D: no two tiles of a face A discards."""


def dealt(rules: RuleSet, hands: list[str], draws: str = "", tail: str = "") -> Table[Player]:
    table = core_table(rules, rules.resolve_options([]), arranged(rules, [*hands, *OTHERS], draws, tail))
    assert deal_table(table)
    return table


def first_turn(table: Table[Player]) -> Next:
    return Next(0, kinds(table.players[0].hand)[-1])


@pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])
def test_a_waiting_seat_is_offered_no_pon_or_kong_on_a_discard_term_14(rules: RuleSet) -> None:
    """术语 十四 "听牌不能吃、碰、杠对方的牌": B waits on 9m or 4p and holds 888m; A's 8m offers it
    nothing, so it is not asked, and the turn passes on."""
    table = dealt(rules, [A_HAND + "8m", WAITING_B])
    assert waiting(table, 1, table.players[1].counts())
    assert response_options(table, 1, 0, parse_one("8m"), rob=False) == ("pass",)
    following, asked = answered(turn(table, first_turn(table)), ["discard 8m"])
    assert [d.player for d in asked] == [0]
    assert following == Next(1)
    assert table.players[1].melds == []


@pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])
def test_a_seat_not_waiting_is_offered_the_pon_and_the_kong_control(rules: RuleSet) -> None:
    """The control: with 888m and a hand two tiles from complete, B is asked and may kong A's 8m."""
    table = dealt(rules, [A_HAND + "8m", NOT_WAITING_B], tail="6p")
    assert not waiting(table, 1, table.players[1].counts())
    assert response_options(table, 1, 0, parse_one("8m"), rob=False) == ("pass", "pon", "kong")
    following, asked = answered(turn(table, first_turn(table)), ["discard 8m", "kong"])
    assert (asked[1].kind, asked[1].player) == (DecisionKind.CALL, 1)
    assert following == Next(1, parse_one("6p"), after_kong=True)


def test_a_waiting_seat_is_offered_no_chi_standard_term_14() -> None:
    """ "不能吃": B, A's 下家, holds 4m 5m and waits on 9m or 4p; A's 6m offers it no chi.  Two tiles
    from complete, it is offered the chi (the control)."""
    table = dealt(STANDARD, [A_HAND + "6m", WAITING_B])
    assert response_options(table, 1, 0, parse_one("6m"), rob=False) == ("pass",)
    control = dealt(STANDARD, [A_HAND + "6m", NOT_WAITING_B])
    assert response_options(control, 1, 0, parse_one("6m"), rob=False) == ("pass", "chi 456m")


def test_a_waiting_seat_may_still_win_on_the_discard_term_14() -> None:
    """The bar is on 吃、碰、杠 alone: a waiting hand's hu on a discard is offered as ever (红中 with
    可点炮胡, B waiting on 红中 or 9m with eight 万)."""
    hands = [A_HAND.replace("2p5p", "7z5p"), "123m456m888m99m77z"]
    table = dealt(HONGZHONG, hands)
    assert response_options(table, 1, 0, parse_one("7z"), rob=False) == ("pass", "hu")


@pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])
def test_a_waiting_seat_may_kong_its_own_draw_term_14(rules: RuleSet) -> None:
    """ "（自己抓牌可杠）": B waits on 9m or 4p and holds 888m; it draws the fourth 8m and is offered the
    concealed kong, which stands and is replaced from the tail."""
    table = dealt(rules, [A_HAND + "2m", WAITING_B], draws="8m", tail="6p")
    following, asked = answered(turn(table, first_turn(table)), ["discard 2m"])
    assert following == Next(1)
    _, asked = answered(turn(table, following), ["ankan 8m", "discard 6p"])
    assert "ankan 8m" in asked[0].options
    assert asked[1].about == "6p"


def _claims(decision: Decision) -> bool:
    return any(option != "pass" and option != "hu" for option in decision.options)


@pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])
def test_bots_play_whole_sessions_in_which_no_waiting_seat_is_asked_to_call_term_14(rules: RuleSet) -> None:
    """Every call decision of four greedy bots over two sessions: a seat offered chi, pon or kong on
    a discard is never waiting, and calls are offered (the rule takes some away, not all)."""
    offered = 0
    for seed in (1, 2):
        session = TableSession(TableConfig(rules, rules.resolve_options([]), seed, rounds=4))

        def check(decision: Decision, answer: str, session: TableSession = session) -> None:
            nonlocal offered
            if decision.kind is DecisionKind.CALL and _claims(decision):
                offered += 1
                seat = session.table.players[decision.player]
                assert not waiting(session.table, decision.player, seat.counts()), decision.describe()

        drive(session, make_bots(["greedy"] * 4, seed), on_answer=check)
    assert offered > 0
