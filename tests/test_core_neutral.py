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
from source_scan import words_of

from dsl.compiler import OWN_SERIES, series
from dsl.loader import load_cards
from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import EngineFault, IllegalActionError, InputError
from engine.core.groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from engine.core.log_lines import decision_line, dumps
from engine.core.registry import installed
from engine.core.ruleset import TileSet
from engine.core.shapes import SHAPES, register
from engine.core.table_log import TableHeader, is_table_log
from engine.core.tiles import is_flower, kind_of_instance
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.plugins import module_names
from engine.hextech.shapes import HEXTECH_SHAPES
from tools.lab.standin import library_ids

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "engine" / "core"
ENGINE = ROOT / "engine" / "hextech"


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


CORE_WORDS = frozenset({STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS})
"""The core's own words that a rule set's name may share: the standard form is the core's (a hand of
four sets and a pair), whatever rule set is also called so."""


def _known_names() -> tuple[frozenset[str], frozenset[str]]:
    """What the registries know: rule sets, modules, shapes and decision kinds a rule set added;
    and every card id of the library."""
    names = {*installed().rulesets, *module_names(), *SHAPES, *(kind.value for kind in HextechKind)}
    return frozenset(names - CORE_WORDS), frozenset(card.base_id for card in load_cards())


def test_the_cores_code_names_no_rule_set_card_or_module_issue_33() -> None:
    """Issue 33 item 3: no name, string or import of ``engine/core`` names an installed rule set, a
    module, a card id, a shape or a decision kind a rule set declares; they reach the core through
    the registries (docstrings may cite the rulebook's sections and cards)."""
    names, cards = _known_names()
    assert {"hextech", "standard", "hongzhong"} <= set(installed().rulesets)
    assert {"party", "treasure", "honour_chow", "augment"} <= names and "W-13" in cards
    found = [
        f"{path.name}:{line}: {word}"
        for path in sorted(CORE.glob("*.py"))
        for line, word in words_of(path)
        if word in names or any(card in cards for card in re.findall(r"[A-Z]-[A-Z]?\d\d", word))
    ]
    assert found == []


def test_the_scan_finds_a_name_the_core_would_use(tmp_path: Path) -> None:
    """The scan is no stub: lines of the kind issue 33 found in the core are caught, a docstring
    citing a card is not."""
    names, cards = _known_names()
    made = tmp_path / "sample.py"
    made.write_text(
        '"""Cites lib P-01."""\nDEFAULT = "hextech"\nKEEP_LASTING = "keep_lasting"\nG = ("lib G-01",)\n',
        encoding="utf-8",
    )
    words = {word for _, word in words_of(made)}
    assert words & names == {"hextech", "keep_lasting"} and "G-01" in words and "P-01" not in words
    assert "G-01" in cards


def test_the_modules_own_their_names_and_card_series_lib_1() -> None:
    """A module declares its card-id series and its 标签 through its plugin (lib 一): the compiler
    keeps the rule set's own series, the party module brings F-T…F-S and the treasure module T, and
    the extension points, the round and the stand-in table name neither module."""
    modules = set(module_names())
    found = series()
    assert not {prefix.split("-")[0] for prefix in OWN_SERIES} & {"F", "T"}
    assert found.prefixes["F-T"] == ("party", "tile") and found.prefixes["T"] == ("treasure", None)
    assert found.tags == {"欢乐挑战模块": "party", "宝牌模块": "treasure"}
    assert list(found.prefixes)[5:9] == ["F-T", "F-I", "F-R", "F-S"]
    places = [ENGINE / "hookspecs.py", ENGINE / "round.py", ROOT / "tools/lab/standin.py"]
    assert [
        f"{path.name}:{line}: {word}" for path in places for line, word in words_of(path) if word in modules
    ] == []
    linked = {"W-13", "W-14", "O-C09", "O-X09", "S-16", "S-17", "P-14", "C-24"}
    assert not linked & set(library_ids("strategy")) and linked <= set(library_ids("all"))
    assert linked & set(library_ids("party")) == {"W-14", "O-C09", "S-17"}


def test_one_is_flower_the_eight_flowers_of_every_rule_set_s13_12() -> None:
    """§13.12 counts eight flowers (春夏秋冬梅兰竹菊), kinds 34–41: every installed rule set's flowers
    are exactly the kinds its tiles hold that :func:`is_flower` names (hextech's and standard's eight,
    红中's none), no kind past 41 exists, and no other module defines a flower test."""
    for rules in installed().rulesets.values():
        held = {kind_of_instance(i) for i in rules.tiles.instances()}
        assert {k for k in held if is_flower(k)} == set(rules.tiles.flowers), rules.name
    assert [k for k in range(64) if is_flower(k)] == list(range(34, 42))
    assert max(kind_of_instance(i) for i in range(144)) == 41
    with pytest.raises(InputError, match="flowers must be distinct flower kinds"):
        TileSet(kinds=(0,), flowers=(42,))
    engine = sorted(ROOT.glob("engine/**/*.py"))
    assert [path for path in engine if "def is_flower" in path.read_text(encoding="utf-8")] == [
        CORE / "tiles.py"
    ]
