"""The command line of a mature tool: ``--version``, ``-h`` everywhere, help in the tool's words with
its exit statuses, one default mode (R200), one agent for every seat, F and T cards' modules, module
cards versioned in a working copy (R202), no password printed, Ctrl-C during play (R201)."""

from __future__ import annotations

import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import tools.kinds.play
from tools.cli import EXIT_STATUSES, exit_help
from tools.lab.runner import STANDIN_TABLE

MODULES = Path(__file__).resolve().parents[1] / "modules"
COMMANDS = [
    ["score"],
    ["pool"],
    ["cards"],
    ["card", "show"],
    ["card", "new-version"],
    ["lint"],
    ["modules"],
    ["rulesets"],
    ["play"],
    ["replay"],
    ["simulate"],
    ["fmt"],
    ["lsp"],
    ["check"],
    ["record"],
    ["records"],
    ["serve"],
    ["tune"],
]


def test_version_names_the_release(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_hexmj(["--version"], monkeypatch, capsys)
    assert (code, out, err) == (0, f"hexmj {version('hexmahjong')}\n", "")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_help_is_h_without_python_types_and_lists_its_exit_statuses(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-h`` is ``--help``; no ``<bool>``, ``<int>``, ``<path>`` …; the help ends with every status."""
    monkeypatch.setenv("COLUMNS", "200")
    code, short, _ = run_hexmj([*command, "-h"], monkeypatch, capsys)
    code_long, long, _ = run_hexmj([*command, "--help"], monkeypatch, capsys)
    assert code == code_long == 0 and short == long
    assert re.search(r"<\w+", short) is None, short
    assert " ".join(exit_help(" ".join(command)).split()) in " ".join(short.split())
    assert set(EXIT_STATUSES) == {" ".join(c) for c in COMMANDS}


def test_the_top_help_takes_h_and_shows_flags_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_hexmj(["-h"], monkeypatch, capsys)
    assert code == 0 and "--version" in out and "<bool>" not in out


def test_compare_is_documented_as_two_values(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run_hexmj(["simulate", "-h"], monkeypatch, capsys)
    assert re.search(r"--compare\s+A B\s+Two versions of one card, two values: --compare S-08 S-08-v2", out)
    code, _, err = run_hexmj(["simulate", "--compare", "S-08"], monkeypatch, capsys)
    assert code == 2
    assert err == "hexmj: error: Option '--compare' requires 2 arguments (see 'hexmj simulate --help')\n"


def test_one_agent_name_takes_every_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --agents random`` is ``--agents random,random,random,random``, as in ``simulate``."""
    base = ["play", "--seed", "5", "--mode", "strategy", "--rounds", "4", "--db", "none", "--json"]
    code, one, _ = run_hexmj([*base, "--agents", "random"], monkeypatch, capsys)
    code4, four, _ = run_hexmj([*base, "--agents", "random,random,random,random"], monkeypatch, capsys)
    assert code == code4 == 0 and one == four


def test_play_and_simulate_default_to_mode_all_or_the_pool_files_r200(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R200: without --mode, ``simulate`` plays mode all; with a pool file naming strategy, both
    ``play`` and ``simulate`` play strategy; a --mode against the file is refused (R94)."""
    sim = ["simulate", "--games", "1", "--rounds", "4", "--db", "none", "--json", "--table", STANDIN_TABLE]
    code, out, _ = run_hexmj(sim, monkeypatch, capsys)
    assert code == 0 and json.loads(out)["mode"] == "all"
    pool = tmp_path / "strategy.yaml"
    pool.write_text("mode: strategy\n", encoding="utf-8")
    code, out, _ = run_hexmj([*sim, "--pool", str(pool)], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["mode"] == "strategy"
    play = ["play", "--seed", "2", "--rounds", "4", "--db", "none", "--json", "--pool", str(pool)]
    code, out, _ = run_hexmj(play, monkeypatch, capsys)
    assert code == 0 and json.loads(out)["mode"] == "strategy"
    code, _, err = run_hexmj([*play, "--mode", "party"], monkeypatch, capsys)
    assert code == 2 and "this pool is for mode strategy, not party" in err


def test_cards_shows_the_module_of_every_f_and_t_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 十二: F cards belong to the party module, T cards to the treasure module; core cards to none."""
    code, out, _ = run_hexmj(["cards", "--json"], monkeypatch, capsys)
    assert code == 0
    modules = {card["id"]: card["modules"] for card in json.loads(out)}
    assert modules["F-T01"] == ["party"] and modules["T-01"] == ["treasure"] and modules["W-01"] == []
    assert modules["F-S01"] == ["party", "treasure"] and modules["W-13"] == ["treasure"]
    assert all(m for card, m in modules.items() if card[0] in "FT")
    monkeypatch.setenv("COLUMNS", "200")
    _, table, _ = run_hexmj(["cards"], monkeypatch, capsys)
    row = next(line for line in table.splitlines() if " T-01 " in line)
    assert row.split("│")[5].strip() == "treasure"


def test_a_module_card_is_versioned_in_the_working_copy_r202(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R202, §18.4: ``card new-version F-T01 --cards DIR`` writes DIR/party/cards.hex, never the
    installed module; every command with that --cards then sees F-T01-v2 as a party card."""
    installed = (MODULES / "party" / "cards.hex").read_bytes()
    code, out, _ = run_hexmj(
        ["card", "new-version", "F-T01", "--cards", str(working_copy)], monkeypatch, capsys
    )
    copy = working_copy / "party" / "cards.hex"
    first, examples, *review = out.splitlines()
    assert code == 0 and first.startswith(f"{copy}:") and first.endswith(": F-T01-v2")
    copied = working_copy / "party" / "examples" / "F-T01-v2.yaml"
    assert examples.startswith(f"{copied}: the examples of F-T01, {len(review)} to review")
    assert review and all(line.startswith(f"{copied}:") and ": review: " in line for line in review)
    assert not (MODULES / "party" / "examples" / "F-T01-v2.yaml").exists()
    assert (MODULES / "party" / "cards.hex").read_bytes() == installed
    code, out, _ = run_hexmj(["cards", "--cards", str(working_copy), "--json"], monkeypatch, capsys)
    listed = {card["id"]: card["modules"] for card in json.loads(out)}
    assert listed["F-T01-v2"] == ["party"]
    code, out, _ = run_hexmj(["cards", "--mode", "strategy", "--json"], monkeypatch, capsys)
    assert "F-T01-v2" not in out
    show = ["card", "show", "F-T01-v2", "--cards", str(working_copy), "--json"]
    code, out, _ = run_hexmj(show, monkeypatch, capsys)
    assert code == 0 and json.loads(out)["version"] == 2


def test_a_store_password_is_never_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql://lab:s3cret-word@127.0.0.1:1/hexmj"
    sim = ["simulate", "--games", "1", "--rounds", "4", "--db", url, "--table", STANDIN_TABLE]
    code, out, err = run_hexmj(sim, monkeypatch, capsys)
    assert code == 2 and "s3cret-word" not in out + err
    assert "'postgresql+psycopg://lab:***@127.0.0.1:1/hexmj'" in err


def test_ctrl_c_during_play_says_how_to_resume_r201(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R201: the log holds what was played; the line names the command that continues it."""

    def pressed(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tools.kinds.play, "drive", pressed)
    log = tmp_path / "s.jsonl"
    code, out, err = run_hexmj(["play", "--rounds", "4", "--log", str(log)], monkeypatch, capsys)
    assert (code, out) == (130, "")
    assert err == (
        "hexmj: interrupted: play stopped before the session ended, its record was not stored; "
        f"continue with: hexmj play --resume {log}\n"
    )
    code, _, err = run_hexmj(["play", "--rounds", "4"], monkeypatch, capsys)
    assert code == 130 and err.endswith("it was not logged (--log FILE keeps it)\n")


def test_score_says_self_draw_as_the_account_does_s12_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§12.1 自摸: ``win_by: self_draw`` (the account's ``by self_draw``) scores as ``tsumo`` did."""
    win = {"concealed": "19m19p19s12345677z", "win_tile": "7z", "hu_order": 1}
    results = []
    for word in ("self_draw", "tsumo"):
        monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(json.dumps({**win, "win_by": word})))
        code, out, _ = run_hexmj(["score"], monkeypatch, capsys)
        results.append((code, out))
    assert results[0] == results[1] and '"id": "self_draw"' in results[0][1]


PLUGINS = Path(__file__).parent / "plugins"


def test_a_broken_module_does_not_stop_a_strategy_game_r203(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R203, §3: strategy mode enables no module, so a module that cannot be imported stops only
    the modes that may enable it and the commands that list or check every module (exit 6)."""
    monkeypatch.syspath_prepend(str(PLUGINS / "broken"))
    play = ["play", "--seed", "3", "--rounds", "4", "--db", "none", "--json"]
    code, out, err = run_hexmj([*play, "--mode", "strategy"], monkeypatch, capsys)
    assert (code, err) == (0, "") and json.loads(out)["mode"] == "strategy"
    for command in ([*play, "--mode", "party"], ["modules"], ["cards"], ["lint"], ["pool", "--mode", "all"]):
        code, out, err = run_hexmj(command, monkeypatch, capsys)
        assert (code, out) == (6, ""), command
        assert err.startswith("hexmj: error: module 'ghost'") and err.count("\n") == 1
    code, out, _ = run_hexmj(["pool", "--mode", "strategy", "--json"], monkeypatch, capsys)
    assert code == 0 and len(json.loads(out)["cards"]) == 138


def test_a_broken_module_card_file_stops_only_what_reads_it_r203(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R203: a working copy whose party card file does not parse still scores a win, pools and plays
    the strategy mode; the party mode names the file, line and column (exit 4)."""
    (working_copy / "party").mkdir()
    broken = working_copy / "party" / "cards.hex"
    broken.write_text("card F-T01 {\n", encoding="utf-8")
    cards = ["--cards", str(working_copy)]
    win = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}
    monkeypatch.setattr(
        sys, "stdin", __import__("io").StringIO(json.dumps({**win, "contract": {"id": "C-01"}}))
    )
    code, out, _ = run_hexmj(["score", *cards], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["legal"] is True
    code, out, _ = run_hexmj(["pool", "--mode", "strategy", "--json", *cards], monkeypatch, capsys)
    assert code == 0 and len(json.loads(out)["cards"]) == 138
    play = ["play", "--seed", "3", "--rounds", "4", "--db", "none", "--json", *cards]
    code, _, err = run_hexmj([*play, "--mode", "strategy"], monkeypatch, capsys)
    assert (code, err) == (0, "")
    code, _, err = run_hexmj(["pool", "--mode", "party", *cards], monkeypatch, capsys)
    assert code == 4 and err.startswith(f"hexmj: error: {broken}:")
