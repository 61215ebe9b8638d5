"""How every ``hexmj`` run ends (tools/cli.py): one ``hexmj: error:`` line at most, a distinct exit
status, never a traceback; usage errors 2, Ctrl-C 130, a closed pipe quiet, a defect 70."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import tools.cmd_score
from tools.cli import main

HEXMJ = str(Path(sys.executable).with_name("hexmj"))
DATA = Path(__file__).parent / "data" / "lint"


def test_bare_hexmj_prints_help_and_no_empty_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj`` alone shows the command list (exit 2, as a usage error) without a blank error line."""
    code, out, err = run_hexmj([], monkeypatch, capsys)
    assert code == 2 and "score" in out and "lint" in out
    assert "error" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "--bogus"], "hexmj: error: No such option: --bogus (see 'hexmj score --help')\n"),
        (["nosuch"], "hexmj: error: No such command 'nosuch' (see 'hexmj --help')\n"),
        (["card", "show"], "hexmj: error: Missing argument 'card_id' (see 'hexmj card show --help')\n"),
    ],
)
def test_usage_errors_are_one_line_naming_the_commands_help(
    argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A usage error: exit 2, one line that says what and where to look."""
    code, out, err = run_hexmj(argv, monkeypatch, capsys)
    assert (code, out, err) == (2, "", message)


def test_a_commands_own_exit_status_passes_through(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``lint`` exits 1 when it finds errors: the status is the command's, not an error of main."""
    code, out, err = run_hexmj(["lint", str(DATA / "syntax.hex")], monkeypatch, capsys)
    assert code == 1 and "error SYNTAX" in out and err == ""


def test_keyboard_interrupt_exits_130_saying_what_stopped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the middle of a command: exit 130, one line naming the command that stopped."""

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tools.cmd_score, "score_text", interrupted)
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    code, out, err = run_hexmj(["score"], monkeypatch, capsys)
    assert (code, out, err) == (
        130,
        "",
        "hexmj: interrupted: hexmj score stopped before it finished (Ctrl-C)\n",
    )


def test_a_closed_pipe_ends_quietly() -> None:
    """``hexmj cards --json | head -1``: the reader goes away, hexmj stops without a word."""
    with subprocess.Popen([HEXMJ, "cards", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read()
        proc.wait(timeout=60)
    assert err == b"" and proc.returncode == 1


def test_a_defect_is_one_line_and_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unexpected exception is reported, not dumped; HEXMJ_TRACEBACK=1 lets it through."""

    def broken(*_: object) -> None:
        raise RuntimeError("boom\n  details on a second line")

    monkeypatch.setattr(tools.cmd_score, "score_text", broken)
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    monkeypatch.delenv("HEXMJ_TRACEBACK", raising=False)
    code, out, err = run_hexmj(["score"], monkeypatch, capsys)
    assert code == 70 and out == ""
    assert err == "hexmj: error: unexpected RuntimeError: boom (defect; HEXMJ_TRACEBACK=1 shows where)\n"
    monkeypatch.setenv("HEXMJ_TRACEBACK", "1")
    monkeypatch.setattr(sys, "argv", ["hexmj", "score"])
    with pytest.raises(RuntimeError, match="boom"):
        main()


@pytest.mark.parametrize(
    "argv",
    [["cards", "--json"], ["card", "show", "S-08", "--json"], ["pool", "--mode", "all", "--json"]],
)
def test_outputs_are_byte_identical_and_keep_chinese_readable(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Same inputs, same bytes; Chinese names are printed as such, not as \\u escapes."""
    first = run_hexmj(argv, monkeypatch, capsys)
    second = run_hexmj(argv, monkeypatch, capsys)
    assert first == second and first[0] == 0
    assert "\\u" not in first[1]
    json.loads(first[1])


def test_output_is_utf8_whatever_the_locale_encoding() -> None:
    """A terminal set to Latin-1 still gets the card's Chinese name, as UTF-8, not a crash."""
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    argv = [HEXMJ, "card", "show", "S-08", "--json"]
    done = subprocess.run(argv, capture_output=True, env=env, check=False)
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout.decode("utf-8"))["name"] == "绝张观察"
