"""``hexmj score`` on awkward input (§13, tools/cmd_score.py): each problem one line naming the
source and the field, exit 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

HEXMJ = str(Path(sys.executable).with_name("hexmj"))
PLAIN = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}


def score_stdin(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """``hexmj score`` with ``text`` on stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run_hexmj(["score"], monkeypatch, capsys)


def test_a_missing_file_is_named_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file's name appears once, then what went wrong."""
    missing = tmp_path / "win.json"
    code, out, err = run_hexmj(["score", str(missing)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: {missing}: cannot read: No such file or directory\n"


def test_a_byte_order_mark_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A request saved by an editor that writes a UTF-8 BOM scores like any other."""
    path = tmp_path / "win.json"
    path.write_text("\ufeff" + json.dumps(PLAIN), encoding="utf-8")
    code, out, _ = run_hexmj(["score", str(path)], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["legal"] is True


def test_a_file_that_is_not_utf8_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Broken UTF-8 in a file: one line, exit 2."""
    path = tmp_path / "win.json"
    path.write_bytes(b'{"concealed": "\xff"}')
    code, _, err = run_hexmj(["score", str(path)], monkeypatch, capsys)
    assert (code, err) == (2, f"hexmj: error: {path}: not UTF-8 text\n")


def test_stdin_that_is_not_utf8_is_refused() -> None:
    """Broken UTF-8 on stdin, through the console script: the same message, not a pydantic one."""
    done = subprocess.run(
        [HEXMJ, "score"], input=b'{"concealed": "\xff\xfe"}', capture_output=True, check=False
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"hexmj: error: <stdin>: not UTF-8 text\n"


@pytest.mark.parametrize("text", ["", "  \n"])
def test_empty_input_says_what_is_expected(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing on stdin (a forgotten file argument): say that a JSON object was expected."""
    code, _, err = score_stdin(text, monkeypatch, capsys)
    assert code == 2
    assert err == "hexmj: error: <stdin>: empty input; expected one JSON object describing the win\n"


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({**PLAIN, "flags": ["last_tile", "lucky"]}, "flags[1]: "),
        ({**PLAIN, "treasure": [7]}, "treasure[0]: "),
        ({**PLAIN, "melds": [["pon", "555p"]]}, "melds[0]: "),
        ({**PLAIN, "contract": {"id": 5}}, "contract.id: "),
    ],
)
def test_list_fields_are_named_with_their_index(
    payload: dict[str, object],
    field: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad list item is named as the documentation writes it, ``melds[0]``, not ``melds.0``."""
    code, _, err = score_stdin(json.dumps(payload), monkeypatch, capsys)
    assert code == 2 and err.startswith(f"hexmj: error: <stdin>: {field}")
