"""The table any rule set plays, passage by passage of the standard rules (seed 002): the response
window's priority and seat order, kongs and their replacement, 补花, 荒牌, chi from the upper seat
(issue 14 item 1).  The rule set is ``tiny``, defined only in the tests and installed as a third
party's (``tests/table_support.py``); a variant with flowers and chi is the same class with other
declarations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from table_support import answered, arranged, core_table, deal_table, installed_tiny, kinds, unused

from engine.core.decisions import Decision, DecisionKind, put
from engine.core.flow import Ended, Next, own_turn, run_round, turn
from engine.core.melds import HONOUR_RUNS, Meld, MeldKind
from engine.core.responses import CHI_RUNS, call_answers, chi_runs, resolve, response_options
from engine.core.ruleset import Call, DealerRotation, RuleSet, TileSet
from engine.core.seat_view import SeatView
from engine.core.session import drive
from engine.core.table import Player, Table, TableMeld
from engine.core.table_session import TableConfig, TableSession, next_dealer
from engine.core.tiles import instances_of, parse, parse_one
from engine.core.wall import Wall

OPTIONS = {"self_draw_only": False}


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleSet]:
    """The test-only rule set ``tiny``, installed as a third party's."""
    yield from installed_tiny(tmp_path / "plugins", monkeypatch)


@pytest.fixture
def chi_rules(tiny: RuleSet) -> RuleSet:
    """``tiny`` with the 144 tiles and the standard call tiers: 胡 > 碰/杠 > 吃."""
    return dataclasses.replace(
        tiny,
        tiles=TileSet(tuple(range(34)), tuple(range(34, 42))),
        calls=((Call.HU,), (Call.PON, Call.KONG), (Call.CHI,)),
    )


def dealt(rules: RuleSet, hands: list[str], draws: str = "", tail: str = "", **options: Any) -> Table[Player]:
    table = core_table(rules, {**OPTIONS, **options}, arranged(rules, hands, draws, tail))
    assert deal_table(table)
    return table


def first_turn(table: Table[Player]) -> Next:
    return Next(0, kinds(table.players[0].hand)[-1])


def melds(table: Table[Player], p: int) -> list[Meld]:
    return [m.meld for m in table.players[p].melds]


PON_OVER_CHI = ["147p147s1234567z3m", "45m258p258s12345z", "33m369p369s1234z6z", "1199m2288p2288s7z"]


def test_pon_beats_chi_on_one_discard(chi_rules: RuleSet) -> None:
    """出牌 注 "胡>碰/杠>吃" and 出牌 2 "“碰”比“吃”优先": B chis and C pons A's 3m; the pon stands."""
    table = dealt(chi_rules, PON_OVER_CHI)
    following, asked = answered(turn(table, first_turn(table)), ["discard 3m", "chi 345m", "pon"])
    assert [(d.kind, d.player, d.options) for d in asked[1:]] == [
        (DecisionKind.CALL, 1, ("pass", "chi 345m")),
        (DecisionKind.CALL, 2, ("pass", "pon")),
    ]
    assert following == Next(2, parse_one("3m"), called=True)
    assert melds(table, 2) == [Meld(MeldKind.PON, tuple(parse("333m")))]
    assert [m.from_player for m in table.players[2].melds] == [0]
    assert melds(table, 1) == [] and table.players[0].river == []
    assert table.accounted()


def test_the_chi_stands_when_the_pon_is_passed(chi_rules: RuleSet) -> None:
    """Control: with C passing, B's chi of its upper seat's 3m stands (出牌 1)."""
    table = dealt(chi_rules, PON_OVER_CHI)
    following, _ = answered(turn(table, first_turn(table)), ["discard 3m", "chi 345m", "pass"])
    assert following == Next(1, parse_one("3m"), called=True)
    assert melds(table, 1) == [Meld(MeldKind.CHI, tuple(parse("345m")))]


def test_after_a_call_only_a_discard_is_offered(chi_rules: RuleSet) -> None:
    """R473: the caller of a pon or chi discards next; no hu, no kong in that turn."""
    table = dealt(chi_rules, PON_OVER_CHI)
    following, _ = answered(turn(table, first_turn(table)), ["discard 3m", "chi 345m", "pass"])
    _, asked = answered(turn(table, following), ["discard 5z"])
    assert all(option.startswith("discard ") for option in asked[0].options)


def test_chi_only_from_the_upper_seat(chi_rules: RuleSet) -> None:
    """出牌 1 "上家打出牌…便可以报吃": C holds 45m as B does, but A is not C's upper seat."""
    hands = ["147p147s1234567z3m", "45m258p258s12345z", "45m369p369s1234z6z", "1199m2288p2288s7z"]
    table = dealt(chi_rules, hands)
    face = parse_one("3m")
    assert response_options(table, 1, 0, face, rob=False) == ("pass", "chi 345m")
    assert response_options(table, 2, 0, face, rob=False) == ("pass",)
    anywhere = dealt(dataclasses.replace(chi_rules, chi_from_upper_seat_only=False), hands)
    assert response_options(anywhere, 2, 0, face, rob=False) == ("pass", "chi 345m")


def test_a_rule_set_without_chi_offers_none(tiny: RuleSet) -> None:
    """The calls are the rule set's declaration: ``tiny`` has no chi tier, so B has no chi of 3m."""
    table = dealt(tiny, PON_OVER_CHI)
    assert response_options(table, 1, 0, parse_one("3m"), rob=False) == ("pass",)
    assert response_options(table, 2, 0, parse_one("3m"), rob=False) == ("pass", "pon")


TWO_HU = ["147m9m258s123456z5p", "123m456m789m123p5p", "369m369p369s6777z", "123s456s789s234p5p"]


def test_two_claim_hu_and_the_nearer_seat_from_the_discarder_wins(tiny: RuleSet) -> None:
    """和牌的规定 二 (三) "一盘只能有一位和牌者…从打牌者按逆时针方向，顺序在前者被定为“和牌者”":
    B and D both hu A's 5p; B, A's 下家, is the winner, and only A pays it."""
    table = dealt(tiny, TWO_HU)
    ended, asked = answered(turn(table, first_turn(table)), ["discard 5p", "hu", "hu"])
    assert [(d.player, d.options) for d in asked[1:]] == [(1, ("pass", "hu")), (3, ("pass", "hu"))]
    assert isinstance(ended, Ended)
    assert [(w.winner, w.discarder) for w in ended.wins] == [(1, 0)]
    assert ended.wins[0].gains == (-1, 1, 0, 0)


def test_a_passed_hu_leaves_the_next_claim_standing(tiny: RuleSet) -> None:
    """Control: B passes, so D, the next in order from A, is the winner."""
    table = dealt(tiny, TWO_HU)
    ended, _ = answered(turn(table, first_turn(table)), ["discard 5p", "pass", "hu"])
    assert isinstance(ended, Ended) and [w.winner for w in ended.wins] == [3]


def test_winners_per_discard_lets_more_claims_of_hu_stand(tiny: RuleSet) -> None:
    """A rule set declaring two winners a discard: both claims stand, in order from the discarder."""
    table = dealt(dataclasses.replace(tiny, winners_per_discard=2), TWO_HU)
    ended, _ = answered(turn(table, first_turn(table)), ["discard 5p", "hu", "hu"])
    assert isinstance(ended, Ended) and [w.winner for w in ended.wins] == [1, 3]
    assert ended.wins[0].context.earthly and not ended.wins[0].context.self_drawn


def test_resolve_reads_the_tiers_as_data(tiny: RuleSet) -> None:
    """The highest tier claimed wins whatever the seats: reversing the tiers reverses the outcome."""
    answers = {1: "pon", 2: "hu"}
    assert resolve(tiny.claim_tiers(), answers) == [2]
    upside_down = dataclasses.replace(tiny, calls=((Call.PON, Call.KONG), (Call.HU,)))
    assert resolve(upside_down.claim_tiers(), answers) == [1]
    assert resolve(tiny.claim_tiers(), {1: "pass", 3: "pass"}) == []


def test_resolve_ranks_a_tier_by_the_order_the_seats_were_asked(tiny: RuleSet) -> None:
    """和牌的规定 二 (三) "从打牌者按逆时针方向": of two pons the one asked first stands, whichever
    seat it is (the order a rule set whose seats move gives), and a hu tier keeps its
    ``winners_per_discard`` first claims."""
    assert resolve(tiny.claim_tiers(), {3: "pon", 1: "pon"}) == [3]
    assert resolve(tiny.claim_tiers(), {1: "pon", 3: "pon"}) == [1]
    three = dataclasses.replace(tiny, winners_per_discard=3)
    assert resolve(three.claim_tiers(), {2: "hu", 3: "pass", 1: "hu"}) == [2, 1]
    assert resolve(tiny.claim_tiers(), {2: "hu", 3: "pass", 1: "hu"}) == [2]


def test_call_answers_asks_the_rule_sets_hook_once_for_each_call_the_hand_allows() -> None:
    """The hook a rule set's cards permit or forbid a claim by: holding 33m45m, a 3m allows pon and
    chi 345m; the hook is asked of those two only (no kong of two held), and what it forbids is
    not offered.  Three held make no kong once the wall is empty (出牌 3: no tile to replace it)."""
    held = [0] * 34
    for k in parse("3345m"):
        held[k] += 1
    calls = frozenset(Call)
    asked: list[Call] = []

    def no_pon(call: Call) -> bool:
        asked.append(call)
        return call is not Call.PON

    face, wall = parse_one("3m"), Wall(parse("9p"))
    assert call_answers(held, face, calls, wall) == ["pon", "chi 345m"]
    assert call_answers(held, face, calls, wall, may=no_pon) == ["chi 345m"]
    assert asked == [Call.PON, Call.CHI]
    assert call_answers(held, face, calls - {Call.CHI}, wall) == ["pon"]
    assert call_answers([0, 0, 3, *[0] * 31], face, calls, Wall([])) == ["pon"]


def test_chi_runs_take_the_honour_chows_a_rule_set_adds() -> None:
    """出牌 1 knows number runs alone: no chi through 南 by default; a rule set that counts 东南西
    and 南西北 as chows (lib P-01) gets them through 南, lowest first."""
    south = parse_one("2z")
    assert CHI_RUNS[south] == ()
    assert [text for text, _, _ in chi_runs(HONOUR_RUNS)[south]] == ["chi 123z", "chi 234z"]
    assert chi_runs(HONOUR_RUNS)[parse_one("4m")] == CHI_RUNS[parse_one("4m")]


class ScriptedTurn:
    """An ``OwnTurn`` of a rule set of the tests: its answers given, each hook call recorded."""

    def __init__(self, answers: list[str], *, robbed: bool) -> None:
        self.answers = answers
        self.robbed = robbed
        self.heard: list[str] = []

    def choose(self) -> Generator[Decision, str, str]:
        yield from ()
        return self.answers.pop(0)

    def win(self) -> Generator[Decision, str, str]:
        yield from ()
        return "won"

    def discard(self, face: int) -> Generator[Decision, str, str]:
        yield from ()
        self.heard.append(f"discard {face}")
        return "discarded"

    def kong(self, added: bool, face: int) -> Generator[Decision, str, bool]:
        yield from ()
        self.heard.append(f"{'kakan' if added else 'ankan'} {face}")
        return not self.robbed

    def ended(self) -> str:
        return "robbed"


def test_the_turn_loop_is_one_for_every_rule_set() -> None:
    """出牌 3: a kong that stands is replaced and the player chooses again; the discard then ends
    the turn; a robbed kong ends it at once (what follows is the rule set's ``ended``)."""
    standing = ScriptedTurn(["ankan 1z", "kakan 5m", "discard 3p"], robbed=False)
    assert answered(own_turn(standing), [])[0] == "discarded"
    assert standing.heard == [
        f"ankan {parse_one('1z')}",
        f"kakan {parse_one('5m')}",
        f"discard {parse_one('3p')}",
    ]
    robbed = ScriptedTurn(["kakan 5m", "discard 3p"], robbed=True)
    assert answered(own_turn(robbed), [])[0] == "robbed"
    assert robbed.heard == [f"kakan {parse_one('5m')}"]
    assert answered(own_turn(ScriptedTurn(["hu"], robbed=False)), [])[0] == "won"


class ScriptedRound:
    """A ``RoundSide`` of a rule set of the tests: ``turns`` players take a turn each, the opening
    and each turn put one decision, and every step is recorded."""

    def __init__(self, turns: list[int] | None) -> None:
        self.turns = turns
        self.heard: list[str] = []

    def open_round(self) -> Generator[Decision, str, int | None]:
        self.heard.append("open " + (yield put(DecisionKind.CHOOSE, 0, ("deal", "abort"))))
        if self.turns is None:
            return None
        return self.turns.pop(0)

    def play_turn(self, at: int) -> Generator[Decision, str, int | None]:
        self.heard.append(f"turn {at} " + (yield put(DecisionKind.TURN, at, ("discard 1m", "hu"))))
        assert self.turns is not None
        return self.turns.pop(0) if self.turns else None

    def close_round(self) -> Generator[Decision, str, str]:
        yield from ()
        self.heard.append("close")
        return "result"


def test_the_round_loop_is_one_for_every_rule_set_s11() -> None:
    """出牌 (§11): the round opens and deals, the first turn follows, each turn gives the next until
    one ends the round, then the round closes with its result; every decision of the side's reaches
    the driver, and its answer the side.  A round that ends at its opening plays no turn."""
    side = ScriptedRound([0, 1, 2])
    result, asked = answered(run_round(side), ["deal", "discard 1m", "discard 1m", "hu"])
    assert result == "result"
    assert [d.player for d in asked] == [0, 0, 1, 2]
    assert side.heard == ["open deal", "turn 0 discard 1m", "turn 1 discard 1m", "turn 2 hu", "close"]
    ended = ScriptedRound(None)
    assert answered(run_round(ended), ["abort"])[0] == "result"
    assert ended.heard == ["open abort", "close"]


def test_a_concealed_kong_is_replaced_from_the_tail(tiny: RuleSet) -> None:
    """出牌 3 "报开杠后应即在牌墙最后补进一张牌": after A's 暗杠 of 东 its next choice is on the
    wall's last tile, 9p, and the front of the wall is untouched."""
    table = dealt(tiny, ["1111z147m258p369s7z", "", "", ""], tail="9p")
    front = table.wall[0]
    _, asked = answered(turn(table, first_turn(table)), ["ankan 1z", "discard 7z"])
    assert "ankan 1z" in asked[0].options
    assert asked[1].kind is DecisionKind.TURN and asked[1].about == "9p"
    assert melds(table, 0) == [Meld(MeldKind.ANKAN, tuple(parse("1111z")))]
    assert [m.from_player for m in table.players[0].melds] == [None]
    assert table.wall[0] == front


def test_an_exposed_kong_is_replaced_from_the_tail(tiny: RuleSet) -> None:
    """出牌 3 (一) 明杠 on another's discard, then the replacement from the tail."""
    table = dealt(tiny, ["147m258p369s1234z6z", "666z258m147p258s5z", "", ""], tail="9p")
    following, asked = answered(turn(table, first_turn(table)), ["discard 6z", "kong"])
    assert asked[1].options == ("pass", "pon", "kong")
    assert following == Next(1, parse_one("9p"), after_kong=True)
    assert melds(table, 1) == [Meld(MeldKind.MINKAN, tuple(parse("6666z")))]


def test_a_win_on_the_kong_replacement_is_after_kong(tiny: RuleSet) -> None:
    """杠上开花 (fan 46): the tile the kong's replacement brought completes the hand."""
    table = dealt(tiny, ["1111z123m456m789m5p", "", "", ""], tail="5p")
    ended, _ = answered(turn(table, first_turn(table)), ["ankan 1z", "hu"])
    assert isinstance(ended, Ended)
    (win,) = ended.wins
    assert win.context.after_kong and win.context.self_drawn and not win.context.heavenly
    assert win.gains == (3, -1, -1, -1)


def robbing_table(tiny: RuleSet) -> Table[Player]:
    """A's pon of 5m (three copies on view) and its fourth 5m in hand; B waits on 5m."""
    taken: set[int] = set()
    table = core_table(tiny, OPTIONS, Wall(unused("9p9p9p", taken)))
    a, b = table.players[0], table.players[1]
    pon = unused("555m", taken)
    a.hand = unused("5m123p456p789p1z", taken)
    a.melds = [TableMeld(Meld(MeldKind.PON, tuple(kinds(pon))), tuple(pon), 2)]
    b.hand = unused("123s456s789s46m11z", taken)
    table.players[2].hand = unused("1199s2288p3377m3z", taken)
    table.players[3].hand = unused("1199m2288s3377p4z", taken)
    return table


def test_an_added_kong_may_be_robbed(tiny: RuleSet) -> None:
    """和牌的规定 二 (二) 2 "点和…(包括抢杠和)": B wins on the 5m A adds to its pon; A pays."""
    table = robbing_table(tiny)
    ended, asked = answered(turn(table, Next(0, parse_one("5m"))), ["kakan 5m", "hu"])
    assert asked[1] == Decision(DecisionKind.ROB_KONG, 1, ("pass", "hu"), "5m")
    assert isinstance(ended, Ended)
    (win,) = ended.wins
    assert (win.winner, win.discarder, win.context.robbing_kong) == (1, 0, True)
    assert win.context.last_copy
    assert melds(table, 0) == [Meld(MeldKind.PON, tuple(parse("555m")))]


def test_an_unrobbed_added_kong_stands_and_is_replaced(tiny: RuleSet) -> None:
    """Control: B passes, the kong stands (加杠) and A takes the tail tile."""
    table = robbing_table(tiny)
    _, asked = answered(turn(table, Next(0, parse_one("5m"))), ["kakan 5m", "pass", "discard 9p"])
    assert melds(table, 0) == [Meld(MeldKind.KAKAN, tuple(parse("5555m")))]
    assert sorted(table.players[0].melds[0].instances) == list(instances_of(parse_one("5m")))
    assert table.players[0].melds[0].from_player == 2
    assert asked[2].about == "9p" and len(table.wall) == 2


def test_flowers_are_set_aside_and_replaced_from_the_tail(chi_rules: RuleSet) -> None:
    """术语 十三 "抓到花牌后，明放在立牌前，并从牌墙最后补一张牌": A's dealt 春 is set aside, its
    replacement 夏 is a flower too and is replaced again, by 5m."""
    events: list[tuple[str, int | None]] = []
    table = core_table(
        chi_rules,
        OPTIONS,
        arranged(chi_rules, ["147m258p369s1234z1f", "", "", ""], tail="2f5m"),
        sinks=(lambda name, player, data: events.append((name, player)),),
    )
    assert deal_table(table)
    assert kinds(table.players[0].flowers) == parse("12f")
    assert sorted(kinds(table.players[0].hand)) == sorted(parse("147m258p369s1234z5m"))
    assert table.accounted()
    assert events.count(("flower", 0)) == 2


def test_the_flowers_reach_the_win(chi_rules: RuleSet) -> None:
    """花牌 (fan 81) is counted after the win: the winner's flowers are in its WinContext."""
    table = core_table(
        chi_rules, OPTIONS, arranged(chi_rules, ["123m456m789m111p5p3f", "", "", ""], tail="5p")
    )
    assert deal_table(table)
    ended, _ = answered(turn(table, first_turn(table)), ["hu"])
    assert isinstance(ended, Ended)
    assert ended.wins[0].context.flowers == (parse_one("3f"),)
    assert ended.wins[0].context.heavenly


class Tsumogiri:
    """Discards every tile it takes and never calls nor wins."""

    name = "tsumogiri"
    sees = False
    person = False

    def decide(self, view: SeatView, decision: Decision) -> str:
        if decision.kind is DecisionKind.TURN:
            return f"discard {decision.about}"
        return "pass"


def test_an_exhausted_wall_is_a_drawn_round(tiny: RuleSet) -> None:
    """术语 二十 荒牌 "每盘抓完第144张牌，打出后仍无人和牌": of 136 tiles 53 are dealt, the other
    83 drawn one turn each after the dealer's first; then the round is drawn, nobody pays."""
    session = TableSession(TableConfig(tiny, OPTIONS, seed=5, rounds=1))
    result = drive(session, [Tsumogiri() for _ in range(4)])
    (record,) = result.rounds
    assert record.result.drawn and record.result.wall_left == 0
    assert record.result.turns == 1 + 83
    assert result.totals == (0, 0, 0, 0)


def test_the_last_discard_may_still_be_won(tiny: RuleSet) -> None:
    """荒牌 is the last tile drawn *and discarded* with no win: the last discard's window is open,
    and a win on it is 海底捞月 (fan 45, ``last_of_wall``)."""
    table = dealt(tiny, ["147m9m258s123456z5p", "123m456m789m123p5p", "", ""])
    table.wall.clear()
    ended, _ = answered(turn(table, first_turn(table)), ["discard 5p", "hu"])
    assert isinstance(ended, Ended) and ended.wins[0].context.last_of_wall


def test_the_dealer_moves_as_the_rule_set_declares(tiny: RuleSet) -> None:
    """术语 二 "无论是否和牌，庄家不连庄" is ROTATE; the other rotations keep the deal."""
    session = TableSession(TableConfig(tiny, OPTIONS, seed=5, rounds=1))
    result = drive(session, [Tsumogiri() for _ in range(4)]).rounds[0].result
    assert next_dealer(DealerRotation.ROTATE, 2, result) == 3
    assert next_dealer(DealerRotation.WINNER_DEALS, 2, result) == 2
    assert next_dealer(DealerRotation.DEALER_KEEPS_ON_WIN, 2, result) == 2


def test_winds_follow_the_dealer_and_the_circle(tiny: RuleSet) -> None:
    """术语 一 "庄家为东风，下家为南风，对家为西风，上家为北风"; the prevalent wind moves on when the
    deal comes back to A (R474)."""
    table = core_table(tiny, OPTIONS, Wall(), dealer_seat=2)
    assert [table.seat_wind(p) for p in range(4)] == parse("3412z")
    session = TableSession(TableConfig(tiny, OPTIONS, seed=5, rounds=5))
    played = drive(session, [Tsumogiri() for _ in range(4)])
    assert [r.result.dealer for r in played.rounds] == [0, 1, 2, 3, 0]
    assert [r.result.prevalent_wind for r in played.rounds] == parse("11112z")
