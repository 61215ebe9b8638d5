"""People beside bots (issue 31 item 7): the §18.3 figures of sessions played at real tables next to
simulated sessions of the same pool and card versions, with intervals, flags and 可能调整; table
sessions stored with their own source, never pooled with simulated ones, a test session apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from physical_support import Table, pool_text
from pools_lint_cli import run_hexmj as hexmj

from engine.core.errors import InputError
from tools.lab.people import LINES, compare
from tools.lab.records import SessionRecord
from tools.lab.store import load_sessions, open_store, store_json
from tools.physical.asks import HOST
from tools.physical.record import session_record

POOL = pool_text(
    W=["W-01"], O_P=["O-P03", "O-P01"], O_N=0, O_C=0, O_X=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=0, P=0,
    C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03", "B-01"],
)  # fmt: skip


def table_session(lookups: int, missed: int, seed: int = 2) -> SessionRecord:
    """A 4-round test session at a real table, each round with its look-ups, missed triggers and a
    chance card that cannot be done, ended at the wall."""
    table = Table(POOL, seed=seed)
    for _ in range(4):
        table.settle()
        for _ in range(lookups):
            table.enter(HOST, "lookup", card="W-01")
        for n in range(missed):
            table.enter(HOST, "missed", card="W-01", seat="ABCD"[n % 4])
        table.enter(0, "kong ankan")
        table.settle(default="cannot")
        table.enter(1, "wall 24")
        table.settle(default="keep", until="draft")
        table.enter(1, "wall 0")
    table.settle()
    assert table.st.ended
    return session_record(table.st)


def test_the_table_figures_of_s18_3_with_their_lines_and_adjustments() -> None:
    """§18.3's six lines: 8 look-ups a round cross "超过6次" (缩短卡面或减少例外); 12 missed triggers a
    round, 3 a player, cross "每人每局超过1次"; chance cards the table could not do are counted."""
    record = table_session(lookups=8, missed=12)
    assert record.source == "table" and all(r.table is not None and r.turns is None for r in record.played)
    rows = {row.key: row for row in compare([record], []).rows}
    assert [line.key for line in LINES] == list(rows)[: len(LINES)]
    assert rows["lookups"].table.value == 8 and rows["lookups"].crossed == ("table",)
    assert rows["lookups"].adjust == "缩短卡面或减少例外"
    assert rows["missed"].table.value == 3 and rows["missed"].crossed == ("table",)
    assert (
        (share := rows["chance_unexecutable"].table.value) is not None
        and share > 0.2
        and rows["chance_unexecutable"].crossed == ("table",)
    )
    assert rows["round_minutes"].table.n == 4 and rows["round_minutes"].simulated is None
    calm = {row.key: row for row in compare([table_session(lookups=1, missed=0)], []).rows}
    assert calm["lookups"].crossed == () and calm["missed"].crossed == ()


def test_table_sessions_never_mix_with_other_sources_or_lengths_s16_s18_4() -> None:
    """A simulated record is never taken as a table's, and records of other lengths never meet."""
    record = table_session(lookups=0, missed=0)
    with pytest.raises(InputError, match="never pooled"):
        compare([record], [record])
    other = record.model_copy(update={"rounds": 8})
    with pytest.raises(InputError):
        compare([record], [other])


def test_records_report_shows_tables_beside_the_simulations_of_their_pool_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj records --report DIR`` writes the table sessions' figures beside the simulated sessions
    of the same pool and versions in the store, flags marked; ``hexmj simulate --report`` shows them
    too; the store keeps the table session under its own source."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    pool = tmp_path / "pool.yaml"
    pool.write_text(POOL, encoding="utf-8")
    engine = open_store(db)
    record = table_session(lookups=8, missed=0)
    store_json([record.model_dump_json()], engine)
    code, out, err = hexmj(
        ["simulate", "--games", "2", "--pool", str(pool), "--rounds", "4", "--seed", "1", "--db", db,
         "--report", str(tmp_path / "sim")], monkeypatch, capsys,
    )  # fmt: skip
    assert code == 0, err
    page = (tmp_path / "sim" / "index.html").read_text(encoding="utf-8")
    assert "People beside bots" in page and "缩短卡面或减少例外（实体桌越线）" in page
    simulated = load_sessions(engine, record.cohort, ["simulate"])
    assert len(simulated) == 2 and load_sessions(engine, record.cohort, ["table"]) == [record]
    engine.dispose()
    code, out, err = hexmj(["records", "--db", db, "--report", str(tmp_path / "people")], monkeypatch, capsys)
    assert code == 0, err
    assert "1 table sessions" in out and "beside 2 simulated ones" in out
    assert any(line.startswith("! 每局查规则次数: table 8.000") for line in out.splitlines())
    page = (tmp_path / "people" / "index.html").read_text(encoding="utf-8")
    assert "每局查规则次数" in page and "class='flag'" in page
    code, out, _ = hexmj(["records", "--db", db, "--json"], monkeypatch, capsys)
    assert [s["source"] for s in json.loads(out)["sessions"]] == ["table", "simulate", "simulate"]


def test_records_report_refuses_a_store_without_table_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No table session: one line, exit 2."""
    db = f"sqlite:///{tmp_path / 'empty.db'}"
    code, _, err = hexmj(["records", "--db", db, "--report", str(tmp_path / "x")], monkeypatch, capsys)
    assert code == 2 and "no table session" in err and "Traceback" not in err


def test_a_personal_treasure_is_in_the_round_record_s18_3_P14() -> None:
    """§18.3 records each player's treasure: P-14's holder names a face once the deal is done (§8.3), and
    the round's record gives it for that player alone; a round without one, and every simulated record,
    carries no such field (the records stored before stay as they were)."""
    text = pool_text(
        mode="all", W=["W-01"], O_P=["O-P03"], O_N=0, O_C=0, O_X=0, F_T=0, F_I=0, F_R=["F-R07"], F_S=0,
        S=0, G=0, P=["P-14", "P-01", "P-02", "P-03", "P-04", "P-05", "P-06", "P-07"], T=["T-01"],
        C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03"],
    )  # fmt: skip
    table = Table(text, seed=4)
    for _ in range(2):
        table.settle(until="draft")
        table.enter(1, "wall 24")
        table.settle(default="keep", until="draft")
        table.enter(1, "wall 0")
    table.settle(prefer={p: ["P-14"] for p in range(4)}, until="dealt")
    holder = table.holder_of("P-14")
    table.enter(HOST, "dealt")
    table.settle(until="may")
    table.answer(holder, "use P-14")
    table.enter(holder, "face P-14 5m")
    assert table.public()["seats"]["ABCD"[holder]]["personal_treasure"] == "5m"
    for _ in range(2):
        table.settle()
        table.enter(1, "wall 24")
        table.settle(default="keep", until="draft")
        table.enter(1, "wall 0")
    table.settle()
    record = session_record(table.st)
    treasures = [[p.treasure for p in r.players] for r in record.played]
    assert treasures[2] == ["5m" if p == holder else None for p in range(4)]
    assert treasures[0] == [None] * 4
    stored = json.loads(record.model_dump_json())
    assert stored["played"][2]["players"][holder]["treasure"] == "5m"
    assert all("treasure" not in player for player in stored["played"][0]["players"])
    assert SessionRecord.model_validate_json(record.model_dump_json()) == record
