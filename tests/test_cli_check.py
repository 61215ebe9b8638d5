"""``hexmj check``: card examples played from the command line (docs/examples.md; issue 12 item 2).

An example that holds passes, one whose expectation does not hold fails at that expectation's line,
and a malformed file is one located line and exit 2 before anything is played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.examples import EXAMPLES_FOLDER, named_cards
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


def test_revealed_names_the_hand_tiles_made_public(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``revealed`` holds a player's public hand tiles (§14.4): W-01's kong reveals none, so an example
    that says 1m is shown fails at that line, and one that says none passes."""
    wrong = _write(tmp_path, KONG_TABLE % "revealed: {A: 1m}")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1
    assert f"{wrong}:14 a kong draws a chance card: expected A's revealed tiles 1m; they are none" in out
    right = _write(tmp_path, KONG_TABLE % "revealed: {A: }", "right.yaml")
    code, out, _ = run_hexmj(["check", str(right)], monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "1 example(s), 0 failed")


def test_asked_counts_the_decisions_answered_in_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``asked`` counts the decisions answered since the last play step began: A's kong answered one
    turn decision of A's (§11) and none of B's; saying two fails at that line."""
    wrong = _write(tmp_path, KONG_TABLE % "asked: {turn A: 2}")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1
    assert f"{wrong}:14 a kong draws a chance card: expected 2 × decision turn A answered; saw 1" in out
    right = _write(tmp_path, KONG_TABLE % "asked: {turn A: 1, turn B: 0}", "right.yaml")
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
            "13:20: expect.events: 'Q' is neither the player (A, B, C or D) nor key=value",
        ),
        (("    proves:", "    proof:"), "4:5: examples[]: unknown key 'proof'"),
        (
            ("proves: lib 三 W-01 卡面正文 (§6.6)", "proves: it works"),
            "4:13: proves: name the passage proved",
        ),
        (("      world: W-01", "      modules: [partty]"), "6:17: table.modules: no module 'partty'"),
        (
            ("      - A: ankan 1m\n", "      - to: lunch A\n"),
            "11:13: steps.to: 'lunch' is not a kind of decision",
        ),
        (("tail: 9p9s\n", "tail: [9p9s\n"), "9:13: "),
        (
            ("events: [kong.established A]", "asked: {lunch A: 1}"),
            "13:19: expect.asked: 'lunch' is not a kind of decision",
        ),
        (
            ("events: [kong.established A]", "asked: {none: 1}"),
            "13:19: expect.asked: 'none' is not a decision",
        ),
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
    assert code == 1 and "the next decision is not A's: turn B: ankan 1m|" in out


@pytest.mark.parametrize(
    ("holds", "fails"),
    [
        ("no events: [chance.draw B]", "no events: [chance.draw A cause=W-01]"),
        ("count: {chance.draw A: 1}", "count: {chance.draw A: 2}"),
        ("decision: turn A", "decision: turn B"),
        ("options: [ankan 2m]", "options: [ankan 3m]"),
        ("no options: [ankan 3m]", "no options: [ankan 2m]"),
        ("hand: {A: 2222m345p111s9p}", "hand: {A: 2222m345p111s}"),
        ("has: {A: {2m: 4, 1m: 0}}", "has: {A: {2m: 3}}"),
        ("melds: {A: [ankan 1111m]}", "melds: {A: []}"),
        ("flowers: {A: 0}", "flowers: {A: 1}"),
        ("contract: {A: none}", "contract: {A: open}"),
        ("lasting: {B: none}", "lasting: {B: O-P03}"),
        ("winners: []", "winners: [A]"),
        ("top: 7p", "top: 8p"),
    ],
)
def test_each_kind_of_expectation_holds_or_fails_at_its_line(
    holds: str,
    fails: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """W-01 after A's concealed kong (§6.6): the true state passes, a false one fails at its own line."""
    code, out, _ = run_hexmj(["check", str(_write(tmp_path, KONG_TABLE % holds))], monkeypatch, capsys)
    assert code == 0, out
    wrong = _write(tmp_path, KONG_TABLE % fails, "wrong.yaml")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1 and out.startswith(f"FAIL {wrong}:14 a kong draws a chance card: expected"), out


def test_revealed_tiles_are_held_to_the_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 四 O-N04 “选择并公开自己手牌中的1张数字牌”: A's kong draws it (W-01); A reveals 5p."""
    text = KONG_TABLE.replace("chance: [O-P03]", "chance: [O-N04]")
    text = text.replace(
        "      - A: ankan 1m\n", "      - A: ankan 1m\n      - to: choose A O-N04\n      - A: 5p\n"
    )
    text = text.replace("events: [kong.established A]", "events: [tiles.revealed A]")
    code, out, _ = run_hexmj(
        ["check", str(_write(tmp_path, text % "revealed: {A: 5p}"))], monkeypatch, capsys
    )
    assert code == 0, out
    wrong = _write(tmp_path, text % "revealed: {A: 3p}", "wrong.yaml")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert (
        code == 1
        and f"{wrong}:16 a kong draws a chance card: expected A's revealed tiles 3p; they are 5p" in out
    )


PARTY_TABLE = """\
card: F-T01
examples:
  - example: two 7m at the check
    proves: lib 二.4 “如果检查时手中有至少2张该指定牌，执行卡面“双张动作””
    table:
      world: W-14
      modules: [party]
      hands:
        A: 5p19m19s1234567z5m6m
        B: 55p1234567z9m9p9s7m
      draws: 9m9p9s7m
      party: [F-T01]
    steps:
      - A: discard 5p
      - B: pon
      - B: discard 1z
      - to: turn B
      - B: discard 9s
      - until: turn.ended B
      - expect:
          %s
"""


def test_a_decision_is_named_by_every_word_of_what_it_is_about(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 二.4: B's dealt 7m and a drawn one put F-T01's double action to B, a decision about
    ``challenge F-T01 double``; the expectation names all three words, so the single one fails."""
    code, out, _ = run_hexmj(
        ["check", str(_write(tmp_path, PARTY_TABLE % "decision: choose B challenge F-T01 double"))],
        monkeypatch,
        capsys,
    )
    assert code == 0, out
    wrong = _write(tmp_path, PARTY_TABLE % "decision: choose B challenge F-T01 single", "wrong.yaml")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1 and (
        f"{wrong}:21 two 7m at the check: expected a decision choose B challenge F-T01 single; it is "
        "choose B challenge F-T01 double (it is about challenge F-T01 double, not challenge F-T01 single)"
        in out
    ), out


def test_the_file_docs_examples_md_shows_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/examples.md "A file": the example shown is a real one, and it passes."""
    doc = (CORE_CARDS.parent / "docs" / "examples.md").read_text(encoding="utf-8")
    shown = doc.split("## A file", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    code, out, _ = run_hexmj(["check", str(_write(tmp_path, shown))], monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "2 example(s), 0 failed"), out


def test_without_a_path_check_plays_the_examples_beside_the_card_files(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj check --cards DIR``: the examples of ``DIR/examples`` and of each module's folder."""
    (working_copy / EXAMPLES_FOLDER).mkdir()
    shutil.copy(W01, working_copy / EXAMPLES_FOLDER / W01.name)
    code, out, _ = run_hexmj(["check", "--json", "--cards", str(working_copy)], monkeypatch, capsys)
    files = {Path(entry["file"]).parent for entry in json.loads(out)}
    assert code == 0
    assert working_copy / EXAMPLES_FOLDER in files and CORE_CARDS / EXAMPLES_FOLDER not in files
    assert any(folder.parent.parent.name == "modules" for folder in files)


def test_trace_writes_each_steps_events_as_an_expectation_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--trace``: the step's line, its events and the next decision; a traced event line, put back
    into the example as an expectation, holds."""
    path = _write(tmp_path, KONG_TABLE % "")
    code, out, _ = run_hexmj(["check", "--trace", str(path)], monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and lines[1] == f"  {path}:11: A: ankan 1m"
    drawn = next(line.strip() for line in lines if line.strip().startswith("chance.drawn "))
    assert drawn == "chance.drawn A cause=W-01 card=O-P03 source=W-01"
    assert any(line.startswith("    next: turn A: ankan 2m|") for line in lines)
    again = _write(tmp_path, KONG_TABLE % f"count: {{{drawn}: 1}}", "again.yaml")
    code, out, _ = run_hexmj(["check", str(again)], monkeypatch, capsys)
    assert code == 0, out


AUGMENT_TABLE = """\
card: G-04
examples:
  - example: C may chi A's discard
    proves: lib 七 G-04 卡面正文 “你可以吃任意一名玩家打出的数字牌”
    table:
      hands: {A: 3m19p19s1234567z6p7p, B: 19m258p258s12345z, C: 45m369p147s12367z}
      %s
    steps:
      - A: discard 3m
      - expect:
          %s
"""


def test_a_tables_augments_are_in_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``augments``: with G-04 C (not after A) is offered chi on A's 3m (lib 七 G-04); without it the
    same table offers C nothing (§11 phase 2: chi from the upper seat only)."""
    held = _write(tmp_path, AUGMENT_TABLE % ("augments: {C: [G-04]}", "options: [chi 345m]"))
    code, out, _ = run_hexmj(["check", str(held)], monkeypatch, capsys)
    assert code == 0, out
    bare = _write(
        tmp_path,
        AUGMENT_TABLE % ("round: 1", "no events: [chi.established]\n          decision: turn B"),
        "bare.yaml",
    )
    code, out, _ = run_hexmj(["check", str(bare)], monkeypatch, capsys)
    assert code == 0, out


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


def test_a_decision_is_about_several_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A party challenge is put as ``choose A challenge F-I01`` (§7.2): the expectation names all of
    what it is about, and a different card there fails."""
    text = """\
card: F-I01
examples:
  - example: the upper is asked
    proves: lib 五 F-I01 (§7.2)
    table: {world: W-14, modules: [party], hands: {A: 5p, B: 55p}, party: [F-I01]}
    steps:
      - A: discard 5p
      - B: pon
      - expect:
          decision: %s
"""
    holds = _write(tmp_path, text % "choose A challenge F-I01", "F-I01.yaml")
    code, out, _ = run_hexmj(["check", str(holds)], monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "1 example(s), 0 failed"), out
    wrong = _write(tmp_path, text % "choose A challenge F-I02", "wrong.yaml")
    code, out, _ = run_hexmj(["check", str(wrong)], monkeypatch, capsys)
    assert code == 1 and "expected a decision choose A challenge F-I02" in out, out


def test_lint_reads_the_named_cards_of_every_list_form(tmp_path: Path) -> None:
    """``hexmj lint``'s ``NO-EXAMPLE`` reads ``card:`` and ``cards:`` written inline or as a block list
    (docs/examples.md "A file"), without parsing the examples."""
    (tmp_path / "W-01.yaml").write_text(
        "card: W-01\nexamples:\n  - example: a\n    cards: [W-01, O-P03]\n"
        "  - example: b\n    cards:\n      - O-N09\n      - 'C-05'\n    table: {}\n",
        encoding="utf-8",
    )
    assert named_cards(tmp_path) == {"W-01", "O-P03", "O-N09", "C-05"}
