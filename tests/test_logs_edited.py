"""A log edited by hand after play, in its header or in any line, is refused by ``hexmj replay`` and
``hexmj play --resume``: exit 5 and one line naming the line and the field (issue 32 item 18, R593).

A line re-spaced, re-escaped or with a key given twice reads back as the same JSON value, and a
header's format read as 1 skipped its digest: such edits replayed silently.  hexmj writes every line
in one byte-exact form, so a line that is not in it was edited."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from tools.cli import main

PLAY = ["play", "--seed", "4", "--rounds", "4", "--mode", "strategy", "--db", "none"]
EDITED = "edited after play: a log replays and resumes only as hexmj wrote it"


def play(tmp_path_factory: pytest.TempPathFactory, *extra: str) -> list[str]:
    log = tmp_path_factory.mktemp("log") / "s.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["hexmj", *extra, "--log", str(log)])
        with pytest.raises(SystemExit) as done:
            main()
    assert done.value.code in (0, None)
    return log.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def hextech(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a shortened hextech session's log (§18.1), as hexmj wrote them."""
    return play(tmp_path_factory, *PLAY)


@pytest.fixture(scope="module")
def standard(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a standard rules session's log (seed 002's table)."""
    return play(tmp_path_factory, "play", "--rules", "standard", "--seed", "2", "--db", "none")


def event_at(lines: list[str], name: str) -> int:
    """The index of the first event line of ``name``."""
    return next(i for i, line in enumerate(lines) if json.loads(line).get("name") == name)


Edit = Callable[[list[str]], tuple[int, str]]


def header_format_1(lines: list[str]) -> tuple[int, str]:
    lines[0] = lines[0].replace('"format":2', '"format":1')
    return 1, "format: 1 with a digest"


def header_spaced(lines: list[str]) -> tuple[int, str]:
    lines[0] = lines[0].replace('"mode":', '"mode": ')
    return 1, "mode"


def event_spaced(lines: list[str]) -> tuple[int, str]:
    at = event_at(lines, "discard.made")
    lines[at] = lines[at].replace('"data":{', '"data": {')
    return at + 1, "data"


def event_escaped(lines: list[str]) -> tuple[int, str]:
    at = event_at(lines, "discard.made")
    lines[at] = lines[at].replace('"name":"discard.made"', '"name":"\\u0064iscard.made"')
    return at + 1, "name"


def event_key_twice(lines: list[str]) -> tuple[int, str]:
    at = event_at(lines, "discard.made")
    lines[at] = lines[at].replace('"player":', '"player":"D","player":')
    return at + 1, "player"


@pytest.mark.parametrize(
    "edit",
    [header_format_1, header_spaced, event_spaced, event_escaped, event_key_twice],
    ids=lambda edit: edit.__name__,
)
def test_an_edited_hextech_log_is_refused_at_its_line_and_field_r593(
    edit: Edit,
    hextech: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each edit reads back as a log that plays the same session: each is refused, by replay and by
    resume, in one line naming ``file:line`` and the field; the log as written replays."""
    lines = list(hextech)
    number, field = edit(lines)
    for log, command in (
        (tmp_path / "s.jsonl", "replay"),
        (tmp_path / "cut.jsonl", "play --db none --resume"),
    ):
        kept = lines if command == "replay" else lines[: max(number, 40)]
        log.write_text("\n".join(kept) + "\n", encoding="utf-8")
        code, out, err = run_hexmj([*command.split(), str(log)], monkeypatch, capsys)
        assert (code, out) == (5, ""), err
        assert err.startswith(f"hexmj: error: {log}:{number}: {field}")
        assert err.endswith(f"{EDITED}\n") and err.count("\n") == 1
    untouched = tmp_path / "u.jsonl"
    untouched.write_text("\n".join(hextech) + "\n", encoding="utf-8")
    assert run_hexmj(["replay", str(untouched)], monkeypatch, capsys)[0] == 0


def test_a_key_given_twice_alike_is_refused_r593(
    hextech: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key given again with the same value at the end of a line reads as the line hexmj wrote: it is
    refused by its bytes, the whole line named."""
    lines = list(hextech)
    at = event_at(lines, "discard.made")
    once = json.loads(lines[at])
    lines[at] = lines[at][:-1] + f',"player":{json.dumps(once["player"])}' + "}"
    log = tmp_path / "s.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, err) == (5, f"hexmj: error: {log}:{at + 1}: line: {EDITED}\n")


@pytest.mark.parametrize(
    ("edit", "field"),
    [('"data":{', "data"), ('"name":"meld"', "name")],
    ids=["spaced", "escaped"],
)
def test_an_edited_log_of_another_rule_set_is_refused_r593(
    edit: str,
    field: str,
    standard: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The standard rules' log (``hexmj play --rules standard``) is held to the same bytes: a meld
    line re-spaced or its name re-escaped is refused at its line and field."""
    lines = list(standard)
    at = event_at(lines, "meld")
    lines[at] = lines[at].replace(edit, {"data": '"data": {', "name": '"name":"\\u006deld"'}[field])
    log = tmp_path / "s.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, err) == (5, f"hexmj: error: {log}:{at + 1}: {field}: {EDITED}\n")
