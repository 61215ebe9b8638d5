"""``hexmj score``: JSON in, JSON out; exit 0 legal, 1 not a legal hu, 2 malformed input (§13)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tools.cli import main

PLAIN = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}


def run(
    payload: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[int, str, str]:
    """Run ``hexmj score`` with ``payload`` (a dict as JSON, or raw text) on stdin."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    monkeypatch.setattr(sys, "argv", ["hexmj", "score", *(args or ("-",))])
    with pytest.raises(SystemExit) as done:
        main()
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_legal_win_prints_items_and_total_13_15(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§13.15 example 1 through the command: 4 + 1 + 1 = 6, exit 0."""
    code, out, _ = run({**PLAIN, "contract": {"id": "C-01"}}, capsys, monkeypatch)
    assert code == 0
    shown = json.loads(out)
    assert shown["legal"] is True and shown["total"] == 6
    assert shown["items"][1] == {
        "id": "contract_normal",
        "name": "普通契约并胡牌",
        "points": 1,
        "capped_by": None,
    }
    assert shown["decomposition"] == ["chow 123m", "chow 456p", "chow 789s", "pung 111z", "pair 22z"]


def test_capped_item_names_its_cap_13_7(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§13.15 example 4: the sixth add-on point is clipped by the add-on cap; total 13."""
    payload = {
        "concealed": "19m19p19s12345677z",
        "win_tile": "7z",
        "win_by": "self_draw",
        "hu_order": 1,
        "flowers": "1234f",
        "flags": ["last_tile"],
        "contract": {"id": "B-13"},
    }
    code, out, _ = run(payload, capsys, monkeypatch)
    shown = json.loads(out)
    assert code == 0 and shown["total"] == 13
    assert {"id": "four_seasons", "name": "集齐四季", "points": 0, "capped_by": "add_on"} in shown["items"]


def test_not_legal_exits_1_with_reason_9_6(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§9.6: a complete hand with the contract unmet is no hu: exit 1 and the reason."""
    code, out, _ = run({**PLAIN, "contract": {"id": "C-02"}}, capsys, monkeypatch)
    assert code == 1
    assert json.loads(out) == {"legal": False, "reason": "contract C-02 两副刻子 is not completed"}


def test_public_contract_flag_and_abandon_penalty_10_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§9.5 public flag; §10.2 an abandoned black contract wins without bonus and costs −1."""
    code, out, _ = run({**PLAIN, "contract": {"id": "C-03", "completed": True}}, capsys, monkeypatch)
    assert code == 0 and json.loads(out)["total"] == 6
    code, out, _ = run({**PLAIN, "contract": {"id": "B-08", "abandoned": True}}, capsys, monkeypatch)
    assert code == 0 and json.loads(out)["total"] == 4 + 1 - 1


def test_augment_shape_and_lucky_number_lib_p16_b15(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """lib P-16 makes 8-9-1 a chow; lib B-15 reads the written number."""
    wrap = {**PLAIN, "concealed": "891m456p789s11122z", "augments": ["P-16"]}
    code, out, _ = run(wrap, capsys, monkeypatch)
    assert code == 0 and "chow 189m by P-16" in json.loads(out)["decomposition"]
    lucky = {
        "concealed": "1138m2345p678s155z",
        "win_tile": "1z",
        "win_by": "tsumo",
        "hu_order": 2,
        "contract": {"id": "B-15", "number": "13812345678"},
    }
    code, out, _ = run(lucky, capsys, monkeypatch)
    assert code == 0 and json.loads(out)["total"] == 3 + 3 + 1 + 1


def test_after_abandon_window_flag_fails_b12_lib_b12(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """lib B-12: a win after the window cannot complete it; 河底捞鱼 implies the window opened."""
    code, _, _ = run({**PLAIN, "contract": {"id": "B-12"}}, capsys, monkeypatch)
    assert code == 0
    code, _, _ = run({**PLAIN, "contract": {"id": "B-12"}, "flags": ["last_discard"]}, capsys, monkeypatch)
    assert code == 1


def test_file_argument_and_deterministic_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A file gives the same bytes as stdin, every time."""
    path = tmp_path / "win.json"
    path.write_text(json.dumps(PLAIN), encoding="utf-8")
    first = run("", capsys, monkeypatch, str(path))
    second = run(PLAIN, capsys, monkeypatch)
    assert first == second and first[0] == 0


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("{not json", "Invalid JSON"),
        ({**PLAIN, "hu_order": 4}, "hu_order: Input should be less than or equal to 3"),
        ({**PLAIN, "hu_order": "1"}, "hu_order: Input should be a valid integer"),
        ({**PLAIN, "win_by": "draw"}, "win_by: Input should be 'ron', 'self_draw' or 'tsumo'"),
        ({**PLAIN, "extra": 1}, "extra: Extra inputs are not permitted"),
        ({k: v for k, v in PLAIN.items() if k != "win_tile"}, "win_tile: Field required"),
        ({**PLAIN, "concealed": "123x"}, "concealed: unknown character"),
        ({**PLAIN, "win_tile": "5m"}, "win_tile: the winning tile is not among the concealed tiles"),
        ({**PLAIN, "melds": ["chi 124m"]}, "melds[0]: meld chi 124m"),
        ({**PLAIN, "flowers": "9f"}, "flowers: no such tile"),
        ({**PLAIN, "flags": ["lucky"]}, "flags[0]: Input should be"),
        ({**PLAIN, "flags": ["robbing_kong"], "win_by": "tsumo"}, "flags: robbing_kong needs win_by ron"),
        ({**PLAIN, "contract": {"id": "C-99"}}, "contract.id: unknown contract 'C-99'"),
        ({**PLAIN, "contract": {"id": "C-01", "done": True}}, "contract.done: Extra inputs"),
        (
            {**PLAIN, "contract": {"id": "C-01", "completed": True, "abandoned": True}},
            "contract: a completed",
        ),
        ({**PLAIN, "contract": {"id": "B-11"}}, "contract.suit: B-11 needs the suit"),
        ({**PLAIN, "contract": {"id": "B-15"}}, "contract.number: B-15 needs the number"),
        (
            {**PLAIN, "contract": {"id": "B-15", "number": "1380"}},
            "contract.number: B-15: shape lucky_number",
        ),
        ({**PLAIN, "augments": ["S-01"]}, "augments: 'S-01' is not an augment that grants a hand shape"),
        ({**PLAIN, "treasure": ["1f"]}, "treasure: a flower is never a treasure"),
        ({**PLAIN, "concealed": "123m456p789s1112222z"}, "concealed: 16 tiles with 0 meld(s)"),
        ({**PLAIN, "concealed": "123m456p789s22z", "melds": ["pon 222z"]}, "concealed: 5 copies of 2z"),
    ],
)
def test_malformed_input_exits_2_naming_the_field(
    payload: object, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Malformed input: exit 2, one line on stderr naming the field and the problem, no traceback."""
    code, out, err = run(payload, capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hexmj: error: <stdin>: ")
    assert message in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that cannot be read is malformed input, named."""
    code, _, err = run("", capsys, monkeypatch, "/nonexistent/win.json")
    assert code == 2 and "/nonexistent/win.json: cannot read" in err
