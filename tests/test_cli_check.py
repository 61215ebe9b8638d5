"""``hexmj check``: card examples played from the command line (docs/examples.md; issue 12 item 2).

An example that holds passes, one whose expectation does not hold fails at that expectation's line,
and a malformed file is one located line and exit 2 before anything is played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.examples import EXAMPLES_FOLDER
from dsl.loader import CORE_CARDS

W01 = CORE_CARDS / EXAMPLES_FOLDER / "W-01.yaml"

KONG_TABLE = """\
card: W-01
examples:
  - example: a kong draws a chance card
    proves: lib 三 W-01 卡面正文 (§6.6)
    table:
      world: W-01
      hands: {A: 1111m2222m345p111s}
      tail: 9p9s
      chance: [O-P03]
    steps:
      - A: ankan 1m
      - expect:
          events: [kong.established A]
          %s
"""


def _write(tmp_path: Path, text: str, name: str = "W-01.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_examples_of_a_card_pass_one_line_each(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj check FILE``: ``PASS file:line name`` per example and a count, exit 0."""
    code, out, err = run_hexmj(["check", str(W01)], monkeypatch, capsys)
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[0] == f"PASS {W01}:4 a concealed kong draws a chance card before its replacement tile"
    assert all(line.startswith("PASS ") for line in lines[:-1])
    assert lines[-1] == f"{len(lines) - 1} example(s), 0 failed"


def test_an_expectation_that_does_not_hold_fails_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """W-01 draws a chance card at A's first kong (§6.6): an example that says it does not fails, at
    the line of that expectation, exit 1; the same table saying it does passes."""
    wrong = _write(tmp_path, KONG_TABLE % "no events: [chance.draw A]")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1
    assert out.splitlines()[0].startswith(
        f"FAIL {wrong}:14 a kong draws a chance card: expected no chance.draw A"
    )
    right = _write(tmp_path, KONG_TABLE % "count: {chance.draw A: 1}", "right.yaml")
    code, out, _ = run_hexmj(["check", str(right)], monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "1 example(s), 0 failed")


def test_an_answer_the_rules_do_not_offer_fails_at_its_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scripted answer is checked against the options (§11): a pon that is not there fails there."""
    text = KONG_TABLE.replace("      - A: ankan 1m\n", "      - A: ankan 1m\n      - B: pon\n") % ""
    code, out, _ = run_hexmj(["check", str(_write(tmp_path, text))], monkeypatch, capsys)
    assert code == 1 and "W-01.yaml:12 a kong draws a chance card: the next decision is not B's" in out


def test_json_lists_file_example_cards_and_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json``: ``[{"file", "example", "cards", "passed"}]``; a failure adds where and why."""
    wrong = _write(tmp_path, KONG_TABLE % "no events: [chance.draw]")
    code, out, _ = run_hexmj(["check", "--json", str(wrong)], monkeypatch, capsys)
    [entry] = json.loads(out)
    assert code == 1
    assert {k: entry[k] for k in ("file", "example", "cards", "passed")} == {
        "file": str(wrong),
        "example": "a kong draws a chance card",
        "cards": ["W-01"],
        "passed": False,
    }
    assert entry["failed"]["location"] == f"{wrong}:14"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("hands: {A: ", "hands: {E: "), "7:15: table.hands: 'E' is not a player (A, B, C or D)"),
        (("world: W-01", "world: W-99"), "6:14: table.world: no card 'W-99'"),
        (("tail: 9p9s", "tail: 9x"), "8:13: table.tail: "),
        (("chance: [O-P03]", "chances: [O-P03]"), "9:7: table: unknown key 'chances'"),
        (("- A: ankan 1m", "- E: ankan 1m"), "11:9: steps: unknown step 'E'"),
        (("events: [", "evnts: ["), "13:11: expect: unknown key 'evnts'"),
        (
            ("events: [kong.established A]", "events: [kong.established Q]"),
            "13:20: expect.events: 'Q' is not a player",
        ),
        (("    proves:", "    proof:"), "4:5: examples[]: unknown key 'proof'"),
        (("      world: W-01", "      modules: [partty]"), "6:17: table.modules: no module 'partty'"),
        (
            ("      - A: ankan 1m\n", "      - to: lunch A\n"),
            "11:13: steps.to: 'lunch' is not a kind of decision",
        ),
        (("tail: 9p9s\n", "tail: [9p9s\n"), "9:13: "),
    ],
)
def test_a_malformed_file_is_one_located_line_and_exit_2(
    edit: tuple[str, str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A wrong key, player, card id, tile or kind of step: ``file:line:col: what``, nothing played."""
    path = _write(tmp_path, (KONG_TABLE % "").replace(*edit))
    good = _write(tmp_path, KONG_TABLE % "", "a-good-one.yaml")
    code, out, err = run_hexmj(["check", str(good), str(path)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"hexmj: error: {path}:{message}") and err.count("\n") == 1


def test_paths_that_hold_no_examples_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty folder or a file that is not ``.yaml`` is a usage error, never a clean pass."""
    code, out, err = run_hexmj(["check", str(tmp_path)], monkeypatch, capsys)
    assert (code, out, err) == (2, "", f"hexmj: error: {tmp_path}: no .yaml example files in this folder\n")
    notes = _write(tmp_path, "x", "notes.txt")
    code, _, err = run_hexmj(["check", str(notes)], monkeypatch, capsys)
    assert (code, err) == (2, f"hexmj: error: {notes}: not an example file (example files end in .yaml)\n")


def test_coverage_lists_the_card_ids_no_example_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--coverage``: every card id (lib 一, 192) either covered by an example or listed uncovered."""
    code, out, _ = run_hexmj(["check", "--coverage", "--json"], monkeypatch, capsys)
    report = json.loads(out)
    assert code == 0
    assert "W-01" in report["covered"] and "W-01" not in report["uncovered"]
    assert len(report["covered"]) + len(report["uncovered"]) == 192
    code, out, _ = run_hexmj(["check", "--coverage", str(W01)], monkeypatch, capsys)
    assert out.splitlines()[0] == "1 of 192 card ids have an example"
    assert out.splitlines()[1].startswith("uncovered: W-02 W-03")
    assert "W-01" not in out.splitlines()[1].split()


def test_lint_of_the_folder_warns_about_a_card_without_examples(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj lint`` (the whole folder): ``NO-EXAMPLE`` for W-02 at its card, none for W-01 (its
    examples are there); a warning, so the exit status stays 0; linting one file asks nothing of
    examples."""
    (working_copy / EXAMPLES_FOLDER).mkdir()
    shutil.copy(W01, working_copy / EXAMPLES_FOLDER / W01.name)
    code, out, _ = run_hexmj(["lint", "--json", "--cards", str(working_copy)], monkeypatch, capsys)
    missing = {f["cards"][0]: f for f in json.loads(out)["findings"] if f["code"] == "NO-EXAMPLE"}
    assert code == 0
    assert "W-01" not in missing and missing["W-02"]["severity"] == "warning"
    assert missing["W-02"]["location"]["file"] == str(working_copy / "world.hex")
    code, out, _ = run_hexmj(["lint", "--json", str(working_copy / "world.hex")], monkeypatch, capsys)
    assert code == 0 and all(f["code"] != "NO-EXAMPLE" for f in json.loads(out)["findings"])


def test_the_dealer_of_a_table_opens_the_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``dealer: B``: B is dealt 14 tiles and takes the opening turn (§4, §11 phase 1); the kong is B's."""
    text = (KONG_TABLE % "count: {chance.draw B: 1}").replace("world: W-01", "world: W-01\n      dealer: B")
    text = text.replace("hands: {A: ", "hands: {B: ").replace("- A: ankan", "- B: ankan")
    text = text.replace("kong.established A", "kong.established B")
    code, out, _ = run_hexmj(["check", str(_write(tmp_path, text))], monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "1 example(s), 0 failed"), out
    wrong = _write(tmp_path, text.replace("- B: ankan", "- A: ankan"), "wrong.yaml")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1 and "the next decision is not A's: B turn: ankan 1m|" in out


LOOK_TABLE = """\
card: O-N04
examples:
  - example: a revealed tile and a look at the wall
    proves: lib 四 O-N04 卡面正文; lib 四 O-P01 卡面正文
    table:
      world: W-15
      hands: {A: 1m4m7m2p5p8p3s6s9s1z2z3z4z6z}
      draws: 1m9m
      chance: [O-N04]
    steps:
      - A: 5p
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("expectation", "failure"),
    [
        ("revealed: {A: 5p, B: none}", ""),
        ("revealed: {A: 1m}", "expected A's revealed tiles 1m; they are 5p"),
        ("revealed: {B: 1m}", "expected B's revealed tiles 1m; they are none"),
        ("seen: {A: none}", ""),
        ("seen: {A: 1m}", "expected A to have seen 1m (in order); saw nothing"),
    ],
)
def test_revealed_and_seen_hold_the_public_tiles_and_the_private_look(
    expectation: str,
    failure: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """O-N04 暂时公开 (§14.4): A's chosen 5p is public, B shows nothing; A has seen nothing of the wall."""
    code, out, _ = run_hexmj(["check", str(_write(tmp_path, LOOK_TABLE % expectation))], monkeypatch, capsys)
    assert code == (1 if failure else 0)
    assert failure in out.splitlines()[0]
