"""docs/standard.md shows the fan table the code declares: every row's number, name, value and
exclusions (spec 002 【番种的分值与计分】)."""

from __future__ import annotations

from pathlib import Path

from engine.standard.fans import FAN_TABLE, NAMES

DOC = Path(__file__).resolve().parents[1] / "docs" / "standard.md"


def test_the_page_lists_the_81_rows_as_declared() -> None:
    rows = [
        line
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if line[:2] == "| " and line[2].isdigit()
    ]
    shown = [[cell.strip() for cell in row.strip("|").split("|")][:4] for row in rows]
    declared = [
        [str(r.number), r.name, str(r.value), "、".join(NAMES[n] for n in r.excludes)] for r in FAN_TABLE
    ]
    assert shown == declared
