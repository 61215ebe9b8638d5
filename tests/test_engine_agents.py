"""Agents (issue "The game engine", item 4): one interface, own view only, greedy takes every win."""

from __future__ import annotations

import random

from engine.agents.bots import GreedyBot, RandomBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import Meld
from engine.core.session import drive
from engine.core.tiles import kind_of_instance, parse_one
from engine.core.view import declared
from engine.hextech.scenario import Scenario
from engine.hextech.session import SessionConfig
from engine.hextech.view import PlayerView, build_view, with_parts
from tools.hextech_session import new_session


def test_a_view_holds_no_other_concealed_tiles_s9_4_s14_4() -> None:
    sc = Scenario(hands={"A": "1111m23m456p789s55s", "B": "234m456m789m12p66s"})
    sc.advance("ankan 1m")
    view = build_view(sc.round.table, 1, contracts_public=False, augments=((),) * 4, scores=(0,) * 4)
    assert view.hand_sizes[0] == len(sc.round.table.players[0].hand)
    assert view.melds[0] == () and view.concealed_kongs == (1, 0, 0, 0)
    assert view.meld_faces[0] == (("ankan", ()),)
    pon = Meld.parse("pon 555p")
    plain = with_parts(view, melds=((pon,), (), (), ()))
    assert plain.concealed_kongs == (1, 0, 0, 0) and declared(plain, 0) == 2
    assert plain.meld_faces[0] == (("pon", pon.tiles), ("ankan", ()))
    assert not hasattr(view, "hands")
    assert view.hand == tuple(sorted(view.hand)) and len(view.hand) == 13


def test_a_table_view_reads_the_table_when_asked_and_never_another_hand_s9_4_s14_4() -> None:
    """A view of the table in play reads each part when the agent first asks for it: each is what
    the table shows the player, and none holds another player's concealed tiles (B keeps all 7z)."""
    sc = Scenario(hands={"A": "123m456m123p456p11s", "B": "7777z999p999s8m8p"}, dealer=0)
    table = sc.round.table
    sc.play_until(lambda d: d.player == 0 and d.kind is DecisionKind.TURN and bool(table.players[1].river))
    view = build_view(table, 0, augments=((),) * 4, scores=(0,) * 4)
    assert isinstance(view, PlayerView)
    assert view.rivers == tuple(tuple(kind_of_instance(i) for i in p.river) for p in table.players)
    assert view.hand == tuple(sorted(kind_of_instance(i) for i in table.players[0].hand))
    assert view.hand_sizes == tuple(len(p.hand) for p in table.players)
    assert view.wall_left == len(table.wall) and view.n_melds == 0
    tiles = [*view.hand, *view.seen]
    for p in range(4):
        tiles += [*view.rivers[p], *view.flowers[p], *view.revealed[p], *view.won_hands[p]]
        tiles += [k for meld in view.melds[p] for k in meld.tiles]
    assert parse_one("7z") not in tiles


def test_greedy_takes_a_legal_win_and_discards_toward_tenpai_s11() -> None:
    sc = Scenario(hands={"A": "123m456m789m123p55s"})
    greedy = GreedyBot(random.Random(0))
    view = build_view(sc.round.table, 0, contracts_public=False, augments=((),) * 4, scores=(0,) * 4)
    assert sc.pending is not None and greedy.decide(view, sc.pending) == "hu"
    turn = Decision(DecisionKind.TURN, 0, ("discard 1z", "discard 5m"))
    lone = build_view(
        Scenario(hands={"A": "123m456m789m12p5m1z"}).round.table,
        0,
        contracts_public=False,
        augments=((),) * 4,
        scores=(0,) * 4,
    )
    assert greedy.decide(lone, turn) == "discard 1z"


def test_random_agent_answers_only_offered_options_and_sessions_end_s16() -> None:
    decision = Decision(DecisionKind.CALL, 2, ("pass", "pon", "chi 345m"), "3m")
    agent = RandomBot(random.Random(3))
    assert {
        agent.decide(
            build_view(
                Scenario(hands={}).round.table, 2, contracts_public=False, augments=((),) * 4, scores=(0,) * 4
            ),
            decision,
        )
        for _ in range(30)
    } <= set(decision.options)
    session = new_session(SessionConfig(8, "party", 4))
    result = drive(session, [agent, GreedyBot(random.Random(1)), agent, agent])
    assert len(result.rounds) == 4 and result.test
