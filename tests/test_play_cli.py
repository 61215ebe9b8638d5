"""``hexmj play`` and ``hexmj replay`` (issue: the game engine, §4–§16): account, JSON, log, replay,
resume."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from engine.core.errors import HexError
from tools.cli import app
from tools.exit_codes import exit_code
from tools.hextech_session import session_cards
from tools.lab.store import SessionRow, open_store

runner = CliRunner()


def _code(result: Result) -> int:
    """The exit code ``hexmj`` gives: a :class:`HexError` exits with its own code (tools/cli.py)."""
    if isinstance(result.exception, HexError):
        return exit_code(result.exception)
    return result.exit_code


ARGS = [
    "play",
    "--seed",
    "4",
    "--mode",
    "strategy",
    "--rounds",
    "4",
    "--agents",
    "random,greedy,greedy,random",
]


def test_json_has_the_documented_shape_and_same_seed_same_bytes_s16() -> None:
    first = runner.invoke(app, [*ARGS, "--json"])
    again = runner.invoke(app, [*ARGS, "--json"])
    assert first.exit_code == 0, first.output
    assert first.output == again.output
    doc = json.loads(first.output)
    assert set(doc) >= {"seed", "mode", "rounds", "standings"}
    rnd = doc["rounds"][0]
    assert set(rnd) >= {
        "number",
        "dealer",
        "world",
        "treasure",
        "contracts",
        "wins",
        "wall_left_at_wins",
        "scores",
    }
    assert set(rnd["scores"]) == {"A", "B", "C", "D"}
    assert sorted(s["rank"] for s in doc["standings"])[0] == 1


def test_readable_account_names_rounds_and_standings_s16() -> None:
    out = runner.invoke(app, ARGS)
    assert out.exit_code == 0
    assert "Round 1  dealer A  world W-" in out.output and "Standings" in out.output


def test_replay_reproduces_the_log_and_rejects_a_tampered_one(tmp_path: Path) -> None:
    """§18.3: a log replays to the same bytes; a changed answer is refused (exit 5)."""
    log = tmp_path / "s.log"
    played = runner.invoke(app, [*ARGS, "--json", "--log", str(log)])
    replayed = runner.invoke(app, ["replay", str(log), "--json"])
    assert replayed.exit_code == 0 and replayed.output == played.output
    lines = log.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if '"discard ' in line and '"type":"decision"' in line)
    record = json.loads(lines[index])
    record["answer"] = next(o for o in record["options"] if o != record["answer"])
    lines[index] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    broken = runner.invoke(app, ["replay", str(log)])
    assert _code(broken) == 5


def test_resume_continues_a_cut_log_to_the_same_bytes(tmp_path: Path) -> None:
    """§18.3: a log cut halfway resumes to the very bytes of the uncut session."""
    full = tmp_path / "full.log"
    played = runner.invoke(app, [*ARGS, "--log", str(full)])
    assert played.exit_code == 0, played.output
    data = full.read_bytes()
    cut = tmp_path / "cut.log"
    cut.write_bytes(data[: len(data) // 2])
    resumed = runner.invoke(app, ["play", "--resume", str(cut)])
    assert resumed.exit_code == 0, resumed.output
    assert cut.read_bytes() == data


def test_bad_agent_name_is_a_one_line_input_error() -> None:
    """An unknown agent is malformed input (exit 2): one line naming the agent and the seat."""
    out = runner.invoke(app, ["play", "--agents", "greedy,robot,greedy,greedy"])
    assert _code(out) == 2
    message = str(out.exception)
    assert "\n" not in message and "unknown agent 'robot' for B" in message


def test_play_with_a_pool_file_plays_its_world_cards_and_replays_s18_2(tmp_path: Path) -> None:
    """§18.2, §18.4: ``play --pool FILE`` plays the file's cards; the log's header names the pool and its
    cards, so ``replay`` reproduces the session; the stored record names the pool file."""
    pool = tmp_path / "two-worlds.yaml"
    pool.write_text("mode: strategy\ndraw:\n  W: [W-01, W-02]\n", encoding="utf-8")
    log = tmp_path / "s.log"
    played = runner.invoke(app, [*ARGS, "--pool", str(pool), "--json", "--log", str(log)])
    assert played.exit_code == 0, played.output
    worlds = {r["world"] for r in json.loads(played.stdout)["rounds"]}
    assert worlds <= {"W-01", "W-02"} and worlds
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["pool"] == str(pool)
    assert [c for c in header["cards"] if c.startswith("W-")] == ["W-01", "W-02"]
    pool.unlink()
    replayed = runner.invoke(app, ["replay", str(log), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout == played.stdout
    with Session(open_store()) as session:
        assert list(session.scalars(select(SessionRow.pool))) == ["two-worlds.yaml"]


def test_play_with_a_missing_pool_file_is_an_input_error_s18_2(tmp_path: Path) -> None:
    """§18.2: a pool file that is not there stops the command before play (exit 2)."""
    out = runner.invoke(app, [*ARGS, "--pool", str(tmp_path / "none.yaml")])
    assert _code(out) == 2


def test_a_lucky_number_suggested_from_five_number_tiles_has_eleven_digits(tmp_path: Path) -> None:
    """lib B-15: "写下一个只含1至9的11位虚构幸运号码". At seed 60 C takes B-15 holding five number
    tiles (1 4 7 9 9); the number made of their digits is repeated to eleven, and the session ends."""
    log = tmp_path / "s60.jsonl"
    args = ["play", "--seed", "60", "--mode", "all", "--agents", "random", "--db", "none", "--log", str(log)]
    result = runner.invoke(app, args)
    assert _code(result) == 0, result.output
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    offers = [
        line["options"]
        for line in lines
        if line["type"] == "decision" and line["kind"] == "choose" and line["about"] == "B-15"
    ]
    assert ["13812345678", "14799147991"] in offers
    assert all(len(number) == 11 and set(number) <= set("123456789") for offer in offers for number in offer)


def test_the_pool_played_by_every_session_is_kept_out_of_the_collector_s18_2() -> None:
    """A mode's pool is compiled once per process and then left out of the cyclic garbage
    collector's passes (docs/performance.md): its cards are in no generation the collector walks."""
    gc.unfreeze()
    session_cards.cache_clear()
    cards, _ = session_cards("strategy")
    walked = {id(o) for o in gc.get_objects()}
    assert gc.get_freeze_count() > 0
    assert not any(id(card) in walked for card in cards)
