"""``hexmj check``: the example language a referee writes every case in (docs/examples.md; issue 32
items 6–15) — folders, rule and multi-card files, seeds and a loaded die, exact decisions, negation
and exact sets, counters, tables that start part-way, option names, sessions of several rounds.

Each form is played through ``hexmj check`` on a concrete case of the rulebook or the card library:
a case that holds passes, one that does not fails at its line (exit 1), and a malformed one is one
``file:line:col`` line (exit 2) before anything is played."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.examples import EXAMPLES_FOLDER
from dsl.loader import CORE_CARDS

W01 = CORE_CARDS / EXAMPLES_FOLDER / "W-01.yaml"
DOCS = CORE_CARDS.parent / "docs" / "examples.md"


def _write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _check(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    return run_hexmj(["check", str(_write(tmp_path, text))], monkeypatch, capsys)


def _passes(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _check(tmp_path, text, monkeypatch, capsys)
    assert (code, err) == (0, ""), out + err
    assert out.splitlines()[-1].endswith(" 0 failed"), out


def _fails(
    tmp_path: Path,
    text: str,
    at: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The example fails at the line holding ``at``, saying ``message``, exit 1."""
    line = next(n for n, row in enumerate(text.splitlines(), 1) if at in row)
    code, out, _ = _check(tmp_path, text, monkeypatch, capsys)
    failed = next((row for row in out.splitlines() if row.startswith("FAIL ")), "")
    assert code == 1 and f"case.yaml:{line} " in failed and message in failed, out


def _malformed(
    tmp_path: Path,
    text: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _write(tmp_path, text)
    code, out, err = run_hexmj(["check", str(path)], monkeypatch, capsys)
    assert (code, out) == (2, ""), out + err
    assert err.startswith(f"hexmj: error: {path}:{message}") and err.count("\n") == 1, err


# -- item 6: a folder means the example files in it ---------------------------------------------


def test_a_folder_means_the_example_files_beneath_it_not_the_pool_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj check cards`` reads ``cards/examples`` (rules/ included), never ``conflict-rulings.yaml``
    or the pool files beside it; a folder of cards with an ``examples/`` folder plays only that."""
    code, out, err = run_hexmj(["check", "--coverage", "--json", str(CORE_CARDS)], monkeypatch, capsys)
    report = json.loads(out)
    assert (code, err) == (0, "")
    assert "W-01" in report["covered"] and "§12.3" in report["rules"]
    (tmp_path / EXAMPLES_FOLDER).mkdir()
    (tmp_path / EXAMPLES_FOLDER / "W-01.yaml").write_text(W01.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pools.yaml").write_text("pools: {}\n", encoding="utf-8")
    code, out, err = run_hexmj(["check", str(tmp_path)], monkeypatch, capsys)
    assert (code, err) == (0, "") and out.splitlines()[-1].endswith(" 0 failed"), out + err
    assert all(str(tmp_path / EXAMPLES_FOLDER) in row for row in out.splitlines()[:-1])


# -- item 7: rule files and files of several cards ----------------------------------------------

RULE = """\
rule: §12.3
examples:
  - example: B and D hu on A's discard, B ranked first
    proves: §12.3 “同时胡牌玩家的顺序，按照他们与出牌玩家之间的座位顺序判定”
    table:
      hands: {A: 5s, B: 123m456p789s111z5s, D: 234m567p678s222z5s}
      contracts: {B: C-19, D: C-19}
    steps:
      - A: discard 5s
      - B: hu
      - D: hu
      - expect:
          %s
"""


def test_a_rule_file_proves_a_section_and_counts_under_it_s12_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file naming ``rule: §12.3`` names no card; its example passes or fails like a card's, and
    ``--coverage`` counts it under §12.3, not under C-19, which its table uses."""
    _passes(tmp_path, RULE % "winners: [B, D]", monkeypatch, capsys)
    _fails(
        tmp_path,
        RULE % "winners: [D, B]",
        "winners:",
        "expected the winners DB; they are BD",
        monkeypatch,
        capsys,
    )
    path = _write(tmp_path, RULE % "winners: [B, D]")
    code, out, _ = run_hexmj(["check", "--coverage", "--json", str(path)], monkeypatch, capsys)
    report = json.loads(out)
    assert (code, report["covered"], report["rules"]) == (0, [], {"§12.3": 1})
    code, out, _ = run_hexmj(["check", "--json", str(path)], monkeypatch, capsys)
    assert json.loads(out)[0]["rule"] == "§12.3"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("rule: §12.3", "rule: 12.3"), "1:7: rule: '12.3' is not a rulebook section"),
        (("rule: §12.3", "rule: §12.3\ncard: W-01"), "1:1: example file: name what it proves"),
        (("proves: §12.3 “", "proves: lib 二 “"), "4:13: proves: name the rulebook passage proved"),
    ],
)
def test_a_malformed_rule_file_is_one_located_line(
    edit: tuple[str, str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A section that is not one, a file naming a card and a rule, a rule's passage without a §."""
    _malformed(tmp_path, (RULE % "winners: [B, D]").replace(*edit), message, monkeypatch, capsys)


def test_a_file_of_several_cards_proves_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cards: [W-01, O-P03]``: every example of the file proves both (lib 三 W-01, lib 四 O-P03)."""
    text = W01.read_text(encoding="utf-8").replace("card: W-01", "cards: [W-01, O-P03]", 1)
    path = _write(tmp_path, text)
    code, out, _ = run_hexmj(["check", "--coverage", "--json", str(path)], monkeypatch, capsys)
    assert (code, json.loads(out)["covered"]) == (0, ["W-01", "O-P03"])


# -- item 8: a seed and a loaded die -------------------------------------------------------------

DIE = """\
card: O-X06
examples:
  - example: the die names the player who draws
    proves: lib 四 O-X06 卡面正文 “②掷骰子，从下一名玩家起按顺时针计数，指定1名仍在游戏中的玩家抽1张机遇牌”
    table:
      world: W-15
      %s
      hands: {A: 1m4m7m2p5p8p3s6s9s1z2z3z4z6z}
      chance: [O-X06, O-P03]
    steps:
      - A: option 2
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("table", "holds", "fails"),
    [
        ("die: [2]", "lasting: {C: O-P03}", "lasting: {A: O-P03}"),
        ("die: [4]", "lasting: {A: O-P03}", "lasting: {C: O-P03}"),
        ("seed: 1", "events: [die.rolled A value=2]", "events: [die.rolled A value=4]"),
        ("seed: 0", "events: [die.rolled A value=4]", "events: [die.rolled A value=2]"),
        ("die: [1, 2]\n      seed: 1", "events: [die.rolled A value=1]", "events: [die.rolled A value=2]"),
    ],
)
def test_a_loaded_die_and_a_seed_fix_the_roll_o_x06(
    table: str,
    holds: str,
    fails: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """O-X06 ② counts the roll from the next player (R76): a loaded 2 is C, a 4 comes back to A; an
    unloaded die rolls what the table's seed rolls, the same every time."""
    _passes(tmp_path, DIE % (table, holds), monkeypatch, capsys)
    _fails(tmp_path, DIE % (table, fails), fails, "expected", monkeypatch, capsys)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("die: [7]", "7:13: table.die: a die shows 1 to 6, not 7"),
        ("seed: -1", "7:13: table.seed: expected a count"),
    ],
)
def test_a_die_face_or_a_seed_that_cannot_be_is_refused(
    table: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _malformed(tmp_path, DIE % (table, "winners: []"), message, monkeypatch, capsys)


# -- item 9: negation, exact sets, exact decisions ------------------------------------------------

TIDY = """\
card: O-X05
examples:
  - example: every player tidies in turn from the holder
    proves: lib 四 O-X05 卡面正文 “从你开始，仍在游戏中的玩家按顺时针顺序各进行一次额外整理”
    table:
      world: W-15
      hands: {A: 1m4m7m2p5p8p3s6s9s1z2z3z4z6z}
      draws: 7m8m9m3p
      chance: [O-X05]
    steps:
      - until: draw.extra A
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("holds", "fails", "message"),
    [
        (
            "decision: turn A card:O-X05",
            "decision: turn A",
            "it is turn A card:O-X05 (it is about card:O-X05, not nothing)",
        ),
        (
            "not: {decision: turn A}",
            "not: {decision: turn A card:O-X05}",
            "expected decision (line 13) not to hold; it holds",
        ),
        ("decision: turn * card:O-X05", "decision: turn B *", "(the player is A, not B)"),
        (
            "only options: [discard 7m, discard 1m, discard 4m, discard 2p, discard 5p, discard 8p, "
            "discard 3s, discard 6s, discard 9s, discard 1z, discard 2z, discard 3z, discard 4z, discard 6z]",
            "only options: [discard 7m]",
            "discard 1m, discard 4m",
        ),
        (
            "one of: [{decision: turn B}, {events: [draw.extra A tile=7m]}]",
            "one of: [{decision: turn B}, {events: [draw.extra A tile=8m]}]",
            "none holds: (1) expected a decision turn B",
        ),
        ("asked: {turn A *: 0}", "asked: {turn * *: 1}", "expected 1 × decision turn * * answered; saw 0"),
    ],
)
def test_decisions_are_exact_and_negation_and_exact_sets_can_be_said_o_x05(
    holds: str,
    fails: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """O-X05's tidy puts A a discard of the card's (``turn A card:O-X05``), not A's turn of the round:
    ``turn A`` no longer matches it; ``not``, ``only options`` and ``one of`` hold or fail at their line."""
    _passes(tmp_path, TIDY % holds, monkeypatch, capsys)
    _fails(tmp_path, TIDY % fails, fails, message, monkeypatch, capsys)


def test_a_tile_among_the_revealed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 四 O-N04 “选择并公开自己手牌中的1张数字牌”: 5p is among A's public tiles, 5p 5p is not."""
    text = """\
card: O-N04
examples:
  - example: the revealed
    proves: lib 四 O-N04 卡面正文
    table: {world: W-15, hands: {A: 1m4m7m2p5p8p3s6s9s1z2z3z4z6z}, chance: [O-N04]}
    steps:
      - A: 5p
      - expect:
          %s
"""
    _passes(tmp_path, text % "revealed has: {A: 5p}", monkeypatch, capsys)
    _fails(
        tmp_path,
        text % "revealed has: {A: 5p5p}",
        "revealed has",
        "expected 5p among A's revealed tiles; they are 5p",
        monkeypatch,
        capsys,
    )


@pytest.mark.parametrize(
    ("expectation", "message"),
    [
        ("not: {decision: turn A, wall: 3}", "13:16: expect.not: write one expectation"),
        ("one of: [{decision: turn A}]", "13:19: expect.one of: write two alternatives or more"),
        ("asked: {call B: 0}", "13:19: expect.asked: call B: a call decision is about the tile discarded"),
        ("decision: turn", "13:21: expect.decision: turn: write the player who decides"),
        ("decision: call B 3x", "13:21: expect.decision: call B 3x: a call decision is about the tile"),
        (
            "decision: turn A card:O-X55",
            "13:21: expect.decision: turn A card:O-X55: a turn decision is about",
        ),
    ],
)
def test_a_malformed_expectation_is_one_located_line(
    expectation: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _malformed(tmp_path, TIDY % expectation, message, monkeypatch, capsys)


# -- item 10: a decision no round can put is refused, not played for --------------------------------


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("to: turn B card:P06", "11:13: steps.to: turn B card:P06: a turn decision is about nothing"),
        ("to: call B 3x", "11:13: steps.to: call B 3x: a call decision is about the tile discarded"),
        ("to: choose A W-7", "11:13: steps.to: choose A W-7: a choose decision is about a card id"),
        (
            "to: augment A bronze",
            "11:13: steps.to: augment A bronze: an augment decision".replace("an augment", "a augment"),
        ),
        ("to: contract A C-01", "11:13: steps.to: contract A C-01: a contract decision is about nothing"),
    ],
)
def test_to_a_misspelt_decision_is_refused_at_its_line(
    step: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``to:`` with a spelling no decision has would play the round out: it is a malformed file."""
    _malformed(
        tmp_path, TIDY.replace("until: draw.extra A", step) % "winners: []", message, monkeypatch, capsys
    )


# -- item 11: counters, tables that start part-way, a decision before the first step ---------------

COUNTERS = """\
card: B-10
examples:
  - example: a forced discard
    proves: lib 十 B-10 卡面正文 “每回合正常摸到的牌必须在该回合直接弃出”
    table:
      dealer: B
      hands: {B: 123m456p789s11z55s}
      draws: 6z7z4z9p
      tail: 8s
      contracts: {B: B-10}
    steps:
      - B: discard 1m
      - to: turn B
      - B: discard 9p
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("holds", "fails"),
    [
        ("normal draws: {B: 1, C: 1, A: 1}", "normal draws: {B: 2}"),
        ("forced discards: {B: 1}", "forced discards: {B: 2}"),
        ("wind: {B: east, C: south, D: west, A: north}", "wind: {A: east}"),
        ("penalties: {B: 0}", "penalties: {B: -1}"),
        ("river: {B: 1m 9p, D: 7z}", "river: {D: none}"),
        ("tail: 8s", "tail: 1m"),
        ("discards: {chance: [], treasure: none}", "discards: {chance: [O-P03]}"),
        ("totals: {B: 0}", "totals: {B: 1}"),
        ("kongs: {B: []}", "kongs: {B: [ankan]}"),
    ],
)
def test_the_counters_of_a_round_can_be_expected_b_10(
    holds: str,
    fails: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """B-10 forces B's drawn 9p out (lib 十): B's normal draws, forced discards, seat wind (dealer B is
    east, §4), penalties, river, the wall's tail and the decks' discard piles as they stand."""
    _passes(tmp_path, COUNTERS % holds, monkeypatch, capsys)
    _fails(tmp_path, COUNTERS % fails, fails, "expected", monkeypatch, capsys)


ABANDON = """\
card: B-01
examples:
  - example: the window at 24
    proves: §10 “当牌墙第一次剩余24张或更少时…进入统一放弃契约窗口”; §10.2
    table:
      hands: {A: 1m4m7m2p5p8p3s6s9s1z2z3z4z6z}
      melds: {B: [pon 555p]}
      contracts: {A: B-01}
      wall: %s
    steps:
      - A: discard 6z
      - until: discard.settled B
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("wall", "holds"),
    [
        ("25", "decision: abandon A B-01\n          wall: 24"),
        ("26", "decision: turn C\n          wall: 24"),
    ],
)
def test_a_table_starts_with_melds_and_the_wall_down_to_a_count_s10(
    wall: str, holds: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§10: a wall of 25 after the deal falls to 24 at B's draw and the window opens once B's turn
    has settled; of 26 it opens a turn later. B starts with a pon declared."""
    _passes(tmp_path, ABANDON % (wall, holds + "\n          melds: {B: [pon 555p]}"), monkeypatch, capsys)
    _fails(
        tmp_path, ABANDON % (wall, "wall: 40"), "wall: 40", "drawable tiles in the wall", monkeypatch, capsys
    )


def test_abandoning_a_black_contract_is_a_penalty_s10_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§10.2: A abandons the black contract B-01 at the window; the penalty is A's."""
    text = (ABANDON % ("25", "winners: []")).replace("      - expect:\n          winners: []\n", "")
    text += "      - A: abandon\n      - expect:\n          penalties: {A: -1, B: 0}\n"
    text += "          contract: {A: abandoned}\n"
    _passes(tmp_path, text, monkeypatch, capsys)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("pon 555p", "pon 556p"), "7:19: table.melds.B: "),
        (("wall: 25", "wall: -3"), "9:13: table.wall: expected a count"),
    ],
)
def test_a_table_part_way_that_cannot_be_is_refused(
    edit: tuple[str, str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _malformed(tmp_path, (ABANDON % ("25", "winners: []")).replace(*edit), message, monkeypatch, capsys)


def test_a_decision_put_before_the_first_step_is_answered_t_09(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 十一 T-09 “发牌前由庄家公开指定…”: drawn as the round's order, the dealer names the face
    before the deal, and the face named is every player's treasure."""
    text = """\
card: T-09
examples:
  - example: named before the deal
    proves: lib 十一 T-09 卡面正文 “发牌前由庄家公开指定一种确切牌面作为本局宝牌”
    table: {modules: [treasure], treasure: [T-09], hands: {A: 9s}}
    steps:
      - expect:
          decision: choose A T-09
          no events: [setup.dealt]
      - A: 4z
      - expect:
          treasure: {%s}
"""
    _passes(tmp_path, text % "A: 4z, C: 4z", monkeypatch, capsys)
    _fails(
        tmp_path,
        text % "A: 3z",
        "treasure: {A: 3z}",
        "expected A's treasure faces 3z; they are 4z",
        monkeypatch,
        capsys,
    )


# -- item 12: one spelling; a failure names the part that differs ---------------------------------


def test_trace_and_failures_spell_decisions_and_events_as_an_example_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--trace`` writes ``call B 5s`` where it once wrote ``B call on 5s``; its ``next:`` line and its
    event lines, copied into ``to:`` and ``events:``, hold; a failure names the part that differs."""
    path = _write(tmp_path, RULE % "winners: [B, D]")
    code, out, _ = run_hexmj(["check", "--trace", str(path)], monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and "    next: call B 5s: pass|hu" in lines
    settled = next(row.strip() for row in lines if row.strip().startswith("hu.settled "))
    assert settled == "hu.settled winners=B+D remaining=2"
    copied = (RULE % f"events: [{settled}]").replace(
        "      - A: discard 5s\n", "      - A: discard 5s\n      - to: call B 5s\n"
    )
    _passes(tmp_path, copied, monkeypatch, capsys)
    _fails(
        tmp_path,
        RULE % "events: [hu.settled winners=D+B]",
        "winners=D+B",
        "saw hu.settled winners=B+D remaining=2: winners is B+D, not D+B",
        monkeypatch,
        capsys,
    )


# -- item 13: events a round records, the third hu, an empty river, a passage with ": " -----------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("events: [hu.setled]", "13:20: expect.events: 'hu.setled' is not an event a round records"),
        ("no events: [response.window]", "13:23: expect.no events: 'response.window' is not an event"),
        ("count: {hu.confirmd B: 1}", "13:19: expect.count: 'hu.confirmd' is not an event a round records"),
    ],
)
def test_an_event_no_round_records_is_refused(
    text: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A misspelt event (and ``response.window``, which no round puts: R571) is a malformed file."""
    _malformed(tmp_path, RULE % text, message, monkeypatch, capsys)


def test_until_an_unknown_event_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (RULE % "winners: [B, D]").replace("      - B: hu\n", "      - until: hu.clamed\n      - B: hu\n")
    _malformed(tmp_path, text, "10:16: steps.until: 'hu.clamed' is not an event", monkeypatch, capsys)


def test_the_third_hu_settles_its_discard_and_its_hu_s11(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§11 阶段五: B, C and D hu on A's 5s; the round ends there, after ``hu.settled`` and the discard's
    ``discard.settled`` (R570), and A's river is empty: the 5s went to B."""
    text = RULE.replace("D: 234m567p678s222z5s}", "C: 123p456m789s333z5s, D: 234m567p678s222z5s}")
    text = text.replace("{B: C-19, D: C-19}", "{B: C-19, C: C-19, D: C-19}").replace(
        "      - D: hu\n", "      - C: hu\n      - D: hu\n"
    )
    expected = (
        "events: [hu.settled winners=B+C+D, discard.settled A outcome=ron, round.ended reason=third_win]"
    )
    _passes(
        tmp_path,
        text % (expected + "\n          river: {A: none}\n          decision: none"),
        monkeypatch,
        capsys,
    )
    _fails(
        tmp_path, text % "river: {A: 5s}", "river:", "expected A's river 5s; it is empty", monkeypatch, capsys
    )


def test_a_passage_holding_a_colon_is_read_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``proves: §12.3 一炮多响: …`` is the passage to its line's end, not a YAML mapping."""
    text = (RULE % "winners: [B, D]").replace("proves: §12.3 “", "proves: §12.3 一炮多响: “")
    path = _write(tmp_path, text)
    code, out, _ = run_hexmj(["check", "--json", str(path)], monkeypatch, capsys)
    assert code == 0 and json.loads(out)[0]["passed"], out


# -- item 14: a choice's options by a short name ------------------------------------------------------


def test_a_cards_options_are_named_by_their_place_o_x06(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 四 O-X06 “选择一项：①…；②…”: ``option 1`` and ``option 2`` name its two texts in answers and
    expectations, the trace shows each name beside its text, and a third option is no answer."""
    text = DIE % ("die: [2]", "winners: []")
    text = text.replace(
        "      - A: option 2\n",
        "      - expect:\n          only options: [option 1, option 2]\n      - A: option 1\n",
    )
    _passes(tmp_path, text, monkeypatch, capsys)
    code, out, _ = run_hexmj(["check", "--trace", str(tmp_path / "case.yaml")], monkeypatch, capsys)
    shown = "option 1 = ①自己再抽1张机遇牌|option 2 = ②掷骰子指定1名仍在游戏中的玩家抽1张机遇牌"
    assert code == 0 and f"next: choose A O-X06: {shown}" in out
    wrong = text.replace("A: option 1", "A: option 3")
    _fails(tmp_path, wrong, "option 3", "'option 3': O-X06's choice has 2 options", monkeypatch, capsys)


# -- item 15: a session of several rounds ------------------------------------------------------------

SESSION = """\
rule: §7.1
examples:
  - example: chips carry into the next round
    proves: §7.1 “完成挑战通常获得卡面注明数量的欢乐筹码；欢乐筹码不参与本场排名”
    table: {world: W-14, modules: [party], hands: {A: 5p, B: 55p}, party: [F-I01, F-I01], scores: {A: 3}}
    steps:
      - A: discard 5p
      - B: pon
      - A: done
      - %s
      - next round: {hands: {B: 5p, C: 55p}}
      - expect:
          %s
"""


@pytest.mark.parametrize(
    ("holds", "fails", "message"),
    [
        (
            "session: {party: {chips: {A: 1}, stars: [A]}}",
            "session: {party: {stars: [B]}}",
            "the party session fields",
        ),
        ("totals: {A: 3, B: 0}", "totals: {A: 4}", "expected A's session total 4; it is 3"),
        ("decision: turn B", "decision: turn A", "it is turn B (the player is B, not A)"),
        ("wind: {B: east, A: north}", "wind: {A: east}", "expected A's seat wind east; it is north"),
    ],
)
def test_the_next_round_carries_the_session_s7_1_s16(
    holds: str,
    fails: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``next round``: A's chip and its star carry (§7.1), the scores carry (§16), B deals round 2 (§4)."""
    _passes(tmp_path, SESSION % ("finish", holds), monkeypatch, capsys)
    _fails(tmp_path, SESSION % ("finish", fails), fails, message, monkeypatch, capsys)


def test_a_next_round_that_enables_modules_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The modules are the session's (§3): a later round cannot switch one on."""
    text = (SESSION % ("finish", "winners: []")).replace(
        "{hands: {B: 5p,", "{modules: [treasure], hands: {B: 5p,"
    )
    _malformed(
        tmp_path, text, "11:22: next round: the modules of the first round carry on", monkeypatch, capsys
    )


def test_the_next_round_waits_for_this_one_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SESSION % ("expect: {winners: []}", "winners: []")
    _fails(tmp_path, text, "- next round", "the round is not over", monkeypatch, capsys)


# -- the forms docs/examples.md shows --------------------------------------------------------------


def test_every_example_file_docs_examples_md_shows_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each YAML file docs/examples.md shows (a card's, several cards', a rule's) is a real one, and it
    passes."""
    shown = re.findall(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert len(shown) >= 4
    for number, text in enumerate(shown):
        path = _write(tmp_path, text, f"shown-{number}.yaml")
        code, out, err = run_hexmj(["check", str(path)], monkeypatch, capsys)
        assert (code, err) == (0, "") and out.splitlines()[-1].endswith(" 0 failed"), out + err
