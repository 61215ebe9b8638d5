"""``hexmj play``, ``replay`` and ``simulate`` from the user's side: the log's path, a tampered
log's line and field, an engine fault, ``--help`` and the card folder (``--cards`` /
``$HEXMJ_CARDS``, §18.2, §18.4)."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj

from dsl.pools import DEFAULT_POOL_FILE
from engine.agents.bots import GreedyBot
from engine.core.errors import EngineFault, IllegalActionError
from engine.core.hand import decompose
from tools.cli import main
from tools.lab.runner import game_seed

PLAY = ["play", "--seed", "4", "--mode", "strategy", "--rounds", "4", "--db", "none"]

Run = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def hexmj(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``hexmj argv…`` in-process: (exit code, stdout, stderr)."""
    return lambda argv: run_hexmj(argv, monkeypatch, capsys)


def one_error_line(err: str) -> str:
    """The single ``hexmj: error:`` line of stderr, without its prefix."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hexmj: error: "), err
    return lines[0].removeprefix("hexmj: error: ")


def logged(tmp_path: Path, hexmj: Run) -> tuple[Path, list[dict[str, Any]]]:
    """A finished session's log and its lines."""
    log = tmp_path / "s.jsonl"
    assert hexmj([*PLAY, "--log", str(log)])[0] == 0
    return log, [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def tampered(log: Path, lines: list[dict[str, Any]], index: int, line: dict[str, Any]) -> Path:
    """A copy of the log with line ``index`` (0-based) replaced."""
    changed = [*lines[:index], line, *lines[index + 1 :]]
    out = log.with_name("tampered.jsonl")
    text = "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in changed)
    out.write_text(text, encoding="utf-8")
    return out


# 19 ---------------------------------------------------------------------------------------------


def test_log_into_missing_folders_makes_them_19(tmp_path: Path, hexmj: Run) -> None:
    """Missing folders of ``--log`` are made, as for every file hexmj writes; the log replays."""
    log = tmp_path / "new" / "sub" / "s.jsonl"
    code, played, err = hexmj([*PLAY, "--log", str(log), "--json"])
    assert (code, err) == (0, "")
    code, replayed, err = hexmj(["replay", str(log), "--json"])
    assert (code, err, replayed) == (0, "", played)


@pytest.mark.parametrize(
    ("target", "problem"),
    [
        (lambda tmp: tmp, "Is a directory"),
        (lambda tmp: tmp / "notes.txt" / "s.jsonl", "{parent} is not a folder"),
        (lambda tmp: Path("/dev/full"), "No space left on device"),
    ],
    ids=["onto-a-folder", "under-a-file", "full-device"],
)
def test_log_that_cannot_be_written_is_one_line_exit_2_19(
    tmp_path: Path, hexmj: Run, target: Callable[[Path], Path], problem: str
) -> None:
    """A log path that cannot be written: exit 2, one line naming the path and why; nothing else."""
    if not Path("/dev/full").exists() and problem.startswith("No space"):
        pytest.skip("no /dev/full here")
    (tmp_path / "notes.txt").write_text("notes\n", encoding="utf-8")
    before = sorted(tmp_path.rglob("*"))
    path = target(tmp_path)
    code, out, err = hexmj([*PLAY, "--log", str(path)])
    assert (code, out) == (2, "")
    assert one_error_line(err) == f"{path}: cannot write log: {problem.format(parent=path.parent)}"
    assert sorted(tmp_path.rglob("*")) == before


# 20, 21 -----------------------------------------------------------------------------------------


def test_an_illegal_logged_answer_names_its_file_and_line_20(tmp_path: Path, hexmj: Run) -> None:
    """An answer that is not among the logged decision's options: ``file:line``, exit 5."""
    log, lines = logged(tmp_path, hexmj)
    index = next(i for i, line in enumerate(lines) if line["type"] == "decision")
    line = {**lines[index], "answer": "S-99"}
    bad = tampered(log, lines, index, line)
    code, out, err = hexmj(["replay", str(bad)])
    assert (code, out) == (5, "")
    offered = "|".join(line["options"])
    assert one_error_line(err) == (
        f"{bad}:{index + 1}: logged answer does not fit: illegal answer 'S-99' to "
        f"{line['kind']} {line['player']} {line['about']}: {offered}"
    )


def test_a_divergence_names_the_first_differing_field_and_both_values_21(tmp_path: Path, hexmj: Run) -> None:
    """A changed event: its name, the dotted field and both whole values, on one line, exit 5."""
    log, lines = logged(tmp_path, hexmj)
    index = next(i for i, line in enumerate(lines) if line.get("name") == "augment.drafted")
    picks = dict(lines[index]["data"]["picks"])
    was = picks["A"]
    picks["A"] = "S-99"
    bad = tampered(log, lines, index, {**lines[index], "data": {**lines[index]["data"], "picks": picks}})
    code, out, err = hexmj(["replay", str(bad)])
    assert (code, out) == (5, "")
    assert one_error_line(err) == (
        f"{bad}:{index + 1}: replay diverges: augment.drafted: data.picks.A: logged S-99, "
        f"the session gives {was}"
    )


def test_a_divergent_decision_names_its_kind_and_a_missing_field_21(tmp_path: Path, hexmj: Run) -> None:
    """A field the logged line lacks is shown as ``(absent)``; a decision is named by its kind."""
    log, lines = logged(tmp_path, hexmj)
    index = next(i for i, line in enumerate(lines) if line["type"] == "decision")
    line = {key: value for key, value in lines[index].items() if key != "about"}
    bad = tampered(log, lines, index, line)
    code, _, err = hexmj(["replay", str(bad)])
    assert code == 5
    assert one_error_line(err) == (
        f"{bad}:{index + 1}: replay diverges: decision {line['kind']}: about: logged (absent), "
        f"the session gives {lines[index]['about']}"
    )


# 22 ---------------------------------------------------------------------------------------------


def broken_hand(self: GreedyBot, view: object, decision: object) -> str:
    """A bot that hands the hand check a hand the engine could never hold (6 tiles, no melds)."""
    decompose([0, 0, 0, 1, 2, 3])
    return ""


def illegal_answer(self: GreedyBot, view: object, decision: object) -> str:
    """A bot whose answer is none of the decision's options."""
    return "bogus"


ENGINE_BREAKS = pytest.mark.parametrize(
    ("decide", "problem"),
    [
        (broken_hand, "hand: 6 concealed tiles and 0 meld(s); a complete hand needs 14"),
        (illegal_answer, "illegal answer 'bogus' to "),
    ],
    ids=["hand-check", "bot-answer"],
)


@ENGINE_BREAKS
def test_an_engine_fault_in_simulate_is_exit_70_with_game_and_seed_22(
    tmp_path: Path,
    hexmj: Run,
    monkeypatch: pytest.MonkeyPatch,
    decide: Callable[..., str],
    problem: str,
) -> None:
    """Not the user's malformed input (2): exit 70, naming the game, its seed and how to replay it."""
    monkeypatch.setattr(GreedyBot, "decide", decide)
    db = f"sqlite:///{tmp_path / 'r.db'}"
    args = [
        "simulate",
        "--games",
        "1",
        "--workers",
        "1",
        "--mode",
        "strategy",
        "--rounds",
        "4",
        "--seed",
        "3",
        "--db",
        db,
    ]
    code, out, err = hexmj(args)
    assert (code, out) == (70, "")
    seed = game_seed(3, 0)
    message = one_error_line(err)
    assert message.startswith(f"game 0 (session seed {seed}): engine fault: {problem}")
    assert message.endswith(
        "(a defect of hexmj; please report it with the command that replays the session: "
        f"hexmj play --seed {seed} --mode strategy --rounds 4 --agents greedy,greedy,greedy,greedy)"
    )


@ENGINE_BREAKS
def test_an_engine_fault_in_play_is_exit_70_with_the_seed_22(
    tmp_path: Path,
    hexmj: Run,
    monkeypatch: pytest.MonkeyPatch,
    decide: Callable[..., str],
    problem: str,
) -> None:
    """``hexmj play`` reports the same way; what was logged before the fault stays in the log."""
    monkeypatch.setattr(GreedyBot, "decide", decide)
    log = tmp_path / "s.jsonl"
    code, out, err = hexmj([*PLAY, "--log", str(log)])
    assert (code, out) == (70, "")
    message = one_error_line(err)
    assert message.startswith(f"engine fault: {problem}")
    assert message.endswith(
        "hexmj play --seed 4 --mode strategy --rounds 4 --agents greedy,greedy,greedy,greedy)"
    )
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["type"] == "session"


def test_an_engine_fault_shows_where_with_hexmj_traceback_22(monkeypatch: pytest.MonkeyPatch) -> None:
    """``HEXMJ_TRACEBACK=1`` re-raises an engine fault for a bug report, as it does any defect."""
    monkeypatch.setattr(GreedyBot, "decide", illegal_answer)
    monkeypatch.setenv("HEXMJ_TRACEBACK", "1")
    monkeypatch.setattr(sys, "argv", ["hexmj", *PLAY])
    with pytest.raises(EngineFault, match="engine fault: illegal answer 'bogus'") as fault:
        main()
    assert isinstance(fault.value.__cause__, IllegalActionError)


# 23 ---------------------------------------------------------------------------------------------


def test_simulate_help_states_the_db_default_23(hexmj: Run) -> None:
    """``--help`` says where records go without ``--db``."""
    code, out, _ = hexmj(["simulate", "--help"])
    text = " ".join(out.replace("│", " ").split())
    assert code == 0
    assert "default $HEXMJ_DB, else hexmj-records.db in the working folder" in text


# 24 ---------------------------------------------------------------------------------------------


def new_version(folder: Path, hexmj: Run) -> None:
    """S-08-v2 in the working copy, played by its pool file (§18.4)."""
    pool = folder / DEFAULT_POOL_FILE.name
    code, _, err = hexmj(["card", "new-version", "S-08", "--cards", str(folder), "--use-in", str(pool)])
    assert (code, err) == (0, "")


def test_play_and_replay_take_the_card_folder_24(
    tmp_path: Path, working_copy: Path, hexmj: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --cards DIR`` plays DIR's version; ``$HEXMJ_CARDS`` stands for it; the log names the
    folder and replays with it without ``--cards`` (R807)."""
    new_version(working_copy, hexmj)
    log = tmp_path / "s.jsonl"
    code, played, err = hexmj([*PLAY, "--cards", str(working_copy), "--log", str(log), "--json"])
    assert (code, err) == (0, "")
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert "S-08-v2" in header["cards"] and "S-08" not in header["cards"]
    assert header["card_folder"] == str(working_copy.resolve())
    assert hexmj(["replay", str(log), "--json"]) == (0, played, "")
    monkeypatch.setenv("HEXMJ_CARDS", str(working_copy))
    assert hexmj(["replay", str(log), "--json"]) == (0, played, "")
    assert hexmj([*PLAY, "--json"]) == (0, played, "")


def test_simulate_takes_the_card_folder_24(
    tmp_path: Path, working_copy: Path, hexmj: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``simulate --cards DIR`` plays DIR's versions (another version fingerprint, §18.4), and a broken
    card there is a card error naming DIR's file, line and column (with its caret lines)."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    args = ["simulate", "--games", "1", "--workers", "1", "--rounds", "4", "--db", db, "--json"]
    code, house, _ = hexmj(args)
    assert code == 0
    new_version(working_copy, hexmj)
    code, copy, err = hexmj([*args, "--cards", str(working_copy)])
    assert (code, err) == (0, "")
    assert json.loads(copy)["versions"] != json.loads(house)["versions"]
    monkeypatch.setenv("HEXMJ_CARDS", str(working_copy))
    assert hexmj(args) == (0, copy, "")
    broken = shutil.copytree(working_copy, tmp_path / "broken")
    silver = broken / "silver.hex"
    text = silver.read_text(encoding="utf-8") + "\ncard S-99 {\n"
    silver.write_text(text, encoding="utf-8")
    code, out, err = hexmj([*args, "--cards", str(broken)])
    assert (code, out) == (4, "")
    assert err.startswith(f"hexmj: error: {silver}:{text.count(chr(10))}:")
