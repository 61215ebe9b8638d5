"""``hexmj lint`` on paths a designer may get wrong (dsl/lint.py): broken UTF-8 is a finding with a
place and a caret; a non-card file or an empty folder is a usage error, never a clean pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

DATA = Path(__file__).parent / "data" / "lint"


def test_broken_utf8_is_a_finding_with_line_column_and_caret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bad byte's line and column, the line with a caret, exit 1; the other files are still linted."""
    path = tmp_path / "broken.hex"
    path.write_bytes('card S-90 "测试" silver {\n  频率: "每局'.encode() + b"\xff" + '1次"\n}\n'.encode())
    code, out, err = run_hexmj(["lint", str(path), str(DATA / "syntax.hex")], monkeypatch, capsys)
    assert (code, err) == (1, "")
    lines = out.splitlines()
    at = lines.index(f"{path}:2:10: error ENCODING: byte 0xff is not UTF-8 text")
    assert lines[at + 1] == '    频率: "每局\ufffd1次"'
    assert lines[at + 2] == " " * 15 + "^"
    assert any("error SYNTAX" in line for line in lines)
    code, out, _ = run_hexmj(["lint", "--json", str(path)], monkeypatch, capsys)
    [finding] = json.loads(out)["findings"]
    assert code == 1 and finding["location"] == {"file": str(path), "line": 2, "column": 10}


def test_a_file_that_is_not_hex_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj lint notes.txt``: not linted as card language, one line, exit 2."""
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n", encoding="utf-8")
    code, out, err = run_hexmj(["lint", str(notes)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: {notes}: not a card file (card files end in .hex)\n"


def test_a_folder_without_card_files_is_not_a_clean_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Linting nothing (a wrong folder) must not report ``0 finding(s)``."""
    code, out, err = run_hexmj(["lint", str(tmp_path)], monkeypatch, capsys)
    assert (code, out, err) == (2, "", f"hexmj: error: {tmp_path}: no .hex card files in this folder\n")


def test_a_path_that_is_neither_file_nor_folder_is_named_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj lint /dev/null`` said "no such file or folder" of a path that exists."""
    code, out, err = run_hexmj(["lint", "/dev/null"], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == "hexmj: error: /dev/null: not a card file nor a folder of card files\n"
