"""A person at the terminal at the core's table: ``hexmj play --rules NAME --agents human,…`` shows
the seat's own view and asks (standard rules 出牌; issue 33 item 1: what the terminal does for hextech
it does for every rule set)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj
from rich.console import Console

from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import Meld, MeldKind
from engine.core.seat_view import BLIND
from engine.core.tiles import parse, parse_one
from tools.console import Terminal

PLAY = [
    "play",
    "--rules",
    "standard",
    "--seed",
    "5",
    "--rounds",
    "1",
    "--agents",
    "human,greedy,greedy,greedy",
]


def answers(log: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["type"] == "decision"]


def test_a_person_plays_a_standard_round_at_the_terminal_and_the_log_replays_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat A is asked each of its decisions with its hand and every seat's open tiles shown on
    standard error; the account goes to standard output, and the log replays to the same account
    without asking anyone."""
    log = tmp_path / "s.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    code, out, err = run_hexmj([*PLAY, "--log", str(log)], monkeypatch, capsys)
    assert code == 0, err
    asked = [line for line in answers(log) if line["player"] == "A"]
    assert asked and err.count("A> ") == len(asked)
    assert err.count("Your hand") == len(asked) and "prevalent wind 1z东" in err
    assert all(line["answer"] == line["options"][0] for line in asked)
    assert "Standings" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, again, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert code == 0 and again == out and "A> " not in err


def test_a_person_who_leaves_is_resumed_from_where_they_stopped_r382(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """End of input stops the session (exit 7) naming how it goes on; ``--resume`` re-plays the
    logged answers without asking and asks the person from the next decision, and the finished
    log is the one an uninterrupted session with the same answers writes."""
    log, whole = tmp_path / "s.jsonl", tmp_path / "whole.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    assert run_hexmj([*PLAY, "--log", str(whole)], monkeypatch, capsys)[0] == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n"))
    code, out, err = run_hexmj([*PLAY, "--log", str(log)], monkeypatch, capsys)
    assert code == 7 and out == ""
    assert f"Session stopped at A's decision; continue with: hexmj play --resume {log}" in err
    assert sum(line["player"] == "A" for line in answers(log)) == 2
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    code, out, err = run_hexmj(["play", "--resume", str(log)], monkeypatch, capsys)
    assert code == 0 and "Standings" in out
    assert log.read_bytes() == whole.read_bytes()


def test_a_simulation_has_no_person_at_the_terminal_s18_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Control: a run of many sessions asks nobody, so ``human`` is no agent of ``simulate``."""
    code, _, err = run_hexmj(
        ["simulate", "--rules", "standard", "--games", "1", "--agents", "human,greedy,greedy,greedy"],
        monkeypatch,
        capsys,
    )
    assert code == 2 and "unknown agent 'human' for A" in err


def test_the_terminal_names_no_face_of_another_seats_concealed_kong_standard_chupai_3() -> None:
    """出牌 3 (二): another seat's concealed kong is laid face down: the terminal counts it and never
    names its face; the own concealed kong and every exposed meld are shown with their tiles."""
    shown = io.StringIO()
    terminal = Terminal(io.StringIO(""), Console(file=shown, width=300, color_system=None), dict)
    own = Meld(MeldKind.ANKAN, (parse_one("9p"),) * 4)
    pon = Meld(MeldKind.PON, (parse_one("3s"),) * 3)
    view = BLIND.__class__(
        me=0,
        hand=tuple(parse("123m456p77z")),
        melds=((own,), (pon,), (), ()),
        concealed_kongs=(1, 1, 0, 0),
        rivers=((), tuple(parse("1z")), (), ()),
        flowers=((), (), (), ()),
        hand_sizes=(10, 7, 13, 13),
        wall_left=80,
        scores=(0, 0, 0, 0),
        dealer=0,
        prevalent_wind=parse_one("1z"),
    )
    terminal.show_seat(view, Decision(DecisionKind.TURN, 0, ("discard 1m", "discard 7z")))
    text = shown.getvalue()
    assert "暗杠 9999p" in text and "碰 333s" in text and "暗杠 (face down)" in text
    assert text.count("暗杠") == 2
    b_row = next(line for line in text.splitlines() if line.startswith("B"))
    assert "7 tiles" in b_row and "(face down)" in b_row and "9999p" not in b_row
    assert "Your hand  1m" in text and "1. discard 1m" in text
