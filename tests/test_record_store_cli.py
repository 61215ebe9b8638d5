"""The record store at the command line (§18.3, §18.4, tools/lab/store.py, tools/cmd_record.py): a
store that cannot be opened stops ``play`` and ``simulate`` before the first deal; ``--db`` takes a
plain file path; ``hexmj record LOG`` stores a finished session's record afterwards, once, as
``play`` would have stored it; a store's URL is never shown with its password."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj
from sqlalchemy import select
from sqlalchemy.orm import Session

from tools.lab.store import SessionRow, open_store

PLAY = ["play", "--seed", "4", "--rounds", "4", "--mode", "strategy"]


def stored(db: Path) -> list[tuple[int, str]]:
    """The (id, record) of every session in the SQLite file ``db``."""
    engine = open_store(str(db))
    try:
        with Session(engine) as session:
            return [
                (row.id, row.record) for row in session.scalars(select(SessionRow).order_by(SessionRow.id))
            ]
    finally:
        engine.dispose()


def test_a_store_that_cannot_be_opened_stops_play_before_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.3: a session whose record cannot be kept is not played; the log is never started, the
    error says which store and why (it used to come after the whole session, losing its account)."""
    folder = tmp_path / "a-folder"
    folder.mkdir()
    log = tmp_path / "s.jsonl"
    code, out, err = run_hexmj([*PLAY, "--db", str(folder), "--log", str(log)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"hexmj: error: cannot open the record store 'sqlite:///{folder}': (sqlite3.OperationalError) "
        "unable to open database file\n"
    )
    assert not log.exists()


def test_simulate_stops_on_a_bad_store_before_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simulate --db`` with a folder for a file: exit 2 at once, no game played."""
    args = ["simulate", "--games", "1", "--rounds", "4", "--workers", "1", "--db", str(tmp_path)]
    code, out, err = run_hexmj(args, monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"hexmj: error: cannot open the record store 'sqlite:///{tmp_path}'")


def test_db_takes_a_plain_file_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--db records/night.db`` is a SQLite file, its folders made, as ``sqlite:///records/night.db``."""
    db = tmp_path / "records" / "night.db"
    code, _, err = run_hexmj([*PLAY, "--db", str(db)], monkeypatch, capsys)
    assert (code, err) == (0, "")
    [(_, record)] = stored(db)
    assert '"source":"play"' in record and '"seed":4' in record


def test_record_stores_a_finished_log_once_as_play_would_have(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session whose record was lost (here: played with ``--db none``, as when the process is
    killed after the log's last line) is stored from its log; the record equals the one ``play``
    stores for the same session, and a second ``record`` stores nothing more."""
    log, db, played_db = tmp_path / "s.jsonl", tmp_path / "r.db", tmp_path / "played.db"
    assert run_hexmj([*PLAY, "--db", "none", "--log", str(log)], monkeypatch, capsys)[0] == 0
    assert run_hexmj([*PLAY, "--db", str(played_db)], monkeypatch, capsys)[0] == 0
    code, out, err = run_hexmj(["record", str(log), "--db", str(db)], monkeypatch, capsys)
    assert (code, out, err) == (0, f"{log}: stored as session 1 in sqlite:///{db}\n", "")
    code, out, _ = run_hexmj(["record", str(log), "--db", str(db)], monkeypatch, capsys)
    assert (code, out) == (0, f"{log}: already stored as session 1 in sqlite:///{db}\n")
    assert [record for _, record in stored(db)] == [record for _, record in stored(played_db)]


def test_record_refuses_a_log_cut_short_and_a_store_of_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session cut short has no record yet: resume it first (exit 5); ``--db none`` is no store."""
    log = tmp_path / "s.jsonl"
    assert run_hexmj([*PLAY, "--db", "none", "--log", str(log)], monkeypatch, capsys)[0] == 0
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(log.read_text(encoding="utf-8").splitlines(keepends=True)[:50]), encoding="utf-8")
    code, _, err = run_hexmj(["record", str(cut)], monkeypatch, capsys)
    assert (code, err) == (
        5,
        f"hexmj: error: {cut}: the session was cut short; finish it with hexmj play --resume {cut}\n",
    )
    code, _, err = run_hexmj(["record", str(log), "--db", "none"], monkeypatch, capsys)
    assert code == 2 and "a record needs a store" in err
    code, _, err = run_hexmj(["play", "--resume", str(log), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (
        5,
        f"hexmj: error: {log}: the session is finished; nothing to resume "
        f"(hexmj record {log} stores its record if it was lost)\n",
    )


@pytest.mark.parametrize("command", [PLAY, ["simulate", "--games", "1", "--rounds", "4", "--workers", "1"]])
def test_a_store_url_is_never_shown_with_its_password(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PostgreSQL store that refuses the connection: the message names it as ``u:***@host``."""
    url = "postgresql://host:hunter2@127.0.0.1:1/records"
    code, out, err = run_hexmj([*command, "--db", url], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert "hunter2" not in err
    assert err.startswith(
        "hexmj: error: cannot open the record store 'postgresql+psycopg://host:***@127.0.0.1:1/records'"
    )


def test_a_seed_no_store_can_keep_is_refused_before_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed past 64 bits played a whole session and then failed to store (exit 70)."""
    code, out, err = run_hexmj([*PLAY[:1], "--seed", str(2**63)], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert (
        err
        == f"hexmj: error: --seed: {2**63} is not a whole number of 64 bits (a record stores it so, §18.3)\n"
    )


@pytest.mark.parametrize("db", ["", "sqlite://", "sqlite:///"])
def test_a_store_that_keeps_nothing_is_refused(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--db ""`` silently meant the default store, ``sqlite:///`` a store in memory that loses every
    record at exit; both are refused before play."""
    code, out, err = run_hexmj([*PLAY, "--db", db], monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == (
        f"hexmj: error: --db: {db!r} names no store that keeps records (a file, sqlite:///FILE, postgresql://…)\n"
    )
