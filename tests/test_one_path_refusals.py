"""The refusals the one way of playing left open (issue 33 item 1, R805–R807): a finished log edited
after play, resumed; a console table's stored option of the wrong type; a log played with a card
folder named relative to where it was played."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

HEXTECH = ["play", "--seed", "5", "--rounds", "4", "--db", "none"]
STANDARD = ["play", "--rules", "standard", "--seed", "5", "--rounds", "1", "--db", "none"]


def _edited(log: Path) -> bytes:
    """The log with its second decision's answer changed to the first option it did not take."""
    lines = log.read_bytes().split(b"\n")
    place = [n for n, line in enumerate(lines) if b'"type":"decision"' in line][1]
    head, _, answer = lines[place].rpartition(b',"answer":')
    options = head.split(b'"options":[', 1)[1].rstrip(b"]").split(b",")
    other = next(option for option in options if option != answer.rstrip(b"}"))
    lines[place] = head + b',"answer":' + other + b"}"
    return b"\n".join(lines)


@pytest.mark.parametrize("flags", [HEXTECH, STANDARD], ids=["hextech", "standard"])
def test_a_finished_log_edited_after_play_is_refused_by_resume_as_by_record_s18_3(
    flags: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3, R805: a finished log whose logged answer was changed afterwards is refused by ``play
    --resume`` in ``record``'s words, at the line that no longer comes out (exit 5, the file kept),
    where before ``--resume`` called it finished and sent the user to ``record``, which refused it;
    the log as played is called finished, and ``record`` stores it (control)."""
    log, db = tmp_path / "s.jsonl", str(tmp_path / "r.db")
    assert run_hexmj([*flags, "--log", str(log)], monkeypatch, capsys)[0] == 0
    played = log.read_bytes()
    damaged = _edited(log)
    log.write_bytes(damaged)
    recorded = run_hexmj(["record", str(log), "--db", db], monkeypatch, capsys)
    assert recorded[0] == 5 and recorded[2].startswith(f"hexmj: error: {log}:")
    resumed = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert resumed == recorded
    assert log.read_bytes() == damaged
    log.write_bytes(played)
    code, out, err = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == (
        f"hexmj: error: {log}: the session is finished; nothing to resume "
        f"(hexmj record {log} stores its record if it was lost)\n"
    )
    code, out, _ = run_hexmj(["record", str(log), "--db", db], monkeypatch, capsys)
    assert code == 0 and out.startswith(f"{log}: stored as session 1 in ")
    assert log.read_bytes() == played
