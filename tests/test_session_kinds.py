"""One way to play a session from its log's header, for every rule set (issue 33 item 1; §18.3,
R382): a standard session and a hextech session are each played with their log and record, killed
halfway (the log's last line cut short as a kill leaves it), resumed to the same log, account and
record byte for byte, and replayed; the kind is chosen from ``--rules`` or the log's first line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import tools.kinds.play
from engine.core.errors import InputError, LogError
from engine.core.log_reader import first_line
from engine.hextech.log import LogHeader
from tools.kinds.choice import kind_named, kind_of_log, kind_to_resume
from tools.kinds.hextech import HextechSessionKind
from tools.kinds.play import play_logged, replay_logged, resume_logged, show
from tools.kinds.table import TableSessionKind

STANDARD = ["--rules", "standard", "--seed", "11", "--rounds", "2"]
HEXTECH = ["--seed", "11", "--rounds", "4", "--mode", "all"]
TITLES = {"standard": "session: seed 11, rules standard", "hextech": "海克斯麻将 session: seed 11, mode all"}


def killed_halfway(log: Path, cut: Path) -> bytes:
    """``cut`` holds ``log`` as a kill halfway through would leave it: its first half, the last line
    cut short; the whole log's bytes."""
    whole = log.read_bytes()
    half = len(whole) // 2
    assert whole[half - 1 : half + 1].count(b"\n") == 0
    cut.write_bytes(whole[:half])
    return whole


@pytest.mark.parametrize(("flags", "title"), [(STANDARD, TITLES["standard"]), (HEXTECH, TITLES["hextech"])])
def test_a_session_killed_halfway_resumes_to_the_same_log_account_and_record_s18_3_r382(
    flags: list[str],
    title: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """§18.3, R382: resumed after a kill, the session goes on as the one that never stopped: its log
    byte for byte, its account, and its record (the store already holds it); the replay of the
    resumed log prints the same account."""
    log, cut, db = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl", tmp_path / "records.db"
    code, account, _ = run_hexmj(["play", *flags, "--log", str(log), "--db", str(db)], monkeypatch, capsys)
    assert code == 0 and title in account.splitlines()[0]
    whole = killed_halfway(log, cut)
    code, resumed, err = run_hexmj(["play", "--resume", str(cut), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert cut.read_bytes() == whole
    assert resumed == account
    code, out, _ = run_hexmj(["record", str(cut), "--db", str(db)], monkeypatch, capsys)
    assert (code, out) == (0, f"{cut}: already stored as session 1 in sqlite:///{db}\n")
    code, replayed, _ = run_hexmj(["replay", str(cut)], monkeypatch, capsys)
    assert (code, replayed) == (0, account)


@pytest.mark.parametrize("flags", [STANDARD, HEXTECH], ids=["standard", "hextech"])
def test_a_log_changed_before_its_cut_is_refused_and_left_as_it_was_r382(
    flags: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Control: a logged answer changed in the half that was kept does not come out again; the
    resume stops at that line (exit 5) and the file is not touched."""
    log, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    assert run_hexmj(["play", *flags, "--log", str(log), "--db", "none"], monkeypatch, capsys)[0] == 0
    killed_halfway(log, cut)
    lines = cut.read_bytes().split(b"\n")
    number = next(i for i, line in enumerate(lines) if b'"decision"' in line and b'"answer"' in line)
    changed = lines[number].replace(b'"answer":"', b'"answer":"x', 1)
    cut.write_bytes(b"\n".join([*lines[:number], changed, *lines[number + 1 :]]))
    before = cut.read_bytes()
    code, out, err = run_hexmj(["play", "--resume", str(cut), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert f"{cut}:{number + 1}:" in err
    assert cut.read_bytes() == before


def test_the_kind_is_chosen_from_rules_or_the_logs_first_line_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3: ``--rules`` names the kind of a new session (hextech without it); a log's first line
    the kind of the session it records, whatever ``--rules`` would say; a hextech log resumed with
    ``--rules standard`` is refused naming both."""
    assert isinstance(kind_named(None, None), HextechSessionKind)
    assert kind_named("standard", ["min_fan=0"]) == TableSessionKind("standard")
    with pytest.raises(InputError, match="--option min_fan=0: options belong to --rules NAME"):
        kind_named(None, ["min_fan=0"])
    standard, hextech = tmp_path / "standard.jsonl", tmp_path / "hextech.jsonl"
    run_hexmj(["play", *STANDARD, "--log", str(standard), "--db", "none"], monkeypatch, capsys)
    run_hexmj(["play", *HEXTECH, "--log", str(hextech), "--db", "none"], monkeypatch, capsys)
    assert kind_of_log(first_line(standard)) == TableSessionKind("standard")
    assert isinstance(kind_of_log(first_line(hextech)), HextechSessionKind)
    assert kind_to_resume(standard, None, None, None) == TableSessionKind("standard")
    with pytest.raises(InputError, match=r"--rules standard contradicts the log .*, a session of hextech"):
        kind_to_resume(hextech, "standard", None, None)


def test_the_python_api_plays_and_replays_each_kind_the_same_s18_3(tmp_path: Path) -> None:
    """§18.3: :func:`play_logged` plays a hextech session from its header and :func:`replay_logged`
    gives its account again; :func:`resume_logged` of a finished log is refused."""
    kind = HextechSessionKind()
    log = tmp_path / "s.jsonl"
    played = play_logged(kind, LogHeader(3, "strategy", 4, ("greedy",) * 4, ()), log=log)
    again = replay_logged(kind, log, kind.read(log), "continue")
    assert show(kind, again, True) == show(kind, played, True)
    assert show(kind, again, False).startswith("海克斯麻将 session: seed 3, mode strategy")
    with pytest.raises(LogError, match="the session is finished; nothing to resume"):
        resume_logged(kind, log, {})


def test_ctrl_c_during_a_standard_replay_says_nothing_was_written_r760(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R760: a replay of any rule set's log stopped by Ctrl-C says what stopped and that nothing
    was written; the log is left as it was."""
    log = tmp_path / "standard.jsonl"
    run_hexmj(["play", *STANDARD, "--log", str(log), "--db", "none"], monkeypatch, capsys)
    before = log.read_bytes()

    def pressed(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tools.kinds.play, "drive", pressed)
    code, out, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, out) == (130, "")
    assert err == "hexmj: interrupted: replay stopped before the log's end; nothing was written\n"
    assert log.read_bytes() == before
