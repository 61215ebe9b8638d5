"""``hexmj rulesets`` (issue 14 item 2): the installed rule sets and what each declares; a rule set
written only here — docs/rulesets.md's worked example, in a folder of its own put on
``PYTHONPATH`` — registers as any third party's does; a broken one is one line and stops none of
the others (R492); ``--rules`` on the commands that work on hextech alone (R493)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from engine.core.ruleset import Option
from tools.cmd_rulesets import values

HEXMJ = [sys.executable, "-c", "from tools.cli import main; main()"]

DOC = Path(__file__).resolve().parents[1] / "docs" / "rulesets.md"


def worked_example() -> str:
    """The rule set module of docs/rulesets.md's "Writing and registering a rule set": the test
    installs what the documentation shows."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Writing and registering a rule set") :]
    return section[section.index("```python\n") + len("```python\n") : section.index("\n```\n")] + "\n"


PINGHU = worked_example()


def distribution(folder: Path, name: str, entry_points: dict[str, str], modules: dict[str, str]) -> Path:
    """Write an installed distribution into ``folder``: ``<name>.dist-info`` with its METADATA and
    ``entry_points.txt`` in the group ``hexmj.rulesets``, and the Python modules it names."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    lines = [f"{ep} = {target}" for ep, target in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(["[hexmj.rulesets]", *lines, ""]), encoding="utf-8")
    for module, source in modules.items():
        path = folder / Path(*module.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.parent / "__init__.py").touch()
        path.write_text(source, encoding="utf-8")
    return folder


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    return subprocess.run([*args], capture_output=True, text=True, check=False, env=env)


def test_an_options_values_are_shown_as_it_parses_them() -> None:
    """Choices joined by ``|``, a flag true or false, a range LOW..HIGH, else any number or word."""
    assert values(Option("rounds", 8, "", choices=("8", "4"))) == "8|4"
    assert values(Option("报警", False, "")) == "true|false"
    assert values(Option("cap", 128, "", low=8)) == "8.."
    assert values(Option("base", 1, "")) == "a number"
    assert values(Option("name", "", "")) == "a word"


@pytest.fixture
def pinghu(tmp_path: Path) -> Path:
    """A folder holding the third-party rule set ``pinghu``."""
    return distribution(
        tmp_path, "hexmj_pinghu", {"pinghu": "hexmj_pinghu.plugin"}, {"hexmj_pinghu.plugin": PINGHU}
    )


def test_hextech_is_listed_with_what_it_declares(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """144 tiles (§11), 胡 > 碰/杠 > 吃 (§11 phase 2), three winners on a discard (§12.3), 8 rounds
    rotating the deal (§4), the §13.1 settlement and the options of §3 and §18.1."""
    code, out, err = run_hexmj(["rulesets"], monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[:9] == [
        "hextech  海克斯麻将 V1.2",
        "  source      海克斯麻将规则 V1.2 (spec 001) and 海克斯麻将卡牌文字库 v0.2 (spec 000)",
        "  tiles       144",
        "  calls       hu > pon/kong > chi (own turn: added_kong, concealed_kong)",
        "  win forms   standard, seven_pairs, thirteen_orphans",
        "  winners     up to 3 per discard",
        "  session     8 rounds",
        "  dealer      rotate",
        "  settlement  a running total over the session (§13.1): the winner gains the win's points and "
        "nobody pays them; only a rule that says 扣分 takes points away (the abandoned black contract's "
        "−1, §13.14)",
    ]
    assert "  options     rounds=8 (8|4): 8 rounds, or 4 for the shortened test session (§16, §18.1)" in out
    assert "              mode=all (strategy|party|all): " in out


def test_the_listing_docs_rulesets_md_shows_is_the_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every line of the ``$ hexmj rulesets`` block of docs/rulesets.md but those cut with … is printed."""
    text = DOC.read_text(encoding="utf-8")
    block = text[text.index("```console\n$ hexmj rulesets\n") :].split("\n```\n")[0].splitlines()[2:]
    _, out, _ = run_hexmj(["rulesets"], monkeypatch, capsys)
    shown = [line for line in block if "…" not in line]
    assert len(shown) >= 9 and all(line in out.splitlines() for line in shown)


def test_json_is_the_same_listing_as_an_array(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_hexmj(["rulesets", "--json"], monkeypatch, capsys)
    hextech = next(row for row in json.loads(out) if row["name"] == "hextech")
    assert code == 0
    assert hextech["tiles"] == 144 and hextech["winners_per_discard"] == 3
    assert hextech["calls"] == [["hu"], ["pon", "kong", "added_kong", "concealed_kong"], ["chi"]]
    assert hextech["session_rounds"] == 8 and hextech["dealer_rotation"] == "rotate"
    assert hextech["settlement"].startswith("a running total over the session (§13.1)")
    assert hextech["options"][0] == {
        "name": "rounds",
        "default": 8,
        "values": "8|4",
        "help": "8 rounds, or 4 for the shortened test session (§16, §18.1)",
    }


def test_a_third_party_rule_set_is_listed_and_plays_its_own_rules(pinghu: Path) -> None:
    """Entry points alone register a rule set: listed with its own declaration beside hextech, and
    the registry hands out its scoring and settlement."""
    done = run(pinghu, *HEXMJ, "rulesets", "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert {"hextech", "pinghu"} <= set(rows)
    assert rows["pinghu"]["tiles"] == 136 and rows["pinghu"]["session_rounds"] == 4
    assert rows["pinghu"]["calls"] == [["hu"], ["pon", "kong"], ["chi"]]
    assert rows["pinghu"]["options"] == [
        {"name": "base", "default": 1, "values": "1..10", "help": "points a fan is worth"}
    ]
    text = run(pinghu, *HEXMJ, "rulesets").stdout
    assert "pinghu  平胡\n" in text and "  dealer      dealer_keeps_on_win\n" in text
    assert "  calls       hu > pon/kong > chi\n" in text and "  options     base=1 (1..10): " in text
    script = textwrap.dedent(
        """
        from engine.core.registry import ruleset
        from engine.core.win import WinContext
        from engine.core.tiles import parse, parse_one
        rules = ruleset("pinghu")
        win = WinContext(tuple(parse("123m456p789s234m55z")), (), parse_one("5z"), 2, 1, 27, 29, 0)
        scored = rules.score(win, rules.resolve_options(["base=3"]))
        print(scored.total, rules.settle(win, scored, rules.resolve_options(["base=3"])))
        """
    )
    assert run(pinghu, sys.executable, "-c", script).stdout == "1 (0, -3, 3, 0)\n"


def test_broken_rule_sets_are_one_line_each_and_the_others_still_list(pinghu: Path) -> None:
    """An import error, a module without ``hexmj_ruleset``, a declaration under another name and one
    that fails are each named on one line; hextech and pinghu list as before; exit 6 (R492)."""
    distribution(
        pinghu,
        "hexmj_broken",
        {
            "ghost": "hexmj_ghost.plugin",
            "silent": "hexmj_silent.plugin",
            "twin": "hexmj_twin.plugin",
            "wrong": "hexmj_wrong.plugin",
        },
        {
            "hexmj_silent.plugin": '"""Declares nothing."""\n',
            "hexmj_twin.plugin": PINGHU,
            "hexmj_wrong.plugin": PINGHU.replace("kinds=tuple(range(34))", "kinds=(0, 99)"),
        },
    )
    done = run(pinghu, *HEXMJ, "rulesets")
    assert done.returncode == 6
    listed = "hexmj: error: rule sets that cannot be loaded: ghost, silent, twin, wrong (listed above)\n"
    assert done.stderr == listed
    broken = [line for line in done.stdout.splitlines() if "  broken: " in line]
    assert broken == [
        "ghost  broken: rule set 'ghost' (hexmj_ghost.plugin) cannot be imported: "
        "No module named 'hexmj_ghost'",
        "silent  broken: rule set 'silent' does not declare itself with hexmj_ruleset()",
        "twin  broken: rule set 'twin' declares the name 'pinghu'",
        "wrong  broken: rule set 'wrong': hexmj_ruleset() fails: "
        "a tile set's kinds must be distinct kinds below 34",
    ]
    assert "hextech  海克斯麻将 V1.2" in done.stdout and "pinghu  平胡" in done.stdout
    rows = json.loads(run(pinghu, *HEXMJ, "rulesets", "--json").stdout)
    assert [row["name"] for row in rows if "broken" in row] == ["ghost", "silent", "twin", "wrong"]
    assert {row["name"] for row in rows if "broken" not in row} >= {"hextech", "pinghu"}


HEXTECH_ONLY = {
    ("cards",): "pinghu has no cards: the card language and its cards are hextech's (spec 000)",
    ("card", "show"): "pinghu has no cards",
    ("card", "new-version"): "pinghu has no cards",
    ("pool",): "pinghu has no cards",
    ("lint",): "pinghu has no cards",
    ("check",): "pinghu has no cards",
    ("fmt",): "pinghu has no cards",
    ("lsp",): "pinghu has no cards",
    ("modules",): "pinghu has no modules: modules extend the hextech rule set (§3, hexmj.modules)",
}
"""The commands of this branch that take ``--rules`` and work on the hextech rule set alone (R493)."""


@pytest.fixture
def installed_pinghu(pinghu: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``pinghu`` installed in this process: its folder on ``sys.path``."""
    monkeypatch.syspath_prepend(str(pinghu))
    return pinghu


@pytest.mark.parametrize("command", sorted(HEXTECH_ONLY), ids=" ".join)
def test_every_command_takes_rules_with_one_help(
    command: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run_hexmj([*command, "-h"], monkeypatch, capsys)
    assert code == 0
    assert re.search(r"--rules\s+NAME\s+The rule set \(hexmj rulesets lists those installed\)\.", out), out


@pytest.mark.parametrize("command", sorted(HEXTECH_ONLY), ids=" ".join)
def test_another_installed_rule_set_is_refused_in_one_line(
    command: tuple[str, ...],
    installed_pinghu: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """pinghu is installed and loads, but these commands work on hextech's cards, modules, console
    and records: one line saying what pinghu lacks, exit 2, nothing done."""
    code, out, err = run_hexmj([*command, "--rules", "pinghu"], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"hexmj: error: --rules pinghu: {HEXTECH_ONLY[command]}")
    assert len(err.splitlines()) == 1


def test_an_unknown_rule_set_lists_those_installed(
    installed_pinghu: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_hexmj(["cards", "--rules", "riichi"], monkeypatch, capsys)
    names = sorted({entry.name for entry in metadata.entry_points(group="hexmj.rulesets")})
    assert {"hextech", "pinghu"} <= set(names)
    assert (code, err) == (
        2,
        f"hexmj: error: --rules riichi: no such rule set (installed: {', '.join(names)})\n",
    )


def test_a_broken_rule_set_asked_for_is_its_reason_and_exit_6(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R203's convention: the rule set that cannot be loaded stops the command that asks for it."""
    distribution(tmp_path, "hexmj_broken", {"ghost": "hexmj_ghost.plugin"}, {})
    monkeypatch.syspath_prepend(str(tmp_path))
    code, _, err = run_hexmj(["lint", "--rules", "ghost"], monkeypatch, capsys)
    assert code == 6
    assert err.startswith("hexmj: error: rule set 'ghost' (hexmj_ghost.plugin) cannot be imported: ")
    code, out, _ = run_hexmj(["cards", "--rules", "hextech", "--json"], monkeypatch, capsys)
    assert code == 0 and len(json.loads(out)) >= 192
