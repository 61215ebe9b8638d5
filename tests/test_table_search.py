"""The search bot at standard's and hongzhong's tables (issue 33 item 2; spec 002 出牌, spec 003 出牌;
§4 seats): it keeps more unseen improving tiles than greedy, a seed fixes its game, its budget is
refused as hextech's, and it is handed its own seat's view alone."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path

import pytest
from console_support import HEADERS, TEST_CLIENT, console, create, play, seat_view, settings
from pools_lint_cli import run_hexmj
from starlette.testclient import TestClient

from engine.agents.bots import GreedyBot
from engine.agents.roster import make_bots
from engine.agents.search import SearchBot
from engine.core.agent import Agent
from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import Meld, MeldKind
from engine.core.registry import ruleset
from engine.core.seat_view import SeatView
from engine.core.session import drive
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import FACES, WINDS, parse
from tools.console_web.app import create_app
from tools.console_web.requests import HEXTECH

STANDARD = ruleset("standard")


def opening_view(hand: str) -> SeatView:
    """Seat A's view at its first turn of a standard table: its own fourteen tiles and nothing else
    in sight."""
    return SeatView(
        0,
        tuple(sorted(parse(hand))),
        ((), (), (), ()),
        (0,) * 4,
        ((), (), (), ()),
        ((), (), (), ()),
        (14, 13, 13, 13),
        83,
        (0,) * 4,
        0,
        WINDS[0],
        STANDARD.aim(STANDARD.resolve_options([])),
        STANDARD.tiles.kinds,
    )


def test_search_keeps_more_unseen_improving_tiles_than_greedy_s002_discard() -> None:
    """55m 8m 456p 123s 5667s 9s, one from waiting whichever of 8m or 9s goes (spec 002 出牌).

    Greedy throws 8m, its loosest tile; the hand then improves on 5m (2 unseen: two in hand), 4s
    (4), 5s (3), 6s (2), 7s (3), 8s (4) and 9s (3): 21 tiles.  Search throws 9s; the hand improves
    on 5m (2), 6m (4), 7m (4), 8m (3), 9m (4), 4s (4), 5s (3), 6s (2), 7s (3) and 8s (4): 33."""
    view = opening_view("55m8m456p123s56679s")
    decision = Decision(
        DecisionKind.TURN, 0, tuple(f"discard {FACES[k]}" for k in sorted(set(view.hand))), "9s"
    )
    assert GreedyBot(random.Random(1)).decide(view, decision) == "discard 8m"
    assert SearchBot(random.Random(1)).decide(view, decision) == "discard 9s"
    assert 2 + 4 + 3 + 2 + 3 + 4 + 3 == 21 < 33 == 2 + 4 + 4 + 3 + 4 + 4 + 3 + 2 + 3 + 4


def called(hand: str, about: str, *calls: str) -> tuple[str, str]:
    """What greedy and search answer, each, to a call on ``about`` with ``hand`` (13 tiles)."""
    view = replace(opening_view(hand), hand_sizes=(13,) * 4)
    decision = Decision(DecisionKind.CALL, 0, ("pass", *calls), about)
    return GreedyBot(random.Random(1)).decide(view, decision), SearchBot(random.Random(1)).decide(
        view, decision
    )


def test_search_calls_a_pon_that_brings_the_hand_nearer_s002_discard_2() -> None:
    """55m 123p 45p 78s 1z 2z 9m 9s, three from waiting: pon on 5m (555m, 123p, 45p, 78s) leaves it two
    from waiting after its best discard, so both bots call (spec 002 出牌 2)."""
    assert called("55m123p45p78s12z9m9s", "5m", "pon") == ("pon", "pon")


def test_search_passes_a_pon_into_a_wait_no_win_pays_s002_discard_2() -> None:
    """55m 123p 456p 789s 1z 9m: pon on 5m leaves a single wait on 1z or 9m, and no hand of
    555m 123p 456p 789s with a pair of either reaches standard's eight fan (spec 002 和牌的规定 二),
    so the wait is dead: search passes where greedy, counting shanten alone, calls."""
    assert called("55m123p456p789s1z9m", "5m", "pon") == ("pon", "pass")


def test_search_passes_a_kong_that_leaves_fewer_improving_tiles_s002_discard_3() -> None:
    """555m 123p 45p 78s 1z 2z 9s: an exposed kong of 5m keeps the shanten (greedy takes it) but
    leaves fewer unseen tiles that improve the hand than passing: search passes (spec 002 出牌 3)."""
    assert called("555m123p45p78s12z9s", "5m", "kong") == ("kong", "pass")


def test_search_takes_every_win_offered_s002_win() -> None:
    """hu is offered only where the rule set allows the win; search takes it (spec 002 和牌的规定)."""
    view = opening_view("123m456m789m123p55p")
    decision = Decision(DecisionKind.TURN, 0, ("hu", "discard 1m", "discard 5p"), "5p")
    assert SearchBot(random.Random(1)).decide(view, decision) == "hu"


@pytest.mark.parametrize("rules", ["standard", "hongzhong"])
def test_a_seed_fixes_a_search_game_byte_for_byte_s4(
    rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj play --rules R --agents search,greedy,greedy,greedy --seed 7`` twice: the same account
    and the same log, byte for byte (§4: a seat's bot is seeded by the session's seed and its seat)."""
    runs = []
    for name in ("first.jsonl", "second.jsonl"):
        log = tmp_path / name
        argv = ["play", "--rules", rules, "--agents", "search,greedy,greedy,greedy", "--seed", "7"]
        code, out, err = run_hexmj(
            [*argv, "--rounds", "4", "--log", str(log), "--db", "none"], monkeypatch, capsys
        )
        assert code == 0, err
        runs.append((out, log.read_bytes()))
    assert runs[0] == runs[1]
    assert b'"agents":["search","greedy","greedy","greedy"]' in runs[0][1]


def test_a_resumed_search_session_is_the_uninterrupted_one_s4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A search session's log cut halfway goes on with ``--resume`` to the bytes of the session that
    never stopped, and ``hexmj replay`` replays it: each imagined draw is seeded by the seat and the
    decision, not by what the bot was asked before."""
    whole = tmp_path / "whole.jsonl"
    argv = ["play", "--rules", "standard", "--agents", "search:3,search,greedy,random", "--seed", "4"]
    code, played, err = run_hexmj(
        [*argv, "--rounds", "3", "--log", str(whole), "--db", "none"], monkeypatch, capsys
    )
    assert code == 0, err
    raw = whole.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(raw[: raw.index(b"\n", len(raw) // 2) + 1])
    code, out, err = run_hexmj(["play", "--resume", str(cut), "--db", "none"], monkeypatch, capsys)
    assert (code, err, out) == (0, "", played)
    assert cut.read_bytes() == raw
    code, out, err = run_hexmj(["replay", str(whole)], monkeypatch, capsys)
    assert (code, err, out) == (0, "", played)


HONGZHONG = ruleset("hongzhong")


def test_a_wait_whose_four_copies_the_seat_holds_or_declared_is_not_judged_spec003() -> None:
    """红中's set has four of each tile (spec 003, 112 张): A has declared a pon of 8s and holds the
    fourth in 123m 456s 7778s 9m.  Throwing 9m leaves it waiting (八支 in 条) on 6s, 9s and a fifth
    8s, which no wall holds: the search bot weighs the waits with copies left, never asking the rule
    set to judge a hand of five 8s, and throws 9m."""
    pon = Meld(MeldKind.PON, tuple(parse("888s")))
    view = replace(
        opening_view("123m456s7778s9m"),
        melds=((pon,), (), (), ()),
        hand_sizes=(11, 13, 13, 13),
        aim=HONGZHONG.aim(HONGZHONG.resolve_options([])),
        kinds=HONGZHONG.tiles.kinds,
        rules=HONGZHONG.name,
    )
    decision = Decision(DecisionKind.TURN, 0, tuple(f"discard {FACES[k]}" for k in sorted(set(view.hand))))
    assert SearchBot(random.Random(1)).decide(view, decision) == "discard 9m"


def test_a_hongzhong_session_of_searching_bots_plays_to_its_end_spec003(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The session whose searching bot came to wait on a fifth 8s beside its pon of 8s (seed 9) plays
    to its end: exit 0, not 70."""
    argv = ["play", "--rules", "hongzhong", "--seed", "9", "--rounds", "4", "--db", "none"]
    code, out, err = run_hexmj([*argv, "--agents", "search:2,greedy,random,greedy"], monkeypatch, capsys)
    assert (code, err) == (0, "") and "Standings" in out


def test_search_plays_and_simulates_by_name_s4(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simulate --rules hongzhong --agents search`` and ``search:2`` play every seat by name."""
    code, out, err = run_hexmj(
        [
            "simulate",
            "--rules",
            "hongzhong",
            "--games",
            "1",
            "--rounds",
            "2",
            "--agents",
            "search:2",
            "--db",
            "none",
        ],
        monkeypatch,
        capsys,
    )
    assert code == 0, err
    assert "search:2" in out


@pytest.mark.parametrize("budget", ["0", "99999", "x"])
def test_a_bad_budget_is_refused_in_one_line_as_hextechs(
    budget: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``search:0``, ``search:99999`` and ``search:x`` at a standard table: exit 2, one line, the
    words hextech's roster says."""
    line = (
        f"hexmj: error: --agents: the budget of search for A must be a whole number 1…4096, got '{budget}'\n"
    )
    for rules in (["--rules", "standard"], []):
        agents = f"search:{budget},greedy,greedy,greedy"
        code, out, err = run_hexmj(["play", *rules, "--agents", agents, "--db", "none"], monkeypatch, capsys)
        assert (code, out, err) == (2, "", line)


class Watched:
    """A seat's agent whose every input is kept."""

    def __init__(self, agent: Agent[SeatView]) -> None:
        self.agent = agent
        self.name, self.sees, self.person = agent.name, agent.sees, agent.person
        self.seen: list[tuple[SeatView, Decision]] = []

    def decide(self, view: SeatView, decision: Decision) -> str:
        self.seen.append((view, decision))
        return self.agent.decide(view, decision)


def test_search_is_handed_its_own_seats_view_alone_s4() -> None:
    """Over a whole standard session the search bot is asked only its own seat's decisions, each with
    a :class:`SeatView` of that seat: no field holds a tile of another seat's concealed hand (only
    their counts).  Another seat's hand swapped for other tiles leaves its view, and its answer,
    as they were."""
    bots = make_bots(["search", "greedy", "greedy", "greedy"], 11)
    watched = Watched(bots[0])
    session = TableSession(TableConfig(STANDARD, STANDARD.resolve_options([]), 11, 1))
    drive(session, [watched, *bots[1:]])
    assert watched.seen
    for view, decision in watched.seen:
        assert type(view) is SeatView and view.me == decision.player == 0
        assert {f.name for f in fields(view)} == {
            "me",
            "hand",
            "melds",
            "concealed_kongs",
            "rivers",
            "flowers",
            "hand_sizes",
            "wall_left",
            "scores",
            "dealer",
            "prevalent_wind",
            "aim",
            "kinds",
            "rules",
        }

    session = TableSession(TableConfig(STANDARD, STANDARD.resolve_options([]), 11, 1))
    steps = session.steps()
    decision = next(steps)
    while decision.player != 0 or decision.kind is not DecisionKind.TURN:
        decision = steps.send(decision.options[0])
    before = session.view(0)
    other = session.table.players[1]
    other.hand[:] = [(i + 4) % 108 for i in other.hand]
    after = session.view(0)
    assert after == before
    search = SearchBot(random.Random(5))
    assert search.decide(after, decision) == search.decide(before, decision)


def test_the_console_seats_search_bots_at_a_standard_table_by_name_s4(tmp_path: Path) -> None:
    """``"agents": {"B": "search", "C": "search:4"}`` at a standard table: the bots play the session
    through to its results beside the person at A and D's greedy bot, and the log's header names
    them."""
    with console(tmp_path / "console.db") as client:
        body = {"rules": "standard", "seed": 3, "bots": ["B", "C", "D"], "test": True}
        made = create(client, **body, agents={"B": "search", "C": "search:4"})
        tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
        assert play(client, tokens, seed=1) > 10
        assert seat_view(client, tokens["A"])["state"] == "results"
        host = str(made["host"]).rsplit("/", 1)[1]
        header = client.get(f"/host/{host}/log").text.splitlines()[0]
        assert '"agents":["web","search","search:4","greedy"]' in header


def test_the_consoles_budget_limit_reads_the_tables_own_search_s4(tmp_path: Path) -> None:
    """``--max-budget 8`` at a standard table: ``search`` (8 imagined draws) and ``search:8`` are
    seated, ``search:9`` is 422 naming ``agents.B``; a hextech table's ``search`` (64 imagined
    rounds) is over the same limit."""
    limited = replace(settings(public=TEST_CLIENT), max_budget=8)
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'c.db'}", HEXTECH, limited), headers=HEADERS
    ) as client:
        for name in ("search", "search:8"):
            body = {"rules": "standard", "bots": ["B"], "agents": {"B": name}}
            assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post(
            "/api/tables", json={"rules": "standard", "bots": ["B"], "agents": {"B": "search:9"}}
        )
        assert refused.status_code == 422 and refused.json()["error"].startswith(
            "agents.B: search:9 thinks with a budget of 9,"
        )
        hextech = client.post("/api/tables", json={"bots": ["B"], "agents": {"B": "search"}})
        assert hextech.status_code == 422
