"""A person at the table: ``hexmj play --agents human,…`` and :mod:`tools.console` (§5.2, §9.1, §10,
§11): a scripted person answers decisions, a wrong answer is asked again with one line, the table shows
only the seat's own view, end of input stops the session (exit 7) and ``--resume`` asks the person
again only from where it stopped."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj
from rich.console import Console

from engine.agents.roster import BOTS, make_bots
from engine.core.decisions import Decision, DecisionKind
from engine.core.session import drive
from engine.core.tiles import format_one, kind_of_instance, name, parse
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.scenario import Scenario
from engine.hextech.session import SessionConfig
from engine.hextech.view import build_view
from tools.console import ConsoleAgent, LeftTable, Terminal, card_texts, pick
from tools.exit_codes import exit_code
from tools.hextech_session import new_session

TILE = re.compile(r"(?<![0-9A-Za-z-])[1-9][mpsz](?![0-9A-Za-z])")
"""A tile written in notation on its own (``5m``), not inside a card id or a compact run."""


def terminal(typed: str, mode: str = "strategy") -> tuple[Terminal, io.StringIO]:
    """A terminal reading ``typed`` and drawing into the returned buffer (no colours, wide lines)."""
    shown = io.StringIO()
    console = Console(file=shown, width=400, color_system=None, highlight=False)
    return Terminal(io.StringIO(typed), console, lambda: card_texts(mode)), shown


def test_a_number_an_option_or_its_tile_picks_it_and_anything_else_gives_a_reason_s11() -> None:
    options = ("discard 5m", "discard 7z", "kakan 5m", "hu")
    assert pick(options, " 2 \n") == ("discard 7z", "")
    assert pick(options, "HU") == ("hu", "")
    assert pick(options, "discard  5m") == ("discard 5m", "")
    assert pick(options, "7z") == ("discard 7z", "")
    for typed, reason in [
        ("5m", "5m fits several options (discard 5m, kakan 5m): type its number"),
        ("9", "9 is not an option's number: type a number 1–4"),
        ("pon", "'pon' is not one of the options: type a number 1–4 or an option's text"),
        ("\n", "type a number 1–4 or an option"),
        ("²", "'²' is not one of the options: type a number 1–4 or an option's text"),
        ("7" * 5000, f"{'7' * 5000} is not an option's number: type a number 1–4"),
    ]:
        assert pick(options, typed) == (None, reason)


def test_a_scripted_person_plays_is_asked_again_and_leaves_at_end_of_input_s5_2_s11() -> None:
    """Seat A answers its first decisions from the script; a bad number and words are asked again with
    one line each (markup typed is shown as typed); end of input stops the session with
    :class:`LeftTable` (exit 7); the last table drawn holds no tile only another seat conceals."""
    people, shown = terminal("1\n99\nnonsense\n[/bold]\n1\n1\n1\n")
    session = new_session(SessionConfig(seed=3, mode="strategy", rounds=4), [people.event])
    agents = make_bots(["human", "greedy", "greedy", "greedy"], 3, {**BOTS, **people.people(people.show)})
    answered: list[tuple[Decision, str]] = []
    with pytest.raises(LeftTable) as left:
        drive(session, agents, on_answer=lambda d, a: answered.append((d, a)))
    assert exit_code(left.value) == 7
    assert str(left.value) == "the person at A left the table (end of input)"
    mine = [(d, a) for d, a in answered if d.player == 0]
    assert [a for _, a in mine] == [d.options[0] for d, _ in mine] and len(mine) == 4
    assert mine[0][0].kind is HextechKind.AUGMENT
    text = shown.getvalue()
    assert "99 is not an option's number: type a number 1–" in text
    assert "'nonsense' is not one of the options" in text
    assert "'[/bold]' is not one of the options" in text
    assert text.count("A> ") == 8 and "Traceback" not in text
    assert "Session stopped at A's decision; it was not logged (--log FILE keeps it)" in text
    rnd = session.round
    assert rnd is not None
    for shown_card in (*session.augments[0], rnd.table.players[0].contract or "?"):
        card_name, body = card_texts("strategy")[shown_card]
        assert f"{shown_card} {card_name}" in text and body in text
    assert "Your hand  " in text and re.search(r"1?[0-9] tiles", text)
    last = text.rsplit("────", 1)[-1]
    view = session.view(0)
    own = {format_one(k) for k in view.hand}
    public = {
        format_one(k) for part in (view.rivers, view.flowers, view.revealed) for tiles in part for k in tiles
    }
    public |= {format_one(k) for melds in view.melds for meld in melds for k in meld.tiles}
    concealed = set()
    for p in (1, 2, 3):
        hidden = {format_one(kind_of_instance(i)) for i in rnd.table.players[p].hand} - own - public
        assert not hidden & set(TILE.findall(last)), f"{hidden & set(TILE.findall(last))} of seat {p} shown"
        concealed |= hidden
    assert concealed


def test_the_table_shows_the_own_hand_never_another_seats_concealed_tiles_s5_4() -> None:
    """B holds every 红中 and the nines of 筒 and 条, which nobody else has: none of them is shown to A,
    in notation or by name, while A's own tiles are, both ways."""
    sc = Scenario(hands={"A": "123m456m123p456p11s", "B": "7777z999p999s8m8p"}, dealer=0)
    decision = sc.pending
    assert decision is not None and decision.player == 0 and decision.kind is DecisionKind.TURN
    view = build_view(sc.round.table, 0, contracts_public=False, augments=((),) * 4, scores=(0,) * 4)
    people, shown = terminal("discard 1s\n")
    assert ConsoleAgent(people, people.show).decide(view, decision) == "discard 1s"
    text = shown.getvalue()
    assert "1m一万 2m二万 3m三万" in text and "discard 1s  一条" in text
    assert "B          │ 13 tiles" in text
    assert set(TILE.findall(text)) <= {format_one(k) for k in parse("123456m123456p1s")}
    for k in parse("7z9p9s"):
        assert name(k) not in text and format_one(k) not in text


def interrupt(*_: object) -> str:
    """The person presses Ctrl-C."""
    raise KeyboardInterrupt


def test_ctrl_c_at_the_prompt_says_how_the_session_goes_on_and_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    people, shown = terminal("")
    monkeypatch.setattr(people.read, "readline", interrupt)
    people.resume = "hexmj play --resume s.log"
    decision = Decision(DecisionKind.CALL, 0, ("pass", "pon"), "5m")
    with pytest.raises(KeyboardInterrupt):
        ConsoleAgent(people, people.show).decide(
            build_view(
                Scenario(hands={}).round.table, 0, contracts_public=False, augments=((),) * 4, scores=(0,) * 4
            ),
            decision,
        )
    assert "Session stopped at A's decision; continue with: hexmj play --resume s.log" in shown.getvalue()


def decisions(log: Path) -> list[dict[str, Any]]:
    """The decision lines of a log."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["type"] == "decision"]


def test_a_session_left_at_end_of_input_resumes_asking_only_from_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj play --agents human,… --log`` exits 7 when the input ends; ``--resume`` re-plays the
    logged answers without asking and asks the person from the next decision on; a finished log
    replays without asking anyone."""
    log = tmp_path / "s.jsonl"
    play = [
        "play",
        "--seed",
        "3",
        "--mode",
        "strategy",
        "--rounds",
        "4",
        "--agents",
        "human,greedy,random,greedy",
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n"))
    code, out, err = run_hexmj([*play, "--log", str(log)], monkeypatch, capsys)
    assert code == 7 and out == ""
    assert err.endswith(
        f"Session stopped at A's decision; continue with: hexmj play --resume {log}\n"
        "hexmj: error: the person at A left the table (end of input)\n"
    )
    first = decisions(log)
    assert [line["answer"] for line in first if line["player"] == "A"] == [
        line["options"][0] for line in first if line["player"] == "A"
    ]
    assert sum(line["player"] == "A" for line in first) == 2

    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))
    code, out, err = run_hexmj(["play", "--resume", str(log)], monkeypatch, capsys)
    assert code == 7 and err.count("A> ") == 2
    again = decisions(log)
    assert again[: len(first)] == first
    asked = [line for line in again[len(first) :] if line["player"] == "A"]
    assert len(asked) == 1 and asked[0]["answer"] == asked[0]["options"][1]

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))
    code, out, err = run_hexmj(["play", "--resume", str(log)], monkeypatch, capsys)
    assert code == 0 and "Standings" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert code == 0 and "Standings" in out and "A> " not in err
