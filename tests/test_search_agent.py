"""The search agent (issue 15): determinized Monte Carlo over its own seat's view, scored by the
engine's rules; it reads nothing but the view, weighs the abandon window (§10) by expected points,
and a seed fixes its play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping

import pytest
from pools_lint_cli import run_hexmj

from engine.agents.bots import GreedyBot
from engine.agents.hextech.search import hand_points, order_points
from engine.agents.roster import make_bots
from engine.agents.search import SearchBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import InputError
from engine.core.tiles import parse
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.scenario import Scenario
from engine.hextech.view import BLIND, PlayerView, build_view, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards

Run = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def hexmj(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``hexmj argv…`` in-process: (exit code, stdout, stderr)."""
    return lambda argv: run_hexmj(argv, monkeypatch, capsys)


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def at_window(library: Mapping[str, CompiledCard], hand: str, contract: str) -> PlayerView:
    """Player A at the abandon window (24 drawable tiles, §10) holding ``hand`` and ``contract``."""
    return with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))),
        wall_left=24,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=True,
    )


WINDOW = Decision(HextechKind.ABANDON, 0, (KEEP, ABANDON))


def test_at_the_window_a_ready_plain_hand_abandons_an_unreachable_black_contract_s10_2(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-07 (碰碰到底) held with runs in every suit, waiting on 4p/7p: kept, it can never win (§9.6),
    abandoned it wins more often than not at −1 (§10.2) — search abandons, greedy's fixed rule keeps."""
    view = at_window(library, "123m456p789s234m56p", "B-07")
    assert {SearchBot(random.Random(seed)).decide(view, WINDOW) for seed in range(4)} == {ABANDON}
    assert GreedyBot(random.Random(1)).decide(view, WINDOW) == KEEP


def test_at_the_window_a_hand_that_meets_its_contract_keeps_it_s10_3(
    library: Mapping[str, CompiledCard],
) -> None:
    """Four pungs waiting on 9m meet B-07 with any win (+3, §13.4): kept.  Control: the same runs
    hand holding C-01 (two chows, met already by its hand) keeps its normal contract too."""
    pungs = at_window(library, "111m222p333s555z9m", "B-07")
    assert {SearchBot(random.Random(seed)).decide(pungs, WINDOW) for seed in range(4)} == {KEEP}
    runs = at_window(library, "123m456p789s234m56p", "C-01")
    assert {SearchBot(random.Random(seed)).decide(runs, WINDOW) for seed in range(4)} == {KEEP}


def test_an_ending_is_worth_the_engine_score_of_its_hand_s13_3_s13_11() -> None:
    """A first win at once is worth its order points and what the scorer adds: 清一色 and 门清 score
    above a plain mixed hand; the order points fall from 4 to 2 over the player's share."""
    flush = tuple(parse("11123455678999m"))
    mixed = tuple(parse("123m456p789s234m55p"))
    counts = [tuple(sum(1 for t in hand if t == k) for k in range(34)) for hand in (flush, mixed)]
    assert hand_points(counts[0], flush[-1], (), frozenset()) > hand_points(
        counts[1], mixed[-1], (), frozenset()
    )
    assert order_points(0, 10) == 4.0 and order_points(5, 10) == 3.0 and order_points(12, 10) == 2.0


def two_tables(b_hand: str, draws: str) -> Scenario:
    return Scenario(hands={"A": "123m456m78p1z9p5s55s4s", "B": b_hand}, draws=draws)


def test_the_same_view_gives_the_same_decisions_whatever_it_cannot_see_s5_4_s9_4() -> None:
    """Two tables that differ only in B's concealed hand and the order of the wall: A's views are
    equal, and the search agent, seeded alike, answers every decision alike on both."""
    first = two_tables("1112223334445m", "6s7s8s9s")
    second = two_tables("5556667778889p", "9s8s7s6s")
    tables = [first.round.table, second.round.table]
    assert tables[0].players[1].hand != tables[1].players[1].hand and list(tables[0].wall) != list(
        tables[1].wall
    )
    views = [build_view(t, 0, augments=((),) * 4, scores=(0,) * 4) for t in tables]
    assert views[0] == views[1]
    turn = first.pending
    assert turn is not None and turn.kind is DecisionKind.TURN and second.pending == turn
    answers = [[SearchBot(random.Random(seed), 32).decide(v, turn) for seed in range(3)] for v in views]
    assert answers[0] == answers[1]


def session_json(hexmj: Run, agents: str) -> str:
    code, out, err = hexmj(
        [
            "play",
            "--seed",
            "2",
            "--mode",
            "all",
            "--rounds",
            "4",
            "--agents",
            agents,
            "--json",
            "--db",
            "none",
        ]
    )
    assert code == 0, err
    return out


def test_hexmj_play_seats_the_search_agent_and_a_seed_fixes_its_game_s16(hexmj: Run) -> None:
    """``--agents search:8,greedy,greedy,greedy`` plays a whole session; the same seed plays the same
    session byte for byte, and not the session four greedy agents play."""
    once = session_json(hexmj, "search:8,greedy,greedy,greedy")
    assert len(json.loads(once)["standings"]) == 4
    assert session_json(hexmj, "search:8,greedy,greedy,greedy") == once
    assert session_json(hexmj, "greedy,greedy,greedy,greedy") != once


@pytest.mark.parametrize("name", ["search:0", "search:x", "search:99999", "greedy:4", "searc"])
def test_a_bad_agent_name_or_budget_is_a_one_line_input_error(name: str, hexmj: Run) -> None:
    """A seat (§4) given a budget of 0, a budget that is not a number or past the bound, a budget on
    the greedy agent, or a name of no agent: the Python API raises an input error naming
    ``--agents`` and ``hexmj play`` exits 2 with that one line."""
    with pytest.raises(InputError, match="--agents"):
        make_bots([name, "greedy", "greedy", "greedy"], 1)
    code, _, err = hexmj(["play", "--agents", f"{name},greedy,greedy,greedy", "--db", "none"])
    assert code == 2 and err.startswith("hexmj: error: --agents") and len(err.splitlines()) == 1
