"""``hexmj score --rules standard``: a win under seed 002's fan table, from JSON or one vector case,
itemised as text or JSON (issue 14 item 5); bad input is one line naming the field, exit 2."""

from __future__ import annotations

import io
import json
import sys

import pytest

from tools.cli import main

WIN = {
    "concealed": "678999m22s77z2s",
    "melds": ["minkan 6666z"],
    "win_tile": "2s",
    "win_by": "self_draw",
    "flowers": "18f",
    "prevalent_wind": "E",
    "seat_wind": "S",
}
"""Vector testFlowerTiles as JSON: 箭刻 2 + 双暗刻 2 + 幺九刻 1 + 明杠 1 + 缺一门 1 + 自摸 1 + 花牌 2."""


def run(
    payload: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[int, str, str]:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    monkeypatch.setattr(sys, "argv", ["hexmj", "score", *args])
    with pytest.raises(SystemExit) as done:
        main()
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_text_lists_each_fan_and_the_total(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(WIN, capsys, monkeypatch, "--rules", "standard", "-")
    assert code == 0
    assert out.splitlines() == [
        "箭刻 2",
        "双暗刻 2",
        "幺九刻 1",
        "明杠 1",
        "缺一门 1",
        "自摸 1",
        "花牌 1 ×2 = 2",
        "total 10",
    ]


def test_json_gives_total_and_fan(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(WIN, capsys, monkeypatch, "--rules", "standard", "--json", "-")
    assert code == 0
    shown = json.loads(out)
    assert shown["total"] == 10 and shown["may_win"] is True
    assert shown["fan"][-1] == {"name": "花牌", "value": 1, "count": 2}


def test_case_in_the_vector_format(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same win as a case string prints the same JSON."""
    code, out, _ = run(
        "",
        capsys,
        monkeypatch,
        "--rules",
        "standard",
        "--case",
        "18f;FFFF2;678999m22sCC2s;E,S,1,0,0,0",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["total"] == 10


def test_below_the_minimum_is_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R402: a legal form short of 起和分 scores its raw total and says the win may not be declared."""
    case = ";345p0;345m567sWW687p;E,E,1,0,0,0"
    code, out, _ = run("", capsys, monkeypatch, "--rules", "standard", "--case", case)
    assert code == 0 and out.splitlines()[-1] == "total 4 (below the minimum to declare the win)"
    code, out, _ = run(
        "", capsys, monkeypatch, "--rules", "standard", "--case", case, "--option", "min_fan=4", "--json"
    )
    assert json.loads(out)["may_win"] is True


def test_option_limit(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """【游戏模式】: 128 in the limited mode, the raw 153 unlimited."""
    case = ";EEE1,SSS2,WWW3;NNNPP;E,E,0,0,0,0"
    _, out, _ = run("", capsys, monkeypatch, "--rules", "standard", "--case", case, "--json")
    assert json.loads(out)["total"] == 128
    _, out, _ = run(
        "",
        capsys,
        monkeypatch,
        "--rules",
        "standard",
        "--case",
        case,
        "--json",
        "--option",
        "limit=unlimited",
    )
    assert json.loads(out)["total"] == 153


def test_no_legal_form_exits_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(
        "", capsys, monkeypatch, "--rules", "standard", "--case", ";;25m36p47sESWNPFC1m;E,E,0,0,0,0", "--json"
    )
    assert code == 1 and json.loads(out) == {"total": 0, "fan": [], "may_win": False}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seat_wind": "X"}, "<stdin>: seat_wind:"),
        ({"melds": ["chi 567z"]}, "<stdin>: melds[0]: chi 567z is no chow"),
        ({"win_tile": "3s"}, "<stdin>: win_tile: 3s is not among the concealed tiles"),
        ({"flags": ["robbing_kong"]}, "<stdin>: flags: robbing_kong is a win on another player's kong"),
        ({"flags": ["after_kong"], "melds": ["pon 666z"]}, "<stdin>: flags: after_kong"),
        ({"concealed": "678999m22s77z"}, "<stdin>: concealed: 10 tiles with 1 meld(s)"),
        ({"extra": 1}, "<stdin>: extra:"),
    ],
)
def test_bad_input_names_the_field(
    change: dict[str, object], field: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run({**WIN, **change}, capsys, monkeypatch, "--rules", "standard", "-")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"hexmj: error: {field}")


def test_bad_case_names_its_part(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run("", capsys, monkeypatch, "--rules", "standard", "--case", ";;12m;E,E,0,0,0,0")
    assert (
        code == 2
        and err == "hexmj: error: --case: tiles: 2 tiles with 0 claim(s); a complete hand needs 14\n"
    )


def test_unknown_rules_lists_the_installed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(WIN, capsys, monkeypatch, "--rules", "nosuch", "-")
    assert code == 2
    assert len(err.splitlines()) == 1 and "--rules nosuch: no such rule set (installed: " in err
    assert "standard" in err


def test_hextech_stays_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--rules hextech`` and no ``--rules`` print the same bytes (§13 scoring)."""
    plain = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}
    first = run(plain, capsys, monkeypatch, "-")
    second = run(plain, capsys, monkeypatch, "--rules", "hextech", "-")
    assert first == second and first[0] == 0 and json.loads(first[1])["legal"] is True


@pytest.mark.parametrize(
    "hand",
    [
        "1234567m1234567p",  # no pair and four sets
        "123456m234567p99s",  # a pair and four sets, but six of a suit at most
        "1133557799m2244p",  # seven pairs: not one of the five basic shapes (R432)
    ],
)
def test_hongzhong_a_well_formed_hand_that_is_no_win_exits_1_with_json(
    hand: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spec 003 胡牌要求 (the five basic shapes, 和牌必须够八支): a hand in none is "no", exit 1, with the
    same JSON as under --rules standard, not malformed input (R554)."""
    request = {"concealed": hand, "win_tile": hand[-2:], "win_by": "self_draw"}
    code, out, err = run(request, capsys, monkeypatch, "--rules", "hongzhong", "--json", "-")
    assert (code, err) == (1, "")
    assert json.loads(out) == {"total": 0, "fan": [], "may_win": False}
    code, out, err = run(request, capsys, monkeypatch, "--rules", "hongzhong", "-")
    assert (code, out, err) == (1, "not a winning hand: no legal form\n", "")


def test_hongzhong_a_win_exits_0_and_a_tile_outside_the_set_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The controls: eleven 万 and a pair win (exit 0, may_win); 东 is no tile of the 112 (R430), exit 2
    naming it."""
    win = {"concealed": "123456m234567m99p", "win_tile": "9p", "win_by": "self_draw"}
    code, out, _ = run(win, capsys, monkeypatch, "--rules", "hongzhong", "--json", "-")
    assert code == 0 and json.loads(out)["may_win"] is True and json.loads(out)["total"] > 0
    code, out, err = run(
        {**win, "concealed": "123456m234567m11z", "win_tile": "1z"},
        capsys,
        monkeypatch,
        "--rules",
        "hongzhong",
        "-",
    )
    assert code == 2 and out == "" and "1z is not a tile of the 红中 set" in err
