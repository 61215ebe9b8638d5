"""The refusals the one way of playing left open (issue 33 item 1, R805–R807): a finished log edited
after play, resumed; a console table's stored option of the wrong type; a log played with a card
folder named relative to where it was played."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create, play, seat_view
from pools_lint_cli import run_hexmj

CARDS = Path(__file__).parents[1] / "cards"
HEXTECH = ["play", "--seed", "5", "--rounds", "4", "--db", "none"]
STANDARD = ["play", "--rules", "standard", "--seed", "5", "--rounds", "1", "--db", "none"]


def _edited(log: Path) -> bytes:
    """The log with its second decision's answer changed to the first option it did not take."""
    lines = log.read_bytes().split(b"\n")
    place = [n for n, line in enumerate(lines) if b'"type":"decision"' in line][1]
    head, _, answer = lines[place].rpartition(b',"answer":')
    options = head.split(b'"options":[', 1)[1].rstrip(b"]").split(b",")
    other = next(option for option in options if option != answer.rstrip(b"}"))
    lines[place] = head + b',"answer":' + other + b"}"
    return b"\n".join(lines)


@pytest.mark.parametrize("flags", [HEXTECH, STANDARD], ids=["hextech", "standard"])
def test_a_finished_log_edited_after_play_is_refused_by_resume_as_by_record_s18_3(
    flags: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3, R805: a finished log whose logged answer was changed afterwards is refused by ``play
    --resume`` in ``record``'s words, at the line that no longer comes out (exit 5, the file kept),
    where before ``--resume`` called it finished and sent the user to ``record``, which refused it;
    the log as played is called finished, and ``record`` stores it (control)."""
    log, db = tmp_path / "s.jsonl", str(tmp_path / "r.db")
    assert run_hexmj([*flags, "--log", str(log)], monkeypatch, capsys)[0] == 0
    played = log.read_bytes()
    damaged = _edited(log)
    log.write_bytes(damaged)
    recorded = run_hexmj(["record", str(log), "--db", db], monkeypatch, capsys)
    assert recorded[0] == 5 and recorded[2].startswith(f"hexmj: error: {log}:")
    resumed = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert resumed == recorded
    assert log.read_bytes() == damaged
    log.write_bytes(played)
    code, out, err = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == (
        f"hexmj: error: {log}: the session is finished; nothing to resume "
        f"(hexmj record {log} stores its record if it was lost)\n"
    )
    code, out, _ = run_hexmj(["record", str(log), "--db", db], monkeypatch, capsys)
    assert code == 0 and out.startswith(f"{log}: stored as session 1 in ")
    assert log.read_bytes() == played


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"min_fan": "x"}, "options.min_fan: takes a whole number, not 'x'"),
        ({"min_fan": "8"}, "options.min_fan: takes a whole number, not '8'"),
        ({"min_fan": True}, "options.min_fan: takes a whole number, not 'true'"),
        ({"min_fan": 99}, "options.min_fan: takes 0..88, not 99"),
        ({"fan": 8}, "options.fan: standard has no such option (its options: limit, min_fan, base)"),
    ],
    ids=["text", "number as text", "flag", "out of range", "no such option"],
)
def test_a_stored_standard_option_of_the_wrong_kind_is_named_and_stops_its_table_alone_s16(
    options: dict[str, Any], said: str, tmp_path: Path
) -> None:
    """§16, R806: a standard table whose stored spec's option is not one ``--option`` could give
    (a text where a whole number is asked, a number out of its range, an option the rule set lacks)
    is stopped after a restart with a reason naming the option and its value, in the words of the
    table request's ``options.NAME: …``, where before it said "the stored header is not this
    table's"; the 红中 table beside it plays on, and a standard table whose stored options are its
    own plays on (control)."""
    db = tmp_path / "console.db"
    with console(db) as client:
        damaged = create(client, rules="standard", seed=2, bots=["B", "C", "D"], test=True)
        whole = create(client, rules="standard", seed=4, bots=["B", "C", "D"], test=True)
        other = create(client, rules="hongzhong", seed=3, bots=["B", "C", "D"], test=True)
        tokens = {t["table"]: {s: v["token"] for s, v in t["seats"].items()} for t in (damaged, whole, other)}
        assert play(client, tokens[damaged["table"]], seed=1, limit=2) == 2
    table = damaged["table"]
    with sqlite3.connect(db) as raw:
        (text,) = raw.execute("SELECT spec FROM console_tables WHERE id = ?", (table,)).fetchone()
        spec = json.loads(text)
        raw.execute(
            "UPDATE console_tables SET spec = ? WHERE id = ?",
            (json.dumps({**spec, "options": {**spec["options"], **options}}), table),
        )
    with console(db) as client:
        view = seat_view(client, tokens[table]["A"])
        assert view["state"] == "stopped" and view["options"] == []
        assert view["reason"] == f"table {table}: spec: {said}"
        for kept in (whole, other):
            assert play(client, tokens[kept["table"]], seed=1, limit=1) == 1


def test_a_log_played_with_a_relative_card_folder_replays_and_resumes_from_another_folder_s18_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.2, R807: a hextech log played with ``--cards rel/dir`` (a folder whose S-01 looks at the
    wall after the third draw, not the fifth) names the folder where it is, so ``replay`` and
    ``play --resume`` from another working folder play its cards: the replay gives the account
    ``play`` printed, the resumed log is the uninterrupted one.  Before, they played the project's
    cards, and the replay diverged at S-01's look.  ``--cards`` naming another folder contradicts
    the log (exit 2); naming the same one however spelt agrees (control)."""
    played, elsewhere = tmp_path / "played", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(CARDS, played / "rel" / "dir")
    silver = played / "rel" / "dir" / "silver.hex"
    text = silver.read_text("utf-8")
    assert text.count("normal_draws(holder) == 5") == 1
    silver.write_text(text.replace("normal_draws(holder) == 5", "normal_draws(holder) == 3"), "utf-8")
    monkeypatch.chdir(played)
    code, account, _ = run_hexmj(
        [*HEXTECH[:2], "4", *HEXTECH[3:], "--cards", "rel/dir", "--log", "L.jsonl"], monkeypatch, capsys
    )
    assert code == 0
    log = played / "L.jsonl"
    whole = log.read_bytes()
    monkeypatch.chdir(elsewhere)
    code, out, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, err) == (0, "") and out == account
    cut = whole[: whole.index(b"\n", len(whole) // 2) + 1]
    log.write_bytes(cut)
    code, out, err = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "") and out == account
    assert log.read_bytes() == whole
    code, out, err = run_hexmj(["replay", str(log), "--cards", str(CARDS)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"hexmj: error: --cards {CARDS} contradicts the log {log}, "
        f"played with the cards of {played / 'rel' / 'dir'}\n"
    )
    same = Path("..") / "played" / "rel" / "dir"
    assert run_hexmj(["replay", str(log), "--cards", str(same)], monkeypatch, capsys)[:2] == (0, account)


def test_a_log_whose_card_folder_was_moved_names_it_and_replays_with_cards_where_it_went_s18_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.2, R807: once the card folder a log names is gone, ``replay`` without ``--cards`` says so
    in one line (exit 2) and ``--cards`` names where it went; the uploaded log's replay on the
    console plays the console's own cards, never reading the folder the header names."""
    folder, moved = tmp_path / "cards", tmp_path / "moved"
    shutil.copytree(CARDS, folder)
    log = tmp_path / "L.jsonl"
    code, account, _ = run_hexmj([*HEXTECH, "--cards", str(folder), "--log", str(log)], monkeypatch, capsys)
    assert code == 0 and f'"card_folder":"{folder}"' in log.read_text("utf-8").split("\n", 1)[0]
    folder.rename(moved)
    code, out, err = run_hexmj(["replay", str(log)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"hexmj: error: {log}: played with the cards of {folder}, which is no folder now: "
        "give the folder where they are with --cards DIR\n"
    )
    assert run_hexmj(["replay", str(log), "--cards", str(moved)], monkeypatch, capsys)[:2] == (0, account)
    with console(tmp_path / "console.db") as client:
        uploaded = client.post("/api/replays", json={"log": log.read_text("utf-8")})
        assert uploaded.status_code == 201, uploaded.text
        assert client.get(uploaded.json()["url"] + "?step=3").status_code == 200
