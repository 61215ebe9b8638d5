"""The one way of playing every rule set, tried by a user who means to break it (issue 33 item 1,
R800–R804): logs and records files damaged in the ways a hand, an editor or a kill damages them,
and a person at the terminal typing what no option is.  Every refusal is one line naming where and
what, with its exit code, the file untouched; every success is byte for byte the run that never
stopped."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create, play, seat_view
from durable_support import hexmj_command
from pools_lint_cli import run_hexmj

from engine.core.log_lines import dumps

STANDARD = ["play", "--rules", "standard", "--seed", "5", "--rounds", "1", "--db", "none"]
HONGZHONG_RUN = ["simulate", "--rules", "hongzhong", "--games", "2", "--seed", "5", "--db", "none"]


def redigest(head: dict[str, Any]) -> dict[str, Any]:
    """The header with the digest hexmj would have given it."""
    fields = {key: value for key, value in head.items() if key != "digest"}
    return {**fields, "digest": hashlib.sha256(dumps(fields).encode()).hexdigest()[:16]}


@pytest.fixture
def standard_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A finished one-round standard session's log."""
    log = tmp_path / "s.jsonl"
    assert run_hexmj([*STANDARD, "--log", str(log)], monkeypatch, capsys)[0] == 0
    return log


def test_a_records_file_saved_with_crlf_is_refused_as_edited_not_resumed_r781(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3, R781: a 红中 run's records file cut after its first record and saved by an editor with
    CRLF line ends is not the file hexmj wrote: ``--resume`` is exit 5 at line 1 and the file is
    kept, where before it went on and left a file of mixed line ends that no uninterrupted run
    writes; the same cut with hexmj's own line ends resumes to the uninterrupted file (control)."""
    whole, run = tmp_path / "whole.jsonl", tmp_path / "run.jsonl"
    assert run_hexmj([*HONGZHONG_RUN, "--records", str(whole)], monkeypatch, capsys)[0] == 0
    raw = whole.read_bytes()
    cut = raw[: raw.index(b"\n", raw.index(b"\n") + 1) + 1]
    run.write_bytes(cut.replace(b"\n", b"\r\n"))
    code, out, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == (
        f"hexmj: error: {run}:1: edited after the run: a records file goes on only as hexmj wrote it\n"
    )
    assert run.read_bytes() == cut.replace(b"\n", b"\r\n")
    run.write_bytes(cut)
    code, _, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "") and run.read_bytes() == raw


def test_a_record_line_re_spaced_is_refused_at_its_line_r781(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R781: a kept record re-spaced by a JSON tool says the same record, but is no longer the
    line hexmj wrote: exit 5 at its line, the file kept."""
    run = tmp_path / "run.jsonl"
    assert run_hexmj([*HONGZHONG_RUN, "--records", str(run)], monkeypatch, capsys)[0] == 0
    lines = run.read_bytes().split(b"\n")
    spaced = json.dumps(json.loads(lines[1]), ensure_ascii=False).encode()
    damaged = b"\n".join([lines[0], spaced]) + b"\n"
    run.write_bytes(damaged)
    code, _, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert code == 5
    assert err == (
        f"hexmj: error: {run}:2: edited after the run: a records file goes on only as hexmj wrote it\n"
    )
    assert run.read_bytes() == damaged


@pytest.mark.parametrize("rules", [5, None, ["standard"]])
def test_a_log_header_whose_rules_is_no_name_is_refused_at_that_field_s18_3(
    rules: Any, standard_log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3: a standard log whose header's ``rules`` is not a name (re-digested, as a careful
    editor would) is refused at ``file:1`` naming ``rules`` by ``replay``, ``record`` and
    ``--resume`` alike, exit 5; before, the header was read as hextech's and the error named its
    ``mode``, a field the log never had."""
    lines = standard_log.read_bytes().split(b"\n")
    head = redigest({**json.loads(lines[0]), "rules": rules})
    damaged = b"\n".join([dumps(head).encode(), *lines[1:]])
    standard_log.write_bytes(damaged)
    shown = json.dumps(rules)
    db = str(standard_log.with_suffix(".db"))
    for argv in (["replay", str(standard_log)], ["record", str(standard_log), "--db", db]):
        code, out, err = run_hexmj(argv, monkeypatch, capsys)
        assert (code, out) == (5, "")
        assert err == (
            f"hexmj: error: {standard_log}:1: session header: rules: "
            f"expected a rule set's name, got {shown}\n"
        )
    code, _, err = run_hexmj(["play", "--resume", str(standard_log), "--db", "none"], monkeypatch, capsys)
    assert code == 5 and ":1: session header: rules: expected a rule set's name" in err
    assert standard_log.read_bytes() == damaged


def test_a_log_that_goes_on_after_its_end_line_is_not_called_cut_short_r760(
    standard_log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R760: a finished standard log with a decision line pasted after its end line was not cut
    short, and ``play --resume`` refuses it: ``replay`` and ``record`` say, as ``--resume`` does,
    that the log goes on after the session ends (exit 5, the file kept), where before they sent
    the user to ``play --resume``."""
    raw = standard_log.read_bytes()
    decision = next(line for line in raw.split(b"\n") if b'"type":"decision"' in line)
    damaged = raw + decision + b"\n"
    standard_log.write_bytes(damaged)
    count, db = damaged.count(b"\n"), str(standard_log.with_suffix(".db"))
    said = f"hexmj: error: {standard_log}: the log goes on after the session ends (line {count})\n"
    for argv in (
        ["replay", str(standard_log)],
        ["record", str(standard_log), "--db", db],
        ["play", "--resume", str(standard_log), "--db", "none"],
    ):
        code, out, err = run_hexmj(argv, monkeypatch, capsys)
        assert (code, out, err) == (5, "", said), argv
    assert standard_log.read_bytes() == damaged


def test_a_line_typed_at_the_terminal_is_read_within_bounds_standard_chupai_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard rules 出牌 (三): the person at seat A pastes a line of a million characters, then
    an option's number, then leaves: the long line is refused in one short line without quoting
    it, the number after it is taken as the answer, and the session stops at the next decision
    (exit 7) with the answer logged; a short junk word is still quoted back (control)."""
    log = tmp_path / "s.jsonl"
    typed = "x" * 1_000_000 + "\nzzz\n1\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    argv = [*STANDARD, "--agents", "human,greedy,greedy,greedy", "--log", str(log)]
    code, out, err = run_hexmj(argv, monkeypatch, capsys)
    assert (code, out) == (7, "")
    assert "xxxxxxxxxx" not in err and len(err) < 20_000
    assert "A> a line of more than 200 characters names no option: type a number 1–" in err
    assert "A> 'zzz' is not one of the options" in err
    answered = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    mine = [line for line in answered if line["type"] == "decision" and line["player"] == "A"]
    assert len(mine) == 1 and mine[0]["answer"] == mine[0]["options"][0]


def test_a_hextech_run_kept_with_a_relative_pool_resumes_from_another_folder_s18_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.2, R781, R804: a strategy run given ``--pool pool.yaml`` in its own folder keeps the pool
    file where it is, not as typed; ``--resume`` from another folder, which holds another
    ``pool.yaml`` drawing three silver augments, goes on with the run's own pool to the file of the
    run that never stopped (before, it read the other folder's file and refused the run as played
    with other cards), and ``--pool`` given again as the same file by another path is taken."""
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    (here / "pool.yaml").write_text("mode: strategy\n", encoding="utf-8")
    (there / "pool.yaml").write_text("mode: strategy\nseed: 1\ndraw:\n  S: 3\n", encoding="utf-8")
    monkeypatch.chdir(here)
    args = ["simulate", "--games", "2", "--rounds", "4", "--pool", "pool.yaml", "--db", "none"]
    assert run_hexmj([*args, "--records", "run.jsonl"], monkeypatch, capsys)[0] == 0
    run = here / "run.jsonl"
    raw = run.read_bytes()
    assert json.loads(raw.split(b"\n")[0])["pool"] == str(here / "pool.yaml")
    cut = raw[: raw.index(b"\n", raw.index(b"\n") + 1) + 1]
    run.write_bytes(cut)
    monkeypatch.chdir(there)
    code, _, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "") and run.read_bytes() == raw
    run.write_bytes(cut)
    again = ["simulate", "--resume", str(run), "--pool", "../here/pool.yaml", "--db", "none"]
    code, _, err = run_hexmj(again, monkeypatch, capsys)
    assert (code, err) == (0, "") and run.read_bytes() == raw


def test_a_finished_run_resumed_reports_its_figures_and_stores_what_the_store_lacks_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3, R781, R804: Ctrl-C after a run's last record is written but before its figures are
    printed leaves a finished records file; ``--resume`` of it plays no game and prints the figures
    of the run that never stopped, storing the records a store lacks, the file untouched (before,
    it was exit 5, "nothing to resume", and the figures were lost but for playing the run again)."""
    run, db = tmp_path / "run.jsonl", tmp_path / "again.db"
    code, figures, _ = run_hexmj([*HONGZHONG_RUN, "--json", "--records", str(run)], monkeypatch, capsys)
    assert code == 0
    raw = run.read_bytes()
    resumed = ["simulate", "--resume", str(run), "--json", "--db", str(db)]
    code, out, err = run_hexmj(resumed, monkeypatch, capsys)
    assert (code, err) == (0, "") and out == figures and run.read_bytes() == raw
    listed = run_hexmj(["records", "--rules", "hongzhong", "--db", str(db)], monkeypatch, capsys)
    assert listed[0] == 0 and listed[1].startswith("2 sessions of hongzhong in ")
    assert run_hexmj(resumed, monkeypatch, capsys)[1] == figures
    again = run_hexmj(["records", "--rules", "hongzhong", "--db", str(db)], monkeypatch, capsys)
    assert again[1] == listed[1]


def test_a_stored_row_of_bytes_not_utf8_stops_its_standard_table_at_that_row_r770(tmp_path: Path) -> None:
    """§16, R770: a standard table's stored decision row overwritten with bytes that are not UTF-8
    (SQLite keeps them) is refused at its row in the log reader's words, as the same line in a file
    is (``not UTF-8 text (byte 0xff)``): after a restart the table is stopped with that reason and
    its seat is shown stopped, where before its rows did not read at all and its seats answered
    "no seat has this token"; a 红中 table beside it plays on (control)."""
    db = tmp_path / "console.db"
    with console(db) as client:
        made = create(client, rules="standard", seed=2, bots=["B", "C", "D"], test=True)
        other = create(client, rules="hongzhong", seed=3, bots=["B", "C", "D"], test=True)
        tokens = {
            name: {s: v["token"] for s, v in t["seats"].items()} for name, t in (("s", made), ("h", other))
        }
        assert play(client, tokens["s"], seed=1, limit=2) == 2
    table = made["table"]
    with sqlite3.connect(db) as raw:
        rows = raw.execute(
            "SELECT seq, line FROM console_lines WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
        place, (seq, line) = next((n, row) for n, row in enumerate(rows, 1) if '"type":"decision"' in row[1])
        damaged = line.encode()[:12] + b"\xff" + line.encode()[13:]
        raw.execute(
            "UPDATE console_lines SET line = CAST(? AS TEXT) WHERE table_id = ? AND seq = ?",
            (damaged, table, seq),
        )
    with console(db) as client:
        view = seat_view(client, tokens["s"]["A"])
        assert view["state"] == "stopped" and view["options"] == []
        assert view["reason"] == f"table {table} session 1:{place}: not UTF-8 text (byte 0xff)"
        assert play(client, tokens["h"], seed=1, limit=1) == 1


def test_ctrl_c_after_the_last_record_names_the_resume_that_gives_the_figures_r201(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R201, R804: Ctrl-C while a 红中 run's figures are being made, every record already kept, is
    exit 130 with one line naming the games played and ``hexmj simulate --resume FILE``, which then
    prints the figures of the run; without ``--records``, the line says the same command plays the
    same games again (control).  Before, it said only that the command stopped."""
    from tools.lab.table_games import TableGames

    run = tmp_path / "run.jsonl"
    whole = run_hexmj([*HONGZHONG_RUN, "--json"], monkeypatch, capsys)[1]
    real = TableGames.figures

    def pressed(*args: Any) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(TableGames, "figures", pressed)
    code, out, err = run_hexmj([*HONGZHONG_RUN, "--json", "--records", str(run)], monkeypatch, capsys)
    assert (code, out) == (130, "")
    assert err == (
        "hexmj: interrupted: simulate stopped after its 2 games, before its figures were reported; "
        f"continue with: hexmj simulate --resume {run}\n"
    )
    code, _, err = run_hexmj([*HONGZHONG_RUN, "--json"], monkeypatch, capsys)
    assert code == 130 and err.endswith(
        "the same command plays the same games again (same --seed, same figures)\n"
    )
    monkeypatch.setattr(TableGames, "figures", real)
    code, out, err = run_hexmj(
        ["simulate", "--resume", str(run), "--json", "--db", "none"], monkeypatch, capsys
    )
    assert (code, out, err) == (0, whole, "")


def test_a_log_being_resumed_is_not_resumed_again_at_the_same_time_r802(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R382, R802: while one ``hexmj play --resume LOG`` goes on with a standard session (its person
    at the terminal being asked), a second ``--resume`` of the same log is exit 5 in one line and
    writes nothing, where before both went on and interleaved their lines into a log that no longer
    replays; once the first has stopped (end of input, exit 7), the log resumes (control)."""
    log = tmp_path / "s.jsonl"
    argv = [*STANDARD, "--agents", "human,greedy,greedy,greedy", "--log", str(log)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert run_hexmj(argv, monkeypatch, capsys)[0] == 7
    kept = log.read_bytes()
    first = subprocess.Popen(
        hexmj_command("play", "--resume", str(log), "--db", "none"),
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
    )
    try:
        assert first.stderr is not None and first.stdin is not None
        asked = b""
        while not asked.endswith(b"A> "):
            byte = first.stderr.read(1)
            assert byte, asked[-300:]
            asked += byte
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
        code, out, err = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
        assert (code, out) == (5, "")
        assert err == f"hexmj: error: {log}: another hexmj is going on with this file; wait for it to end\n"
        assert log.read_bytes() == kept
        first.stdin.close()
        assert first.wait(timeout=60) == 7
    finally:
        first.kill()
        first.wait()
    code, out, _ = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert code == 0
    assert run_hexmj(["replay", str(log)], monkeypatch, capsys)[:2] == (0, out)
