"""One console table for every rule set (issue 33 item 1, R795): a searching bot's thinking is set
aside for a worker process at a table of any rule set, handed over as a worker gets it (pickled)
and taken back, and the session's log is byte for byte the one ``hexmj play`` writes for the same
seed and agents (§18.3); a stored header that is not the table's stops a table of any rule set.
R796: a replay of any rule set asks no bot, and draws a bot seat's module policy answer (§8.4).
Named apart from the ``test_console_*`` files so that the compiled pass runs it too: what goes to a
worker process is the compiled engine's classes, pickled."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from console_process import hexmj

from engine.agents.bots import GreedyBot
from engine.agents.search import SearchBot
from engine.core.errors import LogError
from tools.console_web.bot_pool import Job, think
from tools.console_web.live import LiveTable
from tools.console_web.replays import build
from tools.console_web.rule_parts import LoggedSeat
from tools.console_web.seated import STOPPED
from tools.console_web.spec import TableSpec

AGENTS = {"A": "search:2", "B": "greedy", "C": "search:2", "D": "greedy"}
RULE_SETS = [
    ("hextech", ("--mode", "strategy")),
    ("standard", ("--rules", "standard")),
    ("hongzhong", ("--rules", "hongzhong")),
]


def _spec(rules: str, seed: int) -> TableSpec:
    """A 4-round test table of bots alone, two of them searching."""
    return TableSpec(
        "t1", "strategy", seed, frozenset("ABCD"), {}, False, True, "h", {}, bot_agents=AGENTS, rules=rules
    )


def _play_aside(table: LiveTable) -> int:
    """Answer the table's bots as the console does, each searching bot's thinking handed to
    :func:`~tools.console_web.bot_pool.think` as a worker gets it (pickled both ways); how many
    thoughts were set aside."""
    thoughts = 0
    while table.waiting is not None:
        thought = table.thought
        if thought is None:
            table.answer_waiting()
            continue
        job = pickle.loads(pickle.dumps(Job(thought.agent, thought.view, table.waiting)))
        answer, agent, _ = pickle.loads(pickle.dumps(think(job)))
        table.take_thought(answer, agent)
        thoughts += 1
    return thoughts


@pytest.mark.parametrize(("rules", "flags"), RULE_SETS, ids=[rules for rules, _ in RULE_SETS])
def test_a_searching_bots_thinking_is_set_aside_at_a_table_of_any_rule_set_r795(
    tmp_path: Path, rules: str, flags: tuple[str, ...]
) -> None:
    table = LiveTable(_spec(rules, 11), aside=True)
    thoughts = _play_aside(table)
    assert thoughts > 0, "no searching bot's thinking was set aside"
    assert table.state == "results"
    played = tmp_path / "play.log"
    done = hexmj(
        "play", *flags, "--seed", "11", "--rounds", "4", "--agents", ",".join(AGENTS.values()),
        "--log", str(played), "--db", "none",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "\n".join(table.take_lines()) + "\n" == played.read_text()


@pytest.mark.parametrize("rules", ["standard", "hextech"])
def test_a_table_not_set_aside_thinks_in_the_server_r795(rules: str) -> None:
    """The control: a table the console does not play (``aside`` off) answers its searching bots at
    once, setting nothing aside."""
    table = LiveTable(_spec(rules, 11))
    assert table.thought is None and table.waiting is None and table.state == "results"


@pytest.mark.parametrize("rules", ["standard", "hextech"])
def test_a_stored_header_not_the_tables_stops_it_r795(rules: str) -> None:
    """A table rebuilt from stored lines whose header is another table's (a full session's length)
    stops, saying so, whatever its rule set; the lines as stored play on."""
    stored = [json.loads(line) for line in LiveTable(_spec(rules, 5), aside=True).take_lines()]
    assert LiveTable(_spec(rules, 5), 1, stored).failure is None
    edited = [{**stored[0], "rounds": 8}, *stored[1:]]
    rebuilt = LiveTable(_spec(rules, 5), 1, edited)
    assert rebuilt.state == STOPPED
    assert rebuilt.failure is not None and "the stored header is not this table's" in rebuilt.failure


def _refuse(self: object, view: object, decision: object) -> str:
    raise AssertionError("a bot was asked in a replay")


def _played_log(tmp_path: Path, flags: tuple[str, ...]) -> list[dict[str, Any]]:
    """The lines of a 4-round log of seed 4 that ``hexmj play`` writes for two searching and two
    greedy bots."""
    log = tmp_path / "play.log"
    done = hexmj(
        "play", *flags, "--seed", "4", "--rounds", "4", "--agents", "search:2,greedy,greedy,search:2",
        "--log", str(log), "--db", "none",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("flags", [("--mode", "party"), ("--rules", "standard")], ids=["party", "standard"])
def test_a_replay_asks_no_bot_r796(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flags: tuple[str, ...]
) -> None:
    """A finished log of searching and greedy bots replays to its end with every bot refusing to be
    asked: the log answers every seat."""
    lines = _played_log(tmp_path, flags)
    for bot in (SearchBot, GreedyBot):
        monkeypatch.setattr(bot, "decide", _refuse)
    replay = build(lines, "play.log")
    assert sorted(replay.rounds()) == [1, 2, 3, 4]


def test_a_replay_draws_a_bot_seats_module_policy_answer_r796(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§8.4: a party session's challenges at bots' seats draw their module's policy answer from the
    session's generator in the replay as in play; the control, every seat replayed as a person's
    (no policy answer drawn), does not come out the same."""
    lines = _played_log(tmp_path, ("--mode", "party"))
    challenges = [line for line in lines if str(line.get("about", "")).startswith("challenge ")]
    assert challenges, "the session has no challenge to replay"
    assert build(lines, "play.log").frames
    monkeypatch.setattr(LoggedSeat, "person", True, raising=False)
    monkeypatch.setattr(LoggedSeat, "__init__", lambda self, person: None)
    with pytest.raises(LogError, match=r"^play\.log:\d+: "):
        build(lines, "play.log")


@pytest.mark.parametrize(
    "flags",
    [("--rules", "standard"), ("--rules", "hongzhong"), ("--mode", "all")],
    ids=["standard", "hongzhong", "hextech"],
)
def test_a_replays_last_frame_of_a_round_shows_the_scores_after_it_s16(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    """§16 本场累计积分: a replay's frame at a round's end shows each seat's total with the round's
    points in it, at every rule set's table, so the session's last frame shows its final totals;
    the control: the round's first frame still shows the totals before it."""
    log = tmp_path / "play.log"
    rounds = "4" if "--mode" in flags else "2"
    done = hexmj(
        "play", *flags, "--seed", "1", "--rounds", rounds, "--agents", "greedy",
        "--log", str(log), "--json", "--db", "none",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    finals = {s["seat"]: s["total"] for s in json.loads(done.stdout)["standings"]}
    assert any(finals.values()), "nobody scored: the case shows nothing"
    replay = build([json.loads(line) for line in log.read_text().splitlines()], "play.log")
    assert replay.frames[-1].scores == finals
    last_round = replay.rounds()[max(replay.rounds())]
    assert replay.frames[last_round].scores != finals
