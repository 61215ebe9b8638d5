"""Session logs edited or damaged by hand (engine/hextech/log.py, R191): every damaged line is one
``file:line`` error with exit 5, never a Python message nor exit 70; a header edited after play is
caught by its digest; ``play --resume`` refuses flags that contradict the log."""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj

from engine.core.log_lines import dumps
from tools.cli import main

PLAY = ["play", "--seed", "4", "--rounds", "4", "--mode", "strategy", "--db", "none"]

Line = dict[str, Any]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> list[Line]:
    """The lines of a shortened session's log (§18.1), played once for the module."""
    log = tmp_path_factory.mktemp("log") / "s.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["hexmj", *PLAY, "--log", str(log)])
        with pytest.raises(SystemExit) as done:
            main()
    assert done.value.code in (0, None)
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def redigest(head: Line) -> Line:
    """The header with the digest it would have had if hexmj had written it so."""
    fields = {key: value for key, value in head.items() if key != "digest"}
    return {**fields, "digest": hashlib.sha256(dumps(fields).encode()).hexdigest()[:16]}


def write(path: Path, lines: list[Line], first: str | None = None) -> Path:
    text = [first if first is not None else dumps(lines[0]), *(dumps(line) for line in lines[1:])]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path


def header_with(**changes: Any) -> Callable[[list[Line]], list[Line]]:
    return lambda lines: [redigest({**lines[0], **changes}), *lines[1:]]


def without_answer(lines: list[Line]) -> list[Line]:
    index = next(i for i, line in enumerate(lines) if line["type"] == "decision")
    damaged = {key: value for key, value in lines[index].items() if key != "answer"}
    return [*lines[:index], damaged, *lines[index + 1 :]]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (without_answer, "{log}:3: a decision line needs its answer as a text"),
        (
            header_with(agents=["greedy", "greedy", "greedy"]),
            '{log}:1: session header: agents: expected 4 agent names, got ["greedy","greedy","greedy"]',
        ),
        (
            header_with(agents=["greedy", "greedy", "greedy", "grumpy"]),
            "{log}:1: session header: agents: unknown agent 'grumpy' for D (one of random, greedy, search, "
            "human, console, web)",
        ),
        (header_with(rounds="x"), "{log}:1: session header: rounds: expected 8 or 4, got x"),
        (
            header_with(seed=10**30),
            f"{{log}}:1: session header: seed: expected a whole number of 64 bits, got {10**30}",
        ),
        (header_with(cards=5), "{log}:1: session header: cards: expected a list of card ids, got 5"),
        (
            header_with(mode="nope"),
            "{log}:1: session header: mode: expected one of strategy, party, all, got nope",
        ),
    ],
    ids=["no-answer", "three-agents", "unknown-agent", "rounds", "huge-seed", "cards", "mode"],
)
def test_a_damaged_log_is_one_located_error_exit_5(
    damage: Callable[[list[Line]], list[Line]],
    message: str,
    played: list[Line],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A missing answer was a KeyError, three agents an engine fault (exit 70), a bad field a Python
    message ("invalid literal for int()"); each is now the log's file, line and field, for replay and
    resume alike."""
    finished = write(tmp_path / "s.jsonl", damage(played))
    cut = write(tmp_path / "cut.jsonl", damage(played[:40]))
    for log, command in ((finished, "replay"), (cut, "play --db none --resume")):
        code, out, err = run_hexmj([*command.split(), str(log)], monkeypatch, capsys)
        assert (code, out, err) == (5, "", f"hexmj: error: {message.format(log=log)}\n")


def test_a_header_seed_of_1e999_is_a_located_error(
    played: list[Line], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON reads ``1e999`` as infinity; it used to end in OverflowError (exit 70)."""
    log = write(tmp_path / "s.jsonl", played, dumps(played[0]).replace('"seed":4', '"seed":1e999'))
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, err) == (
        5,
        f"hexmj: error: {log}:1: session header: seed: expected a whole number of 64 bits, got Infinity\n",
    )


@pytest.mark.parametrize("field", ["agents", "pool"])
def test_a_header_edited_after_play_is_caught_by_its_digest(
    field: str,
    played: list[Line],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A log promises its header as written (its digest) and every later line (replay re-makes it):
    other agents or another pool in the header replayed silently before; now exit 5 at line 1.  The
    log as written replays."""
    edited = {"agents": ["random"] * 4, "pool": "mine.yaml"}[field]
    log = write(tmp_path / "s.jsonl", [{**played[0], field: edited}, *played[1:]])
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, err) == (
        5,
        f"hexmj: error: {log}:1: digest: does not match the session header: edited after play: "
        "a log replays and resumes only as hexmj wrote it\n",
    )
    assert run_hexmj(["replay", str(write(log, played))], monkeypatch, capsys)[0] == 0


@pytest.mark.parametrize(
    ("flag", "phrase"),
    [
        (["--seed", "5"], "played with seed 4"),
        (["--mode", "all"], "played in mode strategy"),
        (["--rounds", "8"], "a session of 4 rounds"),
        (["--agents", "random,greedy,greedy,greedy"], "played by greedy,greedy,greedy,greedy"),
        (["--log", "other.jsonl"], "which goes on in itself"),
    ],
    ids=["seed", "mode", "rounds", "agents", "log"],
)
def test_resume_refuses_flags_that_contradict_the_log(
    flag: list[str],
    phrase: str,
    played: list[Line],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--resume`` used to ignore ``--seed 5`` and go on with the log's seed; a contradicting flag
    is refused (exit 2) before anything is appended, a flag that agrees is accepted."""
    cut = write(tmp_path / "s.jsonl", played[:40])
    before = cut.read_bytes()
    code, out, err = run_hexmj(["play", "--resume", str(cut), "--db", "none", *flag], monkeypatch, capsys)
    assert (code, out) == (2, "")
    name = flag[0].removeprefix("--")
    assert err == (
        f"hexmj: error: --{name} {flag[1]} contradicts the log {cut}, {phrase}: "
        f"leave --{name} out to resume\n"
    )
    assert cut.read_bytes() == before
    agreeing = ["--seed", "4", "--mode", "strategy", "--rounds", "4", "--log", str(cut)]
    code, out, err = run_hexmj(["play", "--resume", str(cut), "--db", "none", *agreeing], monkeypatch, capsys)
    assert (code, err) == (0, "") and "Standings" in out
    assert cut.read_text(encoding="utf-8").splitlines() == [dumps(line) for line in played]


@pytest.mark.parametrize("where", ["answer", "event"])
def test_a_megabyte_value_in_a_log_is_cut_in_the_message(
    where: str,
    played: list[Line],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A million-character answer or event field was echoed whole into the one-line error."""
    lines = [dict(line) for line in played]
    if where == "answer":
        lines[2] = {**lines[2], "answer": "x" * 1_000_000}
    else:
        lines[1] = {**lines[1], "data": {"mode": "x" * 1_000_000}}
    log = write(tmp_path / "s.jsonl", lines)
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert code == 5 and len(err) < 600
    assert err.startswith(f"hexmj: error: {log}:{2 if where == 'event' else 3}: ")
