"""Card arguments are checked and card files are bounded (R190): every whole-number parameter declares
its range in the vocabulary, the checker refuses what lies outside it, too deep a nesting or too long
a number, with ``file:line:col`` and a caret; and whatever passes the checker plays to the end of a
session in bounded time (a property test generating cards)."""

from __future__ import annotations

import io
import json
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from pools_lint_cli import run_hexmj

from dsl import check_cards, compile_cards, parse_text
from dsl.compiler import _names
from dsl.lint import chain_findings
from dsl.parser import MAX_DIGITS, MAX_NESTING
from engine.agents.roster import make_bots
from engine.core.session import drive
from engine.hextech import vocabulary as v
from engine.hextech.plugins import installed_modules
from engine.hextech.session import SessionConfig
from engine.hextech.words import PRIMITIVES
from tools.hextech_session import new_session, session_cards

WORLD = 'card W-90 "测试" world {{\n  触发者: "任意玩家"\n  卡面正文: "测试"\n  {ability}\n}}\n'
PLAIN = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}
"""Three chows (123m 456p 789s), a pung of 1z and a pair of 2z won on a discard (§13)."""
CONTRACT = (
    'card C-90 "测试" contract {{\n  验证: "公开验证"\n  卡面正文: "测试"\n  complete at hu when {cond}\n}}\n'
)
SILVER = 'card S-90 "测试" silver {{\n  频率: "每局1次"\n  卡面正文: "测试"\n  {ability}\n}}\n'


def lint_one(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, list[str], Path]:
    path = tmp_path / "card.hex"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_hexmj(["lint", str(path)], monkeypatch, capsys)
    assert err == ""
    return code, out.splitlines(), path


@pytest.mark.parametrize(
    ("written", "at", "message"),
    [
        ("look_and_reorder(200)", "200", "error BAD-ARGUMENT: n: 200 is outside 1…6"),
        ("look_and_reorder(-3)", "-3", "error BAD-ARGUMENT: n: -3 is outside 1…6"),
        ("look_and_take(0)", "0", "error BAD-ARGUMENT: n: 0 is outside 1…91"),
        ("draw_keep(chance, n: 3, keep: 2)", "keep:", "error BAD-ARGUMENT: keep: 2 is outside 1…1"),
        ("swap_with_top(most: 15)", "most", "error BAD-ARGUMENT: most: 15 is outside 1…14"),
        ("look_and_take(5, take: 9)", "take:", "error BAD-ARGUMENT: look_and_take: take 9 is more than n 5"),
        (
            "look_and_reorder(99999999999999999999999)",
            "9",
            "error NUMBER: a number of 23 digits; at most 18 are read",
        ),
    ],
)
def test_an_argument_outside_its_range_is_refused_at_its_place(
    written: str,
    at: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """lib 二.1: a look sees tiles of the wall, so a count is at least 1 and at most what the rules
    allow; ``look_and_reorder(200)`` used to pass lint and hang ``hexmj play``, ``(-3)`` did nothing."""
    ability = f"on discard.made by holder do {written}"
    code, lines, path = lint_one(tmp_path, SILVER.format(ability=ability), monkeypatch, capsys)
    column = 3 + len("on discard.made by holder do ") + written.index(at)
    assert code == 1
    assert lines[0] == f"{path}:4:{column}: {message}"
    assert lines[2] == " " * (column + 1) + "^"


def test_every_whole_number_parameter_declares_its_range() -> None:
    """Every primitive's count says what it may be, so the checker can refuse the rest (R190)."""
    params = [param for spec in PRIMITIVES.values() for param in spec.params if param.kind == "int"]
    assert params
    for param in params:
        assert param.low is not None and param.high is not None and param.low <= param.high
        assert param.default is None or param.low <= int(param.default) <= param.high


@pytest.mark.parametrize(
    ("ability", "column"),
    [
        ("on discard.made by holder when " + "not " * 300 + "drawable() > 3 do draw_tile()", 31),
        ("on discard.made by holder do " + "if drawable() > 3 { " * 300 + "draw_tile()" + " }" * 300, 29),
    ],
    ids=["not", "blocks"],
)
def test_deep_nesting_is_a_located_error(
    ability: str,
    column: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Hundreds of nested ``not`` or blocks: one NESTING finding with its place, not RecursionError."""
    code, lines, path = lint_one(tmp_path, SILVER.format(ability=ability), monkeypatch, capsys)
    assert code == 1
    line, col = lines[0].removeprefix(f"{path}:").split(":")[:2]
    assert line == "4" and int(col) > column
    assert lines[0].endswith(f"error NESTING: nested more than {MAX_NESTING} levels deep")
    assert len(lines[1]) < 200 and lines[2].endswith("^")


def test_a_contract_condition_lint_passes_scores(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``not`` ×198 passed lint and then crashed ``score``; now lint refuses it, and a condition lint
    lets through (``not`` ×10) compiles and is asked at a hu."""
    contract = CONTRACT
    deep = working_copy / "deep.hex"
    deep.write_text(contract.format(cond="not " * 198 + "count(chow) >= 2"), encoding="utf-8")
    code, out, _ = run_hexmj(["lint", str(deep)], monkeypatch, capsys)
    assert code == 1 and "error NESTING" in out
    deep.write_text(contract.format(cond="not " * 10 + "count(chow) >= 2"), encoding="utf-8")
    code, out, _ = run_hexmj(["lint", str(deep)], monkeypatch, capsys)
    assert code == 0, out
    contracts = working_copy / "contracts.hex"
    written = [
        contract.format(cond="not " * 10 + f"count(chow) >= {n}").replace("C-90", f"C-9{n}") for n in (3, 4)
    ]
    contracts.write_text(contracts.read_text(encoding="utf-8") + "".join(written), encoding="utf-8")
    deep.unlink()
    for card_id, legal in (("C-93", True), ("C-94", False)):
        win = {**PLAIN, "contract": {"id": card_id, "completed": False}}
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(win)))
        code, out, err = run_hexmj(["score", "-", "--cards", str(working_copy)], monkeypatch, capsys)
        assert (code, json.loads(out)["legal"]) == (0 if legal else 1, legal), err


def test_a_number_of_thousands_of_digits_is_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 4,301-digit number used to end in VisitError (exit 70)."""
    ability = "on discard.made by holder when drawable() > " + "9" * 4301 + " do draw_tile()"
    code, lines, path = lint_one(tmp_path, SILVER.format(ability=ability), monkeypatch, capsys)
    assert code == 1
    assert lines[0] == f"{path}:4:47: error NUMBER: a number of 4301 digits; at most {MAX_DIGITS} are read"


def test_an_unknown_card_series_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lib 一 names the series W, O, S, G, P, C, B, F, T: ``Z-01 … silver`` is refused as ``S-60 … gold``
    is; a module's own chance group (O-L01) stays a chance card by its letter."""
    text = SILVER.format(ability="on discard.made by holder do draw_tile()").replace("S-90", "Z-01")
    code, lines, path = lint_one(tmp_path, text, monkeypatch, capsys)
    assert code == 1
    assert lines[0] == f"{path}:1:1: error UNKNOWN-SERIES: Z-01: no card series Z (lib 一)"
    code, lines, path = lint_one(tmp_path, text.replace("Z-01", "O-L01"), monkeypatch, capsys)
    assert code == 1 and lines[0] == f"{path}:1:1: error ID-TYPE: O-L01 is a chance card by its id"
    code, lines, _ = lint_one(tmp_path, text.replace("Z-01", "S-90"), monkeypatch, capsys)
    assert code == 0


@pytest.mark.parametrize(
    ("card_id", "message"),
    [
        ("S-08-v1", "error BAD-ID: S-08-v1 is not a card id of the library's form (lib 一, §18.4)"),
        ("S-100", "error BAD-ID: S-100 is not a card id of the library's form (lib 一, §18.4)"),
        ("S-08-v" + "9" * 4301, "error NUMBER: a number of 4301 digits; at most 18 are read"),
    ],
    ids=["first-version", "three-digits", "huge-version"],
)
def test_an_id_not_of_the_library_form_is_refused(
    card_id: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """§18.4: a first version has no ``-v``; ``S-08-v1`` and ``S-100`` passed lint and then failed
    every command that sorts cards, a 4,301-digit version was a defect (VisitError)."""
    text = SILVER.format(ability="on discard.made by holder do draw_tile()").replace("S-90", card_id)
    code, lines, path = lint_one(tmp_path, text, monkeypatch, capsys)
    assert code == 1
    assert lines[0] == f"{path}:1:{6 if 'NUMBER' in message else 1}: {message}"


def test_a_card_file_of_more_than_a_mebibyte_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card named with two million characters took lint 20 s and 450 MB; the file is refused unread."""
    name = "x" * 2_000_000
    text = SILVER.format(ability="on discard.made by holder do draw_tile()").replace(
        '"测试" silver', f'"{name}" silver'
    )
    code, lines, path = lint_one(tmp_path, text, monkeypatch, capsys)
    size = path.stat().st_size
    assert (code, lines[0]) == (
        1,
        f"{path}:1:1: error TOO-LARGE: a card file of {size} bytes; at most 1048576 are read",
    )


def test_cards_of_a_folder_with_a_file_that_is_not_utf8(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj cards --cards DIR`` read a non-UTF-8 file as a defect (exit 70); it is a card error at
    the byte's place (exit 4), as lint says."""
    silver = working_copy / "silver.hex"
    silver.write_bytes(silver.read_bytes() + b'card S-91 "x\xff" silver {\n}\n')
    line = silver.read_bytes().count(b"\n") - 1
    code, out, err = run_hexmj(["cards", "--cards", str(working_copy)], monkeypatch, capsys)
    assert (code, out) == (4, "")
    assert (
        err.splitlines()[0]
        == f"hexmj: error: {silver}:{line}:13: error ENCODING: byte 0xff is not UTF-8 text"
    )


# ---- whatever passes the checker plays --------------------------------------------

CORE = {
    name: spec
    for name, spec in PRIMITIVES.items()
    if name not in ("challenge", "chips", "watch_tile", "choose_value", "treasure_order")
}
"""The primitives a generated card uses: the module's own and those needing a kept value aside."""

EVENTS = ("discard.made", "draw.normal", "turn.started", "round.started", "discard.settled", "kong.declared")


def _argument(param: v.Param) -> st.SearchStrategy[str]:
    if param.kind == "int":
        assert param.low is not None and param.high is not None
        return st.integers(param.low, param.high).map(str)
    words = _names(param.kind, None)
    if param.kind == "tile":
        words = ("tile", "chosen", "5m")
    elif param.kind == "filter":
        words = ("any", "number", "honour", "5m", "drawn", "flower")
    if not words:
        return st.just(str(param.default))
    return st.sampled_from(sorted(words))


@st.composite
def abilities(draw: st.DrawFn) -> tuple[str, str]:
    """A card type (world or silver) and ``on EVENT by ROLE [LIMIT] do PRIMITIVE(args)``, every argument
    within its declared kind and range (a world card has no holder: its role is ``any``)."""
    name = draw(st.sampled_from(sorted(CORE)))
    args = []
    for param in CORE[name].params:
        if param.default is None or draw(st.booleans()):
            args.append(f"{param.name}: {draw(_argument(param))}")
    event = draw(st.sampled_from(EVENTS))
    kind = draw(st.sampled_from(("world", "silver")))
    role = "any" if kind == "world" else draw(st.sampled_from(("holder", "any")))
    limit = draw(st.sampled_from(("limit 2 per round ", "limit none ", "")))
    return kind, f"on {event} by {role} {limit}do {name}({', '.join(args)})"


class Overtime(Exception):
    """A session went on past its time bound."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Overtime(f"still playing after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_tile_put_under_the_wall_with_no_draw_after_it_is_refused_h11(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """H11, R561: ``put_bottom`` takes a tile from the hand for good; a block whose later steps draw
    none would leave a short hand (相公), so lint refuses it at the call, one line with a caret."""
    code, lines, path = lint_one(
        tmp_path, SILVER.format(ability="on discard.made by holder do put_bottom()"), monkeypatch, capsys
    )
    assert code == 1
    assert lines[0] == (
        f"{path}:4:32: error SHORT-HAND: put_bottom takes a tile from the hand and no later step of this "
        "block draws one"
    )
    assert lines[2] == " " * 33 + "^"


@pytest.mark.parametrize(
    "body",
    [
        "{ put_bottom() draw_tile(as: extra) }",  # O-P09, O-C02 ②
        "{ draw_tile(as: extra) put_bottom() }",  # the draw first: the hand keeps its size
        "{ put_bottom(drawn) look_and_take(2, as: extra, rest: top) }",  # G-10
    ],
)
def test_a_tile_put_under_the_wall_and_drawn_back_passes_h11(
    body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The control: the library's way, a draw in the same block, keeps the hand's size (R561)."""
    code, _, _ = lint_one(
        tmp_path, SILVER.format(ability=f"on discard.made by holder do {body}"), monkeypatch, capsys
    )
    assert code == 0


def test_a_draw_in_another_block_does_not_give_the_tile_back_h11() -> None:
    """A draw in another option is no draw of this block: the option that only puts a tile under the
    wall is refused, the other passes (R561)."""
    ability = 'on idle by holder do choose one { option "a" put_bottom() option "b" draw_tile(as: extra) }'
    (finding,) = check_cards(parse_text(SILVER.format(ability=ability), "c.hex"))
    assert finding.code == "SHORT-HAND" and finding.location is not None and finding.location.column == 48


def test_a_card_draw_names_a_deck_of_cards_s6_4() -> None:
    """draw_card resolves a chance or party card (§6.4, §7.2): a contract deck is refused at its
    argument, chance passes."""
    for deck, refused in (("black_contract", True), ("chance", False)):
        ability = f"on discard.made by any limit 2 per round do draw_card(deck: {deck}, for: actor)"
        findings = check_cards(parse_text(WORLD.format(ability=ability), "w.hex"))
        assert bool(findings) is refused, (deck, findings)
        if refused:
            (finding,) = findings
            assert "black_contract" in finding.message and finding.location is not None


@settings(max_examples=25)
@given(card=abilities(), seed=st.integers(1, 10_000))
@example(card=("world", "on discard.made by any limit 2 per round do look_and_reorder(6)"), seed=1)
@example(card=("silver", "on tile.acquired by holder limit none do draw_tile()"), seed=1)
@example(card=("silver", "on draw.normal by holder limit 2 per round do retract_discard()"), seed=2)
@example(
    card=("world", "on discard.made by any limit 2 per round do draw_card(deck: chance, for: actor)"), seed=1
)
def test_a_card_that_passes_the_checker_plays_in_bounded_time(card: tuple[str, str], seed: int) -> None:
    """Every world card, or every augment, of a shortened session (§18.1) is replaced by a generated
    ability that lint passes (its arguments in range, no endless chain); the session plays to its end
    in well under the bound (a hang fails, as any crash does)."""
    kind, ability = card
    text = (WORLD if kind == "world" else SILVER).format(ability=ability)
    written = parse_text(text, "generated.hex")
    assume(not check_cards(written) and not chain_findings(written, installed_modules()))
    [generated] = compile_cards(written)
    replaced = ("world",) if kind == "world" else ("silver", "gold", "prismatic")
    cards, modules = session_cards("all")
    chosen = [replace(c, hooks=generated.hooks) if c.type in replaced else c for c in cards]
    config = SessionConfig(seed=seed, mode="all", rounds=4)
    session = new_session(config, chosen=(chosen, modules))
    with time_bound(30):
        result = drive(session, make_bots(["greedy"] * 4, seed))
    assert len(result.rounds) == 4


def test_a_loop_through_one_card_the_rules_close_is_endless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R192: P-10's replacement discard is the player's own, so a card that retracts every discard
    hears its own replacement; with ``limit none`` it passed lint and then ended play in RecursionError.
    P-10 itself is once per round (lib 二.2) and stays clean."""
    ability = "on discard.made by holder limit none do retract_discard()"
    code, lines, path = lint_one(tmp_path, SILVER.format(ability=ability), monkeypatch, capsys)
    assert code == 1
    assert lines[0] == (
        f"{path}:1:1: error LOOP: endless trigger chain in the core alone: S-90 through discard.made; "
        "no limit, world-card rule or guard breaks it"
    )
    ability = "on discard.made by holder may do retract_discard()"
    assert lint_one(tmp_path, SILVER.format(ability=ability), monkeypatch, capsys)[0] == 0


@pytest.mark.parametrize("card_id", ["S-08-v" + "9" * 4301, "S-" + "9" * 5000])
def test_a_huge_id_on_the_command_line_is_a_short_error(
    card_id: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``card show S-08-v<4,301 digits>`` was a ValueError (exit 70); the message shows the id cut."""
    code, out, err = run_hexmj(["card", "show", card_id], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: {card_id[:40]!r}… is not a card id (expected e.g. W-01, O-P01, S-08-v2)\n"
