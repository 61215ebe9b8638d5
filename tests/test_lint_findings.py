"""`hexmj lint`: language errors with file:line:col and caret, endless chains, priority conflicts (§15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.lint import lint
from engine.hextech.plugins import installed_modules

BROKEN = Path(__file__).resolve().parent / "data" / "lint"


@pytest.mark.parametrize(
    ("name", "code", "line"),
    [
        ("syntax.hex", "SYNTAX", 3),
        ("unknown_event.hex", "UNKNOWN-EVENT", 5),
        ("unknown_primitive.hex", "UNKNOWN-PRIMITIVE", 5),
        ("bad_argument.hex", "BAD-ARGUMENT", 5),
        ("duplicate_id.hex", "DUPLICATE-ID", 7),
        ("missing_field.hex", "MISSING-FIELD", 2),
        ("unknown_module.hex", "UNKNOWN-MODULE", 2),
        ("loop.hex", "LOOP", 9),
        ("same_level_conflict.hex", "PERMISSION-CONFLICT", 11),
    ],
)
def test_each_broken_card_file_is_an_error(
    name: str, code: str, line: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every error kind: exit 1, JSON finding with its code and place, text with the source line and caret."""
    path = BROKEN / name
    exit_code, out, _ = run_hexmj(["lint", str(path), "--json"], monkeypatch, capsys)
    assert exit_code == 1
    findings = json.loads(out)["findings"]
    assert [(f["severity"], f["code"], f["location"]["line"]) for f in findings] == [("error", code, line)]
    assert set(findings[0]) == {"severity", "code", "cards", "message", "location"}
    exit_code, out, _ = run_hexmj(["lint", str(path)], monkeypatch, capsys)
    assert exit_code == 1
    assert f"{path}:{line}:" in out and "^" in out


def test_shipped_cards_lint_clean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped cards (core and every installed module) have no error: exit 0."""
    exit_code, out, _ = run_hexmj(["lint", "--json"], monkeypatch, capsys)
    assert exit_code == 0
    assert [f for f in json.loads(out)["findings"] if f["severity"] == "error"] == []


def test_missing_path_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A path that does not exist: one line on stderr, exit 2."""
    exit_code, _, err = run_hexmj(["lint", str(tmp_path / "nowhere.hex")], monkeypatch, capsys)
    assert exit_code == 2 and "no such file or folder" in err


def test_a_folder_lints_every_card_file_in_it() -> None:
    """A folder stands for its .hex files: every broken file is reported in one run, in file order."""
    report = lint([BROKEN])
    files = [f.location.file for f in report.findings if f.location]
    assert set(files) == {str(path) for path in BROKEN.glob("*.hex")}
    assert files == sorted(files)


def test_card_of_a_module_that_is_not_installed(tmp_path: Path) -> None:
    """§3, §6.12: a card tagged for the treasure module cannot be pooled where that module is absent."""
    path = tmp_path / "cards.hex"
    path.write_text(
        'card S-91 "藏宝" silver module treasure {\n  标签: "宝牌模块"\n'
        '  频率: "每局1次"\n  卡面正文: "x"\n}\n',
        encoding="utf-8",
    )
    party_only = [module for module in installed_modules() if module.name == "party"]
    [finding] = lint([path], registry=party_only).findings
    assert (finding.code, finding.cards, finding.location and finding.location.line) == (
        "MODULE-NOT-INSTALLED",
        ("S-91",),
        1,
    )
    assert lint([path]).findings == ()
