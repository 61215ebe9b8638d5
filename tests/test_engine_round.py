"""The round flow of §11–§12 on arranged tables: deal, flowers, calls, kongs, wins, exits."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from dsl.compiler import compile_cards
from dsl.pools import pool_cards
from engine.agents.roster import make_bots
from engine.core.decisions import DecisionKind
from engine.core.melds import MeldKind
from engine.core.ruleset import Call
from engine.core.session import drive
from engine.core.table import Player, Table
from engine.core.tiles import NUM_KINDS, format_tiles, kind_of_instance, parse_one
from engine.core.wall import Wall
from engine.core.win_facts import copies_on_view
from engine.hextech import calls
from engine.hextech.contracts import ContractTerms
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.round_cards import ContractOffer
from engine.hextech.rules import Rules
from engine.hextech.ruleset import HEXTECH
from engine.hextech.scenario import Scenario
from engine.hextech.session import Session, SessionConfig
from engine.hextech.state import ContractStatus, PlayerState, WinWay
from engine.hextech.wins import EndReason
from tools.hextech_session import new_session


def _items(result_win: object) -> set[str]:
    return {item[0] for item in result_win.items}  # type: ignore[attr-defined]


def test_deal_gives_dealer_14_and_others_13_and_accounts_for_144_tiles_s11() -> None:
    sc = Scenario(hands={}, dealer=2)
    sizes = [len(p.hand) for p in sc.round.table.players]
    assert sizes == [13, 13, 14, 13]
    assert sc.pending is not None and sc.pending.player == 2
    assert sc.round.table.accounted()
    assert len(sc.round.table.wall) == 144 - 53


def test_initial_flower_is_replaced_from_the_tail_s11_phase1() -> None:
    sc = Scenario(hands={"A": "1f123m456p789s1122z"}, tail="9m")
    a = sc.round.table.players[0]
    assert [e.data["phase"] for e in sc.events if e.name == "flower.revealed"] == ["setup"]
    assert len(a.flowers) == 1 and "9m" in sc.hand("A")
    assert len(a.hand) == 14


def test_chi_is_offered_to_the_lower_seat_only_s11_phase2() -> None:
    """§11 phase 2, standard rules 术语 十: B (after A) may chi A's 3m; C holds 45m too but is never
    asked, and play goes on with B's turn."""
    sc = Scenario(hands={"A": "3m19m19p19s1234567z", "B": "45m369p147s12367z", "C": "45m258p258s12345z"})
    call = sc.advance("discard 3m")
    assert call is not None and call.player == 1 and call.options == ("pass", "chi 345m")
    after = sc.advance("pass")
    assert after is not None and (after.player, after.kind) == (1, DecisionKind.TURN)
    assert [(d.player, d.kind) for d in sc.asked] == [(0, DecisionKind.TURN), (1, DecisionKind.CALL)]


def test_hu_beats_pon_s11_phase2() -> None:
    sc = Scenario(hands={"A": "3p19m19s1234567z5m6m", "B": "33p147m258s1234z6z", "C": "123m456m789m12p55s"})
    sc.advance("discard 3p", "pon", "hu")
    result = sc.finish()
    assert [w.player for w in result.wins][:1] == [2]
    assert sc.round.table.players[1].melds == []


def test_the_round_ranks_claims_by_the_tiers_the_hextech_declaration_gives_s11_phase2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The priority is the declaration's data, not the round's code: with the tiers of
    ``hextech`` turned upside down (碰/杠 over 胡), B's pon of A's 3p stands over C's hu, which
    ``test_hu_beats_pon_s11_phase2`` shows winning under the declared tiers."""
    upside_down = dataclasses.replace(HEXTECH, calls=((Call.PON, Call.KONG), (Call.HU,), (Call.CHI,)))
    monkeypatch.setattr(calls, "TIERS", upside_down.claim_tiers())
    sc = Scenario(hands={"A": "3p19m19s1234567z5m6m", "B": "33p147m258s1234z6z", "C": "123m456m789m12p55s"})
    sc.advance("discard 3p", "pon", "hu")
    assert sc.round.wins == []
    assert [m.meld.kind for m in sc.round.table.players[1].melds] == [MeldKind.PON]


def test_one_winner_a_discard_when_the_declaration_allows_one_s12_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """§12.3 一炮多响 is the declaration's ``winners_per_discard``: declared 1, of B's and D's hu of
    A's 3p only B's, the nearer from A, stands (control of the test below)."""
    monkeypatch.setattr(calls, "TIERS", dataclasses.replace(HEXTECH, winners_per_discard=1).claim_tiers())
    sc = Scenario(hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s", "D": "123s456s789s12p77z"})
    sc.advance("discard 3p", "hu", "hu")
    assert [(w.player, w.way) for w in sc.round.wins] == [(1, WinWay.RON)]


def test_multiple_ron_ordered_by_seat_distance_and_play_resumes_after_discarder_s12_3() -> None:
    sc = Scenario(
        hands={
            "A": "3p19m19s1234567z5m6m",
            "B": "123m456m789m12p55s",
            "D": "123s456s789s12p77z",
        }
    )
    sc.advance("discard 3p", "hu", "hu")
    wins = sc.round.wins
    assert [(w.player, w.order, w.way) for w in wins] == [(1, 1, WinWay.RON), (3, 2, WinWay.RON)]
    assert {"hu_order"} <= _items(wins[0])
    started = [e.player for e in sc.events if e.name == "turn.started"]
    assert started[:2] == [0, 2]


def test_third_win_ends_the_round_s11_phase5() -> None:
    sc = Scenario(
        hands={
            "A": "3p19m19s1234567z5m6m",
            "B": "123m456m789m12p55s",
            "C": "123m456m789m12p66s",
            "D": "123s456s789s12p77z",
        }
    )
    sc.advance("discard 3p", "hu", "hu", "hu")
    assert sc.result is not None
    assert sc.result.reason is EndReason.THIRD_WIN
    assert [w.order for w in sc.result.wins] == [1, 2, 3]
    assert sc.result.scores[0] == 0


def test_heavenly_hand_gets_no_self_draw_bonus_s13_10_5() -> None:
    sc = Scenario(hands={"A": "123m456m789m123p55s"})
    assert sc.pending is not None and "hu" in sc.pending.options
    sc.advance("hu")
    win = sc.round.wins[0]
    assert "heavenly" in _items(win) and "self_draw" not in _items(win)


def test_concealed_kong_replacement_from_tail_and_kong_replacement_win_s13_9_1() -> None:
    sc = Scenario(hands={"A": "1111m23m456p789s55s"}, tail="4m")
    sc.advance("ankan 1m")
    assert sc.pending is not None and "hu" in sc.pending.options
    sc.advance("hu")
    items = _items(sc.round.wins[0])
    assert {"ankan", "kong_replacement", "self_draw"} <= items


def test_robbing_an_added_kong_voids_it_s13_9_4() -> None:
    sc = Scenario(
        hands={
            "A": "5p19m19s1234567z5m6m",
            "B": "55p1m4m7m2p8p3s6s1z2z3z4z",
            "C": "123m456m789m46p55s",
        },
        draws="9s9s9s5p",
    )
    sc.advance("discard 5p", "pon", "pass")
    turn = sc.play_until(lambda d: d.player == 1 and any(o.startswith("kakan") for o in d.options))
    assert "kakan 5p" in turn.options
    rob = sc.advance("kakan 5p")
    assert rob is not None and rob.kind is DecisionKind.ROB_KONG and rob.player == 2
    sc.advance("hu")
    win = sc.round.wins[0]
    assert win.way is WinWay.ROB_KONG and "robbing_kong" in _items(win)
    b = sc.round.table.players[1]
    assert b.kong_kinds == [] and b.melds[0].meld.kind.value == "pon"
    assert sc.round.table.accounted()


def test_self_draw_passes_play_to_the_next_seat_after_the_winner_s12_1() -> None:
    sc = Scenario(hands={"B": "123m456m789m12p55s"}, draws="3p")
    turn = sc.play_until(lambda d: d.player == 1 and d.kind is DecisionKind.TURN)
    assert "hu" in turn.options
    after = sc.advance("hu")
    assert sc.round.wins[0].way is WinWay.SELF_DRAW
    assert "earthly" in _items(sc.round.wins[0])
    assert after is not None and after.player == 2
    assert [e.player for e in sc.events if e.name == "turn.started"][-1] == 2


def _terms(cid: str, kind: str) -> ContractTerms:
    return ContractTerms(cid, cid, kind, "隐藏验证")  # type: ignore[arg-type]


def _contract_scenario(draws: str = "") -> Scenario:
    """A table where every player takes a black contract (the last option of the three)."""
    contracts = {
        c: _terms(c, "normal") for c in ("C-01", "C-02", "C-03", "C-04", "C-05", "C-06", "C-07", "C-08")
    }
    contracts |= {b: _terms(b, "black") for b in ("B-01", "B-02", "B-03", "B-04")}
    offer = ContractOffer(
        normal=sorted(k for k in contracts if k[0] == "C"), black=["B-01", "B-02", "B-03", "B-04"]
    )
    sc = Scenario(hands={}, draws=draws, rules=Rules(contracts=contracts), offer=offer)
    for _ in range(4):
        assert sc.pending is not None and sc.pending.kind is HextechKind.CONTRACT
        sc.advance(sc.pending.options[-1])
    return sc


def test_abandon_window_opens_once_at_24_and_black_costs_one_s10() -> None:
    """§10: the window opens the first time 24 or fewer drawable tiles remain (one at a time: at 24,
    never at 25), once a round; abandoning a black contract costs 1 (§10.2)."""
    sc = _contract_scenario()
    window = sc.play_until(lambda d: d.kind is HextechKind.ABANDON)
    assert len(sc.round.table.wall) == 24
    assert window.options == ("keep", "abandon")
    sc.advance("abandon")
    result = sc.finish()
    assert [e.name for e in sc.events].count("abandon.window") == 1
    assert sc.round.table.players[window.player].contract_status is ContractStatus.ABANDONED
    assert result.penalties[window.player] == -1


def test_abandon_window_opens_when_a_flower_takes_the_wall_from_25_to_23_s10_4() -> None:
    """§10.4: 牌墙因为补花……从25张直接下降到23张，同样立即触发该窗口.  The 67th draw (wall 25 → 24)
    is a flower and its replacement takes the wall to 23: the window opens there, once."""
    sixty_six = "123456789m123456789p123456789s1234567z" + "123456789m123456789p123456789s12345z"
    sc = _contract_scenario(draws=sixty_six + "1f")
    window = sc.play_until(lambda d: d.kind is HextechKind.ABANDON)
    revealed = [e for e in sc.events if e.name == "flower.revealed"]
    assert [e.data["phase"] for e in revealed] != ["setup"] and len(revealed) == 1
    assert len(sc.round.table.wall) == 23
    assert window.options == ("keep", "abandon")
    sc.finish()
    assert [e.name for e in sc.events].count("abandon.window") == 1


def test_bottom_goes_under_the_tail_tile_h11() -> None:
    wall = Wall([1, 2, 3])
    wall.put_bottom(9)
    assert wall.draw_tail() == 3
    assert wall.draw_tail() == 9
    assert wall.draw_front() == 1


def test_a_player_in_the_middle_of_their_turn_does_not_answer_a_nested_discard_h9() -> None:
    """H9, §14.5: in this session B draws a flower, W-02 gives B a chance card (O-P05), B's
    retrieve-and-discard is chied by C, and C's own discard would complete B's hand — but B still
    owes the flower replacement and the turn's discard, so B may not win on it (R126).  Before the
    ruling B won there and was then handed the replacement tile: a hand of 15 tiles."""
    seed = 6596280566522768756
    session = Session(SessionConfig(seed, "party", 8), cards=tuple(compile_cards(pool_cards("party"))))
    result = drive(session, make_bots(["greedy"] * 4, seed))
    assert len(result.rounds) == 8


def test_the_winners_of_one_discard_are_judged_together_before_any_card_acts_s12_3() -> None:
    """§12.3, §6.6, §15: in this party session two players win on one discard; the first one's hu
    sets cards off before the second is settled.  Both won at the same moment and a card cannot
    cancel a legal hu, so the second is scored as judged at the claim (R127) — before the ruling
    the cards in between left the second winner without a legal hand and the round failed."""
    seed = 4698788087407529522
    session = new_session(SessionConfig(seed, "party", 8), [])
    result = drive(session, make_bots(["greedy"] * 4, seed))
    assert len(result.rounds) == 8
    multi = [w for r in result.rounds for w in r.result.wins if w.way is WinWay.RON]
    assert multi


def test_the_round_plays_on_the_core_table_and_shows_what_every_seat_sees_h21() -> None:
    """Issue 33 item 1, H21: the round's table is the core's one table, its players hextech's
    :class:`PlayerState`; on view are the rivers, the exposed melds, then the hand tiles a card
    revealed (in tile order) of a player still in the round; a concealed hand tile unrevealed is not."""
    sc = Scenario(hands={"A": "3m19m19p19s1234567z", "B": "45m369p147s12367z", "C": "2223p258s12345z"})
    table = sc.round.table
    assert isinstance(table, Table) and all(isinstance(p, Player | PlayerState) for p in table.players)
    assert table.visible_kinds() == []
    sc.advance("discard 3m", "chi 345m")
    assert format_tiles(table.visible_kinds()) == "345m"
    c = table.players[2]
    revealed = [i for i in c.hand if kind_of_instance(i) in (parse_one("3p"), parse_one("8s"))]
    c.revealed.update(reversed(revealed))
    meld = table.players[1].melds[0].instances
    assert table.visible_kinds() == [kind_of_instance(i) for i in [*meld, *sorted(revealed)]]
    assert format_tiles(table.visible_kinds()) == "345m3p8s"
    assert parse_one("2p") not in table.visible_kinds()
    shown = Counter(table.visible_kinds())
    assert [copies_on_view(table, k) for k in range(NUM_KINDS)] == [shown[k] for k in range(NUM_KINDS)]
