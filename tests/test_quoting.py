"""Messages that quote a user's text show its control characters as escapes, never raw (issue 32
item 18, R592): a terminal must not take a card file's bytes, a typed id or a path for commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from engine.core.quoting import printable

RAW = ("\x1b", "\x07", "\x00", "\x7f", "\x9b", "\u202e", "\r")


def test_lint_shows_a_garbage_files_control_bytes_escaped_under_a_true_caret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj lint garbage.hex``: the quoted source line shows ``\\x1b[2J`` and ``\\x07``, not the
    bytes that clear the screen and ring the bell, and the caret still stands under the bad character."""
    garbage = tmp_path / "garbage.hex"
    garbage.write_bytes(b'card S-01 "a" silver {\n  on x\x1b[2J\x07y by holder do z()\n}\n')
    code, out, _ = run_hexmj(["lint", str(garbage)], monkeypatch, capsys)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{garbage}:2:7: error SYNTAX: unexpected character '\\x1b'")
    assert lines[1] == "    on x\\x1b[2J\\x07y by holder do z()"
    assert lines[2] == "  " + " " * len("  on x") + "^"
    assert not any(char in out for char in RAW)


def test_lint_escapes_a_non_utf8_file_with_c0_and_c1_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ENCODING finding quotes the line with NUL, DEL and a lone 0x9b (the C1 CSI) escaped."""
    garbage = tmp_path / "garbage.hex"
    garbage.write_bytes(b"card X-01 {\n\x00\x7f\x9b zz\n")
    code, out, _ = run_hexmj(["lint", str(garbage)], monkeypatch, capsys)
    assert code == 1
    lines = out.splitlines()
    assert lines[:3] == [
        f"{garbage}:2:3: error ENCODING: byte 0x9b is not UTF-8 text",
        "  \\x00\\x7f\ufffd zz",
        "  " + " " * 8 + "^",
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["card", "show", "S-0\x1b[31m"],
        ["lint", "no-such\x1b]0;owned\x07.hex"],
        ["replay", "log\u202ebad.jsonl"],
    ],
    ids=["card-id", "path", "bidi-path"],
)
def test_every_error_line_escapes_what_the_user_typed(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typed id or path comes back in the ``hexmj: error:`` line escaped, on one line."""
    code, _, err = run_hexmj(argv, monkeypatch, capsys)
    assert code != 0
    assert err.startswith("hexmj: error: ") and err.count("\n") == 1
    assert not any(char in err for char in RAW)
    assert printable(argv[-1]) in err


def test_printable_keeps_text_and_layout() -> None:
    """Chinese text, tabs and line feeds are the message's own and stay; controls are escaped."""
    assert printable("绝张观察\t1m\n") == "绝张观察\t1m\n"
    assert printable("a\x1b[0m\u202eb\U000e0001") == "a\\x1b[0m\\u202eb\\U000e0001"
