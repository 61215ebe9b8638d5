"""``hexmj play``, ``simulate`` and ``record`` of the standard (seed 002) and 红中 (seed 003) rule
sets with the hextech lab's workers, resume, record store and report (issue 14 item 5).

``simulate --workers 2`` gives the bytes of one worker, and stores the same records in the same
order; ``play --resume`` of a log cut anywhere gives the log, the account and the record of the
uninterrupted session; a changed log, a flag the log contradicts or a finished log is refused in
one line with its own exit status and the log left as it was; the store keeps each session with
its rule set and every option's value, and ``hexmj record LOG`` stores a lost one once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from interrupted_run import cut_and_resumed, stopped_and_resumed
from pools_lint_cli import run_hexmj
from sqlalchemy import select
from sqlalchemy.orm import Session

import tools.lab.executors
from tools.lab.store import TableSessionRow, open_store

STANDARD = ["--rules", "standard", "--seed", "2", "--rounds", "3"]
HONGZHONG = ["--rules", "hongzhong", "--seed", "5", "--rounds", "2", "--agents", "random"]


def rows(db: Path) -> list[TableSessionRow]:
    """Every session of another rule set in the SQLite file ``db``, in the order stored."""
    engine = open_store(str(db))
    try:
        with Session(engine) as session:
            found = list(session.scalars(select(TableSessionRow).order_by(TableSessionRow.id)))
            session.expunge_all()
            return found
    finally:
        engine.dispose()


def wins(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [win for record in records for played in record["rounds"] for win in played["wins"]]


@pytest.fixture
def two_processors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools.lab.executors, "machine_workers", lambda: 2)


@pytest.mark.parametrize(
    "rules",
    [["--rules", "standard", "--option", "base=2"], ["--rules", "hongzhong", "--option", "alarm=false"]],
)
def test_two_workers_give_the_bytes_and_the_records_of_one(
    rules: list[str],
    two_processors: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Game i is the session of seed S + i whoever plays it: 1 and 2 worker processes print the same
    JSON and the same terminal figures, and store the same records in game order."""
    runs = {}
    for workers in ("1", "2"):
        db = tmp_path / f"{workers}.db"
        args = ["simulate", *rules, "--games", "5", "--seed", "3", "--rounds", "2", "--workers", workers]
        code, out, err = run_hexmj([*args, "--db", str(db), "--json"], monkeypatch, capsys)
        assert (code, err) == (0, "")
        text = run_hexmj([*args, "--db", "none"], monkeypatch, capsys)[1]
        runs[workers] = (out, text, [(row.seed, row.record) for row in rows(db)])
    assert runs["1"] == runs["2"]
    out, _, stored = runs["2"]
    assert [seed for seed, _ in stored] == [3, 4, 5, 6, 7]
    doc = json.loads(out)
    records = [json.loads(record) for _, record in stored]
    assert all(r["source"] == "simulate" and r["options"] == doc["options"] for r in records)
    won = wins(records)
    for seat in "ABCD":
        mine = [w for w in won if w["seat"] == seat]
        drawn = [w for w in mine if w["from"] is None]
        assert doc["self_drawn_share"][seat] == (round(len(drawn) / len(mine), 4) if mine else 0.0)
        assert doc["deal_in_rate"][seat] == round(sum(w["from"] == seat for w in won) / doc["rounds"], 4)


def test_simulate_of_standard_keeps_the_settlement_of_seed_002(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """spec 002 【积分规则】 计分公式: 自摸, each 输方 pays 底分 × 和牌番数; 点和, the 放炮者 alone pays it,
    the others 0.  The stored records of ``--option base=2`` bear it out win by win, and the store's
    columns name the rule set and every option's value."""
    db = tmp_path / "s.db"
    args = ["simulate", "--rules", "standard", "--option", "base=2", "--games", "4", "--rounds", "2"]
    assert run_hexmj([*args, "--db", str(db), "--workers", "1"], monkeypatch, capsys)[0] == 0
    stored = rows(db)
    assert {(row.rules, row.options, row.rounds) for row in stored} == {
        ("standard", '{"limit":"limited","min_fan":8,"base":2}', 2)
    }
    won = wins([json.loads(row.record) for row in stored])
    assert any(w["from"] is None for w in won) and any(w["from"] is not None for w in won)
    for win in won:
        pays = 2 * win["total"]
        losers = [s for s in "ABCD" if s != win["seat"]] if win["from"] is None else [win["from"]]
        assert win["gains"] == {
            s: pays * len(losers) if s == win["seat"] else -pays if s in losers else 0 for s in "ABCD"
        }


def test_hongzhong_report_shows_each_seats_self_drawn_and_discard_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """spec 003: 谁点炮谁付钱, 自摸其他3家都付钱 (报警 off, so no 包牌): in the stored records a win on
    a discard is paid by the discarder alone, a self-draw by the other three; the report gives each
    seat's 自摸 and 点和 shares of its wins, its 点炮 rate and first places with their intervals, and
    the fan 红中 scores (平胡, 支番…)."""
    report, db = tmp_path / "out", tmp_path / "h.db"
    args = ["simulate", "--rules", "hongzhong", "--option", "alarm=false", "--games", "6", "--rounds", "2"]
    code, out, _ = run_hexmj([*args, "--db", str(db), "--report", str(report), "--json"], monkeypatch, capsys)
    assert code == 0
    doc = json.loads(out)
    won = wins([json.loads(row.record) for row in rows(db)])
    assert any(w["from"] is None for w in won) and any(w["from"] is not None for w in won)
    for win in won:
        losers = [s for s in "ABCD" if s != win["seat"]] if win["from"] is None else [win["from"]]
        assert all(win["gains"][s] == -win["total"] for s in losers)
        assert all(win["gains"][s] == 0 for s in "ABCD" if s not in losers and s != win["seat"])
    page = (report / "index.html").read_text("utf-8")
    assert "6 sessions of hongzhong, 12 rounds" in page
    for label in (
        "自摸 share of its wins",
        "点和 share of its wins",
        "点炮 (dealt in) per round",
        "first place",
    ):
        assert f"<tr><td>{label}</td>" in page
    assert "<tr><td>平胡</td>" in page and "<tr><td>支番</td>" in page
    assert set(doc["fan_frequency"]) >= {"平胡", "支番"}


def test_hextech_refuses_the_flags_it_alone_has_for_another_rule_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--mode, --pool, --cards, --compare, --until-decided stay hextech's: one line, exit 2."""
    code, out, err = run_hexmj(
        ["simulate", "--rules", "standard", "--compare", "S-08", "S-08-v2"], monkeypatch, capsys
    )
    assert (code, out) == (2, "")
    assert err == "hexmj: error: --compare: a flag of hextech sessions, not of --rules standard\n"


def test_a_dask_cluster_gives_the_bytes_of_local_workers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cluster`` sends another rule set's chunks to a Dask scheduler's workers: the same figures."""
    import distributed

    args = ["simulate", "--rules", "standard", "--games", "4", "--rounds", "1", "--db", "none", "--json"]
    code, local, _ = run_hexmj([*args, "--workers", "1"], monkeypatch, capsys)
    assert code == 0
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]  # distributed leaves it unannotated
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as c:
        code, remote, err = run_hexmj([*args, "--cluster", c.scheduler_address], monkeypatch, capsys)
    assert (code, err, remote) == (0, "", local)


@pytest.mark.parametrize("game", [STANDARD, HONGZHONG], ids=["standard", "hongzhong-random"])
def test_a_resumed_session_is_the_uninterrupted_one(
    game: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A log cut anywhere (after its header, on a line's end, inside a line) goes on to the bytes of
    the session that never stopped: the log, the JSON and the stored record; the random agents'
    generators stand where they stood."""
    whole = tmp_path / "whole.jsonl"
    db = tmp_path / "whole.db"
    code, played, _ = run_hexmj(
        ["play", *game, "--log", str(whole), "--json", "--db", str(db)], monkeypatch, capsys
    )
    assert code == 0
    raw = whole.read_bytes()
    first_line = raw.index(b"\n") + 1
    for cut in (first_line, raw.index(b"\n", len(raw) // 3) + 1, len(raw) // 2, len(raw) - 5):
        log = tmp_path / f"cut-{cut}.jsonl"
        log.write_bytes(raw[:cut])
        resumed_db = tmp_path / f"cut-{cut}.db"
        code, out, err = run_hexmj(
            ["play", "--resume", str(log), "--json", "--db", str(resumed_db)], monkeypatch, capsys
        )
        assert (code, err) == (0, ""), cut
        assert log.read_bytes() == raw, cut
        assert out == played
        assert [row.record for row in rows(resumed_db)] == [row.record for row in rows(db)]


def test_a_changed_log_is_refused_at_its_line_and_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A logged answer changed in a log cut short: exit 5 naming its ``file:line``; not a byte of the
    log is written or cut, its half-written last line included."""
    whole = tmp_path / "whole.jsonl"
    assert run_hexmj(["play", *STANDARD, "--log", str(whole), "--db", "none"], monkeypatch, capsys)[0] == 0
    lines = whole.read_bytes().splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if b'"answer":"discard ' in line)
    decision = json.loads(lines[number])
    other = next(o for o in decision["options"] if o != decision["answer"])
    lines[number] = lines[number].replace(decision["answer"].encode(), other.encode())
    log = tmp_path / "changed.jsonl"
    log.write_bytes(b"".join(lines[: number + 20]) + lines[number + 20][:9])
    before = log.read_bytes()
    code, out, err = run_hexmj(["play", "--resume", str(log)], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err.startswith(f"hexmj: error: {log}:{number + 1}: ") and err.count("\n") == 1
    assert log.read_bytes() == before


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--rules", "hongzhong"], "--rules hongzhong contradicts the log {log}, a session of standard"),
        (["--rules", "hextech"], "--rules hextech contradicts the log {log}, a session of standard"),
        (["--option", "base=3"], "--option base=3 contradicts the log {log}, played with limit=limited"),
        (["--seed", "9"], "--seed 9 contradicts the log {log}, played with seed 2"),
        (["--mode", "party"], "--mode: a flag of hextech sessions, not of --rules standard"),
    ],
)
def test_a_flag_the_log_contradicts_is_exit_2_and_the_log_is_kept(
    flags: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Resuming a standard log under 红中 (or with another option or seed) would play another game:
    one line naming both, exit 2, the log untouched."""
    log = tmp_path / "s.jsonl"
    assert run_hexmj(["play", *STANDARD, "--log", str(log), "--db", "none"], monkeypatch, capsys)[0] == 0
    log.write_bytes(log.read_bytes()[:20000])
    before = log.read_bytes()
    code, out, err = run_hexmj(["play", "--resume", str(log), *flags], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith("hexmj: error: " + message.format(log=log)) and err.count("\n") == 1
    assert log.read_bytes() == before


def test_a_hextech_log_is_not_resumed_under_another_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "h.jsonl"
    hextech = [
        "play",
        "--seed",
        "4",
        "--rounds",
        "4",
        "--mode",
        "strategy",
        "--db",
        "none",
        "--log",
        str(log),
    ]
    assert run_hexmj(hextech, monkeypatch, capsys)[0] == 0
    log.write_bytes(log.read_bytes()[:3000])
    before = log.read_bytes()
    code, _, err = run_hexmj(["play", "--resume", str(log), "--rules", "standard"], monkeypatch, capsys)
    assert code == 2
    assert err == (
        f"hexmj: error: --rules standard contradicts the log {log}, a session of hextech: "
        "leave --rules out to resume\n"
    )
    assert log.read_bytes() == before


def test_a_finished_log_has_nothing_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "s.jsonl"
    assert run_hexmj(["play", *HONGZHONG, "--log", str(log), "--db", "none"], monkeypatch, capsys)[0] == 0
    code, _, err = run_hexmj(["play", "--resume", str(log)], monkeypatch, capsys)
    assert code == 5 and err.startswith(f"hexmj: error: {log}: the session is finished; nothing to resume")


def test_record_stores_a_lost_session_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj record LOG`` of a standard log played with ``--db none`` stores the record ``play``
    stores, once; ``--rules`` naming another rule set is exit 2; a log cut short is exit 5."""
    log, db, played_db = tmp_path / "s.jsonl", tmp_path / "r.db", tmp_path / "p.db"
    play = ["play", *STANDARD, "--option", "min_fan=0", "--log", str(log)]
    assert run_hexmj([*play, "--db", str(played_db)], monkeypatch, capsys)[0] == 0
    code, out, _ = run_hexmj(["record", str(log), "--db", str(db)], monkeypatch, capsys)
    assert (code, out) == (0, f"{log}: stored as session 1 in sqlite:///{db}\n")
    code, out, _ = run_hexmj(
        ["record", str(log), "--db", str(db), "--rules", "standard"], monkeypatch, capsys
    )
    assert (code, out) == (0, f"{log}: already stored as session 1 in sqlite:///{db}\n")
    assert [row.record for row in rows(db)] == [row.record for row in rows(played_db)]
    assert json.loads(rows(db)[0].record)["options"] == {"limit": "limited", "min_fan": 0, "base": 1}
    code, _, err = run_hexmj(
        ["record", str(log), "--db", str(db), "--rules", "hongzhong"], monkeypatch, capsys
    )
    assert (code, err) == (
        2,
        f"hexmj: error: --rules hongzhong contradicts the log {log}, a session of standard\n",
    )
    log.write_bytes(log.read_bytes()[:20000])
    code, _, err = run_hexmj(["record", str(log), "--db", str(db)], monkeypatch, capsys)
    assert code == 5 and "the session was cut short; finish it with hexmj play --resume" in err
    assert len(rows(db)) == 1


def test_a_store_that_cannot_be_opened_stops_play_before_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "s.jsonl"
    code, out, err = run_hexmj(
        ["play", *STANDARD, "--db", str(tmp_path), "--log", str(log)], monkeypatch, capsys
    )
    assert (code, out) == (2, "")
    assert err.startswith(f"hexmj: error: cannot open the record store 'sqlite:///{tmp_path}'")
    assert not log.exists()


CHANGED = "the record was changed after the run (its digest does not match)"
RUN = [
    "simulate",
    "--rules",
    "hongzhong",
    "--games",
    "7",
    "--seed",
    "11",
    "--rounds",
    "2",
    "--agents",
    "random",
]


def test_a_resumed_run_is_the_uninterrupted_one(
    two_processors: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simulate --records FILE`` cut anywhere (after its header, between records, inside one) and
    gone on with ``--resume FILE`` on two workers: the file, the JSON and the store's records are
    those of the run that never stopped, each game stored once."""
    whole, db = tmp_path / "whole.jsonl", tmp_path / "whole.db"
    code, figures, _ = run_hexmj(
        [*RUN, "--records", str(whole), "--json", "--workers", "1", "--db", str(db)], monkeypatch, capsys
    )
    assert code == 0
    raw = whole.read_bytes()
    assert raw.count(b"\n") == 8
    cut_and_resumed(
        raw, figures, lambda db: [row.record for row in rows(db)], db, tmp_path, monkeypatch, capsys
    )


def test_ctrl_c_keeps_the_games_played_and_resume_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C after the first chunk: exit 130, one line saying how many games are kept and how to go
    on; ``--resume`` then gives the figures of the run that was not stopped."""
    stopped_and_resumed(
        [*RUN, "--workers", "1", "--db", "none", "--json"], 7, 1, tmp_path, monkeypatch, capsys
    )


@pytest.mark.parametrize(
    ("flags", "status", "message"),
    [
        (["--rules", "standard"], 2, "--rules standard contradicts the records {run}, a run of hongzhong"),
        (["--games", "8"], 2, "--games 8 contradicts the records {run}, a run of 7 games from seed 11"),
        (["--option", "alarm=false"], 2, "--option alarm=false contradicts the records {run}, a run with"),
        (["--mode", "party"], 2, "--mode: a flag of hextech sessions, not of --rules hongzhong"),
    ],
)
def test_a_flag_the_records_contradict_is_exit_2_and_the_file_is_kept(
    flags: list[str],
    status: int,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = tmp_path / "run.jsonl"
    assert (
        run_hexmj([*RUN, "--records", str(run), "--workers", "1", "--db", "none"], monkeypatch, capsys)[0]
        == 0
    )
    run.write_bytes(run.read_bytes()[:2500])
    before = run.read_bytes()
    code, out, err = run_hexmj(["simulate", "--resume", str(run), *flags], monkeypatch, capsys)
    assert (code, out) == (status, "")
    assert err.startswith("hexmj: error: " + message.format(run=run)) and err.count("\n") == 1
    assert run.read_bytes() == before


def test_a_changed_record_is_refused_at_its_line_and_the_file_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record edited after the run (a win's total), or one dropped: exit 5 at its line; a finished
    run resumed plays nothing and prints its figures (R804); the file is never written."""
    run = tmp_path / "run.jsonl"
    code, figures, _ = run_hexmj(
        [*RUN, "--records", str(run), "--workers", "1", "--db", "none"], monkeypatch, capsys
    )
    assert code == 0
    code, out, err = run_hexmj(["simulate", "--resume", str(run), "--db", "none"], monkeypatch, capsys)
    assert (code, out, err) == (0, figures, "")
    lines = run.read_bytes().splitlines(keepends=True)
    changed = [lines[0], lines[1], lines[2].replace(b'"total":', b'"total":1', 1), *lines[3:5], lines[5][:40]]
    dropped = [lines[0], lines[1], *lines[3:5]]
    for kept, line in ((changed, 3), (dropped, 3)):
        run.write_bytes(b"".join(kept))
        code, out, err = run_hexmj(["simulate", "--resume", str(run)], monkeypatch, capsys)
        assert (code, out) == (5, "")
        assert err == f"hexmj: error: {run}:{line}: {CHANGED}\n"
        assert run.read_bytes() == b"".join(kept)


def test_records_lists_shows_exports_and_reports_another_rule_sets_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj records --rules standard``: one line per stored session with its options (spec 002
    【游戏模式】 limited/unlimited, 底分 base) and totals; ``--option`` keeps one cohort; ``--show``
    prints a record, ``--export`` writes them, ``--report`` refuses two cohorts and reports one;
    hextech's sessions are listed apart, numbered on their own."""
    db = str(tmp_path / "r.db")
    played = ["play", *STANDARD, "--db", db, "--json"]
    assert run_hexmj(played, monkeypatch, capsys)[0] == 0
    sim = [
        "simulate",
        "--rules",
        "standard",
        "--option",
        "base=3",
        "--games",
        "2",
        "--rounds",
        "2",
        "--workers",
        "1",
    ]
    assert run_hexmj([*sim, "--db", db], monkeypatch, capsys)[0] == 0
    hextech = ["play", "--seed", "4", "--rounds", "4", "--mode", "strategy", "--db", db]
    assert run_hexmj(hextech, monkeypatch, capsys)[0] == 0
    code, out, _ = run_hexmj(["records", "--db", db, "--rules", "standard"], monkeypatch, capsys)
    lines = out.splitlines()
    assert (code, lines[0]) == (0, f"3 sessions of standard in sqlite:///{db}")
    assert lines[1].startswith(
        '  1  play  seed 2  rounds 3  limit="limited", min_fan=8, base=1  greedy,greedy'
    )
    assert lines[2].startswith('  2  simulate  seed 1  rounds 2  limit="limited", min_fan=8, base=3')
    code, out, _ = run_hexmj(
        ["records", "--db", db, "--rules", "standard", "--option", "base=3", "--json"], monkeypatch, capsys
    )
    assert [row["id"] for row in json.loads(out)["sessions"]] == [2, 3]
    code, out, _ = run_hexmj(["records", "--db", db], monkeypatch, capsys)
    assert (
        out.splitlines()[0] == f"1 sessions of hextech in sqlite:///{db}"
        and "  1  play  seed 4  rounds 4" in out
    )
    code, out, _ = run_hexmj(
        ["records", "--db", db, "--rules", "standard", "--show", "1"], monkeypatch, capsys
    )
    assert json.loads(out) == json.loads(rows(Path(db))[0].record)
    assert json.loads(out)["source"] == "play"
    code, _, err = run_hexmj(
        ["records", "--db", db, "--rules", "hongzhong", "--show", "1"], monkeypatch, capsys
    )
    assert (code, err) == (2, f"hexmj: error: --show 1: sqlite:///{db} holds no session 1 of hongzhong\n")
    export = tmp_path / "out" / "standard.jsonl"
    code, out, _ = run_hexmj(
        ["records", "--db", db, "--rules", "standard", "--export", str(export)], monkeypatch, capsys
    )
    assert out == f"{export}: 3 sessions of standard from sqlite:///{db}\n"
    assert export.read_text("utf-8").splitlines() == [row.record for row in rows(Path(db))]
    report = ["records", "--db", db, "--rules", "standard", "--report", str(tmp_path / "rep")]
    code, _, err = run_hexmj(report, monkeypatch, capsys)
    assert code == 2 and "the sessions listed are of 2 sets of options and lengths" in err
    assert not (tmp_path / "rep").exists()
    code, out, _ = run_hexmj([*report, "--option", "base=3"], monkeypatch, capsys)
    assert (code, out) == (0, f"{tmp_path / 'rep' / 'index.html'}: the report over 2 sessions of standard\n")
    assert "2 sessions of standard, 4 rounds" in (tmp_path / "rep" / "index.html").read_text("utf-8")
