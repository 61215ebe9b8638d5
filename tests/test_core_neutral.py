"""The core names no rule set, card or module (issue 33 item 3): what a rule set or a module owns it
declares through its plugin, and the core reads it from there."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import EngineFault, IllegalActionError
from engine.core.shapes import SHAPES, register
from engine.core.table_log import TableHeader, decision_line, dumps, is_table_log
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.shapes import HEXTECH_SHAPES


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


def test_a_rule_sets_decision_kinds_are_its_own_and_pass_through_the_core_s5_2_s9_1_s10() -> None:
    """The core puts turns, calls, robbing a kong and choices; hextech adds the augment draft (§5.2),
    the contract offer (§9.1), the abandon window (§10) and keeping a lasting card (§6.9) as kinds of
    its own, which the core's decision, answer check and log line carry unchanged."""
    assert {kind.value for kind in DecisionKind} == {"turn", "call", "rob_kong", "choose"}
    assert not {kind.value for kind in DecisionKind} & {kind.value for kind in HextechKind}
    window = Decision(HextechKind.ABANDON, 2, (KEEP, ABANDON), "C-05")
    assert window.named() == "abandon C C-05" and check_answer(window, ABANDON) == "abandon"
    with pytest.raises(
        IllegalActionError, match=re.escape("illegal answer 'pass' to abandon C C-05: keep|abandon")
    ):
        check_answer(window, "pass")
    assert dumps(decision_line(window, ABANDON)) == (
        '{"type":"decision","player":"C","kind":"abandon","about":"C-05","options":["keep","abandon"],'
        '"answer":"abandon"}'
    )


def test_the_core_registers_no_shape_hextech_registers_its_eleven() -> None:
    """CARD-INVENTORY §6: the core reads a grant by name and registers none; importing the hextech
    rule set registers its nine bent sets and pairs and two whole-hand forms (lib 七–八, B-14, B-15)."""
    counted = "import engine.core.hand, engine.core.shapes as s; n = len(s.SHAPES); import engine.hextech; "
    counted += "print(n, len(s.SHAPES))"
    run = subprocess.run([sys.executable, "-c", counted], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["0", "11"]
    with pytest.raises(EngineFault, match="'honour_chow' is registered twice"):
        register([replace(SHAPES["honour_chow"], doc="another")])
    register(HEXTECH_SHAPES)
