"""The core names no rule set, card or module (issue 33 item 3): what a rule set or a module owns it
declares through its plugin, and the core reads it from there."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from engine.core.table_log import TableHeader, dumps, is_table_log


def test_the_cores_log_is_any_header_naming_a_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The core's log reader takes a header naming any rule set, hextech's name as well; the command
    line keeps hextech's sessions in their own log, so a header of the core's format naming hextech
    is read as hextech's and refused at its first missing field (exit 5, as before)."""
    head = TableHeader("hextech", {}, 7, 8, ("greedy",) * 4).line()
    assert is_table_log(head) and is_table_log({**head, "rules": "another"})
    assert not is_table_log({"type": "session", "format": 2, "seed": 7, "mode": "all"})
    log = tmp_path / "made.jsonl"
    log.write_text(dumps(head) + "\n", encoding="utf-8")
    code, _, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert code == 5 and "session header: mode: expected one of strategy, party, all" in err, err
