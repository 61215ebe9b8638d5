"""One lab run for every rule set (issue 33 item 1, R780–R783): hextech's runs keep a records file
and go on with ``--resume`` as another rule set's do, another rule set plays duplicate sets, and
what stays hextech's (comparing card versions) is refused in one line.

A run stopped and resumed is the run that never stopped (§18.3): the same figures, the same
records file and the same stored records, byte for byte, whatever the workers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from interrupted_run import cut_and_resumed, stopped_and_resumed
from pools_lint_cli import run_hexmj
from sqlalchemy import select
from sqlalchemy.orm import Session

import tools.lab.executors
import tools.lab.pipeline
from tools.lab.runner import STANDIN_TABLE, game_seed
from tools.lab.store import SessionRow, TableSessionRow, open_store

HEXTECH = ["simulate", "--games", "6", "--mode", "strategy", "--rounds", "4", "--seed", "3"]
STANDIN = ["--table", STANDIN_TABLE]


@pytest.fixture
def two_processors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools.lab.executors, "machine_workers", lambda: 2)


def stored(db: Path, row: type[SessionRow] | type[TableSessionRow] = SessionRow) -> list[str]:
    """The records of the SQLite store ``db``, in the order stored."""
    engine = open_store(str(db))
    try:
        with Session(engine) as session:
            return list(session.scalars(select(row.record).order_by(row.id)))
    finally:
        engine.dispose()


def test_a_hextech_run_stopped_anywhere_and_resumed_is_the_uninterrupted_one_s18_3(
    two_processors: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3: six strategy sessions of four rounds from seed 3 kept with ``--records FILE``; the file
    cut after its header, between records and inside one, then gone on with ``--resume FILE`` on
    two workers, gives the file, the figures and the stored records of the run that never stopped,
    each game stored once; the same run without ``--records`` prints the same figures."""
    whole, db = tmp_path / "whole.jsonl", tmp_path / "whole.db"
    args = [*HEXTECH, *STANDIN, "--json", "--workers", "1"]
    code, figures, _ = run_hexmj([*args, "--records", str(whole), "--db", str(db)], monkeypatch, capsys)
    assert code == 0
    assert run_hexmj([*args, "--db", "none"], monkeypatch, capsys)[1] == figures
    raw = whole.read_bytes()
    lines = [json.loads(line) for line in raw.splitlines()]
    head = lines[0]
    assert {key: head[key] for key in ("type", "rules", "mode", "seed", "games", "rounds")} == {
        "type": "simulation",
        "rules": "hextech",
        "mode": "strategy",
        "seed": 3,
        "games": 6,
        "rounds": 4,
    }
    assert [line["seed"] for line in lines[1:]] == [game_seed(3, i) for i in range(6)]
    cut_and_resumed(raw, figures, stored, db, tmp_path, monkeypatch, capsys)


def test_a_hextech_run_on_the_engine_resumes_to_the_same_figures_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3 on the rules engine itself: three greedy sessions of four rounds, the records file cut
    after its first record and resumed, print the summary of the uninterrupted run."""
    whole = tmp_path / "whole.jsonl"
    args = ["simulate", "--games", "3", "--rounds", "4", "--seed", "9", "--workers", "1", "--db", "none"]
    code, figures, _ = run_hexmj([*args, "--records", str(whole)], monkeypatch, capsys)
    assert code == 0 and figures.startswith("3 sessions")
    raw = whole.read_bytes()
    part = tmp_path / "part.jsonl"
    part.write_bytes(raw[: raw.index(b"\n", raw.index(b"\n") + 1) + 1])
    code, out, err = run_hexmj(["simulate", "--resume", str(part), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert out == figures and part.read_bytes() == raw


def test_ctrl_c_in_a_hextech_run_says_how_to_resume_r201(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R201 with a records file: Ctrl-C after the first chunks is exit 130 and one line naming the
    games kept and ``--resume FILE``; resuming gives the figures of the run that was not stopped."""
    base = [*HEXTECH, *STANDIN, "--workers", "1", "--db", "none", "--json"]
    stopped_and_resumed(base, 6, 2, tmp_path, monkeypatch, capsys)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--mode", "party"], "--mode party contradicts the records {run}, a run of 6 games from seed 3, "),
        (["--seed", "4"], "--seed 4 contradicts the records {run}, a run of 6 games from seed 3, "),
        (["--cards", "docs"], "--cards docs contradicts the records {run}, a run of 6 games "),
        (["--rules", "standard"], "--rules standard contradicts the records {run}, a run of hextech: "),
        (["--compare", "S-08", "S-08-v2"], "--compare: a flag of a new run, not of --resume (the records "),
        (["--duplicate"], "--duplicate: a flag of a new run, not of --resume (the records "),
        (["--option", "base=2"], "--option base=2: options belong to --rules NAME of another rule set"),
    ],
)
def test_a_flag_a_hextech_records_file_contradicts_is_exit_2_and_the_file_is_kept(
    flags: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A flag given with ``--resume`` must say what the records say, and a comparison is a new run:
    one line, exit 2, the file untouched; the flags that agree are taken (control)."""
    run = tmp_path / "run.jsonl"
    run_hexmj([*HEXTECH, *STANDIN, "--db", "none", "--records", str(run)], monkeypatch, capsys)
    run.write_bytes(run.read_bytes()[:-5])
    before = run.read_bytes()
    code, out, err = run_hexmj(["simulate", "--resume", str(run), *flags], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith("hexmj: error: " + message.format(run=run)) and len(err.splitlines()) == 1
    assert run.read_bytes() == before
    agreeing = ["--mode", "strategy", "--seed", "3", "--games", "6", "--db", "none"]
    code, _, err = run_hexmj(["simulate", "--resume", str(run), *agreeing], monkeypatch, capsys)
    assert (code, err) == (0, "")


@pytest.mark.parametrize("flags", [["--compare", "S-08", "S-08-v2"], ["--duplicate"]])
def test_a_records_file_holds_one_run_of_one_seating(
    flags: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--records`` keeps one run of one version and one seating: with ``--compare`` or
    ``--duplicate`` it is exit 2 before any game, and no file is written."""
    run = tmp_path / "run.jsonl"
    code, out, err = run_hexmj([*HEXTECH, *STANDIN, *flags, "--records", str(run)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith("hexmj: error: --records: a flag of a run of one ") and not run.exists()


def test_a_finished_hextech_run_resumed_plays_nothing_and_reports_its_figures_r805(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R804: a finished run's records file resumed plays no game (no session player is called) and
    prints the figures of the run, the file untouched."""
    run = tmp_path / "run.jsonl"
    args = [*HEXTECH, *STANDIN, "--db", "none", "--json"]
    figures = run_hexmj([*args, "--records", str(run)], monkeypatch, capsys)[1]
    raw = run.read_bytes()
    monkeypatch.setattr(tools.lab.pipeline, "play_chunk", None)
    code, out, err = run_hexmj(["simulate", "--resume", str(run), "--json"], monkeypatch, capsys)
    assert (code, out, err) == (0, figures, "") and run.read_bytes() == raw


def test_standard_plays_duplicate_sets_with_the_agents_in_every_seat_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3's duplicate sets under the standard rule set: every seed of ``--games 3`` played four
    times, the agents moved one seat on each time, all twelve sessions stored; each agent's mean
    score, lead over the others and first places printed, the same with one worker or two."""
    db = tmp_path / "r.db"
    args = [
        "simulate",
        "--rules",
        "standard",
        "--duplicate",
        "--agents",
        "greedy,random,random,random",
        "--games",
        "3",
        "--rounds",
        "1",
        "--seed",
        "4",
        "--json",
    ]
    code, out, err = run_hexmj([*args, "--workers", "1", "--db", str(db)], monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert run_hexmj([*args, "--workers", "2", "--db", "none"], monkeypatch, capsys)[1] == out
    doc = json.loads(out)["duplicate"]
    assert (doc["games"], doc["rotations"], doc["seed"], doc["rules"], doc["rounds"]) == (
        3,
        4,
        4,
        "standard",
        1,
    )
    assert set(doc["agents"]) == {"greedy", "random"} and "contracts" not in doc
    assert doc["agents"]["greedy"]["first"]["n"] == 12 and doc["agents"]["random"]["first"]["n"] == 36
    records = [json.loads(text) for text in stored(db, TableSessionRow)]
    assert [r["seed"] for r in records] == [4, 5, 6] * 4
    assert [r["agents"].index("greedy") for r in records[::3]] == [0, 1, 2, 3]
    seats = {seat for r in records for seat in r["agents"]}
    assert seats == {"greedy", "random"}
    report = tmp_path / "report"
    code, text, _ = run_hexmj([*args[:-1], "--db", "none", "--report", str(report)], monkeypatch, capsys)
    assert code == 0
    assert text.startswith("duplicate sets: 3 seeds × 4 rotations, seed 4, rules standard, 1 rounds")
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "12 sessions of standard, 12 rounds" in page


def test_a_single_seating_run_prints_no_duplicate_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Control: without ``--duplicate`` the same standard run prints its own figures, one seating."""
    args = ["simulate", "--rules", "standard", "--games", "3", "--rounds", "1", "--seed", "4", "--json"]
    code, out, _ = run_hexmj([*args, "--db", "none"], monkeypatch, capsys)
    assert code == 0
    doc = json.loads(out)
    assert "duplicate" not in doc and doc["games"] == 3 and doc["rules"] == "standard"


def test_comparing_card_versions_stays_hextechs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What only hextech has, card versions to compare, is refused under another rule set in one line."""
    for flag in (["--until-decided"], ["--figure", "completion"], ["--cards", "cards"]):
        code, out, err = run_hexmj(["simulate", "--rules", "hongzhong", *flag], monkeypatch, capsys)
        assert (code, out) == (2, "")
        assert err == f"hexmj: error: {flag[0]}: a flag of hextech sessions, not of --rules hongzhong\n"


def test_a_hextech_run_goes_on_only_with_its_cards_s18_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.4: a run kept with a pool file goes on only while the pool puts the same card versions
    in play; the pool file rewritten to draw three silver augments between the kill and ``--resume``
    is exit 2
    and the file is kept, the pool as it was resumes (control).  Each command is a new process: the
    compiled pools this one keeps are dropped between them."""
    from tools.lab.engine_adapter import session_cards

    pool, run = tmp_path / "pool.yaml", tmp_path / "run.jsonl"
    pool.write_text("mode: strategy\n", encoding="utf-8")
    args = ["simulate", "--games", "2", "--rounds", "4", "--pool", str(pool), "--db", "none"]
    assert run_hexmj([*args, "--records", str(run)], monkeypatch, capsys)[0] == 0
    raw = run.read_bytes()
    run.write_bytes(raw[: raw.index(b"\n", raw.index(b"\n") + 1) + 1])
    before = run.read_bytes()
    pool.write_text("mode: strategy\nseed: 1\ndraw:\n  S: 3\n", encoding="utf-8")
    session_cards.cache_clear()
    code, out, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith("hexmj: error: the cards in play are no longer those of the run (S-")
    assert run.read_bytes() == before
    pool.write_text("mode: strategy\n", encoding="utf-8")
    session_cards.cache_clear()
    code, _, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "") and run.read_bytes() == raw
