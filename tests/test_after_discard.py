"""The sequence after a discard, one for every rule set (issue 33 item 1): the response window's
claims ranked by the rule set's call tiers, then the winners of the hu tier, else the first standing
claim's call, else the next seat.  Rulebook §11 phase 2 "其他玩家判断是否吃、碰、杠或胡。胡牌优先级高于碰、
杠和吃" and §12.2; standard rules 出牌 1–3 and its 注 "胡>碰/杠>吃" (出牌 2: "“碰”比“吃”优先"); the 红中
rules' calls, pon and kong but no chi.

One scripted table under each rule set: A, the dealer, discards 3m, which B (A's lower seat) may
chi with 45m, C pon with 33m and D win on with 12m456m789m11p567p (清龙, nine tiles of 万 with the 3m).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from table_support import answered, arranged, core_table, deal_table

from engine.core import registry
from engine.core.decisions import DecisionKind
from engine.core.flow import Ended, Next, turn
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import RuleSet
from engine.core.table import Player, Table
from engine.core.tiles import INSTANCE_KINDS, parse, parse_one
from engine.hextech.scenario import Scenario

HANDS = {
    "A": "3m9m569p12345678s9s",
    "B": "45m1247p8p2358s69s",
    "C": "33m66m9m3p2589p147s",
    "D": "12m456m789m11p567p",
}
"""A discards 3m (its fourteenth tile is 9s); B's 45m chis it, C's 33m pons it, D wins on it."""

THREE_M = parse_one("3m")
STANDARD = registry.ruleset("standard")
HONGZHONG = registry.ruleset("hongzhong")
CORE = pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])


def dealt(rules: RuleSet, **options: object) -> Table[Player]:
    """The scripted table of ``rules`` after the deal."""
    resolved = rules.resolve_options([f"{name}={value}" for name, value in options.items()])
    table = core_table(rules, resolved, arranged(rules, [HANDS[seat] for seat in "ABCD"]))
    assert deal_table(table)
    return table


def discarded(
    table: Table[Player], answers: Sequence[str]
) -> tuple[Next | Ended, list[tuple[int, tuple[str, ...]]]]:
    """A's turn answered with ``discard 3m`` then ``answers``: what follows, and who was asked what
    in the window."""
    following, asked = answered(turn(table, Next(0, parse_one("9s"))), ["discard 3m", *answers])
    assert isinstance(following, (Next, Ended))
    return following, [(d.player, d.options) for d in asked[1:] if d.kind is DecisionKind.CALL]


def melds(table: Table[Player]) -> list[list[Meld]]:
    return [[m.meld for m in player.melds] for player in table.players]


PON = Meld(MeldKind.PON, tuple(parse("333m")))
CHI = Meld(MeldKind.CHI, tuple(parse("345m")))


def test_the_window_is_put_in_turn_order_and_a_win_stands_over_a_pon_and_a_chi_standard_chupai_s11() -> None:
    """出牌 注 "胡>碰/杠>吃": B chis, C pons and D wins on A's 3m; D's hu stands, nobody's meld is
    made, the round ends with D's win of the discard (和牌的规定 二 (二))."""
    table = dealt(STANDARD)
    following, window = discarded(table, ["chi 345m", "pon", "hu"])
    assert window == [(1, ("pass", "chi 345m")), (2, ("pass", "pon")), (3, ("pass", "hu"))]
    assert isinstance(following, Ended)
    assert [(w.winner, w.discarder, w.tile) for w in following.wins] == [(3, 0, THREE_M)]
    assert melds(table) == [[], [], [], []] and table.players[0].river == []
    assert table.accounted()


def test_a_pon_stands_over_a_chi_when_the_win_is_passed_standard_chupai_2() -> None:
    """Control of the win: D passes, and of B's chi and C's pon the pon stands (出牌 2 "“碰”比“吃”
    优先"); C discards next, holding the called tile in its meld."""
    table = dealt(STANDARD)
    following, _ = discarded(table, ["chi 345m", "pon", "pass"])
    assert following == Next(2, THREE_M, called=True)
    assert melds(table) == [[], [], [PON], []] and table.players[0].river == []


def test_the_chi_stands_when_the_pon_and_the_win_are_passed_standard_chupai_1() -> None:
    """Control of the pon: C and D pass, so B's chi of its upper seat's 3m stands (出牌 1)."""
    table = dealt(STANDARD)
    following, _ = discarded(table, ["chi 345m", "pass", "pass"])
    assert following == Next(1, THREE_M, called=True)
    assert melds(table) == [[], [CHI], [], []]


@CORE
def test_with_every_claim_passed_play_passes_to_the_next_seat_s11(rules: RuleSet) -> None:
    """Rulebook §11 phase 2 "按照正常麻将顺序进行", standard rules 出牌 注 (the 下三家 each pass): nobody
    claims A's 3m, which stays in A's river, and B draws next from the wall's front and chooses."""
    table = dealt(rules)
    following, _ = discarded(table, ["pass"] * (3 if rules is STANDARD else 2))
    assert following == Next(1)
    assert [INSTANCE_KINDS[i] for i in table.players[0].river] == [THREE_M]
    front = table.wall[0]
    choice = next(turn(table, following))
    assert (choice.player, choice.kind) == (1, DecisionKind.TURN)
    assert front in table.players[1].hand and len(table.players[1].hand) == 14


def test_the_hongzhong_window_offers_no_chi_and_a_win_stands_over_a_pon_hongzhong_calls() -> None:
    """The 红中 rules' calls are pon and kong, no chi: B is not asked about A's 3m; D's hu (可点炮胡,
    on by default) stands over C's pon."""
    table = dealt(HONGZHONG)
    following, window = discarded(table, ["pon", "hu"])
    assert window == [(2, ("pass", "pon")), (3, ("pass", "hu"))]
    assert isinstance(following, Ended)
    assert [(w.winner, w.discarder) for w in following.wins] == [(3, 0)]
    assert melds(table) == [[], [], [], []]


def test_without_a_win_on_a_discard_the_hongzhong_pon_stands() -> None:
    """Controls: with D passing, C's pon stands; with 可点炮胡 off D is never offered the win, and
    the pon stands at once."""
    table = dealt(HONGZHONG)
    following, _ = discarded(table, ["pon", "pass"])
    assert following == Next(2, THREE_M, called=True) and melds(table)[2] == [PON]
    self_draw_only = dealt(HONGZHONG, discard_win="off")
    following, window = discarded(self_draw_only, ["pon"])
    assert window == [(2, ("pass", "pon"))]
    assert following == Next(2, THREE_M, called=True) and melds(self_draw_only)[2] == [PON]


def scenario() -> Scenario:
    return Scenario(hands=HANDS)


def hextech_melds(sc: Scenario) -> list[list[Meld]]:
    return [[m.meld for m in player.melds] for player in sc.round.table.players]


def test_a_win_stands_over_a_pon_and_a_chi_on_the_hextech_table_s11_phase2_s12_2() -> None:
    """§11 phase 2 "胡牌优先级高于碰、杠和吃": B chis, C pons and D wins on A's 3m; D's hu stands, no meld
    is made, and play goes on from the seat after the discarder's (§12.2)."""
    sc = scenario()
    call = sc.advance("discard 3m")
    assert call is not None and (call.player, call.options) == (1, ("pass", "chi 345m"))
    after = sc.advance("chi 345m", "pon", "hu")
    window = [(d.player, d.options) for d in sc.asked if d.kind is DecisionKind.CALL]
    assert window == [(1, ("pass", "chi 345m")), (2, ("pass", "pon")), (3, ("pass", "hu"))]
    assert [(w.player, w.way.value) for w in sc.round.wins] == [(3, "ron")]
    assert hextech_melds(sc) == [[], [], [], []]
    assert after is not None and after.player == 1


def test_a_pon_stands_over_a_chi_and_a_lone_chi_stands_on_the_hextech_table_s11_phase2() -> None:
    """Controls: D passes, and C's pon stands over B's chi, C acting next; C and D pass, and B's chi
    stands, B acting next (§11 phase 2 "其他玩家判断是否吃、碰、杠或胡")."""
    sc = scenario()
    after = sc.advance("discard 3m", "chi 345m", "pon", "pass")
    assert sc.round.wins == [] and hextech_melds(sc) == [[], [], [PON], []]
    assert after is not None and (after.player, after.kind) == (2, DecisionKind.TURN)
    sc = scenario()
    after = sc.advance("discard 3m", "chi 345m", "pass", "pass")
    assert hextech_melds(sc) == [[], [CHI], [], []]
    assert after is not None and (after.player, after.kind) == (1, DecisionKind.TURN)


def test_with_every_claim_passed_the_next_seat_draws_on_the_hextech_table_s11_phase2() -> None:
    """§11 phase 2 "摸牌 … 出牌": nobody claims A's 3m, which stays in A's river; B draws and acts."""
    sc = scenario()
    after = sc.advance("discard 3m", "pass", "pass", "pass")
    assert after is not None and (after.player, after.kind) == (1, DecisionKind.TURN)
    assert len(sc.round.table.players[1].hand) == 14
    assert [INSTANCE_KINDS[i] for i in sc.round.table.players[0].river] == [THREE_M]
